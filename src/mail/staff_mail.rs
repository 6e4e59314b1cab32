//! The staff's own mails: an invite to the team, a password reset link, and the test mail
//! asked for in the browser. Each goes to the row's `to_addr`, and a link's token is read
//! from the row (it is wiped once the mail is sent).

use rusqlite::Connection;

use lettre::message::{Mailbox, MultiPart};

use crate::mail::compose::{mailbox, page, ComposeError, Composed, Composer, SITE_NAME};
use crate::store::accounts::Account;
use crate::store::outbox::QueuedMail;

/// The page a reset link opens.
pub const RESET_PAGE: &str = "/staff/reset";

/// The account a staff mail is about (its id is the row's `lead_id`), if it still exists.
fn account_of(conn: &Connection, mail: &QueuedMail) -> rusqlite::Result<Option<Account>> {
    match mail.lead_id.parse::<i64>() {
        Ok(id) => crate::store::accounts::account_by_id(conn, id),
        Err(_) => Ok(None),
    }
}

/// The row's `to_addr` as a mailbox, if it is a deliverable address.
fn recipient(mail: &QueuedMail) -> Option<Mailbox> {
    mail.to_addr.as_deref().and_then(mailbox)
}

impl Composer {
    /// A staff mail of `text` and `html` (the same words) to `to`.
    fn staff_mail(
        &self,
        mail: &QueuedMail,
        to: Mailbox,
        subject: &str,
        text: String,
        html: String,
    ) -> Result<Composed, ComposeError> {
        let message = self
            .builder(mail)
            .to(to)
            .subject(subject)
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    // ---- the invite (the team) ----

    /// An invite to the team, with its single-use link (`/staff/invite?token=`), until when
    /// it works, and who sent it. Nothing is sent for an invite accepted or revoked since,
    /// or one whose link was replaced or has expired.
    pub(crate) fn invite(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        use crate::domain::html_text::escape;
        use crate::domain::staff::{same_secret, token_digest};
        use crate::mail::compose::one_line;
        use crate::store::team;

        let Some(token) = &mail.token else {
            return Ok(Composed::Nothing("no token".into()));
        };
        let invite = match mail.lead_id.parse::<i64>() {
            Ok(id) => team::invite_by_id(conn, id)?,
            Err(_) => None,
        };
        let Some(invite) = invite else {
            return Ok(Composed::Nothing(
                "the invite was accepted or revoked".into(),
            ));
        };
        if !same_secret(&invite.token_hash, &token_digest(token)) {
            return Ok(Composed::Nothing("a newer link was sent".into()));
        }
        if invite.is_expired(team::unix_now()) {
            return Ok(Composed::Nothing("the invite has expired".into()));
        }
        let address = mail.to_addr.as_deref().unwrap_or(&invite.email);
        let Some(to) = mailbox(address) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let link = format!("{}{}?token={token}", self.site, team::INVITE_PAGE);
        let inviter = one_line(&invite.invited_by);
        let name = one_line(&invite.name);
        let roles = invite.roles.stored().replace(',', ", ");
        let zone = crate::store::company_details::office_zone(conn);
        let until = zone
            .for_people(&invite.expires_at_iso)
            .unwrap_or_else(|| invite.expires_at_iso.clone());
        let text = format!(
            "Hello {name},\n\n{inviter} invited you to the {SITE_NAME} team on the website's staff side, \
             as {roles}.\n\nChoose your password here to join:\n\n{link}\n\n\
             The link works once, until {until}. If it has expired, ask {inviter} for a new invite. \
             If you did not expect this, ignore this mail.\n"
        );
        let html = page(&format!(
            "<p>Hello {},</p>\
             <p>{} invited you to the {SITE_NAME} team on the website's staff side, as {roles}.</p>\
             <p><a href=\"{}\" style=\"display:inline-block;padding:10px 18px;background:#0e3b6b;color:#fff;text-decoration:none;border-radius:4px\">Choose your password and join</a></p>\
             <p style=\"color:#555\">The link works once, until {until}. If it has expired, ask {} for a new invite. If you did not expect this, ignore this mail.</p>",
            escape(&name),
            escape(&inviter),
            escape(&link),
            escape(&inviter),
        ));
        let subject = format!("You are invited to the {SITE_NAME} team");
        self.staff_mail(mail, to, &subject, text, html)
    }

    // ---- the password reset link (one's account) ----

    /// A forgotten password's reset link: single use, for an hour; nothing changes if the
    /// holder of the address did not ask.
    pub(crate) fn reset(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        if account_of(conn, mail)?.is_none() {
            return Ok(Composed::Nothing("the account was removed".into()));
        }
        let Some(token) = mail.token.as_deref() else {
            return Ok(Composed::Nothing("no token".into()));
        };
        let Some(to) = recipient(mail) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        // The token is 64 hex digits: nothing in the link needs escaping.
        let link = format!("{}{RESET_PAGE}?token={token}", self.site);
        let hours = crate::store::resets::LINK_VALID_SECS / 3600;
        let text = format!(
            "Someone asked to choose a new password for your {SITE_NAME} staff account.\n\n\
             Choose a new password here:\n{link}\n\n\
             The link works for {hours} hour and only once. Using it signs you out everywhere \
             else.\n\nIf you did not ask for this, ignore this mail: nothing changes and your \
             password stays as it is.\n"
        );
        let html = page(&format!(
            "<p>Someone asked to choose a new password for your {SITE_NAME} staff account.</p>\
             <p><a href=\"{link}\" style=\"display:inline-block;padding:10px 18px;background:#0e3b6b;color:#fff;text-decoration:none;border-radius:4px\">Choose a new password</a></p>\
             <p style=\"color:#555\">The link works for {hours} hour and only once. Using it signs you out everywhere else.</p>\
             <p style=\"color:#555\">If you did not ask for this, ignore this mail: nothing changes and your password stays as it is.</p>"
        ));
        self.staff_mail(mail, to, "Choose a new password", text, html)
    }

    // ---- security notices (factors) ----

    /// A security notice to a staff account: a recovery code was used, or an owner removed
    /// its second factors. No link: the mail says where to go, so it cannot be mimicked into
    /// a phishing link.
    pub(crate) fn notice(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        use crate::store::outbox::Notice;

        if account_of(conn, mail)?.is_none() {
            return Ok(Composed::Nothing("the account was removed".into()));
        }
        let Some(to) = recipient(mail) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let account_page = format!("{}/staff/account", self.site);
        let detail = mail.detail.as_deref().unwrap_or("a second factor");
        let (subject, said, todo) = match mail.notice {
            Some(Notice::RecoveryCodeUsed) => (
                "A recovery code was used to sign in",
                format!("One of your recovery codes was just used to sign in to your {SITE_NAME} staff account. Each code works once."),
                format!("If this was you, consider making new recovery codes on your account page ({account_page}), and set up your passkey or authenticator app again if you lost it. If it was not you, change your password at once and tell an owner of the team."),
            ),
            Some(Notice::FactorsReset) => (
                "Your second factor was reset",
                format!("An owner of the team removed the passkeys, authenticator app and recovery codes of your {SITE_NAME} staff account, and signed it out everywhere."),
                format!("Sign in with your password: you will be asked to set up a second factor again if your role needs one ({account_page}). If you did not expect this, tell an owner of the team."),
            ),
            Some(Notice::FactorAdded) => (
                "A second factor was added to your account",
                format!("{} was added to your {SITE_NAME} staff account as a second factor. It can sign in to the account.", capitalised(detail)),
                format!("If this was you, there is nothing to do. If it was not you, change your password at once on your account page ({account_page}): that signs every browser out. Then remove it under Second factor there (the password change lists the passkeys added since you signed in), and tell an owner of the team."),
            ),
            Some(Notice::FactorRemoved) => (
                "A second factor was removed from your account",
                format!("{} was removed from your {SITE_NAME} staff account. It no longer signs in.", capitalised(detail)),
                format!("If this was you, there is nothing to do. If it was not you, change your password at once on your account page ({account_page}): that signs every browser out. Then add your second factor again there, and tell an owner of the team."),
            ),
            Some(Notice::RecoveryCodesMade) => (
                "New recovery codes were made",
                format!("New recovery codes were made for your {SITE_NAME} staff account; the old ones no longer work."),
                format!("If this was you, keep the new codes somewhere safe. If it was not you, change your password at once on your account page ({account_page}): that signs every browser out. Then make new recovery codes there, and tell an owner of the team."),
            ),
            None => return Ok(Composed::Nothing("no notice named".into())),
        };
        let text = format!("{said}\n\n{todo}\n");
        let html = page(&format!(
            "<p>{}</p><p style=\"color:#555\">{}</p>",
            crate::domain::html_text::escape(&said),
            crate::domain::html_text::escape(&todo),
        ));
        self.staff_mail(mail, to, subject, text, html)
    }

    // ---- the test mail (mail) ----

    /// The test mail the mail screen sends, to the row's `to_addr`; `lead_id` is the id of
    /// the account that asked for it, named in the mail.
    pub(crate) fn test_mail(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        use crate::mail::compose::one_line;

        let Some(to) = recipient(mail) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let asker = account_of(conn, mail)?
            .map(|account| one_line(&account.name))
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| "a member of the team".to_owned());
        let message = Composer::test_message(
            &self.from,
            to,
            &format!("by {asker} in the browser, on the Mail screen of the staff pages"),
            Some(&format!(
                "<{}@{}>",
                mail.message_key,
                self.from.email.domain()
            )),
        )?;
        Ok(Composed::Mail(Box::new(message)))
    }

    /// A test mail from `from` to `to`, saying how it was `asked` for ("by NAME in the
    /// browser", "with corpsite mail test"): the one text the mail screen's queued mail and
    /// `corpsite mail test` send.
    pub fn test_message(
        from: &lettre::message::Mailbox,
        to: lettre::message::Mailbox,
        asked: &str,
        message_id: Option<&str>,
    ) -> Result<lettre::Message, lettre::error::Error> {
        use crate::mail::compose::SITE_NAME;
        use lettre::message::header::ContentType;

        let text = format!(
            "This is a test mail from the {SITE_NAME} website's server.\n\n\
             It was asked for {asked}.\n\
             If you read it, mail from the site reaches {address}: enquiries, applications and \
             subscribers' mails go out through the same relay and From address.\n",
            address = to.email,
        );
        lettre::Message::builder()
            .from(from.clone())
            .message_id(message_id.map(str::to_owned))
            .to(to)
            .subject(format!("Test mail from {SITE_NAME}"))
            .header(ContentType::TEXT_PLAIN)
            .body(text)
    }
}

/// `text` with its first letter upper case ("a passkey named ..." starts a sentence).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
