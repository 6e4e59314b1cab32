//! A blog's accent colour: `#rrggbb`.

use std::fmt;

/// The house colour, for posts that do not set one.
pub const HOUSE_COLOR: &str = "#1d4e89";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Color(String);

impl Color {
    /// `#rrggbb` (hex digits in either case; stored lowercase).
    pub fn parse(raw: &str) -> Option<Color> {
        let hex = raw.trim().strip_prefix('#')?;
        (hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Color(format!("#{}", hex.to_ascii_lowercase())))
    }

    pub fn house() -> Color {
        Color(HOUSE_COLOR.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_digit_hex_colours_parse_and_are_lowercased() {
        assert_eq!(Color::parse("#1F6F8B").map(|c| c.0), Some("#1f6f8b".into()));
        assert_eq!(
            Color::parse(" #abcdef ").map(|c| c.0),
            Some("#abcdef".into())
        );
        assert!(Color::parse(HOUSE_COLOR).is_some());
    }

    #[test]
    fn anything_else_is_not_a_colour() {
        for bad in [
            "",
            "#",
            "1f6f8b",
            "#1f6f8",
            "#1f6f8b0",
            "#ggg000",
            "red",
            "#1f6f8b;x",
            "#１２３４５６",
        ] {
            assert!(Color::parse(bad).is_none(), "{bad}");
        }
    }
}
