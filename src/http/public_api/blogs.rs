//! The blog API the site calls; its paths and JSON shapes are a contract, kept exactly:
//!
//! - `GET /api/corp_website/blogs/get?page=&text=` one page of blogs, newest first, or the
//!   best matches of `text`: `{"data":{"datas":[...],"pagination":{total,limit,page,pages}}}`.
//! - `GET /api/corp_website/blogs/get/{id}` one blog: `{"data":{"datas":[blog]}}`, or 404
//!   `{"data":{"datas":[]},"message":"..."}`.
//!
//! The query string is parsed here, leniently: a bad `page` is clamped and odd `text` is
//! made safe, so no query answers an error. List answers are cached per (page, text) until
//! the blog version counter moves; the server's background thread watches the counter
//! (`AppState::blog_version`), so a request never runs SQLite on the async threads to check
//! it, and any process's writes (the command line's included) show within a poll. What is
//! kept (a list page, a search, a found post) is also answered ahead of the filters
//! (`kept`, for `site::front`), by the same look-up and the same reply.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;

use bytes::Bytes;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::{json_bytes, tagged};
use crate::http::public_api::blog_cache::{BlogApi, DetailBody, DetailData};
use crate::http::state::AppState;

const NOT_FOUND_MESSAGE: &str = "We couldn't find the blog based on your search";

/// The path of the list; a post's is below it (`/{id}`).
const LIST_PATH: &str = "/api/corp_website/blogs/get";

/// The answer of `routes` to a GET or HEAD of `path?query` when the blog API keeps it (a page
/// of the list or a search, or a post, at the current version); None when it does not, and
/// `routes` is to answer. `front::Front` answers with it ahead of the filters.
pub fn kept(api: &BlogApi, path: &str, query: &str, request: &HeaderMap) -> Option<Response> {
    let rest = path.strip_prefix(LIST_PATH)?;
    let (etag, body) = if rest.is_empty() {
        let (page, text) = list_query(query);
        api.kept_list(page.as_deref(), text.as_deref())?
    } else {
        let id = rest.strip_prefix('/').filter(|id| !id.contains('/'))?;
        api.kept_post(id)?
    };
    Some(found(&body, &etag, request))
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let api = Arc::clone(&state.blogs);
    let with_api = warp::any().map(move || Arc::clone(&api));
    let raw_query = crate::http::plumbing::filters::raw_query();

    let list = warp::path!("corp_website" / "blogs" / "get")
        .and(get_or_head())
        .and(with_api.clone())
        .and(state.client())
        .and(raw_query)
        .and(warp::header::headers_cloned())
        .then(|api, client, query, headers| async move {
            error::reply(list(api, client, query, headers).await)
        });
    let detail = warp::path!("corp_website" / "blogs" / "get" / String)
        .and(get_or_head())
        .and(with_api)
        .and(warp::header::headers_cloned())
        .then(|id, api, headers| async move { error::reply(detail(id, api, headers).await) });
    list.or(detail).unify().boxed()
}

async fn list(
    api: Arc<BlogApi>,
    client: IpAddr,
    query: String,
    request: HeaderMap,
) -> Result<Response, ApiError> {
    let (page, text) = list_query(&query);
    let (etag, body) = api
        .list_json(client, page.as_deref(), text.as_deref())
        .await?;
    Ok(found(&body, &etag, &request))
}

/// The list's `page` and `text` in a query string: the first of each, any other key ignored.
fn list_query(query: &str) -> (Option<Cow<'_, str>>, Option<Cow<'_, str>>) {
    let mut page = None;
    let mut text = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "page" if page.is_none() => page = Some(value),
            "text" if text.is_none() => text = Some(value),
            _ => {}
        }
    }
    (page, text)
}

async fn detail(id: String, api: Arc<BlogApi>, request: HeaderMap) -> Result<Response, ApiError> {
    Ok(match api.detail_json(&id).await? {
        Some((etag, body)) => found(&body, &etag, &request),
        None => not_found(),
    })
}

/// A list page or a post, 200 with its tag (304 when the client has it).
fn found(body: &Bytes, etag: &HeaderValue, request: &HeaderMap) -> Response {
    tagged(StatusCode::OK, JSON, body, etag, request)
}

const JSON: &str = "application/json";

fn not_found() -> Response {
    let body = DetailBody {
        data: DetailData { datas: Vec::new() },
        message: Some(NOT_FOUND_MESSAGE),
    };
    match serde_json::to_vec(&body) {
        Ok(bytes) => json_bytes(StatusCode::NOT_FOUND, Bytes::from(bytes)),
        Err(err) => ApiError::unexpected(err).into_response(),
    }
}
