//! Job applicants and the names of their stored resume files (table `applicants`).

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::applicant::NewApplicant;
use crate::domain::lead_id::LeadId;
use crate::store::outbox;

/// Stores an applicant whose resume is already saved as `resume_file` in the uploads folder,
/// sent from `client_addr`, and queues the office's notification in the same transaction.
pub fn insert_applicant(
    conn: &Connection,
    id: &LeadId,
    applicant: &NewApplicant,
    resume_file: &str,
    client_addr: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                                 resume_file, resume_original_name, resume_type, resume_size, client_addr)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        id.as_str(),
        applicant.name.as_ref(),
        applicant.mobile.as_ref(),
        applicant.email.as_ref(),
        applicant.experience.years(),
        applicant.previous_company.as_ref(),
        applicant.query.as_ref(),
        applicant.department_website.as_ref(),
        resume_file,
        applicant.resume.original_name,
        applicant.resume.resume_type.mime(),
        i64::try_from(applicant.resume.size).unwrap_or(i64::MAX),
        client_addr,
    ])?;
    outbox::enqueue_lead(conn, id.as_str())
}

/// Ties the applicant `id` to the job opening `job` (none: a general application).
pub fn set_job(conn: &Connection, id: &LeadId, job: Option<i64>) -> rusqlite::Result<()> {
    if job.is_some() {
        conn.prepare_cached("UPDATE applicants SET job_id = ?2 WHERE id = ?1")?
            .execute(params![id.as_str(), job])?;
    }
    Ok(())
}

/// One stored applicant, as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplicantRow {
    pub id: String,
    pub created_at: String,
    pub name: String,
    pub mobile: String,
    pub email: String,
    pub experience: i64,
    pub previous_company: String,
    pub query: String,
    pub department_website: String,
    pub resume_file: String,
    pub resume_original_name: String,
    pub resume_type: String,
    pub resume_size: i64,
    /// The job opening applied for, by its title; none: a general application.
    pub job: Option<String>,
    /// Its stage of the hiring pipeline, as stored (`domain::inbox::Status`).
    pub status: String,
}

const APPLICANT_COLUMNS: &str =
    "id, created_at, name, mobile, email, experience, previous_company, query, department_website,
     resume_file, resume_original_name, resume_type, resume_size,
     (SELECT title FROM jobs WHERE jobs.id = applicants.job_id), status";

/// Applicants created on or after `since` (YYYY-MM-DD, UTC), oldest first; all when `None`.
pub fn applicants_since(
    conn: &Connection,
    since: Option<&str>,
) -> rusqlite::Result<Vec<ApplicantRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {APPLICANT_COLUMNS} FROM applicants WHERE ?1 IS NULL OR created_at >= ?1
         ORDER BY created_at, rowid"
    ))?;
    let rows = stmt.query_map([since], applicant_row)?;
    rows.collect()
}

/// The applicant `id`, if on file.
pub fn applicant(conn: &Connection, id: &str) -> rusqlite::Result<Option<ApplicantRow>> {
    conn.prepare_cached(&format!(
        "SELECT {APPLICANT_COLUMNS} FROM applicants WHERE id = ?1"
    ))?
    .query_row([id], applicant_row)
    .optional()
}

fn applicant_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ApplicantRow> {
    Ok(ApplicantRow {
        id: row.get(0)?,
        created_at: row.get(1)?,
        name: row.get(2)?,
        mobile: row.get(3)?,
        email: row.get(4)?,
        experience: row.get(5)?,
        previous_company: row.get(6)?,
        query: row.get(7)?,
        department_website: row.get(8)?,
        resume_file: row.get(9)?,
        resume_original_name: row.get(10)?,
        resume_type: row.get(11)?,
        resume_size: row.get(12)?,
        job: row.get(13)?,
        status: row.get(14)?,
    })
}

/// Whether an applicant row owns the resume file of this name.
pub fn has_resume_file(conn: &Connection, resume_file: &str) -> rusqlite::Result<bool> {
    let owned = conn
        .prepare_cached("SELECT 1 FROM applicants WHERE resume_file = ?1")?
        .query_row([resume_file], |_| Ok(()))
        .optional()?
        .is_some();
    Ok(owned || super::trash::keeps_resume(conn, resume_file)?)
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    fn applicant(conn: &Connection, id: &str, status: &str, by: Option<&str>, at: Option<&str>) {
        conn.execute(
            "INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query,
                                     department_website, resume_file, resume_original_name,
                                     resume_type, resume_size, status, status_by, status_at)
             VALUES (?1, 'Ravi', '98450', 'v@x.in', 4, 'Acme', '', 'Corp Careers', ?1 || '.png',
                     'cv.png', 'image/png', 120, ?2, ?3, ?4)",
            rusqlite::params![id, status, by, at],
        )
        .expect("an applicant");
    }

    fn stage(conn: &Connection, id: &str) -> (String, Option<String>, Option<String>) {
        conn.query_row(
            "SELECT status, status_by, status_at FROM applicants WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .expect("the applicant")
    }

    #[test]
    fn the_pipeline_migration_maps_each_old_status_to_a_stage_and_keeps_who_and_when() {
        let mut conn = Connection::open_in_memory().expect("db");
        crate::store::migrations::run_migrations_to(&mut conn, 29).expect("migrations to V29");
        let at = "2026-03-04T05:06:07.000Z";
        applicant(&conn, "fresh", "new", None, None);
        applicant(
            &conn,
            "taken",
            "in_progress",
            Some("ravi@corp.example"),
            Some(at),
        );
        applicant(
            &conn,
            "finished",
            "done",
            Some("asha@corp.example"),
            Some(at),
        );
        applicant(&conn, "junk", "spam", Some("asha@corp.example"), Some(at));
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                    department_website, service, status)
             VALUES ('e1', 'contact', 'Asha', 'a@x.in', 'a@x.in', '98450', 'x', 'Corp Team', '', 'in_progress')",
            [],
        )
        .expect("an enquiry");

        // One Done in the trash, and a bulk change's Undo of the last minutes.
        conn.execute_batch(
            "INSERT INTO trash (kind, item_id, title, email, batch, rows, deleted_by)
             VALUES ('applicants', 'binned', 'Meera', 'm@x.in', 'b1',
                     json_object('applicants', json_array(json_object('id', 'binned', 'status', 'done',
                                     'status_by', 'asha@corp.example', 'status_at', '2026-03-04T05:06:07.000Z')),
                                 'lead_notes', json_array()),
                     'asha@corp.example');
             INSERT INTO undo_steps (token, list, lead_id, set_status, set_by, status)
             VALUES ('u1', 'applicants', 'taken', 'spam', 'asha@corp.example', 'in_progress');",
        )
        .expect("the trash and an undo");

        crate::store::migrations::run_migrations(&mut conn).expect("migrations");

        assert_eq!(stage(&conn, "fresh"), ("new".into(), None, None));
        let kept =
            |status: &str, by: &str| (status.to_owned(), Some(by.to_owned()), Some(at.to_owned()));
        assert_eq!(
            stage(&conn, "taken"),
            kept("shortlisted", "ravi@corp.example")
        );
        assert_eq!(stage(&conn, "finished"), kept("hired", "asha@corp.example"));
        assert_eq!(stage(&conn, "junk"), kept("spam", "asha@corp.example"));
        let enquiry: String = conn
            .query_row("SELECT status FROM enquiries WHERE id = 'e1'", [], |r| {
                r.get(0)
            })
            .expect("the enquiry");
        assert_eq!(enquiry, "in_progress", "enquiries keep their statuses");

        // What Done said is kept, on the one application it was, as a note.
        let notes: Vec<(String, String)> = conn
            .prepare("SELECT lead_id, body FROM lead_notes WHERE lead_kind = 'applicant'")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("notes")
            .collect::<Result<_, _>>()
            .expect("notes");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(notes[0].0, "finished");
        assert!(
            notes[0]
                .1
                .contains("was Done (set by asha@corp.example on 2026-03-04 at 05:06 UTC)"),
            "{}",
            notes[0].1
        );

        let (binned, note): (String, String) = conn
            .query_row(
                "SELECT json_extract(rows, '$.applicants[0].status'),
                        json_extract(rows, '$.lead_notes[0].body') FROM trash",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .expect("the trash");
        assert_eq!(binned, "hired");
        assert!(
            note.contains("was Done (set by asha@corp.example on 2026-03-04"),
            "{note}"
        );
        let undo: String = conn
            .query_row("SELECT status FROM undo_steps", [], |r| r.get(0))
            .expect("the undo");
        assert_eq!(undo, "shortlisted");

        // Each table now holds its own list's statuses only.
        for status in [
            "shortlisted",
            "interview",
            "offer",
            "hired",
            "rejected",
            "spam",
            "new",
        ] {
            conn.execute(
                "UPDATE applicants SET status = ?1 WHERE id = 'fresh'",
                [status],
            )
            .unwrap_or_else(|err| panic!("{status}: {err}"));
        }
        for status in ["in_progress", "done", "closed"] {
            assert!(
                conn.execute(
                    "UPDATE applicants SET status = ?1 WHERE id = 'fresh'",
                    [status]
                )
                .is_err(),
                "{status} is no applicant's"
            );
        }
        assert!(conn
            .execute(
                "UPDATE enquiries SET status = 'interview' WHERE id = 'e1'",
                []
            )
            .is_err());
        let integrity: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .expect("check");
        assert_eq!(integrity, "ok");
    }
}
