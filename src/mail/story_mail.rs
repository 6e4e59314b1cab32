//! A story's body as its mail to readers carries it: the sanitized HTML the site shows, with
//! the inline styles mail clients keep (no stylesheet, no class, no remote font, no script),
//! every link and image absolute, each image at the mail's column width, and the same story
//! as readable plain text for the mail's text part.
//!
//! The body comes from the one sanitizer (`domain::sanitize`) again before it is read here,
//! so what is parsed is ammonia's own output: regular HTML whose text has its `<` escaped,
//! every attribute written `name="value"`, every element closed but the void ones, and no
//! deeper than the nesting limit the sanitizer holds stored bodies to.
//!
//! A story longer than [`BODY_LIMIT`] is cut between two top-level blocks (a paragraph, a
//! list, a figure): the mail says so and links to the rest on the site.

use std::sync::LazyLock;

use crate::domain::html_text::decode_entities;
use crate::domain::html_text::escape;
use crate::domain::img_sources::tag_length;
use crate::domain::sanitize::DisplaySanitizer;

/// The mail's column, in CSS pixels: the width mail clients lay a newsletter out at.
pub const COLUMN_WIDTH: u32 = 600;
/// The column less its padding: an image is shown at most this wide.
pub const IMAGE_WIDTH: u32 = 560;
/// The most of a story's HTML (with its inline styles) one mail carries, in bytes. Gmail
/// clips a mail whose HTML passes 102 KB behind a "View entire message" link, which also
/// hides the unsubscribe link at its end; 64 KiB of story leaves room for the mail around
/// it and for the quoted-printable encoding's growth.
pub const BODY_LIMIT: usize = 64 * 1024;

/// Media paths are left as stored (an empty media base): the composer makes them absolute
/// through the image's rendition.
static SANITIZER: LazyLock<DisplaySanitizer> = LazyLock::new(|| DisplaySanitizer::new(""));

/// An image as the mail shows it: an absolute URL, and its width when it is known.
pub struct MailImage {
    pub url: String,
    pub width: Option<u32>,
}

/// A story's body ready for both parts of its mail.
#[derive(Debug, PartialEq)]
pub struct StoryBody {
    /// Styled HTML to put inside the mail's column.
    pub html: String,
    /// The same blocks as plain text, paragraphs apart by a blank line.
    pub text: String,
    /// Whether blocks were left out to keep within the limit.
    pub cut: bool,
}

/// `content` (a stored body) as a mail carries it, at most `limit` bytes of HTML. `page` is
/// the story's own URL, which relative links are resolved against; `image` turns a stored
/// image source (a media path, or an http(s) URL) into what the mail shows.
pub fn story_body(
    content: &str,
    limit: usize,
    page: &str,
    mut image: impl FnMut(&str) -> MailImage,
) -> StoryBody {
    let clean = SANITIZER.clean(content);
    let nodes = parse(&clean);
    let base = url::Url::parse(page).ok();
    let writer = Writer {
        base: base.as_ref(),
    };
    let mut html = String::new();
    let mut kept = 0;
    let mut cut = false;
    for node in &nodes {
        let mut block = String::new();
        writer.html(node, &mut block, &mut image);
        if html.len() + block.len() > limit {
            cut = true;
            break;
        }
        html.push_str(&block);
        kept += 1;
    }
    let mut text = writer.text_blocks(&nodes[..kept]);
    // A first block too long by itself (a body with no paragraphs): its opening words.
    if kept == 0 && cut {
        let words = opening_words(&writer.text_blocks(&nodes[..1]).join(" "), limit / 2);
        html = format!("<p style=\"{}\">{}…</p>", style_of("p"), escape(&words));
        text = vec![format!("{words}…")];
    }
    StoryBody {
        html,
        text: text.join("\n\n"),
        cut,
    }
}

/// At most `max` bytes of `text`, ending at a space.
fn opening_words(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    head.rfind(' ')
        .map_or(head, |space| &head[..space])
        .trim_end()
        .to_owned()
}

/// The inline style of each element the sanitizer keeps (mail clients drop stylesheets;
/// Arial and Helvetica are on every device, so no font is fetched).
fn style_of(name: &str) -> &'static str {
    match name {
        "h1" | "h2" => "margin:28px 0 12px;font-size:22px;line-height:1.3;color:#1d2430",
        "h3" | "h4" | "h5" | "h6" => {
            "margin:24px 0 10px;font-size:18px;line-height:1.35;color:#1d2430"
        }
        "p" => "margin:0 0 16px;font-size:16px;line-height:1.6",
        "ul" | "ol" => "margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.6",
        "li" => "margin:0 0 6px",
        "blockquote" => {
            "margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #0f3b57;color:#3d4654"
        }
        "figure" => "margin:0 0 20px",
        "figcaption" => "margin:6px 0 0;font-size:14px;line-height:1.4;color:#55606e",
        "img" => "display:block;max-width:100%;height:auto;border:0",
        "a" => "color:#0f3b57;text-decoration:underline",
        "code" => "font-family:Consolas,Menlo,monospace;font-size:14px;background:#f1f3f5",
        "pre" => {
            "margin:0 0 16px;padding:12px;white-space:pre-wrap;font-family:Consolas,Menlo,monospace;font-size:14px;background:#f1f3f5"
        }
        "table" => "margin:0 0 16px;border-collapse:collapse;font-size:14px",
        "th" | "td" => "padding:6px 8px;border:1px solid #c9ced6;text-align:left;vertical-align:top",
        "caption" => "padding:0 0 6px;text-align:left;color:#55606e",
        _ => "",
    }
}

/// Elements that have no end tag.
const VOID: &[&str] = &["img", "br", "hr", "wbr"];

/// A node of the parsed body.
#[derive(Debug)]
enum Node {
    /// Text as the HTML has it (escaped).
    Text(String),
    Element {
        name: String,
        /// Values decoded.
        attributes: Vec<(String, String)>,
        children: Vec<Node>,
    },
}

impl Node {
    fn attribute(&self, wanted: &str) -> Option<&str> {
        match self {
            Node::Element { attributes, .. } => attributes
                .iter()
                .find(|(name, _)| name == wanted)
                .map(|(_, value)| value.as_str()),
            Node::Text(_) => None,
        }
    }
}

/// An element being read: its name, attributes and children so far.
type Open = (String, Vec<(String, String)>, Vec<Node>);

/// The sanitizer's output as a tree (see the module's note on why a small reader is exact).
fn parse(html: &str) -> Vec<Node> {
    // The open elements; the bottom one is the body.
    let mut open: Vec<Open> = vec![(String::new(), Vec::new(), Vec::new())];
    let mut rest = html;
    while !rest.is_empty() {
        let Some(at) = rest.find('<') else {
            push_node(&mut open, Node::Text(rest.to_owned()));
            break;
        };
        if at > 0 {
            push_node(&mut open, Node::Text(rest[..at].to_owned()));
        }
        let tag_len = tag_length(&rest[at..]);
        let tag = &rest[at..at + tag_len];
        rest = &rest[at + tag_len..];
        if let Some(name) = tag.strip_prefix("</") {
            let name = name.trim_end_matches('>').trim().to_ascii_lowercase();
            // Well-formed input closes the innermost element; anything else closes nothing.
            if open.len() > 1
                && open
                    .last()
                    .is_some_and(|(open_name, _, _)| *open_name == name)
            {
                close(&mut open);
            }
            continue;
        }
        if tag.starts_with("<!") || tag.starts_with("<?") {
            continue;
        }
        let (name, attributes) = start_tag(tag);
        if name.is_empty() {
            continue;
        }
        if VOID.contains(&name.as_str()) || tag.ends_with("/>") {
            push_node(
                &mut open,
                Node::Element {
                    name,
                    attributes,
                    children: Vec::new(),
                },
            );
        } else {
            open.push((name, attributes, Vec::new()));
        }
    }
    while open.len() > 1 {
        close(&mut open);
    }
    open.pop().map(|(_, _, nodes)| nodes).unwrap_or_default()
}

fn push_node(open: &mut [Open], node: Node) {
    if let Some((_, _, children)) = open.last_mut() {
        children.push(node);
    }
}

fn close(open: &mut Vec<Open>) {
    if let Some((name, attributes, children)) = open.pop() {
        push_node(
            open,
            Node::Element {
                name,
                attributes,
                children,
            },
        );
    }
}

/// A start tag's name and attributes (`name="value"`, values decoded).
fn start_tag(tag: &str) -> (String, Vec<(String, String)>) {
    let inner = tag
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim_end_matches('/');
    let name_end = inner
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inner.len());
    let name = inner[..name_end].to_ascii_lowercase();
    let mut attributes = Vec::new();
    let mut rest = inner[name_end..].trim_start();
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let attribute = rest[..end].to_ascii_lowercase();
        rest = rest[end..].trim_start();
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            if let Some(quoted) = after.strip_prefix('"') {
                let close = quoted.find('"').unwrap_or(quoted.len());
                value = decode_entities(&quoted[..close]);
                rest = quoted.get(close + 1..).unwrap_or("");
            } else {
                let close = after
                    .find(|c: char| c.is_whitespace())
                    .unwrap_or(after.len());
                value = decode_entities(&after[..close]);
                rest = &after[close..];
            }
        }
        if !attribute.is_empty() {
            attributes.push((attribute, value));
        }
        rest = rest.trim_start();
    }
    (name, attributes)
}

/// Elements whose words run on inside a paragraph.
fn is_inline(name: &str) -> bool {
    matches!(name, "a" | "strong" | "em" | "code" | "b" | "i" | "br")
}

struct Writer<'a> {
    /// The story's URL, for relative links.
    base: Option<&'a url::Url>,
}

impl Writer<'_> {
    /// A link the reader's mail client can follow: absolute, or nothing.
    fn absolute(&self, href: &str) -> Option<String> {
        let lower = href.trim().to_ascii_lowercase();
        if ["http://", "https://", "mailto:", "tel:"]
            .iter()
            .any(|scheme| lower.starts_with(scheme))
        {
            return Some(href.trim().to_owned());
        }
        self.base
            .and_then(|base| base.join(href.trim()).ok())
            .filter(|url| matches!(url.scheme(), "http" | "https"))
            .map(String::from)
    }

    fn html(&self, node: &Node, out: &mut String, image: &mut impl FnMut(&str) -> MailImage) {
        let Node::Element { name, children, .. } = node else {
            if let Node::Text(text) = node {
                out.push_str(text);
            }
            return;
        };
        let style = style_of(name);
        match name.as_str() {
            "img" => {
                let Some(src) = node.attribute("src").filter(|src| !src.is_empty()) else {
                    return;
                };
                let shown = image(src);
                let width = shown
                    .width
                    .map(|width| format!(" width=\"{}\"", width.min(IMAGE_WIDTH)))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "<img src=\"{}\" alt=\"{}\"{width} style=\"{style}\">",
                    escape(&shown.url),
                    escape(node.attribute("alt").unwrap_or_default()),
                ));
                return;
            }
            "a" => match node.attribute("href").and_then(|href| self.absolute(href)) {
                Some(href) => {
                    out.push_str(&format!("<a href=\"{}\" style=\"{style}\">", escape(&href)))
                }
                // A link that cannot leave the site's page is its words alone.
                None => {
                    for child in children {
                        self.html(child, out, image);
                    }
                    return;
                }
            },
            _ if style.is_empty() => out.push_str(&format!("<{name}>")),
            _ => out.push_str(&format!("<{name} style=\"{style}\">")),
        }
        for child in children {
            self.html(child, out, image);
        }
        if !VOID.contains(&name.as_str()) {
            out.push_str(&format!("</{name}>"));
        }
    }

    /// Nodes as paragraphs of plain text.
    fn text_blocks(&self, nodes: &[Node]) -> Vec<String> {
        let mut blocks = Vec::new();
        let mut run = String::new();
        for node in nodes {
            match node {
                Node::Text(text) => run.push_str(&decode_entities(text)),
                Node::Element { name, .. } if is_inline(name) => run.push_str(&self.inline(node)),
                Node::Element { .. } => {
                    flush(&mut run, &mut blocks);
                    self.text_block(node, &mut blocks);
                }
            }
        }
        flush(&mut run, &mut blocks);
        blocks
    }

    fn text_block(&self, node: &Node, blocks: &mut Vec<String>) {
        let Node::Element { name, children, .. } = node else {
            return;
        };
        match name.as_str() {
            "ul" | "ol" => {
                let mut lines = Vec::new();
                self.list(node, 0, &mut lines);
                if !lines.is_empty() {
                    blocks.push(lines.join("\n"));
                }
            }
            "blockquote" => {
                let inner = self.text_blocks(children).join("\n\n");
                if !inner.is_empty() {
                    blocks.push(
                        inner
                            .lines()
                            .map(|line| format!("> {line}").trim_end().to_owned())
                            .collect::<Vec<_>>()
                            .join("\n"),
                    );
                }
            }
            "pre" => {
                let text = raw_text(node);
                if !text.trim().is_empty() {
                    blocks.push(text.trim_end().to_owned());
                }
            }
            "table" => {
                let mut rows = Vec::new();
                self.table_rows(node, &mut rows);
                if !rows.is_empty() {
                    blocks.push(rows.join("\n"));
                }
            }
            "img" => blocks.extend(image_line(node)),
            "figure" => {
                let mut lines: Vec<String> = Vec::new();
                for child in children {
                    match child {
                        Node::Element { name, .. } if name == "img" => {
                            lines.extend(image_line(child))
                        }
                        Node::Element { .. } | Node::Text(_) => {
                            let words = collapse(&self.inline(child));
                            if !words.is_empty() {
                                lines.push(words);
                            }
                        }
                    }
                }
                if !lines.is_empty() {
                    blocks.push(lines.join("\n"));
                }
            }
            "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "li" | "figcaption" | "caption" => {
                let words = collapse(&self.inline(node));
                if !words.is_empty() {
                    blocks.push(words);
                }
            }
            _ => blocks.extend(self.text_blocks(children)),
        }
    }

    /// A list's items as lines, `- ` or `1. ` before each, nested lists indented.
    fn list(&self, node: &Node, depth: usize, lines: &mut Vec<String>) {
        let Node::Element { name, children, .. } = node else {
            return;
        };
        let ordered = name == "ol";
        let indent = "   ".repeat(depth);
        let mut number = 0;
        for item in children {
            let Node::Element {
                children: parts, ..
            } = item
            else {
                continue;
            };
            number += 1;
            let marker = if ordered {
                format!("{number}. ")
            } else {
                "- ".to_owned()
            };
            let mut words = String::new();
            let mut nested = Vec::new();
            for part in parts {
                match part {
                    Node::Element { name, .. } if name == "ul" || name == "ol" => {
                        self.list(part, depth + 1, &mut nested)
                    }
                    _ => {
                        words.push_str(&self.inline(part));
                        words.push(' ');
                    }
                }
            }
            lines.push(format!("{indent}{marker}{}", collapse(&words)));
            lines.append(&mut nested);
        }
    }

    fn table_rows(&self, node: &Node, rows: &mut Vec<String>) {
        let Node::Element { name, children, .. } = node else {
            return;
        };
        if name == "tr" {
            let cells: Vec<String> = children
                .iter()
                .map(|cell| collapse(&self.inline(cell)))
                .collect();
            rows.push(cells.join(" | "));
            return;
        }
        if name == "caption" {
            rows.push(collapse(&self.inline(node)));
            return;
        }
        for child in children {
            self.table_rows(child, rows);
        }
    }

    /// A node's words as they read in a paragraph; a link's address after its words.
    fn inline(&self, node: &Node) -> String {
        match node {
            Node::Text(text) => decode_entities(text),
            Node::Element { name, children, .. } => {
                let words: String = children.iter().map(|child| self.inline(child)).collect();
                match name.as_str() {
                    "img" => image_line(node).map_or_else(String::new, |line| format!(" {line} ")),
                    "a" => match node.attribute("href").and_then(|href| self.absolute(href)) {
                        Some(href) if collapse(&words) != href => format!("{words} ({href})"),
                        _ => words,
                    },
                    // Blocks inside a paragraph's run (a list item's paragraph) stay apart.
                    _ if !is_inline(name) => format!(" {words} "),
                    _ => words,
                }
            }
        }
    }
}

/// An image in the text part: its alt text, which says what it shows (none for an image the
/// sanitizer left without a source, which the HTML part leaves out too).
fn image_line(node: &Node) -> Option<String> {
    let alt = collapse(node.attribute("alt").unwrap_or_default());
    let shown = node.attribute("src").is_some_and(|src| !src.is_empty());
    (shown && !alt.is_empty()).then(|| format!("[Image: {alt}]"))
}

/// A `pre`'s text as written (spaces and line ends kept).
fn raw_text(node: &Node) -> String {
    match node {
        Node::Text(text) => decode_entities(text),
        Node::Element { children, .. } => children.iter().map(raw_text).collect(),
    }
}

fn flush(run: &mut String, blocks: &mut Vec<String>) {
    let words = collapse(run);
    if !words.is_empty() {
        blocks.push(words);
    }
    run.clear();
}

/// Spaces and line ends as one space, none at either end.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "https://corp.example/blogs/detail/leasing";

    fn media(src: &str) -> MailImage {
        if src.starts_with("https://") {
            return MailImage {
                url: src.to_owned(),
                width: None,
            };
        }
        MailImage {
            url: format!("https://corp.example/media/{src}"),
            width: Some(960),
        }
    }

    fn body(content: &str) -> StoryBody {
        story_body(content, BODY_LIMIT, PAGE, media)
    }

    #[test]
    fn every_element_gets_its_inline_style_and_links_and_images_are_absolute() {
        let mail = body(
            "<h2>The brief</h2><p>A campus near <a href=\"/contact\">our office</a> and \
             <a href=\"https://example.com/a?b=1&amp;c=2\">a report</a>.</p>\
             <figure><img src=\"blogs/0123456789abcdef.jpg\" alt=\"The lobby\"><figcaption>The lobby</figcaption></figure>",
        );
        assert!(!mail.cut);
        assert_eq!(
            mail.html,
            format!(
                "<h2 style=\"{h2}\">The brief</h2><p style=\"{p}\">A campus near \
                 <a href=\"https://corp.example/contact\" style=\"{a}\">our office</a> and \
                 <a href=\"https://example.com/a?b=1&amp;c=2\" style=\"{a}\">a report</a>.</p>\
                 <figure style=\"{figure}\"><img src=\"https://corp.example/media/blogs/0123456789abcdef.jpg\" \
                 alt=\"The lobby\" width=\"560\" style=\"{img}\"><figcaption style=\"{caption}\">The lobby</figcaption></figure>",
                h2 = style_of("h2"),
                p = style_of("p"),
                a = style_of("a"),
                figure = style_of("figure"),
                img = style_of("img"),
                caption = style_of("figcaption"),
            )
        );
        assert_eq!(
            mail.text,
            "The brief\n\nA campus near our office (https://corp.example/contact) and a report \
             (https://example.com/a?b=1&c=2).\n\n[Image: The lobby]\nThe lobby"
        );
    }

    #[test]
    fn only_sanitized_html_reaches_the_mail() {
        let mail = body(
            "<p style=\"font-family:Evil\" class=\"x\" onclick=\"steal()\">Words<script>alert(1)</script></p>\
             <link rel=\"stylesheet\" href=\"https://fonts.example/css\"><style>@import url(https://fonts.example/a);</style>\
             <iframe src=\"https://evil.example\"></iframe><a href=\"javascript:alert(1)\">bad</a>\
             <img src=\"javascript:alert(1)\" alt=\"x\">",
        );
        for refused in [
            "script",
            "onclick",
            "Evil",
            "class=",
            "fonts.example",
            "iframe",
            "javascript",
            "@import",
        ] {
            assert!(!mail.html.contains(refused), "{refused} in {}", mail.html);
        }
        assert!(mail
            .html
            .starts_with(&format!("<p style=\"{}\">Words</p>", style_of("p"))));
        assert_eq!(mail.text, "Words\n\nbad");
    }

    #[test]
    fn lists_quotes_and_tables_read_as_text() {
        let mail = body(
            "<ul><li>Three floors<ul><li>A roof</li></ul></li><li>A cafeteria</li></ul>\
             <ol><li>First</li><li>Second</li></ol>\
             <blockquote><p>Said once.</p><p>Said twice.</p></blockquote>\
             <table><thead><tr><th>City</th><th>Area</th></tr></thead><tbody><tr><td>Pune</td><td>120,000</td></tr></tbody></table>\
             <pre>  kept   as\n  written</pre><p>A &amp; B &lt;3</p>",
        );
        assert_eq!(
            mail.text,
            "- Three floors\n   - A roof\n- A cafeteria\n\n1. First\n2. Second\n\n\
             > Said once.\n>\n> Said twice.\n\nCity | Area\nPune | 120,000\n\n  kept   as\n  written\n\nA & B <3"
        );
    }

    #[test]
    fn a_long_story_is_cut_between_blocks_within_the_limit() {
        let paragraph = format!("<p>{}</p>", "word ".repeat(200));
        let content = paragraph.repeat(200);
        let mail = story_body(&content, BODY_LIMIT, PAGE, media);
        assert!(mail.cut);
        assert!(mail.html.len() <= BODY_LIMIT, "{}", mail.html.len());
        assert!(mail.html.len() > BODY_LIMIT - 2 * paragraph.len() - 200);
        assert!(mail.html.ends_with("</p>"));
        let kept = mail.html.matches("<p ").count();
        assert_eq!(
            mail.text.split("\n\n").count(),
            kept,
            "the text has the same paragraphs"
        );

        let short = story_body(&paragraph.repeat(2), BODY_LIMIT, PAGE, media);
        assert!(!short.cut);
    }

    #[test]
    fn a_first_block_longer_than_the_limit_keeps_its_opening_words() {
        let content = format!("<p>{}</p>", "word ".repeat(1000));
        let mail = story_body(&content, 1000, PAGE, media);
        assert!(mail.cut);
        assert!(mail.html.len() < 1000 + style_of("p").len() + 40);
        assert!(mail.text.starts_with("word word"));
        assert!(mail.text.ends_with("word…"));
    }
}
