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
//!   the save's own path (`office::stories::restore`): the same checks, the same answer and
//!   409, a new revision, audited as "restored story revision N"
//!
//! An unknown story or revision is a 404 in JSON.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;

use super::{answered, json_response, saved_response, story_id, NOT_FOUND, NO_REVISION};
use crate::domain::story::StoryForm;
use crate::http::plumbing::error::ApiError;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::office;
use crate::office::stories::read_revision;
use crate::store::stories::{revisions, revisions::RevisionLine};

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

/// `POST .../revisions/{number}/restore` (a story's, a page's): the revision the story or
/// page is at now.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRestoreForm"))]
#[serde(deny_unknown_fields)]
pub(crate) struct RestoreForm {
    pub(crate) revision: i64,
}

impl<'a> SavedByJson<'a> {
    /// Who saved a revision (a story's, a page's): the account's name while it is there.
    pub(crate) fn new(name: Option<&'a str>, email: &'a str) -> SavedByJson<'a> {
        SavedByJson { name, email }
    }
}

fn saved_by(line: &RevisionLine) -> SavedByJson<'_> {
    SavedByJson::new(line.saved_by_name.as_deref(), &line.saved_by)
}

fn number(raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| ApiError::NotFound(NO_REVISION.into()))
}

pub(in crate::http::staff) async fn list(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let (total, lines) = call
        .state
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

pub(in crate::http::staff) async fn show(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let number = number(call.param("number"))?;
    let found = call
        .state
        .db
        .read(move |conn| Ok(read_revision(conn, &id, number)))
        .await?;
    let (line, form, _) = answered(&call.state, found).await?;
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

pub(in crate::http::staff) async fn restore(
    mut call: Call,
    staff: Staff,
) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let number = number(call.param("number"))?;
    let asked: RestoreForm = call.json().await?;
    let restored_id = id.clone();
    let restored = call
        .state
        .run_office(move |db, data_dir| {
            office::stories::restore(
                db,
                data_dir,
                staff.actor(),
                restored_id,
                number,
                asked.revision,
            )
        })
        .await?;
    let revision = answered(&call.state, restored).await?;
    Ok(saved_response(StatusCode::OK, &id, revision))
}
