-- Staff: accounts, their sign-in sessions, failed sign-ins (for throttling) and the audit log;
-- and what the inbox adds to the leads: a status with who set it and when, notes, and a
-- full-text index over each list. Session and throttle times are Unix seconds (expiry
-- arithmetic); everything shown to people is UTC ISO 8601 with milliseconds.

CREATE TABLE staff (
    id                   INTEGER PRIMARY KEY,
    email                TEXT NOT NULL,
    -- The email lower-cased by the server, as leads keep theirs: one account per address.
    email_folded         TEXT NOT NULL UNIQUE,
    name                 TEXT NOT NULL,
    -- Argon2id PHC string ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
    password_hash        TEXT NOT NULL,
    -- 1 after `staff add` or `staff reset-password`: the inbox stays closed until changed.
    must_change_password INTEGER NOT NULL CHECK (must_change_password IN (0, 1)),
    created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE staff_sessions (
    -- SHA-256 of the cookie's token, hex: the database never holds a usable cookie.
    token_hash   TEXT PRIMARY KEY NOT NULL,
    staff_id     INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    -- Sent back by the UI in X-CSRF-Token on every change.
    csrf_token   TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    client_addr  TEXT NOT NULL,
    user_agent   TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

-- Failed sign-ins of the last minutes; older rows are deleted as new ones come.
CREATE TABLE sign_in_failures (
    id           INTEGER PRIMARY KEY,
    email_folded TEXT NOT NULL,
    client_addr  TEXT NOT NULL,
    at           INTEGER NOT NULL
) STRICT;

CREATE INDEX sign_in_failures_by_email ON sign_in_failures (email_folded, at);
CREATE INDEX sign_in_failures_by_client ON sign_in_failures (client_addr, at);

-- Who did what, when, from where. Kept when a staff account is removed.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- The staff member's email, the email a failed sign-in tried, or `command line`.
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    -- What it was done to, e.g. `enquiry 3f9a...`; empty when nothing.
    subject     TEXT NOT NULL,
    detail      TEXT NOT NULL,
    client_addr TEXT NOT NULL
) STRICT;

CREATE INDEX audit_log_newest ON audit_log (at DESC, id DESC);

-- A lead's status, who set it and when (NULL until someone does).
ALTER TABLE enquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE enquiries ADD COLUMN status_by TEXT;
ALTER TABLE enquiries ADD COLUMN status_at TEXT;
ALTER TABLE applicants ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE applicants ADD COLUMN status_by TEXT;
ALTER TABLE applicants ADD COLUMN status_at TEXT;

-- The address the form was sent from (the client as `--trusted-proxy` reveals it); empty for
-- leads stored before this migration.
ALTER TABLE enquiries ADD COLUMN client_addr TEXT NOT NULL DEFAULT '';
ALTER TABLE applicants ADD COLUMN client_addr TEXT NOT NULL DEFAULT '';

-- The inbox's lists, newest first, per list and per status.
CREATE INDEX enquiries_inbox ON enquiries (kind, created_at DESC);
CREATE INDEX enquiries_inbox_status ON enquiries (kind, status, created_at DESC);
CREATE INDEX applicants_inbox_status ON applicants (status, created_at DESC);

CREATE TABLE lead_notes (
    id         INTEGER PRIMARY KEY,
    -- `enquiry` (contact or subscription) or `applicant`, and that row's id.
    lead_kind  TEXT NOT NULL CHECK (lead_kind IN ('enquiry', 'applicant')),
    lead_id    TEXT NOT NULL,
    author     TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX lead_notes_by_lead ON lead_notes (lead_kind, lead_id, id);

-- Search over names, emails, mobiles and messages, like the blog search: unicode61 with
-- remove_diacritics 2 folds case and accents. Rows are tied by the lead's `id`, not its
-- rowid: these tables have no INTEGER PRIMARY KEY, so VACUUM may renumber their rowids.
-- The index's own rowids follow arrival (rows are indexed as they are stored, and the rows
-- already on file below in the order they came), so a search reads newest first by rowid.
CREATE VIRTUAL TABLE enquiry_search USING fts5 (
    id UNINDEXED, name, email, mobile, requirment,
    tokenize = "unicode61 remove_diacritics 2"
);
CREATE VIRTUAL TABLE applicant_search USING fts5 (
    id UNINDEXED, name, email, mobile, query, previous_company,
    tokenize = "unicode61 remove_diacritics 2"
);

INSERT INTO enquiry_search (id, name, email, mobile, requirment)
    SELECT id, name, email, mobile, requirment FROM enquiries ORDER BY created_at, rowid;
INSERT INTO applicant_search (id, name, email, mobile, query, previous_company)
    SELECT id, name, email, mobile, query, previous_company FROM applicants ORDER BY created_at, rowid;

CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries BEGIN
    INSERT INTO enquiry_search (id, name, email, mobile, requirment)
        VALUES (NEW.id, NEW.name, NEW.email, NEW.mobile, NEW.requirment);
END;
CREATE TRIGGER enquiries_search_delete AFTER DELETE ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE id = OLD.id;
    DELETE FROM lead_notes WHERE lead_kind = 'enquiry' AND lead_id = OLD.id;
END;
CREATE TRIGGER applicants_search_insert AFTER INSERT ON applicants BEGIN
    INSERT INTO applicant_search (id, name, email, mobile, query, previous_company)
        VALUES (NEW.id, NEW.name, NEW.email, NEW.mobile, NEW.query, NEW.previous_company);
END;
CREATE TRIGGER applicants_search_delete AFTER DELETE ON applicants BEGIN
    DELETE FROM applicant_search WHERE id = OLD.id;
    DELETE FROM lead_notes WHERE lead_kind = 'applicant' AND lead_id = OLD.id;
END;
