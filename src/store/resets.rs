//! Forgotten passwords: reset links (table `password_resets`, only a token's SHA-256) and
//! the requests for them (`reset_requests`), limited per client address and per account.
//! Plain functions over a connection; the limits are constants here.

use rusqlite::{params, Connection, OptionalExtension};

/// A reset link works this long.
pub const LINK_VALID_SECS: i64 = 3600;
/// Requests are counted over this window.
pub const REQUEST_WINDOW_SECS: i64 = 3600;
/// Requests from one client address within the window before it must wait.
pub const MAX_REQUESTS_PER_CLIENT: i64 = 10;
/// Live links one account may have: past that a request answers the same and mails nothing.
pub const MAX_LINKS_PER_ACCOUNT: i64 = 3;

/// How long, in seconds, before `client` may ask again: 0 when it may ask now.
pub fn client_wait(conn: &Connection, client: &str, now: i64) -> rusqlite::Result<i64> {
    // The n-th most recent request within the window: once it leaves, fewer than n remain.
    let nth: Option<i64> = conn
        .prepare_cached(
            "SELECT at FROM reset_requests WHERE client_addr = ?1 AND at > ?2
             ORDER BY at DESC LIMIT 1 OFFSET ?3",
        )?
        .query_row(
            params![
                client,
                now - REQUEST_WINDOW_SECS,
                MAX_REQUESTS_PER_CLIENT - 1
            ],
            |row| row.get(0),
        )
        .optional()?;
    Ok(nth.map_or(0, |at| (at + REQUEST_WINDOW_SECS - now).max(1)))
}

/// Counts a request (for an account or an unknown address alike), and forgets requests and
/// links past their time.
pub fn record_request(
    conn: &Connection,
    email_folded: &str,
    client: &str,
    now: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM reset_requests WHERE at <= ?1")?
        .execute([now - REQUEST_WINDOW_SECS])?;
    conn.prepare_cached("DELETE FROM password_resets WHERE expires_at <= ?1")?
        .execute([now])?;
    conn.prepare_cached(
        "INSERT INTO reset_requests (email_folded, client_addr, at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![email_folded, client, now])?;
    Ok(())
}

/// How many links of account `staff_id` still work at `now`.
pub fn live_links(conn: &Connection, staff_id: i64, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT count(*) FROM password_resets WHERE staff_id = ?1 AND expires_at > ?2",
    )?
    .query_row(params![staff_id, now], |row| row.get(0))
}

/// Keeps a new link's digest for account `staff_id`, working until `now + LINK_VALID_SECS`.
pub fn add_link(
    conn: &Connection,
    staff_id: i64,
    token_hash: &str,
    now: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO password_resets (token_hash, staff_id, expires_at) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![token_hash, staff_id, now + LINK_VALID_SECS])?;
    Ok(())
}

/// The account a working link is for, or `None` (unknown, used or expired).
pub fn link_account(
    conn: &Connection,
    token_hash: &str,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT staff_id FROM password_resets WHERE token_hash = ?1 AND expires_at > ?2",
    )?
    .query_row(params![token_hash, now], |row| row.get(0))
    .optional()
}

/// Uses a link: answers its account when it works, and deletes every link of that account
/// (whichever was used, none works again).
pub fn use_link(conn: &Connection, token_hash: &str, now: i64) -> rusqlite::Result<Option<i64>> {
    let Some(staff_id) = link_account(conn, token_hash, now)? else {
        return Ok(None);
    };
    conn.prepare_cached("DELETE FROM password_resets WHERE staff_id = ?1")?
        .execute([staff_id])?;
    Ok(Some(staff_id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::{Role, Roles};
    use crate::store::migrated;

    use crate::store::accounts::{add_account, NewAccount};

    #[test]
    fn a_link_works_once_until_it_expires_and_using_one_ends_the_others() {
        let conn = migrated();
        let roles = Roles::new([Role::Owner]).expect("roles");
        let id = add_account(
            &conn,
            &NewAccount {
                email: "o@x",
                email_folded: "o@x",
                name: "O",
                password_hash: "h",
                roles: &roles,
                chosen: true,
            },
        )
        .expect("add")
        .expect("new");
        add_link(&conn, id, "a", 100).expect("link");
        add_link(&conn, id, "b", 100).expect("link");
        assert_eq!(live_links(&conn, id, 100).expect("count"), 2);
        assert_eq!(
            link_account(&conn, "a", 100 + LINK_VALID_SECS).expect("read"),
            None
        );
        assert_eq!(use_link(&conn, "a", 101).expect("use"), Some(id));
        assert_eq!(use_link(&conn, "a", 102).expect("use"), None);
        assert_eq!(use_link(&conn, "b", 102).expect("use"), None);
    }

    #[test]
    fn the_eleventh_request_from_one_address_waits_for_the_oldest_to_leave_the_window() {
        let conn = migrated();
        for n in 0..MAX_REQUESTS_PER_CLIENT {
            assert_eq!(client_wait(&conn, "1.2.3.4", 10 + n).expect("wait"), 0);
            record_request(&conn, &format!("{n}@x"), "1.2.3.4", 10 + n).expect("record");
        }
        assert_eq!(
            client_wait(&conn, "1.2.3.4", 20).expect("wait"),
            REQUEST_WINDOW_SECS - 10
        );
        assert_eq!(client_wait(&conn, "1.2.3.5", 20).expect("wait"), 0);
    }
}
