//! `POST /api/visits`: the site's beacon, one page view at a time (the first load and each
//! move within the site). Answered 204 with `Cache-Control: no-store` at once, whether the
//! view is counted or not, so no cache keeps it and a visitor learns nothing from it.
//!
//! Not counted: a browser that sends Global Privacy Control (`Sec-GPC: 1`), a robot or a
//! command-line client, a prefetch, a post from another site, and any path that is not a
//! public page of the route table (staff pages included). A counted view takes the lock of
//! the visit counter for a push (`crate::store::analytics::counter`); the disk is written
//! by the server's visits thread, so the beacon never waits for it and never slows a form.
//!
//! One client address (an IPv6 /64) has at most `--visit-rate-limit` views counted a minute
//! (`AppState::visit_limit`, as the forms and searches have theirs); past it a view is not
//! counted and is answered the same 204, after `OVER_LIMIT_PAUSE`, with at most
//! `PAUSED_AT_ONCE` of a client's beacons waiting at once and the rest queued behind them.
//! Browsers never wait for a beacon's answer, so no visitor notices; a client flooding the
//! beacon, on any number of connections or HTTP/2 streams, gets 64 answers a second instead
//! of taking both cores from the forms.
//!
//! Bad input: a body over 2 KB is 413, one that is not a JSON object 400, both as JSON;
//! fields too long or malformed are dropped or make the view not counted
//! (`domain::analytics::visit`).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::net::IpAddr;
use std::time::Duration;

use tokio::sync::Semaphore;

use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::domain::analytics::visit::{excluded, HitForm};
use crate::http::plumbing::body::{self, header_text, Body};
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::json_body::read_bounded;
use crate::http::plumbing::rate_limit::client_block;
use crate::http::site::assets::public_page;
use crate::http::state::AppState;

/// The most a beacon's body may be.
pub const BEACON_LIMIT: u64 = 2048;

/// How long a beacon past its client's limit waits for its answer.
pub const OVER_LIMIT_PAUSE: Duration = Duration::from_millis(250);

/// How many beacons past their client's limit wait out their pause at once, per stripe of
/// clients; the others queue (parked, taking no CPU) until one is answered.
const PAUSED_AT_ONCE: usize = 16;

/// Clients are spread over this many stripes by their block (`client_block`): a client that
/// shares a stripe with a flooding one only waits in its queue when it is past its own limit.
const STRIPES: usize = 64;

static PAUSES: [Semaphore; STRIPES] = [const { Semaphore::const_new(PAUSED_AT_ONCE) }; STRIPES];

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    warp::path!("visits")
        .and(warp::post())
        .and(state.filter())
        .and(state.client())
        .and(body::incoming(state.body_pace()))
        .then(
            |state: AppState, client: IpAddr, headers: HeaderMap, body: Body| async move {
                let mut response = error::reply(count_view(state, client, headers, body).await);
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                response
            },
        )
        .boxed()
}

async fn count_view(
    state: AppState,
    client: IpAddr,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let bytes = read_bounded(&headers, body, BEACON_LIMIT, "page view")
        .await
        .map_err(|err| match err {
            ApiError::PayloadTooLarge(_) => {
                ApiError::PayloadTooLarge("A page view is at most 2 KB of JSON.".into())
            }
            other => other,
        })?;
    let form: HitForm = serde_json::from_slice(&bytes).map_err(|_| {
        ApiError::BadRequest("Send a page view as a JSON object: {\"p\": \"/path\"}.".into())
    })?;
    let done = StatusCode::NO_CONTENT.into_response();
    let user_agent = header_text(&headers, header::USER_AGENT).unwrap_or("");
    let purpose = header_text(&headers, header::HeaderName::from_static("sec-purpose"))
        .or_else(|| header_text(&headers, header::HeaderName::from_static("purpose")));
    let gpc = header_text(&headers, header::HeaderName::from_static("sec-gpc"));
    if excluded(gpc, purpose, user_agent).is_some() || !state.origins.is_same_site(&headers) {
        return Ok(done);
    }
    let host = header_text(&headers, header::HOST).unwrap_or("");
    let own_origin = header_text(&headers, header::ORIGIN);
    let Ok(hit) = form.check(user_agent, public_page, own_origin) else {
        return Ok(done);
    };
    // One client's views past its limit are not counted and wait for their answer: no client
    // can fill the disk, hold the writer or take the cores with beacons.
    if state.visit_limit.check(client).is_err() {
        pause(client).await;
        return Ok(done);
    }
    let now = jiff::Timestamp::now().as_second();
    if !state
        .visits
        .count(hit, now, &client.to_string(), user_agent, host)
    {
        state.metrics.visit_dropped();
    }
    Ok(done)
}

/// The wait of a beacon past its client's limit: its turn in the client's stripe, then
/// `OVER_LIMIT_PAUSE`.
async fn pause(client: IpAddr) {
    let mut hasher = DefaultHasher::new();
    client_block(client).hash(&mut hasher);
    let stripe = &PAUSES[(hasher.finish() % STRIPES as u64) as usize];
    // The semaphores are never closed: a turn is always given in the end.
    let _turn = stripe.acquire().await;
    tokio::time::sleep(OVER_LIMIT_PAUSE).await;
}
