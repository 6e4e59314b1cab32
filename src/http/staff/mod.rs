//! The office's side: every endpoint a row of one table (`endpoints`), served by `dispatch`
//! behind the gate (`sign_in::check`): sign-in and passwords,
//! the inbox of leads, the stories, media uploads and the company's details.

pub mod account;
pub mod analytics;
pub mod assign;
pub mod backups;
pub mod bulk;
pub mod call;
pub mod dispatch;
pub mod endpoints;
pub mod factors;
pub mod hashing;
pub mod inbox;
pub mod mail;
pub mod media;
pub mod passkeys;
pub mod readers;
pub mod settings;
pub mod sign_in;
pub mod stories;
pub mod team;
