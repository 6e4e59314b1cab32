//! One error type for every API failure, and the one `recover` that turns every rejection
//! into the same JSON shape: `{"message": "...", "errors": {"field": "..."}}`.

use std::collections::BTreeMap;
use std::convert::Infallible;

use serde::Serialize;
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Rejection, Reply};

#[derive(Debug, Clone, thiserror::Error)]
pub enum ApiError {
    /// The user's input broke a rule; every bad field is named.
    #[error("{message}")]
    Validation {
        message: String,
        errors: BTreeMap<String, String>,
    },
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    #[error("This address does not accept that method.")]
    MethodNotAllowed,
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("Too many requests. Please wait a moment and try again.")]
    TooManyRequests { retry_after_secs: u64 },
    #[error("The request body stopped arriving. Please try again.")]
    RequestTimeout,
    /// Our fault. The cause is logged, never sent.
    #[error("Something went wrong on our side. Please try again later.")]
    Unexpected(String),
}

impl warp::reject::Reject for ApiError {}

#[derive(Serialize)]
struct ErrorBody<'a> {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a BTreeMap<String, String>>,
}

impl ApiError {
    pub fn unexpected(cause: impl std::fmt::Display) -> Self {
        ApiError::Unexpected(cause.to_string())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn into_response(self) -> Response {
        if let ApiError::Unexpected(cause) = &self {
            tracing::error!(%cause, "request failed");
        }
        let errors = match &self {
            ApiError::Validation { errors, .. } => Some(errors),
            _ => None,
        };
        let body = ErrorBody {
            message: self.to_string(),
            errors,
        };
        let mut response =
            warp::reply::with_status(warp::reply::json(&body), self.status()).into_response();
        if let ApiError::TooManyRequests { retry_after_secs } = self {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        response
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(err: crate::store::StoreError) -> Self {
        ApiError::unexpected(err)
    }
}

/// Maps warp's own rejections (and ours) to a JSON error. Never plain text.
pub fn rejection_to_error(err: &Rejection) -> ApiError {
    use warp::reject;
    if let Some(api) = err.find::<ApiError>() {
        return api.clone();
    }
    if err.is_not_found() {
        return ApiError::NotFound("There is nothing at this address.".into());
    }
    if err.find::<reject::MethodNotAllowed>().is_some() {
        return ApiError::MethodNotAllowed;
    }
    if let Some(e) = err.find::<warp::filters::body::BodyDeserializeError>() {
        return ApiError::BadRequest(format!("The request body is not valid JSON: {e}"));
    }
    if err.find::<reject::PayloadTooLarge>().is_some() {
        return ApiError::PayloadTooLarge("The request body is too large.".into());
    }
    if err.find::<reject::UnsupportedMediaType>().is_some() {
        return ApiError::UnsupportedMediaType("This content type is not accepted here.".into());
    }
    if err.find::<reject::LengthRequired>().is_some() {
        return ApiError::BadRequest("The request needs a Content-Length header.".into());
    }
    if let Some(e) = err.find::<reject::InvalidQuery>() {
        return ApiError::BadRequest(format!("The query string is not valid: {e}"));
    }
    if let Some(e) = err.find::<reject::MissingHeader>() {
        return ApiError::BadRequest(e.to_string());
    }
    if let Some(e) = err.find::<reject::InvalidHeader>() {
        return ApiError::BadRequest(e.to_string());
    }
    ApiError::unexpected(format!("unhandled rejection: {err:?}"))
}

pub async fn recover(err: Rejection) -> Result<Response, Infallible> {
    Ok(rejection_to_error(&err).into_response())
}
