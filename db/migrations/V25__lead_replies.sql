-- Replies from the inbox: a staff member answers an enquiry or an applicant by mail (through
-- the outbox, threaded) or opens WhatsApp with the same words; each reply is kept on the lead,
-- and the lead keeps when it was first answered. Templates to start a reply from, per list
-- and department.

-- Every reply to a lead, oldest first by id. A mail reply has its outbox row (`outbox_id`:
-- its delivery is that row's state) and its thread headers, fixed when it is written so that
-- every reply to one lead is one thread in the visitor's mail client: `message_id` its own
-- `<...@domain>`, `in_reply_to` the lead's previous mail reply's, `refs` every earlier one's,
-- oldest first, space-separated. A WhatsApp reply is only the chat the staff member opened.
CREATE TABLE lead_replies (
    id          INTEGER PRIMARY KEY,
    lead_kind   TEXT NOT NULL CHECK (lead_kind IN ('enquiry', 'applicant')),
    lead_id     TEXT NOT NULL,
    channel     TEXT NOT NULL CHECK (channel IN ('mail', 'whatsapp')),
    -- Who: the account's address (its name is read from `staff`, as a note's author is).
    author      TEXT NOT NULL,
    to_addr     TEXT NOT NULL,
    reply_to    TEXT,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    -- The template it started from, by name; NULL for none.
    template    TEXT,
    message_id  TEXT,
    in_reply_to TEXT,
    refs        TEXT,
    outbox_id   INTEGER,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX lead_replies_by_lead ON lead_replies (lead_kind, lead_id, id);

-- When the lead was first answered (a mail reply written or a WhatsApp chat opened); NULL
-- while nobody has. "Not answered" (the filter, and the order that puts them first) walks
-- an index on whether it was answered, then arrival, so a list of 100,000 leads reads a
-- page, not the table; the filter is written `(first_reply_at IS NOT NULL) = 0`, as here.
ALTER TABLE enquiries ADD COLUMN first_reply_at TEXT;
ALTER TABLE applicants ADD COLUMN first_reply_at TEXT;
CREATE INDEX enquiries_by_answered ON enquiries (kind, (first_reply_at IS NOT NULL), created_at DESC);
CREATE INDEX applicants_by_answered ON applicants ((first_reply_at IS NOT NULL), created_at DESC);

-- A lead's replies go with it, as its notes do.
CREATE TRIGGER lead_replies_erase_enquiry AFTER DELETE ON enquiries BEGIN
    DELETE FROM lead_replies WHERE lead_kind = 'enquiry' AND lead_id = OLD.id;
END;
CREATE TRIGGER lead_replies_erase_applicant AFTER DELETE ON applicants BEGIN
    DELETE FROM lead_replies WHERE lead_kind = 'applicant' AND lead_id = OLD.id;
END;

-- Templates to start a reply from: per list ('enquiries' or 'applicants') and department
-- ('' for every department of the list), each with a name the list's composer offers.
CREATE TABLE reply_templates (
    id         INTEGER PRIMARY KEY,
    list       TEXT NOT NULL CHECK (list IN ('enquiries', 'applicants')),
    department TEXT NOT NULL DEFAULT '',
    name       TEXT NOT NULL,
    subject    TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (list, department, name)
) STRICT;

-- The address replies are answered to (Reply-To), set on the mail screen; none: the staff
-- member's own.
CREATE TABLE reply_address (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    address TEXT NOT NULL
) STRICT;

-- The outbox learns 'reply' (`lead_id` is the lead, `detail` the reply's id) and keeps the
-- relay's answer to a sent mail (`answer`: "250 2.0.0 Ok: queued as ..."). SQLite cannot
-- widen a CHECK: the table is made anew with the same rows and ids, and its indexes and the
-- triggers that write it are made again as V19 and V22 made them.
DROP TRIGGER outbox_story_on_publish;
DROP TRIGGER outbox_story_on_going_public;
DROP TRIGGER outbox_erase_enquiry;
DROP TRIGGER outbox_erase_applicant;

CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL
                    CHECK (kind IN ('lead', 'confirm', 'story', 'invite', 'reset', 'test',
                                    'notice', 'assigned', 'digest', 'reply')),
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
    detail          TEXT,
    caused_by       TEXT,
    answer          TEXT
) STRICT;

INSERT INTO outbox_new (id, kind, lead_id, blog_slug, token, message_key, state, attempts,
                        next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr,
                        notice, staff_id, by_name, detail, caused_by)
    SELECT id, kind, lead_id, blog_slug, token, message_key, state, attempts,
           next_attempt_at, last_error, give_up_at, created_at, sent_at, to_addr, notice,
           staff_id, by_name, detail, caused_by
    FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'queued';
CREATE INDEX outbox_lead ON outbox (lead_id);
CREATE UNIQUE INDEX outbox_one_story_each ON outbox (lead_id, blog_slug) WHERE kind = 'story';
CREATE INDEX outbox_by_state ON outbox (state, kind);
CREATE INDEX outbox_story_slug ON outbox (blog_slug) WHERE kind = 'story';
CREATE INDEX outbox_confirm_by_client ON outbox (caused_by, created_at)
    WHERE kind = 'confirm' AND caused_by IS NOT NULL;

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
