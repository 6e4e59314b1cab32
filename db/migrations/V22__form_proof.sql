-- The forms' proof of work: how each lead stood with it ('passed'; 'off' when the server ran
-- with --form-proof off; NULL for leads from before it) and how long the visitor's browser
-- took to solve it, in milliseconds.
ALTER TABLE enquiries ADD COLUMN proof TEXT CHECK (proof IN ('passed', 'off'));
ALTER TABLE enquiries ADD COLUMN proof_ms INTEGER CHECK (proof_ms >= 0);
ALTER TABLE applicants ADD COLUMN proof TEXT CHECK (proof IN ('passed', 'off'));
ALTER TABLE applicants ADD COLUMN proof_ms INTEGER CHECK (proof_ms >= 0);

-- Who caused a confirmation mail (the client's address, an IPv6 /64), so that one client
-- can cause only so many an hour; NULL for the office's own (a reader added by hand).
ALTER TABLE outbox ADD COLUMN caused_by TEXT;
CREATE INDEX outbox_confirm_by_client ON outbox (caused_by, created_at)
    WHERE kind = 'confirm' AND caused_by IS NOT NULL;
