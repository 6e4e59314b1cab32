//! A finished page: index.html (with the runtime settings already written in), the head's
//! tags and the markup the render made, the page's styles inline and the loader of its
//! scripts, and the data the page was rendered with, for the browser to hydrate from.
//!
//! What makes the first paint early (Lighthouse's mobile Largest Contentful Paint): the
//! page's CSS (the entry's index.css, then its chunks' stylesheets) is inline in `<style>`
//! blocks, one a file, so nothing but the document blocks the render; each block holds only
//! the rules the page's markup can use (`used_css`; the islands' loader puts the whole files
//! in place once the page has painted), and the page's content-security-policy names each of
//! its blocks by its hash, and no other (`Page::style_sources`). The page's banner art (the one
//! picture the render marks `fetchpriority="high"`, when it is a small SVG of the build) is
//! in the page too, as a `data:` address: the first paint is the whole first screen, with no
//! request for it. No script is requested before the first paint: the head carries only the small
//! loader (`ui/src/app/boot.ts`), its code inline and allowed by its hash
//! (`Page::script_sources`), which adds the islands' entry (`ui/src/app/islands.ts`) and
//! the modules of the page's islands after the page has loaded and painted: each
//! `data-island="NAME"` in the render's markup is `ui/src/islands/NAME.tsx`. Nothing of the
//! page's own module, nor of the app's entry, is sent: the server alone runs them. The data
//! the page embeds is only what its islands read (`island_data`): every byte of the document
//! counts while it still fits the first round trip of a new connection (about 14 KB).
//! Staff pages are not rendered here: they get index.html as it is.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use serde::Deserialize;

use super::used_css;

/// index.html cut where a rendered page adds its parts.
pub struct Document {
    /// From `<!doctype html>` to just before `</head>`, without the shell's title and
    /// description (the render writes its own), nor its entry script and stylesheets (a
    /// rendered page has them inline and from its loader).
    head_start: String,
    /// From `</head>` to just inside `<div id="root">`.
    body_start: String,
    /// From the root's `</div>` to the end, without the shell's `<noscript>` note.
    body_end: String,
    /// Per page module (`home-page`): its stylesheets, in the order they were linked.
    page_styles: HashMap<String, Vec<String>>,
    /// The same for a page of no module (the 404 page): the entry's.
    plain_styles: Vec<String>,
    /// Per stylesheet (`assets/forms-1.css`), its text, or none (then it is linked).
    css: HashMap<String, Option<Arc<str>>>,
    /// The loader; None without the loader or the islands' entry in the build (then a page
    /// has no script: it works as the server's HTML alone).
    islands_loader: Option<Loader>,
    /// Per island name, its module's chunks (its own, then what it imports).
    islands: HashMap<String, Vec<String>>,
    /// The chunks the islands' entry imports (the loader names them already).
    islands_entry_chunks: Vec<String>,
    /// Per small SVG of the build (`/assets/art-1.svg`), its `data:` address.
    art: HashMap<String, Arc<str>>,
}

/// The loader's `<script>`, cut where a page's islands fill its `data-preload`.
struct Loader {
    /// Up to the value of `data-preload`, the islands' entry's own chunks first.
    open: String,
    /// From the end of that value to `</script>`: the loader's code, when it is inline.
    close: String,
    /// The `'sha256-…'` of that code, for the policy; empty when the loader is its file.
    source: String,
}

/// A page put together: its HTML, and what its policy must allow of it.
pub struct Page {
    pub html: String,
    /// The `'sha256-…'` of each of its `<style>` blocks, space-separated, in a stable order.
    pub style_sources: String,
    /// The `'sha256-…'` of its inline loader, or empty.
    pub script_sources: String,
}

/// The id of the element that carries a page's data (ui/src/lib/page-data.ts reads it).
const DATA_ELEMENT_ID: &str = "corpsite-data";

/// The files of Vite's build a rendered page needs, from its manifest.
pub struct Build {
    /// The app's entry module (index.html's script), its stylesheets, and the loader.
    entry_script: Option<String>,
    entry_styles: Vec<String>,
    boot: Option<String>,
    /// Per page module, its chunks' stylesheets beyond the entry's (in file name order, as they
    /// were linked).
    pages: HashMap<String, PageFiles>,
    /// The islands' entry and the chunks it imports.
    islands_entry: Option<Vec<String>>,
    /// Per island (`site-header`, from `src/islands/site-header.tsx`), its scripts.
    islands: HashMap<String, Vec<String>>,
    /// The SVG files the modules import (`assets/art-1.svg`).
    pictures: BTreeSet<String>,
}

struct PageFiles {
    styles: Vec<String>,
}

/// The loader's source, the second entry of the build (ui/vite.config.ts).
const BOOT_SOURCE: &str = "src/app/boot.ts";
/// The islands' entry, the third.
const ISLANDS_SOURCE: &str = "src/app/islands.ts";

/// `key`'s chunk and every chunk it imports, transitively, but no entry's: their files in
/// that order, and their stylesheets.
fn chunk_closure(chunks: &HashMap<String, Chunk>, key: &str) -> (Vec<String>, BTreeSet<String>) {
    let mut styles = BTreeSet::new();
    let mut scripts = Vec::new();
    let mut seen = BTreeSet::new();
    let mut pending = vec![key];
    while let Some(current) = pending.pop() {
        let Some(chunk) = chunks.get(current) else {
            continue;
        };
        if (chunk.is_entry && current != key) || !seen.insert(current) {
            continue;
        }
        styles.extend(chunk.css.iter().cloned());
        scripts.push(chunk.file.clone());
        pending.extend(chunk.imports.iter().map(String::as_str));
    }
    (scripts, styles)
}

impl Build {
    pub fn parse(manifest: &str) -> Build {
        let mut build = Build {
            entry_script: None,
            entry_styles: Vec::new(),
            boot: None,
            pages: HashMap::new(),
            islands_entry: None,
            islands: HashMap::new(),
            pictures: BTreeSet::new(),
        };
        let Ok(chunks) = serde_json::from_str::<HashMap<String, Chunk>>(manifest) else {
            tracing::error!("ui/dist/.vite/manifest.json is not Vite's manifest");
            return build;
        };
        if let Some(entry) = chunks.get("index.html") {
            build.entry_script = Some(entry.file.clone());
            build.entry_styles.clone_from(&entry.css);
        }
        build.boot = chunks.get(BOOT_SOURCE).map(|boot| boot.file.clone());
        if let Some(entry) = chunks.get(ISLANDS_SOURCE) {
            build.islands_entry = Some(chunk_closure(&chunks, ISLANDS_SOURCE).0);
            // Each island module the entry imports: its own chunk (`src/islands/NAME.tsx`),
            // or the shared chunk the app's entry also imports it in, named after it.
            for key in &entry.dynamic_imports {
                if let Some(chunk) = chunks.get(key) {
                    let name = key
                        .strip_prefix("src/islands/")
                        .and_then(|file| file.strip_suffix(".tsx"))
                        .or(chunk.name.as_deref());
                    if let Some(name) = name {
                        build
                            .islands
                            .insert(name.to_owned(), chunk_closure(&chunks, key).0);
                    }
                }
            }
        }
        for chunk in chunks.values() {
            let svgs = chunk.assets.iter().filter(|file| file.ends_with(".svg"));
            build.pictures.extend(svgs.cloned());
        }
        for key in chunks.keys() {
            if let Some(name) = key
                .strip_prefix("src/pages/")
                .and_then(|file| file.strip_suffix(".tsx"))
            {
                let styles = chunk_closure(&chunks, key).1.into_iter().collect();
                build.pages.insert(name.to_owned(), PageFiles { styles });
            }
        }
        build
    }
}

/// The files of the build a rendered page carries inline, read once: its stylesheets and
/// the small SVGs its banner art may be.
pub struct InlineFiles {
    /// Per file (`assets/forms-1.css`), its text; none when it could not be read or would end
    /// its `<style>` early (then the page links it, as a file).
    css: HashMap<String, Option<Arc<str>>>,
    /// Per SVG of at most `INLINE_ART_MAX_BYTES` (`/assets/art-1.svg`), its `data:` address.
    art: HashMap<String, Arc<str>>,
    /// The site's icon (`ICON`) as a `data:` address: a rendered page names it so, and the
    /// browser asks for no icon while the page loads.
    icon: Option<String>,
    /// The loader's code (`Build::boot`), which a page carries in its `<script>`; none when it
    /// could not be read or would end its element early (then the page names its file).
    boot: Option<Arc<str>>,
}

/// The site's icon, as index.html links it.
const ICON: &str = "/favicon.svg";

/// The largest SVG a page carries in itself rather than asks for: the banners are 2.5 to
/// 5.5 KB (about 1 KB of brotli each), a photo never is one.
const INLINE_ART_MAX_BYTES: usize = 6 * 1024;

impl InlineFiles {
    /// `read` gives a file of the build by its path (`assets/index-1.css`).
    pub fn new(build: &Build, read: impl Fn(&str) -> Option<String>) -> InlineFiles {
        let files = build
            .entry_styles
            .iter()
            .chain(build.pages.values().flat_map(|page| &page.styles));
        let mut css = HashMap::new();
        for file in files {
            if css.contains_key(file) {
                continue;
            }
            let text = read(file).filter(|text| !text.to_ascii_lowercase().contains("</style"));
            if text.is_none() {
                tracing::error!(
                    file,
                    "a stylesheet of the build cannot be inlined: it is linked"
                );
            }
            css.insert(file.clone(), text.map(Arc::from));
        }
        let art = build
            .pictures
            .iter()
            .filter_map(|file| {
                let svg = read(file).filter(|svg| svg.len() <= INLINE_ART_MAX_BYTES)?;
                Some((format!("/{file}"), Arc::from(svg_data_address(&svg))))
            })
            .collect();
        let icon = read(&ICON[1..])
            .filter(|svg| svg.len() <= INLINE_ART_MAX_BYTES)
            .map(|svg| svg_data_address(&svg));
        let boot = build.boot.as_deref().and_then(|file| {
            let code = read(file).filter(|code| fits_a_script_element(code));
            if code.is_none() {
                tracing::error!(file, "the loader cannot be inlined: a page names its file");
            }
            code.map(Arc::from)
        });
        InlineFiles {
            css,
            art,
            icon,
            boot,
        }
    }
}

impl Document {
    /// `shell` is index.html as the server answers it; `build` and `styles` the files of the
    /// build it names. None when the shell lacks the root element (then every page is the
    /// plain shell).
    pub fn new(shell: &str, build: &Build, styles: &InlineFiles) -> Option<Document> {
        let mut html = shell.to_owned();
        for (open, close) in [
            ("<title>", "</title>"),
            ("<meta name=\"description\"", ">"),
            ("<noscript>", "</noscript>"),
        ] {
            if let Some(start) = html.find(open) {
                if let Some(len) = html[start..].find(close) {
                    remove_line(&mut html, start, start + len + close.len());
                }
            }
        }
        // The entry's stylesheets are inline, and a rendered page runs islands, not the app:
        // neither its script nor the preloads Vite adds for its imports.
        let tags: Vec<String> = build
            .entry_styles
            .iter()
            .map(|file| format!("href=\"/{file}\""))
            .chain(
                build
                    .entry_script
                    .iter()
                    .map(|file| format!("src=\"/{file}\"")),
            )
            .collect();
        while let Some(start) = html.find("<link rel=\"modulepreload\"") {
            let Some(len) = html[start..].find('>') else {
                break;
            };
            remove_line(&mut html, start, start + len + 1);
        }
        for attribute in tags {
            if let Some(at) = html.find(&attribute) {
                let start = html[..at].rfind('<').unwrap_or(at);
                let close = if html[start..].starts_with("<script") {
                    "</script>"
                } else {
                    ">"
                };
                if let Some(len) = html[at..].find(close) {
                    remove_line(&mut html, start, at + len + close.len());
                }
            }
        }
        if let Some(icon) = &styles.icon {
            let link = format!("<link rel=\"icon\" href=\"{ICON}\"");
            html = html.replace(&link, &format!("<link rel=\"icon\" href=\"{icon}\""));
        }
        let head_end = html.find("</head>")?;
        let root = "<div id=\"root\">";
        let root_at = html.find(root)?;
        let root_end = root_at + root.len() + html[root_at + root.len()..].find("</div>")?;
        let islands_loader = match (&build.boot, &build.islands_entry) {
            (Some(boot), Some(entry)) => entry.split_first().map(|(entry, chunks)| {
                // Inline, the loader costs a page no request (on HTTP/1.1 it would open a
                // second connection while the first screen's picture has the first); the
                // policy allows this code alone, by its hash.
                let (src, close, source) = match &styles.boot {
                    Some(code) => (
                        String::new(),
                        format!("\">{code}</script>"),
                        hash_source(code),
                    ),
                    None => (
                        format!(" src=\"/{boot}\""),
                        "\"></script>".to_owned(),
                        String::new(),
                    ),
                };
                let mut open =
                    format!("<script type=\"module\"{src} data-entry=\"/{entry}\" data-preload=\"");
                for file in chunks {
                    open.push_str(&format!("/{file} "));
                }
                Loader {
                    open,
                    close,
                    source,
                }
            }),
            _ => None,
        };
        let files = |page: Option<&PageFiles>| -> Vec<String> {
            let page_styles = page.map_or(&[][..], |page| &page.styles[..]);
            build
                .entry_styles
                .iter()
                .chain(page_styles)
                .cloned()
                .collect()
        };
        Some(Document {
            head_start: html[..head_end].to_owned(),
            body_start: html[head_end..root_at + root.len()].to_owned(),
            body_end: html[root_end..].to_owned(),
            page_styles: build
                .pages
                .iter()
                .map(|(name, page)| (name.clone(), files(Some(page))))
                .collect(),
            plain_styles: files(None),
            css: styles.css.clone(),
            islands_loader,
            islands: build.islands.clone(),
            islands_entry_chunks: build
                .islands_entry
                .iter()
                .flatten()
                .skip(1)
                .cloned()
                .collect(),
            art: styles.art.clone(),
        })
    }

    /// The `<style>` blocks (or links) of `page`'s stylesheets, in their order, each with
    /// only the rules an element of `classes` can use, and the policy's sources for them.
    fn styles(&self, page: Option<&str>, classes: &HashSet<&str>) -> (String, String) {
        let files = page
            .and_then(|page| self.page_styles.get(page))
            .unwrap_or(&self.plain_styles);
        let mut tags = String::new();
        let mut sources = BTreeSet::new();
        for file in files {
            match self.css.get(file).and_then(Option::as_deref) {
                // `data-href` names the file the rules came from (the loader puts it in place).
                Some(css) => {
                    let used = used_css::used_rules(css, classes);
                    sources.insert(hash_source(&used));
                    tags.push_str(&format!("<style data-href=\"/{file}\">{used}</style>"));
                }
                None => tags.push_str(&format!(
                    "<link rel=\"stylesheet\" crossorigin href=\"/{file}\">"
                )),
            }
        }
        (tags, sources.into_iter().collect::<Vec<_>>().join(" "))
    }

    /// The whole page. `data` is the JSON the page was rendered with (the page embeds what
    /// its islands read of it); `page` is the route table's page module, whose styles are
    /// inline so the page shows styled without JavaScript; the loader adds the islands' entry
    /// and the modules of the islands in `root_html`.
    pub fn page(&self, head: &str, page: Option<&str>, root_html: &str, data: &str) -> Page {
        let (root_html, inlined) = inline_art(root_html, &self.art);
        let root_html = root_html.as_str();
        let head = match &inlined {
            Some(src) => without_preload(head, src),
            None => head.to_owned(),
        };
        let head = head.as_str();
        let data = island_data(data, root_html);
        let mut classes = used_css::class_names(root_html);
        classes.extend(used_css::class_names(head));
        classes.extend(used_css::class_names(&self.head_start));
        classes.extend(used_css::class_names(&self.body_start));
        classes.extend(used_css::class_names(&self.body_end));
        let (mut links, style_sources) = self.styles(page, &classes);
        let mut script_sources = String::new();
        if let Some(loader) = &self.islands_loader {
            links.push_str(&loader.open);
            links.push_str(&self.islands_preload(root_html));
            links.push_str(&loader.close);
            script_sources.clone_from(&loader.source);
        }
        let data = script_json(&data);
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
        out.push_str(&links);
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
        Page {
            html: out,
            style_sources,
            script_sources,
        }
    }
}

impl Document {
    /// The chunks of the islands in `root_html` (each `data-island="NAME"`), once each, in
    /// the order they first appear, space-separated: what the islands' entry will import.
    fn islands_preload(&self, root_html: &str) -> String {
        const MARK: &str = "data-island=\"";
        let mut files: Vec<&str> = Vec::new();
        let mut rest = root_html;
        while let Some(at) = rest.find(MARK) {
            rest = &rest[at + MARK.len()..];
            let name = &rest[..rest.find('"').unwrap_or(0)];
            for file in self.islands.get(name).into_iter().flatten() {
                if !files.contains(&file.as_str()) && !self.islands_entry_chunks.contains(file) {
                    files.push(file);
                }
            }
        }
        files
            .iter()
            .map(|file| format!("/{file}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A content-security-policy source (`'sha256-…'`) allowing exactly `text` as an inline
/// `<style>` or `<script>`: the one way every policy of the site names inline code.
pub fn hash_source(text: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Whether `code` can stand inside a `<script>` as it is: nothing in it ends the element or
/// changes how the parser reads it.
fn fits_a_script_element(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    !lower.contains("</script") && !lower.contains("<!--") && !lower.contains("<script")
}

/// Removes `start..end` of `html` with the line it stood on (its indent and line break).
fn remove_line(html: &mut String, start: usize, end: usize) {
    let line_start = html[..start].trim_end_matches([' ', '\t']).len();
    let line_end = if html[end..].starts_with('\n') {
        end + 1
    } else {
        end
    };
    html.replace_range(line_start..line_end, "");
}

/// What each island reads of the page's data, beside what every island may read (`pages`:
/// the office's words, `preview`: the page editor's marks, `ui/src/lib/page-fields.ts`).
/// The server's render had all of it; the browser's islands get their props in the markup.
const ISLAND_DATA: &[(&str, &str)] = &[("blog-list", "lists")];
const EVERY_ISLANDS_DATA: &[&str] = &["pages", "preview"];

/// `data` down to what the islands in `root_html` read: the blog list's first page on
/// `/blogs`, nothing on most pages.
fn island_data(data: &str, root_html: &str) -> String {
    let Ok(serde_json::Value::Object(mut all)) = serde_json::from_str(data) else {
        return "{}".to_owned();
    };
    let read = ISLAND_DATA
        .iter()
        .filter(|(island, _)| root_html.contains(&format!("data-island=\"{island}\"")))
        .map(|(_, key)| *key)
        .chain(EVERY_ISLANDS_DATA.iter().copied());
    let kept: serde_json::Map<String, serde_json::Value> = read
        .filter_map(|key| Some((key.to_owned(), all.remove(key)?)))
        .collect();
    serde_json::Value::Object(kept).to_string()
}

/// `root_html` with the `src` of its first `<img … fetchpriority="high">` (the picture the
/// first screen waits for) made its `data:` address when `art` has one, and that `src`.
fn inline_art(root_html: &str, art: &HashMap<String, Arc<str>>) -> (String, Option<String>) {
    let mut from = 0;
    while let Some(at) = root_html[from..].find("<img ") {
        let start = from + at;
        let end = start + tag_length(&root_html[start..]);
        let tag = &root_html[start..end];
        from = end;
        if !tag.contains(" fetchpriority=\"high\"") {
            continue;
        }
        let Some(src_at) = tag.find(" src=\"") else {
            return (root_html.to_owned(), None);
        };
        let value_start = start + src_at + " src=\"".len();
        let value_end = value_start + root_html[value_start..end].find('"').unwrap_or(0);
        let src = &root_html[value_start..value_end];
        let Some(address) = art.get(src) else {
            return (root_html.to_owned(), None);
        };
        let mut html = String::with_capacity(root_html.len() + address.len());
        html.push_str(&root_html[..value_start]);
        html.push_str(address);
        html.push_str(&root_html[value_end..]);
        return (html, Some(src.to_owned()));
    }
    (root_html.to_owned(), None)
}

/// The length of the tag `html` starts with, to its `>` outside a quoted value.
fn tag_length(html: &str) -> usize {
    let mut quoted = false;
    for (index, byte) in html.bytes().enumerate() {
        match byte {
            b'"' => quoted = !quoted,
            b'>' if !quoted => return index + 1,
            _ => {}
        }
    }
    html.len()
}

/// `head` without a `<link rel="preload" … href="SRC">` of a picture the page now carries.
fn without_preload(head: &str, src: &str) -> String {
    let mut out = head.to_owned();
    let href = format!(" href=\"{src}\"");
    let mut from = 0;
    while let Some(at) = out[from..].find("<link rel=\"preload\"") {
        let start = from + at;
        let end = start + tag_length(&out[start..]);
        if out[start..end].contains(&href) {
            out.replace_range(start..end, "");
            from = start;
        } else {
            from = end;
        }
    }
    out
}

/// An SVG as a `data:` address, fit for a double-quoted attribute: only what a URL or the
/// attribute would read otherwise is escaped, so it stays as small (and as well compressed)
/// as the file; runs of white space are one space.
fn svg_data_address(svg: &str) -> String {
    let mut address = String::with_capacity(svg.len() + 64);
    address.push_str("data:image/svg+xml,");
    let mut space = false;
    for c in svg.trim().chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space {
            address.push(' ');
            space = false;
        }
        match c {
            '%' => address.push_str("%25"),
            '#' => address.push_str("%23"),
            '"' => address.push_str("%22"),
            '<' => address.push_str("%3C"),
            '>' => address.push_str("%3E"),
            '&' => address.push_str("%26"),
            c => address.push(c),
        }
    }
    address
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
    /// What Vite named it (a shared chunk: after its first module's file).
    #[serde(default)]
    name: Option<String>,
    #[serde(default, rename = "dynamicImports")]
    dynamic_imports: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
    /// The files it imports that are neither script nor style (pictures).
    #[serde(default)]
    assets: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <meta name=\"description\" content=\"Shell\" />\n    <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\" />\n    <title>Shell</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>\n    <link rel=\"modulepreload\" crossorigin href=\"/assets/shared-3.js\">\n    <link rel=\"stylesheet\" crossorigin href=\"/assets/index-1.css\">\n  </head>\n  <body>\n    <div id=\"root\"></div>\n    <noscript>Needs JavaScript.</noscript>\n  </body>\n</html>\n";

    const MANIFEST: &str = r#"{
      "index.html": {"file": "assets/index-1.js", "isEntry": true, "css": ["assets/index-1.css"]},
      "src/app/boot.ts": {"file": "assets/boot-1.js", "isEntry": true},
      "src/pages/home-page.tsx": {"file": "assets/home-page-2.js", "imports": ["index.html", "_shared-3.js"], "css": ["assets/home-2.css"]},
      "src/pages/about-page.tsx": {"file": "assets/about-page-4.js", "imports": ["index.html"], "css": ["assets/about-4.css"], "assets": ["assets/art-4.svg", "assets/photo-4.svg", "assets/hero-4.webp"]},
      "_shared-3.js": {"file": "assets/shared-3.js", "imports": ["index.html"], "css": ["assets/shared-3.css"]},
      "src/app/islands.ts": {"file": "assets/islands-5.js", "isEntry": true, "imports": ["_preact-6.js"], "dynamicImports": ["_site-header-7.js", "src/islands/contact-form.tsx"]},
      "_preact-6.js": {"file": "assets/preact-6.js"},
      "_site-header-7.js": {"file": "assets/site-header-7.js", "name": "site-header", "imports": ["_preact-6.js", "_links-8.js"]},
      "src/islands/contact-form.tsx": {"file": "assets/contact-form-9.js", "imports": ["_preact-6.js", "_links-8.js"]},
      "_links-8.js": {"file": "assets/links-8.js", "imports": ["_preact-6.js"]}
    }"#;

    fn css(file: &str) -> Option<String> {
        match file {
            "assets/index-1.css" => Some("body{margin:0}".into()),
            "assets/home-2.css" => Some(".home{color:red}".into()),
            "assets/shared-3.css" => Some(".shared{content:\"a\"}".into()),
            "assets/about-4.css" => Some(".about{content:\"</STYLE>\"}".into()),
            "assets/art-4.svg" => Some(
                "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <path fill=\"#0f3b57\" d=\"M0 0h9\"/>\n  <text>5% & more</text>\n</svg>\n".into(),
            ),
            "assets/photo-4.svg" => Some(format!("<svg>{}</svg>", "<g/>".repeat(2000))),
            "favicon.svg" => Some("<svg><circle r=\"1\"/></svg>".into()),
            "assets/boot-1.js" => Some(BOOT_CODE.into()),
            _ => None,
        }
    }

    const BOOT_CODE: &str = "var e=document.querySelector(`script[data-entry]`);a<b&&c(e);";

    fn document() -> (Build, InlineFiles, Document) {
        let build = Build::parse(MANIFEST);
        let styles = InlineFiles::new(&build, css);
        let document = Document::new(SHELL, &build, &styles).expect("document");
        (build, styles, document)
    }

    fn head(page: &str) -> &str {
        &page[..page.find("</head>").expect("head")]
    }

    #[test]
    fn a_page_replaces_the_shells_title_and_fills_the_root() {
        let (_, _, document) = document();
        let page = document
            .page(
                "<title>Home</title>",
                Some("home-page"),
                "<h1>Hi</h1>",
                r#"{"pages":{"a":"</script><b>"}}"#,
            )
            .html;
        assert!(!page.contains("<title>Shell</title>"), "{page}");
        assert!(!page.contains("content=\"Shell\""), "{page}");
        assert!(!page.contains("noscript"), "{page}");
        assert!(page.contains("<title>Home</title>"), "{page}");
        assert!(
            page.contains("<div id=\"root\"><h1>Hi</h1></div>"),
            "{page}"
        );
        assert!(
            page.contains(r#"{"pages":{"a":"\u003c/script\u003e\u003cb\u003e"}}"#),
            "{page}"
        );
        // The loader's and the data's.
        assert_eq!(page.matches("</script>").count(), 2, "{page}");
    }

    #[test]
    fn a_page_carries_its_css_inline_in_the_order_it_was_linked_as_far_as_its_markup_uses_it() {
        let (_, _, document) = document();
        let markup = "<h1 class=\"home\">Hi</h1>";
        let page = document.page("", Some("home-page"), markup, "{}").html;
        let page_head = head(&page);
        // Every file has its block (the loader puts each whole file in place by it), with the
        // rules an element of the page can use: none of `.shared` here.
        let blocks = "<style data-href=\"/assets/index-1.css\">body{margin:0}</style>\
             <style data-href=\"/assets/home-2.css\">.home{color:red}</style>\
             <style data-href=\"/assets/shared-3.css\"></style>";
        assert!(page_head.contains(blocks), "{page_head}");
        let shared = "<p class=\"shared\"></p>";
        let both = document.page("", Some("home-page"), shared, "{}").html;
        assert!(
            both.contains(
                "<style data-href=\"/assets/shared-3.css\">.shared{content:\"a\"}</style>"
            ),
            "{both}"
        );
        assert!(!page_head.contains("rel=\"stylesheet\""), "{page_head}");
        // A page of no module (the 404 page) has the entry's.
        let plain = document.page("", None, "<h1>Lost</h1>", "{}").html;
        assert!(
            head(&plain)
                .contains("<style data-href=\"/assets/index-1.css\">body{margin:0}</style><script"),
            "{plain}"
        );
        assert!(!plain.contains("home-2"), "{plain}");
    }

    #[test]
    fn a_page_of_islands_loads_the_islands_entry_and_preloads_only_its_islands_modules() {
        let (_, _, document) = document();
        let markup = "<div class=\"island\" data-island=\"site-header\"><header></header></div>\
             <h1>Hi</h1><div class=\"island\" data-island=\"contact-form\" data-props=\"{}\"></div>\
             <div class=\"island\" data-island=\"site-header\"></div><div data-island=\"gone\"></div>";
        let page = document.page("", Some("about-page"), markup, "{}").html;
        let page_head = head(&page);
        assert!(
            page_head.contains(&format!(
                "<script type=\"module\" data-entry=\"/assets/islands-5.js\" \
                 data-preload=\"/assets/preact-6.js /assets/site-header-7.js /assets/links-8.js \
                 /assets/contact-form-9.js\">{BOOT_CODE}</script>"
            )),
            "{page_head}"
        );
        // Nothing of the page's own module, nor of the app's entry.
        assert!(!page_head.contains("about-page-4.js"), "{page_head}");
        assert!(!page_head.contains("index-1.js"), "{page_head}");
        assert_eq!(page.matches("<script type=\"module\"").count(), 1, "{page}");
        // Its styles are inline as any page's.
        assert!(
            page_head.contains("<style data-href=\"/assets/index-1.css\">"),
            "{page_head}"
        );
        // A page of no islands in its markup loads the entry alone.
        let bare = document
            .page("", Some("home-page"), "<h1>Hi</h1>", "{}")
            .html;
        assert!(
            head(&bare).contains(&format!(
                "data-preload=\"/assets/preact-6.js \">{BOOT_CODE}</script>"
            )),
            "{bare}"
        );
    }

    #[test]
    fn every_island_module_of_the_ui_is_found_in_the_build_by_its_name() {
        let build = Build::parse(crate::render::BUILD_MANIFEST);
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/islands");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("ui/src/islands")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter_map(|file| file.strip_suffix(".tsx").map(str::to_owned))
            .collect();
        names.sort();
        assert!(names.len() >= 2, "{names:?}");
        let mut found: Vec<String> = build.islands.keys().cloned().collect();
        found.sort();
        assert_eq!(found, names);
        assert!(build.islands.values().all(|files| !files.is_empty()));
    }

    #[test]
    fn a_stylesheet_that_would_end_its_block_is_linked_instead() {
        let (_, _, document) = document();
        let about = document.page("", Some("about-page"), "<h1 class=\"about\">Hi</h1>", "{}");
        let head = head(&about.html);
        assert!(
            head.contains("<link rel=\"stylesheet\" crossorigin href=\"/assets/about-4.css\">"),
            "{head}"
        );
        assert!(!head.contains(".about{"), "{head}");
        // Nor does the policy name it: the entry's block alone.
        let plain = document.page("", None, "<h1 class=\"about\">Hi</h1>", "{}");
        assert_eq!(about.style_sources, plain.style_sources);
        assert_eq!(plain.style_sources.split(' ').count(), 1);
    }

    #[test]
    fn no_script_is_requested_before_the_loader_runs_and_the_policy_allows_its_code_alone() {
        let (_, _, document) = document();
        let rendered = document.page("", Some("home-page"), "<h1>Hi</h1>", "{}");
        let page = &rendered.html;
        let head = head(page);
        assert!(
            head.contains(&format!(
                "<script type=\"module\" data-entry=\"/assets/islands-5.js\" \
                 data-preload=\"/assets/preact-6.js \">{BOOT_CODE}</script>"
            )),
            "{head}"
        );
        assert!(!head.contains("src=\""), "{head}");
        assert!(!head.contains("modulepreload"), "{head}");
        assert_eq!(page.matches("<script type=\"module\"").count(), 1, "{page}");
        assert_eq!(rendered.script_sources, hash_source(BOOT_CODE));
        assert_ne!(rendered.script_sources, hash_source("alert(1)"));
    }

    #[test]
    fn a_loader_that_would_end_its_element_is_named_by_its_file_and_allowed_by_none() {
        for code in ["a='</SCRIPT>'", "a='<!--'", "a='<script>'"] {
            let build = Build::parse(MANIFEST);
            let read = |file: &str| match file {
                "assets/boot-1.js" => Some(code.to_owned()),
                _ => css(file),
            };
            let styles = InlineFiles::new(&build, read);
            let document = Document::new(SHELL, &build, &styles).expect("document");
            let rendered = document.page("", Some("home-page"), "<h1>Hi</h1>", "{}");
            assert!(
                head(&rendered.html).contains(
                    "<script type=\"module\" src=\"/assets/boot-1.js\" data-entry=\"/assets/islands-5.js\" \
                     data-preload=\"/assets/preact-6.js \"></script>"
                ),
                "{code}: {}",
                rendered.html
            );
            assert!(!rendered.html.contains(code), "{code}");
            assert_eq!(rendered.script_sources, "", "{code}");
        }
    }

    #[test]
    fn the_policys_hashes_are_those_of_the_pages_blocks_exactly() {
        use base64::Engine as _;
        use sha2::Digest as _;
        let (_, _, document) = document();
        let markup = "<h1 class=\"home\">Hi</h1>";
        let rendered = document.page("", Some("home-page"), markup, "{}");
        let mut hashes: Vec<&str> = rendered.style_sources.split(' ').collect();
        hashes.sort_unstable();
        let page = rendered.html;
        let mut blocks: Vec<String> = page
            .split("<style data-href=\"")
            .skip(1)
            .map(|rest| {
                let text = &rest[rest.find('>').expect("tag end") + 1..];
                let text = &text[..text.find("</style>").expect("block end")];
                let digest = sha2::Sha256::digest(text.as_bytes());
                format!(
                    "'sha256-{}'",
                    base64::engine::general_purpose::STANDARD.encode(digest)
                )
            })
            .collect();
        blocks.sort();
        assert_eq!(blocks.len(), 3, "{page}");
        assert_eq!(hashes, blocks);
        // Another page's policy names only its own blocks: the entry's, not the home page's.
        let plain = document.page("", None, markup, "{}").style_sources;
        assert_eq!(plain.split(' ').count(), 1);
        assert!(hashes.contains(&plain.as_str()), "{hashes:?}");
    }

    #[test]
    fn the_first_screens_picture_is_in_the_page_when_it_is_a_small_svg_of_the_build() {
        let (_, _, document) = document();
        let art = "<main><img class=\"page-hero__art\" src=\"/assets/art-4.svg\" alt=\"A &gt; B\" \
                   fetchpriority=\"high\"><img src=\"/assets/art-4.svg\" loading=\"lazy\"></main>";
        let head = "<link rel=\"preload\" as=\"image\" href=\"/assets/art-4.svg\" fetchpriority=\"high\"/>\
                    <link rel=\"canonical\" href=\"/\"/>";
        let page = document.page(head, Some("about-page"), art, "{}").html;
        let address = "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E \
                       %3Cpath fill=%22%230f3b57%22 d=%22M0 0h9%22/%3E %3Ctext%3E5%25 %26 more%3C/text%3E %3C/svg%3E";
        assert!(
            page.contains(&format!(
                "<img class=\"page-hero__art\" src=\"{address}\" alt=\"A &gt; B\" fetchpriority=\"high\">"
            )),
            "{page}"
        );
        // So is the site's icon, the browser's first request after the page otherwise.
        assert!(
            page.contains("<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg%3E%3Ccircle r=%221%22/%3E%3C/svg%3E\" type=\"image/svg+xml\" />"),
            "{page}"
        );
        // A picture further down is still a file, and nothing preloads what the page carries.
        assert!(
            page.contains("<img src=\"/assets/art-4.svg\" loading=\"lazy\">"),
            "{page}"
        );
        assert!(!page.contains("rel=\"preload\""), "{page}");
        assert!(
            page.contains("<link rel=\"canonical\" href=\"/\"/>"),
            "{page}"
        );
        // Too large an SVG, an office's picture, or a photo is asked for as before.
        for src in [
            "/assets/photo-4.svg",
            "/media/pages/a.svg",
            "/assets/hero-4.webp",
        ] {
            let markup = format!("<img src=\"{src}\" fetchpriority=\"high\">");
            let page = document.page("", Some("about-page"), &markup, "{}").html;
            assert!(page.contains(&markup), "{page}");
        }
    }

    #[test]
    fn a_page_embeds_only_the_data_its_islands_read() {
        let (_, _, document) = document();
        let data = r#"{"site":{"name":"Corp"},"blogs":[1],"lists":[2],"pages":{"home":{}},"preview":true,"year":2026}"#;
        let embedded = |page: &str| {
            let open = "<script type=\"application/json\" id=\"corpsite-data\">";
            let rest = &page[page.find(open).expect("data") + open.len()..];
            serde_json::from_str::<serde_json::Value>(&rest[..rest.find("</script>").expect("end")])
                .expect("JSON")
        };
        let plain = document
            .page("", Some("home-page"), "<h1>Hi</h1>", data)
            .html;
        assert_eq!(
            embedded(&plain),
            serde_json::json!({"pages": {"home": {}}, "preview": true})
        );
        let list = "<div class=\"island\" data-island=\"blog-list\" data-props=\"{}\"></div>";
        let with_list = document.page("", Some("home-page"), list, data).html;
        assert_eq!(
            embedded(&with_list),
            serde_json::json!({"lists": [2], "pages": {"home": {}}, "preview": true})
        );
        // Data that is not an object embeds as none.
        let broken = document
            .page("", Some("home-page"), "<h1>Hi</h1>", "[1]")
            .html;
        assert_eq!(embedded(&broken), serde_json::json!({}));
    }
}
