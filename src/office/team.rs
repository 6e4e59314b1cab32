//! The team's operations.

use rusqlite::Connection;

use crate::office::Actor;
use crate::store::accounts::{self, Account};
use crate::store::audit;
use crate::store::mail_routes::{self, Fallback};
use crate::store::team;

/// Why an account was not removed.
#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    /// The database keeps at least one owner.
    #[error("the last owner cannot be removed")]
    LastOwner,
    #[error(transparent)]
    Store(#[from] rusqlite::Error),
}

/// Where the lead mail a removed account got goes instead: to `heir`, in rules that say what
/// `--notify-to` (`notify_to`) said for each kind of lead it named the leaver for.
pub struct Heir<'a> {
    pub account: &'a Account,
    pub notify_to: &'a [Fallback],
}

/// Removes `account`: the invites it sent are withdrawn (their links stop working), its
/// sessions end, its audit entries stay; with an heir, the lead mail it got goes to the
/// heir. One audit entry, "removed an account" (with the name, roles and invites withdrawn),
/// and one more when lead mail moved. Run it in a transaction.
pub fn remove_account(
    conn: &Connection,
    actor: Actor<'_>,
    account: &Account,
    heir: Option<Heir<'_>>,
) -> Result<(), RemoveError> {
    let withdrawn = team::withdraw_invites_of(conn, account.id)?;
    match team::remove_account(conn, account.id) {
        Ok(_) => {}
        Err(err) if accounts::is_last_owner(&err) => return Err(RemoveError::LastOwner),
        Err(err) => return Err(err.into()),
    }
    let mut detail = format!("{} ({})", account.name, account.roles.stored());
    if withdrawn > 0 {
        detail.push_str(&format!("; {withdrawn} invite(s) they sent withdrawn"));
    }
    audit::record(
        conn,
        &actor.audit("removed an account", &account.email, &detail),
    )?;
    if let Some(heir) = heir {
        if mail_routes::hand_over(conn, heir.notify_to, &account.email, &heir.account.email)? {
            let detail = format!("from {} to {}", account.email, heir.account.email);
            audit::record(
                conn,
                &actor.audit("set who gets lead mail", "mail routes", &detail),
            )?;
        }
    }
    Ok(())
}
