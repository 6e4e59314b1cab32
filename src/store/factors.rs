//! Second factors of staff accounts (tables `staff_totp`, `staff_recovery_codes`,
//! `staff_passkeys`, `webauthn_challenges`, `second_factor_required`): plain functions over a
//! connection. The checks that make a code or a challenge good once are here, in the
//! statement that records it, so two requests sending the same one at once cannot both pass.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::roles::{Role, Roles};

/// An account's authenticator as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totp {
    /// Base32, as the app was given it.
    pub secret: String,
    pub last_used_step: u64,
    pub confirmed: bool,
}

/// Starts (or starts again) an authenticator's set-up with `secret`: not in use until a
/// first code confirms it. A confirmed one is replaced only by `confirm_totp`.
pub fn begin_totp(conn: &Connection, staff_id: i64, secret: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO staff_totp (staff_id, secret) VALUES (?1, ?2)
         ON CONFLICT (staff_id) DO UPDATE SET secret = excluded.secret, last_used_step = 0,
             confirmed_at = NULL, created_at = excluded.created_at
         WHERE staff_totp.confirmed_at IS NULL",
    )?
    .execute(params![staff_id, secret])?;
    Ok(())
}

pub fn totp_of(conn: &Connection, staff_id: i64) -> rusqlite::Result<Option<Totp>> {
    conn.prepare_cached(
        "SELECT secret, last_used_step, confirmed_at IS NOT NULL FROM staff_totp WHERE staff_id = ?1",
    )?
    .query_row([staff_id], |row| {
        Ok(Totp {
            secret: row.get(0)?,
            last_used_step: row.get::<_, i64>(1)?.try_into().unwrap_or(0),
            confirmed: row.get(2)?,
        })
    })
    .optional()
}

/// Records that a code of `step` was accepted: `false` when a code of that step or a later
/// one was already used (a replay, or two requests at once), and then nothing changes.
pub fn use_step(conn: &Connection, staff_id: i64, step: u64) -> rusqlite::Result<bool> {
    let step = i64::try_from(step).unwrap_or(i64::MAX);
    let changed = conn
        .prepare_cached(
            "UPDATE staff_totp SET last_used_step = ?2,
                 confirmed_at = coalesce(confirmed_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
             WHERE staff_id = ?1 AND last_used_step < ?2",
        )?
        .execute(params![staff_id, step])?;
    Ok(changed == 1)
}

/// Removes the account's authenticator.
pub fn remove_totp(conn: &Connection, staff_id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM staff_totp WHERE staff_id = ?1", [staff_id])? == 1)
}

/// Replaces the account's recovery codes by these digests.
pub fn replace_recovery_codes(
    conn: &Connection,
    staff_id: i64,
    digests: &[String],
) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM staff_recovery_codes WHERE staff_id = ?1",
        [staff_id],
    )?;
    let mut insert = conn
        .prepare_cached("INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (?1, ?2)")?;
    for digest in digests {
        insert.execute(params![staff_id, digest])?;
    }
    Ok(())
}

/// Spends the recovery code of `digest`: `false` when the account has no such unused code.
pub fn use_recovery_code(conn: &Connection, staff_id: i64, digest: &str) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached(
            "UPDATE staff_recovery_codes SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE staff_id = ?1 AND code_hash = ?2 AND used_at IS NULL",
        )?
        .execute(params![staff_id, digest])?;
    Ok(changed == 1)
}

/// Unused recovery codes the account has left.
pub fn recovery_codes_left(conn: &Connection, staff_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT count(*) FROM staff_recovery_codes WHERE staff_id = ?1 AND used_at IS NULL",
    )?
    .query_row([staff_id], |row| row.get(0))
}

/// The roles whose accounts must have a second factor.
pub fn required_roles(conn: &Connection) -> rusqlite::Result<Vec<Role>> {
    let mut stmt = conn.prepare_cached("SELECT role FROM second_factor_required ORDER BY role")?;
    let names = stmt.query_map([], |row| row.get::<_, String>(0))?;
    let mut roles = Vec::new();
    for name in names {
        if let Some(role) = Role::parse(&name?) {
            roles.push(role);
        }
    }
    roles.sort();
    Ok(roles)
}

/// Must an account with `roles` have a second factor?
pub fn is_required(conn: &Connection, roles: &Roles) -> rusqlite::Result<bool> {
    let required = required_roles(conn)?;
    Ok(roles.as_slice().iter().any(|role| required.contains(role)))
}

/// Sets the roles whose accounts must have a second factor.
pub fn set_required_roles(conn: &Connection, roles: &[Role]) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM second_factor_required", [])?;
    let mut insert =
        conn.prepare_cached("INSERT OR IGNORE INTO second_factor_required (role) VALUES (?1)")?;
    for role in roles {
        insert.execute([role.as_str()])?;
    }
    Ok(())
}

/// Removes every second factor of the account (authenticator, passkeys, recovery codes) and
/// ends its sessions; `false` when it had none of them.
pub fn reset_factors(conn: &Connection, staff_id: i64) -> rusqlite::Result<bool> {
    let mut removed = conn.execute("DELETE FROM staff_totp WHERE staff_id = ?1", [staff_id])?;
    removed += conn.execute("DELETE FROM staff_passkeys WHERE staff_id = ?1", [staff_id])?;
    removed += conn.execute(
        "DELETE FROM staff_recovery_codes WHERE staff_id = ?1",
        [staff_id],
    )?;
    conn.execute(
        "DELETE FROM webauthn_challenges WHERE staff_id = ?1",
        [staff_id],
    )?;
    conn.execute("DELETE FROM staff_sessions WHERE staff_id = ?1", [staff_id])?;
    Ok(removed > 0)
}

/// A passkey as its holder sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasskeyRow {
    pub id: i64,
    pub name: String,
    pub created_at: String,
    pub last_used_at: Option<String>,
}

/// A passkey with the credential webauthn-rs keeps (JSON).
#[derive(Debug, Clone)]
pub struct StoredPasskey {
    pub id: i64,
    pub staff_id: i64,
    pub passkey: String,
}

/// The account's passkeys, oldest first.
pub fn passkeys_of(conn: &Connection, staff_id: i64) -> rusqlite::Result<Vec<PasskeyRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, name, created_at, last_used_at FROM staff_passkeys WHERE staff_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([staff_id], |row| {
        Ok(PasskeyRow {
            id: row.get(0)?,
            name: row.get(1)?,
            created_at: row.get(2)?,
            last_used_at: row.get(3)?,
        })
    })?;
    rows.collect()
}

/// The credentials (JSON) of the account's passkeys.
pub fn credentials_of(conn: &Connection, staff_id: i64) -> rusqlite::Result<Vec<StoredPasskey>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, staff_id, passkey FROM staff_passkeys WHERE staff_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([staff_id], stored_passkey)?;
    rows.collect()
}

fn stored_passkey(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredPasskey> {
    Ok(StoredPasskey {
        id: row.get(0)?,
        staff_id: row.get(1)?,
        passkey: row.get(2)?,
    })
}

/// The passkey of credential `credential_id` (base64url), whoever holds it.
pub fn passkey_by_credential(
    conn: &Connection,
    credential_id: &str,
) -> rusqlite::Result<Option<StoredPasskey>> {
    conn.prepare_cached(
        "SELECT id, staff_id, passkey FROM staff_passkeys WHERE credential_id = ?1",
    )?
    .query_row([credential_id], stored_passkey)
    .optional()
}

/// Keeps a new passkey; `None` when its credential is already registered (to anyone).
pub fn add_passkey(
    conn: &Connection,
    staff_id: i64,
    credential_id: &str,
    name: &str,
    passkey: &str,
) -> rusqlite::Result<Option<PasskeyRow>> {
    let added = conn
        .prepare_cached(
            "INSERT INTO staff_passkeys (staff_id, credential_id, name, passkey) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (credential_id) DO NOTHING
             RETURNING id, name, created_at, last_used_at",
        )?
        .query_row(params![staff_id, credential_id, name, passkey], |row| {
            Ok(PasskeyRow {
                id: row.get(0)?,
                name: row.get(1)?,
                created_at: row.get(2)?,
                last_used_at: row.get(3)?,
            })
        })
        .optional()?;
    Ok(added)
}

/// Notes a passkey's use, with its credential as updated (the signature counter).
pub fn passkey_used(conn: &Connection, id: i64, passkey: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE staff_passkeys SET passkey = ?2,
             last_used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
    )?
    .execute(params![id, passkey])?;
    Ok(())
}

/// Renames one of the account's passkeys; `None` when it has no such passkey.
pub fn rename_passkey(
    conn: &Connection,
    staff_id: i64,
    id: i64,
    name: &str,
) -> rusqlite::Result<Option<PasskeyRow>> {
    conn.prepare_cached(
        "UPDATE staff_passkeys SET name = ?3 WHERE id = ?2 AND staff_id = ?1
         RETURNING id, name, created_at, last_used_at",
    )?
    .query_row(params![staff_id, id, name], |row| {
        Ok(PasskeyRow {
            id: row.get(0)?,
            name: row.get(1)?,
            created_at: row.get(2)?,
            last_used_at: row.get(3)?,
        })
    })
    .optional()
}

/// Removes one of the account's passkeys; `false` when it has no such passkey.
pub fn remove_passkey(conn: &Connection, staff_id: i64, id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "DELETE FROM staff_passkeys WHERE id = ?2 AND staff_id = ?1",
        params![staff_id, id],
    )? == 1)
}

/// The handle the account's passkeys know it by, made (a random UUID) at its first use.
pub fn passkey_user_id(conn: &Connection, staff_id: i64, fresh: &str) -> rusqlite::Result<String> {
    conn.prepare_cached(
        "UPDATE staff SET passkey_user_id = ?2 WHERE id = ?1 AND passkey_user_id IS NULL",
    )?
    .execute(params![staff_id, fresh])?;
    conn.prepare_cached("SELECT passkey_user_id FROM staff WHERE id = ?1")?
        .query_row([staff_id], |row| row.get(0))
}

/// The handle the account's passkeys know it by, if it has had one.
pub fn passkey_user_id_of(conn: &Connection, staff_id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT passkey_user_id FROM staff WHERE id = ?1")?
        .query_row([staff_id], |row| row.get(0))
        .optional()
        .map(Option::flatten)
}

/// What a WebAuthn ceremony is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ceremony {
    Register,
    Authenticate,
}

impl Ceremony {
    fn as_str(self) -> &'static str {
        match self {
            Ceremony::Register => "register",
            Ceremony::Authenticate => "authenticate",
        }
    }
}

/// Keeps a ceremony's state until `expires_at` (Unix seconds); expired ones go on the way.
pub fn put_challenge(
    conn: &Connection,
    id: &str,
    staff_id: Option<i64>,
    ceremony: Ceremony,
    state: &str,
    now: i64,
    expires_at: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM webauthn_challenges WHERE expires_at <= ?1")?
        .execute([now])?;
    conn.prepare_cached(
        "INSERT INTO webauthn_challenges (id, staff_id, kind, state, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, staff_id, ceremony.as_str(), state, expires_at])?;
    Ok(())
}

/// Takes a ceremony's state: once only (it is deleted), and only while it lasts, for the same
/// account and kind it was made for.
pub fn take_challenge(
    conn: &Connection,
    id: &str,
    staff_id: Option<i64>,
    ceremony: Ceremony,
    now: i64,
) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached(
        "DELETE FROM webauthn_challenges WHERE id = ?1 AND kind = ?2 AND staff_id IS ?3
         RETURNING state, expires_at",
    )?
    .query_row(params![id, ceremony.as_str(), staff_id], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
    })
    .optional()
    .map(|taken| taken.and_then(|(state, expires_at)| (expires_at > now).then_some(state)))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::accounts::{add_account, NewAccount};

    fn with_account() -> (Connection, i64) {
        let conn = crate::store::migrated();
        let roles = Roles::new([Role::Recruiter]).expect("roles");
        let id = add_account(
            &conn,
            &NewAccount {
                email: "hr@example.com",
                email_folded: "hr@example.com",
                name: "HR",
                password_hash: "hash",
                roles: &roles,
                chosen: true,
            },
        )
        .expect("add")
        .expect("new");
        (conn, id)
    }

    #[test]
    fn a_step_is_used_once_and_never_an_older_one() {
        let (conn, id) = with_account();
        begin_totp(&conn, id, "SECRET").expect("begin");
        assert!(!totp_of(&conn, id).expect("read").expect("totp").confirmed);
        assert!(use_step(&conn, id, 100).expect("use"));
        let totp = totp_of(&conn, id).expect("read").expect("totp");
        assert!(totp.confirmed, "the first code confirms the set-up");
        assert_eq!(totp.last_used_step, 100);
        assert!(!use_step(&conn, id, 100).expect("use"), "replayed");
        assert!(!use_step(&conn, id, 99).expect("use"), "older");
        assert!(use_step(&conn, id, 101).expect("use"));
        // A confirmed authenticator is not replaced by a new set-up.
        begin_totp(&conn, id, "OTHER").expect("begin");
        assert_eq!(
            totp_of(&conn, id).expect("read").expect("totp").secret,
            "SECRET"
        );
    }

    #[test]
    fn a_recovery_code_works_once() {
        let (conn, id) = with_account();
        replace_recovery_codes(&conn, id, &["a".into(), "b".into()]).expect("codes");
        assert_eq!(recovery_codes_left(&conn, id).expect("count"), 2);
        assert!(use_recovery_code(&conn, id, "a").expect("use"));
        assert!(!use_recovery_code(&conn, id, "a").expect("use"), "spent");
        assert!(!use_recovery_code(&conn, id, "z").expect("use"), "unknown");
        assert_eq!(recovery_codes_left(&conn, id).expect("count"), 1);
        replace_recovery_codes(&conn, id, &["c".into()]).expect("codes");
        assert!(!use_recovery_code(&conn, id, "b").expect("use"), "replaced");
    }

    #[test]
    fn owners_and_recruiters_must_have_a_second_factor_by_default() {
        let (conn, _) = with_account();
        assert_eq!(
            required_roles(&conn).expect("read"),
            vec![Role::Owner, Role::Recruiter]
        );
        let sales = Roles::new([Role::Sales]).expect("roles");
        assert!(!is_required(&conn, &sales).expect("read"));
        let both = Roles::new([Role::Sales, Role::Recruiter]).expect("roles");
        assert!(is_required(&conn, &both).expect("read"));
    }
}
