-- The job opening an application was made for (`/join_us/SLUG`'s form); NULL: a general
-- application (`/join_us`'s form). An opening with applications is closed, never deleted.
ALTER TABLE applicants ADD COLUMN job_id INTEGER REFERENCES jobs (id);

CREATE INDEX applicants_by_job ON applicants (job_id);
