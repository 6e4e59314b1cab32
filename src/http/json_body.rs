//! A JSON request body, bounded while it streams.
//!
//! A declared Content-Length over the limit is refused before a byte is read, and the body is
//! counted as it arrives, so a chunked body (no Content-Length) is cut off at the limit too.
//! (`warp::body::content_length_limit` would refuse chunked bodies outright.)

use std::time::Duration;

use bytes::{Buf, BytesMut};
use futures_util::{pin_mut, Stream, StreamExt};
use serde::de::DeserializeOwned;
use warp::filters::BoxedFilter;
use warp::{Filter, Rejection};

use super::body_timeout::{idle_timeout, is_stall, BoxError};
use super::error::ApiError;

/// The most a JSON form body may be.
pub const JSON_LIMIT: u64 = 64 * 1024;

pub fn json_body<T: DeserializeOwned + Send + 'static>(idle: Duration) -> BoxedFilter<(T,)> {
    warp::header::optional::<String>("content-type")
        .and(warp::header::optional::<u64>("content-length"))
        .and(warp::body::stream())
        .and_then(
            move |content_type: Option<String>, length: Option<u64>, body| async move {
                if !is_json(content_type.as_deref()) {
                    return Err(reject(ApiError::UnsupportedMediaType(
                        "Send this form as JSON, with Content-Type: application/json.".into(),
                    )));
                }
                if length.is_some_and(|length| length > JSON_LIMIT) {
                    return Err(reject(too_large()));
                }
                let bytes = read_at_most(idle_timeout(body, idle), JSON_LIMIT).await?;
                serde_json::from_slice::<T>(&bytes).map_err(|err| {
                    reject(ApiError::BadRequest(format!(
                        "The request body is not valid JSON for this form: {err}"
                    )))
                })
            },
        )
        .boxed()
}

fn is_json(content_type: Option<&str>) -> bool {
    content_type
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The request body is larger than {} KB.",
        JSON_LIMIT / 1024
    ))
}

fn reject(err: ApiError) -> Rejection {
    warp::reject::custom(err)
}

async fn read_at_most<S, B>(body: S, limit: u64) -> Result<BytesMut, Rejection>
where
    S: Stream<Item = Result<B, BoxError>>,
    B: Buf,
{
    pin_mut!(body);
    let mut bytes = BytesMut::new();
    while let Some(chunk) = body.next().await {
        let mut chunk = chunk.map_err(|err| {
            reject(if is_stall(err.as_ref()) {
                ApiError::RequestTimeout
            } else {
                ApiError::BadRequest(format!("The request body could not be read: {err}"))
            })
        })?;
        if (bytes.len() + chunk.remaining()) as u64 > limit {
            return Err(reject(too_large()));
        }
        while chunk.has_remaining() {
            let piece = chunk.chunk();
            bytes.extend_from_slice(piece);
            let n = piece.len();
            chunk.advance(n);
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

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
