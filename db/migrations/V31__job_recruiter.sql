-- A job opening's recruiter: the staff account (one holding the jobs area, or an owner)
-- whose address gets the lead mail of the opening's applications, beside the mail screen's
-- rules for applicants. NULL: no recruiter, the rules alone. Removing the account leaves the
-- opening without one.
ALTER TABLE jobs ADD COLUMN recruiter_id INTEGER REFERENCES staff (id) ON DELETE SET NULL;

CREATE INDEX jobs_by_recruiter ON jobs (recruiter_id) WHERE recruiter_id IS NOT NULL;
