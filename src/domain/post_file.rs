//! A post file: YAML front matter between `---` lines, then a Markdown or HTML body.
//!
//! ```text
//! ---
//! title: "Leasing 120,000 sq ft for a fintech campus"   (required)
//! motive: "One line on why it matters"                   (required)
//! tags: ["Real Estate", "Leasing"]                       (0 to 10)
//! author: "Ananya Rao"
//! author_photo: "authors/ananya-rao.svg"                 (path relative to the file)
//! date: 2025-01-21                                       (default: today)
//! color: "#1f6f8b"                                       (default: the house colour)
//! image: "images/fintech-campus.svg"                     (path relative to the file)
//! min_read: "6 min read"                                 (default: from the word count)
//! ---
//! Markdown (or HTML, for .html files)
//! ```
//!
//! Parsing checks every field; the body comes out sanitized, once its nesting is checked
//! (see `nesting`). Image paths are only read here: the publisher loads and checks the files
//! they name.

use std::borrow::Cow;

use jiff::civil::Date;
use pulldown_cmark::{Event, TagEnd};
use serde_yaml_ng::{Mapping, Value};

use super::color::Color;
use super::html_text::plain_text;
use super::nesting::{check_html, TooComplex, MAX_ELEMENTS, MAX_NESTING};
use super::reading_time::{min_read, parse_min_read, word_count};
use super::sanitize::clean_for_storage;
use super::utc::parse_day;

const FIELDS: &[&str] = &[
    "title",
    "motive",
    "tags",
    "author",
    "author_photo",
    "date",
    "color",
    "image",
    "min_read",
];
const MAX_TITLE: usize = 200;
const MAX_MOTIVE: usize = 600;
const MAX_NAME: usize = 100;
const MAX_TAG: usize = 40;
const MAX_TAGS: usize = 10;
const MAX_PATH: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyFormat {
    Markdown,
    Html,
}

impl BodyFormat {
    pub const ALL: [BodyFormat; 2] = [BodyFormat::Markdown, BodyFormat::Html];

    /// `markdown` or `html`: how the editor and the database name it.
    pub fn as_str(self) -> &'static str {
        match self {
            BodyFormat::Markdown => "markdown",
            BodyFormat::Html => "html",
        }
    }

    pub fn parse(name: &str) -> Option<BodyFormat> {
        BodyFormat::ALL
            .into_iter()
            .find(|format| format.as_str() == name)
    }

    /// `.md`/`.markdown` or `.html`/`.htm`, by the file name's extension.
    pub fn from_file_name(name: &str) -> Option<BodyFormat> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "md" | "markdown" => Some(BodyFormat::Markdown),
            "html" | "htm" => Some(BodyFormat::Html),
            _ => None,
        }
    }
}

/// A parsed, checked post file.
#[derive(Debug, Clone, PartialEq)]
pub struct PostFile {
    pub title: String,
    pub motive: String,
    pub tags: Vec<String>,
    pub author: Option<String>,
    /// Relative to the post file.
    pub author_photo: Option<String>,
    pub date: Date,
    pub color: Color,
    /// Relative to the post file.
    pub image: Option<String>,
    pub min_read: String,
    /// Sanitized HTML.
    pub content: String,
    /// The content as plain text.
    pub body_text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PostFileError {
    #[error("no front matter: the file must start with a line `---`, then the YAML fields, then a line `---`")]
    NoFrontMatter,
    #[error("the front matter is not valid YAML: {0}")]
    Yaml(String),
    #[error("field `{field}`: {problem}")]
    Field { field: String, problem: String },
    #[error("the body after the front matter is empty")]
    EmptyBody,
    #[error(
        "the body is nested too deeply: at most {} levels of quotes, lists and other elements \
         inside one another; please flatten it",
        MAX_NESTING
    )]
    TooDeep,
    #[error(
        "the body's markup is too tangled: bold, italic and links left open or closed out of \
         order are repeated into more than {} elements; please close each where it ends",
        MAX_ELEMENTS
    )]
    TooTangled,
}

impl From<TooComplex> for PostFileError {
    fn from(problem: TooComplex) -> PostFileError {
        match problem {
            TooComplex::Deep => PostFileError::TooDeep,
            TooComplex::Tangled => PostFileError::TooTangled,
        }
    }
}

fn field_error(field: &str, problem: impl Into<String>) -> PostFileError {
    PostFileError::Field {
        field: field.to_owned(),
        problem: problem.into(),
    }
}

impl PostFile {
    /// Parses `text` as a post in `format`; `today` is the date of a post that sets none.
    pub fn parse(text: &str, format: BodyFormat, today: Date) -> Result<PostFile, PostFileError> {
        let (front, body) = split_front_matter(text).ok_or(PostFileError::NoFrontMatter)?;
        let fields = match serde_yaml_ng::from_str::<Value>(front) {
            Ok(Value::Mapping(map)) => map,
            Ok(Value::Null) => Mapping::new(),
            Ok(_) => {
                return Err(PostFileError::Yaml(
                    "it must be a list of `key: value` lines".into(),
                ))
            }
            Err(err) => return Err(PostFileError::Yaml(err.to_string())),
        };
        PostFile::from_fields(&fields, body, format, today)
    }

    /// Checks a post given as its front matter fields and its body (the story editor's
    /// form, put in the same shape as a post file's): the same rules, the same messages.
    pub fn from_fields(
        fields: &Mapping,
        body: &str,
        format: BodyFormat,
        today: Date,
    ) -> Result<PostFile, PostFileError> {
        for key in fields.keys() {
            let name = key.as_str().unwrap_or("?");
            if !FIELDS.contains(&name) {
                return Err(field_error(
                    name,
                    format!("unknown field; the fields are {}", FIELDS.join(", ")),
                ));
            }
        }

        let title = required_text(fields, "title", MAX_TITLE)?;
        let motive = required_text(fields, "motive", MAX_MOTIVE)?;
        let tags = tags(fields)?;
        let author = optional_text(fields, "author", MAX_NAME)?;
        let author_photo = optional_text(fields, "author_photo", MAX_PATH)?;
        if author_photo.is_some() && author.is_none() {
            return Err(field_error("author_photo", "is set but `author` is not"));
        }
        let date = match optional_text(fields, "date", 10)? {
            Some(raw) => parse_day(raw.trim()).ok_or_else(|| {
                field_error(
                    "date",
                    format!("\"{raw}\" is not a date in YYYY-MM-DD form"),
                )
            })?,
            None => today,
        };
        let color = match optional_text(fields, "color", 20)? {
            Some(raw) => Color::parse(&raw).ok_or_else(|| {
                field_error(
                    "color",
                    format!("\"{raw}\" is not a colour in #rrggbb form"),
                )
            })?,
            None => Color::house(),
        };
        let image = optional_text(fields, "image", MAX_PATH)?;
        let own_min_read = match optional_text(fields, "min_read", 20)? {
            Some(raw) => Some(parse_min_read(&raw).ok_or_else(|| {
                field_error(
                    "min_read",
                    format!("\"{raw}\" is not \"N min read\" or a number of minutes"),
                )
            })?),
            None => None,
        };

        let (content, body_text) = clean_body(body, format)?;
        if body_text.is_empty() {
            return Err(PostFileError::EmptyBody);
        }
        let min_read = own_min_read.unwrap_or_else(|| min_read(word_count(&body_text)));
        Ok(PostFile {
            title,
            motive,
            tags,
            author,
            author_photo,
            date,
            color,
            image,
            min_read,
            content,
            body_text,
        })
    }
}

/// A body as it is stored: sanitized HTML, and that as plain text (for search and the
/// reading time). A body too complex to parse in bounded time is refused before the
/// sanitizer reads it.
pub fn clean_body(body: &str, format: BodyFormat) -> Result<(String, String), TooComplex> {
    let html = body_html(body, format)?;
    let content = clean_for_storage(&html);
    let body_text = plain_text(&content);
    Ok((content, body_text))
}

/// A body as HTML, not yet sanitized, once its nesting is checked (see `nesting`).
pub fn body_html(body: &str, format: BodyFormat) -> Result<Cow<'_, str>, TooComplex> {
    match format {
        BodyFormat::Markdown => markdown_to_html(body).map(Cow::Owned),
        BodyFormat::Html => check_html(body).map(|()| Cow::Borrowed(body)),
    }
}

/// The YAML between the first two `---` lines, and everything after.
fn split_front_matter(text: &str) -> Option<(&str, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line_end = text.find('\n')?;
    if text[..first_line_end].trim_end() != "---" {
        return None;
    }
    let rest = &text[first_line_end + 1..];
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if matches!(line.trim_end(), "---" | "...") {
            return Some((&rest[..offset], &rest[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

fn scalar_text(fields: &Mapping, field: &str) -> Result<Option<String>, PostFileError> {
    match fields.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(field_error(field, "must be text")),
    }
}

/// Trimmed, free of control characters, at most `max` characters; `None` when empty.
fn optional_text(
    fields: &Mapping,
    field: &str,
    max: usize,
) -> Result<Option<String>, PostFileError> {
    let Some(raw) = scalar_text(fields, field)? else {
        return Ok(None);
    };
    let text = clean_line(&raw);
    if text.chars().count() > max {
        return Err(field_error(
            field,
            format!("is longer than {max} characters"),
        ));
    }
    Ok((!text.is_empty()).then_some(text))
}

fn required_text(fields: &Mapping, field: &str, max: usize) -> Result<String, PostFileError> {
    optional_text(fields, field, max)?
        .ok_or_else(|| field_error(field, "is required and missing or empty"))
}

fn clean_line(raw: &str) -> String {
    raw.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A list of names, or one name; duplicates (ignoring case) are dropped.
fn tags(fields: &Mapping) -> Result<Vec<String>, PostFileError> {
    let raw: Vec<&Value> = match fields.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Sequence(items)) => items.iter().collect(),
        Some(one @ Value::String(_)) => vec![one],
        Some(_) => {
            return Err(field_error(
                "tags",
                "must be a list of names, such as [\"Real Estate\", \"Leasing\"]",
            ))
        }
    };
    let mut tags: Vec<String> = Vec::new();
    for item in raw {
        let name = match item {
            Value::String(s) => clean_line(s),
            Value::Number(n) => n.to_string(),
            _ => return Err(field_error("tags", "every tag must be a name")),
        };
        if name.is_empty() {
            return Err(field_error("tags", "a tag is empty"));
        }
        if name.chars().count() > MAX_TAG {
            return Err(field_error(
                "tags",
                format!("\"{name}\" is longer than {MAX_TAG} characters"),
            ));
        }
        if !tags.iter().any(|t| t.to_lowercase() == name.to_lowercase()) {
            tags.push(name);
        }
    }
    if tags.len() > MAX_TAGS {
        return Err(field_error("tags", format!("at most {MAX_TAGS} tags")));
    }
    Ok(tags)
}

/// Markdown as HTML. Its quotes, lists and emphasis may open at most `MAX_NESTING` elements
/// inside one another: the conversion stops at the first that goes deeper, so a run of
/// 200,000 `>` costs no more than the first 33. HTML written into the Markdown is checked
/// as an HTML body is. (Markdown alone closes each element where it ends, so the parser
/// makes no more of it than it says.)
fn markdown_to_html(markdown: &str) -> Result<String, TooComplex> {
    let mut open = 0usize;
    let mut too_deep = false;
    let mut has_html = false;
    let events = pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES)
        .take_while(|event| {
            match event {
                Event::Start(tag) => open += elements_opened(tag.to_end()),
                Event::End(tag) => open = open.saturating_sub(elements_opened(*tag)),
                Event::Html(_) | Event::InlineHtml(_) => has_html = true,
                _ => {}
            }
            too_deep = open > MAX_NESTING;
            !too_deep
        });
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    if too_deep {
        return Err(TooComplex::Deep);
    }
    if has_html {
        check_html(&html)?;
    }
    Ok(html)
}

/// How many HTML elements a Markdown tag opens: a code block is `<pre><code>`, a table
/// `<table>` and its `<thead>` or `<tbody>`; a block of HTML opens none itself.
fn elements_opened(tag: TagEnd) -> usize {
    match tag {
        TagEnd::HtmlBlock => 0,
        TagEnd::CodeBlock | TagEnd::Table => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    const TODAY: Date = date(2025, 6, 1);

    fn post(front: &str, body: &str) -> String {
        format!("---\n{front}\n---\n{body}")
    }

    #[test]
    fn a_full_markdown_post_parses() {
        let text = post(
            "title: \"Leasing a campus\"\nmotive: Why it matters\ntags: [\"Real Estate\", Leasing, leasing]\n\
             author: Ananya Rao\nauthor_photo: authors/a.svg\ndate: 2025-01-21\ncolor: \"#1F6F8B\"\nimage: images/x.svg",
            "## The challenge\n\nSome **bold** words.\n\n- one\n- two\n\n<script>alert(1)</script>\n",
        );
        let parsed = PostFile::parse(&text, BodyFormat::Markdown, TODAY).expect("parses");
        assert_eq!(parsed.title, "Leasing a campus");
        assert_eq!(parsed.tags, ["Real Estate", "Leasing"]);
        assert_eq!(parsed.author.as_deref(), Some("Ananya Rao"));
        assert_eq!(parsed.date, date(2025, 1, 21));
        assert_eq!(parsed.color.as_str(), "#1f6f8b");
        assert_eq!(parsed.min_read, "1 min read");
        assert!(
            parsed.content.contains("<h2>The challenge</h2>"),
            "{}",
            parsed.content
        );
        assert!(!parsed.content.contains("script"), "{}", parsed.content);
        assert_eq!(parsed.body_text, "The challenge Some bold words. one two");
    }

    #[test]
    fn defaults_fill_what_a_post_leaves_out() {
        let parsed = PostFile::parse(
            &post("title: T\nmotive: M", "<p>Body</p>"),
            BodyFormat::Html,
            TODAY,
        )
        .expect("parses");
        assert_eq!(parsed.date, TODAY);
        assert_eq!(parsed.color, Color::house());
        assert_eq!(
            (parsed.author, parsed.image, parsed.tags.len()),
            (None, None, 0)
        );
    }

    #[test]
    fn a_posts_own_min_read_wins() {
        let parsed = PostFile::parse(
            &post("title: T\nmotive: M\nmin_read: 7", "Body"),
            BodyFormat::Markdown,
            TODAY,
        )
        .expect("parses");
        assert_eq!(parsed.min_read, "7 min read");
    }

    #[test]
    fn bad_files_are_refused_with_the_field_and_the_problem() {
        let cases: &[(&str, &str)] = &[
            ("no front matter\n", "no front matter"),
            ("---\ntitle: T\nmotive: M\n", "no front matter"),
            ("---\ntitle: [unclosed\n---\nBody", "not valid YAML"),
            ("---\n- a list\n---\nBody", "not valid YAML"),
            (&post("motive: M", "Body"), "field `title`: is required"),
            (
                &post("title: \"  \"\nmotive: M", "Body"),
                "field `title`: is required",
            ),
            (&post("title: T", "Body"), "field `motive`: is required"),
            (
                &post("title: T\nmotive: M\ndate: 2025-13-01", "Body"),
                "field `date`: \"2025-13-01\" is not a date",
            ),
            (
                &post("title: T\nmotive: M\ndate: 21/01/2025", "Body"),
                "field `date`",
            ),
            (
                &post("title: T\nmotive: M\ncolor: red", "Body"),
                "field `color`: \"red\" is not a colour",
            ),
            (
                &post("title: T\nmotive: M\ntags: {a: 1}", "Body"),
                "field `tags`",
            ),
            (
                &post("title: T\nmotive: M\ntitel: typo", "Body"),
                "field `titel`: unknown field",
            ),
            (
                &post("title: T\nmotive: M\nauthor_photo: a.svg", "Body"),
                "field `author_photo`",
            ),
            (
                &post("title: T\nmotive: M\nmin_read: soon", "Body"),
                "field `min_read`",
            ),
            (
                &post("title: [a, b]\nmotive: M", "Body"),
                "field `title`: must be text",
            ),
            (
                &post("title: T\nmotive: M", "  \n"),
                "body after the front matter is empty",
            ),
            (
                &post("title: T\nmotive: M", "<script>only script</script>"),
                "body after the front matter is empty",
            ),
        ];
        for (text, expected) in cases {
            let err = PostFile::parse(text, BodyFormat::Markdown, TODAY)
                .expect_err(text)
                .to_string();
            assert!(
                err.contains(expected),
                "{text:?}\n  gave: {err}\n  wanted: {expected}"
            );
        }
    }

    /// Bodies whose quotes, lists, emphasis or HTML elements sit thousands deep: each was
    /// seconds to minutes of parsing before the limit.
    fn deep_bodies() -> Vec<(BodyFormat, String)> {
        let markdown = [
            ">".repeat(5_000) + "deep",
            "> ".repeat(3_000) + "deep",
            "+ ".repeat(3_000) + "deep",
            "1. ".repeat(3_000) + "deep",
            "> - ".repeat(2_000) + "deep",
            (0..40)
                .map(|i| format!("{}- item\n", "  ".repeat(i)))
                .collect(),
            "<div>".repeat(5_000) + "\n\ntext",
            "*a **b ".repeat(20) + &"c** d* ".repeat(20),
            "![a ".repeat(40) + &"b](x.png) ".repeat(40),
        ];
        let html = [
            "<blockquote>".repeat(5_000) + "deep",
            "<div>".repeat(5_000) + "deep",
            "<ul><li>".repeat(2_000) + "deep",
            "<em><a href=\"https://x.example/\">".repeat(2_000) + "deep",
            "<b><div></b>".repeat(2_000) + "deep",
        ];
        markdown
            .into_iter()
            .map(|body| (BodyFormat::Markdown, body))
            .chain(html.into_iter().map(|body| (BodyFormat::Html, body)))
            .collect()
    }

    #[test]
    fn bodies_too_complex_are_refused_and_the_demo_stories_pass_with_room() {
        for (format, body) in deep_bodies() {
            let err = PostFile::parse(&post("title: T\nmotive: M", &body), format, TODAY)
                .expect_err(&body[..20]);
            assert_eq!(err, PostFileError::TooDeep, "{format:?} {}", &body[..20]);
            assert!(
                err.to_string()
                    .contains("nested too deeply: at most 32 levels"),
                "{err}"
            );
        }
        let bold: String = (0..30).map(|i| format!("<b id={i}>")).collect();
        let reopened = format!("<p>{bold}</p>{}", "<p>x</p>".repeat(5_000));
        for format in [BodyFormat::Html, BodyFormat::Markdown] {
            let err = PostFile::parse(&post("title: T\nmotive: M", &reopened), format, TODAY)
                .expect_err("tangled");
            assert_eq!(err, PostFileError::TooTangled, "{format:?}");
            assert!(err.to_string().contains("too tangled"), "{err}");
        }
        assert_the_demo_stories_pass_with_room();
    }

    #[test]
    fn markdown_counts_the_elements_its_html_opens() {
        let quoted = |levels: usize, inner: &str| -> String {
            inner
                .lines()
                .map(|line| format!("{}{line}\n", "> ".repeat(levels)))
                .collect()
        };
        let list = |levels: usize| -> String {
            (0..levels)
                .map(|i| format!("{}- item\n", "  ".repeat(i)))
                .collect()
        };
        let table = "| a |\n| - |\n| b |";
        let cases = [
            // Each quote, and the paragraph inside.
            (quoted(MAX_NESTING - 1, "words"), true),
            (quoted(MAX_NESTING, "words"), false),
            (">".repeat(MAX_NESTING - 1) + "words", true),
            (">".repeat(MAX_NESTING) + "words", false),
            // A code block is <pre><code>.
            (quoted(MAX_NESTING - 2, "```\ncode\n```"), true),
            (quoted(MAX_NESTING - 1, "```\ncode\n```"), false),
            // A table cell is inside <table>, <tbody> and <tr>.
            (quoted(MAX_NESTING - 4, table), true),
            (quoted(MAX_NESTING - 3, table), false),
            // A list level is <ul> and <li>.
            (list(MAX_NESTING / 2), true),
            (list(MAX_NESTING / 2 + 1), false),
            // Emphasis inside emphasis, in a paragraph.
            (
                "*a ".repeat(MAX_NESTING - 1) + &"b* ".repeat(MAX_NESTING - 1),
                true,
            ),
            (
                "*a ".repeat(MAX_NESTING) + &"b* ".repeat(MAX_NESTING),
                false,
            ),
        ];
        for (markdown, passes) in cases {
            assert_eq!(markdown_to_html(&markdown).is_ok(), passes, "{markdown}");
            // The HTML the Markdown makes nests exactly as deep.
            let html = pulldown_html(&markdown);
            assert_eq!(check_html(&html).is_ok(), passes, "{html}");
        }
    }

    fn pulldown_html(markdown: &str) -> String {
        let mut html = String::new();
        let events =
            pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES);
        pulldown_cmark::html::push_html(&mut html, events);
        html
    }

    /// Each demo story (db/seed/blogs), quoted half the limit deep, still passes: real
    /// stories nest far less than the limit.
    fn assert_the_demo_stories_pass_with_room() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("db/seed/blogs");
        let mut read = 0;
        for entry in std::fs::read_dir(&dir).expect("db/seed/blogs") {
            let path = entry.expect("entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let Some(format) = BodyFormat::from_file_name(&name).filter(|_| name != "README.md")
            else {
                continue;
            };
            let text = std::fs::read_to_string(&path).expect("read");
            let (_, body) = split_front_matter(&text).expect("front matter");
            let deeper = match format {
                BodyFormat::Markdown => body
                    .lines()
                    .map(|line| format!("{}{line}\n", "> ".repeat(MAX_NESTING / 2)))
                    .collect(),
                BodyFormat::Html => format!(
                    "{}{body}{}",
                    "<blockquote>".repeat(MAX_NESTING / 2),
                    "</blockquote>".repeat(MAX_NESTING / 2)
                ),
            };
            assert_eq!(body_html(&deeper, format).err(), None, "{}", path.display());
            read += 1;
        }
        assert!(read >= 10, "{read} stories");
    }

    #[test]
    fn the_format_comes_from_the_extension() {
        assert_eq!(
            BodyFormat::from_file_name("a.md"),
            Some(BodyFormat::Markdown)
        );
        assert_eq!(BodyFormat::from_file_name("A.HTML"), Some(BodyFormat::Html));
        assert_eq!(BodyFormat::from_file_name("a.txt"), None);
        assert_eq!(BodyFormat::from_file_name("md"), None);
    }
}
