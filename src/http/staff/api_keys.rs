//! API keys for the group's other sites and tools, at `/staff/team` (the team area: owners;
//! their rows in `endpoints`):
//! - `GET /api/staff/team/api-keys`: `{keys}` (`ApiKeysBody`), live ones first.
//! - `POST /api/staff/team/api-keys` `{name}` (201): a new key, `{key, keys}`: the key is in
//!   this answer only (the store keeps its SHA-256, as for sessions); a name is 1 to 80
//!   characters; at most `MAX_LIVE_KEYS` live keys.
//! - `DELETE /api/staff/team/api-keys/ID`: revokes it (404 for none, or revoked already);
//!   `{keys}`.
//!
//! A form post carrying a live key as `Authorization: Bearer KEY` skips the proof of work
//! and is counted on the key (`http::state::lead_post`). Making and revoking are audited in
//! their transaction.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::FieldErrors;
use crate::domain::staff::{random_token, token_digest};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::store::api_keys::{self, ApiKeyRow, MAX_LIVE_KEYS};
use crate::store::audit;
use crate::store::StoreError;

const NO_KEY: &str = "There is no such API key, or it was revoked already.";
const NAME_LEN: usize = 80;

/// Every key.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ApiKeys"))]
pub(crate) struct ApiKeysBody {
    #[cfg_attr(test, ts(type = "Array<ApiKey>"))]
    keys: Vec<ApiKeyRow>,
}

/// A key just made: the key itself, shown this once, and every key.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ApiKeyMade"))]
pub(crate) struct MadeBody {
    key: String,
    #[cfg_attr(test, ts(type = "Array<ApiKey>"))]
    keys: Vec<ApiKeyRow>,
}

/// `POST /api/staff/team/api-keys`: what the key is for.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ApiKeyForm"))]
pub(crate) struct KeyForm {
    name: String,
}

/// A key's name: trimmed, 1 to `NAME_LEN` characters, no control characters.
fn key_name(text: &str) -> Result<String, FieldErrors> {
    let name = text.trim();
    let problem = if name.is_empty() {
        "Name the site or tool the key is for."
    } else if name.chars().count() > NAME_LEN {
        "Keep the name to 80 characters."
    } else if name.chars().any(char::is_control) {
        "Use letters, digits and punctuation only."
    } else {
        return Ok(name.to_owned());
    };
    Err(FieldErrors::one("name", problem))
}

pub(super) async fn list(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let keys = call.state.db.read(|conn| Ok(api_keys::list(conn)?)).await?;
    Ok(warp::reply::json(&ApiKeysBody { keys }).into_response())
}

pub(super) async fn create(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: KeyForm = call.json().await?;
    let name = key_name(&form.name).map_err(invalid)?;
    let key = random_token().map_err(ApiError::unexpected)?;
    let digest = token_digest(&key);
    let keys = call
        .state
        .db
        .write(move |conn| -> Result<Vec<ApiKeyRow>, ApiError> {
            if api_keys::live(conn).map_err(StoreError::from)? >= MAX_LIVE_KEYS {
                return Err(invalid(FieldErrors::one(
                    "name",
                    format!("The team has {MAX_LIVE_KEYS} API keys already: revoke one it no longer uses first."),
                )));
            }
            api_keys::add(conn, &name, &digest, &staff.email).map_err(StoreError::from)?;
            audit::record(conn, &staff.audit("made an API key", &name, ""))
                .map_err(StoreError::from)?;
            Ok(api_keys::list(conn).map_err(StoreError::from)?)
        })
        .await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&MadeBody { key, keys }),
        StatusCode::CREATED,
    )
    .into_response())
}

pub(super) async fn revoke(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id: i64 = call
        .param("id")
        .parse()
        .map_err(|_| ApiError::NotFound(NO_KEY.into()))?;
    let keys = call
        .state
        .db
        .write(move |conn| -> Result<Vec<ApiKeyRow>, ApiError> {
            let name = api_keys::revoke(conn, id)
                .map_err(StoreError::from)?
                .ok_or_else(|| ApiError::NotFound(NO_KEY.into()))?;
            audit::record(conn, &staff.audit("revoked an API key", &name, ""))
                .map_err(StoreError::from)?;
            Ok(api_keys::list(conn).map_err(StoreError::from)?)
        })
        .await?;
    Ok(warp::reply::json(&ApiKeysBody { keys }).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keys_name_is_trimmed_and_bounded() {
        assert_eq!(
            key_name("  Careers site ").ok().as_deref(),
            Some("Careers site")
        );
        for bad in ["", "   ", "a\u{7}b", &"x".repeat(81)] {
            assert!(key_name(bad).is_err(), "{bad:?}");
        }
        assert!(key_name(&"é".repeat(80)).is_ok());
    }
}
