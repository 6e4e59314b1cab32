//! The site's address as the visitor reached it, for absolute links (canonical URLs, link
//! previews, the sitemap and the feed) and the page cache's key: `--public-url` when it is
//! set; else the request's authority (`settle_authority`), over https when this server
//! terminated TLS for it or a trusted proxy (`--trusted-proxy`) says so in X-Forwarded-Proto.
//! An authority that is no plain host name is not used: links then point at `http://localhost`.
//!
//! One request authority: HTTP/1.1 names the site in `Host`, HTTP/2 in `:authority` (which
//! hyper gives as the URI's authority, with no `Host` at all). The listener calls
//! `settle_authority` on every request before anything reads it, so the form origin check,
//! the staff CSRF check, absolute links, redirects and the page cache all read one `Host`,
//! whatever the protocol.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap, HeaderValue, Request};
use warp::Filter;

use crate::domain::public_url::{normalize, PublicUrl};
use crate::http::plumbing::marks::{ClientAddr, OverTls};

/// A filter that hands each request the site's origin.
pub fn origin(
    public_url: Option<PublicUrl>,
    trusted: Arc<Vec<IpAddr>>,
) -> BoxedFilter<(PublicUrl,)> {
    let rule = OriginRule {
        public_url,
        trusted,
    };
    warp::ext::optional::<ClientAddr>()
        .and(warp::ext::optional::<OverTls>())
        .and(warp::header::headers_cloned())
        .map(
            move |peer: Option<ClientAddr>, tls: Option<OverTls>, headers: HeaderMap| {
                rule.of(peer, tls.is_some(), &headers).into_owned()
            },
        )
        .boxed()
}

/// Makes `Host` the request's authority, for both protocols: an HTTP/2 request names it in
/// `:authority` (the URI's authority) and need not send `Host`; an HTTP/1.1 request whose
/// target is an absolute URI names it there, and then its `Host` does not count (RFC 9112
/// 3.2.2; RFC 9113 8.3.1 likewise has `:authority` win over a `Host` that differs). A request
/// with neither keeps what it has.
pub fn settle_authority<B>(request: &mut Request<B>) {
    let Some(authority) = request.uri().authority() else {
        return;
    };
    if let Ok(value) = HeaderValue::from_str(authority.as_str()) {
        request.headers_mut().insert(header::HOST, value);
    }
}

/// How a request's origin is found: `--public-url`, else what the request names.
#[derive(Clone)]
pub struct OriginRule {
    pub public_url: Option<PublicUrl>,
    pub trusted: Arc<Vec<IpAddr>>,
}

impl OriginRule {
    /// The origin of a request from `peer` (the connection's address), `tls` when this server
    /// terminated TLS for it, with `headers` (`Host` settled by `settle_authority`).
    pub fn of(
        &self,
        peer: Option<ClientAddr>,
        tls: bool,
        headers: &HeaderMap,
    ) -> Cow<'_, PublicUrl> {
        match &self.public_url {
            Some(url) => Cow::Borrowed(url),
            None => Cow::Owned(from_request(headers, self.https(peer, tls, headers))),
        }
    }

    /// As `of`, written into `out` (cleared first): no allocation once `out` has room.
    pub fn write(
        &self,
        peer: Option<ClientAddr>,
        tls: bool,
        headers: &HeaderMap,
        out: &mut String,
    ) {
        match &self.public_url {
            Some(url) => {
                out.clear();
                out.push_str(url.as_str());
            }
            None => write_origin(headers, self.https(peer, tls, headers), out),
        }
    }

    /// Did the request reach the site over https: TLS ended here, or a trusted proxy says so.
    fn https(&self, peer: Option<ClientAddr>, tls: bool, headers: &HeaderMap) -> bool {
        tls || (self.behind_proxy(peer) && forwarded_https(headers))
    }

    fn behind_proxy(&self, peer: Option<ClientAddr>) -> bool {
        peer.is_some_and(|ClientAddr(addr)| self.trusted.contains(&addr.ip().to_canonical()))
    }
}

/// Does X-Forwarded-Proto (its first value: the proxy nearest the visitor) say https?
fn forwarded_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// The origin a request names: its Host, over https when `https`.
pub fn from_request(headers: &HeaderMap, https: bool) -> PublicUrl {
    let mut origin = String::new();
    write_origin(headers, https, &mut origin);
    origin.parse().unwrap_or_else(|_| PublicUrl::localhost())
}

/// `from_request`'s origin, written into `out` (cleared first).
fn write_origin(headers: &HeaderMap, https: bool, out: &mut String) {
    out.clear();
    out.push_str(if https { "https://" } else { "http://" });
    let named = match headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
    {
        Some(host) => {
            out.push_str(host);
            normalize(out)
        }
        None => false,
    };
    if !named {
        out.clear();
        out.push_str(PublicUrl::localhost().as_str());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::plumbing::reply::header_map as headers;

    #[test]
    fn the_origin_comes_from_host_and_only_a_trusted_proxy_makes_it_https() {
        let cases = [
            (
                "plain host",
                &[("host", "www.example.com")][..],
                false,
                "http://www.example.com",
            ),
            (
                "host with port",
                &[("host", "127.0.0.1:8080")],
                false,
                "http://127.0.0.1:8080",
            ),
            (
                "proto from an untrusted peer",
                &[("host", "a.example"), ("x-forwarded-proto", "https")],
                false,
                "http://a.example",
            ),
            (
                "proto from a trusted proxy",
                &[("host", "a.example"), ("x-forwarded-proto", "https")],
                true,
                "https://a.example",
            ),
            ("no host", &[], false, "http://localhost"),
            (
                "a path in host",
                &[("host", "a.example/evil")],
                false,
                "http://localhost",
            ),
            (
                "markup in host",
                &[("host", "a\"><script>")],
                false,
                "http://localhost",
            ),
        ];
        let proxy: std::net::SocketAddr = "10.0.0.2:4000".parse().expect("addr");
        let visitor: std::net::SocketAddr = "203.0.113.9:5000".parse().expect("addr");
        let rule = OriginRule {
            public_url: None,
            trusted: Arc::new(vec![proxy.ip()]),
        };
        for (case, given, from_proxy, expected) in cases {
            let peer = ClientAddr(if from_proxy { proxy } else { visitor });
            assert_eq!(
                rule.of(Some(peer), false, &headers(given)).as_str(),
                expected,
                "{case}"
            );
        }
    }

    #[test]
    fn tls_ended_here_makes_the_origin_https_whoever_asks() {
        let rule = OriginRule {
            public_url: None,
            trusted: Arc::new(Vec::new()),
        };
        let visitor = ClientAddr("203.0.113.9:5000".parse().expect("addr"));
        let given = headers(&[("host", "corpsite.test:8443")]);
        assert_eq!(
            rule.of(Some(visitor), true, &given).as_str(),
            "https://corpsite.test:8443"
        );
        assert_eq!(
            rule.of(Some(visitor), false, &given).as_str(),
            "http://corpsite.test:8443"
        );
    }

    #[test]
    fn the_authority_of_an_http2_request_becomes_its_host() {
        // HTTP/2: hyper gives `:authority` as the URI's authority, and there is no Host.
        let mut request = Request::builder()
            .uri("https://corpsite.test:8443/contact")
            .body(())
            .expect("request");
        settle_authority(&mut request);
        assert_eq!(request.headers()[header::HOST], "corpsite.test:8443");
        // `:authority` wins over a Host that says otherwise.
        let mut request = Request::builder()
            .uri("https://corpsite.test/contact")
            .header(header::HOST, "elsewhere.example")
            .body(())
            .expect("request");
        settle_authority(&mut request);
        assert_eq!(request.headers()[header::HOST], "corpsite.test");
        // HTTP/1.1 in origin form: Host stays as sent.
        let mut request = Request::builder()
            .uri("/contact")
            .header(header::HOST, "www.example.com")
            .body(())
            .expect("request");
        settle_authority(&mut request);
        assert_eq!(request.headers()[header::HOST], "www.example.com");
    }

    #[test]
    fn an_origin_written_into_a_buffer_is_the_one_the_filters_get() {
        let proxy: std::net::SocketAddr = "10.0.0.2:4000".parse().expect("addr");
        let visitor: std::net::SocketAddr = "203.0.113.9:5000".parse().expect("addr");
        let trusted = Arc::new(vec![proxy.ip()]);
        let rules = [
            OriginRule {
                public_url: None,
                trusted: Arc::clone(&trusted),
            },
            OriginRule {
                public_url: Some("https://www.example.com".parse().expect("url")),
                trusted,
            },
        ];
        let requests = [
            &[("host", "Site.Example:8080")][..],
            &[("host", "a.example"), ("x-forwarded-proto", "https")],
            &[("host", "[a\"><script>]")],
            &[],
        ];
        // A buffer that held a longer origin before: each write starts it afresh.
        let mut out = "https://a-much-longer-origin.example:8443".to_owned();
        for rule in &rules {
            for given in requests {
                for peer in [None, Some(ClientAddr(proxy)), Some(ClientAddr(visitor))] {
                    for tls in [false, true] {
                        rule.write(peer, tls, &headers(given), &mut out);
                        let of = rule.of(peer, tls, &headers(given));
                        assert_eq!(out, of.as_str(), "{given:?}");
                    }
                }
            }
        }
        rules[0].write(
            Some(ClientAddr(proxy)),
            false,
            &headers(requests[1]),
            &mut out,
        );
        assert_eq!(out, "https://a.example");
        rules[0].write(None, false, &headers(requests[2]), &mut out);
        assert_eq!(out, "http://localhost", "no markup gets through");
    }
}
