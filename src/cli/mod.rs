//! The command line: its grammar (`args`) and the subcommands other than `serve`: blog
//! publishing, exports of what the forms brought in, backups and restores, and staff accounts;
//! `terminal`: stored text as every command prints it.

pub mod args;
pub mod backup;
pub mod blog;
pub mod company_details;
#[cfg(test)]
mod docs;
pub mod export;
pub mod mail;
pub mod restore;
pub mod staff;
pub mod terminal;
