//! The site's address as the visitor reached it, for absolute links (canonical URLs, link
//! previews, the sitemap and the feed): `--public-url` when it is set; else the request's
//! Host, over https only when a trusted proxy (`--trusted-proxy`) says so in
//! X-Forwarded-Proto. A Host that is no plain host name is not used: links then point at
//! `http://localhost`.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap};
use warp::Filter;

use super::ClientAddr;
use crate::domain::public_url::{normalize, PublicUrl};

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
        .and(warp::header::headers_cloned())
        .map(move |peer: Option<ClientAddr>, headers: HeaderMap| {
            rule.of(peer, &headers).into_owned()
        })
        .boxed()
}

/// How a request's origin is found: `--public-url`, else what the request names.
#[derive(Clone)]
pub struct OriginRule {
    pub public_url: Option<PublicUrl>,
    pub trusted: Arc<Vec<IpAddr>>,
}

impl OriginRule {
    /// The origin of a request from `peer` (the connection's address) with `headers`.
    pub fn of(&self, peer: Option<ClientAddr>, headers: &HeaderMap) -> Cow<'_, PublicUrl> {
        match &self.public_url {
            Some(url) => Cow::Borrowed(url),
            None => Cow::Owned(from_request(headers, self.behind_proxy(peer))),
        }
    }

    /// As `of`, written into `out` (cleared first): no allocation once `out` has room.
    pub fn write(&self, peer: Option<ClientAddr>, headers: &HeaderMap, out: &mut String) {
        match &self.public_url {
            Some(url) => {
                out.clear();
                out.push_str(url.as_str());
            }
            None => write_origin(headers, self.behind_proxy(peer), out),
        }
    }

    fn behind_proxy(&self, peer: Option<ClientAddr>) -> bool {
        peer.is_some_and(|ClientAddr(addr)| self.trusted.contains(&addr.ip().to_canonical()))
    }
}

/// The origin a request names: its Host, and its X-Forwarded-Proto when it came through a
/// trusted proxy.
pub fn from_request(headers: &HeaderMap, behind_proxy: bool) -> PublicUrl {
    let mut origin = String::new();
    write_origin(headers, behind_proxy, &mut origin);
    origin.parse().unwrap_or_else(|_| PublicUrl::localhost())
}

/// `from_request`'s origin, written into `out` (cleared first).
fn write_origin(headers: &HeaderMap, behind_proxy: bool, out: &mut String) {
    let forwarded_https = behind_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    out.clear();
    out.push_str(if forwarded_https {
        "https://"
    } else {
        "http://"
    });
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
    use warp::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

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
        for (case, given, behind_proxy, expected) in cases {
            assert_eq!(
                from_request(&headers(given), behind_proxy).as_str(),
                expected,
                "{case}"
            );
        }
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
                    rule.write(peer, &headers(given), &mut out);
                    assert_eq!(out, rule.of(peer, &headers(given)).as_str(), "{given:?}");
                }
            }
        }
        rules[0].write(Some(ClientAddr(proxy)), &headers(requests[1]), &mut out);
        assert_eq!(out, "https://a.example");
        rules[0].write(None, &headers(requests[2]), &mut out);
        assert_eq!(out, "http://localhost", "no markup gets through");
    }
}
