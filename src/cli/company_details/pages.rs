//! The page editor's pages in a settings archive (`pages.json`, its format in
//! `cli::company_details::archive`): what an export writes of each page of the catalog, and
//! what an import reads of it, checked against each page's schema before anything is saved.
//!
//! Each page travels with the values visitors see, and with its draft when it has one that
//! differs from them (work in progress arrives as work in progress); a scheduled publish does
//! not travel (its draft does, when it is still the draft). A page the archive names is made
//! what it says, `{}` being the page's defaults; a page it does not name (one the catalog
//! added after the archive was made) is left alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::content::media::UPLOAD_FOLDERS;
use crate::domain::company_details::ImageField;
use crate::domain::pages::catalog;
use crate::domain::pages::schema::{pictures_mut, PageSchema};
use crate::domain::sanitize::is_media_path;
use crate::office::pages::{checked_with, Arriving, PageError};
use crate::render::page_defaults::PageDefaults;
use crate::store::pages::{self as store, PageRow};

/// The media folder a carried picture is stored in when its own path names none the site
/// uploads to: the page editor's.
const PAGES_FOLDER: &str = "pages";

/// One page in `pages.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Travelling {
    pub published: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<Map<String, Value>>,
}

/// The pages as read from `pages.json`, by key, each with its page of the catalog.
pub struct Pages(Vec<(&'static PageSchema, Travelling)>);

/// What an export writes of the pages.
pub struct Exported {
    /// `pages.json`.
    pub json: String,
    /// Every picture the values name that the site stored (not one compiled in).
    pub pictures: Vec<ImageField>,
    /// How many pages have published values or a draft of their own.
    pub edited: usize,
}

/// Every page of the catalog as `pages.json` carries it.
pub fn exported(conn: &Connection) -> Result<Exported, PageError> {
    let mut rows = store::list(conn)?;
    let mut travelling = BTreeMap::new();
    let mut edited = 0;
    for page in catalog::PAGES {
        let row = rows
            .remove(page.key)
            .unwrap_or_else(|| PageRow::empty(page.key));
        let published: Map<String, Value> = serde_json::from_str(&row.published)?;
        let draft: Map<String, Value> = serde_json::from_str(&row.draft)?;
        let draft = (draft != published).then_some(draft);
        if !published.is_empty() || draft.is_some() {
            edited += 1;
        }
        travelling.insert(page.key, Travelling { published, draft });
    }
    let pictures = Pages(
        catalog::PAGES
            .iter()
            .filter_map(|page| Some((page, travelling.get(page.key)?.clone())))
            .collect(),
    )
    .pictures()?;
    let json = serde_json::to_string_pretty(&travelling)?;
    Ok(Exported {
        json: format!("{json}\n"),
        pictures,
        edited,
    })
}

impl Pages {
    /// `pages.json` read: every key a page of the catalog, every page an object of
    /// `published` and maybe `draft`. Its values are checked later (`checked`), once the
    /// pictures are known. A problem is said in words.
    pub fn read(json: &str) -> Result<Pages, String> {
        let by_key: BTreeMap<String, Value> =
            serde_json::from_str(json).map_err(|err| format!("not a pages document: {err}"))?;
        let mut pages = Vec::new();
        for (key, value) in by_key {
            let page = catalog::page(&key).ok_or_else(|| format!("no page is called {key:?}"))?;
            let travelling: Travelling = serde_json::from_value(value)
                .map_err(|err| format!("page {key}: not a page's values: {err}"))?;
            pages.push((page, travelling));
        }
        Ok(Pages(pages))
    }

    /// Every picture the pages name that this site stores (a media path, not a picture the
    /// build compiled in): its field (`page home: homeContent.hero.fallbackImage.src`, a
    /// draft's with `(draft)`) and its path, for `visit` to read or rename.
    pub fn each_picture(
        &mut self,
        visit: &mut dyn FnMut(&str, &mut String),
    ) -> Result<(), PageError> {
        let defaults = PageDefaults::bundled()?;
        for (page, travelling) in &mut self.0 {
            let values = [
                ("", Some(&mut travelling.published)),
                (" (draft)", travelling.draft.as_mut()),
            ];
            for (which, values) in values {
                let Some(values) = values else { continue };
                pictures_mut(page, values, &mut |at, src| {
                    if is_media_path(src) && !defaults.is_default_image(src) {
                        visit(&format!("page {}{which}: {at}", page.key), src);
                    }
                });
            }
        }
        Ok(())
    }

    /// Every picture as an image field of the archive's.
    pub fn pictures(&mut self) -> Result<Vec<ImageField>, PageError> {
        let mut pictures = Vec::new();
        self.each_picture(&mut |field, src| {
            pictures.push(ImageField {
                field: field.to_owned(),
                path: src.clone(),
                folder: folder_of(src),
            })
        })?;
        Ok(pictures)
    }

    /// Each page's values checked against its schema (`office::pages::checked_with`), the
    /// pictures `renamed` names under their new names, `arriving` the pictures about to be
    /// stored. Every bad value is named by page and path (`page home: homeContent.hero.headline:
    /// Hero: headline cannot be empty.`).
    pub fn checked(
        mut self,
        data_dir: &Path,
        renamed: &BTreeMap<String, String>,
        arriving: &BTreeSet<String>,
    ) -> Result<Vec<Arriving>, Vec<String>> {
        let rename = self.each_picture(&mut |_, src| {
            if let Some(new) = renamed.get(src.as_str()) {
                src.clone_from(new);
            }
        });
        if let Err(err) = rename {
            return Err(vec![err.to_string()]);
        }
        let arriving_here = |src: &str| arriving.contains(src);
        let mut problems = Vec::new();
        let mut checked = Vec::new();
        for (page, travelling) in self.0 {
            let mut check = |which: &str, values: &Map<String, Value>| match checked_with(
                data_dir,
                page,
                values,
                &arriving_here,
            ) {
                Ok(values) => Some(values),
                Err(PageError::Invalid(errors)) => {
                    problems.extend(
                        errors
                            .into_map()
                            .into_iter()
                            .map(|(path, why)| format!("page {}{which}: {path}: {why}", page.key)),
                    );
                    None
                }
                Err(other) => {
                    problems.push(format!("page {}: {other}", page.key));
                    None
                }
            };
            let published = check("", &travelling.published);
            // None when refused; a page without a draft of its own has Some(None).
            let draft = match &travelling.draft {
                None => Some(None),
                Some(draft) => check(" (draft)", draft).map(Some),
            };
            if let (Some(published), Some(draft)) = (published, draft) {
                checked.push(Arriving {
                    page,
                    published,
                    draft,
                });
            }
        }
        if problems.is_empty() {
            Ok(checked)
        } else {
            Err(problems)
        }
    }
}

/// The folder a carried picture is stored in: its own, when the staff's upload stores in it.
fn folder_of(src: &str) -> &'static str {
    let own = src.split('/').next().unwrap_or_default();
    UPLOAD_FOLDERS
        .iter()
        .find(|folder| **folder == own)
        .copied()
        .unwrap_or(PAGES_FOLDER)
}
