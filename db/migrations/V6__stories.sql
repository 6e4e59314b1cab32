-- Stories written in the browser: every post is a draft, scheduled or published, and only a
-- published one is public (every public read filters on it). Posts from post files and the
-- demo seed are published as before.

ALTER TABLE blogs ADD COLUMN state TEXT NOT NULL DEFAULT 'published'
    CHECK (state IN ('draft', 'scheduled', 'published'));
-- When a scheduled post goes public, in UTC (YYYY-MM-DDTHH:MM:SSZ); NULL unless scheduled.
ALTER TABLE blogs ADD COLUMN publish_at TEXT;
-- Bumped by every save: a save that names an older revision is refused, so of two people
-- editing one story the second cannot overwrite the first unseen.
ALTER TABLE blogs ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
-- The body as written in the editor (`content` is its sanitized HTML); NULL for a post from
-- a post file, which the editor opens as its stored HTML.
ALTER TABLE blogs ADD COLUMN source TEXT;
ALTER TABLE blogs ADD COLUMN source_format TEXT NOT NULL DEFAULT 'html'
    CHECK (source_format IN ('markdown', 'html'));
-- The staff member (email) who saved it last; NULL for the command line and the seed.
ALTER TABLE blogs ADD COLUMN updated_by TEXT;

CREATE INDEX blogs_scheduled ON blogs (publish_at) WHERE state = 'scheduled';

-- Subscriber mail goes out when a post becomes public, not when it is written: on an insert
-- that is published at once, or when a draft or scheduled post turns published. The unique
-- index of V5 still sends each subscriber each post once, however often it is republished.
DROP TRIGGER outbox_story_on_publish;

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
