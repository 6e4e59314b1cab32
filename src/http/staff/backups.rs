//! `/api/staff/backups`: the backup sets for the owners (the backups area), behind `gate`.
//!
//! - `GET /api/staff/backups`: `BackupsBody`: the sets on the server (newest first, each
//!   with what its manifest says and whether the bucket holds it), the bucket's own, the
//!   schedule, and the last outcomes of making and uploading sets.
//! - `POST /api/staff/backups` (202): asks the server's backup task for a set now ("Back up
//!   now"): the same code the schedule runs (`server::backups`), so the set is made, pruned
//!   and uploaded as a scheduled one is. One asked for while a set is under way comes after
//!   it. Audited.

use std::path::Path;

use bytes::Bytes;
use jiff::Timestamp;
use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::health::BackupHealth;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::json_bytes;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::store::audit;
use crate::store::backup_set::{self, Manifest, MANIFEST_FILE};

/// The most sets the screen lists.
const MAX_SETS: usize = 50;

/// The backups as the owners' screen shows them.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct BackupsBody {
    /// A set is asked for, or being made or uploaded now.
    running: bool,
    /// How often the server makes a set by itself (`--backup-every`), in seconds; null when
    /// only asked-for sets are made.
    every_seconds: Option<u64>,
    /// How many sets are kept (`--backup-keep`), here and in the bucket.
    keep: u32,
    /// The folder on the server the sets are kept in.
    backup_dir: String,
    /// The bucket the sets are uploaded to too (`--backup-to`), or null.
    backup_to: Option<String>,
    /// When the last set was finished (RFC 3339), or null since the start.
    last_success_at: Option<String>,
    /// The last set that failed, when it came after the last good one.
    failure: Option<BackupFailure>,
    /// The uploads to the bucket, or null without one.
    upload: Option<BackupUpload>,
    /// The sets, newest first: those on the server, and those only the bucket holds.
    sets: Vec<BackupSetJson>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct BackupFailure {
    at: String,
    reason: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct BackupUpload {
    /// When the bucket last held every set it should, or null since the start.
    last_success_at: Option<String>,
    failure: Option<BackupFailure>,
}

/// One backup set.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct BackupSetJson {
    /// Its folder's name, as `corpsite restore` takes it: `corpsite-2026-11-23T031500Z`.
    name: String,
    /// When it was made (RFC 3339).
    created_at: String,
    /// What its manifest says, for a set on the server (null for one only in the bucket).
    database_bytes: Option<u64>,
    files: Option<u64>,
    file_bytes: Option<u64>,
    /// Kept on the server.
    here: bool,
    /// In the bucket as of the last upload; null without a bucket (or before the first
    /// upload since the start).
    in_bucket: Option<bool>,
}

fn failure((at, reason): (Timestamp, String)) -> BackupFailure {
    BackupFailure {
        at: at.to_string(),
        reason,
    }
}

pub(super) async fn read_backups(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    backups_reply(&call.state, StatusCode::OK).await
}

pub(super) async fn back_up_now(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    if !state.health.ask_for_backup() {
        return Err(ApiError::Conflict(
            "The server's backup task is not running, so no set can be made from here: see the server's log, or run `corpsite backup DIR` on the server.".into(),
        ));
    }
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            audit::record(conn, &staff.audit("asked for a backup", "backups", ""))
                .map_err(ApiError::unexpected)
        })
        .await?;
    backups_reply(&state, StatusCode::ACCEPTED).await
}

async fn backups_reply(state: &AppState, status: StatusCode) -> Result<Response, ApiError> {
    let health = state.health.backup();
    let backup_dir = state.settings.backup_dir();
    let local = {
        let backup_dir = backup_dir.clone();
        tokio::task::spawn_blocking(move || local_sets(&backup_dir))
            .await
            .map_err(ApiError::unexpected)?
            .map_err(ApiError::unexpected)?
    };
    let settings = &state.settings;
    let body = BackupsBody {
        running: health.running,
        every_seconds: settings.backup_every.map(|every| every.as_secs()),
        keep: settings.backup_keep,
        backup_dir: backup_dir.display().to_string(),
        backup_to: settings.backup_to.as_ref().map(|to| to.url.to_string()),
        last_success_at: health.last_success.map(|(at, _)| at.to_string()),
        sets: sets_of(local, &health),
        failure: health.failure.map(failure),
        upload: health.upload.map(|upload| BackupUpload {
            last_success_at: upload.last_success.map(|at| at.to_string()),
            failure: upload.failure.map(failure),
        }),
    };
    let bytes = serde_json::to_vec(&body).map_err(ApiError::unexpected)?;
    Ok(json_bytes(status, Bytes::from(bytes)))
}

/// The sets in the backup dir, oldest first, each with its manifest (`None` if unreadable).
fn local_sets(backup_dir: &Path) -> std::io::Result<Vec<(String, Timestamp, Option<Manifest>)>> {
    Ok(backup_set::list_sets(backup_dir)?
        .into_iter()
        .map(|(at, path)| {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let manifest = std::fs::read(path.join(MANIFEST_FILE))
                .ok()
                .and_then(|bytes| serde_json::from_slice(&bytes).ok());
            (name, at, manifest)
        })
        .collect())
}

/// The local sets and the bucket's, newest first, each marked where it is.
fn sets_of(
    local: Vec<(String, Timestamp, Option<Manifest>)>,
    health: &BackupHealth,
) -> Vec<BackupSetJson> {
    let in_bucket = health
        .upload
        .as_ref()
        .filter(|upload| upload.last_success.is_some())
        .map(|upload| upload.in_bucket.as_slice());
    let mut sets: Vec<BackupSetJson> = local
        .into_iter()
        .map(|(name, at, manifest)| BackupSetJson {
            in_bucket: in_bucket.map(|there| there.contains(&name)),
            name,
            created_at: at.to_string(),
            database_bytes: manifest.as_ref().map(|m| m.database_bytes),
            files: manifest.as_ref().map(|m| m.files),
            file_bytes: manifest.as_ref().map(|m| m.file_bytes),
            here: true,
        })
        .collect();
    for name in in_bucket.unwrap_or_default() {
        if sets.iter().any(|set| &set.name == name) {
            continue;
        }
        if let Some(at) = backup_set::parse_set_name(name) {
            sets.push(BackupSetJson {
                name: name.clone(),
                created_at: at.to_string(),
                database_bytes: None,
                files: None,
                file_bytes: None,
                here: false,
                in_bucket: Some(true),
            });
        }
    }
    // Names sort as their times do.
    sets.sort_by(|a, b| b.name.cmp(&a.name));
    sets.truncate(MAX_SETS);
    sets
}
