//! The retention rules for the public: `GET /api/corp_website/retention`, what the privacy
//! notice (`/privacy`) states, read through `privacy_rules` as the rendered page reads it.

use std::sync::Arc;

use bytes::Bytes;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::{etag_of, tagged};
use crate::http::public_api::privacy_rules::read;
use crate::http::state::AppState;

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let db = Arc::clone(&state.db);
    warp::path!("corp_website" / "retention")
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .then(move |headers: HeaderMap| {
            let db = Arc::clone(&db);
            async move {
                let body = match read(&db).await {
                    Ok(body) => body,
                    Err(err) => return ApiError::from(err).into_response(),
                };
                match serde_json::to_vec(&body) {
                    Ok(bytes) => {
                        let bytes = Bytes::from(bytes);
                        tagged(
                            StatusCode::OK,
                            "application/json",
                            &bytes,
                            &etag_of(&bytes),
                            &headers,
                        )
                    }
                    Err(err) => ApiError::unexpected(err).into_response(),
                }
            }
        })
        .boxed()
}
