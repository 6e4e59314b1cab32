//! Building blocks of successful replies, shared by every API area.

use bytes::Bytes;
use serde::Serialize;
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Reply;

use super::error::ApiError;
use crate::domain::fields::FieldErrors;
use crate::domain::lead_id::LeadId;

/// The 201 body of a form post. The UI's `CreatedBody` type is generated from it.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(description = "A form post was stored; `data._id` is its id.")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct CreatedBody<'a> {
    message: &'a str,
    data: CreatedId<'a>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct CreatedId<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
}

/// 201 `{"message","data":{"_id"}}`: a form's submission was stored (or, from a robot,
/// taken and dropped).
pub fn created(message: &str, id: &str) -> Response {
    let body = CreatedBody {
        message,
        data: CreatedId { id },
    };
    warp::reply::with_status(warp::reply::json(&body), StatusCode::CREATED).into_response()
}

/// Already-serialized JSON with a status. `no-cache`: what the API answers can change at
/// any time, so the browser asks again rather than trusting a copy.
pub fn json_bytes(status: StatusCode, body: Bytes) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// 422 naming every field that broke a rule, in the message too (the visitor may never
/// see the `errors` map).
pub fn invalid(errors: FieldErrors) -> ApiError {
    let errors = errors.into_map();
    let names: Vec<&str> = errors.keys().map(String::as_str).collect();
    ApiError::Validation {
        message: format!("Please check: {}.", names.join(", ")),
        errors,
    }
}

/// A fresh id for a lead or an applicant.
pub fn new_lead_id() -> Result<LeadId, ApiError> {
    LeadId::generate().map_err(ApiError::unexpected)
}
