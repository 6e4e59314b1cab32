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
use crate::domain::public_url::PublicUrl;

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
        if let Some(url) = &self.public_url {
            return Cow::Borrowed(url);
        }
        let behind_proxy =
            peer.is_some_and(|ClientAddr(addr)| self.trusted.contains(&addr.ip().to_canonical()));
        Cow::Owned(from_request(headers, behind_proxy))
    }
}

/// The origin a request names: its Host, and its X-Forwarded-Proto when it came through a
/// trusted proxy.
pub fn from_request(headers: &HeaderMap, behind_proxy: bool) -> PublicUrl {
    let forwarded_https = behind_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    let scheme = if forwarded_https { "https" } else { "http" };
    headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .and_then(|host| format!("{scheme}://{host}").parse::<PublicUrl>().ok())
        .unwrap_or_else(PublicUrl::localhost)
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
}
