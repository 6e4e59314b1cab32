//! A JSON request body, bounded while it streams.
//!
//! A declared Content-Length over the limit is refused before a byte is read, and the body is
//! counted as it arrives, so a chunked body (no Content-Length) is cut off at the limit too.
//! (`warp::body::content_length_limit` would refuse chunked bodies outright.)

use bytes::BytesMut;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use warp::http::{header, HeaderMap};

use crate::http::plumbing::body::{declared_length, header_text, is_stall, Body};
use crate::http::plumbing::error::ApiError;

/// The most a JSON form body may be.
pub const JSON_LIMIT: u64 = 64 * 1024;

/// Reads and parses a JSON body of at most `JSON_LIMIT` bytes.
pub async fn read_json<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Body,
) -> Result<T, ApiError> {
    read_json_within(headers, body, JSON_LIMIT).await
}

/// Reads and parses a JSON body of at most `limit` bytes (a form with a long text in it,
/// such as a story).
pub async fn read_json_within<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Body,
    limit: u64,
) -> Result<T, ApiError> {
    if !is_json(header_text(headers, header::CONTENT_TYPE)) {
        return Err(ApiError::UnsupportedMediaType(
            "Send this form as JSON, with Content-Type: application/json.".into(),
        ));
    }
    if declared_length(headers).is_some_and(|length| length > limit) {
        return Err(too_large(limit));
    }
    let bytes = read_at_most(body, limit).await?;
    serde_json::from_slice::<T>(&bytes).map_err(|err| {
        ApiError::BadRequest(format!(
            "The request body is not valid JSON for this form: {}",
            without_type_names(&err.to_string())
        ))
    })
}

/// serde names our Rust types ("expected struct EnquiryForm"); a client needs only to hear
/// that a JSON object was expected.
fn without_type_names(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("struct ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "struct ".len()..];
        let name_len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        out.push_str("a JSON object");
        rest = &after[name_len..];
    }
    out.push_str(rest);
    out
}

fn is_json(content_type: Option<&str>) -> bool {
    content_type
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Reads a body of at most `limit` bytes (a file sent as it is), refusing a larger one by
/// its declared length before reading and by counting as it streams.
pub async fn read_bounded(
    headers: &HeaderMap,
    body: Body,
    limit: u64,
    what: &str,
) -> Result<BytesMut, ApiError> {
    let too_large = || {
        ApiError::PayloadTooLarge(format!(
            "The {what} is larger than {} MB.",
            limit / 1024 / 1024
        ))
    };
    if declared_length(headers).is_some_and(|length| length > limit) {
        return Err(too_large());
    }
    read_at_most(body, limit).await.map_err(|err| match err {
        ApiError::PayloadTooLarge(_) => too_large(),
        other => other,
    })
}

fn too_large(limit: u64) -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The request body is larger than {} KB.",
        limit / 1024
    ))
}

async fn read_at_most(mut body: Body, limit: u64) -> Result<BytesMut, ApiError> {
    let mut bytes = BytesMut::new();
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|err| {
            if is_stall(err.as_ref()) {
                ApiError::RequestTimeout
            } else {
                ApiError::BadRequest(format!("The request body could not be read: {err}"))
            }
        })?;
        if (bytes.len() + chunk.len()) as u64 > limit {
            return Err(too_large(limit));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_never_name_our_types() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct InternalName {
            name: String,
        }
        for body in [&b"[]"[..], b"\"text\"", b"42", b"{\"name\": 5}"] {
            let err = serde_json::from_slice::<InternalName>(body).expect_err("not the form");
            let message = without_type_names(&err.to_string());
            assert!(!message.contains("InternalName"), "{message}");
        }
        assert_eq!(
            without_type_names("invalid type: sequence, expected struct EnquiryForm at line 1"),
            "invalid type: sequence, expected a JSON object at line 1"
        );
    }

    #[test]
    fn only_application_json_counts_as_json() {
        let cases: &[(Option<&str>, bool)] = &[
            (Some("application/json"), true),
            (Some("application/json; charset=utf-8"), true),
            (Some("Application/JSON ;charset=UTF-8"), true),
            (Some("text/plain"), false),
            (Some("application/x-www-form-urlencoded"), false),
            (Some("multipart/form-data; boundary=x"), false),
            (Some("application/jsonp"), false),
            (Some(""), false),
            (None, false),
        ];
        for (content_type, expected) in cases {
            assert_eq!(is_json(*content_type), *expected, "{content_type:?}");
        }
    }
}
