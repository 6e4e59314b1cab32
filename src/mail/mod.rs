//! Mail: what the site sends (the office's lead notifications, subscription confirmations,
//! new stories) and the sender that delivers the outbox through the office's relay.
//! Mail is queued by the writes that cause it (`store::outbox`); nothing here runs on a
//! request's path.

pub mod assign_mail;
pub mod compose;
pub mod sender;
pub mod staff_mail;
pub mod story_mail;
