//! The company's details over HTTP:
//!
//! - `GET /api/corp_website/site`: `{"data": SiteDetails}`, the details every page shows,
//!   cached until the content version (`blog_version`) moves, like the blog list. The
//!   rendered pages embed the same answer.
//! - `GET /api/staff/settings`: `{"data", "demo", "saved_at", "saved_by"}` behind `gate`.
//! - `PUT /api/staff/settings` `SiteDetails`: checks every field (422 naming each bad one,
//!   nothing saved), saves, and writes the audit entry naming the changed fields in the same
//!   transaction; answers as the GET does.

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use serde::Serialize;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Filter;

use super::assets::etag_of;
use super::body::Body;
use super::error::{self, ApiError};
use super::json_body::read_json;
use super::reply::{invalid, json_bytes, tagged};
use super::staff::{gate, Access, Staff};
use super::{get_or_head, AppState};
use crate::domain::site_details::{SiteDetails, SiteDetailsForm};
use crate::store::site_details::{self as store, StoredDetails};
use crate::store::watch::Reading;
use crate::store::Db;

/// The public answer: the details the site shows.
#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SiteBody<'a> {
    #[schema(value_type = SiteDetailsForm)]
    #[cfg_attr(test, ts(as = "SiteDetailsForm"))]
    data: &'a SiteDetails,
}

/// The staff screen's answer: the details and where they came from.
#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SettingsBody<'a> {
    #[schema(value_type = SiteDetailsForm)]
    #[cfg_attr(test, ts(as = "SiteDetailsForm"))]
    data: &'a SiteDetails,
    /// Nothing was saved yet: these are the demo details shipped with the site.
    demo: bool,
    saved_at: Option<&'a str>,
    /// The email of who saved last (or "command line").
    saved_by: Option<&'a str>,
}

/// The details as JSON, kept until the content version moves.
pub struct SiteApi {
    db: Arc<Db>,
    version: Reading,
    cached: Mutex<Option<Cached>>,
}

struct Cached {
    /// The content version the body was read at.
    version: i64,
    /// Moves only when the details themselves change (not at every blog change), so pages
    /// that show no blog data are kept across blog changes.
    generation: i64,
    etag: HeaderValue,
    body: Bytes,
}

/// The details' JSON answer, its tag, and the generation of the details.
pub struct SiteJson {
    pub generation: i64,
    pub etag: HeaderValue,
    pub body: Bytes,
}

impl SiteApi {
    pub fn new(db: Arc<Db>, version: Reading) -> SiteApi {
        SiteApi {
            db,
            version,
            cached: Mutex::new(None),
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
    pub async fn json(&self) -> Result<SiteJson, ApiError> {
        // Read before the data, so an answer is never kept under a newer version than its data.
        let version = self.version.get();
        if let (Some(version), Ok(cached)) = (version, self.cached.lock()) {
            if let Some(kept) = cached.as_ref().filter(|kept| kept.version == version) {
                return Ok(SiteJson {
                    generation: kept.generation,
                    etag: kept.etag.clone(),
                    body: kept.body.clone(),
                });
            }
        }
        let stored = read(&self.db).await?;
        let body = serde_json::to_vec(&SiteBody {
            data: &stored.details,
        })
        .map(Bytes::from)
        .map_err(ApiError::unexpected)?;
        let etag = etag_of(&body);
        let mut generation = 0;
        if let Ok(mut cached) = self.cached.lock() {
            generation = match cached.as_ref() {
                Some(kept) if kept.body == body => kept.generation,
                Some(kept) => kept.generation + 1,
                None => 0,
            };
            if let Some(version) = version {
                *cached = Some(Cached {
                    version,
                    generation,
                    etag: etag.clone(),
                    body: body.clone(),
                });
            }
        }
        Ok(SiteJson {
            generation,
            etag,
            body,
        })
    }
}

/// The public answer for the demo details, for a page rendered while the store cannot be
/// read (the browser bundle carries no details of its own).
pub fn demo_json() -> Bytes {
    serde_json::to_vec(&SiteBody {
        data: &SiteDetails::demo(),
    })
    .map(Bytes::from)
    .unwrap_or_default()
}

async fn read(db: &Arc<Db>) -> Result<StoredDetails, ApiError> {
    db.read(|conn| Ok(store::read(conn)))
        .await?
        .map_err(ApiError::unexpected)
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let public = warp::path!("corp_website" / "site")
        .and(get_or_head())
        .and(state.filter())
        .and(warp::header::headers_cloned())
        .then(|state: AppState, headers: HeaderMap| async move {
            match state.site.json().await {
                Ok(site) => tagged(
                    StatusCode::OK,
                    "application/json",
                    &site.body,
                    &site.etag,
                    &headers,
                ),
                Err(err) => err.into_response(),
            }
        });
    let settings = || warp::path!("staff" / "settings");
    let staff_read = settings()
        .and(get_or_head())
        .and(state.filter())
        .and(gate(state, Access::READ))
        .then(
            |state: AppState, staff: Result<Staff, ApiError>| async move {
                error::reply(staff_read(state, staff).await)
            },
        );
    let staff_save = settings()
        .and(warp::put())
        .and(state.filter())
        .and(gate(state, Access::CHANGE))
        .and(super::body::incoming(state.body_pace()))
        .then(
            |state: AppState, staff: Result<Staff, ApiError>, headers, body| async move {
                error::reply(staff_save(state, staff, headers, body).await)
            },
        );
    public.or(staff_read).unify().or(staff_save).unify().boxed()
}

async fn staff_read(state: AppState, staff: Result<Staff, ApiError>) -> Result<Response, ApiError> {
    staff?;
    let stored = read(&state.db).await?;
    settings_reply(&stored)
}

async fn staff_save(
    state: AppState,
    staff: Result<Staff, ApiError>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let staff = staff?;
    let form: SiteDetailsForm = read_json(&headers, body).await?;
    let details = SiteDetails::parse(form).map_err(invalid)?;
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            let audit = staff.audit("saved company details", "site settings", "");
            store::save(conn, &details, &audit).map_err(ApiError::unexpected)?;
            Ok(())
        })
        .await?;
    let stored = read(&state.db).await?;
    settings_reply(&stored)
}

fn settings_reply(stored: &StoredDetails) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(&SettingsBody {
        data: &stored.details,
        demo: stored.demo,
        saved_at: stored.saved_at.as_deref(),
        saved_by: stored.saved_by.as_deref(),
    })
    .map_err(ApiError::unexpected)?;
    Ok(json_bytes(StatusCode::OK, Bytes::from(body)))
}
