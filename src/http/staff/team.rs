//! The team in the browser: accounts and their roles, invites, and the set-up link that makes
//! the first owner.
//!
//! For the team area (owners), behind the gate (their rows in `endpoints`):
//! - `GET /api/staff/team`: `{accounts, invites}` (`TeamBody`).
//! - `PUT /api/staff/team/accounts/ID/roles` `{roles}`: at least one; a change that would
//!   leave the team without an owner is a field message on `roles`.
//! - `GET /api/staff/team/accounts/ID/lead-mail`: `LeadMailBody`, the lead mail the account's
//!   address gets (rules of the mail screen, `--notify-to`), for the removal to warn of.
//! - `DELETE /api/staff/team/accounts/ID[?lead_mail_to=ID2]`: removes a leaver; their
//!   sessions end with the account, and the invites they sent are withdrawn (never one's own
//!   account, never the last owner). With `lead_mail_to`, the lead mail the leaver got goes
//!   to that account instead (`mail_routes::hand_over`).
//! - `POST /api/staff/team/invites` `{email, name, roles}` (201): stores the invite (only its
//!   link's SHA-256) and queues the mail with the link; an address on the team or invited
//!   already is a field message on `email`, and nothing is stored.
//! - `POST /api/staff/team/invites/ID/resend`: a new link and 7 more days; the old link stops.
//! - `DELETE /api/staff/team/invites/ID`: revokes it.
//!
//! Each answers the team as `GET` does. Without a session, from the site's own pages only:
//! - `POST /api/staff/invite/check` `{token}`: `{email, name, roles}` or 410.
//! - `POST /api/staff/invite/accept` `{token, password}`: makes the account with the
//!   invite's roles and the chosen password, and signs in (the session, as sign-in answers).
//! - `POST /api/staff/setup/check` `{token}`: 200 or 410.
//! - `POST /api/staff/setup` `{token, name, email, password}`: makes the first owner and
//!   signs in; 410 once any account exists.
//!
//! Every change is audited in its transaction.

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::{Email, FieldError, FieldErrors, PersonName};
use crate::domain::roles::{Role, Roles};
use crate::domain::staff::{same_secret, token_digest, NewPassword};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json_bytes};
use crate::http::staff::call::Call;
use crate::http::staff::mail::fallbacks;
use crate::http::staff::session::{unix_now, Staff};
use crate::http::state::AppState;
use crate::office;
use crate::office::team::{Heir, Invitation, InviteError, Inviter, RemoveError};
use crate::store::accounts::{self, Account, NewAccount, LAST_OWNER};
use crate::store::audit::{self, Audit};
use crate::store::mail_routes;
use crate::store::sessions;
use crate::store::team;
use crate::store::StoreError;

const NO_ACCOUNT: &str = "There is no such account on the team.";
const NO_INVITE: &str = "This invite was accepted or revoked already.";
const NOT_YOURSELF: &str =
    "You cannot remove your own account. Another owner of the team can remove it.";
pub(crate) const INVITE_GONE: &str = "This invite link was used, revoked or has expired. Ask an owner of the team to send a new invite.";
const INVITE_ACCOUNT_EXISTS: &str = "There is already an account for this address: sign in at /login. If you forgot its password, ask an owner of the team.";
pub(crate) const SETUP_GONE: &str = "This set-up link has been used or has expired. While the site has no account, restarting `corpsite serve` prints a new one; or make the first account with `corpsite staff add EMAIL --name NAME --role owner`. If the team has an account already, sign in at /login.";

/// The team, as the team screen shows it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TeamBody"))]
pub(crate) struct TeamBody {
    accounts: Vec<MemberJson>,
    /// Invites not accepted, newest first (expired ones too, until resent or revoked).
    invites: Vec<InviteJson>,
}

/// One account of the team.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TeamMember"))]
pub(crate) struct MemberJson {
    id: i64,
    name: String,
    email: String,
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: Vec<Role>,
    created_at: String,
    /// `null` until the first sign-in.
    last_sign_in_at: Option<String>,
    /// Still on the one-time password they were given (no sign-in past it yet).
    one_time_password: bool,
    /// The account asking.
    you: bool,
    /// Has a passkey or an authenticator app.
    second_factor: bool,
}

/// An invite not accepted.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TeamInvite"))]
pub(crate) struct InviteJson {
    id: i64,
    name: String,
    email: String,
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: Vec<Role>,
    /// The name of who sent it.
    invited_by: String,
    /// When it was sent (or sent again).
    sent_at: String,
    expires_at: String,
    expired: bool,
}

/// The lead mail one account's address gets.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadMailBody"))]
pub(crate) struct LeadMailBody {
    email: String,
    /// Each rule that sends it lead mail; empty when none does.
    rules: Vec<LeadMailRule>,
}

/// One way lead mail reaches an address.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadMailRule"))]
pub(crate) struct LeadMailRule {
    #[cfg_attr(test, ts(type = "\"enquiry\" | \"applicant\""))]
    kind: String,
    /// The department, or "" for any department.
    department: String,
    /// Set by the server's `--notify-to`, not on the mail screen.
    notify_to: bool,
}

/// `PUT /api/staff/team/accounts/ID/roles`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RolesForm"))]
pub(crate) struct RolesForm {
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: Vec<String>,
}

/// `POST /api/staff/team/invites`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "InviteForm"))]
pub(crate) struct InviteForm {
    email: String,
    name: String,
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: Vec<String>,
}

/// `POST /api/staff/invite/check` and `/api/staff/setup/check`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LinkToken"))]
pub(crate) struct TokenForm {
    token: String,
}

/// What the invite page shows before the password is chosen.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "InviteCheck"))]
pub(crate) struct InviteCheckBody {
    email: String,
    name: String,
    #[cfg_attr(test, ts(type = "Array<Role>"))]
    roles: Vec<Role>,
}

/// `POST /api/staff/invite/accept`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "InviteAcceptance"))]
pub(crate) struct AcceptForm {
    token: String,
    password: String,
}

/// `POST /api/staff/setup`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SetupForm"))]
pub(crate) struct SetupForm {
    token: String,
    name: String,
    email: String,
    password: String,
}

/// A database error, as an answer.
fn db(err: rusqlite::Error) -> ApiError {
    StoreError::from(err).into()
}

/// An id from the path: a number, or nothing is there.
fn id_of(text: &str, missing: &'static str) -> Result<i64, ApiError> {
    text.parse::<i64>()
        .map_err(|_| ApiError::NotFound(missing.into()))
}

fn roles_of(names: &[String], errors: &mut FieldErrors) -> Option<Roles> {
    match Roles::parse(names) {
        Ok(roles) => Some(roles),
        Err(err) => {
            errors.note("roles", err.message());
            None
        }
    }
}

/// The team as `staff` sees it, read in the transaction at hand.
fn team_body(conn: &rusqlite::Connection, staff_id: i64, now: i64) -> rusqlite::Result<TeamBody> {
    let accounts = accounts::accounts(conn)?
        .into_iter()
        .map(|account| MemberJson {
            id: account.id,
            you: account.id == staff_id,
            name: account.name,
            email: account.email,
            roles: account.roles.as_slice().to_vec(),
            created_at: account.created_at,
            last_sign_in_at: account.last_sign_in_at,
            one_time_password: account.must_change_password,
            second_factor: account.factors.any(),
        })
        .collect();
    let invites = team::invites(conn)?
        .into_iter()
        .map(|invite| InviteJson {
            id: invite.id,
            expired: invite.is_expired(now),
            name: invite.name,
            email: invite.email,
            roles: invite.roles.as_slice().to_vec(),
            invited_by: invite.invited_by,
            sent_at: invite.created_at,
            expires_at: invite.expires_at_iso,
        })
        .collect();
    Ok(TeamBody { accounts, invites })
}

fn team_reply(status: StatusCode, body: &TeamBody) -> Result<Response, ApiError> {
    let bytes = serde_json::to_vec(body).map_err(ApiError::unexpected)?;
    Ok(json_bytes(status, Bytes::from(bytes)))
}

/// Makes a change to the team in one transaction and answers the team as it then stands,
/// with `status`.
async fn change_team(
    state: &AppState,
    staff: Staff,
    status: StatusCode,
    change: impl FnOnce(&rusqlite::Connection, &Staff, i64) -> Result<(), ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let now = unix_now();
    let body = state
        .db
        .write(move |conn| -> Result<TeamBody, ApiError> {
            change(conn, &staff, now)?;
            team_body(conn, staff.id, now).map_err(db)
        })
        .await?;
    team_reply(status, &body)
}

pub(super) async fn read_team(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let now = unix_now();
    let body = call
        .state
        .db
        .read(move |conn| Ok(team_body(conn, staff.id, now)?))
        .await?;
    team_reply(StatusCode::OK, &body)
}

/// The account `id`, or 404.
fn account(conn: &rusqlite::Connection, id: i64) -> Result<Account, ApiError> {
    accounts::account_by_id(conn, id)
        .map_err(db)?
        .ok_or_else(|| ApiError::NotFound(NO_ACCOUNT.into()))
}

pub(super) async fn change_roles(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = id_of(call.param("id"), NO_ACCOUNT)?;
    let form: RolesForm = call.json().await?;
    let mut errors = FieldErrors::default();
    let Some(roles) = roles_of(&form.roles, &mut errors) else {
        return Err(invalid(errors));
    };
    change_team(&call.state, staff, StatusCode::OK, move |conn, staff, _| {
        let account = account(conn, id)?;
        match accounts::set_roles(conn, id, &roles) {
            Ok(()) => {}
            // The job's changes are rolled back with its error.
            Err(err) if accounts::is_last_owner(&err) => {
                return Err(invalid(FieldErrors::one("roles", LAST_OWNER)))
            }
            Err(err) => return Err(db(err)),
        }
        // Its sessions stand where a sign-in with the new roles would: one that gave no
        // second factor waits for it if a new role needs one.
        sessions::recheck_factor_step(conn, id).map_err(db)?;
        let detail = format!(
            "{}: {} to {}",
            account.name,
            account.roles.stored(),
            roles.stored()
        );
        audit::record(conn, &staff.audit("changed roles", &account.email, &detail)).map_err(db)
    })
    .await
}

pub(super) async fn read_lead_mail(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = id_of(call.param("id"), NO_ACCOUNT)?;
    let state = call.state;
    let notify_to = fallbacks(&state);
    let body = state
        .db
        .read(move |conn| {
            let Some(account) = accounts::account_by_id(conn, id)? else {
                return Ok(None);
            };
            let routes = mail_routes::all(conn)?;
            let rules = mail_routes::reaching(&routes, &notify_to, &account.email)
                .into_iter()
                .map(|reach| LeadMailRule {
                    kind: reach.kind,
                    department: reach.department,
                    notify_to: reach.notify_to,
                })
                .collect();
            Ok(Some(LeadMailBody {
                email: account.email,
                rules,
            }))
        })
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_ACCOUNT.into()))?;
    let bytes = serde_json::to_vec(&body).map_err(ApiError::unexpected)?;
    Ok(json_bytes(StatusCode::OK, Bytes::from(bytes)))
}

/// The account a removal hands the leaver's lead mail to (`?lead_mail_to=ID`), if any.
fn lead_mail_to(query: &str) -> Result<Option<i64>, ApiError> {
    let Some((_, value)) =
        form_urlencoded::parse(query.as_bytes()).find(|(key, _)| key == "lead_mail_to")
    else {
        return Ok(None);
    };
    if value.is_empty() {
        return Ok(None);
    }
    value.parse::<i64>().map(Some).map_err(|_| {
        invalid(FieldErrors::one(
            "lead_mail_to",
            "Choose who gets the lead mail from the team.",
        ))
    })
}

pub(super) async fn remove_account(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = id_of(call.param("id"), NO_ACCOUNT)?;
    if id == staff.id {
        return Err(ApiError::Conflict(NOT_YOURSELF.into()));
    }
    let heir = lead_mail_to(&call.query)?;
    if heir == Some(id) {
        return Err(invalid(FieldErrors::one(
            "lead_mail_to",
            "Choose someone who stays on the team for the lead mail.",
        )));
    }
    let notify_to = fallbacks(&call.state);
    change_team(&call.state, staff, StatusCode::OK, move |conn, staff, _| {
        let account = account(conn, id)?;
        let heir = match heir {
            Some(heir) => Some(
                accounts::account_by_id(conn, heir)
                    .map_err(db)?
                    .ok_or_else(|| {
                        invalid(FieldErrors::one(
                            "lead_mail_to",
                            "There is no such account on the team: choose another.",
                        ))
                    })?,
            ),
            None => None,
        };
        let heir = heir.as_ref().map(|heir| Heir {
            account: heir,
            notify_to: &notify_to,
        });
        office::team::remove_account(conn, &staff.actor(), &account, heir).map_err(
            |err| match err {
                RemoveError::LastOwner => ApiError::Conflict(LAST_OWNER.into()),
                RemoveError::Store(err) => db(err),
            },
        )
    })
    .await
}

/// An invite that could not be made or sent again, as an answer.
fn refused_invite(err: InviteError) -> ApiError {
    match err {
        InviteError::OnTheTeam => invalid(FieldErrors::one(
            "email",
            "This address is on the team already.",
        )),
        InviteError::AlreadyInvited => invalid(FieldErrors::one(
            "email",
            "This address has an invite waiting already: resend or revoke it in the list of invites.",
        )),
        InviteError::NoInvite => ApiError::NotFound(NO_INVITE.into()),
        InviteError::Token(err) => ApiError::unexpected(err),
        InviteError::Store(err) => db(err),
    }
}

pub(super) async fn create_invite(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: InviteForm = call.json().await?;
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(&form.email));
    let name = errors.check("name", PersonName::parse(&form.name));
    let roles = roles_of(&form.roles, &mut errors);
    let (Some(email), Some(name), Some(roles)) = (email, name, roles) else {
        return Err(invalid(errors));
    };
    change_team(
        &call.state,
        staff,
        StatusCode::CREATED,
        move |conn, staff, now| {
            let inviter = Inviter {
                id: staff.id,
                name: &staff.name,
            };
            let invitation = Invitation {
                email: &email,
                name: &name,
                roles: &roles,
            };
            office::team::invite(conn, &staff.actor(), inviter, invitation, now)
                .map(drop)
                .map_err(refused_invite)
        },
    )
    .await
}

pub(super) async fn resend_invite(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = id_of(call.param("id"), NO_INVITE)?;
    change_team(
        &call.state,
        staff,
        StatusCode::OK,
        move |conn, staff, now| {
            office::team::resend_invite(conn, &staff.actor(), id, now).map_err(refused_invite)
        },
    )
    .await
}

pub(super) async fn revoke_invite(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = id_of(call.param("id"), NO_INVITE)?;
    change_team(&call.state, staff, StatusCode::OK, move |conn, staff, _| {
        let invite = team::invite_by_id(conn, id)
            .map_err(db)?
            .ok_or_else(|| ApiError::NotFound(NO_INVITE.into()))?;
        team::delete_invite(conn, id).map_err(db)?;
        audit::record(
            conn,
            &staff.audit("revoked an invite", &invite.email, &invite.name),
        )
        .map_err(db)
    })
    .await
}

/// The invite a link's token names, while it works.
async fn live_invite(state: &AppState, token: &str) -> Result<team::Invite, ApiError> {
    let digest = token_digest(token);
    let now = unix_now();
    let invite = state
        .db
        .read(move |conn| Ok(team::invite_by_token(conn, &digest)?))
        .await?;
    invite
        .filter(|invite| !invite.is_expired(now))
        .ok_or_else(|| ApiError::Gone(INVITE_GONE.into()))
}

pub(super) async fn check_invite(mut call: Call) -> Result<Response, ApiError> {
    let form: TokenForm = call.json().await?;
    let invite = live_invite(&call.state, &form.token).await?;
    Ok(warp::reply::json(&InviteCheckBody {
        email: invite.email,
        name: invite.name,
        roles: invite.roles.as_slice().to_vec(),
    })
    .into_response())
}

/// Hashes a chosen password (a few at once, as sign-in does).
async fn hash_password(state: &AppState, password: NewPassword) -> Result<String, ApiError> {
    state
        .password_checks
        .run(move || password.hash())
        .await?
        .map_err(ApiError::unexpected)
}

pub(super) async fn accept_invite(mut call: Call) -> Result<Response, ApiError> {
    let form: AcceptForm = call.json().await?;
    let (state, client) = (&call.state, call.client);
    live_invite(state, &form.token).await?;
    let password = NewPassword::parse(&form.password)
        .map_err(|rule| invalid(FieldErrors::one("password", rule.message())))?;
    let hash = hash_password(state, password).await?;
    let digest = token_digest(&form.token);
    let now = unix_now();
    let client_addr = client.to_string();
    let made = {
        let client_addr = client_addr.clone();
        state
            .db
            .write(
                move |conn| -> Result<Result<(i64, String), &'static str>, ApiError> {
                    let invite = team::invite_by_token(conn, &digest)
                        .map_err(db)?
                        .filter(|invite| !invite.is_expired(now))
                        .ok_or_else(|| ApiError::Gone(INVITE_GONE.into()))?;
                    team::delete_invite(conn, invite.id).map_err(db)?;
                    let folded = invite.email.to_lowercase();
                    let added = accounts::add_account(
                        conn,
                        &NewAccount {
                            email: &invite.email,
                            email_folded: &folded,
                            name: &invite.name,
                            password_hash: &hash,
                            roles: &invite.roles,
                            chosen: true,
                        },
                    )
                    .map_err(db)?;
                    // Kept: the invite is spent either way.
                    let Some(id) = added else {
                        return Ok(Err(INVITE_ACCOUNT_EXISTS));
                    };
                    let detail = format!(
                        "{} as {}, invited by {}",
                        invite.name,
                        invite.roles.stored(),
                        invite.invited_by
                    );
                    audit::record(
                        conn,
                        &Audit {
                            actor: &invite.email,
                            action: "accepted an invite",
                            subject: &invite.email,
                            detail: &detail,
                            client_addr: &client_addr,
                        },
                    )
                    .map_err(db)?;
                    Ok(Ok((id, invite.email)))
                },
            )
            .await?
    };
    let (id, email) = made.map_err(|message| ApiError::Gone(message.into()))?;
    call.start_session(id, &email, "signed in", false, now)
        .await
}

/// Does `token` open the set-up link, as the database stands?
fn setup_opens(conn: &rusqlite::Connection, token: &str) -> rusqlite::Result<bool> {
    if accounts::account_count(conn)? > 0 {
        return Ok(false);
    }
    let stored = team::setup_digest(conn)?;
    Ok(stored.is_some_and(|stored| same_secret(&stored, &token_digest(token))))
}

pub(super) async fn check_setup(mut call: Call) -> Result<Response, ApiError> {
    let form: TokenForm = call.json().await?;
    let opens = call
        .state
        .db
        .read(move |conn| Ok(setup_opens(conn, &form.token)?))
        .await?;
    if !opens {
        return Err(ApiError::Gone(SETUP_GONE.into()));
    }
    Ok(
        warp::reply::json(&serde_json::json!({ "message": "This set-up link works." }))
            .into_response(),
    )
}

pub(super) async fn set_up(mut call: Call) -> Result<Response, ApiError> {
    let form: SetupForm = call.json().await?;
    let (state, client) = (&call.state, call.client);
    let token = form.token.clone();
    let opens = state
        .db
        .read(move |conn| Ok(setup_opens(conn, &token)?))
        .await?;
    if !opens {
        return Err(ApiError::Gone(SETUP_GONE.into()));
    }
    let mut errors = FieldErrors::default();
    let name = errors.check("name", PersonName::parse(&form.name));
    let email = errors.check("email", Email::parse(&form.email));
    let password = match NewPassword::parse(&form.password) {
        Ok(password) => Some(password),
        Err(rule) => {
            errors.add("password", FieldError::Choice(rule.message()));
            None
        }
    };
    let (Some(name), Some(email), Some(password)) = (name, email, password) else {
        return Err(invalid(errors));
    };
    let hash = hash_password(state, password).await?;
    let now = unix_now();
    let client_addr = client.to_string();
    let id = {
        let (client_addr, email) = (client_addr.clone(), email.clone());
        state
            .db
            .write(move |conn| -> Result<i64, ApiError> {
                if !setup_opens(conn, &form.token).map_err(db)? {
                    return Err(ApiError::Gone(SETUP_GONE.into()));
                }
                let owner = Roles::new([Role::Owner]).map_err(|_| ApiError::broken("no role"))?;
                let folded = email.folded();
                let id = accounts::add_account(
                    conn,
                    &NewAccount {
                        email: email.as_ref(),
                        email_folded: &folded,
                        name: name.as_ref(),
                        password_hash: &hash,
                        roles: &owner,
                        chosen: true,
                    },
                )
                .map_err(db)?
                .ok_or_else(|| ApiError::Gone(SETUP_GONE.into()))?;
                team::forget_setup(conn).map_err(db)?;
                audit::record(
                    conn,
                    &Audit {
                        actor: email.as_ref(),
                        action: "set up the first owner",
                        subject: email.as_ref(),
                        detail: name.as_ref(),
                        client_addr: &client_addr,
                    },
                )
                .map_err(db)?;
                Ok(id)
            })
            .await?
    };
    call.start_session(id, email.as_ref(), "signed in", false, now)
        .await
}
