//! Passkeys (WebAuthn, with webauthn-rs): signing in with one alone, or after the password,
//! and adding, renaming and removing one's own.
//!
//! Without a session (only from the site's own pages, else 403):
//! - `POST /api/staff/passkey/options`: a sign-in challenge for discoverable credentials (no
//!   email typed: the authenticator offers the site's passkeys). 409 when passkeys cannot
//!   work on this site's address (an IP address has no relying party ID).
//! - `POST /api/staff/passkey/sign-in` `{challenge_id, credential}`: checks the browser's
//!   answer against the challenge (single use, `CHALLENGE_SECS`), the credential's public
//!   key and its signature counter, and signs in with the second factor given. A session
//!   of the same browser still waiting for its second factor is ended. 401 otherwise, with
//!   the same message whatever failed; failures count against the address's sign-in limit.
//!
//! Behind the gate (`Need::SetUp`: a session past its second factor, or one that must set
//! one up):
//! - `POST /api/staff/account/passkeys/options`: a registration challenge (resident key,
//!   user verification required; the account's passkeys are excluded).
//! - `POST /api/staff/account/passkeys` `{challenge_id, name, credential}`: keeps the passkey
//!   (201); the account's first factor comes with its recovery codes (`factors`).
//! - `PATCH /api/staff/account/passkeys/{id}` `{name}`, `DELETE ...`: one's own; the last
//!   factor of an account whose role needs one is not removed (409).
//!
//! The relying party is the site's name (`relying_party`, built once at start).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};
use webauthn_rs_proto::{AllowCredentials, ResidentKeyRequirement};

use crate::domain::fields::{FieldError, FieldErrors};
use crate::domain::staff::{random_token, token_digest};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::factors::{self, PasskeyRow};
use crate::http::staff::session::{self, unix_now, Staff};
use crate::http::staff::throttle::{audit_wrong_guess, count_guess, throttle_key};
use crate::http::state::AppState;
use crate::office::Actor;
use crate::store::accounts;
use crate::store::audit;
use crate::store::factors::{self as store, Ceremony};
use crate::store::outbox::{self, Notice};
use crate::store::sessions::{self, FactorStep};
use crate::store::throttle::forgive_attempt;
use crate::store::StoreError;

/// How long a challenge can be answered.
pub const CHALLENGE_SECS: i64 = 5 * 60;
/// The longest name of a passkey.
pub const NAME_MAX_CHARS: usize = 60;

const NOT_SIGNED_IN: &str =
    "This passkey did not sign you in. Try again, or sign in with your password.";
const REQUEST_GONE: &str = "This passkey request has expired. Please try again.";
const NOT_ACCEPTED: &str =
    "The browser's answer for this passkey could not be checked. Please try again.";
const ALREADY_KEPT: &str = "This passkey is already registered.";
pub(crate) const NO_SUCH_PASSKEY: &str = "There is no such passkey on your account.";

/// A credential's ID as stored and looked up: base64url without padding.
fn credential_key(raw: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(raw)
}

/// A ceremony's challenge for the browser: `options` go to `navigator.credentials`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasskeyChallenge {
    challenge_id: String,
    /// `{publicKey: ...}` as WebAuthn's JSON form writes it (binary fields in base64url).
    #[cfg_attr(test, ts(type = "{ publicKey: Record<string, unknown> }"))]
    options: serde_json::Value,
}

/// Keeps a ceremony's state and answers its challenge.
async fn challenge<T: Serialize, S: Serialize>(
    state: &AppState,
    staff_id: Option<i64>,
    ceremony: Ceremony,
    options: T,
    kept: &S,
) -> Result<Response, ApiError> {
    let id = random_token().map_err(ApiError::unexpected)?;
    let kept = serde_json::to_string(kept).map_err(ApiError::unexpected)?;
    let now = unix_now();
    {
        let id = id.clone();
        state
            .db
            .write(move |conn| {
                Ok::<_, StoreError>(store::put_challenge(
                    conn,
                    &id,
                    staff_id,
                    ceremony,
                    &kept,
                    now,
                    now + CHALLENGE_SECS,
                )?)
            })
            .await?;
    }
    Ok(warp::reply::json(&PasskeyChallenge {
        challenge_id: id,
        options: serde_json::to_value(options).map_err(ApiError::unexpected)?,
    })
    .into_response())
}

/// Takes a ceremony's state: once, while it lasts, for whom it was made.
async fn take<S: for<'de> Deserialize<'de>>(
    state: &AppState,
    id: String,
    staff_id: Option<i64>,
    ceremony: Ceremony,
) -> Result<Option<S>, ApiError> {
    let now = unix_now();
    let kept = state
        .db
        .write(move |conn| {
            Ok::<_, StoreError>(store::take_challenge(conn, &id, staff_id, ceremony, now)?)
        })
        .await?;
    Ok(kept.and_then(|kept| serde_json::from_str(&kept).ok()))
}

pub(super) async fn sign_in_options(call: Call) -> Result<Response, ApiError> {
    let (state, client, headers) = (&call.state, call.client, &call.headers);
    // Each challenge is a row until it expires: as many as form posts, no more.
    state.form_limit.check(client)?;
    let webauthn = state.passkeys.webauthn()?;
    let (mut options, kept) = webauthn
        .start_discoverable_authentication()
        .map_err(ApiError::unexpected)?;
    // A button press, not the address field's autofill: the browser asks at once.
    options.mediation = None;
    // After the password, the waiting session's passkeys are named, so that one the
    // authenticator could not keep (a security key) is found too. The name is only a hint to
    // the browser: the answer is checked against the credential it names, whichever it is.
    if let Some(digest) = session::session_token(headers).map(token_digest) {
        let now = unix_now();
        let credentials = state
            .db
            .read(move |conn| {
                let Some(session) = sessions::live_session(conn, &digest, now)? else {
                    return Ok(Vec::new());
                };
                if session.second_factor() != FactorStep::Give {
                    return Ok(Vec::new());
                }
                Ok(store::credentials_of(conn, session.account.id)?)
            })
            .await?;
        options.public_key.allow_credentials = credentials
            .iter()
            .filter_map(|stored| serde_json::from_str::<Passkey>(&stored.passkey).ok())
            .map(|passkey| AllowCredentials {
                type_: "public-key".to_owned(),
                id: passkey.cred_id().clone(),
                transports: None,
            })
            .collect();
    }
    challenge(state, None, Ceremony::Authenticate, options, &kept).await
}

/// `POST /api/staff/passkey/sign-in`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasskeySignIn {
    challenge_id: String,
    /// The browser's `PublicKeyCredential`, as its `toJSON()` writes it.
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    credential: PublicKeyCredential,
}

pub(super) async fn sign_in_with(mut call: Call) -> Result<Response, ApiError> {
    let form: PasskeySignIn = call.json().await?;
    let (state, client, headers) = (&call.state, call.client, &call.headers);
    // No account is named before the passkey answers: its failures are counted under the
    // address (with wrong passwords from it), and under a name of its own so that one
    // address's tries never throttle another's. Counted as a failed sign-in before it is
    // judged, and forgiven when it signs in (as passwords are).
    let who = format!("passkey from {}", throttle_key(client));
    let now = unix_now();
    let (attempt, ()) = count_guess(state, who, client, now, |_| Ok(())).await?;
    let webauthn = state.passkeys.webauthn()?;
    let kept: Option<DiscoverableAuthentication> = take(
        state,
        form.challenge_id.clone(),
        None,
        Ceremony::Authenticate,
    )
    .await?;
    let credential = credential_key(form.credential.get_credential_id());
    let stored = {
        let credential = credential.clone();
        state
            .db
            .read(move |conn| Ok(store::passkey_by_credential(conn, &credential)?))
            .await?
    };
    let outcome = match (kept, stored) {
        (Some(kept), Some(stored)) => {
            // The handle the authenticator sent, when it sent one, is the account's.
            let owner_handle = {
                let staff_id = stored.staff_id;
                state
                    .db
                    .read(move |conn| Ok(store::passkey_user_id_of(conn, staff_id)?))
                    .await?
            };
            let handle_ok = match form.credential.get_user_unique_id() {
                None => true,
                Some(handle) => Uuid::from_slice(handle)
                    .ok()
                    .zip(owner_handle)
                    .is_some_and(|(sent, owner)| sent.to_string() == owner),
            };
            match serde_json::from_str::<Passkey>(&stored.passkey) {
                Ok(mut passkey) if handle_ok => webauthn
                    .finish_discoverable_authentication_v2(&form.credential, kept, &passkey)
                    .ok()
                    .filter(|result| result.user_verified())
                    .map(|result| {
                        passkey.update_credential(&result);
                        (stored, passkey)
                    }),
                _ => None,
            }
        }
        _ => None,
    };
    let Some((stored, passkey)) = outcome else {
        let detail = format!(
            "credential {}",
            credential.chars().take(16).collect::<String>()
        );
        let actor = Actor {
            name: String::new(),
            client_addr: client.to_string(),
        };
        audit_wrong_guess(state, actor, "passkey sign-in failed", detail).await?;
        return Err(ApiError::Unauthorized(NOT_SIGNED_IN));
    };
    let updated = serde_json::to_string(&passkey).map_err(ApiError::unexpected)?;
    let waiting = session::session_token(headers).map(token_digest);
    let account = state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            forgive_attempt(conn, attempt)?;
            store::passkey_used(conn, stored.id, &updated)?;
            if let Some(waiting) = waiting {
                // The same browser's session that waited for this second factor.
                sessions::end_session(conn, &waiting)?;
            }
            Ok(accounts::account_by_id(conn, stored.staff_id)?)
        })
        .await?
        .ok_or(ApiError::Unauthorized(NOT_SIGNED_IN))?;
    call.start_session(
        account.id,
        &account.email,
        "signed in with a passkey",
        true,
        now,
    )
    .await
}

pub(super) async fn register_options(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    factors::confirmed_lately(&staff)?;
    let webauthn = state.passkeys.webauthn()?;
    let fresh = Uuid::new_v4().to_string();
    let staff_id = staff.id;
    let (handle, existing) = state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            let handle = store::passkey_user_id(conn, staff_id, &fresh)?;
            Ok((handle, store::credentials_of(conn, staff_id)?))
        })
        .await?;
    let handle = Uuid::parse_str(&handle).map_err(ApiError::unexpected)?;
    let exclude: Vec<_> = existing
        .iter()
        .filter_map(|stored| serde_json::from_str::<Passkey>(&stored.passkey).ok())
        .map(|passkey| passkey.cred_id().clone())
        .collect();
    let (mut options, kept) = webauthn
        .start_passkey_registration(handle, &staff.email, &staff.name, Some(exclude))
        .map_err(ApiError::unexpected)?;
    // Kept on the authenticator (discoverable) where it can be, so that signing in needs no
    // email: the browser offers the site's passkeys itself. A security key that cannot keep
    // it still serves after the password (`sign_in_options` names the account's passkeys).
    if let Some(selection) = options.public_key.authenticator_selection.as_mut() {
        selection.resident_key = Some(ResidentKeyRequirement::Preferred);
        selection.require_resident_key = false;
    }
    challenge(&state, Some(staff.id), Ceremony::Register, options, &kept).await
}

/// `POST /api/staff/account/passkeys`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct NewPasskey {
    challenge_id: String,
    name: String,
    /// The browser's answer to `navigator.credentials.create`, as its `toJSON()` writes it.
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    credential: RegisterPublicKeyCredential,
}

/// `PATCH /api/staff/account/passkeys/{id}`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasskeyName {
    name: String,
}

/// A passkey's name, trimmed: 1 to `NAME_MAX_CHARS` characters, one line.
fn passkey_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let mut errors = FieldErrors::default();
    if name.is_empty() {
        errors.add("name", FieldError::Required);
    } else if name.chars().count() > NAME_MAX_CHARS {
        errors.add(
            "name",
            FieldError::TooLong {
                max: NAME_MAX_CHARS,
            },
        );
    } else if name.chars().any(char::is_control) {
        errors.add("name", FieldError::ControlCharacter);
    }
    if errors.is_empty() {
        Ok(name.to_owned())
    } else {
        Err(invalid(errors))
    }
}

pub(super) async fn register(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    factors::confirmed_lately(&staff)?;
    let form: NewPasskey = call.json().await?;
    let state = call.state;
    let name = passkey_name(&form.name)?;
    let webauthn = state.passkeys.webauthn()?;
    let kept: PasskeyRegistration = take(
        &state,
        form.challenge_id.clone(),
        Some(staff.id),
        Ceremony::Register,
    )
    .await?
    .ok_or_else(|| ApiError::BadRequest(REQUEST_GONE.into()))?;
    let passkey = webauthn
        .finish_passkey_registration(&form.credential, &kept)
        .map_err(|err| {
            tracing::info!(error = %err, "a passkey registration did not check out");
            ApiError::BadRequest(NOT_ACCEPTED.into())
        })?;
    let credential = credential_key(passkey.cred_id().as_ref());
    let json = serde_json::to_string(&passkey).map_err(ApiError::unexpected)?;
    let added = factors::with_first_factor(&state, &staff, move |conn, staff| {
        let Some(row) = store::add_passkey(conn, staff.id, &credential, &name, &json)? else {
            return Ok(None);
        };
        audit::record(conn, &staff.audit("added a passkey", &row.name, ""))?;
        let what = format!("a passkey named \u{201c}{}\u{201d}", row.name);
        outbox::enqueue_notice(conn, staff.id, &staff.email, Notice::FactorAdded, &what)?;
        Ok(Some(row))
    })
    .await?;
    match added {
        (Some(row), recovery_codes) => Ok(warp::reply::with_status(
            warp::reply::json(&PasskeyAdded {
                passkey: PasskeyRow::from(row),
                recovery_codes,
            }),
            StatusCode::CREATED,
        )
        .into_response()),
        (None, _) => Err(ApiError::Conflict(ALREADY_KEPT.into())),
    }
}

/// A passkey kept, and the recovery codes that came with the account's first factor.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasskeyAdded {
    passkey: PasskeyRow,
    /// Shown once: ten codes when this is the account's first factor, else none.
    recovery_codes: Vec<String>,
}

pub(super) async fn rename(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = passkey_id(call.param("id"))?;
    let form: PasskeyName = call.json().await?;
    let name = passkey_name(&form.name)?;
    let renamed = call
        .state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            let renamed = store::rename_passkey(conn, staff.id, id, &name)?;
            if let Some(row) = &renamed {
                audit::record(conn, &staff.audit("renamed a passkey", &row.name, ""))?;
            }
            Ok(renamed)
        })
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_PASSKEY.into()))?;
    Ok(warp::reply::json(&PasskeyRow::from(renamed)).into_response())
}

/// A passkey's id from its path (after the gate, so a stranger learns nothing of ids).
fn passkey_id(text: &str) -> Result<i64, ApiError> {
    text.parse()
        .map_err(|_| ApiError::NotFound(NO_SUCH_PASSKEY.into()))
}

pub(super) async fn remove(call: Call, staff: Staff) -> Result<Response, ApiError> {
    factors::confirmed_lately(&staff)?;
    let id = passkey_id(call.param("id"))?;
    factors::remove_a_factor(&call.state, staff, move |conn, staff| {
        remove_own(conn, staff, id)
    })
    .await?
    .then(|| StatusCode::NO_CONTENT.into_response())
    .ok_or_else(|| ApiError::NotFound(NO_SUCH_PASSKEY.into()))
}

/// Removes passkey `id` of `staff`'s own account, audited and mailed to the account;
/// `false` when it has no such passkey. (What must be left is the caller's check:
/// `factors::factors_left`.)
pub(crate) fn remove_own(
    conn: &rusqlite::Connection,
    staff: &Staff,
    id: i64,
) -> Result<bool, StoreError> {
    let name: Option<String> = store::passkeys_of(conn, staff.id)?
        .into_iter()
        .find(|row| row.id == id)
        .map(|row| row.name);
    let Some(name) = name else { return Ok(false) };
    store::remove_passkey(conn, staff.id, id)?;
    audit::record(conn, &staff.audit("removed a passkey", &name, ""))?;
    let what = format!("the passkey named \u{201c}{name}\u{201d}");
    outbox::enqueue_notice(conn, staff.id, &staff.email, Notice::FactorRemoved, &what)?;
    Ok(true)
}
