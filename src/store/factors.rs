//! Second factors of staff accounts (tables `staff_totp`, `staff_recovery_codes`,
//! `second_factor_required`): plain functions over a connection. The checks that make a code
//! good once are here, in the statement that records it, so two requests sending the same
//! code at once cannot both pass.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::run_migrations;
    use crate::store::staff::{add_account, NewAccount};

    fn with_account() -> (Connection, i64) {
        let mut conn = Connection::open_in_memory().expect("open");
        run_migrations(&mut conn).expect("migrate");
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
