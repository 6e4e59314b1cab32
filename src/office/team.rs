//! The team's operations: inviting someone (and sending an invite again), adding an account
//! from the command line, removing one.

use rusqlite::Connection;

use crate::domain::fields::{Email, PersonName};
use crate::domain::roles::{Area, Roles};
use crate::domain::staff::{random_token, token_digest, SecretError};
use crate::office::Actor;
use crate::store::accounts::{self, Account, NewAccount};
use crate::store::audit;
use crate::store::jobs;
use crate::store::mail_routes::{self, Fallback};
use crate::store::outbox::{self, MailKind};
use crate::store::team::{self, InviteRefused, NewInvite, INVITE_VALID_SECS};

/// Why an invite was not made or sent again; nothing is stored then.
#[derive(Debug, thiserror::Error)]
pub enum InviteError {
    #[error("the address is on the team already")]
    OnTheTeam,
    #[error("the address has an invite waiting already")]
    AlreadyInvited,
    #[error("there is no such invite")]
    NoInvite,
    #[error(transparent)]
    Token(#[from] SecretError),
    #[error(transparent)]
    Store(#[from] rusqlite::Error),
}

/// Someone asked to join the team, and the roles they will have.
pub struct Invitation<'a> {
    pub email: &'a Email,
    pub name: &'a PersonName,
    pub roles: &'a Roles,
}

/// The account that sends an invite: the invite names it, and goes with it when it is
/// removed.
pub struct Inviter<'a> {
    pub id: i64,
    pub name: &'a str,
}

/// Invites someone: the invite is stored (only its link's SHA-256), its link works
/// `INVITE_VALID_SECS` from `now`, and the mail with the link is queued. Refused for an
/// address on the team or invited already. One audit entry, "invited" (the name and the
/// roles). Answers the invite's id. Run it in a transaction.
pub fn invite(
    conn: &Connection,
    actor: &Actor,
    inviter: Inviter<'_>,
    invitation: Invitation<'_>,
    now: i64,
) -> Result<i64, InviteError> {
    let link = Link::new()?;
    let email = invitation.email.as_ref();
    let added = team::add_invite(
        conn,
        &NewInvite {
            email,
            email_folded: &invitation.email.folded(),
            name: invitation.name.as_ref(),
            roles: invitation.roles,
            invited_by: inviter.name,
            invited_by_id: inviter.id,
            token_hash: &link.digest,
            expires_at: now + INVITE_VALID_SECS,
        },
    )?;
    let id = match added {
        Ok(id) => id,
        Err(InviteRefused::OnTheTeam) => return Err(InviteError::OnTheTeam),
        Err(InviteRefused::AlreadyInvited) => return Err(InviteError::AlreadyInvited),
    };
    link.mail(conn, id, email)?;
    let detail = format!(
        "{} as {}",
        invitation.name.as_ref(),
        invitation.roles.stored()
    );
    audit::record(conn, &actor.audit("invited", email, &detail))?;
    Ok(id)
}

/// Sends invite `id` again: a new link, working `INVITE_VALID_SECS` from `now` (the old one
/// stops), in a new mail. One audit entry, "resent an invite". Run it in a transaction.
pub fn resend_invite(
    conn: &Connection,
    actor: &Actor,
    id: i64,
    now: i64,
) -> Result<(), InviteError> {
    let invite = team::invite_by_id(conn, id)?.ok_or(InviteError::NoInvite)?;
    let link = Link::new()?;
    team::renew_invite(conn, id, &link.digest, now + INVITE_VALID_SECS)?;
    link.mail(conn, id, &invite.email)?;
    audit::record(
        conn,
        &actor.audit("resent an invite", &invite.email, &invite.name),
    )?;
    Ok(())
}

/// An invite's link: its token, which only the mail carries, and the digest stored.
struct Link {
    token: String,
    digest: String,
}

impl Link {
    fn new() -> Result<Link, SecretError> {
        let token = random_token()?;
        let digest = token_digest(&token);
        Ok(Link { token, digest })
    }

    /// Queues the mail that carries the link of invite `id` to `email`.
    fn mail(&self, conn: &Connection, id: i64, email: &str) -> rusqlite::Result<()> {
        outbox::enqueue_staff_mail(
            conn,
            MailKind::Invite,
            &id.to_string(),
            email,
            Some(&self.token),
        )
    }
}

/// Adds an account whose password is a one-time one (its hash `password_hash`), changed at
/// its first sign-in: how the command line puts someone on the team (`corpsite staff add`),
/// where the staff send an invite. One audit entry, "added staff account" (the roles).
/// `None` when the address has an account already, and nothing is stored. Run it in a
/// transaction.
pub fn add_account(
    conn: &Connection,
    actor: &Actor,
    email: &Email,
    name: &str,
    roles: &Roles,
    password_hash: &str,
) -> rusqlite::Result<Option<i64>> {
    let new = NewAccount {
        email: email.as_ref(),
        email_folded: &email.folded(),
        name,
        password_hash,
        roles,
        chosen: false,
    };
    let Some(id) = accounts::add_account(conn, &new)? else {
        return Ok(None);
    };
    audit::record(
        conn,
        &actor.audit("added staff account", email.as_ref(), &roles.stored()),
    )?;
    Ok(Some(id))
}

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
/// heir, and so do the job openings it was the recruiter of when the heir keeps the
/// openings too (else they are left without one, as the removal leaves them). One audit
/// entry, "removed an account" (with the name, roles and invites withdrawn), and one more
/// for each hand-over. Run it in a transaction.
pub fn remove_account(
    conn: &Connection,
    actor: &Actor,
    account: &Account,
    heir: Option<Heir<'_>>,
) -> Result<(), RemoveError> {
    let withdrawn = team::withdraw_invites_of(conn, account.id)?;
    // Before the account goes: its row's removal leaves its openings without a recruiter.
    let recruiting = match &heir {
        Some(heir) if heir.account.roles.may(Area::Jobs) => {
            jobs::hand_over_recruiting(conn, account.id, heir.account.id)?
        }
        _ => 0,
    };
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
        if recruiting > 0 {
            let detail = format!(
                "{recruiting} from {} to {}",
                account.email, heir.account.email
            );
            audit::record(
                conn,
                &actor.audit("set the recruiter", "job openings", &detail),
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::Role;
    use crate::office::testing::{ann, audited, ANN, COMMAND_LINE};
    use crate::store::migrated;

    fn owner(conn: &Connection) -> i64 {
        let email = Email::parse("ann@corp.example").expect("email");
        let roles = Roles::new([Role::Owner]).expect("roles");
        add_account(conn, &Actor::command_line(), &email, "Ann", &roles, "hash")
            .expect("add")
            .expect("new")
    }

    /// Ravi, at `email`, to be an editor.
    fn editor(email: &str) -> (Email, PersonName, Roles) {
        (
            Email::parse(email).expect("email"),
            PersonName::parse("Ravi").expect("name"),
            Roles::new([Role::Editor]).expect("roles"),
        )
    }

    /// The invite mails queued: the invite they are about, the address, and the link's token.
    fn invite_mails(conn: &Connection) -> Vec<(String, String, String)> {
        conn.prepare(
            "SELECT lead_id, to_addr, token FROM outbox WHERE kind = 'invite' AND state = 'queued'",
        )
        .expect("outbox")
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .expect("outbox")
        .collect::<rusqlite::Result<_>>()
        .expect("outbox")
    }

    #[test]
    fn an_invite_is_stored_mailed_with_its_link_and_audited_and_a_second_one_is_refused() {
        let conn = migrated();
        let inviter = owner(&conn);
        let (email, name, roles) = editor("Ravi@Corp.example");
        let invitation = || Invitation {
            email: &email,
            name: &name,
            roles: &roles,
        };
        let from = || Inviter {
            id: inviter,
            name: "Ann",
        };
        let id = invite(&conn, &ann(), from(), invitation(), 1_000).expect("invite");
        let stored = team::invite_by_id(&conn, id)
            .expect("read")
            .expect("stored");
        assert_eq!(
            (stored.email.as_str(), stored.invited_by.as_str()),
            ("Ravi@Corp.example", "Ann")
        );
        assert_eq!(stored.expires_at, 1_000 + INVITE_VALID_SECS);
        let mails = invite_mails(&conn);
        assert_eq!(mails.len(), 1);
        let (about, to, token) = &mails[0];
        assert_eq!(
            (about.as_str(), to.as_str()),
            (id.to_string().as_str(), "Ravi@Corp.example")
        );
        assert_eq!(
            stored.token_hash,
            token_digest(token),
            "only the link's digest is kept"
        );

        let again = invite(&conn, &ann(), from(), invitation(), 2_000);
        assert!(
            matches!(again, Err(InviteError::AlreadyInvited)),
            "{again:?}"
        );
        let on_team = Email::parse("ANN@corp.example").expect("email");
        let member = Invitation {
            email: &on_team,
            ..invitation()
        };
        let refused = invite(&conn, &ann(), from(), member, 2_000);
        assert!(
            matches!(refused, Err(InviteError::OnTheTeam)),
            "{refused:?}"
        );
        assert_eq!(invite_mails(&conn).len(), 1, "a refusal mails nothing");
        assert_eq!(
            audited(&conn)[1..],
            [[ANN, "invited", "Ravi@Corp.example", "Ravi as editor"]],
            "after the account's, the one invite's"
        );
    }

    #[test]
    fn an_invite_sent_again_has_a_new_link_and_the_old_one_stops() {
        let conn = migrated();
        let inviter = owner(&conn);
        let (email, name, roles) = editor("ravi@corp.example");
        let invitation = Invitation {
            email: &email,
            name: &name,
            roles: &roles,
        };
        let from = Inviter {
            id: inviter,
            name: "Ann",
        };
        let id = invite(&conn, &ann(), from, invitation, 1_000).expect("invite");
        let first = team::invite_by_id(&conn, id).expect("read").expect("there");
        resend_invite(&conn, &ann(), id, 5_000).expect("resend");
        let second = team::invite_by_id(&conn, id).expect("read").expect("there");
        assert_ne!(first.token_hash, second.token_hash);
        assert_eq!(second.expires_at, 5_000 + INVITE_VALID_SECS);
        let mails = invite_mails(&conn);
        assert_eq!(mails.len(), 1, "the first mail is dropped: {mails:?}");
        assert_eq!(second.token_hash, token_digest(&mails[0].2));
        assert_eq!(
            audited(&conn)[2..],
            [[ANN, "resent an invite", "ravi@corp.example", "Ravi"]]
        );
        let gone = resend_invite(&conn, &ann(), id + 1, 5_000);
        assert!(matches!(gone, Err(InviteError::NoInvite)), "{gone:?}");
    }

    #[test]
    fn the_command_line_adds_an_account_with_a_one_time_password_once() {
        let conn = migrated();
        let id = owner(&conn);
        let account = accounts::account_by_id(&conn, id)
            .expect("read")
            .expect("there");
        assert!(account.must_change_password, "a one-time password");
        assert_eq!(account.roles.stored(), "owner");
        let email = Email::parse("ANN@corp.example").expect("email");
        let roles = Roles::new([Role::Editor]).expect("roles");
        let again = add_account(&conn, &Actor::command_line(), &email, "Ann", &roles, "hash");
        assert_eq!(again.expect("add"), None, "the address has an account");
        assert_eq!(
            audited(&conn),
            [[
                COMMAND_LINE,
                "added staff account",
                "ann@corp.example",
                "owner"
            ]]
        );
    }

    #[test]
    fn a_leavers_openings_go_to_an_heir_who_keeps_the_openings_and_to_no_one_else() {
        let conn = migrated();
        owner(&conn);
        let account = |email: &str, role: Role| {
            let email = Email::parse(email).expect("email");
            let roles = Roles::new([role]).expect("roles");
            let id = add_account(
                &conn,
                &Actor::command_line(),
                &email,
                "Ravi",
                &roles,
                "hash",
            )
            .expect("add")
            .expect("new");
            accounts::account_by_id(&conn, id)
                .expect("read")
                .expect("found")
        };
        let leaver = account("leaver@corp.example", Role::Recruiter);
        let heir = account("heir@corp.example", Role::Recruiter);
        let editor = account("editor@corp.example", Role::Editor);
        let opening = |slug: &str, recruiter: i64| {
            conn.execute(
                "INSERT INTO jobs (slug, title, department, location, employment_type, workplace,
                                   description, recruiter_id)
                 VALUES (?1, ?1, 'HR Labs', 'Head office', 'full_time', 'on_site', '<p>x</p>', ?2)",
                rusqlite::params![slug, recruiter],
            )
            .expect("an opening");
        };
        opening("one", leaver.id);
        opening("two", leaver.id);
        opening("kept", heir.id);
        let recruiters = || -> Vec<(String, Option<i64>)> {
            conn.prepare("SELECT slug, recruiter_id FROM jobs ORDER BY slug")
                .expect("jobs")
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .expect("jobs")
                .collect::<rusqlite::Result<_>>()
                .expect("jobs")
        };
        let heir_of = Heir {
            account: &heir,
            notify_to: &[],
        };
        remove_account(&conn, &ann(), &leaver, Some(heir_of)).expect("removed");
        assert_eq!(
            recruiters(),
            [
                ("kept".to_owned(), Some(heir.id)),
                ("one".to_owned(), Some(heir.id)),
                ("two".to_owned(), Some(heir.id)),
            ]
        );
        assert!(audited(&conn)
            .iter()
            .any(|entry| entry[1] == "set the recruiter"
                && entry[3] == "2 from leaver@corp.example to heir@corp.example"));

        // An heir who keeps no openings takes none: the leaver's are left without one.
        let editor_heir = Heir {
            account: &editor,
            notify_to: &[],
        };
        remove_account(&conn, &ann(), &heir, Some(editor_heir)).expect("removed");
        assert!(recruiters()
            .iter()
            .all(|(_, recruiter)| recruiter.is_none()));
    }
}
