-- The privacy notice (`/privacy`) states each list's retention rule and the trash's days as
-- the owners set them: a change to either moves the content version (as V27 does for the
-- job openings), so the rendered notice, its API answer and the edge follow at once.
CREATE TRIGGER retention_rules_after_insert AFTER INSERT ON retention_rules BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER retention_rules_after_update AFTER UPDATE ON retention_rules
WHEN NEW.months <> OLD.months BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER retention_rules_after_delete AFTER DELETE ON retention_rules BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER trash_days_after_insert AFTER INSERT ON trash_days BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER trash_days_after_update AFTER UPDATE ON trash_days
WHEN NEW.days <> OLD.days BEGIN
    UPDATE blog_version SET version = version + 1 WHERE id = 1;
END;
