-- The office's page editor (/staff/pages): per public page (a key of the server's catalog,
-- domain::pages::catalog), the values the office saved over the texts and pictures compiled
-- into the UI. A page with no row, or with empty objects, shows its compiled defaults. Each
-- document is a JSON object {path: value}, checked by domain::pages::schema before it is
-- written, and written sorted by path, so that equal documents are equal text.
CREATE TABLE pages (
    key          TEXT PRIMARY KEY,
    -- What the editor saves; visitors never see it until it is published.
    draft        TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(draft)),
    -- What visitors see.
    published    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(published)),
    -- Moves with each save of the draft: a save names the revision it started from.
    revision     INTEGER NOT NULL DEFAULT 0,
    -- UTC, YYYY-MM-DDTHH:MM:SS.fffZ; by the staff member's email.
    updated_at   TEXT,
    updated_by   TEXT,
    published_at TEXT,
    published_by TEXT,
    -- A publish the office scheduled: the draft as it was then (`scheduled`), to go public at
    -- `publish_at` (UTC, RFC 3339), or both NULL.
    scheduled    TEXT CHECK (scheduled IS NULL OR json_valid(scheduled)),
    publish_at   TEXT,
    CHECK ((scheduled IS NULL) = (publish_at IS NULL))
) STRICT;

CREATE INDEX pages_publish_at ON pages (publish_at) WHERE publish_at IS NOT NULL;

-- Every save of a page's draft, as story_revisions keeps a story's: its number, when, who,
-- whether it was an autosave (a run of one person's autosaves is one row, moved on by each),
-- and the draft as saved.
CREATE TABLE page_revisions (
    id       INTEGER PRIMARY KEY,
    page_key TEXT NOT NULL REFERENCES pages (key) ON DELETE CASCADE,
    number   INTEGER NOT NULL,
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    saved_by TEXT NOT NULL,
    autosave INTEGER NOT NULL CHECK (autosave IN (0, 1)),
    -- What the save did, as the history lists it: a save, a field back to its default, a
    -- revision restored.
    action   TEXT NOT NULL,
    fields   TEXT NOT NULL CHECK (json_valid(fields)),
    UNIQUE (page_key, number)
) STRICT;

-- The published overrides' generation: moves with each publish, for the page caches. A
-- publish also moves the site's content version (blog_version), which the rendered pages'
-- cache and the edge purge follow, as a save of the company's details does.
CREATE TABLE pages_generation (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL
) STRICT;
INSERT INTO pages_generation (id, generation) VALUES (1, 0);

CREATE TRIGGER pages_after_publish_insert AFTER INSERT ON pages
WHEN NEW.published <> '{}' BEGIN
    UPDATE pages_generation SET generation = generation + 1 WHERE id = 1;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER pages_after_publish_update AFTER UPDATE OF published ON pages
WHEN NEW.published IS NOT OLD.published BEGIN
    UPDATE pages_generation SET generation = generation + 1 WHERE id = 1;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;
