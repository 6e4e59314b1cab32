-- How long the inbox keeps a lead once its purpose is served, per list, as the owners set it:
-- `months` after an enquiry was done (or marked as spam), after an application was decided
-- (or marked as spam), after a reader unsubscribed or while a subscription was never
-- confirmed. A list with no row keeps its leads until they are erased by hand. The server
-- erases what is past its rule once a day, as a privacy erasure does (rows, notes, replies,
-- sources, mail and resume files; no trash), with one audit line of the counts.
CREATE TABLE retention_rules (
    list       TEXT PRIMARY KEY NOT NULL CHECK (list IN ('enquiries', 'subscribers', 'applicants')),
    months     INTEGER NOT NULL CHECK (months BETWEEN 1 AND 120),
    updated_by TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
