//! Building blocks of successful replies, shared by every API area.

use bytes::Bytes;
use serde::Serialize;
use sha2::{Digest, Sha256};
use warp::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::FieldErrors;
use crate::domain::image::RejectedFile;
use crate::domain::lead_id::LeadId;
use crate::http::plumbing::error::ApiError;

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

/// Sets each of `pairs`' headers to its fixed value.
pub fn set_headers(headers: &mut HeaderMap, pairs: &[(HeaderName, &'static str)]) {
    for (name, value) in pairs {
        headers.insert(name.clone(), HeaderValue::from_static(value));
    }
}

/// A header map of `pairs`, for tests.
#[cfg(test)]
pub fn header_map(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        map.insert(*name, HeaderValue::from_static(value));
    }
    map
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

/// What any shared cache (a CDN) may keep for a minute and serve stale while it asks again;
/// browsers ask every time and get 304 while the ETag holds. The pages, the blog API, the
/// sitemap and the feed.
pub const PUBLIC_REVALIDATE: &str = "public, max-age=0, s-maxage=60, stale-while-revalidate=86400";

/// `body` with its tag and `PUBLIC_REVALIDATE`, or 304 when the client has it (a 200 only).
pub fn tagged(
    status: StatusCode,
    content_type: &'static str,
    body: &Bytes,
    etag: &HeaderValue,
    request: &warp::http::HeaderMap,
) -> Response {
    let not_modified = status == StatusCode::OK && etag_matches(request, etag);
    let mut response = Response::new(if not_modified {
        Bytes::new().into()
    } else {
        body.clone().into()
    });
    *response.status_mut() = if not_modified {
        StatusCode::NOT_MODIFIED
    } else {
        status
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(PUBLIC_REVALIDATE),
    );
    headers.insert(header::ETAG, etag.clone());
    response
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

/// A file to download (`Content-Disposition: attachment`, named `file_name`), never sniffed.
pub fn attachment(bytes: Vec<u8>, content_type: &'static str, file_name: &str) -> Response {
    let mut response = Response::new(bytes.into());
    let headers = response.headers_mut();
    set_headers(
        headers,
        &[
            (header::CONTENT_TYPE, content_type),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
    );
    let disposition = format!("attachment; filename=\"{file_name}\"");
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// A value as JSON with a status.
pub fn json(status: StatusCode, body: &impl serde::Serialize) -> Response {
    warp::reply::with_status(warp::reply::json(body), status).into_response()
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

/// Why an image was refused, as an answer: the file's fault is a 422 naming `field`; too
/// many images being decoded at once (`image::budget`) is a 503 to try again.
pub fn refused_image(field: &str, why: RejectedFile) -> ApiError {
    match why {
        RejectedFile::Busy => images_busy(),
        why => invalid(FieldErrors::one(field, why.to_string())),
    }
}

/// 503: the decoding budget had no room in time.
pub fn images_busy() -> ApiError {
    ApiError::Unavailable {
        message: IMAGES_BUSY,
        retry_after_secs: 30,
    }
}

const IMAGES_BUSY: &str = "We are processing many images right now. Please try again in a minute.";

/// A fresh id for a lead or an applicant.
pub fn new_lead_id() -> Result<LeadId, ApiError> {
    LeadId::generate().map_err(ApiError::unexpected)
}

/// The tag of a packed form (`encoding`: `gzip`, `br`) of a representation tagged `etag`:
/// `"…-gzip"`, `"…-br"`.
pub fn packed_etag(etag: &HeaderValue, encoding: &str) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{}-{encoding}\"",
        etag.to_str().unwrap_or("\"page\"").trim_end_matches('"')
    ))
    .unwrap_or_else(|_| etag.clone())
}

/// Whether the request's `Accept-Encoding` takes `wanted` (named, with a q above 0).
pub fn accepts(request: &HeaderMap, wanted: &str) -> bool {
    let Some(accepted) = request
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    accepted.split(',').any(|item| {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .next()
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        name.eq_ignore_ascii_case(wanted) && q > 0.0
    })
}

/// Brotli at its best quality, with a window of up to 4 MB: for what is packed once and
/// answered many times (a kept page, an SVG of the media).
pub fn brotli(bytes: &[u8]) -> Option<Bytes> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        size_hint: bytes.len(),
        ..Default::default()
    };
    let mut packed = Vec::with_capacity(bytes.len() / 4);
    brotli::BrotliCompress(&mut &bytes[..], &mut packed, &params).ok()?;
    Some(Bytes::from(packed))
}

/// Gzip at its usual level: quick enough to make while a request waits.
pub fn gzip(bytes: &[u8]) -> Option<Bytes> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// A strong ETag for `bytes`: the first 128 bits of their SHA-256.
pub fn etag_of(bytes: &[u8]) -> HeaderValue {
    let tag = format!("\"{}\"", &hex::encode(Sha256::digest(bytes))[..32]);
    HeaderValue::from_str(&tag).unwrap_or_else(|_| HeaderValue::from_static("\"tag\""))
}

/// Whether the request's `If-None-Match` names `etag` (or `*`); weak tags compare by their value.
pub(crate) fn etag_matches(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(value) = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let ours = etag.to_str().unwrap_or("");
    value
        .split(',')
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag == ours)
}
