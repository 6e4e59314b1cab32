//! The `text` of a blog search, made safe for SQLite FTS5.
//!
//! User text never reaches FTS5's query syntax: it is cut, cleaned of control and
//! direction-changing characters, split into words, and each word becomes a quoted prefix
//! term (`"word"*`); the terms are AND-ed. Quotes, operators and brackets cannot survive.

/// Characters of `text` looked at; the rest is cut.
pub const MAX_CHARS: usize = 200;
/// Words looked at; more add little and cost FTS5 time.
const MAX_TERMS: usize = 12;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText {
    /// The words, lowercased, separated by one space: equal searches have equal keys.
    key: String,
}

impl SearchText {
    /// `None` when the text holds no word (empty, spaces, punctuation only).
    pub fn parse(raw: &str) -> Option<SearchText> {
        let cleaned: String = raw
            .chars()
            .take(MAX_CHARS)
            .filter(|c| !is_invisible(*c))
            .collect();
        let words: Vec<String> = cleaned
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(MAX_TERMS)
            .map(str::to_lowercase)
            .collect();
        (!words.is_empty()).then(|| SearchText {
            key: words.join(" "),
        })
    }

    /// A canonical form, for cache keys.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The FTS5 MATCH expression: every word as a quoted prefix term, all required.
    pub fn fts_query(&self) -> String {
        self.key
            .split(' ')
            .map(|word| format!("\"{word}\"*"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Control characters, bidi controls and zero-width characters: invisible, and only ever
/// used in a search box to confuse.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_quoted_prefix_terms() {
        let cases = [
            ("leasing", "\"leasing\"*"),
            ("  Office   FIT-out ", "\"office\"* \"fit\"* \"out\"*"),
            ("café", "\"café\"*"),
            ("a\" OR 1=1 --", "\"a\"* \"or\"* \"1\"* \"1\"*"),
            ("NEAR(x y)", "\"near\"* \"x\"* \"y\"*"),
            ("^start* col:val", "\"start\"* \"col\"* \"val\"*"),
            ("\u{202E}evil\u{200F}", "\"evil\"*"),
            ("nu\u{0}l", "\"nul\"*"),
        ];
        for (raw, fts) in cases {
            assert_eq!(
                SearchText::parse(raw).map(|s| s.fts_query()).as_deref(),
                Some(fts),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn text_without_words_is_no_search() {
        for raw in [
            "",
            "   ",
            "\"",
            "()",
            "*^",
            "😀🙂",
            "\u{200F}\u{202E}",
            "-- ; '",
        ] {
            assert_eq!(SearchText::parse(raw), None, "{raw:?}");
        }
    }

    #[test]
    fn long_text_is_cut_and_terms_are_capped() {
        let long = "x".repeat(1_000);
        let parsed = SearchText::parse(&long).map(|s| s.key().len());
        assert_eq!(parsed, Some(MAX_CHARS));
        let many = "w ".repeat(100);
        let terms = SearchText::parse(&many).map(|s| s.fts_query().matches('*').count());
        assert_eq!(terms, Some(MAX_TERMS));
    }
}
