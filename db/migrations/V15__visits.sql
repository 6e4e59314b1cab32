-- Visits counted without cookies or personal data. A page view's visitor is a number made
-- from the day's random salt, the client's address and its browser, by a one-way hash: the
-- address and the browser are never stored, and once the day's salt is deleted nobody, us
-- included, can tell whose views these were or link one day's visitor to the next's.

-- Today's salt, so a restart keeps counting one visitor as one. Only the office's current
-- day has a row; the day's change deletes the old one.
CREATE TABLE visit_salt (
    day TEXT PRIMARY KEY,  -- the office's day, YYYY-MM-DD
    salt BLOB NOT NULL
) STRICT;

-- Each page view, kept `--visit-days` days (30 by default), then only in the roll-ups below.
CREATE TABLE visits (
    at INTEGER NOT NULL,        -- when, in Unix seconds
    day TEXT NOT NULL,          -- the office's day of `at`
    visitor INTEGER NOT NULL,   -- the day's visitor number (see above)
    path TEXT NOT NULL,         -- a public page's path, checked against the route table
    story TEXT,                 -- the story's _id when the page is a story
    referrer TEXT,              -- the referring site's origin, on the visit's first page only
    source TEXT,                -- utm_source (or ref) of the visit's first page
    medium TEXT,                -- utm_medium
    campaign TEXT,              -- utm_campaign
    device TEXT NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop')),
    entry INTEGER NOT NULL CHECK (entry IN (0, 1))  -- the visit's first page
) STRICT;

CREATE INDEX visits_day ON visits (day);
CREATE INDEX visits_at ON visits (at);

-- Per office day, each dimension's counts: `kind` is 'all' (value ''), 'page', 'story',
-- 'referrer', 'source', 'campaign', 'entry' or 'device'. Visitors are the day's distinct
-- visitor numbers, so a period's visitors are the sum of its days' (a new salt each day
-- makes each day's visitors new by design).
CREATE TABLE visit_days (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    views INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    -- A report reads one kind over a range of days: one stretch of the key each.
    PRIMARY KEY (kind, day, value)
) STRICT, WITHOUT ROWID;

-- Per UTC hour, all pages: the day's shape.
CREATE TABLE visit_hours (
    hour INTEGER PRIMARY KEY,   -- Unix seconds of the hour's start
    views INTEGER NOT NULL,
    visitors INTEGER NOT NULL
) STRICT;
