//! The rules of a stylesheet that one page can use. A rendered page carries its styles in
//! its head (`document.rs`), and every byte of them is parsed, matched against every element
//! and sent before the first paint; about half of the site's rules style what a given page
//! does not have (another page's sections, the staff's bar, an open drawer, a toast). A rule
//! stays when one of its selectors names only classes the page's markup has; the islands'
//! loader (`ui/src/app/boot.ts`) puts the whole stylesheets in place once the page has
//! painted, before anything on the page can change (a menu opening adds a class the markup
//! did not have).
//!
//! Only class names decide: a selector with no class (`a:hover`, `[data-app=ready]`, `:root`)
//! always stays, and classes inside parentheses or brackets (`:not(.open)`, `:is(.a, .b)`,
//! `[href$=".pdf"]`) are not required, so what is dropped can match nothing on the page.

use std::collections::HashSet;

/// The class names of `html`'s elements: the words of each `class="…"` attribute.
pub fn class_names(html: &str) -> HashSet<&str> {
    const ATTRIBUTE: &str = " class=\"";
    let mut names = HashSet::new();
    let mut rest = html;
    while let Some(at) = rest.find(ATTRIBUTE) {
        rest = &rest[at + ATTRIBUTE.len()..];
        let end = rest.find('"').unwrap_or(rest.len());
        names.extend(rest[..end].split_ascii_whitespace());
        rest = &rest[end..];
    }
    names
}

/// `css` without the style rules that no element with only `classes` can match. Grouping
/// at-rules (`@media`, `@supports`, ...) keep what they hold by the same test, and go when
/// they hold nothing; other at-rules (`@keyframes`, `@font-face`) stay whole. CSS the reader
/// cannot follow (a block left open) stays as it is.
pub fn used_rules(css: &str, classes: &HashSet<&str>) -> String {
    let bytes = css.as_bytes();
    let mut out = String::with_capacity(css.len() / 2);
    let mut at = 0;
    while at < bytes.len() {
        let Some(stop) = next_stop(bytes, at) else {
            out.push_str(&css[at..]);
            break;
        };
        if bytes[stop] == b';' {
            out.push_str(&css[at..=stop]);
            at = stop + 1;
            continue;
        }
        let Some(close) = block_end(bytes, stop) else {
            out.push_str(&css[at..]);
            break;
        };
        let prelude = css[at..stop].trim();
        if let Some(at_rule) = prelude.strip_prefix('@') {
            let name = at_rule
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
                .next()
                .unwrap_or("");
            if GROUPING_AT_RULES.contains(&name.to_ascii_lowercase().as_str()) {
                let inner = used_rules(&css[stop + 1..close], classes);
                if !inner.trim().is_empty() {
                    out.push_str(prelude);
                    out.push('{');
                    out.push_str(&inner);
                    out.push('}');
                }
            } else {
                out.push_str(&css[at..=close]);
            }
        } else if may_match(prelude, classes) {
            out.push_str(&css[at..=close]);
        }
        at = close + 1;
    }
    out
}

/// At-rules that hold style rules of their own.
const GROUPING_AT_RULES: &[&str] = &["media", "supports", "container", "layer", "scope"];

/// Whether one selector of the list `selectors` names only classes in `classes`.
fn may_match(selectors: &str, classes: &HashSet<&str>) -> bool {
    split_top_level(selectors).into_iter().any(|selector| {
        required_classes(selector)
            .iter()
            .all(|class| class.contains('\\') || classes.contains(class))
    })
}

/// `selectors` split at the commas outside parentheses, brackets and strings.
fn split_top_level(selectors: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    walk_top_level(selectors, |index, byte| {
        if byte == b',' {
            parts.push(&selectors[start..index]);
            start = index + 1;
        }
    });
    parts.push(&selectors[start..]);
    parts
}

/// The classes a compound selector requires (`.a.b > .c`), outside parentheses, brackets and
/// strings.
fn required_classes(selector: &str) -> Vec<&str> {
    let bytes = selector.as_bytes();
    let mut dots = Vec::new();
    walk_top_level(selector, |index, byte| {
        if byte == b'.' {
            dots.push(index);
        }
    });
    dots.into_iter()
        .map(|dot| {
            let mut end = dot + 1;
            while end < bytes.len() {
                match bytes[end] {
                    b'\\' => end += 2,
                    b if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b >= 0x80 => {
                        end += 1
                    }
                    _ => break,
                }
            }
            &selector[dot + 1..end.min(bytes.len())]
        })
        .filter(|class| !class.is_empty())
        .collect()
}

/// Calls `at` with each byte of `text` that stands outside parentheses, brackets, strings
/// and comments, and its index.
fn walk_top_level(text: &str, mut at: impl FnMut(usize, u8)) {
    let mut depth = 0usize;
    for (index, byte) in plain_bytes(text.as_bytes(), 0) {
        match byte {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth = depth.saturating_sub(1),
            byte if depth == 0 => at(index, byte),
            _ => {}
        }
    }
}

/// The index of the first `{` or `;` at or after `from` outside strings, comments and
/// parentheses.
fn next_stop(bytes: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (index, byte) in plain_bytes(bytes, from) {
        match byte {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'{' | b';' if depth == 0 => return Some(index),
            _ => {}
        }
    }
    None
}

/// The index of the `}` that closes the `{` at `open`.
fn block_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (index, byte) in plain_bytes(bytes, open) {
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// Each byte of `bytes` from `from` on, with its index, that is CSS's own: none inside a
/// string or a comment, nor an escaped one (`\{`) or its backslash.
fn plain_bytes(bytes: &[u8], from: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
    let mut index = from;
    std::iter::from_fn(move || loop {
        let byte = *bytes.get(index)?;
        let at = index;
        index += 1;
        match byte {
            b'"' | b'\'' => {
                index = skip_past(bytes, index, true, |rest| rest.first() == Some(&byte))
            }
            b'/' if bytes.get(index) == Some(&b'*') => {
                index = skip_past(bytes, index + 1, false, |rest| rest.starts_with(b"*/")) + 1;
            }
            b'\\' => index += 1,
            _ => return Some((at, byte)),
        }
    })
}

/// The index just past where `ends` first holds at or after `from` (with `escapes`, a
/// string's, skipped), or the end of `bytes`.
fn skip_past(bytes: &[u8], from: usize, escapes: bool, ends: impl Fn(&[u8]) -> bool) -> usize {
    let mut index = from;
    while index < bytes.len() {
        if escapes && bytes[index] == b'\\' {
            index += 2;
            continue;
        }
        if ends(&bytes[index..]) {
            return index + 1;
        }
        index += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used(css: &str, html: &str) -> String {
        used_rules(css, &class_names(html))
    }

    #[test]
    fn the_class_names_are_every_word_of_every_class_attribute() {
        let names = class_names(
            "<div class=\"card  card--soft\"><svg class=\"icon\"></svg><p data-class=\"x\">class=\"no\"</p></div>",
        );
        let mut names: Vec<&str> = names.into_iter().collect();
        names.sort_unstable();
        assert_eq!(names, ["card", "card--soft", "icon"]);
    }

    #[test]
    fn a_rule_stays_when_one_of_its_selectors_names_only_the_pages_classes() {
        let css = ".card{a:1}.drawer{b:2}.card .title,.drawer .title{c:3}.card.open{d:4}\
                   a:hover{e:5}:root{--x:1}[data-app=ready] .card{f:6}";
        let html = "<article class=\"card\"><h3 class=\"title\"></h3></article>";
        assert_eq!(
            used(css, html),
            ".card{a:1}.card .title,.drawer .title{c:3}a:hover{e:5}:root{--x:1}[data-app=ready] .card{f:6}"
        );
    }

    #[test]
    fn classes_in_parentheses_brackets_and_strings_are_not_required() {
        let css = ".card:not(.open){a:1}:is(.x,.y) .card{b:2}a[href$=\".pdf\"]{c:3}\
                   .card::after{content:\".gone{\"}.gone{d:4}";
        assert_eq!(
            used(css, "<p class=\"card\"></p>"),
            ".card:not(.open){a:1}:is(.x,.y) .card{b:2}a[href$=\".pdf\"]{c:3}.card::after{content:\".gone{\"}"
        );
    }

    #[test]
    fn media_blocks_keep_what_the_page_uses_and_go_when_empty_keyframes_stay_whole() {
        let css = "@media (min-width:640px){.card{a:1}.drawer{b:2}}@media print{.drawer{c:3}}\
                   @keyframes fade{0%{opacity:0}to{opacity:1}}/* a note { \\*/.gone{e:5}.card{d:4}";
        assert_eq!(
            used(css, "<p class=\"card\"></p>"),
            "@media (min-width:640px){.card{a:1}}@keyframes fade{0%{opacity:0}to{opacity:1}}.card{d:4}"
        );
    }

    #[test]
    fn what_cannot_be_followed_stays_as_it_is() {
        assert_eq!(
            used(".gone{a:1}.card{b:2", "<p class=\"card\"></p>"),
            ".card{b:2"
        );
        assert_eq!(
            used("@import url(x.css);.gone{a:1}", ""),
            "@import url(x.css);"
        );
        // An escaped class name is kept: the markup writes it unescaped.
        assert_eq!(used(".md\\:wide{a:1}", ""), ".md\\:wide{a:1}");
    }
}
