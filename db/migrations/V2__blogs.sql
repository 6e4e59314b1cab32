-- Blogs (success stories), their authors and tags, a full-text index over all of them, and a
-- version counter that every change bumps so cached API answers know when they are stale.

CREATE TABLE authors (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    -- Media path (e.g. authors/3f9a....svg), or NULL: the site then shows the initial.
    profile_photo TEXT
) STRICT;

CREATE TABLE tags (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
) STRICT;

CREATE TABLE blogs (
    id         INTEGER PRIMARY KEY,
    -- The public `_id`: made from the title at first publish, never changed.
    slug       TEXT NOT NULL UNIQUE,
    title      TEXT NOT NULL,
    motive     TEXT NOT NULL,
    -- Sanitized HTML.
    content    TEXT NOT NULL,
    -- The content as plain text, for search.
    body_text  TEXT NOT NULL,
    -- Media path (e.g. blogs/3f9a....svg) or NULL.
    blog_image TEXT,
    -- YYYY-MM-DD.
    date       TEXT NOT NULL,
    min_read   TEXT NOT NULL,
    color      TEXT NOT NULL,
    author_id  INTEGER REFERENCES authors (id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Newest first: the order of every list.
CREATE INDEX blogs_newest ON blogs (date DESC, id DESC);
CREATE INDEX blogs_author ON blogs (author_id);

CREATE TABLE blog_tags (
    blog_id  INTEGER NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    tag_id   INTEGER NOT NULL REFERENCES tags (id),
    -- The order the post lists its tags in (the site shows the first).
    position INTEGER NOT NULL,
    PRIMARY KEY (blog_id, tag_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX blog_tags_tag ON blog_tags (tag_id);

-- What search sees of each blog; the triggers below copy it into the index.
CREATE VIEW blog_search_source AS
SELECT b.id AS id,
       b.title AS title,
       b.motive AS motive,
       b.body_text AS body,
       coalesce((SELECT group_concat(t.name, ' ')
                   FROM blog_tags bt JOIN tags t ON t.id = bt.tag_id
                  WHERE bt.blog_id = b.id), '') AS tags,
       coalesce((SELECT a.name FROM authors a WHERE a.id = b.author_id), '') AS author
  FROM blogs b;

-- rowid = blogs.id. unicode61 with remove_diacritics 2 folds case and accents.
CREATE VIRTUAL TABLE blog_search USING fts5 (
    title, motive, body, tags, author,
    tokenize = "unicode61 remove_diacritics 2"
);

-- Bumped by every change to what the blog API shows, in the same transaction.
CREATE TABLE blog_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
) STRICT;
INSERT INTO blog_version (id, version) VALUES (1, 0);

CREATE TRIGGER blogs_after_insert AFTER INSERT ON blogs BEGIN
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source WHERE id = NEW.id;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER blogs_after_update AFTER UPDATE ON blogs BEGIN
    DELETE FROM blog_search WHERE rowid = OLD.id;
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source WHERE id = NEW.id;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER blogs_after_delete AFTER DELETE ON blogs BEGIN
    DELETE FROM blog_search WHERE rowid = OLD.id;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER blog_tags_after_insert AFTER INSERT ON blog_tags BEGIN
    DELETE FROM blog_search WHERE rowid = NEW.blog_id;
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source WHERE id = NEW.blog_id;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER blog_tags_after_delete AFTER DELETE ON blog_tags BEGIN
    DELETE FROM blog_search WHERE rowid = OLD.blog_id;
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source WHERE id = OLD.blog_id;
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER tags_after_update AFTER UPDATE OF name ON tags BEGIN
    DELETE FROM blog_search WHERE rowid IN (SELECT blog_id FROM blog_tags WHERE tag_id = NEW.id);
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source
         WHERE id IN (SELECT blog_id FROM blog_tags WHERE tag_id = NEW.id);
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER authors_after_update AFTER UPDATE ON authors BEGIN
    DELETE FROM blog_search WHERE rowid IN (SELECT id FROM blogs WHERE author_id = NEW.id);
    INSERT INTO blog_search (rowid, title, motive, body, tags, author)
        SELECT id, title, motive, body, tags, author FROM blog_search_source
         WHERE id IN (SELECT id FROM blogs WHERE author_id = NEW.id);
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;
