//! SVG resumes, rebuilt from an allowlist before they are stored.
//!
//! An SVG is a document, not just a picture: it can run scripts, load other files and embed
//! HTML. Rather than hunting for what is dangerous, the upload is parsed as XML and only
//! drawing elements and presentation attributes known to be inert are copied into a new
//! document; everything else stays behind (scripts, `foreignObject`, `style`, animation,
//! event handlers, links and any reference that leaves the file). A DOCTYPE is refused
//! outright, since entity expansion (billion laughs) and external entities (XXE) live there.
//! The work is bounded: at most `MAX_DEPTH` levels and `MAX_ELEMENTS` elements.

use std::borrow::Cow;

use quick_xml::escape::{escape, partial_escape};
use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::name::{Namespace, ResolveResult};
use quick_xml::{NsReader, XmlVersion};

const SVG_NS: &[u8] = b"http://www.w3.org/2000/svg";
const XLINK_NS: &[u8] = b"http://www.w3.org/1999/xlink";
const XML_NS: &[u8] = b"http://www.w3.org/XML/1998/namespace";

/// Deepest nesting accepted, the root counting as one.
pub const MAX_DEPTH: usize = 256;
/// Most elements accepted, dropped ones included (they are parsed all the same).
pub const MAX_ELEMENTS: usize = 100_000;

/// Elements copied (with their allowed attributes) into the sanitized document. `use` and
/// `image` are further restricted by their href; `a` is unwrapped (its children stay, the
/// link goes). Anything else is dropped with everything inside it.
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "title",
    "desc",
    "linearGradient",
    "radialGradient",
    "stop",
    "clipPath",
    "mask",
    "pattern",
    "marker",
    "image",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComposite",
    "feDropShadow",
    "feFlood",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feOffset",
];

/// Presentation properties: allowed as attributes and inside a `style` attribute.
const PRESENTATION: &[&str] = &[
    "alignment-baseline",
    "baseline-shift",
    "clip-path",
    "clip-rule",
    "color",
    "color-interpolation",
    "color-interpolation-filters",
    "direction",
    "display",
    "dominant-baseline",
    "fill",
    "fill-opacity",
    "fill-rule",
    "filter",
    "flood-color",
    "flood-opacity",
    "font-family",
    "font-size",
    "font-stretch",
    "font-style",
    "font-variant",
    "font-weight",
    "image-rendering",
    "letter-spacing",
    "lighting-color",
    "marker-end",
    "marker-mid",
    "marker-start",
    "mask",
    "opacity",
    "overflow",
    "paint-order",
    "shape-rendering",
    "stop-color",
    "stop-opacity",
    "stroke",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-opacity",
    "stroke-width",
    "text-anchor",
    "text-decoration",
    "text-rendering",
    "transform",
    "unicode-bidi",
    "vector-effect",
    "visibility",
    "word-spacing",
    "writing-mode",
];

/// Geometry and structure attributes, besides the presentation ones. `href` is checked
/// separately; `style` is filtered property by property.
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "lang",
    "role",
    "aria-label",
    "aria-hidden",
    "version",
    "viewBox",
    "preserveAspectRatio",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "dx",
    "dy",
    "width",
    "height",
    "d",
    "points",
    "pathLength",
    "rotate",
    "textLength",
    "lengthAdjust",
    "startOffset",
    "method",
    "spacing",
    "side",
    "offset",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "clipPathUnits",
    "maskUnits",
    "maskContentUnits",
    "markerUnits",
    "markerWidth",
    "markerHeight",
    "refX",
    "refY",
    "orient",
    "filterUnits",
    "primitiveUnits",
    "in",
    "in2",
    "result",
    "mode",
    "type",
    "values",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "stdDeviation",
    "edgeMode",
    "href",
    "style",
];

/// CSS functions a value may call: colours, arithmetic and transforms. `url()` is allowed
/// only towards a `#fragment` of the same file.
const FUNCTIONS: &[&str] = &[
    "",
    "url",
    "rgb",
    "rgba",
    "hsl",
    "hsla",
    "hwb",
    "calc",
    "min",
    "max",
    "clamp",
    "matrix",
    "translate",
    "translatex",
    "translatey",
    "scale",
    "scalex",
    "scaley",
    "rotate",
    "skewx",
    "skewy",
];

/// Why an SVG was refused rather than sanitized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SvgRefusal {
    #[error("the SVG is not well-formed XML")]
    Malformed,
    #[error("the document's root is not an SVG element")]
    NotSvg,
    #[error("the SVG has a DOCTYPE or entity declarations")]
    Declarations,
    #[error("the SVG nests too deeply or has too many elements")]
    TooComplex,
}

/// How an open element is treated; its end tag follows suit.
#[derive(Debug, Clone, Copy)]
enum Frame {
    Kept(&'static str),
    Unwrapped,
    Dropped,
}

/// The namespace an element name resolved to, detached from the reader's borrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ElementNs {
    Svg,
    Other,
    UnknownPrefix,
}

/// A copy of `bytes` (UTF-8 SVG, an optional byte-order mark) holding only allowlisted
/// elements and attributes, as UTF-8 XML with the SVG and XLink namespaces declared on its
/// root.
pub fn sanitize_svg(bytes: &[u8]) -> Result<Vec<u8>, SvgRefusal> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| SvgRefusal::Malformed)?;
    if !text.chars().all(is_xml_char) {
        return Err(SvgRefusal::Malformed);
    }
    let mut reader = NsReader::from_str(text);
    reader.config_mut().enable_all_checks(true);
    let mut out = String::with_capacity(text.len() + 100);
    let mut stack: Vec<Frame> = Vec::new();
    let mut dropped_open = 0usize;
    let mut elements = 0usize;
    let mut root_closed = false;
    loop {
        let (resolved, event) = reader
            .read_resolved_event()
            .map_err(|_| SvgRefusal::Malformed)?;
        let element_ns = match resolved {
            ResolveResult::Bound(Namespace(ns)) if ns == SVG_NS => ElementNs::Svg,
            ResolveResult::Unknown(_) => ElementNs::UnknownPrefix,
            _ => ElementNs::Other,
        };
        let outside_root = stack.is_empty();
        let dropping = dropped_open > 0;
        match event {
            Event::Start(ref start) | Event::Empty(ref start) => {
                let is_empty = matches!(event, Event::Empty(_));
                elements += 1;
                if elements > MAX_ELEMENTS || stack.len() >= MAX_DEPTH {
                    return Err(SvgRefusal::TooComplex);
                }
                if element_ns == ElementNs::UnknownPrefix || root_closed {
                    return Err(SvgRefusal::Malformed);
                }
                let is_svg = element_ns == ElementNs::Svg;
                if outside_root && !(is_svg && start.local_name().as_ref() == b"svg") {
                    return Err(SvgRefusal::NotSvg);
                }
                let frame = open_element(&reader, start, is_svg, dropping, outside_root, &mut out)?;
                if let Frame::Kept(_) = frame {
                    out.push_str(if is_empty { "/>" } else { ">" });
                }
                if is_empty {
                    root_closed |= outside_root;
                } else {
                    dropped_open += usize::from(matches!(frame, Frame::Dropped));
                    stack.push(frame);
                }
            }
            Event::End(_) => match stack.pop() {
                Some(Frame::Kept(name)) => {
                    out.push_str("</");
                    out.push_str(name);
                    out.push('>');
                    root_closed = stack.is_empty();
                }
                Some(Frame::Dropped) => dropped_open -= 1,
                Some(Frame::Unwrapped) => {}
                None => return Err(SvgRefusal::Malformed),
            },
            Event::Text(text) => {
                let text = text.xml10_content().map_err(|_| SvgRefusal::Malformed)?;
                push_text(&mut out, &text, outside_root, dropping)?;
            }
            Event::CData(data) => {
                let data = data.xml10_content().map_err(|_| SvgRefusal::Malformed)?;
                push_text(&mut out, &data, outside_root, dropping)?;
            }
            Event::GeneralRef(reference) => {
                let resolved = resolve_reference(&reference)?;
                push_text(&mut out, &resolved, outside_root, dropping)?;
            }
            Event::DocType(_) => return Err(SvgRefusal::Declarations),
            // Left out: nothing in them draws, and a PI can pull in a stylesheet.
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
            Event::Eof => break,
        }
    }
    if !root_closed || !stack.is_empty() {
        return Err(SvgRefusal::Malformed);
    }
    Ok(out.into_bytes())
}

/// Decides what becomes of an element and, when it is kept, writes its start tag (without
/// the closing `>`). Attributes are read even in dropped subtrees: the file must be
/// well-formed throughout.
fn open_element(
    reader: &NsReader<&[u8]>,
    start: &BytesStart,
    is_svg: bool,
    dropping: bool,
    is_root: bool,
    out: &mut String,
) -> Result<Frame, SvgRefusal> {
    let local = start.local_name();
    let allowed = ELEMENTS
        .iter()
        .find(|name| name.as_bytes() == local.as_ref())
        .copied();
    let name = match (dropping || !is_svg, allowed) {
        (true, _) => None,
        (false, Some(name)) => Some(name),
        (false, None) if local.as_ref() == b"a" => {
            check_attributes(start)?;
            return Ok(Frame::Unwrapped);
        }
        (false, None) => None,
    };
    let attributes = kept_attributes(reader, start, name.unwrap_or(""))?;
    let Some(name) = name else {
        return Ok(Frame::Dropped);
    };
    // A `use` or `image` that points nowhere allowed would draw nothing; drop it whole.
    let needs_href = matches!(name, "use" | "image");
    if needs_href && !attributes.iter().any(|(key, _)| key.ends_with("href")) {
        return Ok(Frame::Dropped);
    }
    out.push('<');
    out.push_str(name);
    if is_root {
        out.push_str(" xmlns=\"http://www.w3.org/2000/svg\"");
        out.push_str(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"");
    }
    for (key, value) in attributes {
        out.push(' ');
        out.push_str(key);
        out.push_str("=\"");
        out.push_str(&escape(value.as_str()));
        out.push('"');
    }
    Ok(Frame::Kept(name))
}

fn check_attributes(start: &BytesStart) -> Result<(), SvgRefusal> {
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|_| SvgRefusal::Malformed)?;
        attribute
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|_| SvgRefusal::Malformed)?;
    }
    Ok(())
}

/// The attributes of `element` worth keeping, by output name, with their values.
fn kept_attributes(
    reader: &NsReader<&[u8]>,
    start: &BytesStart,
    element: &str,
) -> Result<Vec<(&'static str, String)>, SvgRefusal> {
    let mut kept = Vec::new();
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|_| SvgRefusal::Malformed)?;
        let value = attribute
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|_| SvgRefusal::Malformed)?;
        if element.is_empty() || !value.chars().all(is_xml_char) {
            continue;
        }
        let (namespace, local) = reader.resolver().resolve_attribute(attribute.key);
        let local = local.as_ref();
        let name = match namespace {
            ResolveResult::Unbound => PRESENTATION
                .iter()
                .chain(ATTRIBUTES)
                .find(|name| name.as_bytes() == local)
                .copied(),
            ResolveResult::Bound(Namespace(ns)) if ns == XLINK_NS && local == b"href" => {
                Some("xlink:href")
            }
            ResolveResult::Bound(Namespace(ns)) if ns == XML_NS && local == b"space" => {
                Some("xml:space")
            }
            ResolveResult::Bound(Namespace(ns)) if ns == XML_NS && local == b"lang" => {
                Some("xml:lang")
            }
            _ => None,
        };
        let value = match name {
            Some("href" | "xlink:href") => {
                let allowed =
                    is_local_fragment(&value) || (element == "image" && is_embedded_image(&value));
                allowed.then(|| value.trim().to_owned())
            }
            Some("style") => Some(sanitize_style(&value)).filter(|style| !style.is_empty()),
            Some(_) => is_inert_value(&value).then(|| value.into_owned()),
            None => None,
        };
        if let (Some(name), Some(value)) = (name, value) {
            kept.push((name, value));
        }
    }
    Ok(kept)
}

/// Character data goes through only outside dropped elements; outside the root only
/// whitespace may appear at all.
fn push_text(
    out: &mut String,
    text: &str,
    outside_root: bool,
    dropping: bool,
) -> Result<(), SvgRefusal> {
    if outside_root {
        return match text.trim_matches(is_xml_space).is_empty() {
            true => Ok(()),
            false => Err(SvgRefusal::Malformed),
        };
    }
    if !dropping {
        out.push_str(&partial_escape(text));
    }
    Ok(())
}

/// A character or predefined entity reference; any other entity would need a DTD.
fn resolve_reference(reference: &BytesRef) -> Result<Cow<'static, str>, SvgRefusal> {
    if reference.is_char_ref() {
        return match reference.resolve_char_ref() {
            Ok(Some(c)) if is_xml_char(c) => Ok(Cow::Owned(c.to_string())),
            _ => Err(SvgRefusal::Malformed),
        };
    }
    let text = match &**reference {
        b"amp" => "&",
        b"lt" => "<",
        b"gt" => ">",
        b"quot" => "\"",
        b"apos" => "'",
        _ => return Err(SvgRefusal::Malformed),
    };
    Ok(Cow::Borrowed(text))
}

/// `#id`: a reference that stays inside the file.
fn is_local_fragment(value: &str) -> bool {
    value.trim().strip_prefix('#').is_some_and(|id| {
        !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
    })
}

/// A PNG, JPEG or WebP picture carried inside the file as base64.
fn is_embedded_image(value: &str) -> bool {
    let value = value.trim();
    ["png", "jpeg", "webp"].iter().any(|kind| {
        let prefix = format!("data:image/{kind};base64,");
        value
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(&prefix))
            && value[prefix.len()..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | ' '))
    })
}

/// A presentation value that can neither run code nor reach outside the file: no script
/// or data URLs, no CSS escapes, imports or comments, and only allowlisted functions, with
/// `url()` pointing at a `#fragment`.
fn is_inert_value(value: &str) -> bool {
    let compact: String = value
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    let forbidden = [
        "javascript:",
        "vbscript:",
        "data:",
        "\\",
        "@",
        "/*",
        "{",
        "}",
        "<",
        "expression",
    ];
    if forbidden.iter().any(|bad| compact.contains(bad)) {
        return false;
    }
    compact.match_indices('(').all(|(at, _)| {
        let before = &compact[..at];
        let name_start = before
            .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '-')
            .len();
        let function = &before[name_start..];
        if function == "url" {
            let target = compact[at + 1..].trim_start_matches(['"', '\'']);
            return target.starts_with('#');
        }
        FUNCTIONS.contains(&function)
    })
}

/// The declarations of a `style` attribute that set a presentation property to an inert
/// value, rejoined; everything else is left out.
fn sanitize_style(style: &str) -> String {
    style
        .split(';')
        .filter_map(|declaration| {
            let (property, value) = declaration.split_once(':')?;
            let property = property.trim().to_ascii_lowercase();
            let value = value.trim();
            let known = PRESENTATION.contains(&property.as_str());
            (known && !value.is_empty() && is_inert_value(value))
                .then(|| format!("{property}:{value}"))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// XML 1.0's `Char` production: what may appear in a document at all.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"#;

    fn svg(inner: &str) -> String {
        format!("{OPEN}{inner}</svg>")
    }

    fn sanitized(input: &str) -> String {
        match sanitize_svg(input.as_bytes()) {
            Ok(bytes) => String::from_utf8(bytes).expect("UTF-8 out"),
            Err(refusal) => panic!("refused ({refusal}): {input}"),
        }
    }

    /// Sanitizing its own output changes nothing and is accepted: the output is well-formed.
    fn assert_stable(output: &str) {
        assert_eq!(sanitized(output), output, "sanitizing twice");
    }

    #[test]
    fn hostile_markup_is_removed_and_the_drawing_kept() {
        // (case, input, text that must be gone)
        let cases: &[(&str, String, &[&str])] = &[
            (
                "script element",
                svg("<script>alert(1)</script><rect width=\"1\" height=\"1\"/>"),
                &["script", "alert"],
            ),
            (
                "cdata script",
                svg("<script><![CDATA[alert(document.cookie)]]></script><rect width=\"1\"/>"),
                &["script", "alert", "CDATA"],
            ),
            (
                "script in the svg namespace under a prefix",
                r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><svg:rect width="1"/></svg:svg>"#.to_owned(),
                &["script", "alert", "svg:"],
            ),
            (
                "onload on the root",
                r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1"/></svg>"#.to_owned(),
                &["onload", "alert"],
            ),
            (
                "handlers in any case",
                svg(r#"<rect width="1" onLoad="alert(1)" ONCLICK="alert(2)" onmouseover="alert(3)"/>"#),
                &["onLoad", "ONCLICK", "onmouseover", "alert"],
            ),
            (
                "javascript link",
                svg(r#"<a xlink:href="javascript:alert(1)"><rect width="1"/></a>"#),
                &["javascript", "<a", "href"],
            ),
            (
                "javascript link hidden by character references",
                svg(r#"<a href="&#106;avascript:alert(1)"><rect width="1"/></a>"#),
                &["avascript", "<a", "href"],
            ),
            (
                "use of a remote file",
                svg(r#"<use href="http://evil.example/x.svg#a"/><rect width="1"/>"#),
                &["<use", "evil"],
            ),
            (
                "use of a remote file by xlink",
                svg(r#"<use xlink:href="https://evil.example/x.svg#a"/><rect width="1"/>"#),
                &["<use", "evil"],
            ),
            (
                "foreignObject with html",
                svg(r#"<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example"></iframe><script>alert(1)</script></body></foreignObject><rect width="1"/>"#),
                &["foreignObject", "iframe", "body", "script", "evil"],
            ),
            (
                "animate turning a link into javascript",
                svg(r##"<a href="#r"><animate attributeName="href" to="javascript:alert(1)"/><rect id="r" width="1"/></a>"##),
                &["animate", "javascript", "attributeName"],
            ),
            (
                "set",
                svg(r#"<rect width="1"><set attributeName="onmouseover" to="alert(1)"/></rect>"#),
                &["<set", "alert"],
            ),
            (
                "animateTransform and animateMotion",
                svg(r#"<rect width="1"><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s"/><animateMotion path="M0 0"/></rect>"#),
                &["animate", "dur"],
            ),
            (
                "remote image",
                svg(r#"<image href="http://evil.example/track.png" width="1" height="1"/><rect width="1"/>"#),
                &["<image", "evil"],
            ),
            (
                "svg image as data",
                svg(r#"<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/><rect width="1"/>"#),
                &["<image", "data:"],
            ),
            (
                "style element",
                svg(r#"<style>@import url(http://evil.example/x.css); rect { fill: url(http://evil.example/p) }</style><rect width="1"/>"#),
                &["style", "import", "evil"],
            ),
            (
                "style attribute with a remote url",
                svg(r#"<rect width="1" style="fill: url(http://evil.example/p); stroke: red"/>"#),
                &["evil", "url"],
            ),
            (
                "style attribute with an escaped url and a comment",
                svg(r#"<rect width="1" style="fill: u\72l(http://evil.example/p); stroke: u/**/rl(http://evil.example/q); opacity: 1"/>"#),
                &["evil", "\\", "/*"],
            ),
            (
                "style attribute with a binding",
                svg(r#"<rect width="1" style="behavior: url(#x); -moz-binding: url(#y); fill: blue"/>"#),
                &["behavior", "binding"],
            ),
            (
                "presentation attribute with a remote url",
                svg(r#"<rect width="1" fill="url(http://evil.example/p)" filter="url('https://evil.example/f')"/>"#),
                &["evil", "fill=", "filter="],
            ),
            (
                "processing instruction loading a stylesheet",
                format!("<?xml version=\"1.0\"?><?xml-stylesheet href=\"http://evil.example/x.css\" type=\"text/css\"?>{}", svg("<rect width=\"1\"/>")),
                &["xml-stylesheet", "evil", "<?"],
            ),
            (
                "comments",
                svg("<!-- <script>alert(1)</script> --><rect width=\"1\"/>"),
                &["<!--", "script"],
            ),
            (
                "iframe, embed, object, audio and video",
                svg(r#"<iframe src="http://evil.example"/><embed src="x"/><object data="x"/><audio src="x"/><video src="x"/><rect width="1"/>"#),
                &["iframe", "embed", "object", "audio", "video"],
            ),
            (
                "elements from another namespace",
                svg(r#"<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script><rect width="1"/>"#),
                &["script", "alert"],
            ),
            (
                "attributes from other namespaces",
                svg(r#"<rect xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click" width="1"/>"#),
                &["ev:", "click"],
            ),
        ];
        for (case, input, gone) in cases {
            let output = sanitized(input);
            for text in *gone {
                assert!(!output.contains(text), "{case}: {text:?} left in {output}");
            }
            assert!(
                output.contains("<rect"),
                "{case}: the drawing went: {output}"
            );
            assert!(
                output.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg""#),
                "{case}: {output}"
            );
            assert_stable(&output);
        }
    }

    #[test]
    fn documents_that_cannot_be_trusted_are_refused_with_the_reason() {
        let laughs = r#"<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&lol3;</text></svg>"#;
        let xxe = r#"<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>"#;
        let public_doctype = r#"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>"#;
        let deep = format!(
            "{OPEN}{}{}</svg>",
            "<g>".repeat(MAX_DEPTH),
            "</g>".repeat(MAX_DEPTH)
        );
        let many = svg(&"<rect/>".repeat(MAX_ELEMENTS));
        let cases: &[(&str, String, SvgRefusal)] = &[
            ("billion laughs", laughs.to_owned(), SvgRefusal::Declarations),
            ("xxe", xxe.to_owned(), SvgRefusal::Declarations),
            ("public doctype", public_doctype.to_owned(), SvgRefusal::Declarations),
            (
                "an entity never declared",
                svg("<text>&xxe;</text>"),
                SvgRefusal::Malformed,
            ),
            (
                "xhtml root",
                r#"<html xmlns="http://www.w3.org/1999/xhtml"><svg xmlns="http://www.w3.org/2000/svg"/></html>"#.to_owned(),
                SvgRefusal::NotSvg,
            ),
            ("svg without its namespace", "<svg><rect/></svg>".to_owned(), SvgRefusal::NotSvg),
            (
                "svg root in upper case",
                r#"<SVG xmlns="http://www.w3.org/2000/svg"/>"#.to_owned(),
                SvgRefusal::NotSvg,
            ),
            ("unclosed element", format!("{OPEN}<g><rect/></svg>"), SvgRefusal::Malformed),
            ("no end tag", format!("{OPEN}<rect/>"), SvgRefusal::Malformed),
            ("mismatched end tag", svg("<g></text>"), SvgRefusal::Malformed),
            ("unquoted attribute", svg("<rect width=1/>"), SvgRefusal::Malformed),
            ("duplicate attribute", svg(r#"<rect width="1" width="2"/>"#), SvgRefusal::Malformed),
            ("bare ampersand", svg("<text>a & b</text>"), SvgRefusal::Malformed),
            ("two roots", format!("{}{}", svg(""), svg("")), SvgRefusal::Malformed),
            ("text after the root", format!("{}junk", svg("")), SvgRefusal::Malformed),
            ("unbound prefix", svg("<x:rect/>"), SvgRefusal::Malformed),
            ("control character", svg("<text>\u{1}</text>"), SvgRefusal::Malformed),
            ("control character reference", svg("<text>&#1;</text>"), SvgRefusal::Malformed),
            ("empty file", String::new(), SvgRefusal::Malformed),
            ("too deep", deep, SvgRefusal::TooComplex),
            ("too many elements", many, SvgRefusal::TooComplex),
        ];
        for (case, input, refusal) in cases {
            assert_eq!(sanitize_svg(input.as_bytes()), Err(*refusal), "{case}");
        }
        assert_eq!(
            sanitize_svg(b"<svg xmlns=\"http://www.w3.org/2000/svg\">\xff</svg>"),
            Err(SvgRefusal::Malformed),
            "not UTF-8"
        );
    }

    #[test]
    fn limits_leave_room_for_documents_just_inside_them() {
        let deep = format!(
            "{OPEN}{}{}</svg>",
            "<g>".repeat(MAX_DEPTH - 1),
            "</g>".repeat(MAX_DEPTH - 1)
        );
        assert!(sanitize_svg(deep.as_bytes()).is_ok());
        let many = svg(&"<rect/>".repeat(MAX_ELEMENTS - 1));
        assert!(sanitize_svg(many.as_bytes()).is_ok());
    }

    #[test]
    fn a_plain_drawing_survives_with_shapes_gradients_and_text() {
        let input = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".to_owned()
            + r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 200 100" role="img" aria-label="Résumé">
  <title>Ravi Kumar &amp; Co</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#1F6F8B"/>
      <stop offset="1" style="stop-color: rgb(0, 0, 0); stop-opacity: 0.5"/>
    </linearGradient>
    <radialGradient id="sun" xlink:href="#sky" cx="0.5" cy="0.5" r="0.5"/>
    <clipPath id="clip"><rect width="100" height="50" rx="4"/></clipPath>
    <symbol id="dot"><circle cx="1" cy="1" r="1"/></symbol>
  </defs>
  <g transform="translate(10, 10) rotate(5)" clip-path="url(#clip)">
    <rect width="180" height="80" fill="url(#sky)" stroke="#333" stroke-width="2"/>
    <ellipse cx="50" cy="40" rx="20" ry="10" fill="url('#sun')"/>
    <path d="M0 0 L10 10 Z" fill="none" stroke="red"/>
    <polygon points="0,0 5,5 0,5"/>
    <use href="#dot" x="4" y="4"/>
  </g>
  <text x="10" y="90" font-family="Georgia, serif" font-size="12">Experience: <tspan font-weight="bold">4 years</tspan> &lt;CV&gt; &#233;</text>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
</svg>"##;
        let output = sanitized(&input);
        for kept in [
            "<title>Ravi Kumar &amp; Co</title>",
            r#"<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">"#,
            r##"<stop offset="0" stop-color="#1F6F8B"/>"##,
            r#"style="stop-color:rgb(0, 0, 0);stop-opacity:0.5""#,
            r##"<radialGradient id="sun" xlink:href="#sky""##,
            r#"<rect width="100" height="50" rx="4"/>"#,
            r#"<g transform="translate(10, 10) rotate(5)" clip-path="url(#clip)">"#,
            r##"fill="url(#sky)" stroke="#333""##,
            "fill=\"url(&apos;#sun&apos;)\"",
            r#"<path d="M0 0 L10 10 Z" fill="none" stroke="red"/>"#,
            r#"<polygon points="0,0 5,5 0,5"/>"#,
            r##"<use href="#dot" x="4" y="4"/>"##,
            r#"<symbol id="dot"><circle cx="1" cy="1" r="1"/></symbol>"#,
            "Experience: <tspan font-weight=\"bold\">4 years</tspan> &lt;CV&gt; é</text>",
            r#"<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>"#,
        ] {
            assert!(output.contains(kept), "{kept} missing from {output}");
        }
        assert!(output.starts_with(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 200 100" role="img" aria-label="Résumé">"#
        ));
        assert!(output.ends_with("</svg>"));
        assert_stable(&output);
    }

    #[test]
    fn values_are_inert_only_without_script_remote_urls_or_css_tricks() {
        for inert in [
            "red",
            "#fff",
            "url(#a)",
            "url( \"#a\" )",
            "rgb(1, 2, 3)",
            "matrix(1 0 0 1 0 0) scale(2)",
            "calc(1px + 2px)",
            "M0 0 L1 1",
        ] {
            assert!(is_inert_value(inert), "{inert}");
        }
        for live in [
            "url(http://evil.example/x)",
            "URL(//evil.example/x)",
            "url(x.svg#a)",
            "url (http://evil.example/x)",
            "image-set(\"http://evil.example/x\" 1x)",
            "javascript:alert(1)",
            "JaVaScRiPt :alert(1)",
            "vbscript:msgbox",
            "data:text/html,x",
            "expression(alert(1))",
            "u\\72l(http://evil.example)",
            "@import 'x'",
            "attr(href)",
        ] {
            assert!(!is_inert_value(live), "{live}");
        }
        assert!(is_local_fragment(" #a-b_c.d "));
        for not_local in ["", "#", "a#b", "http://x/#a", "#a b", "#a)"] {
            assert!(!is_local_fragment(not_local), "{not_local}");
        }
        assert!(is_embedded_image("DATA:image/JPEG;base64,/9j/4AAQ"));
        for not_image in [
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:image/png,rawbytes",
            "data:image/png;base64,<script>",
            "http://x/a.png",
        ] {
            assert!(!is_embedded_image(not_image), "{not_image}");
        }
    }
}
