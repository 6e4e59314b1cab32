-- Whether a session gave a second factor itself (at sign-in, a passkey sign-in, or by setting
-- up the account's first): `second_factor_done` also holds for a session that needed none.
-- A role change that makes the account need one puts a session that gave none back to the
-- factor step, as a sign-in would. Sessions of accounts with a factor that are done gave it.
ALTER TABLE staff_sessions ADD COLUMN factor_given INTEGER NOT NULL DEFAULT 0
    CHECK (factor_given IN (0, 1));
UPDATE staff_sessions SET factor_given = second_factor_done
    WHERE staff_id IN (SELECT staff_id FROM staff_totp WHERE confirmed_at IS NOT NULL
                       UNION SELECT staff_id FROM staff_passkeys);

-- When the session last gave the password or a second factor (Unix seconds): adding or
-- removing a factor, or new recovery codes, asks for one again 5 minutes after. Sessions
-- made before count as never (0).
ALTER TABLE staff_sessions ADD COLUMN confirmed_at INTEGER NOT NULL DEFAULT 0;

-- The outbox learns three security notices: 'factor-added', 'factor-removed' and
-- 'recovery-codes-made', with `detail` naming the factor ("a passkey named ..."). SQLite
-- cannot widen a CHECK: the table is made anew with the same rows and ids, and its indexes
-- and the triggers that write it are made again as V13 made them.
DROP TRIGGER outbox_story_on_publish;
DROP TRIGGER outbox_story_on_going_public;
DROP TRIGGER outbox_erase_enquiry;
DROP TRIGGER outbox_erase_applicant;

CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL
                    CHECK (kind IN ('lead', 'confirm', 'story', 'invite', 'reset', 'test',
                                    'notice', 'assigned', 'digest')),
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
    notice          TEXT CHECK (notice IN ('recovery-code-used', 'factors-reset', 'factor-added',
                                           'factor-removed', 'recovery-codes-made')),
    staff_id        INTEGER,
    by_name         TEXT,
    detail          TEXT
) STRICT;

INSERT INTO outbox_new (id, kind, lead_id, blog_slug, token, message_key, state, attempts,
                        next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr,
                        notice, staff_id, by_name)
    SELECT id, kind, lead_id, blog_slug, token, message_key, state, attempts,
           next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr, notice,
           staff_id, by_name
    FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'queued';
CREATE INDEX outbox_lead ON outbox (lead_id);
CREATE UNIQUE INDEX outbox_one_story_each ON outbox (lead_id, blog_slug) WHERE kind = 'story';
CREATE INDEX outbox_by_state ON outbox (state, kind);
-- V12's index of a story's mail, which V13's rebuild left out.
CREATE INDEX outbox_story_slug ON outbox (blog_slug) WHERE kind = 'story';

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
