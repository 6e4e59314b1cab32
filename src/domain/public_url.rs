//! The site's own address as visitors reach it (`--public-url`): the origin every absolute
//! link is built from (canonical URLs, Open Graph, the sitemap and feed, links in mail) and
//! whether the site is served over HTTPS (secure cookies).

use std::fmt;
use std::str::FromStr;

/// `http(s)://host[:port]`, lower case, without a path or a trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// The origin, e.g. `https://www.example.com`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `http://localhost`: where links point when a request names no usable host.
    pub fn localhost() -> PublicUrl {
        PublicUrl("http://localhost".to_owned())
    }

    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }

    /// The absolute URL of a path on this site; `path` starts with `/`.
    pub fn join(&self, path: &str) -> String {
        debug_assert!(path.starts_with('/'), "{path}");
        format!("{}{path}", self.0)
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for PublicUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut origin = text.to_owned();
        if normalize(&mut origin) {
            Ok(PublicUrl(origin))
        } else {
            Err(format!(
                "{text:?} is not a site address: write the scheme and host only, \
                 e.g. https://www.example.com"
            ))
        }
    }
}

/// Makes the address in `text` an origin as `PublicUrl` keeps it (trimmed, lower case, no
/// trailing slash), in place: true when it is one, `http(s)://host[:port]`. It allocates
/// nothing, so a request's origin can be checked in a reused buffer.
pub fn normalize(text: &mut String) -> bool {
    text.truncate(text.trim_end().len());
    let leading = text.len() - text.trim_start().len();
    text.drain(..leading);
    text.make_ascii_lowercase();
    if text.ends_with('/') {
        text.pop();
    }
    let Some((scheme, authority)) = text.split_once("://") else {
        return false;
    };
    (scheme == "http" || scheme == "https") && is_authority(authority)
}

/// `host[:port]`: a DNS name, an IPv4 address or a bracketed IPv6 address, and a port
/// from 1 to 65535.
fn is_authority(authority: &str) -> bool {
    let (host_ok, port) = match authority.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some((address, rest)) => (
                address.parse::<std::net::Ipv6Addr>().is_ok(),
                match rest {
                    "" => None,
                    _ => match rest.strip_prefix(':') {
                        Some(port) => Some(port),
                        None => return false,
                    },
                },
            ),
            None => return false,
        },
        None => {
            let (host, port) = match authority.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (authority, None),
            };
            let name_ok = !host.is_empty()
                && host.len() <= 253
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
                && !host.starts_with('.')
                && !host.starts_with('-');
            (name_ok, port)
        }
    };
    host_ok && port.is_none_or(|p| p.parse::<u16>().is_ok_and(|p| p > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_is_taken_and_normalized() {
        let cases = [
            ("https://www.example.com", "https://www.example.com"),
            ("https://WWW.Example.com/", "https://www.example.com"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("http://[::1]:8080", "http://[::1]:8080"),
            ("http://[::1]", "http://[::1]"),
            ("http://[2001:DB8::1]/", "http://[2001:db8::1]"),
            ("  https://example.com  ", "https://example.com"),
        ];
        for (text, origin) in cases {
            assert_eq!(
                text.parse::<PublicUrl>().map(|u| u.0),
                Ok(origin.to_owned()),
                "{text}"
            );
        }
    }

    #[test]
    fn anything_but_a_bare_http_or_https_origin_is_refused() {
        for text in [
            "",
            "www.example.com",
            "ftp://example.com",
            "javascript://example.com",
            "https://",
            "https://example.com/blog",
            "https://example.com?x=1",
            "https://user@example.com",
            "https://example.com:0",
            "https://example.com:99999",
            "https://exa mple.com",
            "https://-example.com",
            "http://[a\"><script>]",
            "http://[::1]x",
            "http://[::1",
            "http://a.example//",
        ] {
            assert!(text.parse::<PublicUrl>().is_err(), "{text}");
        }
    }

    #[test]
    fn https_and_joined_paths() {
        let url: PublicUrl = "https://www.example.com".parse().expect("url");
        assert!(url.is_https());
        assert_eq!(url.join("/blogs"), "https://www.example.com/blogs");
        let plain: PublicUrl = "http://localhost:8080".parse().expect("url");
        assert!(!plain.is_https());
    }
}
