-- Assignment and follow-up: a lead (enquiry, subscriber or applicant) may be given to one
-- staff account, and may carry the day the office means to come back to it; each account may
-- ask for a morning digest of its leads.

-- The account a lead is given to; NULL when nobody has it, and again when that account is
-- removed (the team screen and `staff remove` delete the row).
ALTER TABLE enquiries ADD COLUMN assigned_to INTEGER REFERENCES staff (id) ON DELETE SET NULL;
ALTER TABLE applicants ADD COLUMN assigned_to INTEGER REFERENCES staff (id) ON DELETE SET NULL;

-- The day to come back to the lead, YYYY-MM-DD in the office's time zone; NULL for none.
ALTER TABLE enquiries ADD COLUMN follow_up TEXT
    CHECK (follow_up IS NULL OR follow_up GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE applicants ADD COLUMN follow_up TEXT
    CHECK (follow_up IS NULL OR follow_up GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');

-- "Mine", "Unassigned" and one account's leads, newest first; the assignee column leads, so
-- removing an account finds its leads by the same index.
CREATE INDEX enquiries_by_assignee ON enquiries (assigned_to, kind, created_at DESC);
CREATE INDEX applicants_by_assignee ON applicants (assigned_to, created_at DESC);
-- "Due today": the few leads with a follow-up day.
CREATE INDEX enquiries_by_follow_up ON enquiries (kind, follow_up) WHERE follow_up IS NOT NULL;
CREATE INDEX applicants_by_follow_up ON applicants (follow_up) WHERE follow_up IS NOT NULL;

-- The morning digest: on (1) or off (0, the default), and the office day it was last looked
-- at for this account (YYYY-MM-DD), so it goes at most once a day.
ALTER TABLE staff ADD COLUMN digest INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1));
ALTER TABLE staff ADD COLUMN digest_day TEXT;

-- The outbox learns 'assigned' (a lead given to someone: `lead_id` is the lead, `staff_id`
-- the account it was given to, `by_name` who gave it) and 'digest' (the morning digest:
-- `lead_id` and `staff_id` are the account's id). SQLite cannot widen a CHECK: the table is
-- made anew with the same rows and ids, and its indexes and the triggers that write it are
-- made again as V11 made them.
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
    notice          TEXT CHECK (notice IN ('recovery-code-used', 'factors-reset')),
    staff_id        INTEGER,
    by_name         TEXT
) STRICT;

INSERT INTO outbox_new (id, kind, lead_id, blog_slug, token, message_key, state, attempts,
                        next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr,
                        notice)
    SELECT id, kind, lead_id, blog_slug, token, message_key, state, attempts,
           next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr, notice
    FROM outbox;

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
