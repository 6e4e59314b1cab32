//! `/api/staff/jobs/...`: job openings, kept by recruiters (the `jobs` area).
//!
//! - `GET jobs`: every opening, whatever its state, with what the editor offers
//!   (`choices`: the company's offices and branches, the departments in use, the office's
//!   zone)
//! - `POST jobs` (the form): a new draft -> 201 `{"data": {"id", "revision"}}`
//! - `GET jobs/{id}`: one opening as the editor opens it, with its `revision`
//! - `PUT jobs/{id}`: a save naming the revision it started from; 409 when someone saved it
//!   since, 422 naming every bad field; nothing is stored then. `"autosave": true`: the
//!   editor's own save of a draft (422 naming `state` once it is not a draft)
//! - `POST jobs/{id}/publish`, `POST jobs/{id}/close` `{revision}`: public from now (its
//!   fields checked as a public opening's must be), or closed now (its page answers 410)
//! - `DELETE jobs/{id}?revision=N`
//!
//! Each change is an operation of `office::jobs` in one write transaction with its audit
//! entry; the jobs table's triggers move the content version of what the public sees.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::company_details::CompanyDetails;
use crate::domain::fields::FieldErrors;
use crate::domain::job::{self, EmploymentType, JobForm, JobState, Location, Workplace};
use crate::domain::office_time::OfficeZone;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::office::jobs::{self as operations, How, JobError};
use crate::store::jobs::{self, Job, Refused};

const NOT_FOUND: &str = "This job opening is not there any more (it may have been deleted).";

/// One opening as the editor and the list show it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "Job"))]
pub(crate) struct JobJson {
    id: i64,
    slug: String,
    /// Its public page, `/join_us/SLUG`.
    url: String,
    title: String,
    department: String,
    location: String,
    #[cfg_attr(test, ts(type = "EmploymentType"))]
    employment_type: &'static str,
    #[cfg_attr(test, ts(type = "Workplace"))]
    workplace: &'static str,
    salary_min: Option<u64>,
    salary_max: Option<u64>,
    /// Sanitized HTML.
    description: String,
    openings: u32,
    /// UTC.
    closes_at: Option<String>,
    /// The closing time on the office's clock, as a `datetime-local` field holds it.
    closes_local: Option<String>,
    /// The closing time for people: `31 Dec 2026, 18:00 IST`.
    closes_for_people: Option<String>,
    #[cfg_attr(test, ts(type = "JobState"))]
    state: &'static str,
    published_at: Option<String>,
    closed_at: Option<String>,
    revision: i64,
    updated_at: String,
    updated_by: Option<String>,
    /// How many applications it has (the applicants list shows them with `job=SLUG`).
    applications: i64,
    /// The recruiter's account id (one of `choices.recruiters`), whose address gets the
    /// lead mail of its applications beside the mail screen's rules; null: none.
    recruiter: Option<i64>,
}

impl JobJson {
    fn new(job: Job, zone: &OfficeZone, applications: i64) -> JobJson {
        JobJson {
            applications,
            recruiter: job.recruiter,
            url: format!("/join_us/{}", job.slug),
            closes_local: job
                .closes_at
                .as_deref()
                .and_then(|at| job::office_local(at, zone)),
            closes_for_people: job.closes_at.as_deref().and_then(|at| zone.for_people(at)),
            id: job.id,
            slug: job.slug,
            title: job.title,
            department: job.department,
            location: job.location,
            employment_type: job.employment_type.as_str(),
            workplace: job.workplace.as_str(),
            salary_min: job.salary.map(|(min, _)| min),
            salary_max: job.salary.map(|(_, max)| max),
            description: job.description,
            openings: job.openings,
            closes_at: job.closes_at,
            state: job.state.as_str(),
            published_at: job.published_at,
            closed_at: job.closed_at,
            revision: job.revision,
            updated_at: job.updated_at,
            updated_by: job.updated_by,
        }
    }
}

/// A name the form takes and the words people read for it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobChoice"))]
pub(crate) struct ChoiceJson {
    value: &'static str,
    label: &'static str,
}

/// What the editor offers.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobChoices"))]
pub(crate) struct ChoicesJson {
    /// The company's offices and branches, from its details.
    locations: Vec<Location>,
    /// Departments openings have used.
    departments: Vec<String>,
    employment_types: Vec<ChoiceJson>,
    workplaces: Vec<ChoiceJson>,
    /// The office's IANA zone, in which the closing time is read.
    zone: String,
    /// Who may be an opening's recruiter: the accounts that keep the job openings
    /// (recruiters and owners), by name.
    recruiters: Vec<RecruiterJson>,
}

/// An account that may be an opening's recruiter.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobRecruiter"))]
pub(crate) struct RecruiterJson {
    id: i64,
    name: String,
    email: String,
}

/// `GET jobs`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobList"))]
pub(crate) struct ListJson {
    data: Vec<JobJson>,
    choices: ChoicesJson,
    /// Applications for no opening (the applicants list shows them with `job=general`).
    general_applications: i64,
}

/// `GET jobs/{id}`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobBody"))]
pub(crate) struct BodyJson {
    data: JobJson,
    choices: ChoicesJson,
}

/// A change made: the revision the next change must name.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobSaved"))]
pub(crate) struct SavedJson {
    message: &'static str,
    data: SavedJob,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SavedJob {
    id: i64,
    revision: i64,
}

/// `POST jobs/{id}/publish`, `/close`, and what a delete names: the revision it started from.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobStateForm"))]
#[serde(deny_unknown_fields)]
pub(crate) struct StateForm {
    revision: i64,
}

fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    warp::reply::with_status(warp::reply::json(body), status).into_response()
}

fn saved(status: StatusCode, message: &'static str, id: i64, revision: i64) -> Response {
    json_response(
        status,
        &SavedJson {
            message,
            data: SavedJob { id, revision },
        },
    )
}

fn job_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

async fn choices(state: &AppState) -> Result<(ChoicesJson, OfficeZone), ApiError> {
    let (details, departments, recruiters) = state
        .db
        .read(|conn| {
            let details = crate::store::company_details::read(conn)
                .map(|stored| stored.details)
                .unwrap_or_else(|_| CompanyDetails::demo());
            Ok((
                details,
                jobs::departments(conn)?,
                operations::recruiters(conn)?,
            ))
        })
        .await?;
    let zone = details.office_zone();
    Ok((
        ChoicesJson {
            locations: job::locations(details.form()),
            departments,
            employment_types: EmploymentType::ALL
                .iter()
                .map(|kind| ChoiceJson {
                    value: kind.as_str(),
                    label: kind.label(),
                })
                .collect(),
            workplaces: Workplace::ALL
                .iter()
                .map(|kind| ChoiceJson {
                    value: kind.as_str(),
                    label: kind.label(),
                })
                .collect(),
            zone: zone.name().to_owned(),
            recruiters: recruiters
                .into_iter()
                .map(|account| RecruiterJson {
                    id: account.id,
                    name: account.name,
                    email: account.email,
                })
                .collect(),
        },
        zone,
    ))
}

pub(super) async fn list(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let (choices, zone) = choices(&call.state).await?;
    let (all, counts) = call
        .state
        .db
        .read(|conn| Ok((jobs::list(conn)?, jobs::application_counts(conn)?)))
        .await?;
    let count = |id: Option<i64>| counts.get(&id).copied().unwrap_or(0);
    Ok(json_response(
        StatusCode::OK,
        &ListJson {
            general_applications: count(None),
            data: all
                .into_iter()
                .map(|job| {
                    let applications = count(Some(job.id));
                    JobJson::new(job, &zone, applications)
                })
                .collect(),
            choices,
        },
    ))
}

pub(super) async fn open(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = job_id(call.param("id"))?;
    let (found, counts) = call
        .state
        .db
        .read(move |conn| Ok((jobs::get(conn, id)?, jobs::application_counts(conn)?)))
        .await?;
    let found = found.ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let applications = counts.get(&Some(id)).copied().unwrap_or(0);
    let (choices, zone) = choices(&call.state).await?;
    Ok(json_response(
        StatusCode::OK,
        &BodyJson {
            data: JobJson::new(found, &zone, applications),
            choices,
        },
    ))
}

/// The form: JSON, bounded by the longest description plus room for the other fields.
async fn read_form(call: &mut Call) -> Result<JobForm, ApiError> {
    call.json_within((job::MAX_DESCRIPTION + 16 * 1024) as u64)
        .await
}

pub(super) async fn create(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form = read_form(&mut call).await?;
    if form.is_autosave() {
        return Err(ApiError::BadRequest(
            "Only an opening that is there may be autosaved: create it first.".into(),
        ));
    }
    let actor = staff.actor();
    let created = call
        .state
        .db
        .write(move |conn| operations::create(conn, &actor, &form))
        .await;
    let id = answered(&call.state, created).await?;
    Ok(saved(
        StatusCode::CREATED,
        "The job opening is saved.",
        id,
        1,
    ))
}

pub(super) async fn save(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = job_id(call.param("id"))?;
    let form = read_form(&mut call).await?;
    let revision = form.revision.ok_or_else(|| {
        ApiError::BadRequest("Say which revision of the opening this save started from.".into())
    })?;
    let how = if form.is_autosave() {
        How::Autosave
    } else {
        How::Save
    };
    let actor = staff.actor();
    let outcome = call
        .state
        .db
        .write(move |conn| operations::save(conn, &actor, id, revision, &form, how))
        .await;
    let revision = answered(&call.state, outcome).await?;
    Ok(saved(
        StatusCode::OK,
        "The job opening is saved.",
        id,
        revision,
    ))
}

/// `publish` or `close`.
async fn move_to(mut call: Call, staff: Staff, to: JobState) -> Result<Response, ApiError> {
    let id = job_id(call.param("id"))?;
    let form: StateForm = call.json().await?;
    let actor = staff.actor();
    let outcome = call
        .state
        .db
        .write(move |conn| match to {
            JobState::Published => operations::publish(conn, &actor, id, form.revision),
            _ => operations::close(conn, &actor, id, form.revision),
        })
        .await;
    let revision = answered(&call.state, outcome).await?;
    let message = match to {
        JobState::Published => "The job opening is published.",
        _ => "The job opening is closed.",
    };
    Ok(saved(StatusCode::OK, message, id, revision))
}

pub(super) async fn publish(call: Call, staff: Staff) -> Result<Response, ApiError> {
    move_to(call, staff, JobState::Published).await
}

pub(super) async fn close(call: Call, staff: Staff) -> Result<Response, ApiError> {
    move_to(call, staff, JobState::Closed).await
}

pub(super) async fn delete(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = job_id(call.param("id"))?;
    let revision = form_urlencoded::parse(call.query.as_bytes())
        .find(|(key, _)| key == "revision")
        .and_then(|(_, value)| value.parse::<i64>().ok())
        .ok_or_else(|| {
            ApiError::BadRequest("Say which revision of the opening is to be deleted.".into())
        })?;
    let actor = staff.actor();
    let outcome = call
        .state
        .db
        .write(move |conn| operations::delete(conn, &actor, id, revision))
        .await;
    answered(&call.state, outcome).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// What an operation answered, or why not as an answer (its transaction undone).
async fn answered<T>(state: &AppState, outcome: Result<T, JobError>) -> Result<T, ApiError> {
    let err = match outcome {
        Ok(done) => return Ok(done),
        Err(err) => err,
    };
    Err(match err {
        JobError::Invalid(errors) => invalid(errors),
        JobError::Refused(Refused::NotFound) => ApiError::NotFound(NOT_FOUND.into()),
        JobError::Refused(Refused::NotDraft) => invalid(FieldErrors::one(
            "state",
            "This opening is no longer a draft: it saves only when you click Save.",
        )),
        JobError::Refused(Refused::AlreadyThere(state)) => ApiError::Conflict(format!(
            "This opening is {} already: reload it to see where it stands.",
            state.as_str()
        )),
        JobError::Refused(Refused::HasApplications(count)) => ApiError::Conflict(format!(
            "This opening has {count} application(s), which stay tied to it: close it instead \
             of deleting it."
        )),
        JobError::Refused(Refused::Stale {
            updated_by,
            updated_at,
            ..
        }) => {
            super::stories::saved_since(state, "job opening", updated_by.as_deref(), &updated_at)
                .await?
        }
        JobError::Store(err) => err.into(),
    })
}
