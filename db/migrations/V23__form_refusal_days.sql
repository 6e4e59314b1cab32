-- The forms' posts refused for want of a valid proof of work, per office day, for the
-- analytics report's spam share (`store::analytics::refusals`). The server counts them in
-- memory and its visits thread adds them here each second, as it writes the page views: one
-- row a day at most, whatever the flood, so the table stays as small as the day roll-ups.
-- The posts accepted are the day's leads (`lead_days`, kind 'all').
CREATE TABLE form_refusal_days (
    day TEXT PRIMARY KEY NOT NULL,
    refused INTEGER NOT NULL CHECK (refused > 0)
) STRICT, WITHOUT ROWID;
