//! `/api/staff/stories/...`: the story editor, every endpoint behind `staff::gate`.
//!
//! - `GET stories?q&page`: every story (drafts and scheduled ones too), newest first or best
//!   match first, `{"data": [...], "pagination": {"total", "limit", "page"}}`
//! - `GET stories/choices`: tags and authors in use, for the pickers, and how many confirmed
//!   readers a story published now is mailed to (`readers`)
//! - `POST stories/preview` `{body, format}`: the body as visitors would get it, through the
//!   server's own sanitizer: `{"html", "min_read"}`; 422 naming `body` when a save would
//!   refuse it for its length or its nesting
//! - `GET stories/{id}`: the story as the editor opens it, with its `revision`
//! - `POST stories`: a new story (the editor's form) -> 201 `{"data": {"_id", "revision"}}`
//! - `PUT stories/{id}`: a save, naming the revision it started from; 409 when someone saved
//!   it since, 422 naming every bad field; nothing is stored then. With `"autosave": true`
//!   the editor's own save of a draft (422 naming `state` unless the story is and stays a
//!   draft)
//! - `DELETE stories/{id}?revision=N`: deletes it and the media only it used
//! - `stories/{id}/revisions...`: its kept revisions, one's form, and restoring one
//!   (`revisions`)
//!
//! A story's state (draft, scheduled, published) is part of its form: publishing,
//! scheduling and unpublishing are saves. Every save keeps a revision (`store::stories::
//! revisions`), and every change but an autosave is in the audit log, in the same
//! transaction; a change to a published story shows on the public site within the blog
//! version watch's 0.1 s.
//!
//! A change is an operation of `office::stories` (create, save, restore, delete): one
//! transaction, named by `stories::rippled` (the blogs table's triggers move the content
//! version the public caches key on and queue the story mails when a story turns public;
//! the operation logs both), then the media nothing uses any more deleted. After the commit,
//! the version watch hands the new version to the caches and the mail sender finds the
//! queued mails.

pub(crate) mod revisions;

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::blog_id::BlogId;
use crate::domain::fields::FieldErrors;
use crate::domain::post_file::BodyFormat;
use crate::domain::reading_time::min_read;
use crate::domain::sanitize::DisplaySanitizer;
use crate::domain::search::SearchText;
use crate::domain::story::{self, StoryForm, AUTOSAVE_DRAFTS_ONLY, MAX_BODY};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::office;
use crate::office::stories::{How, StoryError};
use crate::store::stories::{self, Refused, Story, StoryLine, PAGE_SIZE};

const NOT_FOUND: &str = "This story is not there any more (it may have been deleted).";
const NO_REVISION: &str = "This revision of the story is not there.";

/// `GET stories`: one page of the list.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryPage"))]
pub(crate) struct PageJson<'a> {
    data: Vec<LineJson<'a>>,
    pagination: Pagination,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryPagination"))]
pub(crate) struct Pagination {
    total: u64,
    limit: u32,
    page: u32,
}

/// One line of the list.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryLine"))]
pub(crate) struct LineJson<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    title: &'a str,
    #[cfg_attr(test, ts(type = "StoryState"))]
    state: &'static str,
    date: &'a str,
    publish_at: Option<&'a str>,
    updated_at: &'a str,
    updated_by: Option<&'a str>,
}

impl<'a> LineJson<'a> {
    fn new(line: &'a StoryLine) -> LineJson<'a> {
        LineJson {
            id: line.id.as_str(),
            title: &line.title,
            state: line.state.as_str(),
            date: &line.date,
            publish_at: line.publish_at.as_deref(),
            updated_at: &line.updated_at,
            updated_by: line.updated_by.as_deref(),
        }
    }
}

/// `GET stories/{id}`: the story as the editor opens it, and the reading time its words
/// give now (the hint of an empty `min_read`; beside `data`, which is the form sent back).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryBody"))]
pub(crate) struct StoryBody<'a> {
    data: StoryJson<'a>,
    counted_min_read: String,
}

/// A story as the editor opens it: its form's fields as stored, its revision and who saved
/// it last.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "Story"))]
pub(crate) struct StoryJson<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    title: &'a str,
    motive: &'a str,
    tags: &'a [String],
    author: Option<&'a str>,
    author_photo: Option<&'a str>,
    date: &'a str,
    color: &'a str,
    image: Option<&'a str>,
    /// As typed; null when it is counted from the words (at every save).
    min_read: Option<&'a str>,
    body: &'a str,
    #[cfg_attr(test, ts(type = "BodyFormat"))]
    format: &'static str,
    #[cfg_attr(test, ts(type = "StoryState"))]
    state: &'static str,
    publish_at: Option<&'a str>,
    revision: i64,
    updated_at: &'a str,
    updated_by: Option<&'a str>,
}

impl<'a> StoryJson<'a> {
    fn new(story: &'a Story) -> StoryJson<'a> {
        StoryJson {
            id: story.id.as_str(),
            title: &story.title,
            motive: &story.motive,
            tags: &story.tags,
            author: story.author.as_deref(),
            author_photo: story.author_photo.as_deref(),
            date: &story.date,
            color: &story.color,
            image: story.image.as_deref(),
            min_read: (!story.min_read_counted).then_some(story.min_read.as_str()),
            body: &story.body,
            format: story.format.as_str(),
            state: story.state.as_str(),
            publish_at: story.publish_at.as_deref(),
            revision: story.revision,
            updated_at: &story.updated_at,
            updated_by: story.updated_by.as_deref(),
        }
    }
}

/// `GET stories/choices`: the tags and authors in use, for the pickers.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryChoices"))]
pub(crate) struct ChoicesJson<'a> {
    tags: &'a [String],
    authors: Vec<AuthorJson<'a>>,
    /// Confirmed readers: whom a story's mail reaches when it is published now.
    readers: i64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryAuthor"))]
pub(crate) struct AuthorJson<'a> {
    name: &'a str,
    profile_photo: Option<&'a str>,
}

/// `POST stories/preview`: the body as visitors would get it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Preview {
    html: String,
    min_read: String,
}

/// A story created or saved: the revision the next save must name.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Saved<'a> {
    message: &'static str,
    data: SavedStory<'a>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SavedStory<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    revision: i64,
}

/// A story deleted.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Deleted {
    message: &'static str,
}

const SAVED: &str = "The story is saved.";

fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    warp::reply::with_status(warp::reply::json(body), status).into_response()
}

fn story_id(raw: &str) -> Result<BlogId, ApiError> {
    BlogId::parse(raw).ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

pub(super) async fn list(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let mut text = String::new();
    let mut page = 1u32;
    for (key, value) in form_urlencoded::parse(call.query.as_bytes()) {
        match &*key {
            "q" => text = value.into_owned(),
            "page" => {
                page = value
                    .parse::<u32>()
                    .ok()
                    .filter(|p| (1..=10_000).contains(p))
                    .ok_or_else(|| {
                        ApiError::BadRequest("The page must be a number from 1 to 10000.".into())
                    })?
            }
            _ => {}
        }
    }
    let search = SearchText::parse(&text);
    let (total, lines) = call
        .state
        .db
        .read(move |conn| stories::list(conn, search.as_ref(), page))
        .await?;
    Ok(json_response(
        StatusCode::OK,
        &PageJson {
            data: lines.iter().map(LineJson::new).collect(),
            pagination: Pagination {
                total,
                limit: PAGE_SIZE,
                page,
            },
        },
    ))
}

pub(super) async fn choices(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let (choices, readers) = call
        .state
        .db
        .read(|conn| {
            let readers = crate::store::readers::counts(conn)?.confirmed;
            Ok((stories::choices(conn)?, readers))
        })
        .await?;
    let authors = choices
        .authors
        .iter()
        .map(|author| AuthorJson {
            name: &author.name,
            profile_photo: author.profile_photo.as_deref(),
        })
        .collect();
    Ok(json_response(
        StatusCode::OK,
        &ChoicesJson {
            tags: &choices.tags,
            authors,
            readers,
        },
    ))
}

/// `POST stories/preview`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub(crate) struct PreviewForm {
    body: String,
    #[cfg_attr(test, ts(type = "BodyFormat"))]
    format: String,
}

pub(super) async fn preview(mut call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let form: PreviewForm = read_json_large(&mut call).await?;
    let format = BodyFormat::parse(&form.format)
        .ok_or_else(|| invalid(FieldErrors::one("format", "Choose Markdown or HTML.")))?;
    let display = DisplaySanitizer::new(&call.state.settings.media_base);
    let (html, min_read) =
        tokio::task::spawn_blocking(move || story::preview(&form.body, format, &display))
            .await
            .map_err(ApiError::unexpected)?
            .map_err(invalid)?;
    Ok(json_response(StatusCode::OK, &Preview { html, min_read }))
}

pub(super) async fn open(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let story = call
        .state
        .db
        .read(move |conn| stories::get(conn, &id))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    Ok(json_response(
        StatusCode::OK,
        &StoryBody {
            data: StoryJson::new(&story),
            counted_min_read: min_read(story.words),
        },
    ))
}

pub(super) async fn create(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: StoryForm = read_json_large(&mut call).await?;
    if form.is_autosave() {
        return Err(ApiError::BadRequest(
            "Only a story that is there may be autosaved: create it first.".into(),
        ));
    }
    let created = call
        .state
        .run_office(move |db, data_dir| office::stories::create(db, data_dir, staff.actor(), form))
        .await?;
    let (id, revision) = answered(&call.state, created).await?;
    Ok(saved_response(StatusCode::CREATED, &id, revision))
}

fn saved_response(status: StatusCode, id: &BlogId, revision: i64) -> Response {
    json_response(
        status,
        &Saved {
            message: SAVED,
            data: SavedStory {
                id: id.as_str(),
                revision,
            },
        },
    )
}

pub(super) async fn save(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let form: StoryForm = read_json_large(&mut call).await?;
    let revision = form.revision.ok_or_else(|| {
        ApiError::BadRequest("Say which revision of the story this save started from.".into())
    })?;
    let how = if form.is_autosave() {
        How::Autosave
    } else {
        How::Save
    };
    let saved_id = id.clone();
    let saved = call
        .state
        .run_office(move |db, data_dir| {
            office::stories::save(db, data_dir, staff.actor(), saved_id, revision, form, how)
        })
        .await?;
    let revision = answered(&call.state, saved).await?;
    Ok(saved_response(StatusCode::OK, &id, revision))
}

pub(super) async fn delete(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = story_id(call.param("id"))?;
    let revision = form_urlencoded::parse(call.query.as_bytes())
        .find(|(key, _)| key == "revision")
        .and_then(|(_, value)| value.parse::<i64>().ok())
        .ok_or_else(|| {
            ApiError::BadRequest("Say which revision of the story is to be deleted.".into())
        })?;
    let deleted = call
        .state
        .run_office(move |db, data_dir| {
            office::stories::delete(db, data_dir, staff.actor(), id, revision)
        })
        .await?;
    answered(&call.state, deleted).await?;
    Ok(json_response(
        StatusCode::OK,
        &Deleted {
            message: "The story is deleted.",
        },
    ))
}

/// What an operation on a story answered, or why not as an answer: a newer save is named by
/// who made it and when, on the office's clock.
async fn answered<T>(state: &AppState, outcome: Result<T, StoryError>) -> Result<T, ApiError> {
    let err = match outcome {
        Ok(done) => return Ok(done),
        Err(err) => err,
    };
    Err(match err {
        StoryError::Invalid(errors) => invalid(errors),
        StoryError::Refused(Refused::NotFound) => ApiError::NotFound(NOT_FOUND.into()),
        StoryError::Refused(Refused::NotDraft) => invalid(FieldErrors::one(
            "state",
            format!("This story is no longer a draft. {AUTOSAVE_DRAFTS_ONLY}"),
        )),
        StoryError::Refused(Refused::Stale {
            updated_by,
            updated_at,
            ..
        }) => saved_since(state, "story", updated_by.as_deref(), &updated_at).await?,
        StoryError::NoRevision => ApiError::NotFound(NO_REVISION.into()),
        StoryError::Form(err) => ApiError::unexpected(err),
        StoryError::Store(err) => err.into(),
    })
}

/// The 409 of a change that a newer save of the same `thing` (a story, a page) overtook:
/// who saved it and when, on the office's clock.
pub(super) async fn saved_since(
    state: &AppState,
    thing: &str,
    updated_by: Option<&str>,
    updated_at: &str,
) -> Result<ApiError, ApiError> {
    let zone = state.office_zone().await?;
    Ok(ApiError::Conflict(format!(
        "This {thing} was saved by {} at {} after you opened it, so your changes were not saved. \
         Copy them, reload the {thing}, and make them again.",
        updated_by.unwrap_or("someone else"),
        zone.for_people(updated_at)
            .unwrap_or_else(|| updated_at.to_owned()),
    )))
}

/// A story's form: JSON, bounded by the longest body plus room for the other fields.
async fn read_json_large<T: serde::de::DeserializeOwned>(call: &mut Call) -> Result<T, ApiError> {
    call.json_within((MAX_BODY + 64 * 1024) as u64).await
}
