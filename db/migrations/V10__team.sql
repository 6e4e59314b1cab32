-- The office's team in the browser: roles, invites, password resets, who gets which lead,
-- and the outbox's staff mails. Times used for expiry are Unix seconds; times shown to
-- people are UTC ISO 8601 with milliseconds, as elsewhere.

-- Each account holds one or more roles; what a role may reach is the server's
-- (`domain::staff::Role::areas`). Every account made before roles could do everything: it
-- becomes an owner.
CREATE TABLE staff_roles (
    staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    role     TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'recruiter', 'sales')),
    PRIMARY KEY (staff_id, role)
) STRICT, WITHOUT ROWID;

INSERT INTO staff_roles (staff_id, role) SELECT id, 'owner' FROM staff;

ALTER TABLE staff ADD COLUMN last_sign_in_at TEXT;

-- An invitation to join the team: the link's token is mailed, only its SHA-256 is kept.
-- Accepting it makes the account and deletes the row; revoking deletes it.
CREATE TABLE staff_invites (
    id           INTEGER PRIMARY KEY,
    email        TEXT NOT NULL,
    email_folded TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    -- The roles the account will hold, comma-separated (`owner,editor`).
    roles        TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    invited_by   TEXT NOT NULL,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    expires_at   INTEGER NOT NULL
) STRICT;

-- A forgotten password's reset link: single use, short lived; only the token's SHA-256.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY NOT NULL,
    staff_id   INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Reset requests of the last hour, to limit them per address and per account (asked for
-- existing accounts and unknown addresses alike).
CREATE TABLE reset_requests (
    id           INTEGER PRIMARY KEY,
    email_folded TEXT NOT NULL,
    client_addr  TEXT NOT NULL,
    at           INTEGER NOT NULL
) STRICT;

CREATE INDEX reset_requests_by_email ON reset_requests (email_folded, at);
CREATE INDEX reset_requests_by_client ON reset_requests (client_addr, at);

-- Who gets the office's mail of a new lead, set in the browser. `kind` is `enquiry` or
-- `applicant`; `department` is a `department_website` (case-insensitive) or '' for any.
-- While this table is empty, `--notify-to` decides.
CREATE TABLE mail_routes (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('enquiry', 'applicant')),
    department TEXT NOT NULL DEFAULT '',
    -- One address per row: a route to three people is three rows.
    recipient  TEXT NOT NULL,
    UNIQUE (kind, department, recipient)
) STRICT;

-- The outbox learns the staff's mails: 'invite' (lead_id is the invite's id), 'reset'
-- (lead_id is the account's id) and 'test' (lead_id is empty); their address is `to_addr`
-- and their link's token waits in `token` until sent. SQLite cannot widen a CHECK: the
-- table is made anew with the same rows and ids; its indexes and the triggers that write it
-- are made again as they were (V5, V6).
DROP TRIGGER outbox_story_on_publish;
DROP TRIGGER outbox_story_on_going_public;
DROP TRIGGER outbox_erase_enquiry;
DROP TRIGGER outbox_erase_applicant;

CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL
                    CHECK (kind IN ('lead', 'confirm', 'story', 'invite', 'reset', 'test')),
    lead_id         TEXT NOT NULL,
    blog_slug       TEXT,
    token           TEXT,
    message_key     TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),
    state           TEXT NOT NULL DEFAULT 'queued'
                    CHECK (state IN ('queued', 'sent', 'dead', 'dropped')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error      TEXT,
    give_up_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+48 hours')),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    sent_at         TEXT,
    to_addr         TEXT
) STRICT;

INSERT INTO outbox_new (id, kind, lead_id, blog_slug, token, message_key, state, attempts,
                        next_attempt_at, last_error, give_up_at, created_at, sent_at)
    SELECT id, kind, lead_id, blog_slug, token, message_key, state, attempts,
           next_attempt_at, last_error, give_up_at, created_at, sent_at FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'queued';
CREATE INDEX outbox_lead ON outbox (lead_id);
CREATE UNIQUE INDEX outbox_one_story_each ON outbox (lead_id, blog_slug) WHERE kind = 'story';
CREATE INDEX outbox_by_state ON outbox (state, kind);

CREATE TRIGGER outbox_story_on_publish AFTER INSERT ON blogs
WHEN NEW.state = 'published' BEGIN
    INSERT OR IGNORE INTO outbox (kind, lead_id, blog_slug)
        SELECT 'story', enquiry_id, NEW.slug FROM subscriptions WHERE state = 'confirmed';
END;

CREATE TRIGGER outbox_story_on_going_public AFTER UPDATE OF state ON blogs
WHEN NEW.state = 'published' AND OLD.state <> 'published' BEGIN
    INSERT OR IGNORE INTO outbox (kind, lead_id, blog_slug)
        SELECT 'story', enquiry_id, NEW.slug FROM subscriptions WHERE state = 'confirmed';
END;

CREATE TRIGGER outbox_erase_enquiry AFTER DELETE ON enquiries BEGIN
    DELETE FROM outbox WHERE lead_id = OLD.id;
END;

CREATE TRIGGER outbox_erase_applicant AFTER DELETE ON applicants BEGIN
    DELETE FROM outbox WHERE lead_id = OLD.id;
END;

-- There is always at least one owner: taking the last owner's role, or removing the last
-- owner's account, is refused here whatever asks (the browser, the command line).
CREATE TRIGGER staff_keep_an_owner BEFORE DELETE ON staff_roles
WHEN OLD.role = 'owner'
     AND (SELECT count(*) FROM staff_roles WHERE role = 'owner' AND staff_id <> OLD.staff_id) = 0
BEGIN
    SELECT RAISE(ABORT, 'The team must keep at least one owner.');
END;
