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
    // the page-view beacon (`public_api::visits`)
    ("/api/visits", &["POST"]),
    // the one-click unsubscribe posts to the page of the same address
    ("/blogs/unsubscribe", &["GET", "HEAD", "POST"]),
    // blogs, site, openapi
    ("/api/corp_website/blogs/get", &["GET", "HEAD"]),
    ("/api/corp_website/blogs/get/*", &["GET", "HEAD"]),
    ("/api/corp_website/site", &["GET", "HEAD"]),
    ("/api/openapi.json", &["GET", "HEAD"]),
    // staff
    ("/api/staff/login", &["POST"]),
    ("/api/staff/session", &["GET", "HEAD"]),
    ("/api/staff/logout", &["POST"]),
    ("/api/staff/password", &["POST"]),
    // the team: accounts, roles, invites, the set-up link
    ("/api/staff/team", &["GET", "HEAD"]),
    ("/api/staff/team/accounts/*", &["DELETE"]),
    ("/api/staff/team/accounts/*/roles", &["PUT"]),
    ("/api/staff/team/accounts/*/lead-mail", &["GET", "HEAD"]),
    ("/api/staff/team/invites", &["POST"]),
    ("/api/staff/team/invites/*", &["DELETE"]),
    ("/api/staff/team/invites/*/resend", &["POST"]),
    ("/api/staff/invite/check", &["POST"]),
    ("/api/staff/invite/accept", &["POST"]),
    ("/api/staff/setup/check", &["POST"]),
    ("/api/staff/setup", &["POST"]),
    // one's account: forgotten passwords, sessions; the audit log
    ("/api/staff/password/forgot", &["POST"]),
    ("/api/staff/password/reset/check", &["POST"]),
    ("/api/staff/password/reset", &["POST"]),
    ("/api/staff/account/sessions", &["GET", "HEAD"]),
    ("/api/staff/account/sessions/*", &["DELETE"]),
    ("/api/staff/team/sessions", &["GET", "HEAD"]),
    ("/api/staff/team/sessions/*", &["DELETE"]),
    ("/api/staff/team/audit", &["GET", "HEAD"]),
    ("/api/staff/team/audit.csv", &["GET", "HEAD"]),
    // second factors (`staff::factors`, `staff::passkeys`)
    ("/api/staff/passkey/options", &["POST"]),
    ("/api/staff/passkey/sign-in", &["POST"]),
    ("/api/staff/login/code", &["POST"]),
    ("/api/staff/account/factors", &["GET", "HEAD"]),
    ("/api/staff/account/authenticator", &["POST", "DELETE"]),
    ("/api/staff/account/authenticator/confirm", &["POST"]),
    ("/api/staff/account/passkeys", &["POST"]),
    ("/api/staff/account/passkeys/options", &["POST"]),
    ("/api/staff/account/passkeys/*", &["PATCH", "DELETE"]),
    ("/api/staff/account/recovery-codes", &["POST"]),
    ("/api/staff/account/confirm", &["POST"]),
    ("/api/staff/team/second-factor", &["GET", "HEAD", "PUT"]),
    ("/api/staff/team/accounts/*/reset-factors", &["POST"]),
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
