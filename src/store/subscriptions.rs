//! Double opt-in of blog subscriptions (table `subscriptions`, one row per subscription
//! enquiry, made by a trigger): pending until the link mailed to the address is opened,
//! then confirmed (stories are mailed) until unsubscribed.

use rusqlite::{Connection, OptionalExtension};

use crate::domain::mail_token::{self, ConfirmSecret, CONFIRM_VALID_DAYS};
use crate::store::outbox;

const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// Confirmation mails one address may be sent a day, whoever asks.
pub const CONFIRMS_PER_ADDRESS_A_DAY: i64 = 3;
/// Confirmation mails one client (an address, an IPv6 /64) may cause an hour, to any address.
pub const CONFIRMS_PER_CLIENT_AN_HOUR: i64 = 10;

/// After a subscription form for `email_folded`, sent by `client` (its address or /64; `None`
/// for the office's own): queues a confirmation mail with a link made of `secret`, unless the
/// address is confirmed already or had one queued within the hour, or a cap holds it back:
/// `CONFIRMS_PER_ADDRESS_A_DAY` to the address, `CONFIRMS_PER_CLIENT_AN_HOUR` caused by the
/// client (so the double opt-in cannot be used to mail strangers). An address that unsubscribed since its last confirmation mail gets a new one at
/// once: the person who left by mistake and comes back is not kept waiting an hour (the
/// unsubscribe took its own mail's link, so no one else can cause this). Says whether it did.
pub fn request_confirmation(
    conn: &Connection,
    email_folded: &str,
    secret: &ConfirmSecret,
    client: Option<&str>,
) -> rusqlite::Result<bool> {
    let waiting: Option<String> = conn
        .prepare_cached(
            "SELECT s.enquiry_id FROM subscriptions s JOIN enquiries e ON e.id = s.enquiry_id
             WHERE e.kind = 'subscription' AND e.email_folded = ?1 AND s.state != 'confirmed'
               AND (s.confirm_sent_at IS NULL
                    OR s.confirm_sent_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')
                    OR (s.state = 'unsubscribed' AND s.unsubscribed_at >= s.confirm_sent_at))",
        )?
        .query_row([email_folded], |row| row.get(0))
        .optional()?;
    let Some(id) = waiting else {
        return Ok(false);
    };
    let to_address: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM outbox WHERE kind = 'confirm' AND lead_id = ?1
               AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')",
        )?
        .query_row([&id], |row| row.get(0))?;
    if to_address >= CONFIRMS_PER_ADDRESS_A_DAY {
        tracing::info!("confirmation mail held back: the address had its mails of the day");
        return Ok(false);
    }
    if let Some(client) = client {
        let by_client: i64 = conn
            .prepare_cached(
                "SELECT count(*) FROM outbox WHERE kind = 'confirm' AND caused_by = ?1
                   AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')",
            )?
            .query_row([client], |row| row.get(0))?;
        if by_client >= CONFIRMS_PER_CLIENT_AN_HOUR {
            tracing::info!("confirmation mail held back: the client caused its mails of the hour");
            return Ok(false);
        }
    }
    let token = secret.token_for(&id);
    conn.prepare_cached(&format!(
        "UPDATE subscriptions SET state = 'pending', confirm_hash = ?2, confirm_sent_at = {NOW},
                confirm_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+{CONFIRM_VALID_DAYS} days')
         WHERE enquiry_id = ?1"
    ))?
    .execute([&id, &secret.hash()])?;
    outbox::enqueue_confirmation(conn, &id, &token, client)?;
    Ok(true)
}

/// What a confirmation link did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    Confirmed,
    /// The link was used before: nothing changes.
    AlreadyConfirmed,
    /// A real link, older than its seven days (or replaced by a newer one).
    Expired,
    /// Not a link this site sent.
    Invalid,
}

/// Confirms the subscription a confirmation link's token names.
pub fn confirm(conn: &Connection, token: &str) -> rusqlite::Result<Confirmation> {
    let Some((id, secret)) = mail_token::split(token) else {
        return Ok(Confirmation::Invalid);
    };
    let found: Option<(String, Option<String>, bool)> = conn
        .prepare_cached(&format!(
            "SELECT state, confirm_hash, coalesce(confirm_expires_at > {NOW}, 0)
             FROM subscriptions WHERE enquiry_id = ?1"
        ))?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()?;
    let Some((state, Some(hash), fresh)) = found else {
        return Ok(Confirmation::Invalid);
    };
    if !mail_token::confirm_secret_matches(secret, &hash) {
        return Ok(Confirmation::Invalid);
    }
    match state.as_str() {
        "confirmed" => Ok(Confirmation::AlreadyConfirmed),
        _ if !fresh => Ok(Confirmation::Expired),
        _ => {
            conn.prepare_cached(&format!(
                "UPDATE subscriptions SET state = 'confirmed', confirmed_at = {NOW}, unsubscribed_at = NULL,
                        unsubscribed_from = NULL
                 WHERE enquiry_id = ?1"
            ))?
            .execute([id])?;
            Ok(Confirmation::Confirmed)
        }
    }
}

/// Ends subscription `id`: no more stories, and those still queued for it are dropped.
/// `from` is the blog slug of the story whose mail carried the link, if the link named one:
/// it is kept (`unsubscribed_from`, for the story's mail counts) when a mail of that story
/// was indeed queued for this subscription, and only by the unsubscribe that ends it.
/// Answers the address that left, or `None` when there is no such subscription.
pub fn unsubscribe(
    conn: &Connection,
    id: &str,
    from: Option<&str>,
) -> rusqlite::Result<Option<String>> {
    let changed = conn
        .prepare_cached(&format!(
            "UPDATE subscriptions SET state = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, {NOW}),
                    confirm_hash = NULL,
                    unsubscribed_from = CASE WHEN state = 'unsubscribed' THEN unsubscribed_from
                        ELSE (SELECT blog_slug FROM outbox
                              WHERE kind = 'story' AND lead_id = ?1 AND blog_slug = ?2) END
             WHERE enquiry_id = ?1"
        ))?
        .execute(rusqlite::params![id, from])?;
    conn.prepare_cached(
        "UPDATE outbox SET state = 'dropped', token = NULL, last_error = 'unsubscribed'
         WHERE lead_id = ?1 AND kind IN ('story', 'confirm') AND state = 'queued'",
    )?
    .execute([id])?;
    if changed == 0 {
        return Ok(None);
    }
    conn.prepare_cached("SELECT email FROM enquiries WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
}

/// The address of subscription `id` and whether it is confirmed; `None` once erased.
pub fn recipient(conn: &Connection, id: &str) -> rusqlite::Result<Option<(String, String)>> {
    conn.prepare_cached(
        "SELECT e.email, s.state FROM subscriptions s JOIN enquiries e ON e.id = s.enquiry_id
         WHERE s.enquiry_id = ?1",
    )?
    .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}
