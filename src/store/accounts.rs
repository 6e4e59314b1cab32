//! Staff accounts, their sessions, failed sign-ins and the audit log (tables `staff`,
//! `staff_sessions`, `sign_in_failures`, `audit_log`). Plain functions over a connection;
//! the rules (expiry, throttling) are constants here so the CLI and the server agree.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::roles::Roles;

/// A session unused this long is over.
pub const IDLE_SECS: i64 = 8 * 3600;
/// A session is over this long after sign-in, however used.
pub const ABSOLUTE_SECS: i64 = 7 * 24 * 3600;
/// Failed sign-ins are counted over this window.
pub const THROTTLE_WINDOW_SECS: i64 = 15 * 60;
/// Failed sign-ins for one account within the window before it is throttled.
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
/// Failed sign-ins from one client address within the window before it is throttled.
pub const MAX_FAILURES_PER_CLIENT: i64 = 20;
/// Adding or removing a second factor, or making new recovery codes, asks for the password
/// or a second factor again unless the session gave one this recently.
pub const CONFIRM_SECS: i64 = 5 * 60;
/// A session's last use is written at most this often (each request would be a write).
const TOUCH_EVERY_SECS: i64 = 60;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub must_change_password: bool,
    pub created_at: String,
    pub roles: Roles,
    pub last_sign_in_at: Option<String>,
    pub factors: Factors,
}

/// An account's second factors, as far as signing in needs to know.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Factors {
    /// A confirmed authenticator app (a set-up still waiting for its first code is not one).
    pub authenticator: bool,
    /// At least one passkey.
    pub passkey: bool,
    /// One of its roles must have a second factor (`second_factor_required`).
    pub required: bool,
    /// Unused recovery codes left.
    pub recovery_codes: bool,
}

impl Factors {
    /// Has the account a second factor to give?
    pub fn any(self) -> bool {
        self.authenticator || self.passkey
    }
}

/// Has account `a` a confirmed authenticator app? (SQL, as a literal for `concat!`.)
macro_rules! has_authenticator {
    () => {
        "EXISTS (SELECT 1 FROM staff_totp t WHERE t.staff_id = a.id AND t.confirmed_at IS NOT NULL)"
    };
}
/// Has account `a` a passkey?
macro_rules! has_passkey {
    () => {
        "EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = a.id)"
    };
}
/// Must account `a` have a second factor, by one of its roles?
macro_rules! needs_factor {
    () => {
        "EXISTS (SELECT 1 FROM staff_roles r JOIN second_factor_required q ON q.role = r.role
                 WHERE r.staff_id = a.id)"
    };
}

/// An account's columns, the table named `a`.
const ACCOUNT_COLUMNS: &str = concat!(
    "a.id, a.email, a.name, a.password_hash, a.must_change_password, a.created_at,
     (SELECT group_concat(role) FROM staff_roles r WHERE r.staff_id = a.id), a.last_sign_in_at, ",
    has_authenticator!(),
    ", ",
    has_passkey!(),
    ", ",
    needs_factor!(),
    ", EXISTS (SELECT 1 FROM staff_recovery_codes c WHERE c.staff_id = a.id AND c.used_at IS NULL)"
);

/// An account from `ACCOUNT_COLUMNS`, read from column `at` on.
fn account_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Account> {
    let roles: Option<String> = row.get(at + 6)?;
    Ok(Account {
        id: row.get(at)?,
        email: row.get(at + 1)?,
        name: row.get(at + 2)?,
        password_hash: row.get(at + 3)?,
        must_change_password: row.get(at + 4)?,
        created_at: row.get(at + 5)?,
        // The table's CHECK keeps unknown names out; an account without a row reaches nothing.
        roles: Roles::parse_stored(roles.as_deref().unwrap_or(""))
            .unwrap_or_else(|_| Roles::none()),
        last_sign_in_at: row.get(at + 7)?,
        factors: Factors {
            authenticator: row.get(at + 8)?,
            passkey: row.get(at + 9)?,
            required: row.get(at + 10)?,
            recovery_codes: row.get(at + 11)?,
        },
    })
}

fn account_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    account_at(row, 0)
}

/// The message of the database's refusal to lose its last owner (`staff_keep_an_owner`).
pub const LAST_OWNER: &str = "The team must keep at least one owner.";

/// Adds an account with `roles`; `false` when the address has one already. The password is
/// a one-time one unless `chosen` (an invite accepted, the set-up link).
pub fn add_account(conn: &Connection, new: &NewAccount<'_>) -> rusqlite::Result<Option<i64>> {
    let added = conn.execute(
        "INSERT INTO staff (email, email_folded, name, password_hash, must_change_password)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email_folded) DO NOTHING",
        params![
            new.email,
            new.email_folded,
            new.name,
            new.password_hash,
            !new.chosen
        ],
    )?;
    if added != 1 {
        return Ok(None);
    }
    let id = conn.last_insert_rowid();
    set_roles(conn, id, new.roles)?;
    Ok(Some(id))
}

/// An account to add.
pub struct NewAccount<'a> {
    pub email: &'a str,
    pub email_folded: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub roles: &'a Roles,
    /// Chosen by its holder: no change asked at the first sign-in.
    pub chosen: bool,
}

/// Gives account `staff_id` exactly `roles`. The database refuses to take the last owner's
/// role (`LAST_OWNER` in its error): the new roles are added before the old are taken.
pub fn set_roles(conn: &Connection, staff_id: i64, roles: &Roles) -> rusqlite::Result<()> {
    for role in roles.as_slice() {
        conn.prepare_cached("INSERT OR IGNORE INTO staff_roles (staff_id, role) VALUES (?1, ?2)")?
            .execute(params![staff_id, role.as_str()])?;
    }
    let keep = roles.stored();
    conn.prepare_cached(
        "DELETE FROM staff_roles WHERE staff_id = ?1
         AND instr(',' || ?2 || ',', ',' || role || ',') = 0",
    )?
    .execute(params![staff_id, keep])?;
    Ok(())
}

/// Is this the database's refusal to lose its last owner?
pub fn is_last_owner(err: &rusqlite::Error) -> bool {
    err.to_string().contains(LAST_OWNER)
}

/// How many accounts there are (none: the set-up link is offered).
pub fn account_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM staff")?
        .query_row([], |row| row.get(0))
}

/// Notes a sign-in's time, for the team's list.
pub fn note_sign_in(conn: &Connection, staff_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE staff SET last_sign_in_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
    )?
    .execute([staff_id])?;
    Ok(())
}

pub fn accounts(conn: &Connection) -> rusqlite::Result<Vec<Account>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM staff a ORDER BY a.name, a.email_folded"
    ))?;
    let rows = stmt.query_map([], account_row)?;
    rows.collect()
}

pub fn account_by_email(
    conn: &Connection,
    email_folded: &str,
) -> rusqlite::Result<Option<Account>> {
    conn.prepare_cached(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM staff a WHERE a.email_folded = ?1"
    ))?
    .query_row([email_folded], account_row)
    .optional()
}

pub fn account_by_id(conn: &Connection, staff_id: i64) -> rusqlite::Result<Option<Account>> {
    conn.prepare_cached(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM staff a WHERE a.id = ?1"
    ))?
    .query_row([staff_id], account_row)
    .optional()
}

/// Sets a new password hash, ends every session of the account, and says whether the
/// account must change it at its next sign-in. `false` when there is no such account.
pub fn set_password(
    conn: &Connection,
    staff_id: i64,
    password_hash: &str,
    one_time: bool,
) -> rusqlite::Result<bool> {
    let changed = conn.execute(
        "UPDATE staff SET password_hash = ?2, must_change_password = ?3 WHERE id = ?1",
        params![staff_id, password_hash, one_time],
    )?;
    conn.execute("DELETE FROM staff_sessions WHERE staff_id = ?1", [staff_id])?;
    Ok(changed == 1)
}

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

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub at: String,
    pub actor: String,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub client_addr: String,
}

/// Who did what to what, from where. `at` is set by the database.
pub struct Audit<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub subject: &'a str,
    pub detail: &'a str,
    pub client_addr: &'a str,
}

/// The actor of what the command line does.
pub const COMMAND_LINE: &str = "command line";

pub fn audit(conn: &Connection, entry: &Audit<'_>) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO audit_log (actor, action, subject, detail, client_addr) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        entry.actor,
        entry.action,
        entry.subject,
        entry.detail,
        entry.client_addr
    ])?;
    Ok(())
}

/// The newest `limit` entries, newest first.
pub fn audit_log(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<AuditEntry>> {
    let mut stmt = conn.prepare(
        "SELECT at, actor, action, subject, detail, client_addr FROM audit_log ORDER BY at DESC, id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit], |row| {
        Ok(AuditEntry {
            at: row.get(0)?,
            actor: row.get(1)?,
            action: row.get(2)?,
            subject: row.get(3)?,
            detail: row.get(4)?,
            client_addr: row.get(5)?,
        })
    })?;
    rows.collect()
}

/// SQL for the name of the account whose address `column` holds, or the text as stored
/// (a failed sign-in's address, `command line`, an account since removed).
pub fn name_or_text(column: &str) -> String {
    format!("coalesce((SELECT name FROM staff WHERE email_folded = lower({column})), {column})")
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

/// What the audit log screen asks: each filter optional, `page` from 1.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    /// The actor as stored (an address, `command line`), matched without regard to case.
    pub actor: Option<String>,
    pub action: Option<String>,
    /// On or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Before this day (`YYYY-MM-DD`, UTC): the day after the last one asked for.
    pub before: Option<String>,
    pub page: u32,
}

/// Audit entries a page.
pub const AUDIT_PAGE_SIZE: u32 = 50;

/// One line of the audit log as the screen shows it: who by name when the actor is an
/// account's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditLine {
    pub id: i64,
    pub at: String,
    /// As stored: an address, or `command line`.
    pub actor: String,
    /// The account's name, or `actor` when no account has that address.
    pub actor_name: String,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub client_addr: String,
}

fn audit_where(query: &AuditQuery) -> (&'static str, [Option<String>; 4]) {
    (
        "(?1 IS NULL OR lower(l.actor) = lower(?1)) AND (?2 IS NULL OR l.action = ?2)
         AND (?3 IS NULL OR l.at >= ?3) AND (?4 IS NULL OR l.at < ?4)",
        [
            query.actor.clone(),
            query.action.clone(),
            query.from.clone(),
            query.before.clone(),
        ],
    )
}

fn audit_line(row: &rusqlite::Row<'_>) -> rusqlite::Result<AuditLine> {
    Ok(AuditLine {
        id: row.get(0)?,
        at: row.get(1)?,
        actor: row.get(2)?,
        actor_name: row.get(3)?,
        action: row.get(4)?,
        subject: row.get(5)?,
        detail: row.get(6)?,
        client_addr: row.get(7)?,
    })
}

fn audit_select(clause: &str, tail: &str) -> String {
    format!(
        "SELECT l.id, l.at, l.actor, {}, l.action, l.subject, l.detail, l.client_addr
         FROM audit_log l WHERE {clause} ORDER BY l.at DESC, l.id DESC {tail}",
        name_or_text("l.actor")
    )
}

/// One page of the entries `query` matches, newest first, and how many match in all.
pub fn audit_page(
    conn: &Connection,
    query: &AuditQuery,
) -> rusqlite::Result<(i64, Vec<AuditLine>)> {
    let (clause, values) = audit_where(query);
    let total: i64 = conn
        .prepare_cached(&format!("SELECT count(*) FROM audit_log l WHERE {clause}"))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| row.get(0))?;
    let offset = i64::from(query.page.max(1) - 1) * i64::from(AUDIT_PAGE_SIZE);
    let sql = audit_select(clause, &format!("LIMIT {AUDIT_PAGE_SIZE} OFFSET {offset}"));
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(rusqlite::params_from_iter(values.iter()), audit_line)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((total, rows))
}

/// Every entry `query` matches (its page aside), newest first, for the export.
pub fn audit_all(conn: &Connection, query: &AuditQuery) -> rusqlite::Result<Vec<AuditLine>> {
    let (clause, values) = audit_where(query);
    let mut stmt = conn.prepare(&audit_select(clause, ""))?;
    let rows = stmt.query_map(rusqlite::params_from_iter(values.iter()), audit_line)?;
    rows.collect()
}

/// The actions the log holds, and its actors (as stored, with their names).
pub type AuditChoices = (Vec<String>, Vec<(String, String)>);

/// The actions the log holds, and its actors (as stored, with their names), for the
/// screen's filters.
pub fn audit_choices(conn: &Connection) -> rusqlite::Result<AuditChoices> {
    let actions = conn
        .prepare_cached("SELECT DISTINCT action FROM audit_log ORDER BY action")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    let actors = conn
        .prepare_cached(&format!(
            "SELECT actor, {} FROM (SELECT min(actor) AS actor FROM audit_log GROUP BY lower(actor))
             ORDER BY 2 COLLATE NOCASE LIMIT 500",
            name_or_text("actor")
        ))?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(String, String)>>>()?;
    Ok((actions, actors))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::Role;
    use crate::store::migrated;

    #[test]
    fn the_last_owner_can_lose_neither_the_role_nor_the_account() {
        let conn = migrated();
        let first = add(&conn, "first@example.com", &[Role::Owner]);
        let editor = Roles::new([Role::Editor]).expect("roles");
        let err = set_roles(&conn, first, &editor).expect_err("last owner");
        assert!(is_last_owner(&err), "{err}");
        let err = crate::store::team::remove_account(&conn, first).expect_err("last owner");
        assert!(is_last_owner(&err), "{err}");

        let second = add(&conn, "second@example.com", &[Role::Sales, Role::Owner]);
        set_roles(&conn, first, &editor).expect("another owner remains");
        let first_now = account_by_id(&conn, first).expect("read").expect("account");
        assert_eq!(first_now.roles, editor);
        let err = crate::store::team::remove_account(&conn, second).expect_err("now the last");
        assert!(is_last_owner(&err), "{err}");
        let both = Roles::new([Role::Owner, Role::Sales]).expect("roles");
        assert_eq!(
            account_by_id(&conn, second)
                .expect("read")
                .expect("account")
                .roles,
            both
        );
    }

    fn add(conn: &Connection, email: &str, roles: &[Role]) -> i64 {
        let roles = Roles::new(roles.iter().copied()).expect("roles");
        add_account(
            conn,
            &NewAccount {
                email,
                email_folded: &email.to_lowercase(),
                name: "Office",
                password_hash: "hash",
                roles: &roles,
                chosen: false,
            },
        )
        .expect("add")
        .expect("new")
    }

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
