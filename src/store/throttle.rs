//! Failed sign-ins (table `sign_in_failures`), counted per account and per client address
//! over a window, and how long a sign-in waits for them. Plain functions over a connection;
//! the limits are constants here so the CLI and the server agree.

use rusqlite::{params, Connection, OptionalExtension};

/// Failed sign-ins are counted over this window.
pub const THROTTLE_WINDOW_SECS: i64 = 15 * 60;
/// Failed sign-ins for one account within the window before it is throttled.
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
/// Failed sign-ins from one client address within the window before it is throttled.
pub const MAX_FAILURES_PER_CLIENT: i64 = 20;

/// How long, in seconds, before a sign-in for `email_folded` from `client_addr` may be tried
/// again: 0 when it may be tried now.
pub fn throttle_wait(
    conn: &Connection,
    email_folded: &str,
    client_addr: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    let since = now - THROTTLE_WINDOW_SECS;
    // The n-th most recent failure within the window: once it leaves the window, fewer
    // than n remain and the next try is allowed.
    let wait_for = |column: &str, value: &str, limit: i64| -> rusqlite::Result<i64> {
        let sql = format!(
            "SELECT at FROM sign_in_failures WHERE {column} = ?1 AND at > ?2 ORDER BY at DESC LIMIT 1 OFFSET ?3"
        );
        let nth: Option<i64> = conn
            .prepare_cached(&sql)?
            .query_row(params![value, since, limit - 1], |row| row.get(0))
            .optional()?;
        Ok(nth.map_or(0, |at| (at + THROTTLE_WINDOW_SECS - now).max(1)))
    };
    let account = wait_for("email_folded", email_folded, MAX_FAILURES_PER_ACCOUNT)?;
    let client = wait_for("client_addr", client_addr, MAX_FAILURES_PER_CLIENT)?;
    Ok(account.max(client))
}

/// Counts a failed sign-in, and forgets failures older than the window. Answers the
/// failure's id, so an attempt counted before it is judged (`forgive_attempt`) can be taken
/// back when it turns out right.
pub fn record_failure(
    conn: &Connection,
    email_folded: &str,
    client_addr: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached("DELETE FROM sign_in_failures WHERE at <= ?1")?
        .execute([now - THROTTLE_WINDOW_SECS])?;
    conn.prepare_cached(
        "INSERT INTO sign_in_failures (email_folded, client_addr, at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![email_folded, client_addr, now])?;
    Ok(conn.last_insert_rowid())
}

/// Takes back an attempt counted by `record_failure` (it was right, or never judged).
pub fn forgive_attempt(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM sign_in_failures WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    #[test]
    fn five_failures_for_one_account_throttle_it_for_the_rest_of_the_window() {
        let conn = migrated();
        for n in 0..MAX_FAILURES_PER_ACCOUNT {
            assert_eq!(
                throttle_wait(&conn, "a@x", "1.1.1.1", 100 + n).expect("wait"),
                0
            );
            record_failure(&conn, "a@x", &format!("10.0.0.{n}"), 100 + n).expect("fail");
        }
        // The oldest counted failure (at 100) leaves the window at 100 + window.
        assert_eq!(
            throttle_wait(&conn, "a@x", "9.9.9.9", 104).expect("wait"),
            THROTTLE_WINDOW_SECS - 4
        );
        assert_eq!(
            throttle_wait(&conn, "a@x", "9.9.9.9", 100 + THROTTLE_WINDOW_SECS).expect("wait"),
            0
        );
        assert_eq!(
            throttle_wait(&conn, "b@x", "9.9.9.9", 104).expect("wait"),
            0
        );
    }

    #[test]
    fn twenty_failures_from_one_client_throttle_it_for_every_account() {
        let conn = migrated();
        for n in 0..MAX_FAILURES_PER_CLIENT {
            record_failure(&conn, &format!("{n}@x"), "203.0.113.1", 10).expect("fail");
        }
        assert!(throttle_wait(&conn, "new@x", "203.0.113.1", 11).expect("wait") > 0);
        assert_eq!(
            throttle_wait(&conn, "new@x", "203.0.113.2", 11).expect("wait"),
            0
        );
    }
}
