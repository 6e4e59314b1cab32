//! What the office does, one function an operation: each does its whole transaction's work
//! (the change, its audit entry in one wording, what ripples from it: mail queued, files
//! deleted), so that the staff API (`http::staff`) and the command line (`cli`) call the
//! same function and only parse their input and shape their answer around it.
//!
//! An operation whose work ends with its commit takes the transaction's connection (the
//! caller runs it in one: the server's writer, or the command line's own transaction). One
//! with work beside its transaction (files stored before it, or deleted after its commit)
//! takes a [`Database`] and runs its transaction itself: the server's one writer
//! (`store::Db`, from a blocking thread) or the command line's connection.
//!
//! Below `http` and `cli`, above `store` and `domain` (`tests/layers.rs`).

pub mod company_details;
pub mod jobs;
pub mod leads;
pub mod pages;
pub mod retention;
pub mod stories;
pub mod team;
pub mod trash;

use rusqlite::{Connection, Transaction, TransactionBehavior};

use crate::store::audit::{Audit, COMMAND_LINE};
use crate::store::{Db, StoreError};

/// Who does an operation, as the audit log keeps it: a staff member's address and the
/// client they came from, or the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub name: String,
    pub client_addr: String,
}

impl Actor {
    /// The command line on the server (`corpsite staff ...`).
    pub fn command_line() -> Actor {
        Actor {
            name: COMMAND_LINE.to_owned(),
            client_addr: String::new(),
        }
    }

    /// The server's own timed work (the scheduler's audit name).
    pub fn scheduler() -> Actor {
        Actor {
            name: crate::store::jobs::SCHEDULER.to_owned(),
            client_addr: String::new(),
        }
    }

    /// An audit entry of this actor's.
    pub fn audit<'a>(&'a self, action: &'a str, subject: &'a str, detail: &'a str) -> Audit<'a> {
        Audit {
            actor: &self.name,
            action,
            subject,
            detail,
            client_addr: &self.client_addr,
        }
    }
}

/// Where an operation's transaction runs: the server's one writer thread (`store::Db`, whose
/// calls wait, so the server calls an operation from a blocking thread), or the command
/// line's own connection.
pub trait Database {
    /// Runs `read` and answers what it read.
    fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;

    /// Runs `change` in a transaction and answers once it is committed; when `change` fails,
    /// nothing of it is kept.
    fn write<T, E>(
        &self,
        change: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static;
}

impl Database for Db {
    fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.read_blocking(read)
    }

    fn write<T, E>(
        &self,
        change: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        self.write_blocking(change)
    }
}

/// The command line's connection, beside a running server: each write takes the write lock
/// as it begins (`BEGIN IMMEDIATE`), so it waits for the server's transaction at its start
/// rather than failing halfway.
impl Database for Connection {
    fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        read(self)
    }

    fn write<T, E>(
        &self,
        change: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let tx = Transaction::new_unchecked(self, TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let done = change(&tx)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(done)
    }
}

/// What the operations' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use rusqlite::Connection;

    use super::Actor;

    /// The staff member of the tests' operations (`ann`).
    pub const ANN: &str = "ann@corp.example";

    pub use crate::store::audit::COMMAND_LINE;

    /// A staff member, from a client of theirs.
    pub fn ann() -> Actor {
        Actor {
            name: ANN.into(),
            client_addr: "192.0.2.7".into(),
        }
    }

    /// The audit log, oldest first: who, what, to what, and the detail.
    pub fn audited(conn: &Connection) -> Vec<[String; 4]> {
        conn.prepare("SELECT actor, action, subject, detail FROM audit_log ORDER BY id")
            .expect("audit")
            .query_map([], |row| {
                Ok([row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?])
            })
            .expect("audit")
            .collect::<rusqlite::Result<_>>()
            .expect("audit")
    }
}
