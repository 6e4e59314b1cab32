//! An edge cache's address (`--purge-url`): where corpsite sends its purges when content
//! changes. Plain `http://host[:port]`: the edge listens for them on a private network or
//! the same machine, and only from the origin's address (its ACL).

use std::fmt;
use std::str::FromStr;

use super::public_url::normalize;

/// `http://host[:port]`, lower case, without a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeUrl(String);

impl EdgeUrl {
    /// `http://host[:port]`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `host[:port]`, for the request's Host.
    pub fn authority(&self) -> &str {
        self.0.trim_start_matches("http://")
    }
}

impl fmt::Display for EdgeUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for EdgeUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut url = text.to_owned();
        if normalize(&mut url) && url.starts_with("http://") {
            Ok(EdgeUrl(url))
        } else {
            Err(format!(
                "{text:?} is not an edge cache's address: write http:// and its host and port \
                 only, e.g. http://10.0.0.5:6081"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_is_plain_http_host_and_port() {
        let edge: EdgeUrl = "http://10.0.0.5:6081/".parse().expect("edge");
        assert_eq!(edge.as_str(), "http://10.0.0.5:6081");
        assert_eq!(edge.authority(), "10.0.0.5:6081");
        let edge: EdgeUrl = " HTTP://Varnish.internal ".parse().expect("edge");
        assert_eq!(edge.authority(), "varnish.internal");
        for bad in [
            "https://edge.example.com",
            "10.0.0.5:6081",
            "http://edge/purge",
            "http://",
            "",
        ] {
            assert!(bad.parse::<EdgeUrl>().is_err(), "{bad:?}");
        }
    }
}
