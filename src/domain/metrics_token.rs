//! The bearer token that opens `/metrics` on the public address (`--metrics-token`): long
//! enough not to be guessed, compared in constant time, never printed.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

/// The fewest characters a token may have.
pub const MIN_CHARS: usize = 16;

#[derive(Clone, PartialEq, Eq)]
pub struct MetricsToken(String);

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MetricsTokenError {
    #[error(
        "the metrics token must be at least {MIN_CHARS} characters (try: openssl rand -hex 24)"
    )]
    TooShort,
    #[error("the metrics token must be printable ASCII without spaces, as an Authorization header carries it")]
    NotPrintable,
}

impl MetricsToken {
    /// Whether `offered` (the text after `Bearer `) is this token. Both sides are hashed
    /// first, so the comparison takes the same time whatever the length or the first
    /// differing byte of what is offered.
    pub fn matches(&self, offered: &str) -> bool {
        let expected = Sha256::digest(self.0.as_bytes());
        let offered = Sha256::digest(offered.as_bytes());
        expected
            .iter()
            .zip(offered.iter())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl FromStr for MetricsToken {
    type Err = MetricsTokenError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if !text.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(MetricsTokenError::NotPrintable);
        }
        if text.len() < MIN_CHARS {
            return Err(MetricsTokenError::TooShort);
        }
        Ok(MetricsToken(text.to_owned()))
    }
}

/// Never the token itself: settings are logged and compared as text.
impl fmt::Debug for MetricsToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MetricsToken(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_or_unprintable_tokens_are_refused_with_a_reason() {
        let cases = [
            ("", MetricsTokenError::TooShort),
            ("fifteen-chars-x", MetricsTokenError::TooShort),
            ("sixteen chars xx", MetricsTokenError::NotPrintable),
            ("sixteen-chars-xé", MetricsTokenError::NotPrintable),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<MetricsToken>(), Err(expected), "{text:?}");
        }
    }

    #[test]
    fn only_the_exact_token_matches() {
        let token: MetricsToken = "0123456789abcdef".parse().expect("valid");
        assert!(token.matches("0123456789abcdef"));
        for other in [
            "",
            "0123456789abcde",
            "0123456789abcdeF",
            "0123456789abcdef0",
        ] {
            assert!(!token.matches(other), "{other:?}");
        }
        assert_eq!(format!("{token:?}"), "MetricsToken(..)");
    }
}
