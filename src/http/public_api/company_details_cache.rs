//! The company's details as the public reads them, kept: `CompanyDetailsApi` answers
//! `{"data": CompanyDetails}` and keeps it until the content version (`blog_version`) moves.
//! The API route (`company_details`) and the rendered pages share it; the office's edits read
//! the stored details here too (`read`).

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use serde::Serialize;
use warp::http::HeaderValue;

use crate::domain::company_details::{CompanyDetails, CompanyDetailsForm};
use crate::domain::office_time::OfficeZone;
use crate::domain::pages::schema::Overrides;
use crate::domain::pages::shown::for_the_page;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::etag_of;
use crate::store::company_details::{self as store, StoredDetails};
use crate::store::watch::Reading;
use crate::store::Db;

/// The public answer: the details the site shows.
#[derive(Serialize, utoipa::ToSchema)]
// The API document's schema keeps the name it was published under.
#[schema(as = SiteBody)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct CompanyDetailsBody<'a> {
    #[schema(value_type = CompanyDetailsForm)]
    #[cfg_attr(test, ts(as = "CompanyDetailsForm"))]
    data: &'a CompanyDetails,
}

/// The details as JSON, kept until the content version moves; and beside them what else
/// every rendered page shows from the store, the page editor's published values
/// (`pages`), read with them so that one generation follows both.
pub struct CompanyDetailsApi {
    db: Arc<Db>,
    version: Reading,
    cached: Mutex<Option<Cached>>,
    /// Where stored uploads are served (`--media-base`): a published picture's address.
    media_base: String,
}

struct Cached {
    /// The content version the body was read at.
    version: i64,
    /// Moves only when the details or the published page values change (not at every blog
    /// change), so pages that show no blog data are kept across blog changes.
    generation: i64,
    etag: HeaderValue,
    body: Bytes,
    zone: OfficeZone,
    pages: Bytes,
}

/// The details' JSON answer, its tag, and the generation of the details.
pub struct CompanyDetailsJson {
    pub generation: i64,
    pub etag: HeaderValue,
    pub body: Bytes,
    /// The office's time zone the details name (the demo's, for a name the bundled database
    /// no longer knows): the year pages name is the office's.
    pub zone: OfficeZone,
    /// The page editor's published values as the pages show them, `{key: {path: value}}`
    /// (`domain::pages::shown`); `{}` when the office published none.
    pub pages: Bytes,
}

impl CompanyDetailsApi {
    pub fn new(db: Arc<Db>, version: Reading, media_base: &str) -> CompanyDetailsApi {
        CompanyDetailsApi {
            db,
            version,
            cached: Mutex::new(None),
            media_base: media_base.trim_end_matches('/').to_owned(),
        }
    }

    /// The details' generation as kept for the current content version, without reading the
    /// store: `None` until `json` has read them at this version.
    pub fn kept_generation(&self) -> Option<i64> {
        let version = self.version.get()?;
        let cached = self.cached.lock().ok()?;
        cached
            .as_ref()
            .filter(|kept| kept.version == version)
            .map(|kept| kept.generation)
    }

    /// `{"data": ...}`, its tag and generation.
    pub async fn json(&self) -> Result<CompanyDetailsJson, ApiError> {
        // Read before the data, so an answer is never kept under a newer version than its data.
        let version = self.version.get();
        if let (Some(version), Ok(cached)) = (version, self.cached.lock()) {
            if let Some(kept) = cached.as_ref().filter(|kept| kept.version == version) {
                return Ok(CompanyDetailsJson {
                    generation: kept.generation,
                    etag: kept.etag.clone(),
                    body: kept.body.clone(),
                    zone: kept.zone.clone(),
                    pages: kept.pages.clone(),
                });
            }
        }
        let stored = read(&self.db).await?;
        let pages = self.published_pages().await?;
        let body = serde_json::to_vec(&CompanyDetailsBody {
            data: &stored.details,
        })
        .map(Bytes::from)
        .map_err(ApiError::unexpected)?;
        let etag = etag_of(&body);
        let zone = stored.details.office_zone();
        let mut generation = 0;
        if let Ok(mut cached) = self.cached.lock() {
            generation = match cached.as_ref() {
                Some(kept) if kept.body == body && kept.pages == pages => kept.generation,
                Some(kept) => kept.generation + 1,
                None => 0,
            };
            if let Some(version) = version {
                *cached = Some(Cached {
                    version,
                    generation,
                    etag: etag.clone(),
                    body: body.clone(),
                    zone: zone.clone(),
                    pages: pages.clone(),
                });
            }
        }
        Ok(CompanyDetailsJson {
            generation,
            etag,
            body,
            zone,
            pages,
        })
    }

    /// The page editor's published values of every page, as the pages show them.
    async fn published_pages(&self) -> Result<Bytes, ApiError> {
        let (_, published) = self
            .db
            .read(|conn| Ok(crate::store::pages::published(conn)))
            .await?
            .map_err(ApiError::unexpected)?;
        let media_url = |path: &str| format!("{}/{path}", self.media_base);
        let mut shown = serde_json::Map::new();
        for (key, document) in published {
            let (Some(page), Ok(values)) = (
                crate::domain::pages::catalog::page(&key),
                serde_json::from_str::<Overrides>(&document),
            ) else {
                tracing::warn!(page = key, "published page values that no page of the catalog takes; shown as the defaults");
                continue;
            };
            let fields = for_the_page(page, &values, &media_url);
            if !fields.is_empty() {
                shown.insert(key, serde_json::Value::Object(fields));
            }
        }
        serde_json::to_vec(&shown)
            .map(Bytes::from)
            .map_err(ApiError::unexpected)
    }
}

/// The public answer for the demo details, for a page rendered while the store cannot be
/// read (the browser bundle carries no details of its own).
pub fn demo_json() -> Bytes {
    serde_json::to_vec(&CompanyDetailsBody {
        data: &CompanyDetails::demo(),
    })
    .map(Bytes::from)
    .unwrap_or_default()
}

/// The details as stored (the demo ones until the office saves its own).
pub(crate) async fn read(db: &Arc<Db>) -> Result<StoredDetails, ApiError> {
    db.read(|conn| Ok(store::read(conn)))
        .await?
        .map_err(ApiError::unexpected)
}
