//! Job openings' operations, as recruiters make them at `/staff/jobs`: an opening created,
//! saved (a save or the editor's autosave), published, closed and deleted. Each runs in the
//! caller's write transaction (the server's writer): the form checked against the company's
//! offices and branches and the office's clock, the change, its audit entry in one wording.
//! The jobs table's triggers move the content version of what the public sees.

use jiff::Timestamp;
use rusqlite::Connection;

use crate::domain::company_details::CompanyDetails;
use crate::domain::fields::FieldErrors;
use crate::domain::job::{self, CheckedJob, JobForm, JobState};
use crate::domain::roles::Area;
use crate::office::Actor;
use crate::store::audit;
use crate::store::jobs::{self, Refused};
use crate::store::{accounts, company_details, StoreError};

/// Why an opening was not created, saved, published, closed or deleted; nothing is stored.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The form's bad fields, every one named.
    #[error("the opening's form has bad fields: {0:?}")]
    Invalid(FieldErrors),
    #[error("the opening refused the change: {0:?}")]
    Refused(Refused),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Whether a save is the editor's own (an autosave: only of a draft, not audited).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    Save,
    Autosave,
}

/// The form checked against the company's details (its offices and branches, its zone) as
/// they are in this transaction; `public`: the opening is or goes public.
fn checked(conn: &Connection, form: &JobForm, public: bool) -> Result<CheckedJob, JobError> {
    let details = match company_details::read(conn) {
        Ok(stored) => stored.details,
        Err(company_details::DetailsError::Sqlite(err)) => return Err(StoreError::from(err).into()),
        // Edited by hand into something the checks refuse: the demo's places and zone, as
        // `office_zone` falls back to.
        Err(company_details::DetailsError::Stored(_)) => CompanyDetails::demo(),
    };
    let places = job::locations(details.form());
    let zone = details.office_zone();
    let checked = form.check(&places, &zone, Timestamp::now(), public);
    let may_recruit = match form.recruiter {
        None => true,
        Some(id) => accounts::account_by_id(conn, id)
            .map_err(StoreError::from)?
            .is_some_and(|account| account.roles.may(Area::Jobs)),
    };
    match (checked, may_recruit) {
        (Ok(job), true) => Ok(job),
        (Err(errors), true) => Err(JobError::Invalid(errors)),
        (checked, false) => {
            let mut errors = checked.err().unwrap_or_default();
            errors.note("recruiter", NOT_A_RECRUITER);
            Err(JobError::Invalid(errors))
        }
    }
}

/// Why a recruiter is refused: the account is gone, or does not keep the job openings.
const NOT_A_RECRUITER: &str =
    "Choose a recruiter from the team: someone who keeps the job openings (a recruiter or an owner).";

/// The accounts that may be an opening's recruiter: those whose roles keep the job openings
/// (recruiters and owners), by name.
pub fn recruiters(conn: &Connection) -> Result<Vec<accounts::Account>, StoreError> {
    Ok(accounts::accounts(conn)?
        .into_iter()
        .filter(|account| account.roles.may(Area::Jobs))
        .collect())
}

fn audit(
    conn: &Connection,
    actor: &Actor,
    action: &str,
    slug: &str,
    title: &str,
) -> Result<(), StoreError> {
    audit::record(conn, &actor.audit(action, &format!("job {slug}"), title))?;
    Ok(())
}

/// Creates a draft from the form; answers its id.
pub fn create(conn: &Connection, actor: &Actor, form: &JobForm) -> Result<i64, JobError> {
    let job = checked(conn, form, false)?;
    let (id, slug) = jobs::create(conn, &job, &actor.name)?;
    audit(conn, actor, "created job opening", &slug, &job.title)?;
    Ok(id)
}

/// Saves the opening `id` from the form if it is still at `revision`; answers its new
/// revision. A published opening's form is held to what publishing asks.
pub fn save(
    conn: &Connection,
    actor: &Actor,
    id: i64,
    revision: i64,
    form: &JobForm,
    how: How,
) -> Result<i64, JobError> {
    let current = jobs::get(conn, id)?.ok_or(JobError::Refused(Refused::NotFound))?;
    let job = checked(conn, form, current.state == JobState::Published)?;
    let saved = jobs::save(conn, id, revision, &job, &actor.name, how == How::Autosave)?
        .map_err(JobError::Refused)?;
    if how == How::Save {
        audit(conn, actor, "saved job opening", &current.slug, &job.title)?;
    }
    Ok(saved)
}

/// Publishes the opening `id` (at `revision`): its stored fields are checked as a published
/// opening's must be (a closing time still to come, an office the details still have).
pub fn publish(conn: &Connection, actor: &Actor, id: i64, revision: i64) -> Result<i64, JobError> {
    let current = jobs::get(conn, id)?.ok_or(JobError::Refused(Refused::NotFound))?;
    let zone = company_details::office_zone(conn);
    let form = JobForm {
        title: current.title.clone(),
        department: current.department.clone(),
        location: current.location.clone(),
        employment_type: current.employment_type.as_str().to_owned(),
        workplace: current.workplace.as_str().to_owned(),
        salary_min: current.salary.map(|(min, _)| min),
        salary_max: current.salary.map(|(_, max)| max),
        description: current.description.clone(),
        openings: current.openings,
        closes_at: current
            .closes_at
            .as_deref()
            .and_then(|at| job::office_local(at, &zone)),
        recruiter: current.recruiter,
        revision: None,
        autosave: None,
    };
    checked(conn, &form, true)?;
    let revision = jobs::set_state(conn, id, revision, JobState::Published, &actor.name)?
        .map_err(JobError::Refused)?;
    audit(
        conn,
        actor,
        "published job opening",
        &current.slug,
        &current.title,
    )?;
    Ok(revision)
}

/// Closes the opening `id` (at `revision`) now: filled early, or withdrawn.
pub fn close(conn: &Connection, actor: &Actor, id: i64, revision: i64) -> Result<i64, JobError> {
    let current = jobs::get(conn, id)?.ok_or(JobError::Refused(Refused::NotFound))?;
    let revision = jobs::set_state(conn, id, revision, JobState::Closed, &actor.name)?
        .map_err(JobError::Refused)?;
    audit(
        conn,
        actor,
        "closed job opening",
        &current.slug,
        &current.title,
    )?;
    Ok(revision)
}

/// Deletes the opening `id` (at `revision`).
pub fn delete(conn: &Connection, actor: &Actor, id: i64, revision: i64) -> Result<(), JobError> {
    let slug = jobs::get(conn, id)?
        .ok_or(JobError::Refused(Refused::NotFound))?
        .slug;
    let title = jobs::delete(conn, id, revision)?.map_err(JobError::Refused)?;
    audit(conn, actor, "deleted job opening", &slug, &title)?;
    Ok(())
}
