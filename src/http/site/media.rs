//! `/media/{path}`: blog images and author photos, from `<data-dir>/media/` or, for the demo
//! content, from the seed images embedded in the binary.
//!
//! An SVG is text: it goes in brotli or gzip to a browser that takes them (a story's 3.5 KB
//! cover is 1 KB in brotli), packed once per version of the file and kept (`MediaFiles`).
//!
//! Only plain relative paths inside the media folder are served; anything that could step
//! out of it (`..`, encoded slashes or backslashes, absolute paths, NUL, symlinks leading
//! elsewhere) answers the same JSON 404 as a missing file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use sha2::{Digest, Sha256};
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap, HeaderValue, StatusCode};
use warp::path::Tail;
use warp::reply::Response;
use warp::Filter;

use crate::content::media::MediaLibrary;
use crate::content::seed::embedded_media;
use crate::domain::sanitize::is_media_path;
use crate::http::plumbing::byte_range::Part;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::{accepts, brotli, gzip, packed_etag};
use crate::http::plumbing::response_cache::ResponseCache;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SHORT_CACHE: &str = "public, max-age=300";
/// Hex digits that make a name content-hashed (and so safe to cache forever).
const MIN_HASH_LEN: usize = 16;
/// Packed SVGs kept (each by path, version and encoding); when full, the keeping starts over.
/// Each is smaller than its file, which is at most `MAX_PACKED_BYTES`: 32 MiB at the very
/// most, a few hundred KB for drawings of a few KB.
const PACKED_ENTRIES: usize = 128;
/// An SVG larger than this goes as it is: packing it would hold a thread for long.
const MAX_PACKED_BYTES: u64 = 256 * 1024;

/// `GET /media/{path}` answered from `media` (the app state's).
pub fn routes(media: Arc<MediaFiles>) -> BoxedFilter<(Response,)> {
    warp::path("media")
        .and(get_or_head())
        .and(warp::path::tail())
        .and(warp::header::headers_cloned())
        .then(move |tail: Tail, headers: HeaderMap| {
            let media = Arc::clone(&media);
            async move {
                match media.file(tail.as_str(), &headers).await {
                    Some(response) => response,
                    None => not_found(),
                }
            }
        })
        .boxed()
}

/// The media files as the site answers them, with the packed forms of its SVGs.
pub struct MediaFiles {
    root: PathBuf,
    /// The brotli or gzip form of an SVG, by `path etag encoding`; empty when packing did not
    /// make it smaller (it goes as it is then).
    packed: ResponseCache<String>,
}

impl MediaFiles {
    pub fn new(data_dir: &Path) -> MediaFiles {
        MediaFiles {
            root: MediaLibrary::new(data_dir).root().to_path_buf(),
            packed: ResponseCache::new(PACKED_ENTRIES),
        }
    }

    /// The media file at `raw_path` (the request path after `/media/`) in the media folder or
    /// among the seed images, as `routes` answers it (200, 206 for a byte range, 304 when the
    /// client has it, 416 for a range past its end); None when there is none, which `routes`
    /// answers with its 404. `front::Front` answers with it too.
    ///
    /// A single byte range (`Range: bytes=a-b`, `a-`, `-n`) is answered with just those
    /// bytes, read from the file alone: a browser plays a video by ranges (Safari only so),
    /// and a long video is never read whole for them. `If-Range` with another tag gets the
    /// whole file. A whole SVG goes packed when the browser takes brotli or gzip.
    pub async fn file(&self, raw_path: &str, request: &HeaderMap) -> Option<Response> {
        let path = decode_media_path(raw_path)?;
        let found = self.found(&path, request).await?;
        let found = if is_svg(&path) && matches!(found.part, Part::Whole) {
            self.packed(&path, found, request).await
        } else {
            found
        };
        Some(respond(&path, found, request))
    }

    /// The file's bytes and tag, from the media folder or else the seed images.
    async fn found(&self, path: &str, request: &HeaderMap) -> Option<Found> {
        let range = request
            .get(header::RANGE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let if_range = request
            .get(header::IF_RANGE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        if let Some(found) = read_inside(self.root.clone(), path.to_owned(), range, if_range).await
        {
            return Some(found);
        }
        // The first look prepares every seed image (seconds): never on a runtime thread.
        let wanted = path.to_owned();
        let data = tokio::task::spawn_blocking(move || embedded_media(&wanted))
            .await
            .ok()
            .flatten()?;
        let etag = format!("\"{}\"", &hex::encode(Sha256::digest(&data))[..32]);
        Some(Found {
            total: data.len() as u64,
            body: data,
            etag,
            part: Part::Whole,
            encoding: None,
        })
    }

    /// `found` (a whole SVG) in brotli, else gzip, if the request takes one and it comes out
    /// smaller; packed the first time off the runtime's threads, then kept.
    async fn packed(&self, path: &str, found: Found, request: &HeaderMap) -> Found {
        let encoding = if accepts(request, "br") {
            "br"
        } else if accepts(request, "gzip") {
            "gzip"
        } else {
            return found;
        };
        if found.total > MAX_PACKED_BYTES {
            return found;
        }
        let key = format!("{path} {} {encoding}", found.etag);
        let packed = match self.packed.get(0, &key) {
            Some(packed) => packed,
            None => {
                let bytes = found.body.clone();
                let packed = tokio::task::spawn_blocking(move || match encoding {
                    "br" => brotli(&bytes),
                    _ => gzip(&bytes),
                })
                .await
                .ok()
                .flatten()
                .filter(|packed| packed.len() < found.body.len())
                .unwrap_or_default();
                self.packed.put(0, key, packed.clone());
                packed
            }
        };
        if packed.is_empty() {
            return found;
        }
        Found {
            body: packed,
            encoding: Some(encoding),
            ..found
        }
    }
}

/// The media path in a request path, or None for anything but plain segments of
/// letters, digits, `-`, `_` and `.` (no segment starting with a dot).
fn decode_media_path(raw: &str) -> Option<String> {
    let lower = raw.to_ascii_lowercase();
    // Encoded separators would turn into real ones after decoding.
    if ["%2f", "%5c", "%00"]
        .iter()
        .any(|encoded| lower.contains(encoded))
    {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .ok()?;
    is_media_path(&decoded).then(|| decoded.into_owned())
}

/// A file read for an answer: the bytes of its `part`, its tag and its whole length, and the
/// encoding the bytes are packed in (then `etag` is the file's, `total` its length).
struct Found {
    body: Bytes,
    etag: String,
    total: u64,
    part: Part,
    encoding: Option<&'static str>,
}

/// The file's bytes (of the part `range` asks, unless `if_range` names another version) and
/// tag, if it is a regular file that really lies inside `root` (after following symlinks).
async fn read_inside(
    root: PathBuf,
    path: String,
    range: Option<String>,
    if_range: Option<String>,
) -> Option<Found> {
    tokio::task::spawn_blocking(move || {
        let root = root.canonicalize().ok()?;
        let file = root.join(Path::new(&path)).canonicalize().ok()?;
        if !file.starts_with(&root) {
            return None;
        }
        let metadata = std::fs::metadata(&file).ok()?;
        if !metadata.is_file() {
            return None;
        }
        let modified = metadata
            .modified()
            .ok()
            .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let total = metadata.len();
        let etag = format!("\"{total:x}-{modified:x}\"");
        let same_version = if_range.is_none_or(|tag| tag.trim() == etag);
        let part = match range {
            Some(range) if same_version => Part::asked(&range, total),
            _ => Part::Whole,
        };
        let body = match part {
            Part::Whole => Bytes::from(std::fs::read(&file).ok()?),
            Part::Range(first, last) => {
                use std::io::{Read, Seek, SeekFrom};
                let mut opened = std::fs::File::open(&file).ok()?;
                opened.seek(SeekFrom::Start(first)).ok()?;
                let mut bytes = Vec::with_capacity((last - first + 1) as usize);
                opened.take(last - first + 1).read_to_end(&mut bytes).ok()?;
                Bytes::from(bytes)
            }
            Part::Unsatisfiable => Bytes::new(),
        };
        Some(Found {
            body,
            etag,
            total,
            part,
            encoding: None,
        })
    })
    .await
    .ok()
    .flatten()
}

fn respond(path: &str, found: Found, request: &HeaderMap) -> Response {
    let Found {
        body,
        etag,
        total,
        part,
        encoding,
    } = found;
    let etag =
        HeaderValue::from_str(&etag).unwrap_or_else(|_| HeaderValue::from_static("\"media\""));
    // Each packed form is a representation of its own, with its own tag.
    let etag = match encoding {
        Some(encoding) => packed_etag(&etag, encoding),
        None => etag,
    };
    let fresh = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == etag.to_str().unwrap_or(""))
        });
    let mut response = if fresh {
        let mut response = Response::new(Bytes::new().into());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let mut response = Response::new(body.into());
        part.mark(&mut response, total);
        response
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    let cache = if is_content_hashed(path) {
        IMMUTABLE
    } else {
        SHORT_CACHE
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    headers.insert(header::ETAG, etag);
    if is_svg(path) {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if let (Some(encoding), false) = (encoding, fresh) {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    response
}

fn is_svg(path: &str) -> bool {
    path.rsplit_once('.')
        .is_some_and(|(_, extension)| extension.eq_ignore_ascii_case("svg"))
}

/// Does the file name carry a content hash (a run of 16 or more hex digits)?
fn is_content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    stem.split(['-', '_'])
        .any(|part| part.len() >= MIN_HASH_LEN && part.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn not_found() -> Response {
    ApiError::NotFound("There is no such image.".into()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_decode() {
        let cases = [
            (
                "blogs/3f9a0c1d2e3f4a5b.svg",
                Some("blogs/3f9a0c1d2e3f4a5b.svg"),
            ),
            ("blogs/a%2Db.svg", Some("blogs/a-b.svg")),
            ("../secret", None),
            ("blogs/../../etc/passwd", None),
            ("%2e%2e/secret", None),
            ("%2E%2E%2Fsecret", None),
            ("blogs%2fa.svg", None),
            ("..%5csecret", None),
            ("blogs\\a.svg", None),
            ("/etc/passwd", None),
            ("%2fetc/passwd", None),
            ("a%00.svg", None),
            (".hidden", None),
            ("", None),
            ("blogs//a.svg", None),
            ("%ff.svg", None),
        ];
        for (raw, decoded) in cases {
            assert_eq!(decode_media_path(raw).as_deref(), decoded, "{raw}");
        }
    }

    #[test]
    fn hashed_names_are_recognised() {
        assert!(is_content_hashed("blogs/3f9a0c1d2e3f4a5b.svg"));
        assert!(is_content_hashed("logo-3f9a0c1d2e3f4a5b6c.png"));
        assert!(!is_content_hashed("blogs/office-photo.svg"));
        assert!(!is_content_hashed("blogs/3f9a0c1d.svg"));
    }
}
