//! The staff's own mails: an invite to the team, a password reset link, and the test mail
//! asked for in the browser. Each goes to the row's `to_addr`, and a link's token is read
//! from the row (it is wiped once the mail is sent).

use rusqlite::Connection;

use crate::mail::compose::{ComposeError, Composed, Composer, SITE_NAME};
use crate::store::outbox::QueuedMail;

/// The page a reset link opens.
pub const RESET_PAGE: &str = "/staff/reset";

impl Composer {
    // ---- the invite (the team) ----

    /// An invite to the team, with its single-use link. (Being built.)
    pub(crate) fn invite(
        &self,
        _conn: &Connection,
        _mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("invites are not sent yet".into()))
    }

    // ---- the password reset link (one's account) ----

    /// A forgotten password's reset link: single use, for an hour; nothing changes if the
    /// holder of the address did not ask.
    pub(crate) fn reset(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        let account = match mail.lead_id.parse::<i64>() {
            Ok(id) => crate::store::staff::account_by_id(conn, id)?,
            Err(_) => None,
        };
        if account.is_none() {
            return Ok(Composed::Nothing("the account was removed".into()));
        }
        let Some(token) = mail.token.as_deref() else {
            return Ok(Composed::Nothing("no token".into()));
        };
        let to = mail
            .to_addr
            .as_deref()
            .map(crate::mail::compose::one_line)
            .and_then(|addr| addr.parse::<lettre::Address>().ok());
        let Some(to) = to else {
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
        let html = format!(
            "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#1b1b1b;max-width:600px\">\
             <p>Someone asked to choose a new password for your {SITE_NAME} staff account.</p>\
             <p><a href=\"{link}\" style=\"display:inline-block;padding:10px 18px;background:#0e3b6b;color:#fff;text-decoration:none;border-radius:4px\">Choose a new password</a></p>\
             <p style=\"color:#555\">The link works for {hours} hour and only once. Using it signs you out everywhere else.</p>\
             <p style=\"color:#555\">If you did not ask for this, ignore this mail: nothing changes and your password stays as it is.</p>\
             </body></html>"
        );
        let message = self
            .builder(mail)
            .to(lettre::message::Mailbox::new(None, to))
            .subject("Choose a new password")
            .multipart(lettre::message::MultiPart::alternative_plain_html(
                text, html,
            ))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    // ---- the test mail (mail) ----

    /// The test mail the mail screen sends. (Being built.)
    pub(crate) fn test_mail(&self, _mail: &QueuedMail) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("test mails are not sent yet".into()))
    }
}
