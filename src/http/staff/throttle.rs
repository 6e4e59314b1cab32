//! The throttle of guesses at a staff member's secret (a password, a second factor's code):
//! each guess is counted as a failed sign-in before it is judged, per account and per
//! address, and a right one is taken back; a wrong one is audited.

use std::net::IpAddr;

use crate::http::plumbing::error::ApiError;
use crate::http::state::AppState;
use crate::metrics::Limit;
use crate::office::Actor;
use crate::store::audit;
use crate::store::throttle::{forgive_attempt, record_failure, throttle_wait};
use crate::store::StoreError;

/// Counts a guess at account `email_folded`'s secret from `client` (a password typed at
/// sign-in, on a password change or to confirm a change) as a failed sign-in before it is
/// judged, in the same transaction as the look at the limits (5 per account, 20 per address,
/// `store::throttle::THROTTLE_WINDOW_SECS`): guesses sent at once are counted one after
/// another, so no more than the limit are ever judged. `also` runs in that transaction. 429
/// once throttled; a right guess is taken back with `forgive_guess`.
pub(crate) async fn count_guess<T, F>(
    state: &AppState,
    email_folded: String,
    client: IpAddr,
    now: i64,
    also: F,
) -> Result<(i64, T), ApiError>
where
    T: Send + 'static,
    F: FnOnce(&rusqlite::Connection) -> rusqlite::Result<T> + Send + 'static,
{
    let key = throttle_key(client);
    let reserved = state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            let wait = throttle_wait(conn, &email_folded, &key, now)?;
            if wait > 0 {
                return Ok(Err(wait));
            }
            let attempt = record_failure(conn, &email_folded, &key, now)?;
            Ok(Ok((attempt, also(conn)?)))
        })
        .await?;
    reserved.map_err(|wait| {
        state.metrics.rate_limited(Limit::SignIn).inc();
        ApiError::SignInThrottled {
            retry_after_secs: u64::try_from(wait).unwrap_or(1),
        }
    })
}

/// Takes back a guess `count_guess` counted: it was right, or never judged.
pub(crate) async fn forgive_guess(state: &AppState, attempt: i64) -> Result<(), ApiError> {
    state
        .db
        .write(move |conn| Ok::<_, StoreError>(forgive_attempt(conn, attempt)?))
        .await?;
    Ok(())
}

/// Writes the audit entry of a wrong guess (`action`, by `actor`, with `detail`) on its own.
pub(crate) async fn audit_wrong_guess(
    state: &AppState,
    actor: Actor,
    action: &'static str,
    detail: String,
) -> Result<(), ApiError> {
    state
        .db
        .write(move |conn| {
            Ok::<_, StoreError>(audit::record(conn, &actor.audit(action, "", &detail))?)
        })
        .await?;
    Ok(())
}

/// What failed sign-ins from `client` are counted under: its address, or for IPv6 its /64
/// (the block one subscriber controls, as the form limit counts it).
pub(crate) fn throttle_key(client: IpAddr) -> String {
    match crate::http::plumbing::rate_limit::client_block(client) {
        IpAddr::V6(block) => format!("{block}/64"),
        v4 => v4.to_string(),
    }
}
