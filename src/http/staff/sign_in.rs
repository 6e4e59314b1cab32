//! `/api/staff/...`: staff sign-in, the session, sign-out and the password change. The gate
//! and the session's cookie are `session`'s; counting guesses at a password is `throttle`'s.
//!
//! - `POST /api/staff/login` `{email, password}`: sets the session cookie and answers the
//!   session (`email`, `name`, `csrf_token`, `must_change_password`); 401 with one message
//!   for an unknown email and a wrong password alike; 429 once throttled (a right password
//!   too); 403 when it does not come from the site's own pages.
//! - `GET /api/staff/session`: the current session, or 401.
//! - `POST /api/staff/logout`: ends the session (204) and clears the cookie.
//! - `POST /api/staff/password` `{current_password, new_password}`: ends every session of
//!   the account and starts a new one for this browser (`current_password` is not asked of
//!   a session whose password is one-time: it was just typed).

use serde::Deserialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::{FieldError, FieldErrors};
use crate::domain::staff::{verify_nothing, verify_password, NewPassword, PASSWORD_MAX_CHARS};
use crate::http::plumbing::error::ApiError;
use crate::http::staff::call::Call;
use crate::http::staff::session::{clear_cookie, is_https, session_body, unix_now, Staff};
use crate::http::staff::throttle::{audit_wrong_guess, count_guess, forgive_guess};
use crate::http::staff::{factors, passkeys};
use crate::office::Actor;
use crate::store::accounts;
use crate::store::audit;
use crate::store::sessions;
use crate::store::StoreError;

const WRONG_SIGN_IN: &str = "The email or password is not right.";

/// `POST /api/staff/login`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct SignIn {
    email: String,
    password: String,
}

/// `GET /api/staff/session`.
pub(super) async fn session(_call: Call, staff: Staff) -> Result<Response, ApiError> {
    Ok(session_body(&staff.session))
}

pub(super) async fn login(mut call: Call) -> Result<Response, ApiError> {
    let form: SignIn = call.json().await?;
    let (state, client) = (&call.state, call.client);
    // Not validated as an address: any text is looked up, and an odd one simply fails.
    let email_folded: String = form
        .email
        .trim()
        .chars()
        .take(254)
        .collect::<String>()
        .to_lowercase();
    if form.password.chars().count() > PASSWORD_MAX_CHARS {
        return Err(ApiError::Unauthorized(WRONG_SIGN_IN));
    }
    let client_addr = client.to_string();
    let now = unix_now();
    let (attempt, account) = {
        let email = email_folded.clone();
        count_guess(state, email_folded.clone(), client, now, move |conn| {
            accounts::account_by_email(conn, &email)
        })
        .await?
    };
    // Argon2 takes tens of milliseconds and 19 MiB: a few at once (`PasswordChecks`). An
    // unknown email spends the same time on a decoy hash, and both failures do the same
    // writes, so neither the time nor the answer tells whether the account exists.
    let checked = {
        let password = form.password;
        let stored = account.as_ref().map(|a| a.password_hash.clone());
        state
            .password_checks
            .run(move || match stored {
                Some(stored) => verify_password(&password, &stored),
                None => {
                    verify_nothing(&password);
                    false
                }
            })
            .await
    };
    let verified = match checked {
        Ok(verified) => verified,
        Err(busy) => {
            // Not judged: the attempt does not count.
            forgive_guess(state, attempt).await?;
            return Err(busy);
        }
    };
    let account = match account {
        Some(account) if verified => {
            forgive_guess(state, attempt).await?;
            account
        }
        _ => {
            let actor = Actor {
                name: email_folded,
                client_addr,
            };
            audit_wrong_guess(state, actor, "sign-in failed", String::new()).await?;
            return Err(ApiError::Unauthorized(WRONG_SIGN_IN));
        }
    };
    call.start_session(account.id, &account.email, "signed in", false, now)
        .await
}

pub(super) async fn logout(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let Call { state, headers, .. } = call;
    // The cookie that clears the session's is `Secure` exactly when sign-in's was.
    let secure = is_https(&state, &headers);
    state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            sessions::end_session(conn, &staff.session.token_hash)?;
            audit::record(conn, &staff.audit("signed out", "", ""))?;
            Ok(())
        })
        .await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    clear_cookie(&mut response, secure);
    Ok(response)
}

/// `POST /api/staff/password`. A session whose password is one-time (just typed at
/// sign-in) is not asked for it again: `current_password` may be left out.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PasswordChange {
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    current_password: Option<String>,
    new_password: String,
    /// Passkeys of the account to remove with the change (ids as `GET
    /// /api/staff/account/factors` lists them): one added by someone else with a stolen
    /// session would still sign in after the password changed.
    #[serde(default)]
    #[cfg_attr(test, ts(optional, type = "Array<number>"))]
    remove_passkeys: Vec<i64>,
}

const SAME_PASSWORD: &str = "Choose a new password, not the one you have now.";

pub(super) async fn change_password(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: PasswordChange = call.json().await?;
    let (state, client) = (&call.state, call.client);
    let one_time = staff.session.account.must_change_password;
    // The current password is asked unless the password is one-time; sent anyway, it is
    // checked all the same.
    let current = form.current_password.filter(|p| !p.is_empty());
    let mut errors = FieldErrors::default();
    let new = match NewPassword::parse(&form.new_password) {
        Ok(_) if current.as_deref() == Some(form.new_password.as_str()) => {
            errors.add("new_password", FieldError::Choice(SAME_PASSWORD));
            None
        }
        Ok(new) => Some(new),
        Err(rule) => {
            errors.add("new_password", FieldError::Choice(rule.message()));
            None
        }
    };
    let missing_current = current.is_none() && !one_time;
    if missing_current {
        errors.add("current_password", FieldError::Required);
    }
    // A current password typed is a guess at it, counted as a sign-in would count it: a
    // stolen session tries passwords no faster than the sign-in page allows.
    let attempt = match current {
        Some(_) => {
            let email = staff.session.account.email.to_lowercase();
            Some(
                count_guess(state, email, client, unix_now(), |_| Ok(()))
                    .await?
                    .0,
            )
        }
        None => None,
    };
    let stored = staff.session.account.password_hash.clone();
    let new_text = form.new_password;
    let checked = state
        .password_checks
        .run(move || {
            let verified = match &current {
                Some(current) => verify_password(current, &stored),
                None => one_time,
            };
            // Without the current password to compare, the new one is held to the stored
            // hash: the one-time password is not a new one.
            let reused = current.is_none()
                && new.is_some()
                && verified
                && verify_password(&new_text, &stored);
            let hash = match (&new, verified && !reused) {
                (Some(new), true) => Some(new.hash()),
                _ => None,
            };
            (verified, reused, hash)
        })
        .await;
    let (verified, reused, hash) = match checked {
        Ok(checked) => checked,
        Err(busy) => {
            if let Some(attempt) = attempt {
                forgive_guess(state, attempt).await?;
            }
            return Err(busy);
        }
    };
    match attempt {
        Some(attempt) if verified => forgive_guess(state, attempt).await?,
        Some(_) => {
            let detail = "wrong current password".to_owned();
            audit_wrong_guess(state, staff.actor(), "password change failed", detail).await?;
        }
        None => {}
    }
    if !verified && !missing_current {
        errors.add(
            "current_password",
            FieldError::Choice("This is not your current password."),
        );
    }
    if reused {
        errors.add("new_password", FieldError::Choice(SAME_PASSWORD));
    }
    if !errors.is_empty() {
        return Err(crate::http::plumbing::reply::invalid(errors));
    }
    let hash = hash
        .ok_or_else(|| ApiError::broken("a valid new password was not hashed"))?
        .map_err(ApiError::unexpected)?;
    let staff_id = staff.session.account.id;
    let email = staff.email.clone();
    let remove = form.remove_passkeys;
    let factor_given = staff.session.factor_given;
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            for id in &remove {
                if !passkeys::remove_own(conn, &staff, *id)? {
                    let gone = FieldErrors::one("remove_passkeys", passkeys::NO_SUCH_PASSKEY);
                    return Err(crate::http::plumbing::reply::invalid(gone));
                }
            }
            if !remove.is_empty() {
                // Returning the error rolls the removals back.
                factors::factors_left(conn, staff_id).map_err(|left| match left {
                    factors::Left::NoneButRequired => crate::http::plumbing::reply::invalid(
                        FieldErrors::one("remove_passkeys", factors::LAST_FACTOR),
                    ),
                    factors::Left::Store(err) => err.into(),
                })?;
            }
            accounts::set_password(conn, staff_id, &hash, false).map_err(StoreError::from)?;
            Ok(())
        })
        .await?;
    call.start_session(
        staff_id,
        &email,
        "changed password",
        factor_given,
        unix_now(),
    )
    .await
}
