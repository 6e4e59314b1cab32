//! The open roles for the public: `GET /api/corp_website/jobs?department&location` (the
//! list `/join_us` shows, for the group's other sites too) and `GET
//! /api/corp_website/jobs/{slug}` (one posting: 404 when there is none, 410 once it is
//! closed), read through `job_postings::JobsApi` as the pages and the sitemap read them.

use std::sync::Arc;

use bytes::Bytes;
use serde::Serialize;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::filters::{get_or_head, raw_query};
use crate::http::plumbing::reply::{etag_of, tagged};
use crate::http::public_api::job_postings::{filters, Lookup, PostingBody, CLOSED};
use crate::http::state::AppState;

const NOT_FOUND: &str = "There is no such opening.";

fn answer(status: StatusCode, body: &impl Serialize, headers: &HeaderMap) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => {
            let bytes = Bytes::from(bytes);
            tagged(
                status,
                "application/json",
                &bytes,
                &etag_of(&bytes),
                headers,
            )
        }
        Err(err) => ApiError::unexpected(err).into_response(),
    }
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let list_api = Arc::clone(&state.jobs);
    let list = warp::path!("corp_website" / "jobs")
        .and(get_or_head())
        .and(raw_query())
        .and(warp::header::headers_cloned())
        .then(move |query: String, headers: HeaderMap| {
            let api = Arc::clone(&list_api);
            async move {
                let (department, location) = filters(&query);
                match api.list(&department, &location).await {
                    Ok(body) => answer(StatusCode::OK, &body, &headers),
                    Err(err) => ApiError::from(err).into_response(),
                }
            }
        });
    let one_api = Arc::clone(&state.jobs);
    let one = warp::path!("corp_website" / "jobs" / String)
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .then(move |slug: String, headers: HeaderMap| {
            let api = Arc::clone(&one_api);
            async move {
                match api.one(&slug).await {
                    Ok(Lookup::Open(posting)) => {
                        answer(StatusCode::OK, &PostingBody { data: *posting }, &headers)
                    }
                    Ok(Lookup::Closed) => ApiError::Gone(CLOSED.into()).into_response(),
                    Ok(Lookup::Missing) => ApiError::NotFound(NOT_FOUND.into()).into_response(),
                    Err(err) => ApiError::from(err).into_response(),
                }
            }
        });
    list.or(one).unify().boxed()
}
