//! The outbox (table `outbox`): every mail from queued to sent, dead or dropped.
//!
//! Mail rows are written by the transaction that causes them (see the migration's trigger
//! for stories); the sender (`mail::sender`) takes the due ones, and records each outcome.
//! Queued mail is kept until it is sent, dies (a permanent refusal, or 48 hours of
//! temporary ones) or is dropped (its lead was erased, its subscriber left).

use rusqlite::{params, Connection, OptionalExtension};

/// SQLite's `now` in the format of every stored time.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// The office is told of a new enquiry or applicant.
    Lead,
    /// A subscriber is sent the confirmation link.
    Confirm,
    /// A confirmed subscriber is sent a new post.
    Story,
    /// Someone is invited to the team (`lead_id` is the invite's id; the link's token waits
    /// in `token`).
    Invite,
    /// A staff member asked for a password reset link (`lead_id` is the account's id).
    Reset,
    /// A test mail asked for in the browser (`lead_id` is empty).
    Test,
    /// A security notice to a staff account (`lead_id` is the account's id; which one is in
    /// `notice`).
    Notice,
    /// A lead was given to a staff account (`lead_id` is the lead, `staff_id` the account,
    /// `by_name` who gave it: `store::assign`).
    Assigned,
    /// The morning digest of a staff account (`lead_id` is the account's id).
    Digest,
    /// A staff member's reply to a lead (`lead_id` is the lead, `detail` the reply's id in
    /// `lead_replies`: `store::replies`).
    Reply,
}

/// What a security notice tells its account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// One of its recovery codes was used to sign in.
    RecoveryCodeUsed,
    /// An owner removed its second factors.
    FactorsReset,
    /// A second factor was added to it (`detail` names it).
    FactorAdded,
    /// One of its second factors was removed (`detail` names it).
    FactorRemoved,
    /// New recovery codes were made for it; the old ones stopped.
    RecoveryCodesMade,
}

impl Notice {
    pub fn as_str(self) -> &'static str {
        match self {
            Notice::RecoveryCodeUsed => "recovery-code-used",
            Notice::FactorsReset => "factors-reset",
            Notice::FactorAdded => "factor-added",
            Notice::FactorRemoved => "factor-removed",
            Notice::RecoveryCodesMade => "recovery-codes-made",
        }
    }

    fn parse(text: &str) -> Option<Notice> {
        match text {
            "recovery-code-used" => Some(Notice::RecoveryCodeUsed),
            "factors-reset" => Some(Notice::FactorsReset),
            "factor-added" => Some(Notice::FactorAdded),
            "factor-removed" => Some(Notice::FactorRemoved),
            "recovery-codes-made" => Some(Notice::RecoveryCodesMade),
            _ => None,
        }
    }
}

/// Queues a security notice to staff account `staff_id` at `to_addr`; `detail` names what
/// it is about (a factor), or is empty.
pub fn enqueue_notice(
    conn: &Connection,
    staff_id: i64,
    to_addr: &str,
    notice: Notice,
    detail: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO outbox (kind, lead_id, to_addr, notice, detail) VALUES ('notice', ?1, ?2, ?3, nullif(?4, ''))",
    )?
    .execute(params![staff_id.to_string(), to_addr, notice.as_str(), detail])?;
    Ok(())
}

impl MailKind {
    fn parse(text: &str) -> Option<MailKind> {
        match text {
            "lead" => Some(MailKind::Lead),
            "confirm" => Some(MailKind::Confirm),
            "story" => Some(MailKind::Story),
            "invite" => Some(MailKind::Invite),
            "reset" => Some(MailKind::Reset),
            "test" => Some(MailKind::Test),
            "notice" => Some(MailKind::Notice),
            "assigned" => Some(MailKind::Assigned),
            "digest" => Some(MailKind::Digest),
            "reply" => Some(MailKind::Reply),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::Lead => "lead",
            MailKind::Confirm => "confirm",
            MailKind::Story => "story",
            MailKind::Invite => "invite",
            MailKind::Reset => "reset",
            MailKind::Test => "test",
            MailKind::Notice => "notice",
            MailKind::Assigned => "assigned",
            MailKind::Digest => "digest",
            MailKind::Reply => "reply",
        }
    }
}

/// A mail due to be sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub kind: MailKind,
    pub lead_id: String,
    pub blog_slug: Option<String>,
    pub token: Option<String>,
    pub message_key: String,
    pub attempts: u32,
    /// The address of a staff mail (invite, reset, test); the others find theirs by `lead_id`.
    pub to_addr: Option<String>,
    /// Which security notice, for a `Notice`.
    pub notice: Option<Notice>,
    /// What a notice is about (the factor added or removed).
    pub detail: Option<String>,
}

/// Queues the office's notification of enquiry or applicant `lead_id`.
pub fn enqueue_lead(conn: &Connection, lead_id: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO outbox (kind, lead_id) VALUES ('lead', ?1)")?
        .execute([lead_id])?;
    Ok(())
}

/// Queues a confirmation mail carrying `token`; an older one still queued for the same
/// subscription is dropped (its token no longer works).
pub fn enqueue_confirmation(
    conn: &Connection,
    lead_id: &str,
    token: &str,
    caused_by: Option<&str>,
) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE outbox SET state = 'dropped', token = NULL, last_error = 'a newer confirmation was queued'
         WHERE lead_id = ?1 AND kind = 'confirm' AND state = 'queued'")?
    .execute([lead_id])?;
    conn.prepare_cached(
        "INSERT INTO outbox (kind, lead_id, token, caused_by) VALUES ('confirm', ?1, ?2, ?3)",
    )?
    .execute(rusqlite::params![lead_id, token, caused_by])?;
    Ok(())
}

/// Queues a staff mail of `kind` (invite, reset, test) to `to_addr`, about `about` (the
/// invite's or the account's id), carrying `token` until it is sent. An older one of the same
/// kind still queued for the same `about` is dropped: its link no longer works.
pub fn enqueue_staff_mail(
    conn: &Connection,
    kind: MailKind,
    about: &str,
    to_addr: &str,
    token: Option<&str>,
) -> rusqlite::Result<()> {
    if kind != MailKind::Test {
        conn.prepare_cached(
            "UPDATE outbox SET state = 'dropped', token = NULL, last_error = 'a newer link was queued'
             WHERE lead_id = ?1 AND kind = ?2 AND state = 'queued'",
        )?
        .execute(params![about, kind.as_str()])?;
    }
    conn.prepare_cached(
        "INSERT INTO outbox (kind, lead_id, to_addr, token) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![kind.as_str(), about, to_addr, token])?;
    Ok(())
}

/// Queues the mail of reply `reply_id` to lead `lead_id` at `to_addr`; answers the outbox
/// row's id and its `message_key`.
pub fn enqueue_reply(
    conn: &Connection,
    lead_id: &str,
    to_addr: &str,
    reply_id: i64,
) -> rusqlite::Result<(i64, String)> {
    conn.prepare_cached(
        "INSERT INTO outbox (kind, lead_id, to_addr, detail) VALUES ('reply', ?1, ?2, ?3)
         RETURNING id, message_key",
    )?
    .query_row(params![lead_id, to_addr, reply_id.to_string()], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
}

/// Up to `limit` queued mails whose time has come, oldest first.
pub fn due(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<QueuedMail>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, kind, lead_id, blog_slug, token, message_key, attempts, to_addr, notice, detail FROM outbox
         WHERE state = 'queued' AND next_attempt_at <= {NOW}
         ORDER BY next_attempt_at, id LIMIT ?1"
    ))?;
    let rows = stmt.query_map([limit], |row| {
        let kind: String = row.get(1)?;
        Ok(QueuedMail {
            id: row.get(0)?,
            kind: MailKind::parse(&kind).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(
                    1,
                    rusqlite::types::Type::Text,
                    format!("unknown mail kind {kind:?}").into(),
                )
            })?,
            lead_id: row.get(2)?,
            blog_slug: row.get(3)?,
            token: row.get(4)?,
            message_key: row.get(5)?,
            attempts: row.get(6)?,
            to_addr: row.get(7)?,
            notice: row
                .get::<_, Option<String>>(8)?
                .as_deref()
                .and_then(Notice::parse),
            detail: row.get(9)?,
        })
    })?;
    rows.collect()
}

/// What became of one attempt to send a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// The relay took it, with its answer (`250 2.0.0 Ok: queued as ...`).
    Sent { answer: String },
    /// A temporary failure: try again in `retry_in_secs`, unless the mail is past its
    /// 48 hours (then it is dead).
    Failed { error: String, retry_in_secs: u64 },
    /// A permanent refusal: never tried again (until `mail retry`).
    Refused { error: String },
    /// Nothing to send any more (the lead was erased, the subscriber left).
    Dropped { reason: String },
}

/// Records `attempt` on mail `id`. A sent or given-up mail's token is wiped.
pub fn record(conn: &Connection, id: i64, attempt: &Attempt) -> rusqlite::Result<()> {
    match attempt {
        Attempt::Sent { answer } => conn
            .prepare_cached(&format!(
                "UPDATE outbox SET state = 'sent', sent_at = {NOW}, attempts = attempts + 1,
                        token = NULL, last_error = NULL, answer = nullif(?2, '') WHERE id = ?1"
            ))?
            .execute(params![id, answer])?,
        Attempt::Failed {
            error,
            retry_in_secs,
        } => conn
            .prepare_cached("UPDATE outbox SET attempts = attempts + 1, last_error = ?2,
                        next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ?3 || ' seconds'),
                        state = CASE WHEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ?3 || ' seconds') > give_up_at
                                     THEN 'dead' ELSE 'queued' END
                 WHERE id = ?1")?
            .execute(params![id, error, i64::try_from(*retry_in_secs).unwrap_or(i64::MAX)])?,
        Attempt::Refused { error } => conn
            .prepare_cached(
                "UPDATE outbox SET state = 'dead', attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
            )?
            .execute(params![id, error])?,
        Attempt::Dropped { reason } => conn
            .prepare_cached(
                "UPDATE outbox SET state = 'dropped', token = NULL, last_error = ?2 WHERE id = ?1",
            )?
            .execute(params![id, reason])?,
    };
    Ok(())
}

/// Counts by state, and the latest failures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutboxStatus {
    pub queued: u64,
    pub sent: u64,
    pub dead: u64,
    pub dropped: u64,
    /// Queued mail that has failed at least once.
    pub retrying: u64,
    pub last_errors: Vec<MailError>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailError {
    pub id: i64,
    pub kind: String,
    pub state: String,
    pub attempts: u32,
    pub error: String,
    pub next_attempt_at: String,
}

pub fn status(conn: &Connection) -> rusqlite::Result<OutboxStatus> {
    let mut status = OutboxStatus::default();
    let mut counts = conn
        .prepare_cached("SELECT state, count(*), sum(attempts > 0) FROM outbox GROUP BY state")?;
    let mut rows = counts.query([])?;
    while let Some(row) = rows.next()? {
        let state: String = row.get(0)?;
        let count = u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0);
        match state.as_str() {
            "queued" => {
                status.queued = count;
                status.retrying = u64::try_from(row.get::<_, i64>(2)?).unwrap_or(0);
            }
            "sent" => status.sent = count,
            "dead" => status.dead = count,
            _ => status.dropped = count,
        }
    }
    let mut errors = conn.prepare_cached(
        "SELECT id, kind, state, attempts, last_error, next_attempt_at FROM outbox
         WHERE last_error IS NOT NULL AND state IN ('queued', 'dead')
         ORDER BY id DESC LIMIT 10",
    )?;
    status.last_errors = errors
        .query_map([], |row| {
            Ok(MailError {
                id: row.get(0)?,
                kind: row.get(1)?,
                state: row.get(2)?,
                attempts: row.get(3)?,
                error: row.get(4)?,
                next_attempt_at: row.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(status)
}

/// Puts every dead mail back in the queue, due now, with another 48 hours to go out.
pub fn retry_dead(conn: &Connection) -> rusqlite::Result<usize> {
    conn.prepare_cached(&format!("UPDATE outbox SET {REQUEUE} WHERE state = 'dead'"))?
        .execute([])
}

/// A mail queued again: due now, with another 48 hours to go out.
const REQUEUE: &str = "state = 'queued', next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
     give_up_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+48 hours')";

/// The queued mail of a lead, as a test or an erasure sees it: (kind, state) per row.
pub fn of_lead(conn: &Connection, lead_id: &str) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt =
        conn.prepare_cached("SELECT kind, state FROM outbox WHERE lead_id = ?1 ORDER BY id")?;
    let rows = stmt.query_map([lead_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// The key unsubscribe links are signed with (made by the migration).
pub fn link_key(conn: &Connection) -> rusqlite::Result<Vec<u8>> {
    let key: Option<String> = conn
        .prepare_cached("SELECT value FROM app_meta WHERE key = 'mail_link_secret'")?
        .query_row([], |row| row.get(0))
        .optional()?;
    Ok(key.map(String::into_bytes).unwrap_or_default())
}

/// The outbox as the mail screen shows it: counts, and the mails that need a look.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overview {
    /// (state, count) for every state, in the order queued, sent, dead, dropped.
    pub by_state: Vec<(String, u64)>,
    /// (kind, count) for every kind that has mail, by kind.
    pub by_kind: Vec<(String, u64)>,
    /// Queued mail that has failed at least once, newest first.
    pub failing: Vec<MailLine>,
    /// Mail given up on (refused, or failing for 48 hours), newest first.
    pub dead: Vec<MailLine>,
    /// The newest test mails, whatever became of them (`TEST_LINES`).
    pub tests: Vec<MailLine>,
}

/// One mail on the mail screen. Never its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailLine {
    pub id: i64,
    pub kind: String,
    pub state: String,
    /// Whom it is for: a staff mail's address, a lead's or subscriber's name (empty when the
    /// lead is gone or gave none).
    pub to: String,
    pub attempts: u32,
    pub next_attempt_at: String,
    /// The relay's last answer (or why it could not be composed).
    pub last_error: String,
    pub created_at: String,
}

/// How many failing and dead mails the overview lists, each.
pub const OVERVIEW_LINES: u32 = 50;
/// How many of the newest test mails it lists.
pub const TEST_LINES: u32 = 5;

/// Counts by state and kind, and the newest `OVERVIEW_LINES` failing and dead mails.
pub fn overview(conn: &Connection) -> rusqlite::Result<Overview> {
    let mut by_state: Vec<(String, u64)> = ["queued", "sent", "dead", "dropped"]
        .iter()
        .map(|state| ((*state).to_owned(), 0))
        .collect();
    let mut stmt = conn.prepare_cached("SELECT state, count(*) FROM outbox GROUP BY state")?;
    let counts = stmt.query_map([], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
    })?;
    for count in counts {
        let (state, count) = count?;
        if let Some(slot) = by_state.iter_mut().find(|(name, _)| *name == state) {
            slot.1 = u64::try_from(count).unwrap_or(0);
        }
    }
    let mut stmt =
        conn.prepare_cached("SELECT kind, count(*) FROM outbox GROUP BY kind ORDER BY kind")?;
    let by_kind = stmt
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0),
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Overview {
        by_state,
        by_kind,
        failing: lines(
            conn,
            "o.state = 'queued' AND o.attempts > 0",
            OVERVIEW_LINES,
        )?,
        dead: lines(conn, "o.state = 'dead'", OVERVIEW_LINES)?,
        tests: lines(conn, "o.kind = 'test'", TEST_LINES)?,
    })
}

fn lines(conn: &Connection, condition: &str, limit: u32) -> rusqlite::Result<Vec<MailLine>> {
    // A staff mail names its address; a lead mail its lead; a subscriber's mail the name
    // of the subscription (an enquiry of kind 'subscription').
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT o.id, o.kind, o.state,
                CASE WHEN o.kind IN ('invite', 'reset', 'test', 'notice', 'assigned', 'digest') THEN coalesce(o.to_addr, '')
                     ELSE coalesce(e.name, a.name, '') END,
                o.attempts, o.next_attempt_at, coalesce(o.last_error, ''), o.created_at
         FROM outbox o
         LEFT JOIN enquiries e ON o.kind IN ('lead', 'confirm', 'story', 'reply') AND e.id = o.lead_id
         LEFT JOIN applicants a ON o.kind IN ('lead', 'reply') AND a.id = o.lead_id
         WHERE {condition}
         ORDER BY o.created_at DESC, o.id DESC LIMIT ?1"
    ))?;
    let rows = stmt.query_map([limit], |row| {
        Ok(MailLine {
            id: row.get(0)?,
            kind: row.get(1)?,
            state: row.get(2)?,
            to: row.get(3)?,
            attempts: row.get(4)?,
            next_attempt_at: row.get(5)?,
            last_error: row.get(6)?,
            created_at: row.get(7)?,
        })
    })?;
    rows.collect()
}

/// Puts mail `id` back in the queue, due now with another 48 hours to go out, if it is dead
/// or failing (queued after a failure). Answers whether it was; a mail sent, dropped or not
/// yet tried is left as it is.
pub fn retry_one(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached(&format!(
            "UPDATE outbox SET {REQUEUE}
             WHERE id = ?1 AND (state = 'dead' OR (state = 'queued' AND attempts > 0))"
        ))?
        .execute([id])?;
    Ok(changed == 1)
}
