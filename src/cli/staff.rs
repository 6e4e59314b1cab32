//! `corpsite staff add|list|remove|reset-password|reset-factors|sessions|audit` and `corpsite leads erase`:
//! what whoever runs the VM does for the office's inbox. Each command opens its own
//! connection beside a running server; every change is written to the audit log as done by
//! the command line.

use std::io::{self, BufRead};
use std::path::Path;

use jiff::Timestamp;
use rusqlite::Connection;

use crate::cli::args::StaffCommand;
use crate::cli::terminal::shown;
use crate::domain::fields::Email;
use crate::domain::roles::{Role, Roles};
use crate::domain::staff::{NewPassword, SecretError};
use crate::office::leads::Erasure;
use crate::office::team::RemoveError;
use crate::office::{self, Actor};
use crate::store::accounts::{self, Account};
use crate::store::audit;
use crate::store::sessions;
use crate::store::{open_for_cli, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("{0:?} is not an email address")]
    BadEmail(String),
    #[error("the name must not be empty")]
    NoName,
    #[error("the password from stdin: {0}")]
    BadPassword(&'static str),
    #[error("cannot read the password from stdin: {0}")]
    Stdin(#[source] io::Error),
    #[error("there is already an account for {0}")]
    Exists(String),
    #[error("there is no account for {0}")]
    NoAccount(String),
    #[error("{0}")]
    BadRoles(String),
    #[error("the team must keep at least one owner: make another account an owner first")]
    LastOwner,
    #[error("no session matches {0}")]
    NoSession(String),
    #[error(transparent)]
    Secret(#[from] SecretError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("{count} resume file(s) could not be deleted, the first {file}: {source}")]
    Files {
        count: usize,
        file: String,
        source: io::Error,
    },
}

pub fn run(command: StaffCommand) -> Result<(), StaffError> {
    match command {
        StaffCommand::Add {
            email,
            name,
            roles,
            password_stdin,
            data,
        } => {
            let email = parse_email(&email)?;
            let roles = if roles.is_empty() {
                Roles::new([Role::Owner])
            } else {
                Roles::new(roles)
            }
            .map_err(|err| StaffError::BadRoles(err.message()))?;
            let name = name.trim().to_owned();
            if name.is_empty() {
                return Err(StaffError::NoName);
            }
            let password = one_time_password(password_stdin)?;
            let conn = open_for_cli(&data.data_dir)?;
            let hash = password.hash()?;
            let tx = conn.unchecked_transaction()?;
            let actor = Actor::command_line();
            if office::team::add_account(&tx, &actor, &email, &name, &roles, &hash)?.is_none() {
                return Err(StaffError::Exists(email.as_ref().to_owned()));
            }
            tx.commit()?;
            print_password(&email, &password, password_stdin);
        }
        StaffCommand::List { data } => {
            let conn = open_for_cli(&data.data_dir)?;
            for account in accounts::accounts(&conn)? {
                let state = if account.must_change_password {
                    "one-time password"
                } else {
                    "active"
                };
                println!(
                    "{}\t{}\t{}\t{}\t{state}",
                    shown(&account.email),
                    shown(&account.name),
                    shown(&account.roles.stored()),
                    shown(&account.created_at)
                );
            }
        }
        StaffCommand::Remove { email, data } => {
            let email = parse_email(&email)?;
            let conn = open_for_cli(&data.data_dir)?;
            let account = account(&conn, &email)?;
            let tx = conn.unchecked_transaction()?;
            office::team::remove_account(&tx, &Actor::command_line(), &account, None).map_err(
                |err| match err {
                    RemoveError::LastOwner => StaffError::LastOwner,
                    RemoveError::Store(err) => StaffError::Sqlite(err),
                },
            )?;
            tx.commit()?;
            println!("removed {}", email.as_ref());
        }
        StaffCommand::ResetPassword {
            email,
            password_stdin,
            data,
        } => {
            let email = parse_email(&email)?;
            let password = one_time_password(password_stdin)?;
            let conn = open_for_cli(&data.data_dir)?;
            let account = account(&conn, &email)?;
            let hash = password.hash()?;
            let tx = conn.unchecked_transaction()?;
            accounts::set_password(&tx, account.id, &hash, true)?;
            audit(&tx, "reset password", email.as_ref())?;
            tx.commit()?;
            print_password(&email, &password, password_stdin);
        }
        StaffCommand::ResetFactors { email, data } => {
            let email = parse_email(&email)?;
            let conn = open_for_cli(&data.data_dir)?;
            let account = account(&conn, &email)?;
            let tx = conn.unchecked_transaction()?;
            let had = crate::store::factors::reset_factors(&tx, account.id)?;
            audit(&tx, "reset second factor", email.as_ref())?;
            crate::store::outbox::enqueue_notice(
                &tx,
                account.id,
                &account.email,
                crate::store::outbox::Notice::FactorsReset,
                "",
            )?;
            tx.commit()?;
            if had {
                println!(
                    "removed the second factors of {} and ended its sessions",
                    email.as_ref()
                );
            } else {
                println!(
                    "{} had no second factor; its sessions are ended",
                    email.as_ref()
                );
            }
        }
        StaffCommand::Sessions { revoke, data } => {
            let conn = open_for_cli(&data.data_dir)?;
            let now = Timestamp::now().as_second();
            match revoke {
                Some(key) => {
                    let tx = conn.unchecked_transaction()?;
                    let ended = sessions::revoke_sessions(&tx, &key)?;
                    if ended == 0 {
                        return Err(StaffError::NoSession(key));
                    }
                    audit(&tx, "revoked sessions", &key)?;
                    tx.commit()?;
                    println!("ended {ended} session(s)");
                }
                None => {
                    for s in sessions::sessions(&conn, now)? {
                        println!(
                            "{}\t{}\tsigned in {}\tlast seen {}\t{}\t{}",
                            shown(&s.key),
                            shown(&s.email),
                            iso(s.created_at),
                            iso(s.last_seen_at),
                            shown(&s.client_addr),
                            shown(&s.user_agent)
                        );
                    }
                }
            }
        }
        StaffCommand::Audit { limit, data } => {
            let conn = open_for_cli(&data.data_dir)?;
            for e in audit::audit_log(&conn, limit)? {
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    shown(&e.at),
                    shown(&e.actor),
                    shown(&e.action),
                    shown(&e.subject),
                    shown(&e.detail),
                    shown(&e.client_addr)
                );
            }
        }
    }
    Ok(())
}

/// `corpsite leads erase EMAIL`: every record of one person, with notes and resume files.
pub fn erase_person(data_dir: &Path, email: &str) -> Result<(), StaffError> {
    let email = parse_email(email)?;
    let conn = open_for_cli(data_dir)?;
    let erasure = Erasure::Person(email);
    let erased =
        office::leads::erase(&conn, data_dir, Actor::command_line(), erasure).map_err(|err| {
            match err {
                StoreError::Sqlite(err) => StaffError::Sqlite(err),
                err => StaffError::Store(err),
            }
        })?;
    if let Some(room) = erased.made_room {
        eprintln!(
            "the disk is full: deleted this person's {} resume file(s){} first to make room",
            room.files,
            if room.reserve {
                " and the 1 MiB reserve"
            } else {
                ""
            }
        );
    }
    println!("erased {}", erased.counted());
    let count = erased.files_left.len();
    match erased.files_left.into_iter().next() {
        None => Ok(()),
        Some((file, source)) => Err(StaffError::Files {
            count,
            file,
            source,
        }),
    }
}

/// The account of `email`, or the error that names it.
fn account(conn: &Connection, email: &Email) -> Result<Account, StaffError> {
    accounts::account_by_email(conn, &email.folded())?
        .ok_or_else(|| StaffError::NoAccount(email.as_ref().to_owned()))
}

fn parse_email(raw: &str) -> Result<Email, StaffError> {
    Email::parse(raw).map_err(|_| StaffError::BadEmail(raw.to_owned()))
}

fn one_time_password(from_stdin: bool) -> Result<NewPassword, StaffError> {
    if !from_stdin {
        return Ok(NewPassword::generate()?);
    }
    let mut line = String::new();
    io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(StaffError::Stdin)?;
    let line = line.trim_end_matches(['\r', '\n']);
    NewPassword::parse(line).map_err(|rule| StaffError::BadPassword(rule.message()))
}

fn print_password(email: &Email, password: &NewPassword, from_stdin: bool) {
    if from_stdin {
        println!(
            "{}: the password from stdin is set; it must be changed at the first sign-in",
            email.as_ref()
        );
    } else {
        println!(
            "{}: one-time password (must be changed at the first sign-in):",
            email.as_ref()
        );
        println!("{}", password.as_str());
    }
}

fn audit(conn: &Connection, action: &str, subject: &str) -> rusqlite::Result<()> {
    audit::record(conn, &Actor::command_line().audit(action, subject, ""))
}

fn iso(unix: i64) -> String {
    Timestamp::from_second(unix)
        .map(|t| t.to_string())
        .unwrap_or_else(|_| unix.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_time_is_rfc_3339_to_the_second_or_else_the_number() {
        assert_eq!(iso(1_764_115_572), "2025-11-26T00:06:12Z");
        assert_eq!(iso(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso(i64::MAX), i64::MAX.to_string());
    }
}
