//! `/api/staff/stories/{id}/revisions...`: a story's kept revisions, behind `staff::gate` in
//! the stories' area like the rest of the editor.
//!
//! - `GET revisions`: the newest `LIST_LIMIT` (200) revisions, newest first, and how many
//!   there are: `{"data": [{number, saved_at, saved_by: {name, email}, autosave, state,
//!   title, words}], "total"}`; a run of autosaves by one person is one line
//! - `GET revisions/{number}`: one revision and its form: `{"data": {number, saved_at,
//!   saved_by, autosave, form}}`
//! - `POST revisions/{number}/restore` `{"revision": CURRENT}`: a save of the revision's text
//!   (everything but the state and the publishing time, which stay as they are now) through
//!   the save's own path: the same checks, the same answer and 409, a new revision, audited
//!   as "restored story revision N"
//!
//! An unknown story or revision is a 404 in JSON.

use serde::{Deserialize, Serialize};
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Filter;

use super::{json_response, save_form, story_id, Gate, How, NOT_FOUND};
use crate::domain::story::StoryForm;
use crate::http::plumbing::body::Body;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::staff::sign_in::gate;
use crate::http::state::AppState;
use crate::store::stories::{self, revisions, revisions::RevisionLine};

const NO_REVISION: &str = "This revision of the story is not there.";

pub(super) fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let base = || {
        warp::path("staff")
            .and(warp::path("stories"))
            .and(warp::path::param::<String>())
            .and(warp::path("revisions"))
    };
    let list = base()
        .and(warp::path::end())
        .and(crate::http::plumbing::filters::get_or_head())
        .and(state.filter())
        .and(gate(state))
        .then(
            |id: String, state, staff| async move { error::reply(list(state, staff, &id).await) },
        );
    let show = base()
        .and(warp::path::param::<String>())
        .and(warp::path::end())
        .and(crate::http::plumbing::filters::get_or_head())
        .and(state.filter())
        .and(gate(state))
        .then(|id: String, number: String, state, staff| async move {
            error::reply(show(state, staff, &id, &number).await)
        });
    let restore = base()
        .and(warp::path::param::<String>())
        .and(warp::path("restore"))
        .and(warp::path::end())
        .and(warp::post())
        .and(state.filter())
        .and(gate(state))
        .and(crate::http::plumbing::body::incoming(state.body_pace()))
        .then(
            |id: String, number: String, state, staff, headers, body| async move {
                error::reply(restore(state, staff, &id, &number, headers, body).await)
            },
        );
    list.or(show).unify().or(restore).unify().boxed()
}

/// `GET stories/{id}/revisions`: the newest revisions, newest first.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRevisions"))]
pub(crate) struct RevisionsJson<'a> {
    data: Vec<RevisionLineJson<'a>>,
    /// How many revisions the story has (the list holds the newest 200).
    total: u64,
}

/// One line of the revision list.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRevisionLine"))]
pub(crate) struct RevisionLineJson<'a> {
    /// The story's revision after this save.
    number: i64,
    /// UTC, RFC 3339.
    saved_at: &'a str,
    saved_by: SavedByJson<'a>,
    /// An autosave (a run of them by one person is one line, as of its last).
    autosave: bool,
    #[cfg_attr(test, ts(type = "StoryState"))]
    state: &'a str,
    title: &'a str,
    /// Words of the body.
    words: i64,
}

/// Who saved a revision: their name while their account is there, and their email.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRevisionAuthor"))]
pub(crate) struct SavedByJson<'a> {
    name: Option<&'a str>,
    email: &'a str,
}

/// `GET stories/{id}/revisions/{number}`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRevisionBody"))]
pub(crate) struct RevisionBody<'a> {
    data: RevisionJson<'a>,
}

/// One revision: the form as it was saved (`min_read` null when it was counted).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRevision"))]
pub(crate) struct RevisionJson<'a> {
    number: i64,
    saved_at: &'a str,
    saved_by: SavedByJson<'a>,
    autosave: bool,
    form: StoryForm,
}

/// `POST stories/{id}/revisions/{number}/restore`: the revision the story is at now.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRestoreForm"))]
#[serde(deny_unknown_fields)]
pub(crate) struct RestoreForm {
    revision: i64,
}

fn saved_by(line: &RevisionLine) -> SavedByJson<'_> {
    SavedByJson {
        name: line.saved_by_name.as_deref(),
        email: &line.saved_by,
    }
}

fn number(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| ApiError::NotFound(NO_REVISION.into()))
}

async fn list(state: AppState, staff: Gate, id: &str) -> Result<Response, ApiError> {
    staff?;
    let id = story_id(id)?;
    let (total, lines) = state
        .db
        .read(move |conn| revisions::list(conn, &id))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let data = lines
        .iter()
        .map(|line| RevisionLineJson {
            number: line.number,
            saved_at: &line.saved_at,
            saved_by: saved_by(line),
            autosave: line.autosave,
            state: &line.state,
            title: &line.title,
            words: line.words,
        })
        .collect();
    Ok(json_response(
        StatusCode::OK,
        &RevisionsJson { data, total },
    ))
}

/// The revision `number` of the story `id`, its form parsed; 404 for either unknown.
async fn revision(
    state: &AppState,
    id: &crate::domain::blog_id::BlogId,
    number: i64,
) -> Result<(RevisionLine, StoryForm, stories::Story), ApiError> {
    let lookup = id.clone();
    let (story, found) = state
        .db
        .read(move |conn| {
            Ok((
                stories::get(conn, &lookup)?,
                revisions::get(conn, &lookup, number)?,
            ))
        })
        .await?;
    let story = story.ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let (line, form) = found.ok_or_else(|| ApiError::NotFound(NO_REVISION.into()))?;
    let form = serde_json::from_str(&form).map_err(ApiError::unexpected)?;
    Ok((line, form, story))
}

async fn show(
    state: AppState,
    staff: Gate,
    id: &str,
    number_raw: &str,
) -> Result<Response, ApiError> {
    staff?;
    let id = story_id(id)?;
    let (line, form, _) = revision(&state, &id, number(number_raw)?).await?;
    Ok(json_response(
        StatusCode::OK,
        &RevisionBody {
            data: RevisionJson {
                number: line.number,
                saved_at: &line.saved_at,
                saved_by: saved_by(&line),
                autosave: line.autosave,
                form,
            },
        },
    ))
}

async fn restore(
    state: AppState,
    staff: Gate,
    id: &str,
    number_raw: &str,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let staff = staff?;
    let id = story_id(id)?;
    let number = number(number_raw)?;
    let asked: RestoreForm = crate::http::plumbing::json_body::read_json(&headers, body).await?;
    let (_, snapshot, story) = revision(&state, &id, number).await?;
    // The story's state and time as they are now: a stale `revision` is refused by the save.
    let form = snapshot.restored(story.state, story.publish_at.as_deref(), asked.revision);
    save_form(state, staff, id, asked.revision, form, How::Restore(number)).await
}
