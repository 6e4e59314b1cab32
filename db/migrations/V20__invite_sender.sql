-- Who sent each invite, by account: an invite is only as good as the account that sent it,
-- and stops working when that account is removed (the removal withdraws it and drops its
-- queued mail; the cascade is the backstop). Invites sent before this migration are matched
-- to their sender by name; one whose sender is gone already is withdrawn now.
ALTER TABLE staff_invites ADD COLUMN invited_by_id INTEGER REFERENCES staff(id) ON DELETE CASCADE;

UPDATE staff_invites
SET invited_by_id = (SELECT s.id FROM staff s WHERE s.name = staff_invites.invited_by ORDER BY s.id LIMIT 1);

UPDATE outbox SET state = 'dropped', token = NULL, last_error = 'the invite was withdrawn'
WHERE kind = 'invite' AND state = 'queued'
  AND lead_id IN (SELECT CAST(id AS TEXT) FROM staff_invites WHERE invited_by_id IS NULL);

DELETE FROM staff_invites WHERE invited_by_id IS NULL;

CREATE INDEX staff_invites_invited_by_id ON staff_invites (invited_by_id);
