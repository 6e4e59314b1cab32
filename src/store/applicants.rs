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
}

const APPLICANT_COLUMNS: &str =
    "id, created_at, name, mobile, email, experience, previous_company, query, department_website,
     resume_file, resume_original_name, resume_type, resume_size,
     (SELECT title FROM jobs WHERE jobs.id = applicants.job_id)";

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
