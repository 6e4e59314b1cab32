//! A finished page: index.html (with the runtime settings already written in), the head's
//! tags and the markup the render made, the page's own styles and chunks, and the data the
//! page was rendered with, for the browser to hydrate from.

use std::collections::{BTreeSet, HashMap};

use serde::Deserialize;

/// index.html cut where a rendered page adds its parts.
pub struct Document {
    /// From `<!doctype html>` to just before `</head>`, without the shell's title and
    /// description (the render writes its own).
    head_start: String,
    /// From `</head>` to just inside `<div id="root">`.
    body_start: String,
    /// From the root's `</div>` to the end, without the shell's `<noscript>` note.
    body_end: String,
    /// Per page module (`home-page`): `<link>`s to its stylesheets and chunks.
    page_links: HashMap<String, String>,
}

/// The id of the element that carries a page's data (ui/src/lib/page-data.ts reads it).
const DATA_ELEMENT_ID: &str = "corpsite-data";

/// A rendered page's scripts and module preloads, fetched after what it shows.
const SCRIPT_LOW: &str = "<script type=\"module\" fetchpriority=\"low\"";
const PRELOAD_LOW: &str = "<link rel=\"modulepreload\" fetchpriority=\"low\"";

impl Document {
    /// `shell` is index.html as the server answers it; `manifest` is Vite's build manifest.
    /// None when the shell lacks the root element (then every page is the plain shell).
    pub fn new(shell: &str, manifest: &str) -> Option<Document> {
        let mut html = shell.to_owned();
        for (open, close) in [
            ("<title>", "</title>"),
            ("<meta name=\"description\"", ">"),
            ("<noscript>", "</noscript>"),
        ] {
            if let Some(start) = html.find(open) {
                if let Some(len) = html[start..].find(close) {
                    let end = start + len + close.len();
                    // The line it stood on goes too.
                    let line_start = html[..start].trim_end_matches([' ', '\t']).len();
                    let line_end = if html[end..].starts_with('\n') {
                        end + 1
                    } else {
                        end
                    };
                    html.replace_range(line_start..line_end, "");
                }
            }
        }
        // The page reads and shows without its scripts: they only make it interactive. On a
        // slow link they come after the styles and the largest image, not beside them (for
        // Lighthouse's mobile run that is the first paint 1.57 -> 1.05 s on `/`). The plain
        // shell, which shows nothing until its scripts run, keeps them at their priority.
        let html = html
            .replace("<script type=\"module\"", SCRIPT_LOW)
            .replace("<link rel=\"modulepreload\"", PRELOAD_LOW);
        let head_end = html.find("</head>")?;
        let root = "<div id=\"root\">";
        let root_at = html.find(root)?;
        let root_end = root_at + root.len() + html[root_at + root.len()..].find("</div>")?;
        Some(Document {
            head_start: html[..head_end].to_owned(),
            body_start: html[head_end..root_at + root.len()].to_owned(),
            body_end: html[root_end..].to_owned(),
            page_links: page_links(manifest),
        })
    }

    /// The whole page. `data` is the JSON the page was rendered with; `page` is the route
    /// table's page module, whose styles and chunk are linked so the page shows styled
    /// without JavaScript and hydrates without waiting for another round trip.
    pub fn page(&self, head: &str, page: Option<&str>, root_html: &str, data: &str) -> String {
        let links = page
            .and_then(|page| self.page_links.get(page))
            .map_or("", String::as_str);
        let data = script_json(data);
        let mut out = String::with_capacity(
            self.head_start.len()
                + head.len()
                + links.len()
                + self.body_start.len()
                + root_html.len()
                + data.len()
                + self.body_end.len()
                + 128,
        );
        out.push_str(&self.head_start);
        out.push_str("  ");
        out.push_str(head);
        out.push_str(links);
        out.push('\n');
        out.push_str("  ");
        out.push_str(&self.body_start);
        out.push_str(root_html);
        out.push_str("</div>\n    <script type=\"application/json\" id=\"");
        out.push_str(DATA_ELEMENT_ID);
        out.push_str("\">");
        out.push_str(&data);
        out.push_str("</script>");
        out.push_str(&self.body_end["</div>".len()..]);
        out
    }
}

/// JSON that cannot end its script element early: `<`, `>` and `&` only ever appear inside
/// JSON strings, where their `\u` escapes mean the same.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[derive(Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

/// For each page module of the manifest (`src/pages/home-page.tsx`), the stylesheets and
/// chunks it needs beyond the entry's (which index.html already loads).
fn page_links(manifest: &str) -> HashMap<String, String> {
    let Ok(chunks) = serde_json::from_str::<HashMap<String, Chunk>>(manifest) else {
        tracing::error!("ui/dist/.vite/manifest.json is not Vite's manifest");
        return HashMap::new();
    };
    let mut links = HashMap::new();
    for (key, chunk) in &chunks {
        let Some(name) = key
            .strip_prefix("src/pages/")
            .and_then(|file| file.strip_suffix(".tsx"))
        else {
            continue;
        };
        let mut styles = BTreeSet::new();
        let mut scripts = vec![chunk.file.clone()];
        let mut seen = BTreeSet::new();
        let mut pending = vec![key.as_str()];
        while let Some(current) = pending.pop() {
            let Some(chunk) = chunks.get(current) else {
                continue;
            };
            if chunk.is_entry || !seen.insert(current) {
                continue;
            }
            styles.extend(chunk.css.iter().cloned());
            if current != key {
                scripts.push(chunk.file.clone());
            }
            pending.extend(chunk.imports.iter().map(String::as_str));
        }
        let mut html = String::new();
        for style in styles {
            html.push_str(&format!(
                "<link rel=\"stylesheet\" crossorigin href=\"/{style}\">"
            ));
        }
        for script in scripts {
            html.push_str(&format!("{PRELOAD_LOW} crossorigin href=\"/{script}\">"));
        }
        links.insert(name.to_owned(), html);
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <meta name=\"description\" content=\"Shell\" />\n    <title>Shell</title>\n    <script type=\"module\" src=\"/assets/index-1.js\"></script>\n  </head>\n  <body>\n    <div id=\"root\"></div>\n    <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n";

    const MANIFEST: &str = r#"{
      "index.html": {"file": "assets/index-1.js", "isEntry": true, "css": ["assets/index-1.css"]},
      "src/pages/home-page.tsx": {"file": "assets/home-page-2.js", "imports": ["index.html", "_shared-3.js"], "css": ["assets/home-2.css"]},
      "_shared-3.js": {"file": "assets/shared-3.js", "imports": ["index.html"], "css": ["assets/shared-3.css"]}
    }"#;

    #[test]
    fn a_page_replaces_the_shells_title_and_fills_the_root() {
        let document = Document::new(SHELL, MANIFEST).expect("document");
        let page = document.page(
            "<title>Home</title>",
            Some("home-page"),
            "<h1>Hi</h1>",
            r#"{"a":"</script><b>"}"#,
        );
        assert!(!page.contains("<title>Shell</title>"), "{page}");
        assert!(!page.contains("content=\"Shell\""), "{page}");
        assert!(!page.contains("noscript"), "{page}");
        assert!(page.contains("<title>Home</title>"), "{page}");
        assert!(
            page.contains("<div id=\"root\"><h1>Hi</h1></div>"),
            "{page}"
        );
        assert!(
            page.contains(r#"{"a":"\u003c/script\u003e\u003cb\u003e"}"#),
            "{page}"
        );
        assert_eq!(page.matches("</script>").count(), 2, "{page}");
        let head = &page[..page.find("</head>").expect("head")];
        for link in [
            "href=\"/assets/home-2.css\"",
            "href=\"/assets/shared-3.css\"",
            "href=\"/assets/home-page-2.js\"",
            "href=\"/assets/shared-3.js\"",
        ] {
            assert!(head.contains(link), "{link} in {head}");
        }
        assert!(
            !head.contains("index-1.css"),
            "the entry's own styles are index.html's"
        );
    }

    #[test]
    fn a_rendered_pages_scripts_come_after_what_it_shows() {
        let document = Document::new(SHELL, MANIFEST).expect("document");
        let page = document.page("", Some("home-page"), "<h1>Hi</h1>", "{}");
        assert!(
            page.contains(
                "<script type=\"module\" fetchpriority=\"low\" src=\"/assets/index-1.js\">"
            ),
            "{page}"
        );
        assert_eq!(page.matches("rel=\"modulepreload\"").count(), 2, "{page}");
        assert_eq!(
            page.matches("rel=\"modulepreload\" fetchpriority=\"low\"")
                .count(),
            2,
            "{page}"
        );
        assert!(!page.contains("stylesheet\" fetchpriority"), "{page}");
    }
}
