//! Every route, combined in one place.
//!
//! `/api/...` always answers JSON (its own recover: never the site's HTML), the site's paths
//! answer the embedded UI, and every response gets the security headers and a log line.

pub mod applicants;
pub mod assets;
pub mod blogs;
pub mod body_timeout;
pub mod error;
pub mod json_body;
pub mod leads;
pub mod media;
pub mod rate_limit;
pub mod response_cache;
pub mod security;

use std::net::SocketAddr;
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::path::FullPath;
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::config::Settings;
use crate::store::Db;
use assets::IndexPage;

/// The client's address, put on each request by the server (warp's own `addr::remote()`
/// only works under `warp::serve`).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub SocketAddr);

/// What every handler may need.
#[derive(Clone)]
pub struct AppState {
    pub db: Arc<Db>,
    pub settings: Arc<Settings>,
    pub index: Arc<IndexPage>,
}

impl AppState {
    pub fn new(db: Arc<Db>, settings: Settings) -> AppState {
        let index = IndexPage::render("/api", &settings.media_base);
        AppState {
            db,
            settings: Arc::new(settings),
            index: Arc::new(index),
        }
    }
}

/// GET, or HEAD (hyper sends HEAD answers without their body).
pub fn get_or_head() -> BoxedFilter<()> {
    warp::get().or(warp::head()).unify().boxed()
}

/// Everything under `/api`. Add each API area here.
fn api(state: &AppState) -> BoxedFilter<(Response,)> {
    // The recover sits inside the prefix: whatever fails under /api answers JSON here and
    // never falls through to the site's HTML. warp ranks a wrong method (405) above an
    // unknown path (404), so both come out right.
    let endpoints = blogs::routes(state)
        .or(leads::routes(state))
        .unify()
        .recover(error::recover)
        .unify();
    warp::path("api").and(endpoints).boxed()
}

fn site(state: &AppState) -> BoxedFilter<(Response,)> {
    let index = Arc::clone(&state.index);
    get_or_head()
        .and(warp::path::full())
        .and(warp::header::headers_cloned())
        .map(move |path: FullPath, headers: HeaderMap| {
            assets::serve(&index, path.as_str(), &headers)
        })
        .boxed()
}

/// The whole application: every route, the JSON recover, security headers and request logs.
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let security = security::SecurityHeaders::new(&state.settings.media_base);
    api(state)
        .or(media::routes(state))
        .unify()
        .or(site(state))
        .unify()
        .recover(error::recover)
        .unify()
        .map(move |response: Response| security.apply(response))
        .with(warp::log::custom(log_request))
        .map(Reply::into_response)
        .boxed()
}

fn log_request(info: warp::log::Info<'_>) {
    tracing::info!(
        method = %info.method(),
        path = info.path(),
        status = info.status().as_u16(),
        latency_ms = info.elapsed().as_secs_f64() * 1000.0,
        "request"
    );
}
