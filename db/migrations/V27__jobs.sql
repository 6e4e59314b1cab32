-- Job openings kept by recruiters (`/staff/jobs`), shown at `/join_us` and `/join_us/SLUG`
-- while published and not past their closing time.
--
-- `description` is the rich text as stored: sanitized HTML (`domain::sanitize`), as a
-- story's body is. `closes_at` is UTC (RFC 3339 with `Z`), chosen on the office's clock.
-- Salaries are whole rupees a year. A save names the `revision` it started from.
CREATE TABLE jobs (
    id              INTEGER PRIMARY KEY,
    slug            TEXT NOT NULL UNIQUE,
    title           TEXT NOT NULL,
    department      TEXT NOT NULL,
    location        TEXT NOT NULL,
    employment_type TEXT NOT NULL CHECK (employment_type IN
                        ('full_time', 'part_time', 'contract', 'temporary', 'intern')),
    workplace       TEXT NOT NULL CHECK (workplace IN ('on_site', 'hybrid', 'remote')),
    salary_min      INTEGER,
    salary_max      INTEGER,
    description     TEXT NOT NULL,
    openings        INTEGER NOT NULL DEFAULT 1 CHECK (openings >= 1),
    closes_at       TEXT,
    state           TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'closed')),
    published_at    TEXT,
    closed_at       TEXT,
    revision        INTEGER NOT NULL DEFAULT 1,
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_by      TEXT,
    CHECK (salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max)
) STRICT;

CREATE INDEX jobs_by_state ON jobs (state, closes_at);

-- What the site shows of the openings moves the site's content version (blog_version),
-- which the rendered pages' cache, the sitemap and the edge purge follow. A draft's saves
-- change nothing public and leave it alone.
CREATE TRIGGER jobs_after_insert AFTER INSERT ON jobs
WHEN NEW.state <> 'draft' BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER jobs_after_update AFTER UPDATE ON jobs
WHEN NEW.state <> 'draft' OR OLD.state <> 'draft' BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER jobs_after_delete AFTER DELETE ON jobs
WHEN OLD.state <> 'draft' BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;
