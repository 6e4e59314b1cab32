//! The staff's own mails: an invite to the team, a password reset link, and the test mail
//! asked for in the browser. Each goes to the row's `to_addr`, and a link's token is read
//! from the row (it is wiped once the mail is sent).

use rusqlite::Connection;

use crate::mail::compose::{ComposeError, Composed, Composer};
use crate::store::outbox::QueuedMail;

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

    /// A forgotten password's reset link. (Being built.)
    pub(crate) fn reset(
        &self,
        _conn: &Connection,
        _mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("reset links are not sent yet".into()))
    }

    // ---- the test mail (mail) ----

    /// The test mail the mail screen sends, to the row's `to_addr`; `lead_id` is the id of
    /// the account that asked for it, named in the mail.
    pub(crate) fn test_mail(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        use crate::mail::compose::{one_line, SITE_NAME};
        use lettre::message::{header::ContentType, Mailbox};
        use lettre::{Address, Message};

        let Some(to) = mail
            .to_addr
            .as_deref()
            .and_then(|address| one_line(address).parse::<Address>().ok())
        else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let asker = match mail.lead_id.parse::<i64>() {
            Ok(id) => crate::store::staff::account_by_id(conn, id)?.map(|account| account.name),
            Err(_) => None,
        }
        .map(|name| one_line(&name))
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "a member of the team".to_owned());
        let text = format!(
            "This is a test mail from the {SITE_NAME} website ({site}).\n\n\
             It was asked for by {asker} in the browser, on the Mail screen of the staff pages.\n\
             If you read it, mail from the site reaches {to}: enquiries, applications and \
             subscribers' mails go out through the same relay.\n",
            site = self.site,
        );
        let message = Message::builder()
            .from(self.from.clone())
            .message_id(Some(format!(
                "<{}@{}>",
                mail.message_key,
                self.from.email.domain()
            )))
            .to(Mailbox::new(None, to))
            .subject(format!("Test mail from {SITE_NAME}"))
            .header(ContentType::TEXT_PLAIN)
            .body(text)?;
        Ok(Composed::Mail(Box::new(message)))
    }
}
