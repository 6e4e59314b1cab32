//! Job openings (`V27__jobs.sql`): the recruiters' list and editor (every state), saves that
//! name the revision they started from, publishing and closing, the closing of what is past
//! its time (the scheduler's), and the public reads, which see only published openings not
//! yet past their closing time.
//!
//! The table's triggers move the site's content version on every change of a published or
//! closed opening, so the rendered pages, the sitemap and the edge follow.

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::StoreError;
use crate::domain::blog_id::BlogId;
use crate::domain::inbox::{InboxList, Status};
use crate::domain::job::{CheckedJob, EmploymentType, JobState, Workplace};

/// An opening as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub department: String,
    pub location: String,
    pub employment_type: EmploymentType,
    pub workplace: Workplace,
    pub salary: Option<(u64, u64)>,
    /// Sanitized HTML.
    pub description: String,
    pub openings: u32,
    /// UTC.
    pub closes_at: Option<String>,
    pub state: JobState,
    pub published_at: Option<String>,
    pub closed_at: Option<String>,
    pub revision: i64,
    pub created_at: String,
    pub updated_at: String,
    /// Who saved last: the account's name when the stored address is an account's.
    pub updated_by: Option<String>,
    /// The recruiter's account id (`V31`), whose address gets the applications' lead mail.
    pub recruiter: Option<i64>,
}

/// Why a change did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    NotFound,
    /// An autosave of an opening that is not a draft.
    NotDraft,
    /// Someone saved it since.
    Stale {
        revision: i64,
        updated_by: Option<String>,
        updated_at: String,
    },
    /// Publishing or closing an opening that already is.
    AlreadyThere(JobState),
    /// Deleting an opening that has applications (it is closed instead).
    HasApplications(i64),
}

/// The actor the audit log names for what closes at its time.
pub const SCHEDULER: &str = "scheduler";

const COLUMNS: &str = "j.id, j.slug, j.title, j.department, j.location, j.employment_type,
    j.workplace, j.salary_min, j.salary_max, j.description, j.openings, j.closes_at, j.state,
    j.published_at, j.closed_at, j.revision, j.created_at, j.updated_at,
    coalesce((SELECT name FROM staff WHERE email_folded = lower(j.updated_by)), j.updated_by),
    j.recruiter_id";

fn job_row(row: &Row<'_>) -> rusqlite::Result<Job> {
    let text_error = |column: usize, what: String| {
        rusqlite::Error::InvalidColumnType(column, what, rusqlite::types::Type::Text)
    };
    let kind: String = row.get(5)?;
    let workplace: String = row.get(6)?;
    let state: String = row.get(12)?;
    let salary = match (row.get::<_, Option<i64>>(7)?, row.get::<_, Option<i64>>(8)?) {
        (Some(min), Some(max)) => Some((min.max(0) as u64, max.max(0) as u64)),
        _ => None,
    };
    Ok(Job {
        id: row.get(0)?,
        slug: row.get(1)?,
        title: row.get(2)?,
        department: row.get(3)?,
        location: row.get(4)?,
        employment_type: EmploymentType::parse(&kind)
            .ok_or_else(|| text_error(5, format!("employment type {kind:?}")))?,
        workplace: Workplace::parse(&workplace)
            .ok_or_else(|| text_error(6, format!("workplace {workplace:?}")))?,
        salary,
        description: row.get(9)?,
        openings: row.get(10)?,
        closes_at: row.get(11)?,
        state: JobState::parse(&state).ok_or_else(|| text_error(12, format!("state {state:?}")))?,
        published_at: row.get(13)?,
        closed_at: row.get(14)?,
        revision: row.get(15)?,
        created_at: row.get(16)?,
        updated_at: row.get(17)?,
        updated_by: row.get(18)?,
        recruiter: row.get(19)?,
    })
}

/// Every opening, whatever its state: drafts first, then published by closing time, then
/// closed, newest first within each.
pub fn list(conn: &Connection) -> Result<Vec<Job>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM jobs j
          ORDER BY CASE j.state WHEN 'draft' THEN 0 WHEN 'published' THEN 1 ELSE 2 END,
                   j.updated_at DESC, j.id DESC"
    ))?;
    let jobs = stmt.query_map([], job_row)?.collect::<Result<_, _>>()?;
    Ok(jobs)
}

/// How many applications each opening has (by id), and how many are general (`None`).
pub fn application_counts(
    conn: &Connection,
) -> Result<std::collections::HashMap<Option<i64>, i64>, StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT job_id, count(*) FROM applicants GROUP BY job_id")?;
    let counts = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(counts)
}

/// The applications of one role (an opening, or none: the general ones), counted by stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleStages {
    /// The opening's slug and title; None for the general applications.
    pub job: Option<(String, String)>,
    /// Each stage that has applications, with how many, in the pipeline's order.
    pub counts: Vec<(Status, i64)>,
}

const STAGE_COUNTS: &str = "SELECT a.job_id, j.slug, j.title, a.status, count(*)
    FROM applicants a LEFT JOIN jobs j ON j.id = a.job_id
    GROUP BY a.job_id, a.status";

/// How many applications each role has in each stage: the openings by title, then the
/// general applications. One GROUP BY over `applicants_by_job_stage` (`V30`).
pub fn stage_counts(conn: &Connection) -> Result<Vec<RoleStages>, StoreError> {
    let mut stmt = conn.prepare_cached(STAGE_COUNTS)?;
    let mut roles: Vec<(Option<i64>, RoleStages)> = Vec::new();
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, Option<i64>>(0)?,
            r.get::<_, Option<String>>(1)?,
            r.get::<_, Option<String>>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, i64>(4)?,
        ))
    })?;
    for row in rows {
        let (id, slug, title, status, count) = row?;
        let Some(status) = Status::parse(&status) else {
            continue;
        };
        let at = match roles.iter().position(|(role, _)| *role == id) {
            Some(at) => at,
            None => {
                let job = slug.zip(title);
                roles.push((
                    id,
                    RoleStages {
                        job,
                        counts: Vec::new(),
                    },
                ));
                roles.len() - 1
            }
        };
        roles[at].1.counts.push((status, count));
    }
    let order = |status: &Status| {
        InboxList::Applicants
            .statuses()
            .iter()
            .position(|s| s == status)
    };
    let mut roles: Vec<RoleStages> = roles.into_iter().map(|(_, role)| role).collect();
    for role in &mut roles {
        role.counts.sort_by_key(|(status, _)| order(status));
    }
    roles.sort_by(|a, b| match (&a.job, &b.job) {
        (Some((_, a)), Some((_, b))) => a.to_lowercase().cmp(&b.to_lowercase()),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(roles)
}

/// The recruiter (account id and address) of the opening applicant `applicant_id` applied
/// for; None for a general application, an opening without a recruiter, or an erased
/// applicant.
pub fn recruiter_of(
    conn: &Connection,
    applicant_id: &str,
) -> rusqlite::Result<Option<(i64, String)>> {
    conn.prepare_cached(
        "SELECT s.id, s.email FROM applicants a
           JOIN jobs j ON j.id = a.job_id
           JOIN staff s ON s.id = j.recruiter_id
          WHERE a.id = ?1",
    )?
    .query_row([applicant_id], |r| Ok((r.get(0)?, r.get(1)?)))
    .optional()
}

/// Makes `to` the recruiter of every opening `from` is the recruiter of; answers how many.
pub fn hand_over_recruiting(conn: &Connection, from: i64, to: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE jobs SET recruiter_id = ?2 WHERE recruiter_id = ?1")?
        .execute([from, to])
}

/// The departments openings have used, for the editor's suggestions.
pub fn departments(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT department FROM jobs ORDER BY department COLLATE NOCASE",
    )?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(names)
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<Job>, StoreError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM jobs j WHERE j.id = ?1"))?
        .query_row([id], job_row)
        .optional()?)
}

/// The opening at `/join_us/SLUG`, in any state (a closed one answers 410, a draft 404).
pub fn by_slug(conn: &Connection, slug: &str) -> Result<Option<Job>, StoreError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM jobs j WHERE j.slug = ?1"))?
        .query_row([slug], job_row)
        .optional()?)
}

/// The openings the public sees at `now` (UTC text): published, not past their closing
/// time; soonest closing first (those open until filled last), then by title.
pub fn open(conn: &Connection, now: &str) -> Result<Vec<Job>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM jobs j
          WHERE j.state = 'published' AND (j.closes_at IS NULL OR j.closes_at > ?1)
          ORDER BY j.closes_at IS NULL, j.closes_at, j.title COLLATE NOCASE, j.id"
    ))?;
    let jobs = stmt.query_map([now], job_row)?.collect::<Result<_, _>>()?;
    Ok(jobs)
}

/// Whether `slug` names an opening the public may apply to at `now`.
pub fn is_open(conn: &Connection, slug: &str, now: &str) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT id FROM jobs WHERE slug = ?1 AND state = 'published'
               AND (closes_at IS NULL OR closes_at > ?2)",
        )?
        .query_row(params![slug, now], |r| r.get(0))
        .optional()?)
}

fn free_slug(conn: &Connection, title: &str) -> Result<String, StoreError> {
    let base = BlogId::from_title(title);
    let mut taken = conn.prepare_cached("SELECT 1 FROM jobs WHERE slug = ?1")?;
    let mut candidate = base.clone();
    let mut n = 2;
    while taken.exists([candidate.as_str()])? {
        candidate = base.with_suffix(n);
        n += 1;
    }
    Ok(candidate.as_str().to_owned())
}

/// The form's columns, in the order `FORM_COLUMNS` names them, and who saved.
const FORM_COLUMNS: &str = "title, department, location, employment_type, workplace, salary_min,
    salary_max, description, openings, closes_at, updated_by, recruiter_id";

fn form_values(job: &CheckedJob, by: &str) -> [rusqlite::types::Value; 12] {
    use rusqlite::types::Value;
    let salary = |amount: u64| Value::Integer(i64::try_from(amount).unwrap_or(i64::MAX));
    let (min, max) = match job.salary {
        Some((min, max)) => (salary(min), salary(max)),
        None => (Value::Null, Value::Null),
    };
    [
        Value::Text(job.title.clone()),
        Value::Text(job.department.clone()),
        Value::Text(job.location.clone()),
        Value::Text(job.employment_type.as_str().to_owned()),
        Value::Text(job.workplace.as_str().to_owned()),
        min,
        max,
        Value::Text(job.description.clone()),
        Value::Integer(i64::from(job.openings)),
        job.closes_at.clone().map_or(Value::Null, Value::Text),
        Value::Text(by.to_owned()),
        job.recruiter.map_or(Value::Null, Value::Integer),
    ]
}

/// Adds a draft; answers its id, slug and revision (1). The slug comes from the title and
/// never changes.
pub fn create(conn: &Connection, job: &CheckedJob, by: &str) -> Result<(i64, String), StoreError> {
    let slug = free_slug(conn, &job.title)?;
    let values = form_values(job, by);
    conn.prepare_cached(&format!(
        "INSERT INTO jobs (slug, {FORM_COLUMNS})
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
    ))?
    .execute(rusqlite::params_from_iter(
        std::iter::once(rusqlite::types::Value::Text(slug.clone())).chain(values),
    ))?;
    Ok((conn.last_insert_rowid(), slug))
}

/// Why a change made at `revision` may not go ahead, if it may not.
fn refusal(conn: &Connection, id: i64, revision: i64) -> Result<Option<Refused>, StoreError> {
    let now: Option<(i64, Option<String>, String)> = conn
        .prepare_cached(
            "SELECT j.revision,
                    coalesce((SELECT name FROM staff WHERE email_folded = lower(j.updated_by)), j.updated_by),
                    j.updated_at
               FROM jobs j WHERE j.id = ?1",
        )?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(match now {
        None => Some(Refused::NotFound),
        Some((current, updated_by, updated_at)) if current != revision => Some(Refused::Stale {
            revision: current,
            updated_by,
            updated_at,
        }),
        Some(_) => None,
    })
}

/// Saves the opening `id` if it is still at `revision` (an autosave: and still a draft).
/// Its state stays as it is. Answers its new revision.
pub fn save(
    conn: &Connection,
    id: i64,
    revision: i64,
    job: &CheckedJob,
    by: &str,
    autosave: bool,
) -> Result<Result<i64, Refused>, StoreError> {
    if let Some(refused) = refusal(conn, id, revision)? {
        return Ok(Err(refused));
    }
    if autosave && state_of(conn, id)? != Some(JobState::Draft) {
        return Ok(Err(Refused::NotDraft));
    }
    let values = form_values(job, by);
    conn.prepare_cached(&format!(
        "UPDATE jobs SET ({FORM_COLUMNS}) = (?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13),
                         revision = revision + 1,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?1"
    ))?
    .execute(rusqlite::params_from_iter(
        std::iter::once(rusqlite::types::Value::Integer(id)).chain(values),
    ))?;
    Ok(Ok(revision + 1))
}

pub fn state_of(conn: &Connection, id: i64) -> Result<Option<JobState>, StoreError> {
    let state: Option<String> = conn
        .prepare_cached("SELECT state FROM jobs WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?;
    Ok(state.as_deref().and_then(JobState::parse))
}

/// Moves the opening `id`, still at `revision`, to `state` (published: open from now;
/// closed: closed now). Answers its new revision.
pub fn set_state(
    conn: &Connection,
    id: i64,
    revision: i64,
    state: JobState,
    by: &str,
) -> Result<Result<i64, Refused>, StoreError> {
    if let Some(refused) = refusal(conn, id, revision)? {
        return Ok(Err(refused));
    }
    if state_of(conn, id)? == Some(state) {
        return Ok(Err(Refused::AlreadyThere(state)));
    }
    conn.prepare_cached(
        "UPDATE jobs SET state = ?2, updated_by = ?3, revision = revision + 1,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                         published_at = CASE WHEN ?2 = 'published'
                             THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE published_at END,
                         closed_at = CASE WHEN ?2 = 'closed'
                             THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE NULL END
          WHERE id = ?1",
    )?
    .execute(params![id, state.as_str(), by])?;
    Ok(Ok(revision + 1))
}

/// Deletes the opening `id` if it is still at `revision`; answers its title.
pub fn delete(
    conn: &Connection,
    id: i64,
    revision: i64,
) -> Result<Result<String, Refused>, StoreError> {
    if let Some(refused) = refusal(conn, id, revision)? {
        return Ok(Err(refused));
    }
    let applications: i64 = conn
        .prepare_cached("SELECT count(*) FROM applicants WHERE job_id = ?1")?
        .query_row([id], |r| r.get(0))?;
    if applications > 0 {
        return Ok(Err(Refused::HasApplications(applications)));
    }
    let title: String = conn
        .prepare_cached("DELETE FROM jobs WHERE id = ?1 RETURNING title")?
        .query_row([id], |r| r.get(0))?;
    Ok(Ok(title))
}

/// The earliest closing time of a published opening, if any has one.
pub fn next_closing(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT min(closes_at) FROM jobs WHERE state = 'published'")?
        .query_row([], |r| r.get(0))?)
}

/// Closes every published opening whose closing time has come by `now` (UTC text), each
/// with its audit entry; answers their slugs.
pub fn close_due(conn: &Connection, now: &str) -> Result<Vec<String>, StoreError> {
    let due: Vec<(i64, String, String, String)> = conn
        .prepare_cached(
            "SELECT id, slug, title, closes_at FROM jobs
              WHERE state = 'published' AND closes_at IS NOT NULL AND closes_at <= ?1",
        )?
        .query_map([now], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut close = conn.prepare_cached(
        "UPDATE jobs SET state = 'closed', closed_at = ?2, revision = revision + 1,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?1",
    )?;
    let mut closed = Vec::with_capacity(due.len());
    for (id, slug, title, at) in due {
        close.execute(params![id, at])?;
        super::audit::record(
            conn,
            &super::audit::Audit {
                actor: SCHEDULER,
                action: "closed job opening at its closing time",
                subject: &format!("job {slug}"),
                detail: &title,
                client_addr: "",
            },
        )?;
        closed.push(slug);
    }
    Ok(closed)
}

/// One look of the scheduler: when a published opening's closing time has come by `now`,
/// closes every such opening in one write. Answers how many closed.
pub fn close_scheduled(db: &super::Db, now: &str) -> Result<usize, StoreError> {
    Ok(super::stories::publish_when_due(db, now, next_closing, close_due)?.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_role_and_stage_walk_their_index() {
        let conn = crate::store::migrated();
        let plan = crate::store::query_plan(&conn, STAGE_COUNTS, "");
        assert!(
            plan.iter()
                .any(|step| step.contains("COVERING INDEX applicants_by_job_stage")),
            "{plan:?}"
        );
        assert!(
            !plan.iter().any(|step| step.contains("TEMP B-TREE")),
            "{plan:?}"
        );
    }

    fn checked(title: &str, closes_at: Option<&str>) -> CheckedJob {
        CheckedJob {
            title: title.into(),
            department: "Facility management".into(),
            location: "Whitefield".into(),
            employment_type: EmploymentType::FullTime,
            workplace: Workplace::OnSite,
            salary: None,
            description: "<p>Runs the site.</p>".into(),
            openings: 1,
            closes_at: closes_at.map(str::to_owned),
            recruiter: None,
        }
    }

    #[test]
    fn an_opening_is_public_only_while_published_and_before_its_closing_time() {
        let conn = crate::store::migrated();
        let (id, slug) = create(
            &conn,
            &checked("Site engineer", Some("2026-12-01T00:00:00Z")),
            "a@b.c",
        )
        .expect("create");
        let (_, second) = create(&conn, &checked("Site engineer", None), "a@b.c").expect("create");
        assert_eq!(
            (slug.as_str(), second.as_str()),
            ("site-engineer", "site-engineer-2")
        );
        assert!(
            open(&conn, "2026-11-29T00:00:00Z")
                .expect("open")
                .is_empty(),
            "a draft"
        );
        assert_eq!(
            set_state(&conn, id, 1, JobState::Published, "a@b.c").expect("publish"),
            Ok(2)
        );
        assert_eq!(open(&conn, "2026-11-29T00:00:00Z").expect("open").len(), 1);
        assert!(close_due(&conn, "2026-11-30T23:59:59Z")
            .expect("early")
            .is_empty());
        assert_eq!(
            close_due(&conn, "2026-12-01T00:00:00Z").expect("due"),
            std::slice::from_ref(&slug)
        );
        let closed = get(&conn, id).expect("get").expect("there");
        assert_eq!(closed.state, JobState::Closed);
        assert_eq!(closed.closed_at.as_deref(), Some("2026-12-01T00:00:00Z"));
        assert!(open(&conn, "2026-11-29T00:00:00Z")
            .expect("open")
            .is_empty());
        assert!(matches!(
            save(&conn, id, 2, &checked("x", None), "a@b.c", false).expect("save"),
            Err(Refused::Stale { revision: 3, .. })
        ));
    }
}
