//! The blog's readers as the office handles them: how many there are in each double opt-in
//! state, an address added by hand (through the subscribe form's own path, so it waits for
//! its confirmation like any other), and what each published story's mail did.

use rusqlite::{Connection, OptionalExtension};

use crate::domain::enquiry::Subscription;
use crate::domain::lead_id::LeadId;
use crate::domain::mail_token::ConfirmSecret;
use crate::store::{leads, subscriptions};

/// How many subscriptions are in each state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub confirmed: i64,
    pub pending: i64,
    pub unsubscribed: i64,
}

pub fn counts(conn: &Connection) -> rusqlite::Result<Counts> {
    conn.prepare_cached(
        "SELECT coalesce(sum(state = 'confirmed'), 0), coalesce(sum(state = 'pending'), 0),
                coalesce(sum(state = 'unsubscribed'), 0)
         FROM subscriptions",
    )?
    .query_row([], |row| {
        Ok(Counts {
            confirmed: row.get(0)?,
            pending: row.get(1)?,
            unsubscribed: row.get(2)?,
        })
    })
}

/// What adding an address by hand did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// A confirmation mail is queued (a new subscription, or one pending or unsubscribed).
    Asked { id: String },
    /// The address had a confirmation mail within the hour: no other one is sent yet.
    AskedRecently { id: String },
    /// The address is a confirmed reader already: nothing changes.
    AlreadyConfirmed { id: String },
}

/// Adds `reader` as the subscribe form does (`leads::subscribe`, then
/// `subscriptions::request_confirmation`): a new address gets a pending subscription under
/// `id`, and every address not confirmed yet is mailed its confirmation link (at most one
/// an hour). Nobody becomes a reader without opening that link.
pub fn add(
    conn: &Connection,
    id: &LeadId,
    reader: &Subscription,
    confirm: &ConfirmSecret,
) -> rusqlite::Result<Added> {
    let folded = reader.email.folded();
    leads::subscribe(conn, id, reader, "")?;
    let asked = subscriptions::request_confirmation(conn, &folded, confirm, None)?;
    let (id, state): (String, String) = conn
        .prepare_cached(
            "SELECT s.enquiry_id, s.state FROM subscriptions s JOIN enquiries e ON e.id = s.enquiry_id
             WHERE e.kind = 'subscription' AND e.email_folded = ?1",
        )?
        .query_row([&folded], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(match (asked, state.as_str()) {
        (true, _) => Added::Asked { id },
        (false, "confirmed") => Added::AlreadyConfirmed { id },
        (false, _) => Added::AskedRecently { id },
    })
}

/// The office unsubscribes subscriber `id` (as its own link would, but naming no story).
/// Answers whether there was such a subscription.
pub fn unsubscribe(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    let is_subscriber: bool = conn
        .prepare_cached("SELECT 1 FROM subscriptions WHERE enquiry_id = ?1")?
        .query_row([id], |_| Ok(true))
        .optional()?
        .unwrap_or(false);
    if !is_subscriber {
        return Ok(false);
    }
    Ok(subscriptions::unsubscribe(conn, id, None)?.is_some())
}

/// What one story's mail did: its mails by state, and the readers who left through it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoryMail {
    /// Still to be sent, `failed` among them.
    pub queued: i64,
    /// Still queued after at least one failed attempt.
    pub failed: i64,
    pub sent: i64,
    /// Given up on.
    pub dead: i64,
    /// Never sent: the reader left or was erased first.
    pub dropped: i64,
    /// Readers who unsubscribed with the link in this story's mail (and have not confirmed
    /// again since).
    pub unsubscribed: i64,
}

/// The mail counts of the story `slug` (all zero for one never mailed).
pub fn story_mail(conn: &Connection, slug: &str) -> rusqlite::Result<StoryMail> {
    let mut counts = conn
        .prepare_cached(
            "SELECT coalesce(sum(state = 'queued'), 0), coalesce(sum(state = 'queued' AND attempts > 0), 0),
                    coalesce(sum(state = 'sent'), 0), coalesce(sum(state = 'dead'), 0),
                    coalesce(sum(state = 'dropped'), 0)
             FROM outbox WHERE kind = 'story' AND blog_slug = ?1",
        )?
        .query_row([slug], |row| {
            Ok(StoryMail {
                queued: row.get(0)?,
                failed: row.get(1)?,
                sent: row.get(2)?,
                dead: row.get(3)?,
                dropped: row.get(4)?,
                unsubscribed: 0,
            })
        })?;
    counts.unsubscribed = conn
        .prepare_cached(
            "SELECT count(*) FROM subscriptions WHERE state = 'unsubscribed' AND unsubscribed_from = ?1",
        )?
        .query_row([slug], |row| row.get(0))?;
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::readers::parse_reader;
    use crate::store::migrated;

    fn add_reader(conn: &Connection, email: &str) -> Added {
        let id = LeadId::generate().expect("id");
        let secret = ConfirmSecret::generate().expect("secret");
        add(conn, &id, &parse_reader(email).expect("email"), &secret).expect("add")
    }

    fn state_of(conn: &Connection, id: &str) -> String {
        conn.query_row(
            "SELECT state FROM subscriptions WHERE enquiry_id = ?1",
            [id],
            |row| row.get(0),
        )
        .expect("state")
    }

    fn left_from(conn: &Connection, id: &str) -> Option<String> {
        conn.query_row(
            "SELECT unsubscribed_from FROM subscriptions WHERE enquiry_id = ?1",
            [id],
            |row| row.get(0),
        )
        .expect("unsubscribed_from")
    }

    #[test]
    fn an_unsubscribe_counts_against_a_story_only_if_its_mail_was_queued_for_the_reader() {
        let conn = migrated();
        let Added::Asked { id } = add_reader(&conn, "r@example.com") else {
            panic!("asked");
        };
        conn.execute(
            "UPDATE subscriptions SET state = 'confirmed' WHERE enquiry_id = ?1",
            [&id],
        )
        .expect("confirm");
        conn.execute(
            "INSERT INTO outbox (kind, lead_id, blog_slug, state) VALUES ('story', ?1, 'mailed', 'sent')",
            [&id],
        )
        .expect("a story mail");
        // A story this reader was never mailed: nothing is recorded.
        subscriptions::unsubscribe(&conn, &id, Some("never-mailed")).expect("leave");
        assert_eq!(left_from(&conn, &id), None);
        // Back and confirmed, then leaving through the mailed story's link: it counts there,
        // and a later click of another link does not move it.
        conn.execute(
            "UPDATE subscriptions SET state = 'confirmed' WHERE enquiry_id = ?1",
            [&id],
        )
        .expect("again");
        subscriptions::unsubscribe(&conn, &id, Some("mailed")).expect("leave");
        subscriptions::unsubscribe(&conn, &id, None).expect("again");
        assert_eq!(left_from(&conn, &id).as_deref(), Some("mailed"));
        assert_eq!(story_mail(&conn, "mailed").expect("mail").unsubscribed, 1);
        assert_eq!(story_mail(&conn, "mailed").expect("mail").sent, 1);
        assert_eq!(
            story_mail(&conn, "never-mailed").expect("mail"),
            StoryMail::default()
        );
    }

    #[test]
    fn an_address_added_by_hand_waits_for_its_confirmation() {
        let conn = migrated();
        let Added::Asked { id } = add_reader(&conn, "asha@example.com") else {
            panic!("a new address is asked to confirm");
        };
        assert_eq!(state_of(&conn, &id), "pending");
        let mails: i64 = conn
            .query_row(
                "SELECT count(*) FROM outbox WHERE kind = 'confirm' AND lead_id = ?1 AND state = 'queued'",
                [&id],
                |row| row.get(0),
            )
            .expect("count");
        assert_eq!(mails, 1);
        // Again within the hour, in another case: the same row, no second mail.
        assert_eq!(
            add_reader(&conn, "ASHA@example.com"),
            Added::AskedRecently { id: id.clone() }
        );
        conn.execute(
            "UPDATE subscriptions SET state = 'confirmed' WHERE enquiry_id = ?1",
            [&id],
        )
        .expect("confirm");
        assert_eq!(
            add_reader(&conn, "asha@example.com"),
            Added::AlreadyConfirmed { id: id.clone() }
        );
        assert_eq!(
            counts(&conn).expect("counts"),
            Counts {
                confirmed: 1,
                pending: 0,
                unsubscribed: 0
            }
        );
        assert!(unsubscribe(&conn, &id).expect("unsubscribe"));
        assert_eq!(state_of(&conn, &id), "unsubscribed");
        assert_eq!(
            counts(&conn).expect("counts"),
            Counts {
                confirmed: 0,
                pending: 0,
                unsubscribed: 1
            }
        );
        assert!(!unsubscribe(&conn, "0123456789abcdef0123456789abcdef").expect("none"));
    }
}
