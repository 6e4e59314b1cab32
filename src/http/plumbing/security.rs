//! Headers every response carries: HTML, assets, API and errors alike.

use warp::http::{header, HeaderName, HeaderValue};

use crate::http::plumbing::reply::set_headers;
use crate::render::document::hash_source;
use warp::reply::Response;

/// The site's prefetch rules (`/speculation-rules.json`), which a rendered page's islands add
/// to it as a `<script type="speculationrules">`: prefetch, at moderate eagerness (the pointer
/// held on a link, or a press), a link to a public page of the site: the page's HTML only,
/// which runs nothing and counts no view. Staff screens, the API, media and the pages of
/// links in subscriber mail are left out. Every policy allows exactly this text
/// (`policy`).
pub const SPECULATION_RULES: &str = r#"{"prefetch":[{"source":"document","where":{"and":[{"href_matches":"/*"},{"not":{"href_matches":"/staff*"}},{"not":{"href_matches":"/login*"}},{"not":{"href_matches":"/api/*"}},{"not":{"href_matches":"/media/*"}},{"not":{"href_matches":"/blogs/unsubscribe*"}},{"not":{"href_matches":"/blogs/subscribe/*"}}]},"eagerness":"moderate"}]}"#;

/// Click-to-load embeds (a YouTube video, a Google map) are the only other origins; `'self'`
/// is for the page editor's preview (every other answer of ours refuses to be framed).
const FRAME_SOURCES: &str = "'self' https://www.youtube-nocookie.com https://www.google.com";

#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
}

impl SecurityHeaders {
    /// `media_base` may be a bucket on another origin; images may then come from there.
    pub fn new(media_base: &str) -> SecurityHeaders {
        let csp = policy(media_base, "", "");
        SecurityHeaders {
            csp: HeaderValue::from_str(&csp).unwrap_or_else(|_| {
                HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'")
            }),
        }
    }

    pub fn apply(&self, mut response: Response) -> Response {
        let headers = response.headers_mut();
        // A response may bring a policy of its own, which stands alone: a rendered page's is
        // the site's with its own inline styles' hashes (`policy`), a staff resume's is
        // stricter in every directive (sandboxed, nothing but its image and one hashed style),
        // the page editor's preview lets the site's own pages frame it. A second policy
        // beside any of them would refuse those styles.
        if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
            headers.insert(header::CONTENT_SECURITY_POLICY, self.csp.clone());
        }
        // The page editor's preview is the one answer the site's own pages may frame.
        if !headers.contains_key(header::X_FRAME_OPTIONS) {
            headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
        set_headers(
            headers,
            &[
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
                (
                    HeaderName::from_static("permissions-policy"),
                    "camera=(), microphone=(), geolocation=(), payment=()",
                ),
                (
                    HeaderName::from_static("cross-origin-opener-policy"),
                    "same-origin",
                ),
                // No other site may embed our responses (images, scripts, JSON) without CORS.
                (
                    HeaderName::from_static("cross-origin-resource-policy"),
                    "same-origin",
                ),
            ],
        );
        response
    }
}

/// The site's content-security-policy. `inline_styles` and `inline_scripts` are the
/// `'sha256-…'` sources of the inline `<style>` blocks and `<script>` the response carries (a
/// rendered page's blocks and loader, space-separated; empty for every other answer): no
/// `unsafe-inline`, and no hash of a block the response does not have.
/// `data:` images are allowed (an image cannot run script): the authenticator set-up's QR code,
/// drawn by the server, and a rendered page's banner art are. The hash of `SPECULATION_RULES`
/// lets a page's islands add the site's prefetch rules as a `<script type="speculationrules">`
/// (rules name pages to fetch, and run nothing). `'inline-speculation-rules'` does as much
/// for a browser that knows the keyword, but Chromium ignores it once the directive names a
/// hash, as a rendered page's does (its loader's): then only the rules' own hash lets them
/// in. Every other inline script stays refused.
pub fn policy(media_base: &str, inline_styles: &str, inline_scripts: &str) -> String {
    let mut img = String::from("'self' data:");
    if let Some(origin) = origin_of(media_base) {
        img.push(' ');
        img.push_str(&origin);
    }
    let with = |sources: &str| {
        let mut all = String::from("'self'");
        if !sources.is_empty() {
            all.push(' ');
            all.push_str(sources);
        }
        all
    };
    let style = with(inline_styles);
    let rules = hash_source(SPECULATION_RULES);
    let script = with(&if inline_scripts.is_empty() {
        rules
    } else {
        format!("{inline_scripts} {rules}")
    });
    format!(
        "default-src 'self'; script-src {script} 'inline-speculation-rules'; style-src {style}; img-src {img}; media-src 'self'; \
         font-src 'self'; connect-src 'self'; frame-src {FRAME_SOURCES}; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// `https://bucket.example.com/site/` -> `https://bucket.example.com`; relative bases -> None.
fn origin_of(base: &str) -> Option<String> {
    let (scheme, rest) = base.split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = rest.split('/').next().filter(|h| !h.is_empty())?;
    if !host
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
    {
        return None;
    }
    Some(format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_media_base_adds_only_its_origin_to_img_src() {
        let headers = SecurityHeaders::new("https://bucket.example.com/site/");
        let csp = headers.csp.to_str().unwrap_or_default();
        assert!(
            csp.contains("img-src 'self' data: https://bucket.example.com;"),
            "{csp}"
        );
        let local = SecurityHeaders::new("/media/");
        assert!(local
            .csp
            .to_str()
            .unwrap_or_default()
            .contains("img-src 'self' data:;"));
    }

    #[test]
    fn inline_styles_and_scripts_are_named_only_where_given() {
        let rules = hash_source(SPECULATION_RULES);
        let plain = policy("/media/", "", "");
        assert!(plain.contains("; style-src 'self'; img-src"), "{plain}");
        assert!(
            plain.contains(&format!(
                "script-src 'self' {rules} 'inline-speculation-rules';"
            )),
            "{plain}"
        );
        let page = policy("/media/", "'sha256-a' 'sha256-b'", "'sha256-c'");
        assert!(
            page.contains("; style-src 'self' 'sha256-a' 'sha256-b'; img-src"),
            "{page}"
        );
        assert!(
            page.contains(&format!(
                "script-src 'self' 'sha256-c' {rules} 'inline-speculation-rules';"
            )),
            "{page}"
        );
        assert!(!page.contains("unsafe-inline"), "{page}");
    }

    #[test]
    fn odd_media_bases_add_nothing() {
        assert_eq!(origin_of("javascript://x"), None);
        assert_eq!(origin_of("https://a b/"), None);
        assert_eq!(origin_of("https:///x"), None);
    }
}
