//! Staff sessions (table `staff_sessions`): started, found, used, confirmed, listed and
//! ended, and where each stands with its second factor. Plain functions over a connection;
//! the rules (expiry) are constants here so the CLI and the server agree.

use rusqlite::{params, Connection, OptionalExtension};

use super::accounts::{
    account_at, has_authenticator, has_passkey, needs_factor, Account, ACCOUNT_COLUMNS,
};

/// A session unused this long is over.
pub const IDLE_SECS: i64 = 8 * 3600;
/// A session is over this long after sign-in, however used.
pub const ABSOLUTE_SECS: i64 = 7 * 24 * 3600;
/// Adding or removing a second factor, or making new recovery codes, asks for the password
/// or a second factor again unless the session gave one this recently.
pub const CONFIRM_SECS: i64 = 5 * 60;
/// A session's last use is written at most this often (each request would be a write).
const TOUCH_EVERY_SECS: i64 = 60;

/// A session as a request finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub token_hash: String,
    pub csrf_token: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub client_addr: String,
    pub user_agent: String,
    /// The second factor was given (or the session needs none); see `second_factor`.
    pub second_factor_done: bool,
    /// The session itself gave a second factor (or set up the account's first).
    pub factor_given: bool,
    /// When the session last gave the password or a second factor (0: not since it began).
    pub confirmed_at: i64,
    pub account: Account,
}

/// Where a session stands with its second factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FactorStep {
    /// Nothing left to do.
    Done,
    /// Signed in with the password; the account's factor must be given before anything else.
    Give,
    /// The account's role needs a second factor and it has none: it must set one up first.
    SetUp,
}

impl Session {
    /// Did the session give the password or a second factor within `CONFIRM_SECS`?
    pub fn recently_confirmed(&self, now: i64) -> bool {
        now - self.confirmed_at < CONFIRM_SECS
    }

    pub fn second_factor(&self) -> FactorStep {
        let factors = self.account.factors;
        if self.second_factor_done {
            FactorStep::Done
        } else if factors.any() {
            FactorStep::Give
        } else if factors.required {
            FactorStep::SetUp
        } else {
            // Its factors were removed, or its role no longer needs one, since sign-in.
            FactorStep::Done
        }
    }
}

pub struct NewSession<'a> {
    pub token_hash: &'a str,
    pub staff_id: i64,
    pub csrf_token: &'a str,
    pub client_addr: &'a str,
    pub user_agent: &'a str,
    /// Was the second factor given already (a passkey, or a session that had given it)? If
    /// not, the session waits for it when the account has one or its role needs one.
    pub factor_given: bool,
}

pub fn create_session(
    conn: &Connection,
    session: &NewSession<'_>,
    now: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        // Done when given, or when the account has no factor and needs none.
        concat!(
            "INSERT INTO staff_sessions (token_hash, staff_id, csrf_token, created_at, last_seen_at,
                                         client_addr, user_agent, factor_given, confirmed_at,
                                         second_factor_done)
             SELECT ?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?4, ?7 OR NOT (",
            has_authenticator!(),
            " OR ",
            has_passkey!(),
            " OR ",
            needs_factor!(),
            ") FROM staff a WHERE a.id = ?2"
        ),
    )?
    .execute(params![
        session.token_hash,
        session.staff_id,
        session.csrf_token,
        now,
        session.client_addr,
        session.user_agent,
        session.factor_given,
    ])?;
    Ok(())
}

/// Puts the sessions of account `staff_id` where a new sign-in would start (its roles
/// changed): one that gave no second factor waits for it when the account now has one or
/// must have one; one that waited and needs none now is done.
pub fn recheck_factor_step(conn: &Connection, staff_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(concat!(
        "UPDATE staff_sessions SET second_factor_done = factor_given OR NOT (
             SELECT ",
        has_authenticator!(),
        " OR ",
        has_passkey!(),
        " OR ",
        needs_factor!(),
        " FROM staff a WHERE a.id = staff_sessions.staff_id)
         WHERE staff_id = ?1"
    ))?
    .execute([staff_id])?;
    Ok(())
}

/// Notes that the session of `token_hash` gave the password or a second factor at `now`.
pub fn confirm_session(conn: &Connection, token_hash: &str, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE staff_sessions SET confirmed_at = ?2 WHERE token_hash = ?1")?
        .execute(params![token_hash, now])?;
    Ok(())
}

/// Records that the session of `token_hash` gave its second factor (or set up the
/// account's first).
pub fn factor_given(conn: &Connection, token_hash: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE staff_sessions SET second_factor_done = 1, factor_given = 1 WHERE token_hash = ?1",
    )?
    .execute([token_hash])?;
    Ok(())
}

/// Is a session with these times still open at `now`?
pub fn is_live(created_at: i64, last_seen_at: i64, now: i64) -> bool {
    now - last_seen_at < IDLE_SECS && now - created_at < ABSOLUTE_SECS
}

/// The live session of a token digest, or `None` (unknown, idle too long, or too old).
pub fn live_session(
    conn: &Connection,
    token_hash: &str,
    now: i64,
) -> rusqlite::Result<Option<Session>> {
    let session = conn
        .prepare_cached(&format!(
            "SELECT s.token_hash, s.csrf_token, s.created_at, s.last_seen_at, s.client_addr, s.user_agent,
                    s.second_factor_done, s.factor_given, s.confirmed_at, {ACCOUNT_COLUMNS}
             FROM staff_sessions s JOIN staff a ON a.id = s.staff_id WHERE s.token_hash = ?1",
        ))?
        .query_row([token_hash], session_row)
        .optional()?;
    Ok(session.filter(|s| is_live(s.created_at, s.last_seen_at, now)))
}

fn session_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Session> {
    Ok(Session {
        token_hash: row.get(0)?,
        csrf_token: row.get(1)?,
        created_at: row.get(2)?,
        last_seen_at: row.get(3)?,
        client_addr: row.get(4)?,
        user_agent: row.get(5)?,
        second_factor_done: row.get(6)?,
        factor_given: row.get(7)?,
        confirmed_at: row.get(8)?,
        account: account_at(row, 9)?,
    })
}

/// Does this session's last use need writing down?
pub fn needs_touch(session: &Session, now: i64) -> bool {
    now - session.last_seen_at >= TOUCH_EVERY_SECS
}

/// Records a use of the session (only while it is live: an expired one stays expired).
pub fn touch_session(conn: &Connection, token_hash: &str, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE staff_sessions SET last_seen_at = ?2
         WHERE token_hash = ?1 AND ?2 - last_seen_at < ?3 AND ?2 - created_at < ?4",
    )?
    .execute(params![token_hash, now, IDLE_SECS, ABSOLUTE_SECS])?;
    Ok(())
}

pub fn end_session(conn: &Connection, token_hash: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "DELETE FROM staff_sessions WHERE token_hash = ?1",
        [token_hash],
    )? == 1)
}

/// A session as `staff sessions` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionListing {
    /// The first 12 hex digits of the token's digest: enough to name it for `--revoke`.
    pub key: String,
    pub email: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub client_addr: String,
    pub user_agent: String,
}

/// Live sessions, most recently used first; expired ones are deleted on the way.
pub fn sessions(conn: &Connection, now: i64) -> rusqlite::Result<Vec<SessionListing>> {
    delete_expired_sessions(conn, now)?;
    let mut stmt = conn.prepare(
        "SELECT substr(s.token_hash, 1, 12), a.email, s.created_at, s.last_seen_at, s.client_addr, s.user_agent
         FROM staff_sessions s JOIN staff a ON a.id = s.staff_id ORDER BY s.last_seen_at DESC",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok(SessionListing {
            key: row.get(0)?,
            email: row.get(1)?,
            created_at: row.get(2)?,
            last_seen_at: row.get(3)?,
            client_addr: row.get(4)?,
            user_agent: row.get(5)?,
        })
    })?;
    rows.collect()
}

/// Ends the sessions whose digest starts with `key` (as `sessions` lists it), or every
/// session of the account `key` names by email. Returns how many ended.
pub fn revoke_sessions(conn: &Connection, key: &str) -> rusqlite::Result<usize> {
    let folded = key.to_lowercase();
    if key.len() >= 12 && key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return conn.execute(
            "DELETE FROM staff_sessions WHERE substr(token_hash, 1, length(?1)) = ?1",
            [folded],
        );
    }
    conn.execute(
        "DELETE FROM staff_sessions WHERE staff_id IN (SELECT id FROM staff WHERE email_folded = ?1)",
        [folded],
    )
}

pub fn delete_expired_sessions(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM staff_sessions WHERE ?1 - last_seen_at >= ?2 OR ?1 - created_at >= ?3",
        params![now, IDLE_SECS, ABSOLUTE_SECS],
    )
}

/// A live session as the account page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveSession {
    /// The first 12 hex digits of the token's digest: the session's name in the API.
    pub key: String,
    pub staff_id: i64,
    pub name: String,
    pub email: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub client_addr: String,
    pub user_agent: String,
}

/// How long a session's key is (hex digits of its token's digest).
pub const SESSION_KEY_LEN: usize = 12;

/// The live sessions of account `staff_id` (everyone's when `None`), most recently used
/// first; expired ones are deleted on the way.
pub fn live_sessions(
    conn: &Connection,
    staff_id: Option<i64>,
    now: i64,
) -> rusqlite::Result<Vec<LiveSession>> {
    delete_expired_sessions(conn, now)?;
    let mut stmt = conn.prepare_cached(
        "SELECT substr(s.token_hash, 1, 12), a.id, a.name, a.email, s.created_at, s.last_seen_at,
                s.client_addr, s.user_agent
         FROM staff_sessions s JOIN staff a ON a.id = s.staff_id
         WHERE ?1 IS NULL OR s.staff_id = ?1
         ORDER BY s.last_seen_at DESC, s.created_at DESC",
    )?;
    let rows = stmt.query_map([staff_id], |row| {
        Ok(LiveSession {
            key: row.get(0)?,
            staff_id: row.get(1)?,
            name: row.get(2)?,
            email: row.get(3)?,
            created_at: row.get(4)?,
            last_seen_at: row.get(5)?,
            client_addr: row.get(6)?,
            user_agent: row.get(7)?,
        })
    })?;
    rows.collect()
}

/// Ends the session named by `key` (`LiveSession::key`), if it is account `staff_id`'s (any
/// account's when `None`). Answers whose it was (id, name, email), or `None`.
pub fn end_session_by_key(
    conn: &Connection,
    key: &str,
    staff_id: Option<i64>,
) -> rusqlite::Result<Option<(i64, String, String)>> {
    if key.len() != SESSION_KEY_LEN || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let key = key.to_ascii_lowercase();
    let found: Option<(String, i64, String, String)> = conn
        .prepare_cached(
            "SELECT s.token_hash, a.id, a.name, a.email FROM staff_sessions s
             JOIN staff a ON a.id = s.staff_id
             WHERE substr(s.token_hash, 1, 12) = ?1 AND (?2 IS NULL OR s.staff_id = ?2)",
        )?
        .query_row(params![key, staff_id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .optional()?;
    let Some((token_hash, id, name, email)) = found else {
        return Ok(None);
    };
    end_session(conn, &token_hash)?;
    Ok(Some((id, name, email)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::Role;
    use crate::store::accounts::fixtures::add;
    use crate::store::accounts::set_password;
    use crate::store::migrated;

    fn with_session(conn: &Connection, token_hash: &str, now: i64) -> i64 {
        let id = add(conn, "Office@Example.com", &[Role::Owner]);
        let session = NewSession {
            token_hash,
            staff_id: id,
            csrf_token: "csrf",
            client_addr: "203.0.113.9",
            user_agent: "test",
            factor_given: false,
        };
        create_session(conn, &session, now).expect("session");
        id
    }

    #[test]
    fn a_session_ends_after_eight_idle_hours_even_if_young() {
        let conn = migrated();
        with_session(&conn, "t", 1_000);
        assert!(live_session(&conn, "t", 1_000 + IDLE_SECS - 1)
            .expect("read")
            .is_some());
        assert!(live_session(&conn, "t", 1_000 + IDLE_SECS)
            .expect("read")
            .is_none());
    }

    #[test]
    fn a_session_in_use_still_ends_seven_days_after_sign_in() {
        let conn = migrated();
        with_session(&conn, "t", 0);
        let mut now = 0;
        while now + 3600 < ABSOLUTE_SECS {
            now += 3600;
            touch_session(&conn, "t", now).expect("touch");
            assert!(
                live_session(&conn, "t", now).expect("read").is_some(),
                "{now}"
            );
        }
        assert!(live_session(&conn, "t", ABSOLUTE_SECS)
            .expect("read")
            .is_none());
    }

    #[test]
    fn touching_an_expired_session_does_not_revive_it() {
        let conn = migrated();
        with_session(&conn, "t", 0);
        touch_session(&conn, "t", IDLE_SECS + 5).expect("touch");
        assert!(live_session(&conn, "t", IDLE_SECS + 6)
            .expect("read")
            .is_none());
    }

    #[test]
    fn a_new_password_ends_every_session_of_the_account() {
        let conn = migrated();
        let id = with_session(&conn, "t", 0);
        assert!(set_password(&conn, id, "new hash", false).expect("set"));
        assert!(live_session(&conn, "t", 1).expect("read").is_none());
    }
}
