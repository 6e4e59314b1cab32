//! Every route, combined in one place, with the one `recover`. This file only composes: the
//! rooms hold the handlers, by audience.
//!
//! - `site`: the public pages and files (rendered pages, sitemap/robots/feed, the UI's
//!   assets, media, and `front`, the short way for kept answers).
//! - `public_api`: the JSON API the public site and other sites call (blogs and their cache,
//!   the forms, subscriptions, the company's details and their cache, the OpenAPI document).
//! - `staff`: the office's side (sign-in and sessions, inbox, stories, media uploads, the
//!   company's details, password hashing).
//! - `plumbing`: what every answer goes through (errors, replies, bodies, limits, origins,
//!   disk room, security headers, caches, the site's URL, the marks the listener puts on a
//!   request, the filters and the finish).
//! - `health`: `/healthz` and `/metrics`, here and on the admin address.
//! - `state`: `AppState`, what every handler may need, built once, and the filters that need
//!   it (`form_post`).
//!
//! Handlers return `Result<_, ApiError>` and `error::reply` makes the response, so a
//! rejection only ever means "this route did not match". `/api/...` answers JSON, errors
//! included, and never falls back to the site's HTML. Every response gets the security
//! headers, a log line and its count and time in `metrics` (by route group).

pub mod health;
pub mod plumbing;
pub mod public_api;
pub mod site;
pub mod staff;
pub mod state;

use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::path::FullPath;
use warp::reply::Response;
use warp::{Filter, Reply};

use plumbing::filters::{get_or_head, raw_query};
use plumbing::finish::Finish;
pub use plumbing::marks::{ClientAddr, OverTls};
use plumbing::{error, site_url};
use public_api::{
    analytics, applicants, blogs, company_details, form_proof, jobs, leads, openapi, privacy,
    subscriptions,
};
use site::{assets, discovery, media};
pub use state::{AppState, Watches};

/// Everything under `/api`. Add each API area here.
fn api(state: &AppState) -> BoxedFilter<(Response,)> {
    let endpoints = blogs::routes(state)
        .or(leads::routes(state))
        .unify()
        .or(applicants::routes(state))
        .unify()
        // the forms' proof-of-work challenges
        .or(form_proof::routes(state))
        .unify()
        .or(subscriptions::routes(state))
        .unify()
        // the page-view beacon
        .or(analytics::routes(state))
        .unify()
        .or(openapi::routes(state.settings.form_proof))
        .unify()
        .or(company_details::routes(state))
        .unify()
        // the open job postings
        .or(jobs::routes(state))
        .unify()
        // the retention rules the privacy notice states
        .or(privacy::routes(state))
        .unify()
        // every staff endpoint: the rows of one table (`staff::endpoints`)
        .or(staff::dispatch::routes(state))
        .unify();
    warp::path("api").and(endpoints).boxed()
}

/// Every other GET: the site's files and pages (rendered). Paths under `/api` are not the
/// site's: they fall to the recover, which answers JSON. The path is judged before the
/// method, so an `/api` path no route has is 404 whatever the method, never a 405 whose
/// `Allow` would offer the site's GET.
fn site(state: &AppState) -> BoxedFilter<(Response,)> {
    let pages = Arc::clone(&state.pages);
    let raw_query = raw_query();
    warp::path::full()
        .and_then(|path: FullPath| async move {
            if path.as_str() == "/api" || path.as_str().starts_with("/api/") {
                Err(warp::reject::not_found())
            } else {
                Ok(path)
            }
        })
        .and(get_or_head())
        .and(raw_query)
        .and(warp::header::headers_cloned())
        .and(site_url::origin(
            state.settings.public_url.clone(),
            Arc::new(state.settings.trusted_proxies.clone()),
        ))
        .and(state.client())
        .then(
            move |path: FullPath, query: String, headers: HeaderMap, origin, client| {
                let pages = Arc::clone(&pages);
                async move {
                    match assets::file(path.as_str(), &headers) {
                        Some(file) => file,
                        None => {
                            pages
                                .answer(path.as_str(), &query, &origin, client, &headers)
                                .await
                        }
                    }
                }
            },
        )
        .boxed()
}

/// The whole application: every route, the one recover, security headers, request logs and
/// request metrics. `front::Front` answers the kept ones ahead of it (pages, hashed assets,
/// media, the blog API's kept lists and posts), the same way.
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let finish = Finish::new(state);
    let answered = api(state)
        .or(health::routes(state))
        .unify()
        .or(subscriptions::one_click(state))
        .unify()
        .or(media::routes(Arc::clone(&state.media)))
        .unify()
        .or(discovery::routes(state))
        .unify()
        .or(site(state))
        .unify()
        .recover(error::recover)
        .unify();
    let logged = finish.clone();
    warp::path::full()
        .and(answered)
        .map(move |path: FullPath, response: Response| finish.headers(path.as_str(), response))
        .with(warp::log::custom(move |info: warp::log::Info<'_>| {
            logged.record(info.method(), info.path(), info.status(), info.elapsed());
        }))
        .map(Reply::into_response)
        .boxed()
}
