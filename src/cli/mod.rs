//! The subcommands other than `serve`: blog publishing, exports of what the forms
//! brought in, and backups.

pub mod backup;
pub mod blog;
pub mod csv;
pub mod day;
pub mod export;
