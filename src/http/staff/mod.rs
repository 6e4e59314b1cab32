//! The office's side: every endpoint a row of one table (`endpoints`), served by `dispatch`
//! behind the gate (`session::check`): sign-in and passwords, second factors, the inbox of
//! leads, the stories, media uploads and the company's details.
//!
//! The sign-in modules name one another one way only: `session` (the gate, `Staff`, the
//! cookie, starting a session) and `throttle` (guesses at a secret) name none of them; `call`
//! names `session`; `account` names `call`, `session` and `throttle`; `factors` names those
//! and `account`; `passkeys` names `factors`; `sign_in` (the sign-in handlers) names
//! `factors` and `passkeys`, and only the endpoint table names it.

pub mod account;
pub mod analytics;
pub mod api_keys;
pub mod assign;
pub mod backups;
pub mod bulk;
pub mod call;
pub mod company_details;
pub mod dispatch;
pub mod endpoints;
pub mod factors;
pub mod hashing;
pub mod inbox;
pub mod jobs;
pub mod mail;
pub mod media;
pub mod pages;
pub mod passkeys;
pub mod readers;
pub mod relying_party;
pub mod replies;
pub mod retention;
pub mod session;
pub mod sign_in;
pub mod stories;
pub mod team;
pub mod throttle;
pub mod trash;
