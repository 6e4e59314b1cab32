-- The company's details the office edits at /staff/settings: one JSON document, checked by
-- domain::site_details before it is written and again when read. One row, because the
-- details are read whole (every page shows them), saved whole (one form, one import) and
-- exported whole; no query ever looks inside. No row means nothing was saved yet: the site
-- shows the demo details shipped with the binary, marked as demo on the staff screen.
CREATE TABLE site_details (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    document TEXT NOT NULL CHECK (json_valid(document)),
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    saved_by TEXT NOT NULL
) STRICT;

-- blog_version is the site's content version: the API caches and the rendered pages
-- (which all show the details, in the footer at least) drop what they keep when it moves.
CREATE TRIGGER site_details_after_insert AFTER INSERT ON site_details BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER site_details_after_update AFTER UPDATE ON site_details BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;
