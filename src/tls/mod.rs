//! HTTPS by the binary itself, as Caddy and PocketBase do it: `--domain` gets certificates
//! from an ACME CA and keeps them renewed (`acme`), or `--tls-cert`/`--tls-key` serve the
//! office's own files, reloaded on SIGHUP. `certs` holds the served certificate and the one
//! rustls configuration; `server::listener` terminates TLS with it. The HTTP port
//! (`http_port_routes`) answers ACME challenges and sends everything else to https with 308.

pub mod acme;
pub mod certs;

use std::path::PathBuf;
use std::sync::Arc;

use jiff::Timestamp;
use tokio::sync::watch;
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::domain::dns_name::DnsName;
use crate::health::Health;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::security::SecurityHeaders;
use acme::Challenges;
use certs::{CertSlot, LoadedCert};

/// `Strict-Transport-Security` of every HTTPS answer: two years, subdomains included.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// Where the HTTP port sends visitors: `https://HOST[:PORT]` + the path they asked for.
#[derive(Debug, Clone)]
pub struct RedirectTarget {
    /// The hosts a request may name and be sent to as named: the `--domain`s, else the
    /// `--public-url`'s host, else the names of the `--tls-cert` certificate. Any other name
    /// a request sends is not followed, so no Host takes a visitor off the site's names.
    pub domains: Vec<DnsName>,
    /// The host for a request naming none of them (or an IP address).
    pub fallback_host: Option<String>,
    /// The HTTPS port, when it is not 443.
    pub https_port: u16,
}

impl RedirectTarget {
    fn location(&self, host_header: Option<&str>, path: &str, query: &str) -> Option<String> {
        let named = host_header
            .map(|host| host.rsplit_once(':').map_or(host, |(name, _)| name))
            .and_then(|name| name.parse::<DnsName>().ok())
            .filter(|name| self.domains.contains(name))
            .map(|name| name.to_string());
        let host = named.or_else(|| self.fallback_host.clone())?;
        let port = if self.https_port == 443 {
            String::new()
        } else {
            format!(":{}", self.https_port)
        };
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        Some(format!("https://{host}{port}{path}{query}"))
    }
}

/// The HTTP port: `/.well-known/acme-challenge/TOKEN` while a validation is under way;
/// every other request is sent to the same address over https (308 keeps the method).
pub fn http_port_routes(
    challenges: Arc<Challenges>,
    target: RedirectTarget,
    media_base: &str,
) -> BoxedFilter<(Response,)> {
    let security = SecurityHeaders::new(media_base);
    let challenge = warp::path!(".well-known" / "acme-challenge" / String)
        .and(crate::http::plumbing::filters::get_or_head())
        .map(move |token: String| match challenges.answer(&token) {
            Some(answer) => {
                let mut response = Response::new(answer.into());
                response
                    .headers_mut()
                    .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
                response
            }
            None => ApiError::NotFound("There is no such challenge.".into()).into_response(),
        });
    let redirect = warp::path::full()
        .and(warp::header::optional::<String>("host"))
        .and(crate::http::plumbing::filters::raw_query())
        .map(
            move |path: warp::path::FullPath, host: Option<String>, query: String| match target
                .location(host.as_deref(), path.as_str(), &query)
            {
                Some(location) => {
                    let mut response = Response::new(Default::default());
                    *response.status_mut() = StatusCode::PERMANENT_REDIRECT;
                    match HeaderValue::from_str(&location) {
                        Ok(value) => {
                            response.headers_mut().insert(header::LOCATION, value);
                            response
                        }
                        Err(_) => ApiError::NotFound("There is nothing at this address.".into())
                            .into_response(),
                    }
                }
                None => ApiError::NotFound(
                    "This site is served over https: name it by its domain.".into(),
                )
                .into_response(),
            },
        );
    challenge
        .or(redirect)
        .unify()
        .map(move |response: Response| security.apply(response))
        .map(Reply::into_response)
        .boxed()
}

/// Loads `--tls-cert`/`--tls-key` into `slot` now, then again on every SIGHUP until `stop`;
/// a reload that fails is logged and the served certificate stays. Answers the DNS names of
/// the certificate loaded now.
pub fn load_files(
    cert: PathBuf,
    key: PathBuf,
    slot: Arc<CertSlot>,
    health: Arc<Health>,
    mut stop: watch::Receiver<bool>,
) -> Result<Vec<String>, certs::CertError> {
    let loaded = LoadedCert::from_files(&cert, &key)?;
    let names = loaded.names.clone();
    health.certificate_served(loaded.not_after);
    slot.replace(loaded);
    let mut hangups = match crate::platform::hangups() {
        Ok(hangups) => hangups,
        Err(err) => {
            tracing::warn!(error = %err, "https: cannot listen for SIGHUP; the certificate files are read at start only");
            return Ok(names);
        }
    };
    tokio::spawn(async move {
        loop {
            tokio::select! {
                got = hangups.recv() => if got.is_none() { return },
                _ = stop.wait_for(|stop| *stop) => return,
            }
            match LoadedCert::from_files(&cert, &key) {
                Ok(loaded) => {
                    tracing::info!(not_after = %loaded.not_after, "https: reloaded the certificate files");
                    health.certificate_served(loaded.not_after);
                    slot.replace(loaded);
                }
                Err(err) => {
                    tracing::error!(error = %err, "https: cannot reload the certificate files; the one served stays");
                    health.renewal_failed(Timestamp::now(), err.to_string());
                }
            }
        }
    });
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(domains: &[&str], port: u16) -> RedirectTarget {
        RedirectTarget {
            domains: domains.iter().map(|d| d.parse().expect("domain")).collect(),
            fallback_host: domains.first().map(|d| (*d).to_owned()),
            https_port: port,
        }
    }

    #[test]
    fn a_request_is_sent_to_the_same_host_path_and_query_over_https() {
        let t = target(&["www.example.com", "example.com"], 443);
        assert_eq!(
            t.location(Some("example.com"), "/blogs", "page=2")
                .as_deref(),
            Some("https://example.com/blogs?page=2")
        );
        assert_eq!(
            t.location(Some("WWW.example.com:80"), "/", "").as_deref(),
            Some("https://www.example.com/")
        );
    }

    #[test]
    fn a_host_that_is_not_the_sites_is_sent_to_the_first_domain_never_elsewhere() {
        let t = target(&["www.example.com"], 8443);
        for host in [
            Some("evil.example.net"),
            Some("10.0.0.1"),
            None,
            Some("a b"),
        ] {
            assert_eq!(
                t.location(host, "/x", "").as_deref(),
                Some("https://www.example.com:8443/x"),
                "{host:?}"
            );
        }
    }

    #[test]
    fn without_names_of_its_own_no_host_is_followed() {
        let t = RedirectTarget {
            domains: Vec::new(),
            fallback_host: None,
            https_port: 443,
        };
        for host in ["intranet.example.org", "evil.example.net", "192.168.1.4"] {
            assert_eq!(t.location(Some(host), "/", ""), None, "{host}");
        }
    }
}
