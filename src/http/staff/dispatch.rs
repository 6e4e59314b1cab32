//! How a row of the staff endpoint table (`staff::endpoints`) becomes an answer: one warp
//! filter for every path under `/api/staff`, which finds the row of the path and method,
//! asks the gate for what the row needs, and calls its handler with a `Call`.
//!
//! - A path no row has is 404; a path whose rows take other methods is 405, and `Allow`
//!   names theirs (`allowed`). GET rows answer HEAD too.
//! - An open row (no session) that changes something must come from the site's own pages
//!   (403 otherwise), as a session's change must (`session::check`).
//! - Literal segments win over `{param}` ones: the first row in table order that matches
//!   the path and the method is the one (`stories/choices` before `stories/{id}`).

use std::net::IpAddr;

use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, Method};
use warp::path::FullPath;
use warp::reply::Response;
use warp::Filter;

use crate::domain::inbox::InboxList;
use crate::http::plumbing::body::{self, Body};
use crate::http::plumbing::error::{self, ApiError, WrongMethod};
use crate::http::plumbing::filters::raw_query;
use crate::http::staff::call::{Call, Endpoint, Handler, Verb};
use crate::http::staff::endpoints::ENDPOINTS;
use crate::http::staff::session::{self, Need, NOT_FROM_SITE};
use crate::http::state::AppState;

/// One trailing slash is the same path, as warp's `path::end` has it.
fn trimmed(path: &str) -> &str {
    path.strip_suffix('/')
        .filter(|p| !p.is_empty())
        .unwrap_or(path)
}

/// The `{name}` values of `path` if it has `pattern`'s segments.
fn matches(path: &str, pattern: &'static str) -> Option<Vec<(&'static str, String)>> {
    let mut params = Vec::new();
    let mut segments = path.split('/');
    let mut parts = pattern.split('/');
    loop {
        match (segments.next(), parts.next()) {
            (None, None) => return Some(params),
            (Some(segment), Some(part)) if part.starts_with('{') && part.ends_with('}') => {
                if segment.is_empty() {
                    return None;
                }
                let value = percent_encoding::percent_decode_str(segment)
                    .decode_utf8()
                    .ok()?
                    .into_owned();
                params.push((&part[1..part.len() - 1], value));
            }
            (Some(segment), Some(part)) if segment == part => {}
            _ => return None,
        }
    }
}

/// What the table has for a path and method.
enum Found {
    Row(&'static Endpoint, Vec<(&'static str, String)>),
    /// Rows have the path, none the method.
    OtherMethods,
    Nothing,
}

fn find(path: &str, method: &Method) -> Found {
    let path = trimmed(path);
    let mut path_known = false;
    for row in ENDPOINTS {
        if let Some(params) = matches(path, row.path) {
            if row.verb.takes(method) {
                return Found::Row(row, params);
            }
            path_known = true;
        }
    }
    if path_known {
        Found::OtherMethods
    } else {
        Found::Nothing
    }
}

/// The methods the table's rows take at `path` (empty when no row has it), HEAD with GET.
pub(crate) fn allowed(path: &str) -> Vec<&'static str> {
    let path = trimmed(path);
    let mut methods = Vec::new();
    for row in ENDPOINTS {
        if matches(path, row.path).is_some() {
            methods.push(row.verb.as_str());
            if row.verb == Verb::Get {
                methods.push("HEAD");
            }
        }
    }
    methods
}

/// What the gate is asked for a row: `Need::List` as the area of the path's `{list}` (None:
/// a list that does not exist, nothing here once the session checked out).
fn required(row: &Endpoint, params: &[(&'static str, String)]) -> Option<Need> {
    match row.need {
        Need::List => params
            .iter()
            .find(|(name, _)| *name == "list")
            .and_then(|(_, value)| InboxList::parse(value))
            .map(|list| Need::Area(list.area())),
        need => Some(need),
    }
}

/// The rows of the table, as warp filters: every path under `/api/staff` (mounted under
/// `/api`). A path no row has falls through to the one recover (404 JSON).
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    warp::path("staff")
        .and(warp::path::full())
        .and(warp::method())
        // The row is found before the body is taken: a path the table does not have is
        // left whole to the routes after this one.
        .and_then(|path: FullPath, method: Method| async move {
            match find(path.as_str(), &method) {
                Found::Row(row, params) => Ok((row, params)),
                Found::OtherMethods => {
                    Err(warp::reject::custom(WrongMethod(allowed(path.as_str()))))
                }
                Found::Nothing => Err(warp::reject::not_found()),
            }
        })
        .untuple_one()
        .and(raw_query())
        .and(state.filter())
        .and(state.client())
        .and(body::incoming(state.body_pace()))
        .then(
            |row: &'static Endpoint,
             params: Vec<(&'static str, String)>,
             query: String,
             state: AppState,
             client: IpAddr,
             headers: HeaderMap,
             body: Body| async move {
                error::reply(answer(row, params, state, client, query, headers, body).await)
            },
        )
        .boxed()
}

async fn answer(
    row: &'static Endpoint,
    params: Vec<(&'static str, String)>,
    state: AppState,
    client: IpAddr,
    query: String,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    match row.handler {
        Handler::Open(handler) => {
            if row.verb.changes() && !state.origins.is_same_site(&headers) {
                return Err(ApiError::Forbidden(NOT_FROM_SITE.into()));
            }
            handler(Call::new(state, client, headers, query, params, body)).await
        }
        Handler::Staff(handler) => {
            let need = required(row, &params);
            let staff = session::check(&state, client, &headers, need, row.verb.changes()).await?;
            handler(
                Call::new(state, client, headers, query, params, body),
                staff,
            )
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::Area;

    #[test]
    fn a_param_is_one_segment_that_is_not_empty_and_is_read_decoded() {
        assert_eq!(
            matches("/a/x%20y/b", "/a/{id}/b"),
            Some(vec![("id", "x y".to_owned())])
        );
        assert!(matches("/a//b", "/a/{id}/b").is_none());
        assert!(matches("/a/x/y/b", "/a/{id}/b").is_none());
        assert!(matches("/a/x", "/a/{id}/b").is_none());
        assert!(matches("/a/x/b/", "/a/{id}/b").is_none());
    }

    #[test]
    fn every_row_is_a_staff_path_with_one_row_per_path_and_method() {
        let mut seen = std::collections::HashSet::new();
        for row in ENDPOINTS {
            assert!(row.path.starts_with("/api/staff/"), "{}", row.path);
            assert!(
                seen.insert((row.verb, row.path)),
                "{} {} has two rows",
                row.verb.as_str(),
                row.path
            );
            assert_eq!(
                row.need == Need::Open,
                matches!(row.handler, Handler::Open(_)),
                "{}: an open row has an open handler, and only it",
                row.path
            );
            assert_eq!(
                row.need == Need::List,
                row.path.contains("{list}"),
                "{}: a list's area is read from its {{list}}",
                row.path
            );
        }
        let mut names = std::collections::HashSet::new();
        for row in ENDPOINTS {
            assert!(names.insert(row.name), "two rows are named {}", row.name);
        }
    }

    #[test]
    fn a_path_allows_the_methods_of_every_row_it_matches() {
        let cases = [
            ("/api/staff/stories", "GET, HEAD, POST"),
            ("/api/staff/stories/", "GET, HEAD, POST"),
            ("/api/staff/stories/choices", "GET, HEAD, PUT, DELETE"),
            ("/api/staff/stories/preview", "GET, HEAD, POST, PUT, DELETE"),
            ("/api/staff/stories/abc", "GET, HEAD, PUT, DELETE"),
            ("/api/staff/inbox/enquiries", "GET, HEAD"),
            ("/api/staff/inbox/enquiries/export.csv", "GET, HEAD, DELETE"),
            (
                "/api/staff/inbox/subscribers/export.xlsx",
                "GET, HEAD, DELETE",
            ),
            ("/api/staff/inbox/enquiries/abc", "GET, HEAD, DELETE"),
            ("/api/staff/inbox/enquiries/bulk", "GET, HEAD, POST, DELETE"),
            // One row a path: a resume is only read.
            ("/api/staff/inbox/applicants/abc/resume", "GET, HEAD"),
            ("/api/staff/inbox/enquiries/abc/notes", "POST"),
            ("/api/staff/account/digest", "GET, HEAD, PUT"),
        ];
        for (path, methods) in cases {
            assert_eq!(
                crate::http::plumbing::allow::joined(&allowed(path)),
                methods,
                "{path}"
            );
        }
    }

    #[test]
    fn a_path_requires_the_area_of_what_it_names() {
        let cases = [
            (
                "/api/staff/stories/abc",
                Method::GET,
                Some(Need::Area(Area::Stories)),
            ),
            (
                "/api/staff/inbox/enquiries",
                Method::GET,
                Some(Need::Area(Area::Enquiries)),
            ),
            (
                "/api/staff/inbox/subscribers/abc/notes",
                Method::POST,
                Some(Need::Area(Area::Subscribers)),
            ),
            (
                "/api/staff/inbox/applicants/abc/resume",
                Method::GET,
                Some(Need::Area(Area::Applicants)),
            ),
            (
                "/api/staff/assignees/applicants",
                Method::GET,
                Some(Need::Area(Area::Applicants)),
            ),
            ("/api/staff/inbox/everyone", Method::GET, None),
            (
                "/api/staff/account/digest",
                Method::PUT,
                Some(Need::Account),
            ),
            ("/api/staff/session", Method::GET, Some(Need::Session)),
            ("/api/staff/login", Method::POST, Some(Need::Open)),
            (
                "/api/staff/team/accounts/7/roles",
                Method::PUT,
                Some(Need::Area(Area::Team)),
            ),
        ];
        for (path, method, required_here) in cases {
            let Found::Row(row, params) = find(path, &method) else {
                panic!("no row for {method} {path}")
            };
            assert_eq!(required(row, &params), required_here, "{method} {path}");
        }
    }

    #[test]
    fn a_literal_row_wins_over_a_param_row_written_after_it() {
        let Found::Row(row, _) = find("/api/staff/stories/choices", &Method::GET) else {
            panic!("no row")
        };
        assert_eq!(row.path, "/api/staff/stories/choices");
        let Found::Row(row, params) = find("/api/staff/stories/choices", &Method::PUT) else {
            panic!("no row")
        };
        assert_eq!(row.path, "/api/staff/stories/{id}");
        assert_eq!(params, vec![("id", "choices".to_owned())]);
    }
}
