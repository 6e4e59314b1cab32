//! The public `_id` of a blog: a URL-safe slug made from the title when the post is first
//! published. The store makes it unique with a numeric suffix; it never changes afterwards.

use std::fmt;

/// Longest slug made from a title; the suffix may add a few characters.
const MAX_BASE_LEN: usize = 80;
/// Longest id accepted from a URL or the command line.
const MAX_LEN: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlogId(String);

impl BlogId {
    /// An id as given in a URL or on the command line: lowercase ASCII letters, digits and
    /// single hyphens, neither starting nor ending with a hyphen.
    pub fn parse(raw: &str) -> Option<BlogId> {
        let valid = !raw.is_empty()
            && raw.len() <= MAX_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !raw.starts_with('-')
            && !raw.ends_with('-')
            && !raw.contains("--");
        valid.then(|| BlogId(raw.to_owned()))
    }

    /// The slug for a title: letters folded to ASCII lowercase (accents dropped), every run of
    /// anything else one hyphen, at most 80 characters. "post" when nothing is left.
    pub fn from_title(title: &str) -> BlogId {
        let mut slug = String::with_capacity(title.len().min(MAX_BASE_LEN));
        let mut pending_hyphen = false;
        for c in title.chars().flat_map(fold_to_ascii) {
            if c.is_ascii_alphanumeric() {
                if pending_hyphen && !slug.is_empty() {
                    slug.push('-');
                }
                pending_hyphen = false;
                slug.push(c.to_ascii_lowercase());
            } else {
                pending_hyphen = true;
            }
            if slug.len() > MAX_BASE_LEN {
                break;
            }
        }
        // All ASCII by now, so any byte is a character boundary.
        slug.truncate(MAX_BASE_LEN);
        let slug = slug.trim_end_matches('-');
        if slug.is_empty() {
            BlogId("post".into())
        } else {
            BlogId(slug.to_owned())
        }
    }

    /// `base-2`, `base-3`, ... for the n-th post with the same title.
    pub fn with_suffix(&self, n: u32) -> BlogId {
        BlogId(format!("{}-{n}", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for BlogId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The ASCII letters of common accented Latin letters; other characters pass unchanged.
fn fold_to_ascii(c: char) -> impl Iterator<Item = char> {
    let folded: &str = match c {
        'à'..='å' | 'À'..='Å' | 'ā' | 'Ā' | 'ă' | 'Ă' | 'ą' | 'Ą' => "a",
        'æ' | 'Æ' => "ae",
        'ç' | 'Ç' | 'ć' | 'Ć' | 'č' | 'Č' => "c",
        'ď' | 'Ď' | 'đ' | 'Đ' | 'ð' | 'Ð' => "d",
        'è'..='ë' | 'È'..='Ë' | 'ē' | 'Ē' | 'ė' | 'Ė' | 'ę' | 'Ę' | 'ě' | 'Ě' => "e",
        'ğ' | 'Ğ' => "g",
        'ì'..='ï' | 'Ì'..='Ï' | 'ī' | 'Ī' | 'į' | 'Į' | 'ı' | 'İ' => "i",
        'ł' | 'Ł' => "l",
        'ñ' | 'Ñ' | 'ń' | 'Ń' | 'ň' | 'Ň' => "n",
        'ò'..='ö' | 'Ò'..='Ö' | 'ø' | 'Ø' | 'ō' | 'Ō' | 'ő' | 'Ő' => "o",
        'œ' | 'Œ' => "oe",
        'ř' | 'Ř' => "r",
        'ś' | 'Ś' | 'š' | 'Š' | 'ş' | 'Ş' => "s",
        'ß' => "ss",
        'ť' | 'Ť' | 'ţ' | 'Ţ' => "t",
        'þ' | 'Þ' => "th",
        'ù'..='ü' | 'Ù'..='Ü' | 'ū' | 'Ū' | 'ů' | 'Ů' | 'ű' | 'Ű' => "u",
        'ý' | 'Ý' | 'ÿ' | 'Ÿ' => "y",
        'ź' | 'Ź' | 'ż' | 'Ż' | 'ž' | 'Ž' => "z",
        _ => "",
    };
    let single = folded.is_empty().then_some(c);
    folded.chars().chain(single)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_url_safe_slugs() {
        let cases = [
            (
                "Leasing 120,000 sq ft in Whitefield",
                "leasing-120-000-sq-ft-in-whitefield",
            ),
            ("  Café Déjà Vu!  ", "cafe-deja-vu"),
            (
                "HR Labs: 50 hires -- in 5 weeks",
                "hr-labs-50-hires-in-5-weeks",
            ),
            ("Straße & Œuvre", "strasse-oeuvre"),
            ("<script>alert(1)</script>", "script-alert-1-script"),
            ("हिन्दी", "post"),
            ("!!!", "post"),
            ("", "post"),
        ];
        for (title, slug) in cases {
            assert_eq!(BlogId::from_title(title).as_str(), slug, "{title}");
        }
    }

    #[test]
    fn long_titles_are_cut_without_a_trailing_hyphen() {
        let slug = BlogId::from_title(&"word ".repeat(100));
        assert!(slug.as_str().len() <= MAX_BASE_LEN, "{slug}");
        assert!(!slug.as_str().ends_with('-'));
        assert!(BlogId::parse(slug.as_str()).is_some());
    }

    #[test]
    fn only_slug_shaped_ids_parse() {
        for good in ["a", "post-2", "leasing-120-000"] {
            assert!(BlogId::parse(good).is_some(), "{good}");
        }
        for bad in [
            "",
            "-a",
            "a-",
            "a--b",
            "A",
            "a b",
            "../x",
            "a/b",
            "é",
            "a%2e",
            &"a".repeat(101),
        ] {
            assert!(BlogId::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn suffixes_keep_the_base() {
        assert_eq!(
            BlogId::from_title("Same title").with_suffix(2).as_str(),
            "same-title-2"
        );
    }
}
