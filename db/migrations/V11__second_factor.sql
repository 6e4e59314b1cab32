-- Second factors: authenticator codes (TOTP), recovery codes and passkeys, the roles that
-- must have one, and the sign-ins that wait for one.

-- An account's authenticator: its secret (base32, as the app was given it) and the last
-- 30-second step a code was accepted for; a code of that step or an older one is refused,
-- so no code works twice. `confirmed_at` is NULL while the set-up waits for a first code.
CREATE TABLE staff_totp (
    staff_id       INTEGER PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
    secret         TEXT NOT NULL,
    last_used_step INTEGER NOT NULL DEFAULT 0,
    confirmed_at   TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Ten codes shown once, kept as SHA-256; each works once.
CREATE TABLE staff_recovery_codes (
    id        INTEGER PRIMARY KEY,
    staff_id  INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL UNIQUE,
    used_at   TEXT
) STRICT;

CREATE INDEX staff_recovery_codes_by_staff ON staff_recovery_codes (staff_id);

-- Passkeys (WebAuthn credentials): the credential as webauthn-rs keeps it (JSON, with its
-- signature counter), named by its holder, with its last use.
CREATE TABLE staff_passkeys (
    id            INTEGER PRIMARY KEY,
    staff_id      INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    passkey       TEXT NOT NULL CHECK (json_valid(passkey)),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_used_at  TEXT
) STRICT;

CREATE INDEX staff_passkeys_by_staff ON staff_passkeys (staff_id);

-- A WebAuthn ceremony under way: single use (deleted when answered), short lived.
CREATE TABLE webauthn_challenges (
    id         TEXT PRIMARY KEY NOT NULL,
    -- The account registering a passkey, or NULL for a sign-in with a passkey alone.
    staff_id   INTEGER REFERENCES staff (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('register', 'authenticate')),
    state      TEXT NOT NULL CHECK (json_valid(state)),
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The roles whose accounts must have a second factor; on by default for the roles that
-- read personal data's widest parts.
CREATE TABLE second_factor_required (
    role TEXT PRIMARY KEY NOT NULL CHECK (role IN ('owner', 'editor', 'recruiter', 'sales'))
) STRICT, WITHOUT ROWID;

INSERT INTO second_factor_required (role) VALUES ('owner'), ('recruiter');

-- A session signed in with the password alone, while the account has or must set up a
-- second factor: 0 until the factor is given (or set up), then 1. Sessions made before
-- second factors existed count as done.
ALTER TABLE staff_sessions ADD COLUMN second_factor_done INTEGER NOT NULL DEFAULT 1
    CHECK (second_factor_done IN (0, 1));

-- The handle a passkey knows its account by (a random UUID, made at the first passkey): not
-- the email, which the authenticator would keep.
ALTER TABLE staff ADD COLUMN passkey_user_id TEXT;
CREATE UNIQUE INDEX staff_by_passkey_user_id ON staff (passkey_user_id)
    WHERE passkey_user_id IS NOT NULL;

-- The outbox learns 'notice': a security notice to a staff account (`lead_id` is the
-- account's id, `notice` says which: 'recovery-code-used' or 'factors-reset'). SQLite cannot
-- widen a CHECK: the table is made anew with the same rows and ids, and its indexes and the
-- triggers that write it are made again as V10 made them.
DROP TRIGGER outbox_story_on_publish;
DROP TRIGGER outbox_story_on_going_public;
DROP TRIGGER outbox_erase_enquiry;
DROP TRIGGER outbox_erase_applicant;

CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL
                    CHECK (kind IN ('lead', 'confirm', 'story', 'invite', 'reset', 'test',
                                    'notice')),
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
    to_addr         TEXT,
    notice          TEXT CHECK (notice IN ('recovery-code-used', 'factors-reset'))
) STRICT;

INSERT INTO outbox_new (id, kind, lead_id, blog_slug, token, message_key, state, attempts,
                        next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr)
    SELECT id, kind, lead_id, blog_slug, token, message_key, state, attempts,
           next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr FROM outbox;

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
