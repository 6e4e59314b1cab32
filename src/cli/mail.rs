//! `corpsite mail status | retry | test ADDRESS`: the outbox, for whoever runs the VM.

use std::path::Path;

use lettre::message::Mailbox;
use lettre::Transport;

use crate::cli::args::{MailCommand, MailFlags};
use crate::cli::terminal::shown;
use crate::mail::compose::Composer;
use crate::store::audit::{self, Audit, COMMAND_LINE};
use crate::store::{self, outbox, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    #[error("--smtp-url (or CORPSITE_SMTP_URL) is needed to send a test mail")]
    NoRelay,
    #[error("--mail-from (or CORPSITE_MAIL_FROM) is needed to send a test mail")]
    NoSender,
    #[error("cannot build the test mail: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("the relay did not take the test mail: {0}")]
    Send(#[from] lettre::transport::smtp::Error),
}

pub fn run(command: MailCommand) -> Result<(), MailError> {
    match command {
        MailCommand::Status { data } => {
            let conn = store::open_for_cli(&data.data_dir)?;
            print!("{}", status_report(&outbox::status(&conn)?));
            Ok(())
        }
        MailCommand::Retry { data } => {
            let conn = store::open_for_cli(&data.data_dir)?;
            let count = outbox::retry_dead(&conn)?;
            println!("corpsite: {count} dead mail(s) queued again; a running server sends them within a second");
            Ok(())
        }
        MailCommand::Test {
            address,
            mail,
            data,
        } => test(address, mail, &data.data_dir),
    }
}

/// Sends the test mail straight to the relay (not through the outbox: the answer is what
/// is asked for), then notes it in the audit log of the data dir, as the staff page's test
/// mail is, when the data dir has a database.
fn test(to: Mailbox, flags: MailFlags, data_dir: &Path) -> Result<(), MailError> {
    let relay = flags.smtp_url.ok_or(MailError::NoRelay)?;
    let from = flags.mail_from.ok_or(MailError::NoSender)?;
    let message = Composer::test_message(&from, to.clone(), "with corpsite mail test", None)?;
    let answer = crate::mail::sender::transport(&relay)?.send(&message)?;
    let text: Vec<&str> = answer.message().collect();
    println!(
        "corpsite: the relay {relay} took the test mail for {to}: {} {}",
        answer.code(),
        shown(&text.join(" "))
    );
    // A relay is often tried before the site's first start: no database, nothing to note.
    if !data_dir.join(store::DB_FILE).exists() {
        return Ok(());
    }
    let conn = store::open_for_cli(data_dir)?;
    audit::record(
        &conn,
        &Audit {
            actor: COMMAND_LINE,
            action: "sent a test mail",
            subject: to.email.as_ref(),
            detail: "",
            client_addr: "",
        },
    )?;
    Ok(())
}

fn status_report(status: &outbox::OutboxStatus) -> String {
    let mut out = format!(
        "queued   {} ({} after a failure)\nsent     {}\ndead     {}\ndropped  {}\n",
        status.queued, status.retrying, status.sent, status.dead, status.dropped
    );
    if !status.last_errors.is_empty() {
        out.push_str("\nlatest errors:\n");
        for error in &status.last_errors {
            out.push_str(&format!(
                "  #{} {} {} after {} attempt(s){}: {}\n",
                error.id,
                shown(&error.kind),
                shown(&error.state),
                error.attempts,
                if error.state == "queued" {
                    format!(", next at {}", error.next_attempt_at)
                } else {
                    String::new()
                },
                shown(&error.error)
            ));
        }
    }
    out
}
