//! The `Allow` header of a 405: which methods each path answers.

/// The routes and the methods each takes, for the `Allow` header of a 405 (RFC 9110), but
/// for the staff endpoints' table (`staff::endpoints`, whose 405s say their own): a
/// pattern's `*` is any one segment, as a route's `param` takes it. Keep it in step with the
/// routes of each area (an `Allow` test tries every method on every path; the OpenAPI
/// document's test holds the public `/api` ones to it). The forms take POST and a CORS
/// preflight; a path no pattern names is the site's, read with GET or HEAD.
pub const ROUTE_METHODS: &[(&str, &[&str])] = &[
    // forms and subscriber links (`form_post`)
    ("/api/clients/create", &["POST", "OPTIONS"]),
    ("/api/applicant/create", &["POST", "OPTIONS"]),
    (
        "/api/corp_website/subscribers/confirm",
        &["POST", "OPTIONS"],
    ),
    (
        "/api/corp_website/subscribers/unsubscribe",
        &["POST", "OPTIONS"],
    ),
    // the forms' proof-of-work challenges (`public_api::form_proof`)
    ("/api/form-proof", &["GET", "HEAD"]),
    // the page-view beacon (`public_api::analytics`)
    ("/api/visits", &["POST"]),
    // the one-click unsubscribe posts to the page of the same address
    ("/blogs/unsubscribe", &["GET", "HEAD", "POST"]),
    // blogs, site, openapi
    ("/api/corp_website/blogs/get", &["GET", "HEAD"]),
    ("/api/corp_website/blogs/get/*", &["GET", "HEAD"]),
    ("/api/corp_website/site", &["GET", "HEAD"]),
    ("/api/openapi.json", &["GET", "HEAD"]),
    // the open job postings (`public_api::jobs`)
    ("/api/corp_website/jobs", &["GET", "HEAD"]),
    ("/api/corp_website/jobs/*", &["GET", "HEAD"]),
    // the retention rules the privacy notice states (`public_api::privacy`)
    ("/api/corp_website/retention", &["GET", "HEAD"]),
];

/// The order methods are listed in.
const METHOD_ORDER: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/// The methods `path` answers: those of every route whose pattern it matches (a story id
/// may be spelled `preview`, an inbox id `export.csv`), GET and HEAD for the site's paths.
pub(crate) fn allowed_methods(path: &str) -> String {
    // One trailing slash is the same path to warp's `path::end`.
    let path = path
        .strip_suffix('/')
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    let mut taken: Vec<&str> = Vec::new();
    for (pattern, methods) in ROUTE_METHODS {
        if matches_pattern(path, pattern) {
            taken.extend_from_slice(methods);
        }
    }
    if taken.is_empty() {
        return "GET, HEAD".to_owned();
    }
    joined(&taken)
}

/// Methods as `Allow` lists them: each once, in the usual order.
pub(crate) fn joined(methods: &[&str]) -> String {
    METHOD_ORDER
        .iter()
        .copied()
        .filter(|method| methods.contains(method))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether `path` has `pattern`'s segments, `*` standing for any segment but an empty one.
pub(crate) fn matches_pattern(path: &str, pattern: &str) -> bool {
    let mut segments = path.split('/');
    let mut parts = pattern.split('/');
    loop {
        match (segments.next(), parts.next()) {
            (None, None) => return true,
            (Some(segment), Some("*")) if !segment.is_empty() => {}
            (Some(segment), Some(part)) if part != "*" && segment == part => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_answers_the_methods_of_every_route_it_matches() {
        let cases = [
            // (the staff endpoints' table answers its own: `staff::dispatch::allowed`)
            ("/api/clients/create", "POST, OPTIONS"),
            ("/api/visits", "POST"),
            ("/blogs/unsubscribe", "GET, HEAD, POST"),
            ("/", "GET, HEAD"),
            ("/contact", "GET, HEAD"),
        ];
        for (path, methods) in cases {
            assert_eq!(allowed_methods(path), methods, "{path}");
        }
    }

    #[test]
    fn a_star_is_one_segment_that_is_not_empty() {
        assert!(matches_pattern("/a/x/b", "/a/*/b"));
        assert!(!matches_pattern("/a//b", "/a/*/b"));
        assert!(!matches_pattern("/a/x/y/b", "/a/*/b"));
        assert!(!matches_pattern("/a/x", "/a/*/b"));
        assert!(!matches_pattern("/a/x/b/", "/a/*/b"));
    }
}
