//! API keys for trusted callers (table `api_keys`, `V24__api_keys.sql`): the group's other
//! sites and tools post the forms with `Authorization: Bearer KEY` and skip the proof of
//! work. Only a key's SHA-256 is stored (`domain::staff::token_digest`, as for sessions);
//! each use is counted on its key in the post's own write.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

/// The most keys not revoked at once: a key is made by hand for a site or a tool, so a team
/// never needs more, and the table stays small.
pub const MAX_LIVE_KEYS: i64 = 50;

/// One key as the team screen lists it (never the key itself).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ApiKey"))]
pub struct ApiKeyRow {
    pub id: i64,
    pub name: String,
    /// The account that made it, by name (its stored address when it is gone).
    pub created_by: String,
    pub created_at: String,
    /// When a post last carried it; null until one does.
    pub last_used_at: Option<String>,
    /// The posts that carried it.
    pub uses: i64,
    /// When it was revoked; null while it works.
    pub revoked_at: Option<String>,
}

/// Every key, live ones first, newest first.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<ApiKeyRow>> {
    let sql = format!(
        "SELECT id, name, {}, created_at, last_used_at, uses, revoked_at FROM api_keys
         ORDER BY revoked_at IS NOT NULL, id DESC",
        crate::store::accounts::name_or_text("created_by")
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map([], |row| {
            Ok(ApiKeyRow {
                id: row.get(0)?,
                name: row.get(1)?,
                created_by: row.get(2)?,
                created_at: row.get(3)?,
                last_used_at: row.get(4)?,
                uses: row.get(5)?,
                revoked_at: row.get(6)?,
            })
        })?
        .collect();
    rows
}

/// How many keys work now.
pub fn live(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM api_keys WHERE revoked_at IS NULL",
        [],
        |row| row.get(0),
    )
}

/// Stores a key named `name` by its digest, made by `created_by` (an address); its id.
pub fn add(
    conn: &Connection,
    name: &str,
    key_hash: &str,
    created_by: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO api_keys (name, key_hash, created_by) VALUES (?1, ?2, ?3)")?
        .execute(params![name, key_hash, created_by])?;
    Ok(conn.last_insert_rowid())
}

/// Revokes key `id`; its name, or `None` when there is no such key or it was revoked
/// already.
pub fn revoke(conn: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(
        "UPDATE api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND revoked_at IS NULL RETURNING name",
    )?
    .query_row([id], |row| row.get(0))
    .optional()
}

/// What a post's key turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyUse {
    /// A live key, its use counted: its id.
    Counted(i64),
    Revoked,
    Unknown,
}

/// Counts a use of the key whose digest is `key_hash`, if it is live.
pub fn use_key(conn: &Connection, key_hash: &str) -> rusqlite::Result<KeyUse> {
    let counted: Option<i64> = conn
        .prepare_cached(
            "UPDATE api_keys SET uses = uses + 1,
                 last_used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE key_hash = ?1 AND revoked_at IS NULL RETURNING id",
        )?
        .query_row([key_hash], |row| row.get(0))
        .optional()?;
    if let Some(id) = counted {
        return Ok(KeyUse::Counted(id));
    }
    let known = conn
        .prepare_cached("SELECT 1 FROM api_keys WHERE key_hash = ?1")?
        .query_row([key_hash], |_| Ok(()))
        .optional()?;
    Ok(if known.is_some() {
        KeyUse::Revoked
    } else {
        KeyUse::Unknown
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_counted_while_it_lives_and_refused_once_revoked() {
        let conn = crate::store::migrated();
        let id = add(
            &conn,
            "Group careers site",
            "digest-1",
            "owner@corp.example",
        )
        .expect("add");
        assert_eq!(live(&conn).expect("live"), 1);
        assert_eq!(
            use_key(&conn, "digest-1").expect("use"),
            KeyUse::Counted(id)
        );
        assert_eq!(
            use_key(&conn, "digest-1").expect("use"),
            KeyUse::Counted(id)
        );
        assert_eq!(use_key(&conn, "other").expect("use"), KeyUse::Unknown);
        let row = &list(&conn).expect("list")[0];
        assert_eq!((row.uses, row.last_used_at.is_some()), (2, true));
        assert_eq!(
            revoke(&conn, id).expect("revoke").as_deref(),
            Some("Group careers site")
        );
        assert_eq!(revoke(&conn, id).expect("again"), None);
        assert_eq!(use_key(&conn, "digest-1").expect("use"), KeyUse::Revoked);
        assert_eq!(
            list(&conn).expect("list")[0].uses,
            2,
            "a refused use is not counted"
        );
        assert_eq!(live(&conn).expect("live"), 0);
    }
}
