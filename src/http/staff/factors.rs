//! Second factors that are not passkeys (those are `passkeys`): authenticator codes (TOTP),
//! recovery codes, the code step of sign-in, and the team's rule of who must have one.
//!
//! - `POST /api/staff/login/code` `{code}` (`Need::Factor`): a session waiting for its
//!   second factor gives a code from its authenticator app or a recovery code. A code is
//!   good once (its 30-second step is kept; a recovery code is spent); failures count
//!   against the same limits as wrong passwords (429). Using a recovery code is audited and
//!   mailed to the account.
//! - `GET /api/staff/account/factors` (`Need::SetUp`): one's authenticator, passkeys and
//!   recovery codes left, and whether one's role needs a second factor.
//! - `POST /api/staff/account/authenticator`: a new secret (base32), its `otpauth://` URL and
//!   its QR code as SVG, drawn here; not in use until `.../confirm` `{code}` gets a first
//!   code from the app. `DELETE` removes it.
//! - `POST /api/staff/account/recovery-codes`: ten new codes, shown once; the old ones stop.
//! - `GET|PUT /api/staff/team/second-factor` `{required_roles}` (team area): which roles
//!   must have a second factor (Owner and Recruiter from the start).
//! - `POST /api/staff/team/accounts/{id}/reset-factors` (team area): removes another
//!   account's second factors and ends its sessions; audited and mailed to the account.
//!
//! - `POST /api/staff/account/confirm` `{password}` or `{code}` (`Need::SetUp`): the session
//!   gives its password or a second factor again (204); wrong ones count as failed sign-ins
//!   (422, then 429).
//!
//! The account's first factor comes with ten recovery codes, and marks the session that set
//! it up as past its second factor. The last factor of an account whose role needs one is
//! not removed (409). Adding or removing a factor and new recovery codes are refused (403)
//! unless the session gave its password or a second factor in the last
//! `sessions::CONFIRM_SECS` (at sign-in, or `.../confirm`): a stolen session cookie alone
//! adds no factor of its own. Each such change is mailed to the account.

use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::{FieldError, FieldErrors};
use crate::domain::roles::Role;
use crate::domain::second_factor::{recovery_codes, recovery_digest, TotpSecret};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::session::{self, unix_now, Staff};
use crate::http::staff::throttle::{self, throttle_key};
use crate::http::state::AppState;
use crate::metrics::Limit;
use crate::store::accounts;
use crate::store::audit;
use crate::store::factors::{self as store};
use crate::store::outbox::{self, Notice};
use crate::store::sessions::{self, FactorStep};
use crate::store::throttle::{forgive_attempt, record_failure, throttle_wait};
use crate::store::StoreError;

const WRONG_CODE: &str = "This code is not right, or it was already used.";
const HAS_AUTHENTICATOR: &str =
    "You already have an authenticator app. Remove it before setting up another.";
const NO_SET_UP: &str = "Start the set-up of an authenticator app first.";
pub(crate) const LAST_FACTOR: &str =
    "Your role needs a second factor: add another one before removing this one.";
const NO_FACTOR: &str =
    "Add a passkey or an authenticator app first: recovery codes stand in for them.";
const OWN_ACCOUNT: &str = "Use your account page to change your own second factor.";
const NO_SUCH_ACCOUNT: &str = "There is no such account.";
pub(crate) const CONFIRM_FIRST: &str =
    "Please confirm it is you: type your password, or a code from your authenticator app.";
const WRONG_PASSWORD: &str = "This is not your password.";
const PASSWORD_OR_CODE: &str = "Type your password, or a code from your authenticator app.";

/// A code typed: six digits from the authenticator app, or a recovery code.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct CodeGiven {
    code: String,
}

fn wrong_code() -> ApiError {
    let mut errors = FieldErrors::default();
    errors.add("code", FieldError::Choice(WRONG_CODE));
    invalid(errors)
}

/// How a code was good.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Accepted {
    Authenticator,
    RecoveryCode,
}

impl Accepted {
    /// As the audit log says it.
    fn how(self) -> &'static str {
        match self {
            Accepted::Authenticator => "authenticator app",
            Accepted::RecoveryCode => "recovery code",
        }
    }
}

/// Tells the account by mail that one of its recovery codes was used: one someone else
/// used would go unnoticed otherwise.
fn mail_recovery_code_used(conn: &Connection, staff: &Staff) -> rusqlite::Result<()> {
    outbox::enqueue_notice(conn, staff.id, &staff.email, Notice::RecoveryCodeUsed, "")
}

/// Checks `typed` against the account's authenticator and recovery codes, and spends it.
fn spend_code(
    conn: &Connection,
    staff_id: i64,
    typed: &str,
    now: i64,
) -> rusqlite::Result<Option<Accepted>> {
    if let Some(totp) = store::totp_of(conn, staff_id)?.filter(|totp| totp.confirmed) {
        let now = u64::try_from(now).unwrap_or(0);
        let step = TotpSecret::from_base32(&totp.secret)
            .ok()
            .and_then(|secret| secret.accept(typed, now, totp.last_used_step));
        if let Some(step) = step {
            // Refused when another request used this step (or a later one) meanwhile.
            return Ok(store::use_step(conn, staff_id, step)?.then_some(Accepted::Authenticator));
        }
    }
    match recovery_digest(typed) {
        Some(digest) => Ok(
            store::use_recovery_code(conn, staff_id, &digest)?.then_some(Accepted::RecoveryCode)
        ),
        None => Ok(None),
    }
}

pub(super) async fn give_code(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: CodeGiven = call.json().await?;
    let (state, client, headers) = (&call.state, call.client, &call.headers);
    if staff.session.second_factor() == FactorStep::Done {
        return Ok(session::session_body(&staff.session));
    }
    let typed: String = form.code.chars().take(64).collect();
    let key = throttle_key(client);
    let email_folded = staff.session.account.email.to_lowercase();
    let now = unix_now();
    let token_hash = staff.session.token_hash.clone();
    let outcome = state
        .db
        .write(
            move |conn| -> Result<Result<Option<Accepted>, i64>, StoreError> {
                let wait = throttle_wait(conn, &email_folded, &key, now)?;
                if wait > 0 {
                    return Ok(Err(wait));
                }
                let accepted = spend_code(conn, staff.id, &typed, now)?;
                match &accepted {
                    None => {
                        record_failure(conn, &email_folded, &key, now)?;
                        audit::record(conn, &staff.audit("second factor failed", "", ""))?;
                    }
                    Some(how) => {
                        sessions::factor_given(conn, &token_hash)?;
                        let detail = how.how();
                        audit::record(conn, &staff.audit("gave second factor", "", detail))?;
                        if let Accepted::RecoveryCode = how {
                            let left = store::recovery_codes_left(conn, staff.id)?;
                            audit::record(
                                conn,
                                &staff.audit("used a recovery code", "", &format!("{left} left")),
                            )?;
                            mail_recovery_code_used(conn, &staff)?;
                        }
                    }
                }
                Ok(Ok(accepted))
            },
        )
        .await?;
    match outcome {
        Err(wait) => {
            state.metrics.rate_limited(Limit::SignIn).inc();
            Err(ApiError::SignInThrottled {
                retry_after_secs: u64::try_from(wait).unwrap_or(1),
            })
        }
        Ok(None) => Err(wrong_code()),
        Ok(Some(_)) => current_session(state, headers).await,
    }
}

/// The session of this request as it now stands.
async fn current_session(state: &AppState, headers: &HeaderMap) -> Result<Response, ApiError> {
    let digest = session::session_token(headers)
        .map(crate::domain::staff::token_digest)
        .unwrap_or_default();
    let now = unix_now();
    let session = state
        .db
        .read(move |conn| Ok(sessions::live_session(conn, &digest, now)?))
        .await?
        .ok_or(ApiError::Unauthorized("Please sign in to continue."))?;
    Ok(session::session_body(&session))
}

/// The session gave its password or a second factor lately enough to change its factors
/// (`sessions::CONFIRM_SECS`), or 403 `CONFIRM_FIRST`: the UI then asks for one
/// (`.../confirm`) and tries again.
pub(crate) fn confirmed_lately(staff: &Staff) -> Result<(), ApiError> {
    if staff.session.recently_confirmed(unix_now()) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(CONFIRM_FIRST.into()))
    }
}

/// `POST /api/staff/account/confirm`: the password, or a code (authenticator or recovery).
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Confirmation {
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    password: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    code: Option<String>,
}

pub(super) async fn confirm_again(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: Confirmation = call.json().await?;
    let Call { state, client, .. } = call;
    let password = form.password.filter(|p| !p.is_empty());
    let code: Option<String> = form
        .code
        .map(|c| c.chars().take(64).collect())
        .filter(|c: &String| !c.trim().is_empty());
    if password.is_none() && code.is_none() {
        return Err(invalid(FieldErrors::one("password", PASSWORD_OR_CODE)));
    }
    if password
        .as_ref()
        .is_some_and(|p| p.chars().count() > crate::domain::staff::PASSWORD_MAX_CHARS)
    {
        return Err(invalid(FieldErrors::one("password", WRONG_PASSWORD)));
    }
    let by_password = password.is_some();
    let now = unix_now();
    let email = staff.session.account.email.to_lowercase();
    // Counted as a failed sign-in until it proves right.
    let (attempt, ()) = throttle::count_guess(&state, email, client, now, |_| Ok(())).await?;
    let right = match password {
        Some(password) => {
            let stored = staff.session.account.password_hash.clone();
            let checked = state
                .password_checks
                .run(move || crate::domain::staff::verify_password(&password, &stored))
                .await;
            match checked {
                Ok(right) => right.then_some("password"),
                Err(busy) => {
                    throttle::forgive_guess(&state, attempt).await?;
                    return Err(busy);
                }
            }
        }
        None => {
            let (typed, id) = (code.unwrap_or_default(), staff.id);
            let spent = state
                .db
                .write(move |conn| Ok::<_, StoreError>(spend_code(conn, id, &typed, now)?))
                .await?;
            spent.map(Accepted::how)
        }
    };
    let token_hash = staff.session.token_hash.clone();
    state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            match right {
                Some(how) => {
                    forgive_attempt(conn, attempt)?;
                    sessions::confirm_session(conn, &token_hash, now)?;
                    audit::record(conn, &staff.audit("confirmed it was them", "", how))?;
                    if how == Accepted::RecoveryCode.how() {
                        mail_recovery_code_used(conn, &staff)?;
                    }
                }
                None => audit::record(conn, &staff.audit("confirmation failed", "", ""))?,
            }
            Ok(())
        })
        .await?;
    match (right, by_password) {
        (Some(_), _) => Ok(StatusCode::NO_CONTENT.into_response()),
        (None, true) => Err(invalid(FieldErrors::one("password", WRONG_PASSWORD))),
        (None, false) => Err(wrong_code()),
    }
}

/// One's second factors.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SecondFactors {
    /// A confirmed authenticator app.
    authenticator: bool,
    passkeys: Vec<PasskeyRow>,
    recovery_codes_left: i64,
    /// One's role needs a second factor: the last one cannot be removed.
    required: bool,
    /// When this session signed in (UTC, ISO 8601): a passkey added since is named on the
    /// password change, which offers to remove it.
    signed_in_at: String,
}

/// A passkey as its holder sees it (times in UTC, ISO 8601).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasskeyRow {
    #[cfg_attr(test, ts(type = "number"))]
    id: i64,
    name: String,
    created_at: String,
    last_used_at: Option<String>,
}

impl From<store::PasskeyRow> for PasskeyRow {
    fn from(row: store::PasskeyRow) -> PasskeyRow {
        PasskeyRow {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
        }
    }
}

pub(super) async fn list(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    let staff_id = staff.id;
    let (totp, passkeys, left, account) = state
        .db
        .read(move |conn| {
            Ok((
                store::totp_of(conn, staff_id)?,
                store::passkeys_of(conn, staff_id)?,
                store::recovery_codes_left(conn, staff_id)?,
                accounts::account_by_id(conn, staff_id)?,
            ))
        })
        .await?;
    Ok(warp::reply::json(&SecondFactors {
        authenticator: totp.is_some_and(|totp| totp.confirmed),
        passkeys: passkeys.into_iter().map(PasskeyRow::from).collect(),
        recovery_codes_left: left,
        required: account.is_some_and(|account| account.factors.required),
        signed_in_at: crate::http::staff::account::iso(staff.session.created_at),
    })
    .into_response())
}

/// An authenticator's set-up: what the app is given.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AuthenticatorSetUp {
    /// The secret in base32, in groups of four for typing.
    secret: String,
    otpauth_url: String,
    /// The QR code of `otpauth_url`, an SVG document.
    qr_svg: String,
}

pub(super) async fn begin_authenticator(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    confirmed_lately(&staff)?;
    let secret = TotpSecret::generate().map_err(ApiError::unexpected)?;
    let issuer = crate::mail::compose::SITE_NAME;
    let answer = AuthenticatorSetUp {
        secret: grouped(&secret.base32()),
        otpauth_url: secret
            .otpauth_url(issuer, &staff.email)
            .map_err(ApiError::unexpected)?,
        qr_svg: secret
            .qr_svg(issuer, &staff.email)
            .map_err(ApiError::unexpected)?,
    };
    let text = secret.base32();
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            if store::totp_of(conn, staff.id)
                .map_err(StoreError::from)?
                .is_some_and(|totp| totp.confirmed)
            {
                return Err(ApiError::Conflict(HAS_AUTHENTICATOR.into()));
            }
            store::begin_totp(conn, staff.id, &text).map_err(StoreError::from)?;
            Ok(())
        })
        .await?;
    Ok(warp::reply::json(&answer).into_response())
}

/// `ABCD EFGH ...`: easier to copy by hand.
fn grouped(text: &str) -> String {
    text.as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What adding a factor (or asking for new recovery codes) answers.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FactorAdded {
    /// Shown once: ten codes when this is the account's first factor (or new ones were
    /// asked for), else none.
    pub(crate) recovery_codes: Vec<String>,
}

/// Runs `add` (which adds a factor, or answers `None` for nothing added) with the account's
/// first factor's consequences: ten recovery codes when it has none, and this session past
/// its second factor.
pub(crate) async fn with_first_factor<T, F>(
    state: &AppState,
    staff: &Staff,
    add: F,
) -> Result<(Option<T>, Vec<String>), ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Connection, &Staff) -> Result<Option<T>, StoreError> + Send + 'static,
{
    let codes = recovery_codes().map_err(ApiError::unexpected)?;
    let staff = staff.clone();
    let added = state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            let Some(added) = add(conn, &staff)? else {
                return Ok((None, Vec::new()));
            };
            sessions::factor_given(conn, &staff.session.token_hash)?;
            if store::recovery_codes_left(conn, staff.id)? > 0 {
                return Ok((Some(added), Vec::new()));
            }
            let digests: Vec<String> = codes.iter().filter_map(|c| recovery_digest(c)).collect();
            store::replace_recovery_codes(conn, staff.id, &digests)?;
            audit::record(conn, &staff.audit("made recovery codes", "", "10"))?;
            Ok((Some(added), codes))
        })
        .await?;
    Ok(added)
}

/// Runs `remove` (which removes a factor, `false` when there was none), unless the account
/// would be left without a factor while its role needs one (409, nothing removed).
pub(crate) async fn remove_a_factor<F>(
    state: &AppState,
    staff: Staff,
    remove: F,
) -> Result<bool, ApiError>
where
    F: FnOnce(&Connection, &Staff) -> Result<bool, StoreError> + Send + 'static,
{
    state
        .db
        .write(move |conn| -> Result<bool, ApiError> {
            if !remove(conn, &staff)? {
                return Ok(false);
            }
            // Returning the error rolls the removal back.
            factors_left(conn, staff.id).map_err(|left| match left {
                Left::NoneButRequired => ApiError::Conflict(LAST_FACTOR.into()),
                Left::Store(err) => err.into(),
            })?;
            Ok(true)
        })
        .await
}

/// Why removing factors cannot stand.
pub(crate) enum Left {
    /// The account's role needs a second factor and none would be left (`LAST_FACTOR`).
    NoneButRequired,
    Store(StoreError),
}

/// After factors of account `staff_id` were removed (in the same transaction): refused when
/// none is left and its role needs one; with none left, its recovery codes go too (they
/// stand in for a factor).
pub(crate) fn factors_left(conn: &Connection, staff_id: i64) -> Result<(), Left> {
    let store_err = |err: rusqlite::Error| Left::Store(err.into());
    let left = accounts::account_by_id(conn, staff_id)
        .map_err(store_err)?
        .map(|account| account.factors);
    if left.is_some_and(|f| f.required && !f.any()) {
        return Err(Left::NoneButRequired);
    }
    if left.is_some_and(|f| !f.any()) {
        store::replace_recovery_codes(conn, staff_id, &[]).map_err(store_err)?;
    }
    Ok(())
}

pub(super) async fn confirm_authenticator(
    mut call: Call,
    staff: Staff,
) -> Result<Response, ApiError> {
    confirmed_lately(&staff)?;
    let form: CodeGiven = call.json().await?;
    let state = call.state;
    let now = u64::try_from(unix_now()).unwrap_or(0);
    let pending = {
        let staff_id = staff.id;
        state
            .db
            .read(move |conn| Ok(store::totp_of(conn, staff_id)?))
            .await?
    };
    let totp = match pending {
        Some(totp) if totp.confirmed => return Err(ApiError::Conflict(HAS_AUTHENTICATOR.into())),
        Some(totp) => totp,
        None => return Err(ApiError::Conflict(NO_SET_UP.into())),
    };
    let secret = TotpSecret::from_base32(&totp.secret).map_err(ApiError::unexpected)?;
    let step = secret
        .accept(&form.code, now, totp.last_used_step)
        .ok_or_else(wrong_code)?;
    let (confirmed, codes) = with_first_factor(&state, &staff, move |conn, staff| {
        // The secret confirmed is the one the code was checked against: a set-up started
        // again meanwhile (another tab) has another secret, and this code does not confirm it.
        let still = store::totp_of(conn, staff.id)?.is_some_and(|now| now.secret == totp.secret);
        if !still || !store::use_step(conn, staff.id, step)? {
            return Ok(None);
        }
        audit::record(conn, &staff.audit("set up an authenticator app", "", ""))?;
        outbox::enqueue_notice(
            conn,
            staff.id,
            &staff.email,
            Notice::FactorAdded,
            "an authenticator app",
        )?;
        Ok(Some(()))
    })
    .await?;
    if confirmed.is_none() {
        return Err(wrong_code());
    }
    Ok(warp::reply::json(&FactorAdded {
        recovery_codes: codes,
    })
    .into_response())
}

pub(super) async fn remove_authenticator(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    confirmed_lately(&staff)?;
    let removed = remove_a_factor(&state, staff, |conn, staff| {
        let removed = store::remove_totp(conn, staff.id)?;
        if removed {
            audit::record(conn, &staff.audit("removed the authenticator app", "", ""))?;
            outbox::enqueue_notice(
                conn,
                staff.id,
                &staff.email,
                Notice::FactorRemoved,
                "the authenticator app",
            )?;
        }
        Ok(removed)
    })
    .await?;
    if removed {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::NotFound(
            "There is no authenticator app on your account.".into(),
        ))
    }
}

pub(super) async fn new_recovery_codes(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    confirmed_lately(&staff)?;
    if !staff.session.account.factors.any() {
        return Err(ApiError::Conflict(NO_FACTOR.into()));
    }
    let codes = recovery_codes().map_err(ApiError::unexpected)?;
    let digests: Vec<String> = codes.iter().filter_map(|c| recovery_digest(c)).collect();
    state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            store::replace_recovery_codes(conn, staff.id, &digests)?;
            audit::record(
                conn,
                &staff.audit("made recovery codes", "", "10, the old ones stopped"),
            )?;
            outbox::enqueue_notice(conn, staff.id, &staff.email, Notice::RecoveryCodesMade, "")?;
            Ok(())
        })
        .await?;
    Ok(warp::reply::json(&FactorAdded {
        recovery_codes: codes,
    })
    .into_response())
}

/// Which roles must have a second factor.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FactorPolicy {
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    required_roles: Vec<String>,
}

pub(super) async fn policy(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let roles = call
        .state
        .db
        .read(|conn| Ok(store::required_roles(conn)?))
        .await?;
    Ok(warp::reply::json(&FactorPolicy {
        required_roles: roles.iter().map(|r| r.as_str().to_owned()).collect(),
    })
    .into_response())
}

pub(super) async fn set_policy(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: FactorPolicy = call.json().await?;
    let state = call.state;
    let mut roles = Vec::new();
    for name in &form.required_roles {
        match Role::parse(name) {
            Some(role) => roles.push(role),
            None => {
                let mut errors = FieldErrors::default();
                errors.add(
                    "required_roles",
                    FieldError::Choice("Choose among owner, editor, recruiter and sales."),
                );
                return Err(invalid(errors));
            }
        }
    }
    roles.sort();
    roles.dedup();
    let names: Vec<String> = roles.iter().map(|r| r.as_str().to_owned()).collect();
    let detail = if names.is_empty() {
        "no role".to_owned()
    } else {
        names.join(", ")
    };
    state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            store::set_required_roles(conn, &roles)?;
            audit::record(
                conn,
                &staff.audit("changed who needs a second factor", "", &detail),
            )?;
            Ok(())
        })
        .await?;
    Ok(warp::reply::json(&FactorPolicy {
        required_roles: names,
    })
    .into_response())
}

pub(super) async fn reset(call: Call, staff: Staff) -> Result<Response, ApiError> {
    // Parsed after the gate: a path that is no account's answers 404 to those who may ask.
    let id: i64 = call
        .param("id")
        .parse()
        .map_err(|_| ApiError::NotFound(NO_SUCH_ACCOUNT.into()))?;
    if staff.id == id {
        return Err(ApiError::Conflict(OWN_ACCOUNT.into()));
    }
    call.state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            let account = accounts::account_by_id(conn, id)
                .map_err(StoreError::from)?
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_ACCOUNT.into()))?;
            store::reset_factors(conn, id).map_err(StoreError::from)?;
            audit::record(
                conn,
                &staff.audit("reset second factor", &account.email, "sessions ended"),
            )
            .map_err(StoreError::from)?;
            outbox::enqueue_notice(conn, id, &account.email, Notice::FactorsReset, "")
                .map_err(StoreError::from)?;
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
