//! The staff's own mails: an invite to the team, a password reset link, and the test mail
//! asked for in the browser. Each goes to the row's `to_addr`, and a link's token is read
//! from the row (it is wiped once the mail is sent).

use rusqlite::Connection;

use crate::mail::compose::{ComposeError, Composed, Composer};
use crate::store::outbox::QueuedMail;

impl Composer {
    // ---- the invite (the team) ----

    /// An invite to the team, with its single-use link (`/staff/invite?token=`), until when
    /// it works, and who sent it. Nothing is sent for an invite accepted or revoked since,
    /// or one whose link was replaced or has expired.
    pub(crate) fn invite(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        use crate::domain::staff::{same_secret, token_digest};
        use crate::mail::compose::{escape, mailbox, one_line, page, SITE_NAME};
        use crate::store::team;
        use lettre::message::MultiPart;

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
        let until = invite.expires_at_iso.replace('T', " ");
        let until = until.get(..16).unwrap_or(&until);
        let text = format!(
            "Hello {name},\n\n{inviter} invited you to the {SITE_NAME} team on the website's staff side, \
             as {roles}.\n\nChoose your password here to join:\n\n{link}\n\n\
             The link works once, until {until} UTC. If it has expired, ask {inviter} for a new invite. \
             If you did not expect this, ignore this mail.\n"
        );
        let html = page(&format!(
            "<p>Hello {},</p>\
             <p>{} invited you to the {SITE_NAME} team on the website's staff side, as {roles}.</p>\
             <p><a href=\"{}\" style=\"display:inline-block;padding:10px 18px;background:#0e3b6b;color:#fff;text-decoration:none;border-radius:4px\">Choose your password and join</a></p>\
             <p style=\"color:#555\">The link works once, until {until} UTC. If it has expired, ask {} for a new invite. If you did not expect this, ignore this mail.</p>",
            escape(&name),
            escape(&inviter),
            escape(&link),
            escape(&inviter),
        ));
        let message = self
            .builder(mail)
            .to(to)
            .subject(format!("You are invited to the {SITE_NAME} team"))
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    // ---- the password reset link (one's account) ----

    /// A forgotten password's reset link. (Being built.)
    pub(crate) fn reset(
        &self,
        _conn: &Connection,
        _mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("reset links are not sent yet".into()))
    }

    // ---- the test mail (mail) ----

    /// The test mail the mail screen sends. (Being built.)
    pub(crate) fn test_mail(&self, _mail: &QueuedMail) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("test mails are not sent yet".into()))
    }
}
