//! What a row of the staff endpoint table (`staff::endpoints`) is made of, and what its
//! handler gets: the request as a `Call`. Handlers name this module, the table names the
//! handlers, and `staff::dispatch` serves the table, so no two of them name each other.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use serde::de::DeserializeOwned;
use warp::http::{HeaderMap, Method};
use warp::reply::Response;

use crate::http::plumbing::body::Body;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::json_body::{read_json, read_json_within};
use crate::http::staff::session::{self, Need, Staff};
use crate::http::state::AppState;

/// A handler's answer, boxed so that every row's handler has one type.
pub type Answer = Pin<Box<dyn Future<Output = Result<Response, ApiError>> + Send>>;

/// The methods a row takes (GET answers HEAD as well).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Get => "GET",
            Verb::Post => "POST",
            Verb::Put => "PUT",
            Verb::Patch => "PATCH",
            Verb::Delete => "DELETE",
        }
    }

    /// Whether a request's method is this verb (HEAD is a GET without its body).
    pub fn takes(self, method: &Method) -> bool {
        match self {
            Verb::Get => method == Method::GET || method == Method::HEAD,
            Verb::Post => method == Method::POST,
            Verb::Put => method == Method::PUT,
            Verb::Patch => method == Method::PATCH,
            Verb::Delete => method == Method::DELETE,
        }
    }

    /// Whether the verb changes something (and so needs the site's origin and the CSRF token).
    pub fn changes(self) -> bool {
        self != Verb::Get
    }
}

/// A row's handler: open ones get the call alone, the others the staff member the gate let
/// through as well (so a handler cannot forget to ask).
#[derive(Clone, Copy)]
pub enum Handler {
    Open(fn(Call) -> Answer),
    Staff(fn(Call, Staff) -> Answer),
}

/// One row of the table.
pub struct Endpoint {
    pub verb: Verb,
    /// `/api/staff/...`, a `{name}` segment standing for any one segment but an empty one.
    pub path: &'static str,
    pub need: Need,
    pub handler: Handler,
    /// The TypeScript type of the JSON body it takes (`""`: none).
    pub request: &'static str,
    /// The TypeScript type of its JSON answer (`"null"`: 204 No Content; `"Blob"`: a file).
    pub answer: &'static str,
    /// The generated client's name for it.
    pub name: &'static str,
}

/// A row whose handler runs without a session.
pub const fn open(
    verb: Verb,
    path: &'static str,
    handler: fn(Call) -> Answer,
    name: &'static str,
    request: &'static str,
    answer: &'static str,
) -> Endpoint {
    let handler = Handler::Open(handler);
    Endpoint {
        verb,
        path,
        need: Need::Open,
        handler,
        request,
        answer,
        name,
    }
}

/// A row behind the gate.
pub const fn staff(
    verb: Verb,
    path: &'static str,
    need: Need,
    handler: fn(Call, Staff) -> Answer,
    name: &'static str,
    request: &'static str,
    answer: &'static str,
) -> Endpoint {
    let handler = Handler::Staff(handler);
    Endpoint {
        verb,
        path,
        need,
        handler,
        request,
        answer,
        name,
    }
}

/// A request on its way to a row's handler.
pub struct Call {
    pub state: AppState,
    /// The client's address (trusted proxies applied).
    pub client: IpAddr,
    pub headers: HeaderMap,
    /// The raw query string (`""` without one).
    pub query: String,
    params: Vec<(&'static str, String)>,
    body: Option<Body>,
}

impl Call {
    pub(crate) fn new(
        state: AppState,
        client: IpAddr,
        headers: HeaderMap,
        query: String,
        params: Vec<(&'static str, String)>,
        body: Body,
    ) -> Call {
        Call {
            state,
            client,
            headers,
            query,
            params,
            body: Some(body),
        }
    }

    /// The path's `{name}` segment. Every row's handler asks only for the names its path has
    /// (the role walk calls every row, so a wrong name shows as a 500 there).
    pub fn param(&self, name: &str) -> &str {
        self.params
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value.as_str())
            .unwrap_or_else(|| panic!("no {{{name}}} in this row's path"))
    }

    /// The body, once.
    pub fn take_body(&mut self) -> Body {
        self.body
            .take()
            .unwrap_or_else(|| Box::pin(futures_util::stream::empty()))
    }

    /// The JSON body, at most `json_body::JSON_LIMIT` bytes.
    pub async fn json<T: DeserializeOwned>(&mut self) -> Result<T, ApiError> {
        let body = self.take_body();
        read_json(&self.headers, body).await
    }

    /// The JSON body, at most `limit` bytes (a story's long text).
    pub async fn json_within<T: DeserializeOwned>(&mut self, limit: u64) -> Result<T, ApiError> {
        let body = self.take_body();
        read_json_within(&self.headers, body, limit).await
    }

    /// Starts a session for account `staff_id` (`email`) on this call's client and browser,
    /// audited as `action` (`session::start_session`), and answers it with its cookie: a
    /// handler's last step.
    pub async fn start_session(
        self,
        staff_id: i64,
        email: &str,
        action: &'static str,
        factor_given: bool,
        now: i64,
    ) -> Result<Response, ApiError> {
        session::start_session(
            &self.state,
            staff_id,
            email,
            &self.client.to_string(),
            &session::user_agent(&self.headers),
            session::is_https(&self.state, &self.headers),
            action,
            factor_given,
            now,
        )
        .await
    }
}
