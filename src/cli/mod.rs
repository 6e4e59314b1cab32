//! The office's commands: exports of what the forms brought in, and backups.

pub mod backup;
pub mod csv;
pub mod day;
pub mod export;
