//! The `src` of every `<img>` in sanitized HTML: listed, or rewritten.
//!
//! Sanitized HTML is regular: ammonia writes every attribute as `name="value"` with `"`
//! escaped, so a small scanner reads it exactly (and never mistakes text for a tag, since
//! text has its `<` escaped).

/// Rewrites each image source through `map` (`None` keeps it as it is).
pub fn map_img_sources<E>(
    html: &str,
    mut map: impl FnMut(&str) -> Result<Option<String>, E>,
) -> Result<String, E> {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<img") {
        let (before, tag_and_after) = rest.split_at(at);
        out.push_str(before);
        let tag_len = tag_length(tag_and_after);
        let (tag, after) = tag_and_after.split_at(tag_len);
        out.push_str(&rewrite_tag(tag, &mut map)?);
        rest = after;
    }
    out.push_str(rest);
    Ok(out)
}

/// Every image source, in order.
pub fn img_sources(html: &str) -> Vec<String> {
    let mut sources = Vec::new();
    let _ = map_img_sources::<()>(html, |src| {
        sources.push(src.to_owned());
        Ok(None)
    });
    sources
}

/// Length of the tag at the start of `text`, up to and including its `>` (quotes respected).
pub fn tag_length(text: &str) -> usize {
    let mut in_quotes = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_quotes = !in_quotes,
            '>' if !in_quotes => return i + 1,
            _ => {}
        }
    }
    text.len()
}

fn rewrite_tag<E>(
    tag: &str,
    map: &mut impl FnMut(&str) -> Result<Option<String>, E>,
) -> Result<String, E> {
    const SRC: &str = " src=\"";
    let Some(start) = tag.find(SRC).map(|at| at + SRC.len()) else {
        return Ok(tag.to_owned());
    };
    let Some(len) = tag[start..].find('"') else {
        return Ok(tag.to_owned());
    };
    match map(&tag[start..start + len])? {
        Some(new) => Ok(format!("{}{new}{}", &tag[..start], &tag[start + len..])),
        None => Ok(tag.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_sources_are_listed_in_order() {
        let html = r#"<p>a &lt;img src="text"&gt;</p><img alt="x > y" src="one.svg"><figure><img src="https://a.example/two.png" alt="t"></figure>"#;
        assert_eq!(img_sources(html), ["one.svg", "https://a.example/two.png"]);
    }

    #[test]
    fn image_sources_are_rewritten_and_nothing_else_changes() {
        let html = r#"<p>src="keep"</p><img src="images/a.svg" alt="A"><img src="https://x.example/b.png">"#;
        let rewritten = map_img_sources::<()>(html, |src| {
            Ok(src.starts_with("images/").then(|| "blogs/h.svg".to_owned()))
        });
        assert_eq!(
            rewritten,
            Ok(r#"<p>src="keep"</p><img src="blogs/h.svg" alt="A"><img src="https://x.example/b.png">"#.to_owned())
        );
    }
}
