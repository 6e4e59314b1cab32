//! Replies to leads (`lead_replies`): written with their outbox row and thread headers in the
//! transaction that checks no one else answered or noted the lead since the composer opened;
//! read back with their delivery for the lead's detail; the templates they start from
//! (`reply_templates`); the Reply-To address set on the mail screen; the first-reply times the
//! analytics report summarises.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::domain::inbox::InboxList;
use crate::domain::reply::{Channel, NewReply, Template};
use crate::store::accounts::name_or_text;
use crate::store::inbox::scope;
use crate::store::outbox;

/// SQLite's `now` in the format of every stored time.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// What a reply needs of its lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadContact {
    pub name: String,
    pub email: String,
    pub mobile: String,
    pub department: String,
}

/// The lead `id` of `list` as a reply reaches it; `None` if it is not in the list.
pub fn contact(
    conn: &Connection,
    list: InboxList,
    id: &str,
) -> rusqlite::Result<Option<LeadContact>> {
    let (table, condition, _) = scope(list);
    conn.prepare_cached(&format!(
        "SELECT name, email, mobile, department_website FROM {table} e WHERE {condition} AND id = ?1"
    ))?
    .query_row([id], |row| {
        Ok(LeadContact {
            name: row.get(0)?,
            email: row.get(1)?,
            mobile: row.get(2)?,
            department: row.get(3)?,
        })
    })
    .optional()
}

/// Someone else's note or reply on a lead after the composer opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Since {
    /// By name (or the stored address).
    pub who: String,
    /// `note` or `reply`.
    pub what: &'static str,
    pub at: String,
}

/// The latest note or reply on lead `id` written after `seen` by anyone but `me` (an address).
pub fn added_since(
    conn: &Connection,
    list: InboxList,
    id: &str,
    seen: &str,
    me: &str,
) -> rusqlite::Result<Option<Since>> {
    let (_, _, kind) = scope(list);
    conn.prepare_cached(&format!(
        "SELECT {}, what, created_at FROM (
            SELECT author, 'note' AS what, created_at FROM lead_notes
             WHERE lead_kind = ?1 AND lead_id = ?2 AND created_at > ?3 AND lower(author) <> lower(?4)
            UNION ALL
            SELECT author, 'reply', created_at FROM lead_replies
             WHERE lead_kind = ?1 AND lead_id = ?2 AND created_at > ?3 AND lower(author) <> lower(?4))
         ORDER BY created_at DESC LIMIT 1",
        name_or_text("author")
    ))?
    .query_row(params![kind, id, seen, me], |row| {
        let what: String = row.get(1)?;
        Ok(Since {
            who: row.get(0)?,
            what: if what == "note" { "note" } else { "reply" },
            at: row.get(2)?,
        })
    })
    .optional()
}

/// A reply as the lead's detail shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadReply"))]
pub struct ReplyRow {
    pub id: i64,
    #[cfg_attr(test, ts(type = "'mail' | 'whatsapp'"))]
    pub channel: String,
    /// Who, by name (or the stored address).
    pub author: String,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub template: Option<String>,
    pub created_at: String,
    /// A mail's delivery: `queued` (`error` says why a try failed), `sent` (`answer` is the
    /// relay's), `failed` (`error` says why) or `dropped`; a WhatsApp reply's is `opened`.
    #[cfg_attr(test, ts(type = "'queued' | 'sent' | 'failed' | 'dropped' | 'opened'"))]
    pub delivery: String,
    pub answer: Option<String>,
    pub error: Option<String>,
    pub sent_at: Option<String>,
    pub message_id: Option<String>,
    pub in_reply_to: Option<String>,
}

const REPLY_COLUMNS: &str =
    "r.id, r.channel, {author}, r.to_addr, r.subject, r.body, r.template, r.created_at,
    CASE WHEN r.channel = 'whatsapp' THEN 'opened'
         WHEN o.state IS NULL THEN 'dropped'
         WHEN o.state = 'dead' THEN 'failed'
         ELSE o.state END,
    o.answer, o.last_error, o.sent_at, r.message_id, r.in_reply_to";

fn reply_select() -> String {
    REPLY_COLUMNS.replace("{author}", &name_or_text("r.author"))
}

fn reply_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ReplyRow> {
    Ok(ReplyRow {
        id: row.get(0)?,
        channel: row.get(1)?,
        author: row.get(2)?,
        to: row.get(3)?,
        subject: row.get(4)?,
        text: row.get(5)?,
        template: row.get(6)?,
        created_at: row.get(7)?,
        delivery: row.get(8)?,
        answer: row.get(9)?,
        error: row.get(10)?,
        sent_at: row.get(11)?,
        message_id: row.get(12)?,
        in_reply_to: row.get(13)?,
    })
}

/// Every reply to lead `id`, oldest first, with its delivery.
pub fn of_lead(conn: &Connection, list: InboxList, id: &str) -> rusqlite::Result<Vec<ReplyRow>> {
    let (_, _, kind) = scope(list);
    conn.prepare_cached(&format!(
        "SELECT {} FROM lead_replies r LEFT JOIN outbox o ON o.id = r.outbox_id
         WHERE r.lead_kind = ?1 AND r.lead_id = ?2 ORDER BY r.id",
        reply_select()
    ))?
    .query_map([kind, id], reply_row)?
    .collect()
}

/// When lead `id` was first answered; `None` while nobody has (or it is not in the list).
pub fn first_reply_at(
    conn: &Connection,
    list: InboxList,
    id: &str,
) -> rusqlite::Result<Option<String>> {
    let (table, condition, _) = scope(list);
    Ok(conn
        .prepare_cached(&format!(
            "SELECT first_reply_at FROM {table} e WHERE {condition} AND id = ?1"
        ))?
        .query_row([id], |row| row.get::<_, Option<String>>(0))
        .optional()?
        .flatten())
}

/// Who writes a reply, and where the visitor's answer goes.
pub struct Writer<'a> {
    /// The account's address (the reply's author).
    pub author: &'a str,
    /// The Reply-To of a mail reply.
    pub reply_to: &'a str,
    /// The domain of `--mail-from`, which every Message-ID of ours names.
    pub domain: &'a str,
}

/// Writes `reply` to lead `id` (whose address is `to`): a mail reply with its outbox row and
/// its thread headers (In-Reply-To the lead's previous mail reply, References every earlier
/// one), a WhatsApp reply as the chat opened; and the lead's first reply time, if it had none.
pub fn insert(
    conn: &Connection,
    list: InboxList,
    id: &str,
    to: &str,
    reply: &NewReply,
    writer: &Writer<'_>,
) -> rusqlite::Result<ReplyRow> {
    let (table, condition, kind) = scope(list);
    let reply_id: i64 = conn
        .prepare_cached(
            "INSERT INTO lead_replies (lead_kind, lead_id, channel, author, to_addr, reply_to, subject, body, template)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
        )?
        .query_row(
            params![
                kind,
                id,
                reply.channel.as_str(),
                writer.author,
                to,
                (reply.channel == Channel::Mail).then_some(writer.reply_to),
                reply.subject,
                reply.text,
                reply.template
            ],
            |row| row.get(0),
        )?;
    if reply.channel == Channel::Mail {
        let earlier: Vec<String> = conn
            .prepare_cached(
                "SELECT message_id FROM lead_replies WHERE lead_kind = ?1 AND lead_id = ?2
                 AND channel = 'mail' AND message_id IS NOT NULL AND id < ?3 ORDER BY id",
            )?
            .query_map(params![kind, id, reply_id], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let (outbox_id, key) = outbox::enqueue_reply(conn, id, to, reply_id)?;
        let message_id = format!("<{key}@{}>", writer.domain);
        conn.prepare_cached(
            "UPDATE lead_replies SET outbox_id = ?2, message_id = ?3, in_reply_to = ?4, refs = ?5
             WHERE id = ?1",
        )?
        .execute(params![
            reply_id,
            outbox_id,
            message_id,
            earlier.last(),
            (!earlier.is_empty()).then(|| earlier.join(" "))
        ])?;
    }
    conn.prepare_cached(&format!(
        "UPDATE {table} SET first_reply_at = (SELECT created_at FROM lead_replies WHERE id = ?2)
         WHERE {condition} AND id = ?1 AND first_reply_at IS NULL"
    ))?
    .execute(params![id, reply_id])?;
    conn.prepare_cached(&format!(
        "SELECT {} FROM lead_replies r LEFT JOIN outbox o ON o.id = r.outbox_id WHERE r.id = ?1",
        reply_select()
    ))?
    .query_row([reply_id], reply_row)
}

/// A mail reply as its mail is composed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyMail {
    pub to: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub text: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub refs: Option<String>,
}

/// Reply `reply_id`'s mail; `None` once its lead (and so the reply) is erased.
pub fn mail(conn: &Connection, reply_id: i64) -> rusqlite::Result<Option<ReplyMail>> {
    conn.prepare_cached(
        "SELECT to_addr, reply_to, subject, body, message_id, in_reply_to, refs FROM lead_replies
         WHERE id = ?1 AND channel = 'mail' AND message_id IS NOT NULL",
    )?
    .query_row([reply_id], |row| {
        Ok(ReplyMail {
            to: row.get(0)?,
            reply_to: row.get(1)?,
            subject: row.get(2)?,
            text: row.get(3)?,
            message_id: row.get(4)?,
            in_reply_to: row.get(5)?,
            refs: row.get(6)?,
        })
    })
    .optional()
}

/// A kept template, as the templates screen and the composer read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ReplyTemplate"))]
pub struct TemplateRow {
    #[cfg_attr(test, ts(type = "'enquiries' | 'applicants'"))]
    pub list: String,
    /// Empty: every department of the list.
    pub department: String,
    pub name: String,
    pub subject: String,
    pub text: String,
    pub updated_by: String,
    pub updated_at: String,
}

/// The templates of `lists`, by list, department and name.
pub fn templates(conn: &Connection, lists: &[InboxList]) -> rusqlite::Result<Vec<TemplateRow>> {
    let names: Vec<&str> = lists.iter().map(|list| list.name()).collect();
    conn.prepare_cached(&format!(
        "SELECT list, department, name, subject, body, {}, updated_at FROM reply_templates
         WHERE list IN (SELECT value FROM json_each(?1))
         ORDER BY list, department COLLATE NOCASE, name COLLATE NOCASE",
        name_or_text("updated_by")
    ))?
    .query_map([serde_json::to_string(&names).unwrap_or_default()], |row| {
        Ok(TemplateRow {
            list: row.get(0)?,
            department: row.get(1)?,
            name: row.get(2)?,
            subject: row.get(3)?,
            text: row.get(4)?,
            updated_by: row.get(5)?,
            updated_at: row.get(6)?,
        })
    })?
    .collect()
}

/// Makes `list`'s templates `given`: one unchanged keeps its time and author, the others are
/// written as `by`'s now, and those not given are deleted. Answers how many changed.
pub fn save_templates(
    conn: &Connection,
    list: InboxList,
    given: &[Template],
    by: &str,
) -> rusqlite::Result<usize> {
    let mut changed = 0;
    let kept = serde_json::to_string(
        &given
            .iter()
            .map(|t| (t.department.as_str(), t.name.as_str()))
            .collect::<Vec<_>>(),
    )
    .unwrap_or_default();
    changed += conn.execute(
        "DELETE FROM reply_templates WHERE list = ?1 AND NOT EXISTS (
            SELECT 1 FROM json_each(?2) k
             WHERE json_extract(k.value, '$[0]') = department AND json_extract(k.value, '$[1]') = name)",
        params![list.name(), kept],
    )?;
    for template in given {
        changed += conn.execute(
            &format!(
                "INSERT INTO reply_templates (list, department, name, subject, body, updated_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (list, department, name) DO UPDATE SET
                    subject = excluded.subject, body = excluded.body,
                    updated_by = excluded.updated_by, updated_at = {NOW}
                 WHERE subject <> excluded.subject OR body <> excluded.body"
            ),
            params![
                list.name(),
                template.department,
                template.name,
                template.subject,
                template.text,
                by
            ],
        )?;
    }
    Ok(changed)
}

/// The Reply-To of every reply, as set on the mail screen; `None`: each staff member's own.
pub fn reply_address(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT address FROM reply_address WHERE id = 1")?
        .query_row([], |row| row.get(0))
        .optional()
}

/// Sets (or, with `None`, clears) the Reply-To of every reply.
pub fn set_reply_address(conn: &Connection, address: Option<&str>) -> rusqlite::Result<()> {
    match address {
        Some(address) => conn.execute(
            "INSERT INTO reply_address (id, address) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET address = excluded.address",
            [address],
        )?,
        None => conn.execute("DELETE FROM reply_address", [])?,
    };
    Ok(())
}

/// One lead of a period as the first-reply report reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answered {
    pub department: String,
    pub created_at: String,
    pub first_reply_at: Option<String>,
}

/// Every enquiry and applicant that came in from `from` until before `to` (stored times),
/// answered or not.
pub fn answered_between(
    conn: &Connection,
    from: &str,
    to: &str,
) -> rusqlite::Result<Vec<Answered>> {
    conn.prepare_cached(
        "SELECT department_website, created_at, first_reply_at FROM enquiries
          WHERE kind = 'contact' AND created_at >= ?1 AND created_at < ?2
         UNION ALL
         SELECT department_website, created_at, first_reply_at FROM applicants
          WHERE created_at >= ?1 AND created_at < ?2",
    )?
    .query_map([from, to], |row| {
        Ok(Answered {
            department: row.get(0)?,
            created_at: row.get(1)?,
            first_reply_at: row.get(2)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::reply::parse_reply;
    use crate::store::migrated;

    fn lead(conn: &Connection, id: &str) {
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES (?1, 'contact', 'Asha', 'asha@x.in', 'asha@x.in', '98450', 'office', 'Corp Team', '')",
            [id],
        )
        .expect("lead");
    }

    fn mail(text: &str) -> NewReply {
        parse_reply("mail", "Re: x", text, None, "2020-01-01T00:00:00Z").expect("form")
    }

    #[test]
    fn mail_replies_of_one_lead_make_one_thread_and_the_first_is_the_first_reply() {
        let conn = migrated();
        lead(&conn, "l1");
        lead(&conn, "l2");
        let writer = Writer {
            author: "o@x.in",
            reply_to: "o@x.in",
            domain: "corp.example",
        };
        let first = insert(
            &conn,
            InboxList::Enquiries,
            "l1",
            "asha@x.in",
            &mail("one"),
            &writer,
        )
        .expect("first");
        let other = insert(
            &conn,
            InboxList::Enquiries,
            "l2",
            "asha@x.in",
            &mail("else"),
            &writer,
        )
        .expect("other");
        let second = insert(
            &conn,
            InboxList::Enquiries,
            "l1",
            "asha@x.in",
            &mail("two"),
            &writer,
        )
        .expect("second");
        assert_eq!(first.in_reply_to, None);
        assert_eq!(other.in_reply_to, None, "another lead is another thread");
        assert_eq!(second.in_reply_to, first.message_id);
        assert!(first
            .message_id
            .as_deref()
            .is_some_and(|id| id.ends_with("@corp.example>")));
        assert_eq!(second.delivery, "queued");
        assert_eq!(
            first_reply_at(&conn, InboxList::Enquiries, "l1").expect("read"),
            Some(first.created_at.clone())
        );
        let stored = super::mail(&conn, second.id).expect("read").expect("mail");
        assert_eq!(stored.refs, first.message_id);
        // Erasing the lead takes its replies and their mail.
        conn.execute("DELETE FROM enquiries WHERE id = 'l1'", [])
            .expect("erase");
        assert!(of_lead(&conn, InboxList::Enquiries, "l1")
            .expect("read")
            .is_empty());
    }

    #[test]
    fn an_applicant_is_replied_to_at_the_address_and_number_it_gave() {
        let conn = migrated();
        conn.execute_batch(
            "INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                                     resume_file, resume_original_name, resume_type, resume_size, created_at)
             VALUES ('a1', 'Ravi', '98450 12345', 'ravi@x.in', 4, 'Acme', '', 'Corp Careers', 'a1.png', 'cv.png',
                     'image/png', 120, '2026-11-26T04:00:00.000Z')",
        )
        .expect("applicant");
        let found = contact(&conn, InboxList::Applicants, "a1")
            .expect("read")
            .expect("found");
        assert_eq!(
            (
                found.email.as_str(),
                found.mobile.as_str(),
                found.department.as_str()
            ),
            ("ravi@x.in", "98450 12345", "Corp Careers")
        );
        assert_eq!(
            contact(&conn, InboxList::Enquiries, "a1").expect("read"),
            None
        );
        let chat =
            parse_reply("whatsapp", "", "Hello", None, "2020-01-01T00:00:00Z").expect("form");
        let writer = Writer {
            author: "hr@x.in",
            reply_to: "hr@x.in",
            domain: "corp.example",
        };
        let row = insert(
            &conn,
            InboxList::Applicants,
            "a1",
            &found.mobile,
            &chat,
            &writer,
        )
        .expect("opened");
        assert_eq!((row.delivery.as_str(), row.message_id), ("opened", None));
        assert_eq!(
            first_reply_at(&conn, InboxList::Applicants, "a1").expect("read"),
            Some(row.created_at)
        );
        let queued: i64 = conn
            .query_row(
                "SELECT count(*) FROM outbox WHERE kind = 'reply'",
                [],
                |r| r.get(0),
            )
            .expect("count");
        assert_eq!(queued, 0, "a WhatsApp reply sends no mail");
        assert_eq!(
            of_lead(&conn, InboxList::Applicants, "a1")
                .expect("read")
                .len(),
            1
        );
    }

    #[test]
    fn a_colleague_s_note_after_the_composer_opened_is_found_but_not_one_s_own() {
        let conn = migrated();
        lead(&conn, "l1");
        conn.execute_batch(
            "INSERT INTO lead_notes (lead_kind, lead_id, author, body, created_at)
             VALUES ('enquiry', 'l1', 'ravi@x.in', 'called', '2026-11-26T05:00:00.000Z'),
                    ('enquiry', 'l1', 'me@x.in', 'mine', '2026-11-26T06:00:00.000Z')",
        )
        .expect("notes");
        let since = |seen: &str| {
            added_since(&conn, InboxList::Enquiries, "l1", seen, "ME@x.in").expect("read")
        };
        assert_eq!(
            since("2026-11-26T04:00:00.000Z"),
            Some(Since {
                who: "ravi@x.in".into(),
                what: "note",
                at: "2026-11-26T05:00:00.000Z".into()
            })
        );
        assert_eq!(since("2026-11-26T05:00:00.000Z"), None);
    }
}
