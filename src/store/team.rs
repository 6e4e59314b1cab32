//! The team's invites (table `staff_invites`), removing an account by its id, and the set-up
//! link's digest (`app_meta` key `setup_token_hash`). Only a token's SHA-256 is ever stored.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::roles::Roles;

/// An invite's link works this long after it was sent (or sent again).
pub const INVITE_VALID_SECS: i64 = 7 * 24 * 3600;

/// The page an invite's link opens (`?token=`).
pub const INVITE_PAGE: &str = "/staff/invite";

/// The page the set-up link opens (`?token=`).
pub const SETUP_PAGE: &str = "/staff/setup";

/// The `app_meta` key of the set-up link's digest, kept while no account exists.
pub const SETUP_TOKEN_KEY: &str = "setup_token_hash";

/// Now, in the Unix seconds expiry times are kept in.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// An invite not yet accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub roles: Roles,
    /// The name of who sent it.
    pub invited_by: String,
    pub created_at: String,
    /// Unix seconds.
    pub expires_at: i64,
    /// The same time as stored times are shown (UTC ISO 8601).
    pub expires_at_iso: String,
    /// The SHA-256 of its link's token.
    pub token_hash: String,
}

impl Invite {
    pub fn is_expired(&self, now: i64) -> bool {
        now >= self.expires_at
    }
}

const INVITE_COLUMNS: &str = "id, email, name, roles, invited_by, created_at, expires_at,
     strftime('%Y-%m-%dT%H:%M:%fZ', expires_at, 'unixepoch'), token_hash";

fn invite_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Invite> {
    let roles: String = row.get(3)?;
    Ok(Invite {
        id: row.get(0)?,
        email: row.get(1)?,
        name: row.get(2)?,
        roles: Roles::parse_stored(&roles).unwrap_or_else(|_| Roles::none()),
        invited_by: row.get(4)?,
        created_at: row.get(5)?,
        expires_at: row.get(6)?,
        expires_at_iso: row.get(7)?,
        token_hash: row.get(8)?,
    })
}

/// An invite to store.
pub struct NewInvite<'a> {
    pub email: &'a str,
    pub email_folded: &'a str,
    pub name: &'a str,
    pub roles: &'a Roles,
    /// The sender's name, as shown, and account: the invite goes with the account.
    pub invited_by: &'a str,
    pub invited_by_id: i64,
    pub token_hash: &'a str,
    pub expires_at: i64,
}

/// Why an invite was not stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteRefused {
    /// The address has an account already.
    OnTheTeam,
    /// The address has an invite waiting already.
    AlreadyInvited,
}

/// Every invite not accepted (expired ones too), newest first.
pub fn invites(conn: &Connection) -> rusqlite::Result<Vec<Invite>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {INVITE_COLUMNS} FROM staff_invites ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map([], invite_row)?;
    rows.collect()
}

pub fn invite_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Invite>> {
    conn.prepare_cached(&format!(
        "SELECT {INVITE_COLUMNS} FROM staff_invites WHERE id = ?1"
    ))?
    .query_row([id], invite_row)
    .optional()
}

/// The invite a link's token digest names, expired or not.
pub fn invite_by_token(conn: &Connection, token_hash: &str) -> rusqlite::Result<Option<Invite>> {
    conn.prepare_cached(&format!(
        "SELECT {INVITE_COLUMNS} FROM staff_invites WHERE token_hash = ?1"
    ))?
    .query_row([token_hash], invite_row)
    .optional()
}

/// Stores an invite, or says why not (nothing is stored then).
pub fn add_invite(
    conn: &Connection,
    new: &NewInvite<'_>,
) -> rusqlite::Result<Result<i64, InviteRefused>> {
    let on_team: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM staff WHERE email_folded = ?1)")?
        .query_row([new.email_folded], |row| row.get(0))?;
    if on_team {
        return Ok(Err(InviteRefused::OnTheTeam));
    }
    let added = conn
        .prepare_cached(
            "INSERT INTO staff_invites (email, email_folded, name, roles, token_hash, invited_by, invited_by_id, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (email_folded) DO NOTHING",
        )?
        .execute(params![
            new.email,
            new.email_folded,
            new.name,
            new.roles.stored(),
            new.token_hash,
            new.invited_by,
            new.invited_by_id,
            new.expires_at
        ])?;
    if added != 1 {
        return Ok(Err(InviteRefused::AlreadyInvited));
    }
    Ok(Ok(conn.last_insert_rowid()))
}

/// Gives invite `id` a new link and expiry (the old link stops working); `false` when there
/// is no such invite.
pub fn renew_invite(
    conn: &Connection,
    id: i64,
    token_hash: &str,
    expires_at: i64,
) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "UPDATE staff_invites SET token_hash = ?2, expires_at = ?3,
                created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1",
        params![id, token_hash, expires_at],
    )? == 1)
}

/// Deletes invite `id` (revoked or accepted), and drops its mail if still queued (its link
/// no longer works); `false` when there was none.
pub fn delete_invite(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "UPDATE outbox SET state = 'dropped', token = NULL, last_error = 'the invite was withdrawn'
         WHERE kind = 'invite' AND lead_id = ?1 AND state = 'queued'",
    )?
    .execute([id.to_string()])?;
    Ok(conn.execute("DELETE FROM staff_invites WHERE id = ?1", [id])? == 1)
}

/// Removes account `staff_id`; its sessions go with it (the table cascades), and the invites
/// it sent (`withdraw_invites_of`); its audit entries stay. `false` when there was none. The
/// database refuses to remove the last owner (`accounts::is_last_owner`).
pub fn remove_account(conn: &Connection, staff_id: i64) -> rusqlite::Result<bool> {
    withdraw_invites_of(conn, staff_id)?;
    Ok(conn.execute("DELETE FROM staff WHERE id = ?1", [staff_id])? == 1)
}

/// Withdraws every invite account `staff_id` sent: their links stop working and their mails
/// still queued are dropped. An invite is only as good as the account that sent it: one a
/// removed owner sent must not make a new owner. Answers how many.
pub fn withdraw_invites_of(conn: &Connection, staff_id: i64) -> rusqlite::Result<usize> {
    let ids: Vec<i64> = conn
        .prepare_cached("SELECT id FROM staff_invites WHERE invited_by_id = ?1")?
        .query_map([staff_id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &ids {
        delete_invite(conn, *id)?;
    }
    Ok(ids.len())
}

/// Keeps `token_hash` as the set-up link's digest, replacing any earlier one, while no
/// account exists; once one does, forgets any digest and answers `false`.
pub fn offer_setup(conn: &Connection, token_hash: &str) -> rusqlite::Result<bool> {
    if crate::store::accounts::account_count(conn)? > 0 {
        forget_setup(conn)?;
        return Ok(false);
    }
    conn.execute(
        "INSERT INTO app_meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![SETUP_TOKEN_KEY, token_hash],
    )?;
    Ok(true)
}

/// The set-up link's digest, while one is offered.
pub fn setup_digest(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT value FROM app_meta WHERE key = ?1")?
        .query_row([SETUP_TOKEN_KEY], |row| row.get(0))
        .optional()
}

pub fn forget_setup(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM app_meta WHERE key = ?1", [SETUP_TOKEN_KEY])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::Role;
    use crate::store::migrated;

    use crate::store::accounts::{add_account, NewAccount};

    /// An owner's account, who sends the invites.
    fn an_owner(conn: &Connection, email: &str) -> i64 {
        add_account(
            conn,
            &NewAccount {
                email,
                email_folded: &email.to_lowercase(),
                name: "Owner",
                password_hash: "h",
                roles: &Roles::new([Role::Owner]).expect("roles"),
                chosen: true,
            },
        )
        .expect("add")
        .expect("new")
    }

    fn invite<'a>(
        email: &'a str,
        folded: &'a str,
        roles: &'a Roles,
        hash: &'a str,
        by: i64,
    ) -> NewInvite<'a> {
        NewInvite {
            email,
            email_folded: folded,
            name: "New Person",
            roles,
            invited_by: "Owner",
            invited_by_id: by,
            token_hash: hash,
            expires_at: 1_000,
        }
    }

    #[test]
    fn an_address_on_the_team_or_invited_already_is_refused_and_nothing_stored() {
        let conn = migrated();
        let roles = Roles::new([Role::Recruiter]).expect("roles");
        let by = an_owner(&conn, "Owner@x.example");
        let on_team = add_invite(
            &conn,
            &invite("OWNER@x.example", "owner@x.example", &roles, "a", by),
        );
        assert_eq!(on_team.expect("ran"), Err(InviteRefused::OnTheTeam));
        let first = add_invite(
            &conn,
            &invite("hr@x.example", "hr@x.example", &roles, "b", by),
        )
        .expect("ran")
        .expect("stored");
        let again = add_invite(
            &conn,
            &invite("HR@x.example", "hr@x.example", &roles, "c", by),
        );
        assert_eq!(again.expect("ran"), Err(InviteRefused::AlreadyInvited));
        let all = invites(&conn).expect("list");
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].id, first);
        assert_eq!(all[0].roles, roles);
        assert_eq!(all[0].expires_at_iso, "1970-01-01T00:16:40.000Z");
    }

    #[test]
    fn a_renewed_invite_answers_only_its_new_token() {
        let conn = migrated();
        let roles = Roles::new([Role::Sales]).expect("roles");
        let by = an_owner(&conn, "owner@x.example");
        let id = add_invite(
            &conn,
            &invite("s@x.example", "s@x.example", &roles, "old", by),
        )
        .expect("ran")
        .expect("stored");
        assert!(renew_invite(&conn, id, "new", 5_000).expect("renew"));
        assert!(invite_by_token(&conn, "old").expect("read").is_none());
        let renewed = invite_by_token(&conn, "new").expect("read").expect("there");
        assert_eq!(renewed.expires_at, 5_000);
        assert!(delete_invite(&conn, id).expect("delete"));
        assert!(invite_by_token(&conn, "new").expect("read").is_none());
    }

    #[test]
    fn the_invites_an_account_sent_go_with_it_and_others_stay() {
        let conn = migrated();
        let roles = Roles::new([Role::Owner]).expect("roles");
        let leaver = an_owner(&conn, "leaver@x.example");
        let stayer = an_owner(&conn, "stayer@x.example");
        add_invite(
            &conn,
            &invite("a@x.example", "a@x.example", &roles, "a", leaver),
        )
        .expect("ran")
        .expect("stored");
        add_invite(
            &conn,
            &invite("b@x.example", "b@x.example", &roles, "b", stayer),
        )
        .expect("ran")
        .expect("stored");
        assert!(remove_account(&conn, leaver).expect("remove"));
        assert!(invite_by_token(&conn, "a").expect("read").is_none());
        assert!(invite_by_token(&conn, "b").expect("read").is_some());
    }

    #[test]
    fn the_setup_digest_is_kept_only_while_no_account_exists() {
        let conn = migrated();
        assert!(offer_setup(&conn, "first").expect("offer"));
        assert!(offer_setup(&conn, "second").expect("offer"));
        assert_eq!(
            setup_digest(&conn).expect("read").as_deref(),
            Some("second")
        );
        let roles = Roles::new([Role::Owner]).expect("roles");
        add_account(
            &conn,
            &NewAccount {
                email: "o@x.example",
                email_folded: "o@x.example",
                name: "O",
                password_hash: "h",
                roles: &roles,
                chosen: true,
            },
        )
        .expect("add");
        assert!(!offer_setup(&conn, "third").expect("offer"));
        assert_eq!(setup_digest(&conn).expect("read"), None);
    }
}
