//! What every answer gets on its way out, whichever way it was made (warp's routes or the
//! short way of `site::front`): the security headers, `Allow` on a 405, privacy for the
//! staff's paths, a log line, and its count and time in `metrics`.

use std::sync::Arc;

use warp::reply::Response;

use crate::http::plumbing::allow::allowed_methods;
use crate::http::plumbing::security;
use crate::http::state::AppState;
use crate::metrics::{Metrics, RouteGroup};

/// What every answer gets on its way out, whichever way it was made.
#[derive(Clone)]
pub struct Finish {
    security: security::SecurityHeaders,
    metrics: Arc<Metrics>,
}

impl Finish {
    pub fn new(state: &AppState) -> Finish {
        Finish {
            security: security::SecurityHeaders::new(&state.settings.media_base),
            metrics: Arc::clone(&state.metrics),
        }
    }

    /// The security headers, `Allow` on a 405 that has none yet (the staff endpoints' table
    /// sets its own), and privacy for the staff's paths.
    pub fn headers(&self, path: &str, mut response: Response) -> Response {
        if response.status() == warp::http::StatusCode::METHOD_NOT_ALLOWED
            && !response.headers().contains_key(warp::http::header::ALLOW)
        {
            if let Ok(allow) = warp::http::HeaderValue::from_str(&allowed_methods(path)) {
                response
                    .headers_mut()
                    .insert(warp::http::header::ALLOW, allow);
            }
        }
        if is_private(path) {
            keep_private(&mut response);
        }
        self.security.apply(response)
    }

    /// The request's log line and its count and time in `metrics`.
    pub fn record(
        &self,
        method: &warp::http::Method,
        path: &str,
        status: warp::http::StatusCode,
        elapsed: std::time::Duration,
    ) {
        self.metrics
            .request(RouteGroup::of(path), status.as_u16(), elapsed.as_secs_f64());
        log_request(method, path, status, elapsed);
    }
}

/// A request's log line.
pub(crate) fn log_request(
    method: &warp::http::Method,
    path: &str,
    status: warp::http::StatusCode,
    elapsed: std::time::Duration,
) {
    tracing::info!(
        %method,
        path,
        status = status.as_u16(),
        latency_ms = elapsed.as_secs_f64() * 1000.0,
        "request"
    );
}

/// The staff side: its pages and API are for one person's browser only.
fn is_private(path: &str) -> bool {
    let under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    under("/api/staff") || under("/staff") || under("/login")
}

/// Never kept by a shared cache nor by the browser, never indexed: errors included.
fn keep_private(response: &mut Response) {
    use warp::http::{header, HeaderValue};
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.remove(header::ETAG);
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
}
