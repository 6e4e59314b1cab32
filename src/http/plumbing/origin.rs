//! Which sites may post the forms. A browser says where a request comes from (`Origin`, and
//! `Sec-Fetch-Site`): a form post from another site is refused with 403, so no web page can
//! make its visitors submit enquiries or applications here. Requests from this site, and
//! requests without those headers (curl, server-to-server), pass. The group's other sites
//! named in `--allowed-origins` may post too, and get CORS answers; no one else does.
//!
//! "This site" is the authority the request was sent to (`Host`, which the listener settles
//! from HTTP/2's `:authority`: see `site_url::settle_authority`), and the site's own
//! addresses whatever the request names: `--public-url`, and with `--domain` each domain over
//! https at the HTTPS port.

use warp::http::header::{self, HeaderMap, HeaderValue};
use warp::http::StatusCode;
use warp::reply::Response;

use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::set_headers;
use crate::settings::{CertSource, Settings};

const CROSS_SITE: &str = "This form can only be sent from our own website.";

/// The sites besides this one that may post the forms.
#[derive(Debug, Clone, Default)]
pub struct OriginPolicy {
    /// `scheme://host[:port]`, lower case, without a trailing slash.
    allowed: Vec<String>,
    /// The site's own addresses, spelled the same way.
    own: Vec<String>,
}

/// What a request's origin turned out to be.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This site, or no browser origin at all.
    SameSite,
    /// One of the allowed sites: the response names it in `Access-Control-Allow-Origin`.
    Allowed(HeaderValue),
}

impl OriginPolicy {
    pub fn new(allowed: &[String]) -> OriginPolicy {
        OriginPolicy {
            allowed: allowed.iter().map(|origin| normalize(origin)).collect(),
            own: Vec::new(),
        }
    }

    /// The policy of a site served with `settings`: its own addresses are `--public-url` and
    /// each `--domain` over https (at the HTTPS port, when it is not 443).
    pub fn for_site(settings: &Settings) -> OriginPolicy {
        let mut own: Vec<String> = settings
            .public_url
            .iter()
            .map(|url| url.as_str().to_owned())
            .collect();
        if let Some(tls) = &settings.tls {
            if let CertSource::Acme(acme) = &tls.certificate {
                let port = match tls.https_addr.port() {
                    443 => String::new(),
                    port => format!(":{port}"),
                };
                own.extend(
                    acme.domains
                        .iter()
                        .map(|d| normalize(&format!("https://{d}{port}"))),
                );
            }
        }
        OriginPolicy {
            own,
            ..OriginPolicy::new(&settings.allowed_origins)
        }
    }

    /// May this form post go ahead?
    pub fn check(&self, headers: &HeaderMap) -> Result<Verdict, ApiError> {
        let origin = text(headers, header::ORIGIN);
        let fetch_site = text(headers, "sec-fetch-site");
        let Some(origin) = origin else {
            // Without an Origin only Sec-Fetch-Site can tell; a browser sends both on a POST.
            return match fetch_site {
                Some("cross-site") => Err(ApiError::Forbidden(CROSS_SITE.into())),
                _ => Ok(Verdict::SameSite),
            };
        };
        if self.is_own(origin, headers) {
            return Ok(Verdict::SameSite);
        }
        let normalized = normalize(origin);
        if self.allowed.contains(&normalized) {
            return HeaderValue::from_str(&normalized)
                .map(Verdict::Allowed)
                .map_err(|_| ApiError::Forbidden(CROSS_SITE.into()));
        }
        Err(ApiError::Forbidden(CROSS_SITE.into()))
    }

    /// The answer to a CORS preflight (`OPTIONS`) of a form: 204 with what an allowed site
    /// may send, or 403.
    pub fn preflight(&self, headers: &HeaderMap) -> Result<Response, ApiError> {
        let mut response = Response::new(Default::default());
        *response.status_mut() = StatusCode::NO_CONTENT;
        if let Verdict::Allowed(origin) = self.check(headers)? {
            let headers = response.headers_mut();
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            set_headers(
                headers,
                &[
                    (header::ACCESS_CONTROL_ALLOW_METHODS, "POST"),
                    (
                        header::ACCESS_CONTROL_ALLOW_HEADERS,
                        "content-type, form-proof",
                    ),
                    (header::ACCESS_CONTROL_MAX_AGE, "600"),
                ],
            );
        }
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Origin"));
        Ok(response)
    }
}

/// Adds the CORS headers an allowed site's response needs.
pub fn allow(response: &mut Response, verdict: &Verdict) {
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    if let Verdict::Allowed(origin) = verdict {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
    }
}

impl OriginPolicy {
    /// Does a browser's request come from a page of this very site? Judged by `Origin`, or
    /// without one by `Referer`; a request with neither is not (staff changes need a
    /// browser's word for where they come from).
    pub fn is_same_site(&self, headers: &HeaderMap) -> bool {
        let origin = match text(headers, header::ORIGIN) {
            Some(origin) => origin.to_owned(),
            None => match text(headers, header::REFERER).and_then(origin_of) {
                Some(origin) => origin,
                None => return false,
            },
        };
        self.is_own(&origin, headers)
    }

    /// Is `origin` the authority the request was sent to, or one of the site's own addresses?
    fn is_own(&self, origin: &str, headers: &HeaderMap) -> bool {
        is_this_site(origin, headers) || self.own.contains(&normalize(origin))
    }
}

/// `scheme://authority` of an absolute URL.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    (!authority.is_empty()).then(|| format!("{scheme}://{authority}"))
}

fn text(headers: &HeaderMap, name: impl header::AsHeaderName) -> Option<&str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

fn normalize(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// Does `origin` (`scheme://host[:port]`) name the host the request was sent to? The scheme
/// is not compared: behind a TLS proxy the browser says https and the request arrives as http.
fn is_this_site(origin: &str, headers: &HeaderMap) -> bool {
    let Some(host) = text(headers, header::HOST) else {
        return false;
    };
    let authority = origin.split_once("://").map_or("", |(_, rest)| rest);
    let strip_default_port = |authority: &str| -> String {
        let lower = authority.to_ascii_lowercase();
        for port in [":80", ":443"] {
            if let Some(bare) = lower.strip_suffix(port) {
                return bare.to_owned();
            }
        }
        lower
    };
    !authority.is_empty() && strip_default_port(authority) == strip_default_port(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::http::plumbing::reply::header_map as headers;

    type Pairs = &'static [(&'static str, &'static str)];

    #[test]
    fn staff_changes_must_say_they_come_from_this_site() {
        let policy = OriginPolicy {
            own: vec!["https://www.example.com".to_owned()],
            ..OriginPolicy::new(&[])
        };
        const HOST: (&str, &str) = ("host", "127.0.0.1:8080");
        let cases: &[(&str, Pairs, bool)] = &[
            ("no origin, no referer", &[HOST], false),
            (
                "origin is the host",
                &[HOST, ("origin", "http://127.0.0.1:8080")],
                true,
            ),
            (
                "origin is the public url",
                &[HOST, ("origin", "https://www.example.com")],
                true,
            ),
            (
                "origin elsewhere",
                &[HOST, ("origin", "https://evil.example")],
                false,
            ),
            (
                "referer is the host",
                &[HOST, ("referer", "http://127.0.0.1:8080/staff?x=1")],
                true,
            ),
            (
                "referer elsewhere",
                &[HOST, ("referer", "https://evil.example/127.0.0.1:8080")],
                false,
            ),
            ("origin null", &[HOST, ("origin", "null")], false),
        ];
        for (case, pairs, expected) in cases {
            assert_eq!(policy.is_same_site(&headers(pairs)), *expected, "{case}");
        }
    }

    type Case = (
        &'static str,
        &'static [(&'static str, &'static str)],
        Option<&'static str>,
    );

    #[test]
    fn form_posts_are_judged_by_where_the_browser_says_they_come_from() {
        let policy = OriginPolicy::new(&["https://projects.example.com/".to_owned()]);
        const HOST: (&str, &str) = ("host", "www.example.com");
        let cases: &[Case] = &[
            ("curl: no browser headers", &[HOST], None),
            (
                "this site",
                &[HOST, ("origin", "https://www.example.com")],
                None,
            ),
            (
                "this site, default port",
                &[HOST, ("origin", "https://www.example.com:443")],
                None,
            ),
            (
                "this site, fetch metadata only",
                &[HOST, ("sec-fetch-site", "same-origin")],
                None,
            ),
            (
                "an address bar navigation",
                &[HOST, ("sec-fetch-site", "none")],
                None,
            ),
            (
                "another site",
                &[HOST, ("origin", "https://evil.example")],
                Some("403"),
            ),
            (
                "another site, fetch metadata only",
                &[HOST, ("sec-fetch-site", "cross-site")],
                Some("403"),
            ),
            ("a sandboxed page", &[HOST, ("origin", "null")], Some("403")),
            (
                "a look-alike host",
                &[HOST, ("origin", "https://www.example.com.evil.example")],
                Some("403"),
            ),
            (
                "an allowed sister site",
                &[HOST, ("origin", "https://Projects.example.com")],
                Some("cors"),
            ),
        ];
        for (case, pairs, expected) in cases {
            let verdict = policy.check(&headers(pairs));
            let got = match &verdict {
                Ok(Verdict::SameSite) => None,
                Ok(Verdict::Allowed(_)) => Some("cors"),
                Err(err) if err.status() == StatusCode::FORBIDDEN => Some("403"),
                Err(_) => Some("other"),
            };
            assert_eq!(got, *expected, "{case}");
        }
    }

    #[test]
    fn each_domain_over_https_at_the_https_port_is_the_sites_own() {
        let mut settings = Settings::for_data_dir("/tmp/unused");
        settings.tls = Some(crate::settings::TlsSettings {
            https_addr: "0.0.0.0:8443".parse().expect("addr"),
            http_addr: "0.0.0.0:8080".parse().expect("addr"),
            certificate: CertSource::Acme(crate::settings::AcmeSettings {
                domains: vec!["www.example.com".into(), "Example.com".into()],
                directory: String::new(),
                ca_root: None,
                email: None,
                renew_within: std::time::Duration::from_secs(1),
                retry_after: std::time::Duration::from_secs(1),
            }),
        });
        let policy = OriginPolicy::for_site(&settings);
        // Behind a proxy that names the site otherwise, the domains still count.
        let proxied = headers(&[("host", "10.0.0.5:8443")]);
        for (origin, own) in [
            ("https://www.example.com:8443", true),
            ("https://example.com:8443", true),
            ("https://www.example.com", false),
            ("http://www.example.com:8443", false),
            ("https://evil.example:8443", false),
        ] {
            let mut sent = proxied.clone();
            sent.insert("origin", HeaderValue::from_str(origin).expect("value"));
            assert_eq!(policy.check(&sent).is_ok(), own, "{origin}");
            assert_eq!(policy.is_same_site(&sent), own, "{origin}");
        }
    }
}
