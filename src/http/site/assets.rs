//! The site: Vite's build of `ui/`, embedded in the binary.
//!
//! Hashed files under `/assets/` are immutable and precompressed (build.rs wrote `.br` and
//! `.gz` beside each). The route table (`ui/src/app/route-table.json`) says which paths are
//! pages; `http::site::pages` answers them (and every other path that is no file, with 404).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use crate::domain::site_paths::ROUTE_TABLE;
use crate::http::plumbing::byte_range::Part;
use crate::http::plumbing::reply::{accepts, etag_matches, etag_of};
use bytes::Bytes;
use rust_embed::RustEmbed;
use serde::Deserialize;
use warp::http::{header, HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;

#[derive(RustEmbed)]
#[folder = "ui/dist/"]
// Vite's build manifest is for the bundle-size check, not for visitors.
#[exclude = ".vite/*"]
struct UiDist;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SHORT_CACHE: &str = "public, max-age=3600";

#[derive(Deserialize)]
struct RouteTable {
    routes: Vec<Route>,
}

/// One route of the table.
#[derive(Debug, Deserialize)]
pub struct Route {
    pub path: String,
    /// The page module under `ui/src/pages/` that shows it (`home-page`).
    pub page: String,
    /// Never rendered on the server, indexed or cached by others (staff pages, the pages
    /// of links in subscriber mail).
    #[serde(default)]
    pub private: bool,
    /// The API answers the page shows (`http::site::pages` fetches them before rendering).
    #[serde(default)]
    pub data: Vec<PageData>,
}

/// What a page loads from the blog API, as the route table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum PageData {
    /// Page 1 of the list with no search (the home page's stories, a post's similar ones).
    /// The page embeds only the posts its render showed (`Rendered::shown`).
    #[serde(rename = "blog-list")]
    BlogList,
    /// The list page and search of the query string's `page` and `q`.
    #[serde(rename = "blog-list?page&q")]
    BlogListQuery,
    /// The post of the path's `:id`.
    #[serde(rename = "blog:id")]
    Blog,
    /// The open job postings the query string's `department` and `location` let through.
    #[serde(rename = "jobs?department&location")]
    Jobs,
    /// The job posting of the path's `:id` (404 without one, 410 once it is closed).
    #[serde(rename = "job:id")]
    Job,
    /// The retention rules and the trash's days the privacy notice states
    /// (`public_api::privacy`).
    #[serde(rename = "retention")]
    Retention,
}

/// The route table, each path split into segments (`:id` stands for any one segment).
static PAGE_ROUTES: LazyLock<Vec<(Route, Vec<String>)>> = LazyLock::new(|| {
    let table: RouteTable = match serde_json::from_str(ROUTE_TABLE) {
        Ok(table) => table,
        Err(err) => {
            // Tests parse the same file, so this never ships; fail closed (every page 404s).
            tracing::error!(error = %err, "ui/src/app/route-table.json is not a route table");
            return Vec::new();
        }
    };
    table
        .routes
        .into_iter()
        .map(|route| {
            let parts = segments(&route.path).map(str::to_owned).collect();
            (route, parts)
        })
        .collect()
});

/// A text file of the build (`assets/index-1.css`), as the server read it at start.
pub fn built_text(path: &str) -> Option<String> {
    String::from_utf8(UiDist::get(path)?.data.into_owned()).ok()
}

/// The routes of the table, in its order.
pub fn page_routes() -> impl Iterator<Item = &'static Route> {
    PAGE_ROUTES.iter().map(|(route, _)| route)
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|segment| !segment.is_empty())
}

/// Is `path` a page of the site (answered with 200)? A trailing slash is allowed; a
/// parameter (`:id`) matches any one non-empty segment.
pub fn is_page_route(path: &str) -> bool {
    find_route(path).is_some()
}

/// Whether `path` is a public page of the route table (no staff page), and if so its `:id`
/// (a story's, for one): how the beacon and the lead forms check the paths they are sent.
pub fn public_page(path: &str) -> Option<Option<String>> {
    find_route(path)
        .filter(|(route, _)| !route.private)
        .map(|(_, id)| id.map(str::to_owned))
}

/// The route of the table that `path` is, with the value of its `:id` (if it has one).
pub fn find_route(path: &str) -> Option<(&'static Route, Option<&str>)> {
    find_route_in(&PAGE_ROUTES, path)
}

fn find_route_in<'t, 'p>(
    table: &'t [(Route, Vec<String>)],
    path: &'p str,
) -> Option<(&'t Route, Option<&'p str>)> {
    let rest = path.strip_prefix('/')?;
    if rest.contains("//") || rest.starts_with('/') {
        return None;
    }
    let trimmed = rest.strip_suffix('/').unwrap_or(rest);
    table.iter().find_map(|(route, parts)| {
        let mut given = segments(trimmed);
        let mut id = None;
        let matches = parts.iter().all(|want| {
            given.next().is_some_and(|segment| {
                if want.starts_with(':') {
                    id = Some(segment);
                    true
                } else {
                    segment == want
                }
            })
        }) && given.next().is_none();
        matches.then_some((route, id))
    })
}

/// index.html with the runtime settings written in, rendered once at start.
pub struct IndexPage {
    body: Bytes,
    etag: HeaderValue,
}

impl IndexPage {
    pub fn render(api_base: &str, media_base: &str) -> IndexPage {
        let template = UiDist::get("index.html")
            .map(|f| String::from_utf8_lossy(&f.data).into_owned())
            .unwrap_or_else(|| {
                "<!doctype html><title>corpsite</title><p>The site was not built.</p>".into()
            });
        let html = template
            .replace(
                r#"<meta name="corpsite:api-base" content="/api" />"#,
                &format!(
                    r#"<meta name="corpsite:api-base" content="{}" />"#,
                    escape_attr(api_base)
                ),
            )
            .replace(
                r#"<meta name="corpsite:media-base" content="/media/" />"#,
                &format!(
                    r#"<meta name="corpsite:media-base" content="{}" />"#,
                    escape_attr(media_base)
                ),
            );
        IndexPage {
            etag: etag_of(html.as_bytes()),
            body: Bytes::from(html),
        }
    }

    /// The shell: index.html with its runtime settings, and no page in it.
    pub fn html(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap_or_default()
    }

    /// Answers the shell (the browser renders the page, as before server rendering).
    pub fn respond(
        &self,
        status: StatusCode,
        cache: &'static str,
        request: &HeaderMap,
    ) -> Response {
        html_response(
            status,
            &self.body,
            Packed::default(),
            &self.etag,
            cache,
            request,
        )
    }
}

/// The packed forms of an HTML answer, beside its body, each with its own tag
/// (`packed_etag`): gzip when it was made, brotli once it has been.
#[derive(Clone, Copy, Default)]
pub struct Packed<'a> {
    pub gzip: Option<(&'a Bytes, &'a HeaderValue)>,
    pub br: Option<(&'a Bytes, &'a HeaderValue)>,
}

/// An HTML answer with its tag: 304 when the client has it (only for a 200), in the best
/// packed form `packed` has that the client takes (brotli, then gzip), else as it is.
pub fn html_response(
    status: StatusCode,
    body: &Bytes,
    packed: Packed<'_>,
    etag: &HeaderValue,
    cache: &'static str,
    request: &HeaderMap,
) -> Response {
    let chosen = match (packed.br, packed.gzip) {
        (Some((body, etag)), _) if accepts(request, "br") => Some(("br", body, etag)),
        (_, Some((body, etag))) if accepts(request, "gzip") => Some(("gzip", body, etag)),
        _ => None,
    };
    // Each encoding is its own representation, with its own tag.
    let (body, etag) = chosen.map_or((body, etag), |(_, body, etag)| (body, etag));
    let not_modified = status == StatusCode::OK && etag_matches(request, etag);
    let mut response = if not_modified {
        empty(StatusCode::NOT_MODIFIED)
    } else {
        with_body(status, body.clone())
    };
    // Room for these and the security headers, so that none of them grows the map.
    let headers = response.headers_mut();
    headers.reserve(16);
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::ETAG, etag.clone());
    if packed.gzip.is_some() || packed.br.is_some() {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if let (Some((name, _, _)), false) = (chosen, not_modified) {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    }
    response
}

fn escape_attr(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A file of the site's build at `path` (a GET or HEAD outside `/api/` and `/media/`), or a
/// JSON 404 for a missing hashed asset; None when `path` is no file (then it is a page, or
/// nothing: `http::site::pages` answers both).
pub fn file(path: &str, request: &HeaderMap) -> Option<Response> {
    if let Some(response) = built_file(path, request) {
        return Some(response);
    }
    if !is_page_route(path) && path.trim_start_matches('/').starts_with("assets/") {
        // A missing hashed file is an error of the client's, not a page.
        return Some(
            crate::http::plumbing::error::ApiError::NotFound("No such asset.".into())
                .into_response(),
        );
    }
    None
}

/// The file of the build at `path` as `file` answers it (200, or 304 when the client has
/// it), or None when there is no such file. `front::Front` answers the hashed ones with it.
pub fn built_file(path: &str, request: &HeaderMap) -> Option<Response> {
    if is_page_route(path) {
        return None;
    }
    let file = path.trim_start_matches('/');
    // index.html itself is only served rendered, through the page routes; the packed forms
    // only as encodings of their file.
    if file.is_empty() || file == "index.html" || file.ends_with(".br") || file.ends_with(".gz") {
        return None;
    }
    BUILT_FILES.get(file).map(|built| built.respond(request))
}

/// Each file of the build with what its answers need, worked out once: a request then costs
/// a look-up and the headers, not hashing, formatting and copying the file.
static BUILT_FILES: LazyLock<HashMap<String, BuiltFile>> = LazyLock::new(|| {
    UiDist::iter()
        .filter(|name| !name.ends_with(".br") && !name.ends_with(".gz"))
        .filter_map(|name| {
            let built = BuiltFile::new(&name)?;
            Some((name.into_owned(), built))
        })
        .collect()
});

/// One file of the build: its type, how long it may be kept, and each form it is sent in.
struct BuiltFile {
    content_type: HeaderValue,
    cache: &'static str,
    identity: Encoded,
    br: Option<Encoded>,
    gzip: Option<Encoded>,
}

/// One form of a file with its tag: each encoding is its own representation.
struct Encoded {
    body: Bytes,
    etag: HeaderValue,
}

impl Encoded {
    /// `data` tagged with the first 128 bits of the file's hash, and the encoding's name.
    fn new(data: Cow<'static, [u8]>, hash: &str, encoding: Option<&str>) -> Option<Encoded> {
        let etag = match encoding {
            Some(name) => format!("\"{}-{name}\"", &hash[..32]),
            None => format!("\"{}\"", &hash[..32]),
        };
        Some(Encoded {
            body: match data {
                Cow::Borrowed(data) => Bytes::from_static(data),
                Cow::Owned(data) => Bytes::from(data),
            },
            etag: HeaderValue::from_str(&etag).ok()?,
        })
    }
}

impl BuiltFile {
    fn new(file: &str) -> Option<BuiltFile> {
        let original = UiDist::get(file)?;
        let hash = hex::encode(original.metadata.sha256_hash());
        let packed = |suffix: &str, name: &str| {
            let packed = UiDist::get(&format!("{file}.{suffix}"))?;
            Encoded::new(packed.data, &hash, Some(name))
        };
        Some(BuiltFile {
            content_type: content_type(original.metadata.mimetype()),
            cache: if file.starts_with("assets/") {
                IMMUTABLE
            } else {
                SHORT_CACHE
            },
            br: packed("br", "br"),
            gzip: packed("gz", "gzip"),
            identity: Encoded::new(original.data, &hash, None)?,
        })
    }

    /// The form the client takes best (brotli, then gzip; the file as it is when the form it
    /// prefers was not made), or 304 when it has that form already.
    fn respond(&self, request: &HeaderMap) -> Response {
        let (encoding, form) = match pick_encoding(request) {
            Some((name, "br")) => (Some(name), self.br.as_ref()),
            Some((name, _)) => (Some(name), self.gzip.as_ref()),
            None => (None, None),
        };
        let (encoding, form) = match form {
            Some(form) => (encoding, form),
            None => (None, &self.identity),
        };
        // A byte range of the file as it is (a video plays by ranges); a packed form is
        // sent whole, and `If-Range` naming another version gets the whole file.
        let part = match request.get(header::RANGE).and_then(|v| v.to_str().ok()) {
            Some(range) if encoding.is_none() && if_range_holds(request, &form.etag) => {
                Part::asked(range, form.body.len() as u64)
            }
            _ => Part::Whole,
        };
        let mut response = if etag_matches(request, &form.etag) {
            empty(StatusCode::NOT_MODIFIED)
        } else {
            let mut response = with_body(StatusCode::OK, part.of(&form.body));
            part.mark(&mut response, form.body.len() as u64);
            response
        };
        let headers = response.headers_mut();
        // Room for these and the security headers, so that none of them grows the map.
        headers.reserve(16);
        headers.insert(header::CONTENT_TYPE, self.content_type.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(self.cache));
        headers.insert(header::ETAG, form.etag.clone());
        if let Some(name) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
        } else {
            headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        }
        if self.br.is_some() || self.gzip.is_some() {
            headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        response
    }
}

/// Whether a range may be answered: no `If-Range`, or one naming `etag`.
fn if_range_holds(request: &HeaderMap, etag: &HeaderValue) -> bool {
    request
        .get(header::IF_RANGE)
        .is_none_or(|tag| tag.as_bytes().trim_ascii() == etag.as_bytes())
}

fn content_type(mime: &str) -> HeaderValue {
    let needs_charset = mime.starts_with("text/")
        || mime == "application/javascript"
        || mime == "application/json"
        || mime == "image/svg+xml";
    let value = if mime == "application/javascript" {
        "text/javascript; charset=utf-8".to_owned()
    } else if needs_charset {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    };
    HeaderValue::from_str(&value)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
}

/// The best encoding the client accepts that we precompress: brotli, then gzip.
fn pick_encoding(request: &HeaderMap) -> Option<(&'static str, &'static str)> {
    if accepts(request, "br") {
        Some(("br", "br"))
    } else if accepts(request, "gzip") {
        Some(("gzip", "gz"))
    } else {
        None
    }
}

fn with_body(status: StatusCode, body: Bytes) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response
}

fn empty(status: StatusCode) -> Response {
    with_body(status, Bytes::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_of_the_route_table_parses() {
        let table: RouteTable = serde_json::from_str(ROUTE_TABLE).expect("route table");
        assert_eq!(PAGE_ROUTES.len(), table.routes.len());
        assert!(table.routes.iter().all(|route| route.path.starts_with('/')));
    }

    #[test]
    fn page_routes_match_the_route_table_and_blog_details() {
        for path in [
            "/",
            "/home",
            "/blogs",
            "/blogs/",
            "/contact",
            "/blogs/detail/abc-1",
            "/shilpa_foundation",
        ] {
            assert!(is_page_route(path), "{path} should be a page");
        }
        for path in [
            "/nope",
            "/blogs/detail/",
            "/blogs/detail/a/b",
            "/home/x",
            "/api",
            "/assets/x.js",
            "//",
            "///",
            "/blogs//",
            "//blogs",
            "",
            "blogs",
        ] {
            assert!(!is_page_route(path), "{path} should not be a page");
        }
    }

    #[test]
    fn a_route_table_entry_may_be_private_and_name_its_data() {
        let table: RouteTable = serde_json::from_str(
            r#"{"routes": [
                {"path": "/staff/leads/:id", "page": "staff-lead-page", "private": true},
                {"path": "/blogs/detail/:id", "page": "blog-detail-page", "data": ["blog:id", "blog-list"]}
            ]}"#,
        )
        .expect("table");
        let table: Vec<(Route, Vec<String>)> = table
            .routes
            .into_iter()
            .map(|route| {
                let parts = segments(&route.path).map(str::to_owned).collect();
                (route, parts)
            })
            .collect();
        let (staff, id) = find_route_in(&table, "/staff/leads/42").expect("staff route");
        assert!(staff.private);
        assert_eq!(id, Some("42"));
        let (post, id) = find_route_in(&table, "/blogs/detail/a-post/").expect("post route");
        assert!(!post.private);
        assert_eq!(id, Some("a-post"));
        assert_eq!(post.data, [PageData::Blog, PageData::BlogList]);
        assert!(serde_json::from_str::<RouteTable>(
            r#"{"routes": [{"path": "/", "page": "p", "data": ["no-such-data"]}]}"#
        )
        .is_err());
    }

    #[test]
    fn encoding_honours_preference_and_zero_quality() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br"),
        );
        assert_eq!(pick_encoding(&headers), Some(("br", "br")));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br;q=0, gzip"),
        );
        assert_eq!(pick_encoding(&headers), Some(("gzip", "gz")));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("identity"),
        );
        assert_eq!(pick_encoding(&headers), None);
    }

    #[test]
    fn runtime_settings_are_escaped_into_index_html() {
        let page = IndexPage::render("/api", "https://bucket.example.com/a\"b/");
        let html = String::from_utf8_lossy(&page.body);
        assert!(
            html.contains(r#"content="https://bucket.example.com/a&quot;b/""#),
            "{html}"
        );
    }
}
