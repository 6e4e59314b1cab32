//! Staff accounts and their roles (tables `staff`, `staff_roles`): plain functions over a
//! connection. An account's sessions are in `sessions`, its failed sign-ins in `throttle`
//! and what it did in `audit`.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::roles::Roles;

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
pub(super) use has_authenticator;
/// Has account `a` a passkey?
macro_rules! has_passkey {
    () => {
        "EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.staff_id = a.id)"
    };
}
pub(super) use has_passkey;
/// Must account `a` have a second factor, by one of its roles?
macro_rules! needs_factor {
    () => {
        "EXISTS (SELECT 1 FROM staff_roles r JOIN second_factor_required q ON q.role = r.role
                 WHERE r.staff_id = a.id)"
    };
}
pub(super) use needs_factor;

/// An account's columns, the table named `a`.
pub(super) const ACCOUNT_COLUMNS: &str = concat!(
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
pub(super) fn account_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Account> {
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

/// SQL for the name of the account whose address `column` holds, or the text as stored
/// (a failed sign-in's address, `command line`, an account since removed).
pub fn name_or_text(column: &str) -> String {
    format!("coalesce((SELECT name FROM staff WHERE email_folded = lower({column})), {column})")
}

/// An account as the store's unit tests add one.
#[cfg(test)]
pub(crate) mod fixtures {
    use rusqlite::Connection;

    use super::{add_account, NewAccount};
    use crate::domain::roles::{Role, Roles};

    pub fn add(conn: &Connection, email: &str, roles: &[Role]) -> i64 {
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
}

#[cfg(test)]
mod tests {
    use super::fixtures::add;
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
}
