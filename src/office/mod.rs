//! What the office does, one function an operation: each does its whole transaction's work
//! (the change, its audit entry in one wording, what ripples from it), so that the staff
//! API (`http::staff`) and the command line (`cli`) call the same function and only parse
//! their input and shape their answer around it.
//!
//! Below `http` and `cli`, above `store` and `domain` (`tests/layers.rs`).

pub mod leads;
pub mod team;

/// Who does an operation, as the audit log keeps it: a staff member's address and the
/// client they came from, or the command line.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub name: &'a str,
    pub client_addr: &'a str,
}

impl<'a> Actor<'a> {
    /// The command line on the server (`corpsite staff ...`).
    pub const COMMAND_LINE: Actor<'static> = Actor {
        name: crate::store::audit::COMMAND_LINE,
        client_addr: "",
    };

    /// An audit entry of this actor's.
    pub fn audit(
        &self,
        action: &'a str,
        subject: &'a str,
        detail: &'a str,
    ) -> crate::store::audit::Audit<'a> {
        crate::store::audit::Audit {
            actor: self.name,
            action,
            subject,
            detail,
            client_addr: self.client_addr,
        }
    }
}
