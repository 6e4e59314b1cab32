//! The office's published values as a public page shows them: by content path, each where the
//! UI's content keeps it (`ui/src/lib/page-fields.ts` lays them over the compiled content).
//!
//! - a text is itself;
//! - paragraphs are `{"html": [block, ...]}`, the cleaned HTML's top-level elements, so that
//!   a page showing the first ones (Read more) shows whole ones;
//! - an image puts its address at the picture's path (a stored upload as the site's media
//!   address, a compiled default as it is) and its alt text at the alt text's path;
//! - a video puts its address at its path, as a picture does;
//! - a link puts its words at `<path>.label` and its address at `<path>.<href>`, the
//!   content's own property for it;
//! - a list is an array of items, each the values of its item fields by their relative
//!   paths, in this same form: the page lays item N over the content's item N (or, past the
//!   content's end, over its last item), so what the office does not word (an icon, an id)
//!   stays the content's.

use serde_json::{Map, Value};

use super::schema::{Field, Kind, Overrides, PageSchema};

/// `overrides` of `page` as the page shows them; `media_url` turns a stored upload's media
/// path into its address.
pub fn for_the_page(
    page: &PageSchema,
    overrides: &Overrides,
    media_url: &dyn Fn(&str) -> String,
) -> Map<String, Value> {
    let mut shown = Map::new();
    for (path, value) in overrides {
        if let Some(field) = page.field(path) {
            put(field, path, value, media_url, &mut shown);
        }
    }
    shown
}

/// The value of `field`, at `path`, into `shown`.
fn put(
    field: &Field,
    path: &str,
    value: &Value,
    media_url: &dyn Fn(&str) -> String,
    shown: &mut Map<String, Value>,
) {
    match &field.kind {
        Kind::Text { .. } => {
            shown.insert(path.to_owned(), value.clone());
        }
        Kind::Paragraphs { .. } => {
            let html = value.as_str().unwrap_or_default();
            let blocks = top_level_blocks(html)
                .into_iter()
                .map(Value::String)
                .collect();
            shown.insert(
                path.to_owned(),
                serde_json::json!({ "html": Value::Array(blocks) }),
            );
        }
        Kind::Image { alt } => {
            let src = value.get("src").and_then(Value::as_str).unwrap_or_default();
            shown.insert(path.to_owned(), Value::String(address_of(src, media_url)));
            if let (Some(alt_path), Some(alt)) = (alt, value.get("alt")) {
                shown.insert(sibling(path, field.path, alt_path), alt.clone());
            }
        }
        Kind::Video => {
            let src = value.get("src").and_then(Value::as_str).unwrap_or_default();
            shown.insert(path.to_owned(), Value::String(address_of(src, media_url)));
        }
        Kind::Link { href } => {
            if let Some(label) = value.get("label") {
                shown.insert(format!("{path}.label"), label.clone());
            }
            if let Some(address) = value.get("href") {
                shown.insert(format!("{path}.{href}"), address.clone());
            }
        }
        Kind::List { item, .. } => {
            let items = value
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|entry| {
                    let mut one = Map::new();
                    for part in *item {
                        if let Some(value) = entry.get(part.path) {
                            put(part, part.path, value, media_url, &mut one);
                        }
                    }
                    Value::Object(one)
                })
                .collect();
            shown.insert(path.to_owned(), Value::Array(items));
        }
    }
}

/// A picture's or video's address: a stored upload's (a media path) under the media base, a
/// compiled default's as it is.
fn address_of(src: &str, media_url: &dyn Fn(&str) -> String) -> String {
    if src.starts_with('/') || src.contains("://") {
        src.to_owned()
    } else {
        media_url(src)
    }
}

/// The alt text's path for a picture at `path`: the catalog names it beside the field's own
/// path (`field_path`), which `path` is (a top-level field) or ends with (an item's field).
fn sibling(path: &str, field_path: &str, alt_path: &str) -> String {
    match path.strip_suffix(field_path) {
        Some(prefix) => format!("{prefix}{alt_path}"),
        None => alt_path.to_owned(),
    }
}

/// The top-level elements of cleaned HTML (`<p>..</p><ul>..</ul>`), each whole; text between
/// them (which the sanitizer leaves only around them) goes with the element that follows.
pub fn top_level_blocks(html: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut rest = html;
    let mut at = 0;
    while let Some(open) = rest.find('<') {
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open + 1..open + close];
        let end = at + open + close + 1;
        if tag.starts_with('/') {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                blocks.push(html[start..end].to_owned());
                start = end;
            }
        } else if !tag.ends_with('/') && !is_void(tag) {
            depth += 1;
        }
        at = end;
        rest = &html[end..];
    }
    let tail = html[start..].trim();
    if !tail.is_empty() {
        blocks.push(tail.to_owned());
    }
    blocks
}

/// An element that has no end tag (`<br>`).
fn is_void(tag: &str) -> bool {
    let name = tag.split([' ', '\t', '\n']).next().unwrap_or_default();
    matches!(
        name.to_ascii_lowercase().as_str(),
        "br" | "hr" | "img" | "wbr"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pages::catalog;

    fn media(path: &str) -> String {
        format!("/media/{path}")
    }

    #[test]
    fn cleaned_html_splits_into_whole_top_level_elements() {
        let html = "<p>One <strong>bold</strong> <a href=\"/contact\">link</a></p><ul><li>a</li><li>b<br>c</li></ul><p>Last</p>";
        assert_eq!(
            top_level_blocks(html),
            [
                "<p>One <strong>bold</strong> <a href=\"/contact\">link</a></p>",
                "<ul><li>a</li><li>b<br>c</li></ul>",
                "<p>Last</p>"
            ]
        );
        assert_eq!(top_level_blocks(""), Vec::<String>::new());
        assert_eq!(top_level_blocks("plain"), ["plain"]);
    }

    #[test]
    fn each_kind_is_put_where_the_content_keeps_it() {
        let home = catalog::page("home").expect("home");
        let overrides: Overrides = serde_json::from_value(serde_json::json!({
            "homeContent.hero.headline": "Offices that work.",
            "homeContent.about.paragraphs": "<p>One.</p><p>Two.</p>",
            "transactionsSite.image": { "src": "pages/0123456789abcdef.webp", "alt": "The lobby" },
            "coreValues": [
                { "value": "Honesty", "description": "We say it as it is." },
                { "value": "Care" }
            ],
            "no.such.field": "ignored"
        }))
        .unwrap();
        let shown = for_the_page(home, &overrides, &media);
        assert_eq!(shown["homeContent.hero.headline"], "Offices that work.");
        assert_eq!(
            shown["homeContent.about.paragraphs"],
            serde_json::json!({ "html": ["<p>One.</p>", "<p>Two.</p>"] })
        );
        assert_eq!(
            shown["transactionsSite.image"],
            "/media/pages/0123456789abcdef.webp"
        );
        assert_eq!(shown["transactionsSite.imageAlt"], "The lobby");
        assert_eq!(
            shown["coreValues"],
            serde_json::json!([
                { "value": "Honesty", "description": "We say it as it is." },
                { "value": "Care" }
            ])
        );
        assert!(!shown.contains_key("no.such.field"));
    }

    #[test]
    fn a_link_puts_its_words_and_its_address_where_the_content_has_them() {
        let footer = catalog::page("footer").expect("footer");
        let overrides: Overrides = serde_json::from_value(serde_json::json!({
            "footerLinkGroups.0.links.1": { "label": "Why choose us", "href": "/why-us" }
        }))
        .unwrap();
        let shown = for_the_page(footer, &overrides, &media);
        assert_eq!(shown["footerLinkGroups.0.links.1.label"], "Why choose us");
        assert_eq!(shown["footerLinkGroups.0.links.1.path"], "/why-us");
    }

    #[test]
    fn an_item_s_picture_keeps_its_alt_text_beside_it_in_the_item() {
        let home = catalog::page("home").expect("home");
        let overrides: Overrides = serde_json::from_value(serde_json::json!({
            "wings": [
                { "image": { "src": "pages/aaaaaaaaaaaaaaaa.webp", "alt": "Paintings" } },
                { "name": "Foundation" }
            ]
        }))
        .unwrap();
        let shown = for_the_page(home, &overrides, &media);
        assert_eq!(
            shown["wings"],
            serde_json::json!([
                { "image": "/media/pages/aaaaaaaaaaaaaaaa.webp", "imageAlt": "Paintings" },
                { "name": "Foundation" }
            ])
        );
    }
}
