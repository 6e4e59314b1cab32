//! Stored text as the command line prints it. What strangers typed reaches the audit log (a
//! failed sign-in's address), the sessions (a browser's user agent) and the leads; printed raw,
//! a line break forges lines of the log, a tab forges its columns, and a terminal escape sets
//! the window's title or worse. Every command that prints stored text prints it through
//! [`shown`].

use std::borrow::Cow;

use crate::domain::fields::{is_invisible, is_line_separator};

/// `text` with every control character (tab, line breaks, escape...), invisible character
/// (direction marks, zero-width characters), line separator and backslash written as an
/// escape (`\t`, `\n`, `\u{1b}`, `\\`), so one value is one column of one line, and what
/// is shown is what is stored.
pub fn shown(text: &str) -> Cow<'_, str> {
    let escaped = |c: char| c.is_control() || is_invisible(c) || is_line_separator(c) || c == '\\';
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_invisible_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(shown("asha@example.com"), "asha@example.com");
        assert_eq!(shown("Ravi Kumar, Bengaluru ₹"), "Ravi Kumar, Bengaluru ₹");
        assert_eq!(
            shown("a@b\r\n2026-01-01\tcommand line\u{1b}]0;owned\u{7}"),
            r"a@b\r\n2026-01-01\tcommand line\u{1b}]0;owned\u{7}"
        );
        assert_eq!(
            shown("\u{9b}31m \u{202e}gpj.exe \u{2028}"),
            r"\u{9b}31m \u{202e}gpj.exe \u{2028}"
        );
        assert_eq!(
            shown(r"a\nb"),
            r"a\\nb",
            "a typed backslash is not taken for an escape"
        );
    }
}
