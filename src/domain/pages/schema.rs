//! What a field of the office's page editor is, and the check of what the office saves.
//!
//! A page is a list of fields, each addressing its default in the UI's content
//! (`ui/src/content/*.ts`) by a `path`, `<export name>.<property path>` (a number is an
//! array's index: `headerMenu.1.name`). An override the office saves is one JSON value per
//! path, of the field's kind:
//!
//! - `text`: one line, at most `max` characters, never empty (going back to the default is
//!   how a field is emptied of the office's words);
//! - `paragraphs`: HTML of the story editor's subset (paragraphs, bold, italic, links, lists),
//!   cleaned by the stories' own sanitizer (`sanitize::clean_for_storage`); its default, an
//!   array of plain paragraphs in the content, is offered as `<p>` elements;
//! - `image`: `{src, alt}`, `src` a media path the staff image upload answered (stored) or an
//!   image the build compiled in (a default), `alt` required unless the picture is decoration
//!   (the content has no alt text for it: `alt` is None);
//! - `video`: `{src}`, `src` a media path the staff video upload answered (an MP4 or WebM)
//!   or the video the build compiled in (a default); a picture's field takes no video and a
//!   video's no picture;
//! - `link`: `{label, href}`, `href` a path on this site, an `https://` address, `mailto:` or
//!   `tel:`; a path a browser would take to another host (`/\host`, `\\host`, `/%5Chost`) is
//!   refused, by the site's own check (`sanitize::leaves_the_site`); `href` names the
//!   content's property the address is in (`href`, `path`, `url`);
//! - `list`: an array of `min` to `max` items, each an object of its item fields, whose paths
//!   are relative to the item.
//!
//! Every bad value is named by its path (a list item's field as `path[2].heading`) and its
//! message names the field by its label, as the editor shows it.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::domain::company_details::{phone, web_url, URL_MAX};
use crate::domain::fields::{line, Email, FieldError, FieldErrors};
use crate::domain::nesting::check_html;
use crate::domain::sanitize::{clean_for_storage, leaves_the_site};
use crate::domain::video::is_video_path;

/// One page of the editor: its fields, and where the site shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageSchema"))]
pub struct PageSchema {
    /// The page's name in the API's paths (`/api/staff/pages/{key}`).
    pub key: &'static str,
    /// What the editor calls it.
    pub title: &'static str,
    /// The route it is shown at; None for a part every page shows (the header...).
    pub route: Option<&'static str>,
    pub fields: &'static [Field],
}

/// One editable field.
#[derive(Debug, Clone, Copy, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageField"))]
pub struct Field {
    /// `<export name>.<property path>` in the page's content (relative to the item for a
    /// list's item field).
    pub path: &'static str,
    /// What the editor shows, and what an error names.
    pub label: &'static str,
    #[serde(flatten)]
    pub kind: Kind,
}

/// What a field holds, and its limits.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PageFieldKind"))]
pub enum Kind {
    Text {
        max: u32,
    },
    Paragraphs {
        max: u32,
    },
    Image {
        /// The path of the default's alt text beside the picture's (None: decoration).
        alt: Option<&'static str>,
    },
    /// A video (MP4 or WebM) a page plays: the home page's hero.
    Video,
    Link {
        /// The default's property that holds the address (`href`, `path`, `url`).
        href: &'static str,
    },
    List {
        min: u32,
        max: u32,
        item: &'static [Field],
    },
}

/// The values the office saved for a page, by path, each checked and cleaned.
pub type Overrides = BTreeMap<String, Value>;

/// The tags a `paragraphs` field keeps of what the stories' sanitizer allows.
pub const PARAGRAPH_TAGS: &[&str] = &["p", "strong", "em", "a", "ul", "ol", "li"];
/// The longest alt text and link label.
pub const ALT_MAX: usize = 200;
pub const LABEL_MAX: usize = 80;

impl PageSchema {
    /// The field at `path` (a top-level one).
    pub fn field(&self, path: &str) -> Option<&'static Field> {
        self.fields.iter().find(|field| field.path == path)
    }
}

/// Checks the office's `overrides` (`{path: value}`) of `page`: every path must be a field
/// of the page and every value of its field's kind. `known_image` says whether an image's
/// `src` is one the site has (a stored upload, or a compiled default). Answers the values
/// cleaned, or every bad one named.
pub fn validate(
    page: &PageSchema,
    overrides: &Map<String, Value>,
    known_image: &dyn Fn(&str) -> bool,
) -> Result<Overrides, FieldErrors> {
    let mut errors = FieldErrors::default();
    let mut cleaned = Overrides::new();
    for (path, value) in overrides {
        match page.field(path) {
            None => errors.note(path, format!("{} has no field {path}.", page.title)),
            Some(field) => {
                if let Some(value) = check(field, path, value, known_image, &mut errors) {
                    cleaned.insert(path.clone(), value);
                }
            }
        }
    }
    errors.or_value(cleaned)
}

/// Every picture's `src` in `overrides` of `page` (as they are, checked or not), each with
/// where it is, named as an error names it (`path.src`, `path[2].image.src`), for `visit`
/// to read or replace: what a settings export carries and an import renames. Values not of
/// their field's shape are passed over (`validate` names them).
pub fn pictures_mut(
    page: &PageSchema,
    overrides: &mut Map<String, Value>,
    visit: &mut dyn FnMut(&str, &mut String),
) {
    for (path, value) in overrides.iter_mut() {
        if let Some(field) = page.field(path) {
            pictures_of(field, path, value, visit);
        }
    }
}

fn pictures_of(
    field: &Field,
    at: &str,
    value: &mut Value,
    visit: &mut dyn FnMut(&str, &mut String),
) {
    match &field.kind {
        Kind::Image { .. } | Kind::Video => {
            if let Some(Value::String(src)) = value.get_mut("src") {
                visit(&format!("{at}.src"), src);
            }
        }
        Kind::List { item, .. } => {
            let Some(entries) = value.as_array_mut() else {
                return;
            };
            for (index, entry) in entries.iter_mut().enumerate() {
                for part in *item {
                    if let Some(value) = entry.get_mut(part.path) {
                        pictures_of(part, &format!("{at}[{index}].{}", part.path), value, visit);
                    }
                }
            }
        }
        Kind::Text { .. } | Kind::Paragraphs { .. } | Kind::Link { .. } => {}
    }
}

/// How many pictures (and videos) `fields` can hold at most (a list's item's as many times as the list's
/// `max`): what bounds a settings archive.
pub fn picture_slots(fields: &[Field]) -> usize {
    fields
        .iter()
        .map(|field| match &field.kind {
            Kind::Image { .. } | Kind::Video => 1,
            Kind::List { max, item, .. } => *max as usize * picture_slots(item),
            Kind::Text { .. } | Kind::Paragraphs { .. } | Kind::Link { .. } => 0,
        })
        .sum()
}

/// One value of `field`, named `at` in the errors; None when it was bad (noted).
fn check(
    field: &Field,
    at: &str,
    value: &Value,
    known_image: &dyn Fn(&str) -> bool,
    errors: &mut FieldErrors,
) -> Option<Value> {
    let label = field.label;
    match &field.kind {
        Kind::Text { max } => {
            let Some(raw) = value.as_str() else {
                errors.note(at, format!("{label} must be text."));
                return None;
            };
            noted(errors, at, label, line(raw, *max as usize, true)).map(Value::String)
        }
        Kind::Paragraphs { max } => {
            let Some(raw) = value.as_str() else {
                errors.note(at, format!("{label} must be text."));
                return None;
            };
            match paragraphs(raw, *max as usize) {
                Ok(html) => Some(Value::String(html)),
                Err(problem) => {
                    errors.note(at, format!("{label} {problem}"));
                    None
                }
            }
        }
        Kind::Image { alt } => {
            let object = object_of(value, &["src", "alt"], at, label, errors)?;
            let src = object.get("src").and_then(Value::as_str).unwrap_or("");
            let src_ok = !src.is_empty() && !is_video_path(src) && known_image(src);
            if !src_ok {
                errors.note(
                    &format!("{at}.src"),
                    format!(
                        "{label}: upload the picture again (this is not an image the site has)."
                    ),
                );
            }
            let alt_text = object.get("alt").and_then(Value::as_str);
            let alt_label = format!("{label} (its description)");
            let alt = match alt_text {
                None => {
                    errors.note(&format!("{at}.alt"), format!("{alt_label} must be text."));
                    None
                }
                Some(raw) => noted(
                    errors,
                    &format!("{at}.alt"),
                    &alt_label,
                    line(raw, ALT_MAX, alt.is_some()),
                ),
            };
            let alt = alt?;
            src_ok.then(|| serde_json::json!({ "src": src, "alt": alt }))
        }
        Kind::Video => {
            let object = object_of(value, &["src"], at, label, errors)?;
            let src = object.get("src").and_then(Value::as_str).unwrap_or("");
            if !is_video_path(src) || !known_image(src) {
                errors.note(
                    &format!("{at}.src"),
                    format!("{label}: upload the video again (this is not a video the site has)."),
                );
                return None;
            }
            Some(serde_json::json!({ "src": src }))
        }
        Kind::Link { .. } => {
            let object = object_of(value, &["label", "href"], at, label, errors)?;
            let text_of = |key: &str| object.get(key).and_then(Value::as_str);
            let link_label = format!("{label} (its words)");
            let words = match text_of("label") {
                Some(raw) => noted(
                    errors,
                    &format!("{at}.label"),
                    &link_label,
                    line(raw, LABEL_MAX, true),
                ),
                None => {
                    errors.note(
                        &format!("{at}.label"),
                        format!("{link_label} must be text."),
                    );
                    None
                }
            };
            let address_label = format!("{label} (its address)");
            let address = match text_of("href") {
                Some(raw) => noted(errors, &format!("{at}.href"), &address_label, href(raw)),
                None => {
                    errors.note(
                        &format!("{at}.href"),
                        format!("{address_label} must be text."),
                    );
                    None
                }
            };
            let (words, address) = (words?, address?);
            Some(serde_json::json!({ "label": words, "href": address }))
        }
        Kind::List { min, max, item } => {
            let Some(items) = value.as_array() else {
                errors.note(at, format!("{label} must be a list."));
                return None;
            };
            if items.len() < *min as usize || items.len() > *max as usize {
                errors.note(at, bounds(label, *min, *max));
                return None;
            }
            let mut kept = Vec::with_capacity(items.len());
            let mut all_good = true;
            for (index, entry) in items.iter().enumerate() {
                let entry_at = format!("{at}[{index}]");
                let Some(entry) = entry.as_object() else {
                    errors.note(&entry_at, format!("Each of {label} must be an object."));
                    all_good = false;
                    continue;
                };
                let mut cleaned = Map::new();
                for key in entry.keys() {
                    if !item.iter().any(|field| field.path == key) {
                        errors.note(
                            &format!("{entry_at}.{key}"),
                            format!("{label} has no field {key}."),
                        );
                        all_good = false;
                    }
                }
                for field in *item {
                    let field_at = format!("{entry_at}.{}", field.path);
                    match entry.get(field.path) {
                        None => {
                            errors.note(&field_at, format!("{} is missing.", field.label));
                            all_good = false;
                        }
                        Some(value) => match check(field, &field_at, value, known_image, errors) {
                            Some(value) => {
                                cleaned.insert(field.path.to_owned(), value);
                            }
                            None => all_good = false,
                        },
                    }
                }
                kept.push(Value::Object(cleaned));
            }
            all_good.then_some(Value::Array(kept))
        }
    }
}

/// "At least 1 and at most 8" said of a list.
fn bounds(label: &str, min: u32, max: u32) -> String {
    if min == max {
        format!("{label} must have exactly {min} items.")
    } else {
        format!("{label} must have {min} to {max} items.")
    }
}

/// The object `value` with just the `keys`, or None (noted).
fn object_of<'v>(
    value: &'v Value,
    keys: &[&str],
    at: &str,
    label: &str,
    errors: &mut FieldErrors,
) -> Option<&'v Map<String, Value>> {
    let object = value
        .as_object()
        .filter(|object| object.keys().all(|key| keys.contains(&key.as_str())));
    if object.is_none() {
        errors.note(
            at,
            format!("{label} must be an object of {}.", keys.join(" and ")),
        );
    }
    object
}

/// `result`'s value, or its problem noted under `at` in words naming `label`.
fn noted<T>(
    errors: &mut FieldErrors,
    at: &str,
    label: &str,
    result: Result<T, FieldError>,
) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(err) => {
            errors.note(at, said(label, &err));
            None
        }
    }
}

/// A field's problem, said of its label.
fn said(label: &str, err: &FieldError) -> String {
    match err {
        FieldError::Required => format!("{label} cannot be empty."),
        FieldError::TooLong { max } => format!("{label} must be at most {max} characters."),
        FieldError::ControlCharacter => {
            format!("{label} must be one line, without control characters.")
        }
        FieldError::InvisibleCharacter => format!(
            "{label} must not contain invisible characters (zero-width spaces, direction marks or line separators)."
        ),
        other => format!("{label}: {other}"),
    }
}

/// A link's address: a path on this site, an `https://` address, `mailto:` or `tel:`.
pub fn href(raw: &str) -> Result<String, FieldError> {
    const SHAPE: &str =
        "Enter a path on this site (/contact), an https:// address, mailto:name@example.com or tel:+91 80 1234 5678.";
    let href = line(raw, URL_MAX, true)?;
    let lower = href.to_ascii_lowercase();
    if href.starts_with('/') || href.starts_with('\\') {
        let odd = href
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '\\'));
        if odd || leaves_the_site(&href) {
            return Err(FieldError::Choice(SHAPE));
        }
        return Ok(href);
    }
    if lower.starts_with("https://") {
        return web_url(&href).map_err(|_| FieldError::Choice(SHAPE));
    }
    if let Some(address) = lower.strip_prefix("mailto:") {
        Email::parse(address).map_err(|_| FieldError::Choice(SHAPE))?;
        return Ok(href);
    }
    if lower.starts_with("tel:") {
        phone(&href[4..]).map_err(|_| FieldError::Choice(SHAPE))?;
        return Ok(href);
    }
    Err(FieldError::Choice(SHAPE))
}

/// A `paragraphs` field's HTML, cleaned by the stories' sanitizer and held to its subset;
/// the problem is said after the field's label.
fn paragraphs(raw: &str, max: usize) -> Result<String, String> {
    if raw.chars().count() > max {
        return Err(format!("must be at most {max} characters."));
    }
    check_html(raw).map_err(|_| "nests too deeply: write it as plain paragraphs.".to_owned())?;
    let html = clean_for_storage(raw);
    if let Some(tag) = tags(&html).find(|tag| !PARAGRAPH_TAGS.contains(tag)) {
        return Err(format!(
            "may hold paragraphs, bold, italic, links and lists only (not <{tag}>)."
        ));
    }
    if crate::domain::html_text::plain_text(&html)
        .trim()
        .is_empty()
    {
        return Err("cannot be empty.".to_owned());
    }
    Ok(html)
}

/// The opening tags' names in sanitized HTML (where every other `<` is escaped).
fn tags(html: &str) -> impl Iterator<Item = &str> {
    html.split('<').skip(1).filter_map(|rest| {
        let name = rest
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        (!name.is_empty()).then_some(name)
    })
}

/// The value at `path` (`<export>.<property>...`, a number indexing an array) in `root`.
pub fn resolve<'v>(root: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.')
        .try_fold(root, |value, segment| match value {
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|at| items.get(at)),
            Value::Object(object) => object.get(segment),
            _ => None,
        })
}

/// The default of `field` in `root` (the page's content exports, or a list's item), in the
/// shape an override of it has; the problem when the content does not hold one.
pub fn default_of(field: &Field, root: &Value) -> Result<Value, String> {
    let value = resolve(root, field.path).ok_or_else(|| format!("no {}", field.path))?;
    let text_at = |path: &str| {
        resolve(root, path)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{path} is not text"))
    };
    match &field.kind {
        Kind::Text { .. } => value
            .as_str()
            .map(|text| Value::String(text.to_owned()))
            .ok_or_else(|| format!("{} is not text", field.path)),
        Kind::Paragraphs { .. } => {
            let items = value
                .as_array()
                .ok_or_else(|| format!("{} is not a list of paragraphs", field.path))?;
            let mut html = String::new();
            for item in items {
                let text = item
                    .as_str()
                    .ok_or_else(|| format!("{} holds a paragraph that is not text", field.path))?;
                html.push_str("<p>");
                html.push_str(
                    &text
                        .replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('>', "&gt;"),
                );
                html.push_str("</p>");
            }
            Ok(Value::String(html))
        }
        Kind::Image { alt } => {
            let src = text_at(field.path)?;
            let alt = match alt {
                Some(path) => text_at(path)?,
                None => "",
            };
            Ok(serde_json::json!({ "src": src, "alt": alt }))
        }
        Kind::Video => Ok(serde_json::json!({ "src": text_at(field.path)? })),
        Kind::Link { href } => {
            let label = value.get("label").and_then(Value::as_str);
            let address = value.get(*href).and_then(Value::as_str);
            match (label, address) {
                (Some(label), Some(address)) => {
                    Ok(serde_json::json!({ "label": label, "href": address }))
                }
                _ => Err(format!(
                    "{} is not a link with label and {href}",
                    field.path
                )),
            }
        }
        Kind::List { item, .. } => {
            let entries = value
                .as_array()
                .ok_or_else(|| format!("{} is not a list", field.path))?;
            let mut items = Vec::with_capacity(entries.len());
            for (index, entry) in entries.iter().enumerate() {
                let mut object = Map::new();
                for part in *item {
                    let value = default_of(part, entry)
                        .map_err(|problem| format!("{}[{index}]: {problem}", field.path))?;
                    object.insert(part.path.to_owned(), value);
                }
                items.push(Value::Object(object));
            }
            Ok(Value::Array(items))
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ITEM: &[Field] = &[
        Field {
            path: "heading",
            label: "Heading",
            kind: Kind::Text { max: 10 },
        },
        Field {
            path: "image",
            label: "Picture",
            kind: Kind::Image {
                alt: Some("imageAlt"),
            },
        },
    ];

    const PAGE: PageSchema = PageSchema {
        key: "test",
        title: "Test",
        route: Some("/test"),
        fields: &[
            Field {
                path: "content.headline",
                label: "Headline",
                kind: Kind::Text { max: 20 },
            },
            Field {
                path: "content.story",
                label: "Story",
                kind: Kind::Paragraphs { max: 200 },
            },
            Field {
                path: "content.picture",
                label: "Banner picture",
                kind: Kind::Image {
                    alt: Some("content.pictureAlt"),
                },
            },
            Field {
                path: "content.art",
                label: "Decoration",
                kind: Kind::Image { alt: None },
            },
            Field {
                path: "content.action",
                label: "Button",
                kind: Kind::Link { href: "path" },
            },
            Field {
                path: "content.cards",
                label: "Cards",
                kind: Kind::List {
                    min: 1,
                    max: 3,
                    item: ITEM,
                },
            },
        ],
    };

    fn known(src: &str) -> bool {
        src.starts_with("pages/") || src.starts_with("/assets/")
    }

    fn checked(overrides: Value) -> Result<Overrides, BTreeMap<String, String>> {
        let Value::Object(overrides) = overrides else {
            panic!("not an object");
        };
        validate(&PAGE, &overrides, &known).map_err(FieldErrors::into_map)
    }

    fn refused(overrides: Value) -> BTreeMap<String, String> {
        match checked(overrides) {
            Ok(taken) => panic!("was taken: {taken:?}"),
            Err(errors) => errors,
        }
    }

    #[test]
    fn a_text_is_trimmed_and_refused_empty_too_long_or_on_two_lines_naming_its_label() {
        let taken = checked(json!({"content.headline": "  Spaces that work "})).expect("taken");
        assert_eq!(taken["content.headline"], json!("Spaces that work"));
        for (value, message) in [
            (json!(""), "Headline cannot be empty."),
            (
                json!("x".repeat(21)),
                "Headline must be at most 20 characters.",
            ),
            (
                json!("one\ntwo"),
                "Headline must be one line, without control characters.",
            ),
            (json!(7), "Headline must be text."),
        ] {
            let errors = refused(json!({ "content.headline": value }));
            assert_eq!(errors["content.headline"], message, "{value}");
        }
    }

    #[test]
    fn unknown_paths_are_refused_naming_them() {
        let errors = refused(json!({"content.headline": "Fine", "content.nothing": "x"}));
        assert_eq!(
            errors,
            BTreeMap::from([(
                "content.nothing".to_owned(),
                "Test has no field content.nothing.".to_owned()
            )])
        );
    }

    #[test]
    fn paragraphs_are_cleaned_by_the_story_sanitizer_and_held_to_their_subset() {
        let taken = checked(json!({
            "content.story": "<p>Hi <strong>you</strong><script>alert(1)</script> <a href=\"/contact\" onclick=\"x()\">here</a></p><ul><li>one</li></ul>"
        }))
        .expect("taken");
        assert_eq!(
            taken["content.story"],
            json!("<p>Hi <strong>you</strong> <a href=\"/contact\" rel=\"noopener noreferrer\">here</a></p><ul><li>one</li></ul>")
        );
        for (value, message) in [
            (
                "<h2>Title</h2><p>Text</p>",
                "Story may hold paragraphs, bold, italic, links and lists only (not <h2>).",
            ),
            ("<p><script>x</script></p>", "Story cannot be empty."),
            (
                &"<p>long</p>".repeat(30),
                "Story must be at most 200 characters.",
            ),
        ] {
            let errors = refused(json!({ "content.story": value }));
            assert_eq!(errors["content.story"], message, "{value}");
        }
    }

    #[test]
    fn an_image_names_a_picture_the_site_has_and_says_what_it_shows() {
        let taken = checked(json!({
            "content.picture": {"src": "pages/0123456789abcdef.webp", "alt": " A lobby "},
            "content.art": {"src": "/assets/art-1a2b.svg", "alt": ""},
        }))
        .expect("taken");
        assert_eq!(
            taken["content.picture"],
            json!({"src": "pages/0123456789abcdef.webp", "alt": "A lobby"})
        );
        let errors = refused(json!({
            "content.picture": {"src": "https://evil.example/x.png", "alt": ""},
            "content.art": {"src": "pages/a.webp"},
        }));
        assert_eq!(
            errors,
            BTreeMap::from([
                (
                    "content.picture.src".to_owned(),
                    "Banner picture: upload the picture again (this is not an image the site has)."
                        .to_owned()
                ),
                (
                    "content.picture.alt".to_owned(),
                    "Banner picture (its description) cannot be empty.".to_owned()
                ),
                (
                    "content.art.alt".to_owned(),
                    "Decoration (its description) must be text.".to_owned()
                ),
            ])
        );
        let errors = refused(json!({"content.picture": "pages/a.webp"}));
        assert_eq!(
            errors["content.picture"],
            "Banner picture must be an object of src and alt."
        );
    }

    #[test]
    fn a_link_goes_to_a_site_path_https_mail_or_phone_and_never_off_site_by_a_backslash() {
        for href in [
            "/contact",
            "https://gallery.example.com/shows",
            "mailto:hello@corp.example.com",
            "tel:+918000001234",
        ] {
            let taken =
                checked(json!({"content.action": {"label": "Go", "href": href}})).expect(href);
            assert_eq!(taken["content.action"]["href"], json!(href));
        }
        for href in [
            "/\\evil.example",
            "\\\\evil.example",
            "/%5Cevil.example",
            "//evil.example",
            "http://plain.example",
            "javascript:alert(1)",
            "mailto:not an address",
            "tel:12",
            "contact",
        ] {
            let errors = refused(json!({"content.action": {"label": "Go", "href": href}}));
            assert!(
                errors["content.action.href"].starts_with("Button (its address): Enter a path"),
                "{href}: {errors:?}"
            );
        }
        let errors = refused(json!({"content.action": {"label": " ", "href": "/"}}));
        assert_eq!(
            errors["content.action.label"],
            "Button (its words) cannot be empty."
        );
    }

    #[test]
    fn a_list_keeps_its_bounds_and_names_each_bad_item_field() {
        let card = json!({"heading": "One", "image": {"src": "pages/a.webp", "alt": "A"}});
        let taken = checked(json!({"content.cards": [card.clone()]})).expect("taken");
        assert_eq!(taken["content.cards"], json!([card]));
        assert_eq!(
            refused(json!({"content.cards": []}))["content.cards"],
            "Cards must have 1 to 3 items."
        );
        assert_eq!(
            refused(
                json!({"content.cards": [card.clone(), card.clone(), card.clone(), card.clone()]})
            )["content.cards"],
            "Cards must have 1 to 3 items."
        );
        let errors = refused(json!({"content.cards": [
            card,
            {"heading": "Far too long a heading", "colour": "red"},
            "text",
        ]}));
        assert_eq!(
            errors,
            BTreeMap::from([
                (
                    "content.cards[1].heading".to_owned(),
                    "Heading must be at most 10 characters.".to_owned()
                ),
                (
                    "content.cards[1].image".to_owned(),
                    "Picture is missing.".to_owned()
                ),
                (
                    "content.cards[1].colour".to_owned(),
                    "Cards has no field colour.".to_owned()
                ),
                (
                    "content.cards[2]".to_owned(),
                    "Each of Cards must be an object.".to_owned()
                ),
            ])
        );
    }

    #[test]
    fn a_default_is_read_from_the_content_in_the_shape_of_an_override() {
        let content = json!({"content": {
            "headline": "Hello",
            "story": ["Fish & chips", "<b>not bold</b>"],
            "picture": "/assets/a.svg", "pictureAlt": "A",
            "art": "/assets/b.svg",
            "action": {"label": "Call", "path": "tel:+918000001234"},
            "cards": [{"heading": "One", "image": "/assets/c.svg", "imageAlt": "C", "id": "x"}],
        }});
        let defaults: Map<String, Value> = PAGE
            .fields
            .iter()
            .map(|field| {
                (
                    field.path.to_owned(),
                    default_of(field, &content).expect(field.path),
                )
            })
            .collect();
        assert_eq!(
            Value::Object(defaults.clone()),
            json!({
                "content.headline": "Hello",
                "content.story": "<p>Fish &amp; chips</p><p>&lt;b&gt;not bold&lt;/b&gt;</p>",
                "content.picture": {"src": "/assets/a.svg", "alt": "A"},
                "content.art": {"src": "/assets/b.svg", "alt": ""},
                "content.action": {"label": "Call", "href": "tel:+918000001234"},
                "content.cards": [{"heading": "One", "image": {"src": "/assets/c.svg", "alt": "C"}}],
            })
        );
        assert!(
            checked(Value::Object(defaults)).is_ok(),
            "a default passes its own check"
        );
        let missing = json!({"content": {"headline": 3}});
        assert_eq!(
            default_of(&PAGE.fields[0], &missing),
            Err("content.headline is not text".to_owned())
        );
        assert_eq!(
            resolve(&json!({"menu": [{"name": "Home"}]}), "menu.0.name"),
            Some(&json!("Home"))
        );
    }

    #[test]
    fn every_picture_is_found_where_an_error_names_it_and_can_be_renamed() {
        let Value::Object(mut overrides) = json!({
            "content.picture": {"src": "pages/a.jpg", "alt": "A"},
            "content.art": {"src": "/assets/art.svg", "alt": ""},
            "content.headline": "Not a picture",
            "content.cards": [
                {"heading": "One", "image": {"src": "pages/b.png", "alt": "B"}},
                {"heading": "Two", "image": "not an object"},
            ],
            "nowhere": {"src": "pages/c.jpg"},
        }) else {
            panic!("not an object");
        };
        let mut seen = Vec::new();
        pictures_mut(&PAGE, &mut overrides, &mut |at, src| {
            seen.push((at.to_owned(), src.clone()));
            *src = src.replace("pages/", "moved/");
        });
        assert_eq!(
            seen,
            [
                ("content.art.src".to_owned(), "/assets/art.svg".to_owned()),
                (
                    "content.cards[0].image.src".to_owned(),
                    "pages/b.png".to_owned()
                ),
                ("content.picture.src".to_owned(), "pages/a.jpg".to_owned()),
            ]
        );
        assert_eq!(overrides["content.picture"]["src"], "moved/a.jpg");
        assert_eq!(overrides["content.cards"][0]["image"]["src"], "moved/b.png");
        assert_eq!(overrides["nowhere"]["src"], "pages/c.jpg", "not a field");
        assert_eq!(picture_slots(PAGE.fields), 2 + 3);
    }
}
