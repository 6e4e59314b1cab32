-- The hiring pipeline: an applicant's status is its stage, one of new, shortlisted,
-- interview, offer, hired, rejected (and spam, which every list keeps for its filter);
-- enquiries and subscribers keep new, in_progress, done and spam.
--
-- The applicants' CHECK is widened in place: the table's definition is edited in
-- sqlite_schema (SQLite's documented way to change a CHECK constraint, which no stored
-- value depends on), so every column, index and trigger the table has, whichever migration
-- added it, stays as it is; the rows that follow are then held to the new list. Were the
-- text not found, the mapping below would break the old CHECK and the migration would stop.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql,
       'CHECK (status IN (''new'', ''in_progress'', ''done'', ''spam''))',
       'CHECK (status IN (''new'', ''shortlisted'', ''interview'', ''offer'', ''hired'', ''rejected'', ''spam''))')
 WHERE type = 'table' AND name = 'applicants';
PRAGMA writable_schema = RESET;

-- The counts per role and stage of the applicants list: one GROUP BY over this index.
-- It leads with job_id, so it serves the filter by role too.
CREATE INDEX applicants_by_job_stage ON applicants (job_id, status);
DROP INDEX applicants_by_job;

-- A lead's moves from stage to stage, as its detail lists them, are its audit entries
-- (`set status`, `undid set status`), found by their subject (`applicant ID`).
CREATE INDEX audit_log_by_subject ON audit_log (subject, at DESC, id DESC);

-- The applicants held so far, mapped so that nothing they said is lost; who set the status
-- and when (status_by, status_at) stay as they were.
-- - in_progress -> shortlisted: someone took the application up and had not decided;
--   Shortlisted, the first stage past New, claims that and no more (Interview would claim
--   an interview that may never have happened).
-- - done -> hired, with a note saying so: Done said the office had finished with the
--   application but not how, so no stage can say it exactly. It becomes a decided stage
--   (a finished application is not put back among the open ones, where follow-ups and the
--   morning digest would ask for it again), and the note on each one keeps what the status
--   said, who set it and when, and asks the office to choose Rejected where that was the
--   outcome. Hired rather than Rejected: a rejection is a judgement of the person the
--   office never recorded, and the note makes the guess visible in the detail.
INSERT INTO lead_notes (lead_kind, lead_id, author, body)
SELECT 'applicant', id, 'corpsite',
       'Before the hiring pipeline this application was Done'
       || coalesce(' (set by ' || status_by
                   || coalesce(' on ' || substr(status_at, 1, 10) || ' at ' || substr(status_at, 12, 5) || ' UTC', '')
                   || ')', '')
       || ', which did not say whether the applicant was hired or rejected; it was moved to Hired. Choose Rejected if that was the outcome.'
  FROM applicants WHERE status = 'done';
UPDATE applicants SET status = 'shortlisted' WHERE status = 'in_progress';
UPDATE applicants SET status = 'hired' WHERE status = 'done';

-- The same for applicants in the trash (`V29`), so that one restored comes back at its
-- stage, Done's note with it: each is kept as its rows in JSON, its application the one row
-- of `applicants`.
UPDATE trash
   SET rows = json_insert(
       json_set(rows, '$.applicants[0].status', 'hired'),
       '$.lead_notes[#]',
       json_object(
           'lead_kind', 'applicant',
           'lead_id', item_id,
           'author', 'corpsite',
           'body', 'Before the hiring pipeline this application was Done'
               || coalesce(' (set by ' || json_extract(rows, '$.applicants[0].status_by')
                   || coalesce(' on ' || substr(json_extract(rows, '$.applicants[0].status_at'), 1, 10)
                       || ' at ' || substr(json_extract(rows, '$.applicants[0].status_at'), 12, 5) || ' UTC', '')
                   || ')', '')
               || ', which did not say whether the applicant was hired or rejected; it was moved to Hired. Choose Rejected if that was the outcome.',
           'created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
 WHERE kind = 'applicants' AND json_extract(rows, '$.applicants[0].status') = 'done';
UPDATE trash SET rows = json_set(rows, '$.applicants[0].status', 'shortlisted')
 WHERE kind = 'applicants' AND json_extract(rows, '$.applicants[0].status') = 'in_progress';

-- And the statuses an Undo of the last minutes would put back (`V26`): the same stages.
UPDATE undo_steps SET status = CASE status WHEN 'in_progress' THEN 'shortlisted' ELSE 'hired' END
 WHERE list = 'applicants' AND status IN ('in_progress', 'done');
UPDATE undo_steps SET set_status = CASE set_status WHEN 'in_progress' THEN 'shortlisted' ELSE 'hired' END
 WHERE list = 'applicants' AND set_status IN ('in_progress', 'done');
