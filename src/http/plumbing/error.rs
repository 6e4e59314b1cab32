//! The one error path. Handlers return `Result<_, ApiError>` and `reply` turns the outcome
//! into the response; `recover` turns warp's own rejections (no route matched: 404, 405)
//! into the same JSON shape: `{"message": "...", "errors": {"field": "..."}}`. Rejections
//! mean only "this route did not match"; no handler rejects.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::error::Error as StdError;

use serde::Serialize;
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Rejection, Reply};

/// An error cause of ours: logged with its chain, never sent.
pub type Cause = Box<dyn StdError + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The user's input broke a rule; every bad field is named.
    #[error("{message}")]
    Validation {
        message: String,
        errors: BTreeMap<String, String>,
    },
    #[error("{0}")]
    BadRequest(String),
    /// No valid staff session (none, expired, revoked) or a wrong sign-in: 401.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// The request is understood and refused (a form posted from another site): 403.
    #[error("{0}")]
    Forbidden(String),
    /// A form's post without a valid proof of work: 403, `errors.proof` naming why
    /// (`domain::form_proof::Refusal`).
    #[error("{message}")]
    ProofRefused {
        message: &'static str,
        errors: BTreeMap<String, String>,
    },
    #[error("{0}")]
    NotFound(String),
    /// The change was made against data someone else has changed since (a story saved by
    /// another staff member): 409.
    #[error("{0}")]
    Conflict(String),
    /// A link that was used, withdrawn or has expired (an invite, the set-up link): 410,
    /// with what to do instead.
    #[error("{0}")]
    Gone(String),
    #[error("This address does not accept that method.")]
    MethodNotAllowed,
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("Too many requests. Please wait a moment and try again.")]
    TooManyRequests { retry_after_secs: u64 },
    /// Too many failed sign-ins for the account or from the client: 429 with the wait.
    #[error("Too many failed sign-ins. Please try again in {} minute(s).", retry_after_secs.div_ceil(60))]
    SignInThrottled { retry_after_secs: u64 },
    #[error("The request body stopped arriving. Please try again.")]
    RequestTimeout,
    /// No room on disk for what the request would store: 507.
    #[error("{0}")]
    InsufficientStorage(&'static str),
    /// We cannot serve this now, for a reason that passes (overload, maintenance): 503.
    #[error("{message}")]
    Unavailable {
        message: &'static str,
        retry_after_secs: u64,
    },
    /// Our fault. The cause is logged, never sent.
    #[error("Something went wrong on our side. Please try again later.")]
    Unexpected(#[source] Cause),
}

/// Every API error's body. The UI's `ErrorBody` type is generated from it (`api_types`).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(description = "The body of every error answer.")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ErrorBody<'a> {
    /// Says what went wrong and what to do, in words a visitor understands.
    message: String,
    /// Per field (by its JSON name), what is wrong with it: on 422; and on a form's 403 for
    /// want of a valid proof of work, `proof` with the reason (`missing`, `malformed`,
    /// `forged`, `expired`, `used`, `too_easy`, `wrong`): fetch a new challenge and send again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    #[schema(value_type = Option<BTreeMap<String, String>>)]
    errors: Option<&'a BTreeMap<String, String>>,
}

/// A cause that is only a description (an invariant that did not hold).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Broken(&'static str);

impl ApiError {
    pub fn unexpected(cause: impl Into<Cause>) -> Self {
        ApiError::Unexpected(cause.into())
    }

    /// Our fault, where no error value exists: an invariant that did not hold.
    pub fn broken(what: &'static str) -> Self {
        ApiError::Unexpected(Box::new(Broken(what)))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::ProofRefused { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Gone(_) => StatusCode::GONE,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } | ApiError::SignInThrottled { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::InsufficientStorage(_) => StatusCode::INSUFFICIENT_STORAGE,
            ApiError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn into_response(self) -> Response {
        if let ApiError::Unexpected(cause) = &self {
            tracing::error!(cause = %chain(cause.as_ref()), "request failed");
        }
        let errors = match &self {
            ApiError::Validation { errors, .. } | ApiError::ProofRefused { errors, .. } => {
                Some(errors)
            }
            _ => None,
        };
        let body = ErrorBody {
            message: self.to_string(),
            errors,
        };
        let mut response =
            warp::reply::with_status(warp::reply::json(&body), self.status()).into_response();
        if let ApiError::TooManyRequests { retry_after_secs }
        | ApiError::SignInThrottled { retry_after_secs }
        | ApiError::Unavailable {
            retry_after_secs, ..
        } = self
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        response
    }
}

/// What a visitor hears when the database cannot take a write for now.
pub const CANNOT_TAKE_FORMS: &str =
    "The site cannot take forms right now. Please try again in a few minutes.";

impl From<crate::store::StoreError> for ApiError {
    fn from(err: crate::store::StoreError) -> Self {
        use crate::store::StoreError;
        use rusqlite::ErrorCode;
        let code = match &err {
            StoreError::Sqlite(e) => e.sqlite_error_code(),
            StoreError::Commit(e) => e.sqlite_error_code(),
            _ => None,
        };
        match (&err, code) {
            (StoreError::Busy, _) => {
                tracing::warn!("every database read connection stayed busy; answered 503");
                ApiError::Unavailable {
                    message: "The site is very busy right now. Please try again in a moment.",
                    retry_after_secs: 2,
                }
            }
            (_, Some(ErrorCode::DiskFull)) => {
                tracing::error!(cause = %chain(&err), "the database's disk is full (507)");
                ApiError::InsufficientStorage(
                    "The site cannot take forms right now because its storage is full. Please try again later or write to us by email.",
                )
            }
            (
                _,
                Some(
                    ErrorCode::ReadOnly
                    | ErrorCode::CannotOpen
                    | ErrorCode::DatabaseBusy
                    | ErrorCode::DatabaseLocked,
                ),
            ) => {
                tracing::error!(cause = %chain(&err), "the database cannot take writes (503)");
                ApiError::Unavailable {
                    message: CANNOT_TAKE_FORMS,
                    retry_after_secs: 60,
                }
            }
            _ => ApiError::unexpected(err),
        }
    }
}

/// `error: cause: its cause ...`, one line.
fn chain(err: &(dyn StdError + 'static)) -> String {
    let mut line = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        line.push_str(": ");
        line.push_str(&cause.to_string());
        source = cause.source();
    }
    line
}

/// The one way a handler's outcome becomes a response.
pub fn reply(outcome: Result<impl Reply, ApiError>) -> Response {
    match outcome {
        Ok(reply) => reply.into_response(),
        Err(err) => err.into_response(),
    }
}

/// Maps warp's own rejections (a route that did not match) to a JSON error. Never plain text.
/// A path some route has, asked with a method none of them takes: a 405 from a route table
/// of our own (the staff endpoints'), with the methods it does take for `Allow` (warp's own
/// filters give theirs, and `Finish` looks up their `Allow`).
#[derive(Debug)]
pub struct WrongMethod(pub Vec<&'static str>);

impl warp::reject::Reject for WrongMethod {}

fn rejection_to_error(err: &Rejection) -> ApiError {
    if err.is_not_found() {
        return ApiError::NotFound("There is nothing at this address.".into());
    }
    if err.find::<warp::reject::MethodNotAllowed>().is_some() {
        return ApiError::MethodNotAllowed;
    }
    ApiError::unexpected(format!("unhandled rejection: {err:?}"))
}

/// The one `recover`, at the top of every route.
pub async fn recover(err: Rejection) -> Result<Response, Infallible> {
    if let Some(WrongMethod(methods)) = err.find::<WrongMethod>() {
        let mut response = ApiError::MethodNotAllowed.into_response();
        if let Ok(allow) = HeaderValue::from_str(&crate::http::plumbing::allow::joined(methods)) {
            response.headers_mut().insert(header::ALLOW, allow);
        }
        return Ok(response);
    }
    Ok(rejection_to_error(&err).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("outer")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn a_full_disk_is_507_and_a_read_only_database_is_503_with_retry_after() {
        let sqlite = |code: i32| {
            crate::store::StoreError::Sqlite(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(code),
                None,
            ))
        };
        let full = ApiError::from(sqlite(rusqlite::ffi::SQLITE_FULL));
        assert_eq!(full.status(), StatusCode::INSUFFICIENT_STORAGE);
        let read_only = ApiError::from(sqlite(rusqlite::ffi::SQLITE_READONLY));
        assert_eq!(read_only.status(), StatusCode::SERVICE_UNAVAILABLE);
        let response = read_only.into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "60");
        let other = ApiError::from(sqlite(rusqlite::ffi::SQLITE_CONSTRAINT));
        assert_eq!(other.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn an_unexpected_error_keeps_its_cause_chain_for_the_log_but_not_the_body() {
        let err = ApiError::unexpected(Outer(std::io::Error::other("disk on fire")));
        let ApiError::Unexpected(cause) = &err else {
            panic!("unexpected");
        };
        assert_eq!(chain(cause.as_ref()), "outer: disk on fire");
        assert!(!err.to_string().contains("disk"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
