//! One's account: forgotten passwords, one's own sessions, everyone's sessions and the audit
//! log for the team area.
//!
//! Without a session (each only from the site's own pages, else 403: `dispatch` checks it):
//! - `POST /api/staff/password/forgot` `{email}`: 202 with the same body, after the same
//!   work, whether or not the address has an account; an account's address gets a reset
//!   link by mail (single use, 1 hour, only its SHA-256 kept), written after the answer. 429 with `Retry-After` past
//!   `resets::MAX_REQUESTS_PER_CLIENT` an hour from one address; past
//!   `resets::MAX_LINKS_PER_ACCOUNT` live links of one account, the same 202 and no mail.
//! - `POST /api/staff/password/reset/check` `{token}`: 200 while the link works, else 410.
//! - `POST /api/staff/password/reset` `{token, new_password}`: sets the password, ends
//!   every session of the account and every link of it, and signs this browser in (the
//!   session and its cookie, as sign-in answers); 410 for a used or expired link.
//!
//! Behind the gate (their rows in `endpoints`):
//! - `GET /api/staff/account/sessions`, `DELETE /api/staff/account/sessions/{key}`: one's
//!   own sessions (every account); ending the current one signs this browser out.
//! - `GET /api/staff/team/sessions`, `DELETE /api/staff/team/sessions/{key}`: everyone's
//!   (the team area).
//! - `GET /api/staff/team/audit?actor&action&from&to&page`: 50 entries a page, newest
//!   first, with the filters' choices; `GET /api/staff/team/audit.csv?...`: every entry the
//!   same filters match.
//!
//! Every change is written to the audit log in the same transaction.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Reply;

use crate::domain::csv::CsvWriter;
use crate::domain::fields::{day_param, filled_params, page_param, FieldError, FieldErrors};
use crate::domain::office_time::OfficeZone;
use crate::domain::staff::{random_token, token_digest, NewPassword};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{attachment, invalid};
use crate::http::staff::call::Call;
use crate::http::staff::session::{self, is_https, unix_now, Staff};
use crate::http::staff::throttle::throttle_key;
use crate::http::state::AppState;
use crate::store::accounts;
use crate::store::audit::{self, Audit, AuditLine, AuditQuery};
use crate::store::outbox::{enqueue_staff_mail, MailKind};
use crate::store::resets;
use crate::store::sessions::{self, LiveSession};
use crate::store::StoreError;

/// What a request for a reset link answers, whether or not the address has an account.
pub const LINK_ON_ITS_WAY: &str = "If this address has an account, a link to choose a new password is on its way. It works for 1 hour.";
const LINK_GONE: &str =
    "This link has expired or was already used. Ask for a new one on the sign-in page.";
const SESSION_GONE: &str = "This session has already ended.";

// ---- forgotten passwords ----

/// `POST /api/staff/password/forgot`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ForgotPassword {
    email: String,
}

/// `POST /api/staff/password/reset/check`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ResetLink {
    token: String,
}

/// `POST /api/staff/password/reset`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasswordReset {
    token: String,
    new_password: String,
}

/// What a request for a reset link and a working link's check answer.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ResetAnswer"))]
pub(crate) struct Message<'a> {
    message: &'a str,
}

pub(super) async fn forgot(mut call: Call) -> Result<Response, ApiError> {
    let form: ForgotPassword = call.json().await?;
    let Call { state, client, .. } = call;
    let typed: String = form.email.trim().chars().take(254).collect();
    if typed.is_empty() {
        let mut errors = FieldErrors::default();
        errors.add("email", FieldError::Required);
        return Err(invalid(errors));
    }
    let folded = typed.to_lowercase();
    let key = throttle_key(client);
    let client_addr = client.to_string();
    let now = unix_now();
    // The answer waits only for what is the same for every address: the limit's look and
    // the request's count. Whether the address has an account, and its link and mail, are
    // written after the answer (`write_later`), so neither the answer's time nor its writes
    // tell whether the address has an account.
    let token = random_token().map_err(ApiError::unexpected)?;
    let digest = token_digest(&token);
    let wait = {
        let (folded, key) = (folded.clone(), key.clone());
        state
            .db
            .write(move |conn| -> Result<i64, StoreError> {
                let wait = resets::client_wait(conn, &key, now)?;
                if wait == 0 {
                    resets::record_request(conn, &folded, &key, now)?;
                }
                Ok(wait)
            })
            .await?
    };
    if wait > 0 {
        return Err(ApiError::TooManyRequests {
            retry_after_secs: u64::try_from(wait).unwrap_or(1),
        });
    }
    let later = state.db.write_later(move |conn| -> Result<(), StoreError> {
        let account = accounts::account_by_email(conn, &folded)?;
        let live = resets::live_links(conn, account.as_ref().map_or(0, |a| a.id), now)?;
        let mailed = match &account {
            Some(account) if live < resets::MAX_LINKS_PER_ACCOUNT => {
                resets::add_link(conn, account.id, &digest, now)?;
                enqueue_staff_mail(
                    conn,
                    MailKind::Reset,
                    &account.id.to_string(),
                    &account.email,
                    Some(&token),
                )?;
                "a link was mailed"
            }
            Some(_) => "too many links this hour: none mailed",
            None => "",
        };
        audit::record(
            conn,
            &Audit {
                actor: &typed,
                action: "asked for a reset link",
                subject: "",
                detail: mailed,
                client_addr: &client_addr,
            },
        )?;
        Ok(())
    });
    if let Err(err) = later {
        // The writer is gone (the server is stopping): the request was counted, no link goes.
        tracing::warn!(error = %err, "cannot queue a reset link's write");
    }
    Ok(warp::reply::with_status(
        warp::reply::json(&Message {
            message: LINK_ON_ITS_WAY,
        }),
        StatusCode::ACCEPTED,
    )
    .into_response())
}

/// The digest of a link's token; anything not shaped like one names no link.
fn link_digest(token: &str) -> Option<String> {
    let token = token.trim();
    (token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| token_digest(&token.to_ascii_lowercase()))
}

pub(super) async fn check_link(mut call: Call) -> Result<Response, ApiError> {
    let form: ResetLink = call.json().await?;
    let state = call.state;
    let digest = link_digest(&form.token).ok_or_else(|| ApiError::Gone(LINK_GONE.into()))?;
    let now = unix_now();
    state
        .db
        .read(move |conn| Ok(resets::link_account(conn, &digest, now)?))
        .await?
        .ok_or_else(|| ApiError::Gone(LINK_GONE.into()))?;
    Ok(warp::reply::json(&Message {
        message: "Choose a new password.",
    })
    .into_response())
}

pub(super) async fn reset(mut call: Call) -> Result<Response, ApiError> {
    let form: PasswordReset = call.json().await?;
    let (state, client) = (&call.state, call.client);
    let digest = link_digest(&form.token).ok_or_else(|| ApiError::Gone(LINK_GONE.into()))?;
    let now = unix_now();
    {
        let digest = digest.clone();
        state
            .db
            .read(move |conn| Ok(resets::link_account(conn, &digest, now)?))
            .await?
            .ok_or_else(|| ApiError::Gone(LINK_GONE.into()))?;
    }
    let new = NewPassword::parse(&form.new_password).map_err(|rule| {
        let mut errors = FieldErrors::default();
        errors.add("new_password", FieldError::Choice(rule.message()));
        invalid(errors)
    })?;
    let hash = state
        .password_checks
        .run(move || new.hash())
        .await?
        .map_err(ApiError::unexpected)?;
    let client_addr = client.to_string();
    let account = {
        let client_addr = client_addr.clone();
        state
            .db
            .write(move |conn| -> Result<_, StoreError> {
                // Used here, in the same transaction as the change: a link works once even
                // when two tabs post it at once.
                let Some(staff_id) = resets::use_link(conn, &digest, now)? else {
                    return Ok(None);
                };
                let Some(account) = accounts::account_by_id(conn, staff_id)? else {
                    return Ok(None);
                };
                // Ends every session of the account.
                accounts::set_password(conn, staff_id, &hash, false)?;
                audit::record(
                    conn,
                    &Audit {
                        actor: &account.email,
                        action: "reset password by mail",
                        subject: "",
                        detail: "every session ended",
                        client_addr: &client_addr,
                    },
                )?;
                Ok(Some(account))
            })
            .await?
            .ok_or_else(|| ApiError::Gone(LINK_GONE.into()))?
    };
    call.start_session(account.id, &account.email, "signed in", false, now)
        .await
}

// ---- sessions ----

/// A live session as the account page lists it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SessionLine"))]
pub(crate) struct SessionLine {
    /// Names the session for `DELETE .../sessions/{key}`.
    key: String,
    /// Whose it is, by name.
    name: String,
    email: String,
    created_at: String,
    last_seen_at: String,
    client_addr: String,
    /// The browser and system, as its user agent tells them ("Firefox on Windows").
    browser: String,
    /// This very session: ending it signs this browser out.
    current: bool,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SessionList"))]
pub(crate) struct SessionList {
    data: Vec<SessionLine>,
}

/// A Unix time as the UI reads every time: UTC ISO 8601 with milliseconds.
pub(crate) fn iso(secs: i64) -> String {
    Timestamp::from_second(secs)
        .map(|t| t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .unwrap_or_default()
}

/// "Firefox on Windows" from a user agent: the browser and system an office would name.
pub fn browser_summary(user_agent: &str) -> String {
    let ua = user_agent;
    let browser = if ua.contains("Edg/") || ua.contains("Edge/") {
        "Edge"
    } else if ua.contains("OPR/") || ua.contains("Opera") {
        "Opera"
    } else if ua.contains("Firefox/") || ua.contains("FxiOS/") {
        "Firefox"
    } else if ua.contains("Chrome/") || ua.contains("CriOS/") || ua.contains("Chromium/") {
        "Chrome"
    } else if ua.contains("Safari/") {
        "Safari"
    } else {
        ""
    };
    let system = if ua.contains("iPhone") {
        "iPhone"
    } else if ua.contains("iPad") {
        "iPad"
    } else if ua.contains("Android") {
        "Android"
    } else if ua.contains("Windows") {
        "Windows"
    } else if ua.contains("Mac OS X") || ua.contains("Macintosh") {
        "macOS"
    } else if ua.contains("CrOS") {
        "ChromeOS"
    } else if ua.contains("Linux") {
        "Linux"
    } else {
        ""
    };
    match (browser, system) {
        ("", "") if ua.trim().is_empty() => "Unknown browser".to_owned(),
        ("", "") => ua.chars().take(40).collect(),
        ("", system) => format!("A browser on {system}"),
        (browser, "") => browser.to_owned(),
        (browser, system) => format!("{browser} on {system}"),
    }
}

fn session_line(session: LiveSession, current: &str) -> SessionLine {
    SessionLine {
        current: session.key == current,
        key: session.key,
        name: session.name,
        email: session.email,
        created_at: iso(session.created_at),
        last_seen_at: iso(session.last_seen_at),
        client_addr: session.client_addr,
        browser: browser_summary(&session.user_agent),
    }
}

/// `GET /api/staff/account/sessions`: one's own.
pub(super) async fn own_sessions(call: Call, staff: Staff) -> Result<Response, ApiError> {
    list_sessions(call.state, staff, false).await
}

/// `GET /api/staff/team/sessions`: everyone's.
pub(super) async fn team_sessions(call: Call, staff: Staff) -> Result<Response, ApiError> {
    list_sessions(call.state, staff, true).await
}

async fn list_sessions(
    state: AppState,
    staff: Staff,
    everyone: bool,
) -> Result<Response, ApiError> {
    let whose = (!everyone).then_some(staff.id);
    let now = unix_now();
    let sessions = state
        .db
        .write(move |conn| Ok::<_, StoreError>(sessions::live_sessions(conn, whose, now)?))
        .await?;
    let current = staff.session_key();
    Ok(warp::reply::json(&SessionList {
        data: sessions
            .into_iter()
            .map(|session| session_line(session, current))
            .collect(),
    })
    .into_response())
}

/// `DELETE /api/staff/account/sessions/{key}`: one of one's own.
pub(super) async fn end_own_session(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let key = call.param("key").to_owned();
    end_session(call.state, staff, call.headers, key, false).await
}

/// `DELETE /api/staff/team/sessions/{key}`: anyone's.
pub(super) async fn end_team_session(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let key = call.param("key").to_owned();
    end_session(call.state, staff, call.headers, key, true).await
}

async fn end_session(
    state: AppState,
    staff: Staff,
    headers: HeaderMap,
    key: String,
    everyone: bool,
) -> Result<Response, ApiError> {
    let current = key.eq_ignore_ascii_case(staff.session_key());
    let whose = (!everyone).then_some(staff.id);
    let ended = {
        let staff = staff.clone();
        state
            .db
            .write(move |conn| -> Result<bool, StoreError> {
                let Some((id, name, _email)) = sessions::end_session_by_key(conn, &key, whose)?
                else {
                    return Ok(false);
                };
                let subject = if id == staff.id {
                    format!("own session {key}")
                } else {
                    format!("session {key} of {name}")
                };
                audit::record(conn, &staff.audit("ended a session", &subject, ""))?;
                Ok(true)
            })
            .await?
    };
    if !ended {
        return Err(ApiError::NotFound(SESSION_GONE.into()));
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    if current {
        session::clear_cookie(&mut response, is_https(&state, &headers));
    }
    Ok(response)
}

// ---- the audit log ----

/// The audit log's filters as the screen keeps them in its URL, each optional text.
#[cfg(test)]
#[derive(Debug, Default, serde::Serialize, ts_rs::TS)]
pub(crate) struct AuditFilters {
    #[ts(optional)]
    pub actor: Option<String>,
    #[ts(optional)]
    pub action: Option<String>,
    #[ts(optional)]
    pub from: Option<String>,
    #[ts(optional)]
    pub to: Option<String>,
    #[ts(optional)]
    pub page: Option<String>,
}

/// The deepest page of the audit log (older entries are reached with dates).
const AUDIT_MAX_PAGE: u32 = 2_000;
const AUDIT_PAGE_HELP: &str =
    "The page must be a whole number from 1 to 2000; use dates to reach older entries.";

/// The audit log's filters; `from` and `to` are the office's days in `zone`.
fn parse_audit_query(query: &str, zone: &OfficeZone) -> Result<AuditQuery, ApiError> {
    let mut errors = FieldErrors::default();
    let mut parsed = AuditQuery {
        page: 1,
        ..AuditQuery::default()
    };
    for (key, value) in filled_params(query) {
        let value = value.as_str();
        match key.as_str() {
            "actor" => parsed.actor = Some(value.chars().take(254).collect()),
            "action" => parsed.action = Some(value.chars().take(100).collect()),
            "from" => {
                let day = errors.check("from", day_param(value));
                parsed.from = day.and_then(|day| zone.day_start(&day.to_string()));
            }
            "to" => {
                let day = errors
                    .check("to", day_param(value))
                    .and_then(|day| day.tomorrow().ok());
                parsed.before = day.and_then(|day| zone.day_start(&day.to_string()));
            }
            "page" => {
                let page = page_param(value, AUDIT_MAX_PAGE, AUDIT_PAGE_HELP);
                parsed.page = errors.check("page", page).unwrap_or(parsed.page);
            }
            _ => {}
        }
    }
    errors.or_value(parsed).map_err(invalid)
}

/// One entry of the audit log.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AuditEntry"))]
pub(crate) struct AuditEntryBody {
    at: String,
    /// Who, as stored: an address, or `command line`.
    actor: String,
    /// The account's name, or `actor` when no account has that address (a failed sign-in).
    actor_name: String,
    action: String,
    subject: String,
    detail: String,
    client_addr: String,
}

impl From<AuditLine> for AuditEntryBody {
    fn from(line: AuditLine) -> Self {
        AuditEntryBody {
            at: line.at,
            actor: line.actor,
            actor_name: line.actor_name,
            action: line.action,
            subject: line.subject,
            detail: line.detail,
            client_addr: line.client_addr,
        }
    }
}

/// Someone the log names, for the person filter.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AuditPerson"))]
pub(crate) struct AuditPerson {
    /// The value of the `actor` filter.
    actor: String,
    name: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AuditPagination"))]
pub(crate) struct AuditPagination {
    total: i64,
    limit: u32,
    page: u32,
}

/// `GET /api/staff/team/audit`: a page, and the choices of the filters.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AuditPage"))]
pub(crate) struct AuditPageBody {
    data: Vec<AuditEntryBody>,
    pagination: AuditPagination,
    /// Every action the log holds.
    actions: Vec<String>,
    /// Everyone the log names.
    people: Vec<AuditPerson>,
}

pub(super) async fn audit_page(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    let query = parse_audit_query(&call.query, &state.office_zone().await?)?;
    let page = query.page;
    let ((total, lines), (actions, people)) = state
        .db
        .read(move |conn| {
            Ok((
                audit::audit_page(conn, &query)?,
                audit::audit_choices(conn)?,
            ))
        })
        .await?;
    Ok(warp::reply::json(&AuditPageBody {
        data: lines.into_iter().map(AuditEntryBody::from).collect(),
        pagination: AuditPagination {
            total,
            limit: audit::AUDIT_PAGE_SIZE,
            page,
        },
        actions,
        people: people
            .into_iter()
            .map(|(actor, name)| AuditPerson { actor, name })
            .collect(),
    })
    .into_response())
}

pub(super) async fn audit_export(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    let query = parse_audit_query(&call.query, &state.office_zone().await?)?;
    let lines = state
        .db
        .read(move |conn| Ok(audit::audit_all(conn, &query)?))
        .await?;
    let mut out = Vec::new();
    let mut csv = CsvWriter::new(&mut out);
    let written = csv
        .byte_order_mark()
        .and_then(|()| {
            csv.row([
                "at", "person", "actor", "action", "subject", "detail", "address",
            ])
        })
        .and_then(|()| {
            lines.iter().try_for_each(|line| {
                csv.row([
                    line.at.as_str(),
                    line.actor_name.as_str(),
                    line.actor.as_str(),
                    line.action.as_str(),
                    line.subject.as_str(),
                    line.detail.as_str(),
                    line.client_addr.as_str(),
                ])
            })
        });
    written.map_err(ApiError::unexpected)?;
    Ok(attachment(out, "text/csv; charset=utf-8", "audit-log.csv"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_is_named_by_its_program_and_system() {
        let cases = [
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Windows"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36", "Chrome on Android"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0", "Edge on Windows"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
            ("", "Unknown browser"),
            ("curl/8.5", "curl/8.5"),
        ];
        for (ua, named) in cases {
            assert_eq!(browser_summary(ua), named, "{ua}");
        }
    }

    #[test]
    fn a_unix_time_is_written_in_utc_to_the_millisecond() {
        assert_eq!(iso(1_764_115_572), "2025-11-26T00:06:12.000Z");
        assert_eq!(iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso(i64::MAX), "");
    }

    #[test]
    fn the_audit_filters_take_days_and_name_what_is_wrong() {
        let kolkata = OfficeZone::default_zone();
        let query = parse_audit_query(
            "actor=Ann%40x&action=signed+in&from=2026-01-02&to=2026-01-31&page=2",
            &kolkata,
        )
        .expect("parsed");
        assert_eq!(query.actor.as_deref(), Some("Ann@x"));
        // The office's days: 2 January begins at 18:30 UTC on the 1st in Kolkata.
        assert_eq!(query.from.as_deref(), Some("2026-01-01T18:30:00.000Z"));
        assert_eq!(query.before.as_deref(), Some("2026-01-31T18:30:00.000Z"));
        assert_eq!(query.page, 2);
        let Err(ApiError::Validation { errors, .. }) =
            parse_audit_query("from=yesterday&page=0", &kolkata)
        else {
            panic!("refused");
        };
        assert!(errors.contains_key("from") && errors.contains_key("page"));
    }
}

/// `GET /api/staff/account/activity`: the newest entries of the audit log about one's own
/// account (its sign-ins, the tries with its address, what it and others changed of it),
/// newest first, so a sign-in one did not make is seen by the one it concerns.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AccountActivity {
    data: Vec<AuditEntryBody>,
}

pub(super) async fn activity(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let lines = call
        .state
        .db
        .read(move |conn| Ok(audit::account_activity(conn, &staff.email)?))
        .await?;
    Ok(warp::reply::json(&AccountActivity {
        data: lines.into_iter().map(AuditEntryBody::from).collect(),
    })
    .into_response())
}
