-- The leads counted for the analytics report (what brings leads), per office day and per
-- month, as `visit_days` and `visit_months` count the visits: a year's report reads its whole
-- months from `lead_months` and its partial edge months' days from `lead_days`, instead of
-- every lead's row. Kept by the triggers below in the statement that writes or erases a
-- lead's source, so in the lead's own transaction, whatever writes it.

-- Each value a lead counts under: 'all' (value ''), its 'source', 'campaign', 'referrer',
-- 'landing' (each when sent) and each 'story' read. The report's one definition of it: the
-- triggers and the backfill below count these rows.
CREATE VIEW lead_values (lead_id, day, kind, value) AS
    SELECT lead_id, day, 'all', '' FROM lead_sources
    UNION ALL SELECT lead_id, day, 'source', source FROM lead_sources WHERE source IS NOT NULL
    UNION ALL SELECT lead_id, day, 'campaign', campaign FROM lead_sources WHERE campaign IS NOT NULL
    UNION ALL SELECT lead_id, day, 'referrer', referrer FROM lead_sources WHERE referrer IS NOT NULL
    UNION ALL SELECT lead_id, day, 'landing', landing FROM lead_sources WHERE landing IS NOT NULL
    UNION ALL SELECT l.lead_id, l.day, 'story', s.story
        FROM lead_sources l JOIN lead_stories s ON s.lead_id = l.lead_id;

-- Per office day, the leads of each kind of value above (`kind` is that, not the lead's
-- contact/subscription/application). No row at 0.
CREATE TABLE lead_days (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    leads INTEGER NOT NULL,
    -- A report reads one kind over a range of days: one stretch of the key each.
    PRIMARY KEY (kind, day, value)
) STRICT, WITHOUT ROWID;

-- Per calendar month of office days (YYYY-MM): the sums of the month's `lead_days`.
CREATE TABLE lead_months (
    month TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    leads INTEGER NOT NULL,
    PRIMARY KEY (kind, month, value)
) STRICT, WITHOUT ROWID;

INSERT INTO lead_days (day, kind, value, leads)
SELECT day, kind, value, count(*) FROM lead_values GROUP BY kind, day, value;

INSERT INTO lead_months (month, kind, value, leads)
SELECT substr(day, 1, 7), kind, value, count(*) FROM lead_values
GROUP BY kind, substr(day, 1, 7), value;

-- A lead's source counts under its own values; its stories, written after it, each count
-- as they are written (an ignored duplicate is not written, so not counted).
CREATE TRIGGER lead_roll_ups_source AFTER INSERT ON lead_sources BEGIN
    INSERT INTO lead_days (day, kind, value, leads)
    SELECT day, kind, value, 1 FROM lead_values WHERE lead_id = NEW.lead_id AND kind <> 'story'
    ON CONFLICT (kind, day, value) DO UPDATE SET leads = leads + 1;
    INSERT INTO lead_months (month, kind, value, leads)
    SELECT substr(day, 1, 7), kind, value, 1 FROM lead_values
    WHERE lead_id = NEW.lead_id AND kind <> 'story'
    ON CONFLICT (kind, month, value) DO UPDATE SET leads = leads + 1;
END;

CREATE TRIGGER lead_roll_ups_story AFTER INSERT ON lead_stories BEGIN
    INSERT INTO lead_days (day, kind, value, leads)
    SELECT day, 'story', NEW.story, 1 FROM lead_sources WHERE lead_id = NEW.lead_id
    ON CONFLICT (kind, day, value) DO UPDATE SET leads = leads + 1;
    INSERT INTO lead_months (month, kind, value, leads)
    SELECT substr(day, 1, 7), 'story', NEW.story, 1 FROM lead_sources WHERE lead_id = NEW.lead_id
    ON CONFLICT (kind, month, value) DO UPDATE SET leads = leads + 1;
END;

-- Erasing a lead deletes its source (the erase triggers on `enquiries` and `applicants`),
-- and the source's stories with it (ON DELETE CASCADE). BEFORE the delete, so its stories
-- are still there to be taken off; a cascaded story's own delete below finds no source any
-- more and takes nothing off twice.
CREATE TRIGGER lead_roll_ups_erase BEFORE DELETE ON lead_sources BEGIN
    UPDATE lead_days SET leads = leads - 1
    WHERE (kind, day, value) IN
        (SELECT kind, day, value FROM lead_values WHERE lead_id = OLD.lead_id);
    DELETE FROM lead_days WHERE leads <= 0 AND (kind, day, value) IN
        (SELECT kind, day, value FROM lead_values WHERE lead_id = OLD.lead_id);
    UPDATE lead_months SET leads = leads - 1
    WHERE (kind, month, value) IN
        (SELECT kind, substr(day, 1, 7), value FROM lead_values WHERE lead_id = OLD.lead_id);
    DELETE FROM lead_months WHERE leads <= 0 AND (kind, month, value) IN
        (SELECT kind, substr(day, 1, 7), value FROM lead_values WHERE lead_id = OLD.lead_id);
END;

-- A story deleted on its own (its lead's source still there).
CREATE TRIGGER lead_roll_ups_erase_story AFTER DELETE ON lead_stories BEGIN
    UPDATE lead_days SET leads = leads - 1
    WHERE kind = 'story' AND value = OLD.story
      AND day = (SELECT day FROM lead_sources WHERE lead_id = OLD.lead_id);
    UPDATE lead_months SET leads = leads - 1
    WHERE kind = 'story' AND value = OLD.story
      AND month = (SELECT substr(day, 1, 7) FROM lead_sources WHERE lead_id = OLD.lead_id);
    DELETE FROM lead_days WHERE kind = 'story' AND value = OLD.story AND leads <= 0
      AND day = (SELECT day FROM lead_sources WHERE lead_id = OLD.lead_id);
    DELETE FROM lead_months WHERE kind = 'story' AND value = OLD.story AND leads <= 0
      AND month = (SELECT substr(day, 1, 7) FROM lead_sources WHERE lead_id = OLD.lead_id);
END;
