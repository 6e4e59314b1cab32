-- Where each lead came from, as the site's forms send it (checked and bounded by the server):
-- the page the form was sent from, the visit's landing page, the referring site's origin,
-- the landing's campaign tags, and the stories read in the visit. One row per lead (contact
-- enquiry, subscription or application), written with the lead in its transaction, and
-- erased with it. Leads from before this table have none.
CREATE TABLE lead_sources (
    lead_id  TEXT PRIMARY KEY NOT NULL,  -- enquiries.id or applicants.id
    kind     TEXT NOT NULL CHECK (kind IN ('contact', 'subscription', 'application')),
    day      TEXT NOT NULL,              -- the office's day the lead arrived, YYYY-MM-DD
    page     TEXT,                       -- a public page's path: where the form was sent from
    landing  TEXT,                       -- the visit's first page
    referrer TEXT,                       -- the referring site's origin
    source   TEXT,                       -- utm_source (or ref) of the landing
    medium   TEXT,                       -- utm_medium
    campaign TEXT                        -- utm_campaign
) STRICT;

CREATE INDEX lead_sources_by_day ON lead_sources (day);

-- The stories read in the lead's visit (their _id), in the order read; only stories on
-- file when the lead arrived.
CREATE TABLE lead_stories (
    lead_id  TEXT NOT NULL REFERENCES lead_sources (lead_id) ON DELETE CASCADE,
    story    TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (lead_id, story)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER lead_sources_erase_enquiry AFTER DELETE ON enquiries BEGIN
    DELETE FROM lead_sources WHERE lead_id = OLD.id;
END;

CREATE TRIGGER lead_sources_erase_applicant AFTER DELETE ON applicants BEGIN
    DELETE FROM lead_sources WHERE lead_id = OLD.id;
END;
