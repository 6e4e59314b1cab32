-- Story revisions: every save of a story through the editor (create, save, autosave,
-- restore) keeps the story's whole form as it was saved, so an earlier text can be read and
-- brought back. And a reading time that follows the text unless a person typed one.

-- Whether the story's `min_read` is counted from its words (1) or was given (0): typed in the
-- editor, or written in a post file or the seed. The editor opens a counted one as empty and
-- every save recounts it, so it grows with the text instead of keeping its first count.
-- Existing rows: a story written in the editor (source NOT NULL) whose value has the counted
-- form "N min read" is taken as counted (the editor filled it from the words at its first
-- save and sent it back since); posts from post files and the seed keep theirs as given.
ALTER TABLE blogs ADD COLUMN min_read_counted INTEGER NOT NULL DEFAULT 0
    CHECK (min_read_counted IN (0, 1));
UPDATE blogs SET min_read_counted = 1
 WHERE source IS NOT NULL AND min_read GLOB '[1-9]* min read';

-- One row per kept revision of a story; they go with the story (the row id, not the slug:
-- a story's `_id` never changes, and the rows would follow the row if it did).
CREATE TABLE story_revisions (
    id       INTEGER PRIMARY KEY,
    blog_id  INTEGER NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    -- The story's revision after that save (`blogs.revision`). The scheduler's publishing
    -- and `corpsite blog update` also move the revision but keep no row, so numbers may skip.
    number   INTEGER NOT NULL,
    -- UTC, YYYY-MM-DDTHH:MM:SS.fffZ.
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- The staff member's email; kept when the account is removed.
    saved_by TEXT NOT NULL,
    -- 1 for an autosave: the newest row, when it is an autosave by the same person, is
    -- moved on by the next autosave instead of a new row being added.
    autosave INTEGER NOT NULL CHECK (autosave IN (0, 1)),
    -- The list's columns, so it never parses the snapshots.
    state    TEXT NOT NULL CHECK (state IN ('draft', 'scheduled', 'published')),
    title    TEXT NOT NULL,
    words    INTEGER NOT NULL,
    -- The editor's form as saved (title, motive, tags, author, author_photo, date, color,
    -- image, min_read as typed or null, body as written, format, state, publish_at): JSON.
    form     TEXT NOT NULL CHECK (json_valid(form)),
    UNIQUE (blog_id, number)
) STRICT;
