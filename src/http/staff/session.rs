//! The gate every staff endpoint stands behind, and the session it checks: `Staff` (who is
//! asking), `Need` (what a row asks of the session) and `check`, the session's cookie and
//! CSRF header, and starting a session (sign-in, a password change, a passkey).
//!
//! The session cookie holds a 256-bit random token (the database keeps its SHA-256);
//! `HttpOnly`, `SameSite=Strict`, `Path=/`, and `Secure` when `--public-url` is https, the
//! server serves HTTPS itself, or a proxy says the request came over https. Every change (any method but GET and HEAD) must
//! come from the site's own pages (`Origin`, else `Referer`) and carry the session's CSRF
//! token in `X-CSRF-Token`, or it is refused with 403.

use std::net::IpAddr;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use warp::http::{header, HeaderMap, HeaderValue};
use warp::reply::Response;
use warp::Reply;

use crate::domain::roles::{Area, Role, Roles};
use crate::domain::staff::{random_token, same_secret, token_digest};
use crate::http::plumbing::error::ApiError;
use crate::http::state::AppState;
use crate::office::Actor;
use crate::store::accounts;
use crate::store::audit::{self, Audit};
use crate::store::sessions::{self, FactorStep, NewSession, Session, ABSOLUTE_SECS};
use crate::store::StoreError;

pub const COOKIE: &str = "corpsite_staff";
pub const CSRF_HEADER: &str = "x-csrf-token";

const NO_SESSION: &str = "Please sign in to continue.";
pub(crate) const NOT_FROM_SITE: &str = "This change can only be made from the site's own pages.";
const BAD_CSRF: &str = "This change was refused. Please reload the page and try again.";
const NOTHING_HERE: &str = "There is nothing at this address.";
const CHANGE_PASSWORD_FIRST: &str = "Please choose a new password before going on.";
pub(crate) const FINISH_SECOND_FACTOR: &str = "Please finish signing in with your second factor.";

/// A staff member whose session checked out, and where the request came from.
#[derive(Debug, Clone)]
pub struct Staff {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub roles: Roles,
    /// The client's address, as the audit log keeps it.
    pub client_addr: String,
    pub(crate) session: Session,
}

impl Staff {
    /// The name of this request's session among the account's (`LiveSession::key`).
    pub(crate) fn session_key(&self) -> &str {
        self.session
            .token_hash
            .get(..sessions::SESSION_KEY_LEN)
            .unwrap_or(&self.session.token_hash)
    }

    /// Who this staff member is to an office operation (`crate::office`).
    pub fn actor(&self) -> Actor {
        Actor {
            name: self.email.clone(),
            client_addr: self.client_addr.clone(),
        }
    }

    /// An audit entry of something this staff member did, from where they are.
    pub fn audit<'a>(&'a self, action: &'a str, subject: &'a str, detail: &'a str) -> Audit<'a> {
        Audit {
            actor: &self.email,
            action,
            subject,
            detail,
            client_addr: &self.client_addr,
        }
    }
}

/// What an endpoint asks of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// No session: signing in, a forgotten password, an invite or the set-up link. A change
    /// must still come from the site's own pages.
    Open,
    /// Any session, even one that must change its one-time password first (the session
    /// itself, signing out).
    Session,
    /// Any account past its one-time password and second factor, whatever its roles.
    Account,
    /// The password change: a session with a one-time password, or one past its second factor.
    Password,
    /// Giving the second factor at sign-in: any session past its one-time password.
    Factor,
    /// Setting up one's second factors: a session past them, or one that must set one up.
    SetUp,
    /// One area (`domain::roles`).
    Area(Area),
    /// The area of the inbox list the path's `{list}` names.
    List,
}

/// The staff member asking, or why not: 401 without a live session; 403 for a change
/// that does not come from the site's own pages with the session's CSRF token, for a
/// session that must change its one-time password first, and for an account whose roles do
/// not hold the row's area (the message names it); 404 for a list that does not exist
/// (`need` None). `Need::List` comes resolved, as the `Need::Area` of the path's list.
pub(crate) async fn check(
    state: &AppState,
    client: IpAddr,
    headers: &HeaderMap,
    need: Option<Need>,
    change: bool,
) -> Result<Staff, ApiError> {
    let token = session_token(headers).ok_or(ApiError::Unauthorized(NO_SESSION))?;
    let digest = token_digest(token);
    let now = unix_now();
    let session = {
        let digest = digest.clone();
        state
            .db
            .read(move |conn| Ok(sessions::live_session(conn, &digest, now)?))
            .await?
    }
    .ok_or(ApiError::Unauthorized(NO_SESSION))?;
    let Some(need) = need.filter(|need| !matches!(need, Need::Open | Need::List)) else {
        return Err(ApiError::NotFound(NOTHING_HERE.into()));
    };
    if change {
        if !state.origins.is_same_site(headers) {
            return Err(ApiError::Forbidden(NOT_FROM_SITE.into()));
        }
        let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
        if !sent.is_some_and(|sent| same_secret(sent, &session.csrf_token)) {
            return Err(ApiError::Forbidden(BAD_CSRF.into()));
        }
    }
    // A one-time password is changed first, then the second factor is given (or set up).
    let first_password = session.account.must_change_password;
    let step = session.second_factor();
    let allowed = match need {
        Need::Session => true,
        Need::Password => first_password || step == FactorStep::Done,
        Need::Factor => !first_password,
        Need::SetUp => !first_password && step != FactorStep::Give,
        _ => !first_password && step == FactorStep::Done,
    };
    if !allowed {
        return Err(ApiError::Forbidden(
            if first_password {
                CHANGE_PASSWORD_FIRST
            } else {
                FINISH_SECOND_FACTOR
            }
            .into(),
        ));
    }
    if let Need::Area(area) = need {
        if !session.account.roles.may(area) {
            return Err(ApiError::Forbidden(format!(
                "Your role does not include {}. Ask an owner of the team if you need it.",
                area.label()
            )));
        }
    }
    if sessions::needs_touch(&session, now) {
        // Only a note of the session's last use: when it cannot be written (a full disk), the
        // staff can still read and erase, which is how they free the disk.
        let touched = state
            .db
            .write(move |conn| Ok::<_, StoreError>(sessions::touch_session(conn, &digest, now)?))
            .await;
        if let Err(err) = touched {
            tracing::warn!(error = %err, "cannot note a staff session's last use");
        }
    }
    Ok(Staff {
        id: session.account.id,
        email: session.account.email.clone(),
        name: session.account.name.clone(),
        roles: session.account.roles.clone(),
        client_addr: client.to_string(),
        session,
    })
}

/// The session cookie's token, if the request has one.
pub(crate) fn session_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|line| line.split(';'))
        .find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == COOKIE && !value.is_empty()).then_some(value)
        })
}

pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// What the UI knows of its session (sign-in, the session, a password change answer it).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StaffSession"))]
pub(crate) struct SessionBody<'a> {
    email: &'a str,
    name: &'a str,
    csrf_token: &'a str,
    must_change_password: bool,
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: &'a [Role],
    /// The areas the roles reach: the UI offers only their screens.
    #[cfg_attr(test, ts(type = "Array<Area>"))]
    areas: Vec<Area>,
    /// `give` or `set_up`: nothing but that step works until it is done.
    second_factor: FactorStep,
    /// How this account can give its second factor: `code` (its authenticator app, or a
    /// recovery code), `passkey`.
    second_factor_ways: Vec<FactorWay>,
}

/// A way to give the second factor at sign-in.
#[derive(Serialize, Clone, Copy)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub(crate) enum FactorWay {
    Code,
    Passkey,
}

pub(crate) fn session_body(session: &Session) -> Response {
    let factors = session.account.factors;
    let mut ways = Vec::new();
    if factors.authenticator || factors.recovery_codes {
        ways.push(FactorWay::Code);
    }
    if factors.passkey {
        ways.push(FactorWay::Passkey);
    }
    warp::reply::json(&SessionBody {
        email: &session.account.email,
        name: &session.account.name,
        csrf_token: &session.csrf_token,
        must_change_password: session.account.must_change_password,
        roles: session.account.roles.as_slice(),
        areas: session.account.roles.areas(),
        second_factor: session.second_factor(),
        second_factor_ways: ways,
    })
    .into_response()
}

/// Creates a session, audits `action`, and answers it with its cookie. Unless
/// `factor_given` (a passkey, or a session that had given its factor), the session waits for
/// the account's second factor when it has one or its role needs one.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn start_session(
    state: &AppState,
    staff_id: i64,
    email: &str,
    client_addr: &str,
    user_agent: &str,
    secure: bool,
    action: &'static str,
    factor_given: bool,
    now: i64,
) -> Result<Response, ApiError> {
    let token = random_token().map_err(ApiError::unexpected)?;
    let csrf = random_token().map_err(ApiError::unexpected)?;
    let digest = token_digest(&token);
    let (email, client_addr, user_agent) = (
        email.to_owned(),
        client_addr.to_owned(),
        user_agent.to_owned(),
    );
    let session = state
        .db
        .write(move |conn| -> Result<Option<Session>, StoreError> {
            sessions::delete_expired_sessions(conn, now)?;
            sessions::create_session(
                conn,
                &NewSession {
                    token_hash: &digest,
                    staff_id,
                    csrf_token: &csrf,
                    client_addr: &client_addr,
                    user_agent: &user_agent,
                    factor_given,
                },
                now,
            )?;
            accounts::note_sign_in(conn, staff_id)?;
            audit::record(
                conn,
                &Audit {
                    actor: &email,
                    action,
                    subject: "",
                    detail: "",
                    client_addr: &client_addr,
                },
            )?;
            Ok(sessions::live_session(conn, &digest, now)?)
        })
        .await?
        .ok_or_else(|| ApiError::broken("a session just created is not live"))?;
    let mut response = session_body(&session);
    set_cookie(&mut response, &cookie(&token, ABSOLUTE_SECS, secure));
    Ok(response)
}

/// Did this request reach the site over https (as `--public-url` or a proxy says)?
pub(crate) fn is_https(state: &AppState, headers: &HeaderMap) -> bool {
    // With HTTPS served by the binary itself, the HTTP port only redirects: every request
    // that reaches a handler came over TLS.
    state.settings.tls.is_some()
        || state
            .settings
            .public_url
            .as_ref()
            .is_some_and(|u| u.is_https())
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

pub(crate) fn user_agent(headers: &HeaderMap) -> String {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}

/// The session cookie; an empty token with `max_age` 0 clears it.
fn cookie(token: &str, max_age: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={max_age}{secure}")
}

/// Clears the session cookie (`Secure` exactly when sign-in's was).
pub(crate) fn clear_cookie(response: &mut Response, secure: bool) {
    set_cookie(response, &cookie("", 0, secure));
}

fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
}
