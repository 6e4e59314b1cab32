//! The page editor's defaults: what every field of the catalog (`domain::pages::catalog`)
//! shows until the office saves its own, read from the UI's content through the server
//! bundle (`globalThis.corpsitePageDefaults(key)`, `ui/src/lib/page-defaults.ts`). The
//! bundle is part of the binary, so they are read once per process, on an engine of their
//! own (`engine::call_each`), and kept.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::engine::{call_each, RenderError};
use crate::domain::pages::catalog::PAGES;
use crate::domain::pages::schema::{default_of, Field, Kind, Overrides, PageSchema};

/// The bundle's function: a page's key in, its content exports out (JSON).
const PAGE_DEFAULTS: &str = "corpsitePageDefaults";

/// Each page's defaults, by field path, in the shape an override has.
#[derive(Debug)]
pub struct PageDefaults {
    pages: BTreeMap<&'static str, Overrides>,
    /// Every picture a default shows (the build's hashed `/assets/` files).
    images: BTreeSet<String>,
}

impl PageDefaults {
    /// Asks `script`'s bundle for every catalog page's content and reads each field's
    /// default in it. A path the content does not hold is an error naming it.
    pub fn read(script: Arc<str>) -> Result<PageDefaults, RenderError> {
        let keys: Vec<String> = PAGES.iter().map(|page| page.key.to_owned()).collect();
        let answers = call_each(script, PAGE_DEFAULTS, keys)?;
        let mut pages = BTreeMap::new();
        let mut images = BTreeSet::new();
        for (page, answer) in PAGES.iter().zip(answers) {
            let content: Value = serde_json::from_str(&answer)?;
            let mut defaults = Overrides::new();
            for field in page.fields {
                let value = default_of(field, &content).map_err(|problem| {
                    RenderError::Script(format!("page {}: {problem}", page.key))
                })?;
                collect_images(field, &value, &mut images);
                defaults.insert(field.path.to_owned(), value);
            }
            pages.insert(page.key, defaults);
        }
        Ok(PageDefaults { pages, images })
    }

    /// The defaults of the embedded bundle, read at the first call.
    pub fn bundled() -> Result<&'static PageDefaults, RenderError> {
        static READ: OnceLock<PageDefaults> = OnceLock::new();
        if let Some(read) = READ.get() {
            return Ok(read);
        }
        let read = PageDefaults::read(super::SERVER_SCRIPT.into())?;
        Ok(READ.get_or_init(|| read))
    }

    /// The defaults of `page`, by path.
    pub fn of(&self, page: &PageSchema) -> &Overrides {
        static NONE: Overrides = BTreeMap::new();
        self.pages.get(page.key).unwrap_or(&NONE)
    }

    /// Whether `src` is a picture a default shows (an image the build compiled in).
    pub fn is_default_image(&self, src: &str) -> bool {
        self.images.contains(src)
    }
}

/// The `src` of every image in `value`, a default of `field`.
fn collect_images(field: &Field, value: &Value, images: &mut BTreeSet<String>) {
    match &field.kind {
        Kind::Image { .. } | Kind::Video => {
            if let Some(src) = value.get("src").and_then(Value::as_str) {
                images.insert(src.to_owned());
            }
        }
        Kind::List { item, .. } => {
            for entry in value.as_array().into_iter().flatten() {
                for part in *item {
                    if let Some(value) = entry.get(part.path) {
                        collect_images(part, value, images);
                    }
                }
            }
        }
        Kind::Text { .. } | Kind::Paragraphs { .. } | Kind::Link { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pages::schema::validate;

    /// The catalog and the UI's content cannot drift apart: every path of every page
    /// resolves in the real bundle's content, and what it holds passes the field's own
    /// check (a text within its limit, a list within its bounds, a link's address the site
    /// takes, a picture the build made).
    #[test]
    fn every_field_of_every_page_has_a_default_of_its_kind_in_the_uis_content() {
        let defaults = PageDefaults::bundled().expect("the bundle's defaults");
        let mut fields = 0;
        for page in PAGES {
            let of_page = defaults.of(page);
            assert_eq!(of_page.len(), page.fields.len(), "{}", page.key);
            let as_saved = of_page.clone().into_iter().collect();
            let checked = validate(page, &as_saved, &|src| defaults.is_default_image(src));
            assert!(checked.is_ok(), "{}: {:?}", page.key, checked.err());
            fields += page.fields.len();
        }
        assert!(fields > 300, "{fields} fields");
        assert!(
            defaults
                .images
                .iter()
                .all(|src| src.starts_with("/assets/") && !src.contains("..")),
            "{:?}",
            defaults.images
        );
        assert_eq!(
            defaults.of(&PAGES[0])["homeContent.hero.headline"],
            "Spaces, projects and people that work."
        );
    }

    #[test]
    fn a_path_the_content_does_not_hold_is_named() {
        let script: Arc<str> = format!(
            "{}\nglobalThis.corpsitePageDefaults = () => JSON.stringify({{}});",
            super::super::SERVER_SCRIPT
        )
        .into();
        let err = PageDefaults::read(script).expect_err("no content");
        assert!(
            err.to_string().contains("page home: no pageMeta.title"),
            "{err}"
        );
    }
}
