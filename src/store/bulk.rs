//! The inbox's bulk actions, set-based: the rows acted on are gathered once into a
//! temporary table (the ids still in the list, or every row the filter matches now), then
//! one UPDATE or DELETE acts on them all and one INSERT writes an audit row for each, all in
//! the caller's transaction. A bulk action over 10,000 rows is a handful of statements, not
//! 10,000 round trips (`bench/bulk.sh`).

use rusqlite::{params_from_iter, Connection, OptionalExtension};

use crate::domain::bulk::Target;
use crate::domain::inbox::{InboxList, InboxQuery, Status};
use crate::store::audit::Audit;
use crate::store::inbox;

/// Fills `temp.bulk_target` with the ids of `list` that `target` names now: for ids, those
/// still in this list; for a filter, every row it matches (its page ignored). Returns how many.
fn gather(conn: &Connection, list: InboxList, target: &Target) -> rusqlite::Result<u64> {
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS bulk_target (id TEXT PRIMARY KEY) WITHOUT ROWID;
         DELETE FROM temp.bulk_target;",
    )?;
    let query = match target {
        Target::Ids(ids) => InboxQuery {
            ids: ids.clone(),
            ..InboxQuery::default()
        },
        Target::Filter(query) => query.clone(),
    };
    let (parts, values) = inbox::query_parts(list, &query);
    let added = conn.execute(
        &format!("INSERT OR IGNORE INTO temp.bulk_target (id) SELECT e.id FROM {parts}"),
        params_from_iter(values.iter()),
    )?;
    Ok(added as u64)
}

/// One audit row for each lead acted on, subject `{item} {id}` as the single actions write
/// it, so the log answers "what happened to enquiry 3f9a…" whichever way it was changed;
/// the detail says it was one of a bulk action of `count`.
fn audit_each(
    conn: &Connection,
    list: InboxList,
    audit: &Audit<'_>,
    count: u64,
) -> rusqlite::Result<()> {
    let detail = if audit.detail.is_empty() {
        format!("bulk of {count}")
    } else {
        format!("{} (bulk of {count})", audit.detail)
    };
    conn.execute(
        "INSERT INTO audit_log (actor, action, subject, detail, client_addr)
         SELECT ?1, ?2, ?3 || ' ' || id, ?4, ?5 FROM temp.bulk_target",
        rusqlite::params![
            audit.actor,
            audit.action,
            list.item(),
            detail,
            audit.client_addr
        ],
    )?;
    Ok(())
}

fn clear(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM temp.bulk_target", [])?;
    Ok(())
}

/// How long an action's undo steps are kept: the office is offered "Undo" for 10 seconds;
/// the rest is room for a slow network.
pub const UNDO_KEPT_SECS: u32 = 120;

/// Sets the status of every row `target` names now, as `store::inbox::set_status` sets one
/// (by whom, now), and audits each (`audit`'s subject is ignored: each row is named).
/// Keeps what each row was (`undo_steps`) under a token for `undo`. Returns how many rows it
/// set, and the token.
pub fn set_status(
    conn: &Connection,
    list: InboxList,
    target: &Target,
    status: Status,
    audit: &Audit<'_>,
) -> rusqlite::Result<(u64, String)> {
    let count = gather(conn, list, target)?;
    let (table, scope, _) = inbox::scope(list);
    let token = keep_for_undo(conn, list, status, audit.actor)?;
    conn.execute(
        &format!(
            "UPDATE {table} SET status = ?1, status_by = ?2,
                    status_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE {scope} AND id IN (SELECT id FROM temp.bulk_target)"
        ),
        [status.as_str(), audit.actor],
    )?;
    audit_each(conn, list, audit, count)?;
    clear(conn)?;
    Ok((count, token))
}

/// Keeps what each lead in `temp.bulk_target` is now (its status, who set it and when) under
/// a new token, before `status` is set on them by `actor`; forgets steps older than
/// `UNDO_KEPT_SECS`. Answers the token.
fn keep_for_undo(
    conn: &Connection,
    list: InboxList,
    status: Status,
    actor: &str,
) -> rusqlite::Result<String> {
    let (table, scope, _) = inbox::scope(list);
    conn.execute(
        &format!(
            "DELETE FROM undo_steps WHERE created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-{UNDO_KEPT_SECS} seconds')"
        ),
        [],
    )?;
    let token: String =
        conn.query_row("SELECT lower(hex(randomblob(16)))", [], |row| row.get(0))?;
    conn.execute(
        &format!(
            "INSERT INTO undo_steps (token, list, lead_id, set_status, set_by, status, status_by, status_at)
             SELECT ?1, ?2, e.id, ?3, ?4, e.status, e.status_by, e.status_at FROM {table} e
             WHERE {scope} AND e.id IN (SELECT id FROM temp.bulk_target)"
        ),
        [&token, list.name(), status.as_str(), actor],
    )?;
    Ok(token)
}

/// Keeps what the lead `id` of `list` is now, before `actor` sets `status` on it alone
/// (`store::inbox::set_status`), so that `undo` can put it back; answers the token.
pub fn keep_one_for_undo(
    conn: &Connection,
    list: InboxList,
    id: &str,
    status: Status,
    actor: &str,
) -> rusqlite::Result<String> {
    gather(conn, list, &Target::Ids(vec![id.to_owned()]))?;
    let token = keep_for_undo(conn, list, status, actor)?;
    clear(conn)?;
    Ok(token)
}

/// Puts back every lead of `list` the status change `token` named, as it was before (its
/// status, who set it and when), unless it changed again since; audits each ("undid set
/// status"). None when the token is unknown, of another list, or older than
/// `UNDO_KEPT_SECS`; else how many leads it put back. The steps are used once.
pub fn undo(
    conn: &Connection,
    list: InboxList,
    token: &str,
    audit: &Audit<'_>,
) -> rusqlite::Result<Option<u64>> {
    let (table, scope, _) = inbox::scope(list);
    let known: i64 = conn.query_row(
        &format!(
            "SELECT count(*) FROM undo_steps WHERE token = ?1 AND list = ?2
               AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-{UNDO_KEPT_SECS} seconds')"
        ),
        [token, list.name()],
        |row| row.get(0),
    )?;
    if known == 0 {
        return Ok(None);
    }
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS bulk_target (id TEXT PRIMARY KEY) WITHOUT ROWID;
         DELETE FROM temp.bulk_target;",
    )?;
    // The leads still as the action left them.
    conn.execute(
        &format!(
            "INSERT INTO temp.bulk_target (id)
             SELECT u.lead_id FROM undo_steps u JOIN {table} e ON e.id = u.lead_id
             WHERE u.token = ?1 AND {scope} AND e.status = u.set_status AND e.status_by = u.set_by"
        ),
        [token],
    )?;
    let count = conn.execute(
        &format!(
            "UPDATE {table} SET status = u.status, status_by = u.status_by, status_at = u.status_at
             FROM undo_steps u
             WHERE u.token = ?1 AND {table}.id = u.lead_id
               AND {table}.id IN (SELECT id FROM temp.bulk_target)"
        ),
        [token],
    )? as u64;
    conn.execute("DELETE FROM undo_steps WHERE token = ?1", [token])?;
    audit_each(conn, list, audit, count)?;
    clear(conn)?;
    Ok(Some(count))
}

/// The trigger that, for each deleted lead, deletes its search entry and its notes
/// (`V4__staff.sql`).
fn delete_trigger(list: InboxList) -> (&'static str, &'static str) {
    match list {
        InboxList::Applicants => ("applicants_search_delete", "applicant_search"),
        InboxList::Enquiries | InboxList::Subscribers => {
            ("enquiries_search_delete", "enquiry_search")
        }
    }
}

/// Erases every row `target` names now, as `store::inbox::erase` erases one: the row, its
/// notes and its search entry (and what other triggers take with it, such as its queued
/// mail), and audits each. Returns how many, and the resume files to delete once this commits.
///
/// The search index ties a row by its `id`, a column FTS5 does not index, so the trigger
/// that deletes one lead's entry reads the whole index: 6 ms a row over 20,000 enquiries,
/// a minute for 10,000. So for the length of this transaction that one trigger is set
/// aside and its two deletes are done once for the whole set, then it is made again from
/// its own stored text (all in the transaction: a failure rolls the trigger back too).
/// `tests::a_bulk_erase_leaves_what_single_erases_leave` holds the result to the single
/// erase's, table by table.
///
/// Without `audit`, the caller writes the audit log itself (the retention rules' one line).
/// With `trash` (a batch token, and an audit naming who), each row is first copied into the
/// trash under that token
/// (`store::trash::keep_leads`), and its resume file is kept for it: none is answered.
pub fn erase(
    conn: &Connection,
    list: InboxList,
    target: &Target,
    audit: Option<&Audit<'_>>,
    trash: Option<&str>,
) -> rusqlite::Result<(u64, Vec<String>)> {
    let count = gather(conn, list, target)?;
    if let (Some(batch), Some(audit)) = (trash, audit) {
        super::trash::keep_leads(
            conn,
            list,
            "SELECT id FROM temp.bulk_target",
            None,
            batch,
            audit.actor,
        )?;
    }
    let (table, scope, note_kind) = inbox::scope(list);
    let (trigger, search) = delete_trigger(list);
    let stored: Option<String> = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?1",
            [trigger],
            |row| row.get(0),
        )
        .optional()?;
    if stored.is_some() {
        conn.execute_batch(&format!("DROP TRIGGER {trigger}"))?;
    }
    conn.execute(
        &format!(
            "DELETE FROM {search} WHERE rowid IN
               (SELECT s.rowid FROM {search} s WHERE s.id IN (SELECT id FROM temp.bulk_target))"
        ),
        [],
    )?;
    conn.execute(
        "DELETE FROM lead_notes WHERE lead_kind = ?1 AND lead_id IN (SELECT id FROM temp.bulk_target)",
        [note_kind],
    )?;
    let resume = if list == InboxList::Applicants {
        "resume_file"
    } else {
        "NULL"
    };
    let files = conn
        .prepare(&format!(
            "DELETE FROM {table} WHERE {scope} AND id IN (SELECT id FROM temp.bulk_target)
             RETURNING {resume}"
        ))?
        .query_map([], |row| row.get::<_, Option<String>>(0))?
        .filter_map(Result::transpose)
        .collect::<rusqlite::Result<Vec<String>>>()?;
    if let Some(sql) = stored {
        conn.execute_batch(&sql)?;
    }
    if let Some(audit) = audit {
        audit_each(conn, list, audit, count)?;
    }
    clear(conn)?;
    Ok((count, if trash.is_some() { Vec::new() } else { files }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    const AUDIT: Audit<'static> = Audit {
        actor: "o@x.in",
        action: "erased",
        subject: "",
        detail: "",
        client_addr: "127.0.0.1",
    };

    /// Enquiries, a subscriber and applicants, each with a note and queued mail.
    fn seed(conn: &Connection) {
        conn.execute_batch(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6)
             INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at)
             SELECT 'e' || i, 'contact', 'N' || i, 'a@x', 'a@x', '1', CASE i % 2 WHEN 1 THEN 'office odd' ELSE 'office even' END, 'Corp Team', '',
                    '2025-01-0' || i || 'T00:00:00.000Z' FROM n;
             INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('s1', 'subscription', '', 'r@x', 'r@x', '', '', 'Corp Blogs', 'Blogs');
             INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                                     resume_file, resume_original_name, resume_type, resume_size)
             VALUES ('a1', 'Ravi', '1', 'v@x', 4, 'Acme', '', 'Corp Careers', 'a1.png', 'cv.png', 'image/png', 1),
                    ('a2', 'Meera', '1', 'm@x', 4, 'Acme', '', 'Corp Careers', 'a2.pdf', 'cv.pdf', 'application/pdf', 1);
             INSERT INTO lead_notes (lead_kind, lead_id, author, body)
             SELECT 'enquiry', id, 'o@x', 'called' FROM enquiries
             UNION ALL SELECT 'applicant', id, 'o@x', 'called' FROM applicants;",
        )
        .expect("seed");
    }

    /// Every table's row count (FTS5's own shadow tables aside: their layout is theirs).
    fn counts(conn: &Connection) -> Vec<(String, i64)> {
        let names: Vec<String> = conn
            .prepare(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                 AND name NOT LIKE '%search\\_%' ESCAPE '\\' ORDER BY name",
            )
            .expect("tables")
            .query_map([], |row| row.get(0))
            .expect("tables")
            .collect::<rusqlite::Result<_>>()
            .expect("tables");
        names
            .into_iter()
            .map(|name| {
                let n = conn
                    .query_row(&format!("SELECT count(*) FROM \"{name}\""), [], |r| {
                        r.get(0)
                    })
                    .expect("count");
                (name, n)
            })
            .collect()
    }

    fn triggers(conn: &Connection) -> Vec<(String, String)> {
        conn.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            .expect("triggers")
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .expect("triggers")
            .collect::<rusqlite::Result<_>>()
            .expect("triggers")
    }

    #[test]
    fn a_bulk_erase_leaves_what_single_erases_leave() {
        let (one_by_one, bulk) = (migrated(), migrated());
        seed(&one_by_one);
        seed(&bulk);
        let before = triggers(&bulk);
        for (list, ids) in [
            (InboxList::Enquiries, vec!["e1", "e2", "e5"]),
            (InboxList::Applicants, vec!["a2"]),
        ] {
            for id in &ids {
                inbox::erase(&one_by_one, list, id).expect("erase");
            }
            let target = Target::Ids(ids.iter().map(|id| (*id).to_owned()).collect());
            let (done, files) = erase(&bulk, list, &target, Some(&AUDIT), None).expect("bulk");
            assert_eq!(done, ids.len() as u64);
            let expected: Vec<String> = if list == InboxList::Applicants {
                vec!["a2.pdf".into()]
            } else {
                vec![]
            };
            assert_eq!(files, expected);
        }
        let mut left = counts(&bulk);
        let audited = left
            .iter()
            .position(|(name, _)| name == "audit_log")
            .expect("audit");
        assert_eq!(left.remove(audited).1, 4, "one audit row a lead");
        let mut single = counts(&one_by_one);
        single.retain(|(name, _)| name != "audit_log");
        assert_eq!(left, single);
        assert_eq!(triggers(&bulk), before, "the trigger is back as it was");
        // And a search finds what is left, not what went.
        let found: Vec<String> = bulk
            .prepare(
                "SELECT id FROM enquiry_search WHERE enquiry_search MATCH 'office' ORDER BY id",
            )
            .expect("search")
            .query_map([], |row| row.get(0))
            .expect("search")
            .collect::<rusqlite::Result<_>>()
            .expect("search");
        assert_eq!(found, ["e3", "e4", "e6"]);
    }

    /// (status, status_by, status_at) of each enquiry, by id.
    fn statuses(conn: &Connection) -> Vec<(String, String, Option<String>, Option<String>)> {
        conn.prepare("SELECT id, status, status_by, status_at FROM enquiries WHERE kind = 'contact' ORDER BY id")
            .expect("q")
            .query_map([], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
            })
            .expect("q")
            .collect::<rusqlite::Result<_>>()
            .expect("q")
    }

    #[test]
    fn an_undo_puts_each_lead_back_exactly_unless_it_changed_since() {
        let conn = migrated();
        seed(&conn);
        let audit = Audit {
            action: "set status",
            detail: "done",
            ..AUDIT
        };
        let first = Target::Ids(vec!["e1".into(), "e2".into()]);
        set_status(&conn, InboxList::Enquiries, &first, Status::Done, &audit).expect("set");
        let before = statuses(&conn);
        let every = Target::Ids((1..=6).map(|i| format!("e{i}")).collect());
        let spam = Audit {
            detail: "spam",
            ..audit
        };
        let (done, token) =
            set_status(&conn, InboxList::Enquiries, &every, Status::Spam, &spam).expect("set");
        assert_eq!(done, 6);
        // Meanwhile another hand sets e6 again: it is left as that hand left it.
        assert!(
            inbox::set_status(&conn, InboxList::Enquiries, "e6", Status::Done, "b@x").expect("set")
        );
        let e6 = statuses(&conn).pop().expect("e6");
        // Another list's undo, or an unknown one, does nothing.
        let undone = Audit {
            action: "undid set status",
            detail: "",
            ..AUDIT
        };
        assert_eq!(
            undo(&conn, InboxList::Subscribers, &token, &undone).expect("undo"),
            None
        );
        assert_eq!(
            undo(&conn, InboxList::Enquiries, "nope", &undone).expect("undo"),
            None
        );
        assert_eq!(
            undo(&conn, InboxList::Enquiries, &token, &undone).expect("undo"),
            Some(5)
        );
        let mut after = statuses(&conn);
        assert_eq!(after.pop(), Some(e6));
        assert_eq!(after, before[..5], "status, who and when, as they were");
        // Once.
        assert_eq!(
            undo(&conn, InboxList::Enquiries, &token, &undone).expect("undo"),
            None
        );
        let undid: i64 = conn
            .query_row(
                "SELECT count(*) FROM audit_log WHERE action = 'undid set status' AND detail = 'bulk of 5'",
                [],
                |row| row.get(0),
            )
            .expect("audited");
        assert_eq!(undid, 5);
    }

    #[test]
    fn a_filter_acts_on_what_matches_now_and_ids_only_on_the_list() {
        let conn = migrated();
        seed(&conn);
        let audit = Audit {
            action: "set status",
            detail: "spam",
            ..AUDIT
        };
        let odd = Target::Filter(InboxQuery::parse("q=odd").expect("filter"));
        let (done, _) =
            set_status(&conn, InboxList::Enquiries, &odd, Status::Spam, &audit).expect("set");
        assert_eq!(done, 3);
        let spam: Vec<String> = conn
            .prepare("SELECT id FROM enquiries WHERE status = 'spam' AND status_by = 'o@x.in' ORDER BY id")
            .expect("q")
            .query_map([], |row| row.get(0))
            .expect("q")
            .collect::<rusqlite::Result<_>>()
            .expect("q");
        assert_eq!(spam, ["e1", "e3", "e5"]);
        // A subscriber's id and an unknown id are not enquiries.
        let ids = Target::Ids(vec!["e2".into(), "s1".into(), "gone".into()]);
        let audit = Audit {
            detail: "done",
            ..audit
        };
        let (done, _) =
            set_status(&conn, InboxList::Enquiries, &ids, Status::Done, &audit).expect("set");
        assert_eq!(done, 1);
        let subscriber: String = conn
            .query_row("SELECT status FROM enquiries WHERE id = 's1'", [], |r| {
                r.get(0)
            })
            .expect("s1");
        assert_eq!(subscriber, "new");
        let audited: Vec<(String, String)> = conn
            .prepare("SELECT subject, detail FROM audit_log ORDER BY subject")
            .expect("q")
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .expect("q")
            .collect::<rusqlite::Result<_>>()
            .expect("q");
        assert_eq!(
            audited,
            [
                ("enquiry e1".into(), "spam (bulk of 3)".into()),
                ("enquiry e2".into(), "done (bulk of 1)".into()),
                ("enquiry e3".into(), "spam (bulk of 3)".into()),
                ("enquiry e5".into(), "spam (bulk of 3)".into()),
            ]
        );
    }
}
