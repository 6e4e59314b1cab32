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
        use crate::mail::compose::one_line;
        use lettre::message::Mailbox;
        use lettre::Address;

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
        let message = Composer::test_message(
            &self.from,
            Mailbox::new(None, to),
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
