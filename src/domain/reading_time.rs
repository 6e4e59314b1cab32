//! `min_read`: "N min read", from the word count at about 230 words a minute.

const WORDS_PER_MINUTE: usize = 230;

/// Words in `text`: runs of non-space characters holding at least one letter or digit.
pub fn word_count(text: &str) -> usize {
    text.split_whitespace()
        .filter(|word| word.chars().any(char::is_alphanumeric))
        .count()
}

/// "N min read", rounded up, at least 1.
pub fn min_read(words: usize) -> String {
    let minutes = words.div_ceil(WORDS_PER_MINUTE).max(1);
    format!("{minutes} min read")
}

/// A post's own `min_read`: "N min read" or a bare number of minutes (1 to 600).
pub fn parse_min_read(raw: &str) -> Option<String> {
    let trimmed = raw.trim();
    let number = trimmed
        .strip_suffix("min read")
        .map(str::trim)
        .unwrap_or(trimmed);
    let minutes: u32 = number.parse().ok().filter(|m| (1..=600).contains(m))?;
    Some(format!("{minutes} min read"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_are_words_over_230_rounded_up_and_at_least_one() {
        let cases = [
            (0, "1 min read"),
            (1, "1 min read"),
            (230, "1 min read"),
            (231, "2 min read"),
            (920, "4 min read"),
        ];
        for (words, expected) in cases {
            assert_eq!(min_read(words), expected, "{words} words");
        }
    }

    #[test]
    fn words_need_a_letter_or_digit() {
        assert_eq!(word_count("Hello, world — 42 ! ..."), 3);
        assert_eq!(word_count(""), 0);
    }

    #[test]
    fn a_posts_own_min_read_is_normalised() {
        assert_eq!(parse_min_read("6 min read").as_deref(), Some("6 min read"));
        assert_eq!(parse_min_read("6").as_deref(), Some("6 min read"));
        for bad in ["0", "six", "-1", "6 hours", "601"] {
            assert_eq!(parse_min_read(bad), None, "{bad}");
        }
    }
}
