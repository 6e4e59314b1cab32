//! `/api/staff/pages/...`: the office's page editor (area pages), every endpoint behind the
//! gate; the texts and pictures of every public page, over the defaults compiled into the
//! UI's content.
//!
//! - `GET pages`: each page of the catalog: `{"data": [{key, title, route, state, updated_at,
//!   updated_by}]}`, `state` one of default, draft, published, scheduled
//! - `GET pages/{key}`: `{"data": {schema, defaults, draft, published, revision, state,
//!   updated_at, updated_by, published_at, published_by, publish_at}}`: the fields, each
//!   one's default in the shape of an override, and the office's values by path
//! - `PUT pages/{key}` `{fields, revision, autosave?}`: the draft, whole; 409 naming who saved
//!   and when if someone saved since `revision`; 422 naming each bad field by its path, its
//!   message by its label; nothing is stored then -> `{"message", "data": {key, revision}}`
//! - `POST pages/{key}/publish` `{revision, publish_at?}`: the draft published now, or at
//!   `publish_at` (the draft as it is now; the server's scheduler publishes it then)
//! - `GET pages/{key}/revisions`, `GET pages/{key}/revisions/{number}`, `POST
//!   pages/{key}/revisions/{number}/restore` `{revision}`: as a story's
//! - `DELETE pages/{key}/fields/{path}?revision=N`: the field back to its default (out of
//!   the draft)
//! - `GET pages/{key}/preview`: the page as its saved draft shows it, the server's own render
//!   with each editable element naming its field (`data-field`), for the editor's frame;
//!   `POST pages/{key}/preview` `{fields}`: the same with fields not saved (checked as a save
//!   checks them: 422 by label). A part every page shows (the header...) is previewed on the
//!   page that shows it (home; the subscribe box on the blog), the story page with the newest
//!   story, the not-found page at a path that is no page. HTML, never cached.
//!
//! An unknown page, field or revision is a 404 in JSON. A change is an operation of
//! `office::pages`; a publish moves the content version, so the rendered pages and the edge
//! caches follow within the version watch's 0.1 s.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::FieldErrors;
use crate::domain::pages::catalog::{self, PAGES};
use crate::domain::pages::schema::{Overrides, PageSchema};
use crate::domain::pages::shown::for_the_page;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::site_url::OriginRule;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::staff::stories::revisions::{RestoreForm, SavedByJson};
use crate::http::staff::stories::saved_since;
use crate::http::state::AppState;
use crate::office;
use crate::office::pages::{How, PageError};
use crate::render::page_defaults::PageDefaults;
use crate::store::pages::{self, PageRow, RevisionLine};

const NO_REVISION: &str = "This revision of the page is not there.";
const NO_FIELD: &str = "The page has no such field.";

/// `GET pages`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageList"))]
pub(crate) struct PageListJson<'a> {
    data: Vec<PageLineJson<'a>>,
}

/// One page of the list.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageLine"))]
pub(crate) struct PageLineJson<'a> {
    key: &'static str,
    title: &'static str,
    /// None: a part every page shows (the header, the footer...).
    route: Option<&'static str>,
    #[cfg_attr(test, ts(type = "PageState"))]
    state: &'static str,
    updated_at: Option<&'a str>,
    /// The name of the account that saved last (its email if the account is gone).
    updated_by: Option<&'a str>,
}

/// `GET pages/{key}`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageBody"))]
pub(crate) struct PageBody<'a> {
    data: PageJson<'a>,
}

/// A page as the editor opens it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "Page"))]
pub(crate) struct PageJson<'a> {
    schema: &'static PageSchema,
    /// Each field's default (the UI's content), by path, in the shape of an override.
    #[cfg_attr(test, ts(type = "PageFields"))]
    defaults: &'a Overrides,
    /// The office's draft and what visitors see, by path (a path not there: its default).
    #[cfg_attr(test, ts(type = "PageFields"))]
    draft: Value,
    #[cfg_attr(test, ts(type = "PageFields"))]
    published: Value,
    /// What the next save names.
    revision: i64,
    #[cfg_attr(test, ts(type = "PageState"))]
    state: &'static str,
    updated_at: Option<&'a str>,
    updated_by: Option<&'a str>,
    published_at: Option<&'a str>,
    published_by: Option<&'a str>,
    /// When a scheduled publish goes public (UTC, RFC 3339).
    publish_at: Option<&'a str>,
}

/// `PUT pages/{key}`: the whole draft, and the revision it started from.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageDraftForm"))]
#[serde(deny_unknown_fields)]
pub(crate) struct DraftForm {
    #[cfg_attr(test, ts(type = "PageFields"))]
    fields: Map<String, Value>,
    revision: i64,
    /// The editor's own save while someone types (not audited).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    autosave: Option<bool>,
}

/// `POST pages/{key}/publish`: now, or at `publish_at` (RFC 3339).
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PagePublishForm"))]
#[serde(deny_unknown_fields)]
pub(crate) struct PublishForm {
    revision: i64,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    publish_at: Option<String>,
}

/// A page's draft saved, or its draft published or scheduled.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageSaved"))]
pub(crate) struct SavedJson {
    message: &'static str,
    data: SavedPage,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SavedPage {
    key: &'static str,
    revision: i64,
    #[cfg_attr(test, ts(type = "PageState"))]
    state: &'static str,
    publish_at: Option<String>,
}

/// `GET pages/{key}/revisions`: the newest revisions, newest first.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageRevisions"))]
pub(crate) struct RevisionsJson<'a> {
    data: Vec<RevisionLineJson<'a>>,
    /// How many revisions the page has (the list holds the newest 200).
    total: u64,
}

/// One line of a page's revision list.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageRevisionLine"))]
pub(crate) struct RevisionLineJson<'a> {
    number: i64,
    /// UTC, RFC 3339.
    saved_at: &'a str,
    saved_by: SavedByJson<'a>,
    autosave: bool,
    /// What the save did: "saved", "reset Banner: headline", "restored revision 3"...
    action: &'a str,
}

/// `GET pages/{key}/revisions/{number}`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageRevisionBody"))]
pub(crate) struct RevisionBody<'a> {
    data: RevisionJson<'a>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageRevision"))]
pub(crate) struct RevisionJson<'a> {
    #[serde(flatten)]
    line: RevisionLineJson<'a>,
    /// The draft as that save left it.
    #[cfg_attr(test, ts(type = "PageFields"))]
    fields: Value,
}

fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    warp::reply::with_status(warp::reply::json(body), status).into_response()
}

/// The page the path's `{key}` names.
fn page_of(call: &Call) -> Result<&'static PageSchema, ApiError> {
    let key = call.param("key");
    catalog::page(key)
        .ok_or_else(|| ApiError::NotFound(format!("The page editor has no page {key}.")))
}

/// A stored document of overrides, as JSON (`{}` if it cannot be read).
fn fields_of(document: &str) -> Value {
    serde_json::from_str(document).unwrap_or_else(|_| Value::Object(Map::new()))
}

fn line_of(line: &RevisionLine) -> RevisionLineJson<'_> {
    RevisionLineJson {
        number: line.number,
        saved_at: &line.saved_at,
        saved_by: SavedByJson::new(line.saved_by_name.as_deref(), &line.saved_by),
        autosave: line.autosave,
        action: &line.action,
    }
}

pub(super) async fn list(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let rows = call.state.db.read(pages::list).await?;
    let data = PAGES
        .iter()
        .map(|page| {
            let row = rows.get(page.key);
            PageLineJson {
                key: page.key,
                title: page.title,
                route: page.route,
                state: row.map_or("default", |row| row.state().as_str()),
                updated_at: row.and_then(|row| row.updated_at.as_deref()),
                updated_by: row.and_then(|row| row.updated_by.as_deref()),
            }
        })
        .collect();
    Ok(json_response(StatusCode::OK, &PageListJson { data }))
}

pub(super) async fn open(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let defaults = tokio::task::spawn_blocking(PageDefaults::bundled)
        .await
        .map_err(ApiError::unexpected)?
        .map_err(ApiError::unexpected)?;
    let row = call
        .state
        .db
        .read(move |conn| pages::get(conn, page.key))
        .await?;
    Ok(json_response(
        StatusCode::OK,
        &PageBody {
            data: page_json(page, defaults.of(page), &row),
        },
    ))
}

fn page_json<'a>(
    page: &'static PageSchema,
    defaults: &'a Overrides,
    row: &'a PageRow,
) -> PageJson<'a> {
    PageJson {
        schema: page,
        defaults,
        draft: fields_of(&row.draft),
        published: fields_of(&row.published),
        revision: row.revision,
        state: row.state().as_str(),
        updated_at: row.updated_at.as_deref(),
        updated_by: row.updated_by.as_deref(),
        published_at: row.published_at.as_deref(),
        published_by: row.published_by.as_deref(),
        publish_at: row.publish_at.as_deref(),
    }
}

pub(super) async fn save(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let form: DraftForm = call.json_within(PAGE_JSON_LIMIT).await?;
    let how = if form.autosave == Some(true) {
        How::Autosave
    } else {
        How::Save
    };
    let saved = call
        .state
        .run_office(move |db, data_dir| {
            office::pages::save(
                db,
                data_dir,
                staff.actor(),
                page,
                form.revision,
                &form.fields,
                how,
            )
        })
        .await?;
    let revision = answered(&call.state, page, saved).await?;
    saved_reply(&call.state, page, revision, "The page's draft is saved.").await
}

pub(super) async fn publish(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let form: PublishForm = call.json().await?;
    let published = call
        .state
        .run_office(move |db, _| {
            office::pages::publish(
                db,
                staff.actor(),
                page,
                form.revision,
                form.publish_at.as_deref(),
            )
        })
        .await?;
    let message = match answered(&call.state, page, published).await? {
        Some(_) => "The page's draft is scheduled to be published.",
        None => "The page is published.",
    };
    let revision = call
        .state
        .db
        .read(move |conn| Ok(pages::get(conn, page.key)?.revision))
        .await?;
    saved_reply(&call.state, page, revision, message).await
}

pub(super) async fn revisions(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let (total, lines) = call
        .state
        .db
        .read(move |conn| pages::revisions(conn, page.key))
        .await?;
    let data = lines.iter().map(line_of).collect();
    Ok(json_response(
        StatusCode::OK,
        &RevisionsJson { data, total },
    ))
}

/// The revision number the path names (404 when it is none).
fn number_of(call: &Call) -> Result<i64, ApiError> {
    call.param("number")
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| ApiError::NotFound(NO_REVISION.into()))
}

pub(super) async fn revision(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let number = number_of(&call)?;
    let (line, fields) = call
        .state
        .db
        .read(move |conn| pages::revision(conn, page.key, number))
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_REVISION.into()))?;
    Ok(json_response(
        StatusCode::OK,
        &RevisionBody {
            data: RevisionJson {
                line: line_of(&line),
                fields: fields_of(&fields),
            },
        },
    ))
}

pub(super) async fn restore(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let number = number_of(&call)?;
    let asked: RestoreForm = call.json().await?;
    let restored = call
        .state
        .run_office(move |db, data_dir| {
            office::pages::restore(db, data_dir, staff.actor(), page, number, asked.revision)
        })
        .await?;
    let revision = answered(&call.state, page, restored).await?;
    saved_reply(
        &call.state,
        page,
        revision,
        "The revision is restored as the page's draft.",
    )
    .await
}

pub(super) async fn reset_field(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let path = call.param("path").to_owned();
    if page.field(&path).is_none() {
        return Err(ApiError::NotFound(NO_FIELD.into()));
    }
    let revision = form_urlencoded::parse(call.query.as_bytes())
        .find(|(key, _)| key == "revision")
        .and_then(|(_, value)| value.parse::<i64>().ok())
        .ok_or_else(|| {
            ApiError::BadRequest("Say which revision of the page the change started from.".into())
        })?;
    let reset = call
        .state
        .run_office(move |db, _| {
            office::pages::reset_field(db, staff.actor(), page, &path, revision)
        })
        .await?;
    let revision = answered(&call.state, page, reset).await?;
    saved_reply(
        &call.state,
        page,
        revision,
        "The field is back to its default in the page's draft.",
    )
    .await
}

/// A draft: its fields' values (a page's paragraphs and lists) within 512 KiB.
const PAGE_JSON_LIMIT: u64 = 512 * 1024;

async fn saved_reply(
    state: &AppState,
    page: &'static PageSchema,
    revision: i64,
    message: &'static str,
) -> Result<Response, ApiError> {
    let row = state
        .db
        .read(move |conn| pages::get(conn, page.key))
        .await?;
    Ok(json_response(
        StatusCode::OK,
        &SavedJson {
            message,
            data: SavedPage {
                key: page.key,
                revision,
                state: row.state().as_str(),
                publish_at: row.publish_at,
            },
        },
    ))
}

/// What a page's operation answered, or why not as an answer.
async fn answered<T>(
    state: &AppState,
    page: &PageSchema,
    outcome: Result<T, PageError>,
) -> Result<T, ApiError> {
    let err = match outcome {
        Ok(done) => return Ok(done),
        Err(err) => err,
    };
    Err(match err {
        PageError::Invalid(errors) => invalid_fields(page, errors),
        PageError::Stale(stale) => {
            let at = stale.updated_at.unwrap_or_default();
            saved_since(state, "page", stale.updated_by.as_deref(), &at).await?
        }
        PageError::NoRevision => ApiError::NotFound(NO_REVISION.into()),
        PageError::NoField => ApiError::NotFound(NO_FIELD.into()),
        PageError::Store(err) => err.into(),
        err @ (PageError::Defaults(_) | PageError::Json(_)) => ApiError::unexpected(err),
    })
}

/// The 422 of a page's bad fields: each by its path, and the message naming them by label.
fn invalid_fields(page: &PageSchema, errors: FieldErrors) -> ApiError {
    let errors = errors.into_map();
    let mut labels: Vec<&str> = Vec::new();
    for path in errors.keys() {
        let label = page
            .fields
            .iter()
            .filter(|field| path.starts_with(field.path))
            .max_by_key(|field| field.path.len())
            .map_or(path.as_str(), |field| field.label);
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    ApiError::Validation {
        message: format!("Please check: {}.", labels.join(", ")),
        errors,
    }
}

/// The fields a preview shows instead of the saved draft's.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PagePreviewForm"))]
pub(crate) struct PreviewForm {
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    fields: Map<String, Value>,
}

pub(super) async fn preview(mut call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let form: PreviewForm = call.json_within(PAGE_JSON_LIMIT).await?;
    let checked = call
        .state
        .run_office(move |_, data_dir| office::pages::checked(data_dir, page, &form.fields))
        .await?;
    let fields = answered(&call.state, page, checked).await?;
    previewed(&call.state, &call.headers, page, &fields).await
}

pub(super) async fn preview_draft(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let page = page_of(&call)?;
    let row = call
        .state
        .db
        .read(move |conn| pages::get(conn, page.key))
        .await?;
    let fields: Overrides = serde_json::from_str(&row.draft).unwrap_or_default();
    previewed(&call.state, &call.headers, page, &fields).await
}

/// The page previewed with `fields` (checked).
async fn previewed(
    state: &AppState,
    headers: &HeaderMap,
    page: &PageSchema,
    fields: &Overrides,
) -> Result<Response, ApiError> {
    let settings = &state.settings;
    let media_base = settings.media_base.trim_end_matches('/');
    let shown = for_the_page(page, fields, &|path| format!("{media_base}/{path}"));
    // The subscribe box shows under a story.
    let route = match page.key {
        "subscribe" => catalog::page("story").and_then(|story| story.route),
        _ => page.route,
    };
    let path = match route {
        Some(route) if route.contains(':') => match state.blogs.newest(1).await?.first() {
            Some(post) => route.replace(":id", &post.id.to_string()),
            None => "/blogs".to_owned(),
        },
        Some(route) => route.to_owned(),
        None if page.key == "not-found" => "/page-editor/no-such-page".to_owned(),
        None => "/".to_owned(),
    };
    let rule = OriginRule {
        public_url: settings.public_url.clone(),
        trusted: Arc::new(settings.trusted_proxies.clone()),
    };
    let origin = rule.of(None, false, headers).into_owned();
    state
        .pages
        .preview(&origin, &path, page.key, shown)
        .await
        .map_err(ApiError::unexpected)
}
