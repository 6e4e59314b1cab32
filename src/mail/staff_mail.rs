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

    /// The test mail the mail screen sends. (Being built.)
    pub(crate) fn test_mail(&self, _mail: &QueuedMail) -> Result<Composed, ComposeError> {
        Ok(Composed::Nothing("test mails are not sent yet".into()))
    }
}
