-- Mail: the double opt-in state of each blog subscription, and the outbox every mail waits in.
-- A mail's row is written in the same transaction as what causes it (a lead, a subscription,
-- a published post), so a committed cause always has its mail and a rolled-back one never.

-- One row per subscription enquiry. Only 'confirmed' subscribers get stories.
CREATE TABLE subscriptions (
    enquiry_id         TEXT PRIMARY KEY NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    state              TEXT NOT NULL DEFAULT 'pending'
                       CHECK (state IN ('pending', 'confirmed', 'unsubscribed')),
    -- SHA-256 (hex) of the confirmation token mailed last; the token itself is never stored
    -- here (it waits in the outbox row until sent, then is wiped).
    confirm_hash       TEXT,
    confirm_expires_at TEXT,
    -- When a confirmation was last queued: at most one an hour.
    confirm_sent_at    TEXT,
    confirmed_at       TEXT,
    unsubscribed_at    TEXT
) STRICT;

-- Every new subscription waits for its confirmation.
CREATE TRIGGER subscription_pending AFTER INSERT ON enquiries WHEN NEW.kind = 'subscription' BEGIN
    INSERT INTO subscriptions (enquiry_id) VALUES (NEW.id);
END;

-- Subscriptions made before double opt-in never confirmed: they wait, and get no stories.
INSERT INTO subscriptions (enquiry_id) SELECT id FROM enquiries WHERE kind = 'subscription';

-- Every mail, from queued to sent or dead.
--   kind 'lead':    the office is told of enquiry or applicant `lead_id`.
--   kind 'confirm': subscription `lead_id` is sent the confirmation link in `token`.
--   kind 'story':   subscription `lead_id` is sent post `blog_slug`.
-- Recipients of 'lead' mail are chosen when it is sent (--notify-to); the others go to the
-- subscriber's address as stored then, so an erased lead takes its mail with it.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('lead', 'confirm', 'story')),
    lead_id         TEXT NOT NULL,
    blog_slug       TEXT,
    -- The confirmation token, until the mail is sent.
    token           TEXT,
    -- The local part of the mail's Message-ID: the same on every attempt, so a mail sent
    -- twice (a crash between the relay's answer and the row's update) is recognisable.
    message_key     TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),
    state           TEXT NOT NULL DEFAULT 'queued'
                    CHECK (state IN ('queued', 'sent', 'dead', 'dropped')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error      TEXT,
    -- Temporary failures are retried until this time, then the mail is dead.
    give_up_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+48 hours')),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    sent_at         TEXT
) STRICT;

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'queued';
CREATE INDEX outbox_lead ON outbox (lead_id);
-- Each subscriber gets each post once, however often it is published again.
CREATE UNIQUE INDEX outbox_one_story_each ON outbox (lead_id, blog_slug) WHERE kind = 'story';

-- A newly published post is queued for every confirmed subscriber, in the publishing
-- transaction (the command line's and the server's alike).
CREATE TRIGGER outbox_story_on_publish AFTER INSERT ON blogs BEGIN
    INSERT OR IGNORE INTO outbox (kind, lead_id, blog_slug)
        SELECT 'story', enquiry_id, NEW.slug FROM subscriptions WHERE state = 'confirmed';
END;

-- The secret unsubscribe links are signed with (HMAC-SHA256), made once per database.
INSERT INTO app_meta (key, value) VALUES ('mail_link_secret', lower(hex(randomblob(32))));

-- Erasing a lead (GDPR) takes its mail with it, queued or sent.
CREATE TRIGGER outbox_erase_enquiry AFTER DELETE ON enquiries BEGIN
    DELETE FROM outbox WHERE lead_id = OLD.id;
END;
CREATE TRIGGER outbox_erase_applicant AFTER DELETE ON applicants BEGIN
    DELETE FROM outbox WHERE lead_id = OLD.id;
END;
