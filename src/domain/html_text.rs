//! HTML and text: the readable text of sanitized HTML (for search and the word count), and
//! text escaped for HTML (the mails').

/// Drops tags (every tag counts as a space, so block elements never glue words together) and
/// decodes the entities an HTML serializer writes. Meant for sanitized, well-formed HTML.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    let mut quote: Option<char> = None;
    for c in html.chars() {
        if in_tag {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '>') => {
                    in_tag = false;
                    text.push(' ');
                }
                (None, _) => {}
            }
        } else if c == '<' {
            in_tag = true;
        } else {
            text.push(c);
        }
    }
    decode_entities(&text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with the entities an HTML serializer writes decoded.
pub fn decode_entities(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

/// `text` as HTML text or a quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_become_spaces_and_entities_are_decoded() {
        let cases = [
            ("<h2>Title</h2><p>One&nbsp;two</p>", "Title One two"),
            ("<p>A &amp; B &lt;3</p>", "A & B <3"),
            ("<img alt=\"a > b\" src=\"x.svg\"><p>after</p>", "after"),
            ("<li>a</li><li>b</li>", "a b"),
            ("&amp;lt;", "&lt;"),
        ];
        for (html, text) in cases {
            assert_eq!(plain_text(html), text, "{html}");
        }
    }
}
