//! The one HTML allowlist of blog content (ammonia), used when a post is written and again
//! when it is read. The browser's second pass (`ui/src/features/blog/html-allowlist.ts`) is
//! generated from these lists, so the two can never disagree.
//!
//! Allowed: headings, paragraphs, lists, blockquote, strong/em, code/pre, tables,
//! figure/figcaption, img (http(s) or media-relative src, alt) and a (http, https, mailto,
//! tel; rel="noopener noreferrer"). Everything else goes: active and embedding elements with
//! their content, any other element leaving its text.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use ammonia::{Builder, UrlRelative};

use super::html_text::plain_text;
use super::nesting::check_html;

/// Elements kept.
pub const TAGS: &[&str] = &[
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "code",
    "pre",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "figure",
    "figcaption",
    "img",
    "a",
];
/// The attributes an element may keep; every other attribute goes.
pub const TAG_ATTRIBUTES: &[(&str, &[&str])] = &[("a", &["href"]), ("img", &["src", "alt"])];
/// Dropped with everything inside them, not just their tags: what runs, embeds, or holds
/// no prose.
pub const DROPPED_WITH_CONTENT: &[&str] = &[
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "noscript",
    "noembed",
    "noframes",
    "template",
    "svg",
    "math",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "option",
    "link",
    "meta",
    "base",
    "title",
    "head",
    "audio",
    "video",
    "source",
    "track",
    "canvas",
    "xmp",
    "plaintext",
    "listing",
];
/// Schemes a link may use; an image's source is http(s) or a media path.
pub const URL_SCHEMES: &[&str] = &["http", "https", "mailto", "tel"];

static FOR_STORAGE: LazyLock<Builder<'static>> = LazyLock::new(|| builder(None));

/// Sanitizes content before it is stored. Media-relative image paths stay relative.
pub fn clean_for_storage(html: &str) -> String {
    FOR_STORAGE.clean(html).to_string()
}

/// Sanitizes stored content again as it is served, with media-relative image paths put
/// under the media base the site is configured with.
pub struct DisplaySanitizer {
    builder: Builder<'static>,
}

impl DisplaySanitizer {
    pub fn new(media_base: &str) -> DisplaySanitizer {
        DisplaySanitizer {
            builder: builder(Some(media_base.to_owned())),
        }
    }

    /// Bodies are checked for nesting before they are stored; one stored some other way that
    /// nests too deeply to parse in bounded time is served as its words alone.
    pub fn clean(&self, html: &str) -> String {
        match check_html(html) {
            Ok(()) => self.clean_checked(html),
            Err(_) => words_only(html),
        }
    }

    /// Sanitizes HTML whose nesting was checked just before (`post_file::body_html`).
    pub fn clean_checked(&self, html: &str) -> String {
        self.builder.clean(html).to_string()
    }
}

/// The text of `html` as one paragraph, with no markup.
fn words_only(html: &str) -> String {
    let text = plain_text(html)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!("<p>{text}</p>")
}

fn builder(media_base: Option<String>) -> Builder<'static> {
    let mut builder = Builder::default();
    builder
        .tags(TAGS.iter().copied().collect())
        .clean_content_tags(DROPPED_WITH_CONTENT.iter().copied().collect())
        .generic_attributes(HashSet::new())
        .tag_attributes(
            TAG_ATTRIBUTES
                .iter()
                .map(|(tag, attributes)| (*tag, attributes.iter().copied().collect()))
                .collect::<HashMap<_, HashSet<_>>>(),
        )
        .url_schemes(URL_SCHEMES.iter().copied().collect())
        .url_relative(UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true)
        .attribute_filter(move |element, attribute, value| {
            if element == "a" && attribute == "href" {
                return (!leaves_the_site(value)).then_some(Cow::Borrowed(value));
            }
            if element != "img" || attribute != "src" {
                return Some(Cow::Borrowed(value));
            }
            // ammonia has already refused other schemes; an image is absolute http(s) or a
            // path inside the media folder, never protocol-relative or site-absolute.
            if value.starts_with("http://") || value.starts_with("https://") {
                return Some(Cow::Borrowed(value));
            }
            if !is_media_path(value) {
                return None;
            }
            match &media_base {
                Some(base) => Some(Cow::Owned(format!("{base}{value}"))),
                None => Some(Cow::Borrowed(value)),
            }
        });
    builder
}

/// Whether a link with no scheme goes to another host as a browser reads it: a browser drops
/// tabs and line breaks anywhere in a URL, trims spaces and control characters around it, and
/// in an http(s) page takes a backslash for a slash, so `/\host`, `\\host` and `/\t/host` are
/// all `//host`, another site. `/%5Chost` and `/%2Fhost` are refused too: whatever decodes the
/// path on its way (a proxy, a router) makes them the same. A link that names its scheme
/// (`https://...`) is left to the scheme check.
pub fn leaves_the_site(href: &str) -> bool {
    let read: String = href
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let read = read.trim_matches(|c: char| c <= ' ');
    let mut slashes = 0;
    let mut rest = read;
    while slashes < 2 {
        let lower = rest.get(..3).map(str::to_ascii_lowercase);
        if rest.starts_with(['/', '\\']) {
            rest = &rest[1..];
        } else if matches!(lower.as_deref(), Some("%5c" | "%2f")) {
            rest = &rest[3..];
        } else {
            break;
        }
        slashes += 1;
    }
    slashes == 2
}

/// A relative path inside the media folder, such as `blogs/3f9a0c1d2e3f4a5b.svg`.
pub fn is_media_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= 200
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && !segment.starts_with('.')
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors from the OWASP XSS filter evasion cheat sheet: none may leave anything that
    /// runs script.
    const XSS_VECTORS: &[&str] = &[
        r#"<SCRIPT SRC=https://cdn.example/xss.js></SCRIPT>"#,
        r#"<IMG SRC="javascript:alert('XSS');">"#,
        r#"<IMG SRC=javascript:alert('XSS')>"#,
        r#"<IMG SRC=JaVaScRiPt:alert('XSS')>"#,
        r#"<IMG SRC=`javascript:alert("RSnake says, 'XSS'")`>"#,
        r#"<a onmouseover="alert(document.cookie)">xxs link</a>"#,
        r#"<IMG """><SCRIPT>alert("XSS")</SCRIPT>">"#,
        r#"<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>"#,
        r#"<IMG SRC=# onmouseover="alert('xxs')">"#,
        r#"<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>"#,
        r#"<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">"#,
        r#"<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>"#,
        r#"<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>"#,
        "<IMG SRC=\"jav\tascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
        r#"<IMG SRC=" &#14;  javascript:alert('XSS');">"#,
        r#"<SCRIPT/XSS SRC="https://cdn.example/xss.js"></SCRIPT>"#,
        r#"<BODY onload!#$%&()*~+-_.,:;?@[/|\]^`=alert("XSS")>"#,
        r#"<<SCRIPT>alert("XSS");//\<</SCRIPT>"#,
        r#"<IFRAME SRC="javascript:alert('XSS');"></IFRAME>"#,
        r#"<svg/onload=alert('XSS')>"#,
        r#"<BODY BACKGROUND="javascript:alert('XSS')">"#,
        r#"<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>"#,
        r#"<a href="vbscript:msgbox('XSS')">x</a>"#,
        r#"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">x</a>"#,
        r#"<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">"#,
        r#"<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">"#,
        r#"<TABLE BACKGROUND="javascript:alert('XSS')"><TD STYLE="background:url(javascript:alert(1))">x</TD></TABLE>"#,
        r#"<DIV STYLE="width: expression(alert('XSS'));">x</DIV>"#,
        r#"<OBJECT TYPE="text/x-scriptlet" DATA="https://cdn.example/scriptlet.html"></OBJECT>"#,
        r#"<EMBED SRC="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" AllowScriptAccess="always"></EMBED>"#,
        r#"<form action="javascript:alert(1)"><button>go</button></form>"#,
        r#"<a href="&#x6A;avascript:alert(1)">x</a>"#,
        r#"<a href="  javascript:alert(1)">x</a>"#,
        r#"<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->"#,
        r#"<BASE HREF="javascript:alert('XSS');//">"#,
        r#"<LINK REL="stylesheet" HREF="javascript:alert('XSS');">"#,
        r#"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>"#,
    ];

    /// The first dangerous thing inside a tag. Text is escaped by the serializer, so every
    /// `<` left in the output opens a tag, and words in text are harmless.
    fn looks_dangerous(html: &str) -> Option<&'static str> {
        let lower: String = html
            .to_ascii_lowercase()
            .split('<')
            .skip(1)
            .map(|rest| format!("<{}>", rest.split('>').next().unwrap_or_default()))
            .collect();
        [
            "<script",
            "javascript:",
            "vbscript:",
            "data:",
            "onerror",
            "onload",
            "onmouseover",
            "<iframe",
            "<style",
            "style=",
            "<object",
            "<embed",
            "<form",
            "<meta",
            "<base",
            "<link",
            "<svg",
            "<math",
            "background=",
        ]
        .into_iter()
        .find(|needle| lower.contains(needle))
    }

    #[test]
    fn owasp_filter_evasion_vectors_leave_nothing_that_runs() {
        for vector in XSS_VECTORS {
            for cleaned in [
                clean_for_storage(vector),
                DisplaySanitizer::new("/media/").clean(vector),
            ] {
                assert_eq!(looks_dangerous(&cleaned), None, "{vector}\n  -> {cleaned}");
            }
        }
    }

    #[test]
    fn good_markup_survives() {
        let cases = [
            "<h2>Results</h2>",
            "<p>Plain <strong>strong</strong> and <em>em</em>.</p>",
            "<ul><li>one</li><li>two</li></ul>",
            "<ol><li>first</li></ol>",
            "<blockquote><p>Quoted</p></blockquote>",
            "<pre><code>let x = 1;</code></pre>",
            "<table><thead><tr><th>Measure</th></tr></thead><tbody><tr><td>8 weeks</td></tr></tbody></table>",
            "<figure><img src=\"https://cdn.example.com/a.png\" alt=\"A\"><figcaption>Caption</figcaption></figure>",
            "<p><a href=\"https://example.com/\" rel=\"noopener noreferrer\">site</a></p>",
            "<p><a href=\"mailto:office@example.com\" rel=\"noopener noreferrer\">mail</a></p>",
            "<p><a href=\"tel:+918000000000\" rel=\"noopener noreferrer\">call</a></p>",
            "<p><img src=\"blogs/3f9a0c1d2e3f4a5b.svg\" alt=\"Plan\"></p>",
        ];
        for html in cases {
            assert_eq!(clean_for_storage(html), html);
        }
    }

    #[test]
    fn links_get_noopener_and_lose_other_attributes() {
        let cleaned = clean_for_storage(
            r#"<a href="https://x.example/" target="_blank" class="c" id="i">x</a>"#,
        );
        assert_eq!(
            cleaned,
            r#"<a href="https://x.example/" rel="noopener noreferrer">x</a>"#
        );
    }

    #[test]
    fn images_keep_only_http_or_media_paths() {
        let cases = [
            (r#"<img src="//evil.example/x.png">"#, "<img>"),
            (r#"<img src="/etc/passwd">"#, "<img>"),
            (r#"<img src="../secret.png">"#, "<img>"),
            (
                r#"<img src="blogs/a.svg" width="1" onerror="x">"#,
                r#"<img src="blogs/a.svg">"#,
            ),
        ];
        for (html, expected) in cases {
            assert_eq!(clean_for_storage(html), expected, "{html}");
        }
    }

    /// Links that a browser takes to another host, written as site paths: each loses its
    /// address, on the way in and on the way out. `url` (WHATWG parsing, as browsers do) says
    /// where each really goes.
    #[test]
    fn links_that_a_browser_takes_to_another_host_lose_their_address() {
        let site = url::Url::parse("https://www.example.com/blogs/").expect("base");
        let spellings = [
            "//evil.example/x",
            "/\\evil.example/x",
            "\\\\evil.example/x",
            "\\/evil.example",
            "/%5Cevil.example/x",
            "/%5cevil.example/x",
            "/%2Fevil.example/x",
            "%5C%5Cevil.example",
            "/\t\\evil.example",
            "/\n/evil.example",
            "\t/\r\n\\evil.example",
            " /\\evil.example",
            "\u{1}/\\evil.example",
            "/%5\tC evil.example",
        ];
        for href in spellings {
            let html = format!(r#"<a href="{}">x</a>"#, href.replace('"', "&quot;"));
            let resolved = site.join(href).ok();
            // Percent-escaped slashes are the site's own paths to a browser: refused for what
            // a decoder on the way makes of them.
            let bare: String = href.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            let is_percent = bare.to_ascii_lowercase().contains("%5c")
                || bare.to_ascii_lowercase().contains("%2f");
            assert!(
                is_percent || resolved.as_ref().and_then(|u| u.host_str()) != site.host_str(),
                "{href:?} was meant to leave the site: {resolved:?}"
            );
            for cleaned in [
                clean_for_storage(&html),
                DisplaySanitizer::new("/media/").clean(&html),
            ] {
                assert_eq!(cleaned, r#"<a rel="noopener noreferrer">x</a>"#, "{href:?}");
            }
        }
        // Paths on the site and addresses with a scheme stay.
        for href in [
            "/contact",
            "/blogs/detail/a-b",
            "/%20x",
            "/a//b",
            "/a\\b",
            "about",
            "#top",
            "?q=1",
            "https://evil.example/",
        ] {
            let html = format!(r#"<a href="{href}" rel="noopener noreferrer">x</a>"#);
            assert_eq!(clean_for_storage(&html), html, "{href:?}");
        }
    }

    #[test]
    fn a_stored_body_nested_too_deeply_is_shown_as_its_words() {
        let deep = format!("{}<b>Deep</b> & <i>words</i>", "<div>".repeat(5_000));
        assert_eq!(
            DisplaySanitizer::new("/media/").clean(&deep),
            "<p>Deep &amp; words</p>"
        );
        let shallow = format!("{}Words", "<blockquote>".repeat(10));
        assert_eq!(
            DisplaySanitizer::new("/media/").clean(&shallow),
            format!(
                "{}Words{}",
                "<blockquote>".repeat(10),
                "</blockquote>".repeat(10)
            )
        );
    }

    #[test]
    fn showing_once_is_storing_then_showing() {
        let display = DisplaySanitizer::new("/media/");
        let seed = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/db/seed/blogs/01-fintech-campus-whitefield.md"
        ))
        .expect("a demo story");
        let mut markdown = String::new();
        pulldown_cmark::html::push_html(&mut markdown, pulldown_cmark::Parser::new(&seed));
        let bodies = XSS_VECTORS.iter().map(|vector| vector.to_string()).chain([
            markdown,
            "<p><b>bold <i>both</b> italic</i></p><table><tr><td>a<td>b</table>".into(),
            "<ul><li>one<li>two</ul><p>a<p>b<img src=\"blogs/a.png\" alt='x > y'>".into(),
        ]);
        for html in bodies {
            assert_eq!(
                display.clean_checked(&html),
                display.clean(&clean_for_storage(&html)),
                "{html}"
            );
        }
    }

    #[test]
    fn display_puts_media_paths_under_the_media_base() {
        let html = r#"<img src="blogs/a.svg" alt="a"><img src="https://cdn.example/b.png">"#;
        assert_eq!(
            DisplaySanitizer::new("https://bucket.example/site/").clean(html),
            r#"<img src="https://bucket.example/site/blogs/a.svg" alt="a"><img src="https://cdn.example/b.png">"#
        );
        assert_eq!(
            DisplaySanitizer::new("/media/").clean(r#"<img src="blogs/a.svg">"#),
            r#"<img src="/media/blogs/a.svg">"#
        );
    }
}
