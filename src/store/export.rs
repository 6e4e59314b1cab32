//! Reads an inbox export a row at a time, in `domain::export`'s columns: the browser's with
//! the inbox's filters (newest first, as the list shows them), the command line's from a day
//! on (oldest first). Nothing is collected: each row goes to `each` as it is read, so an
//! export of any size holds one row.

use std::io::{Seek, Write};

use rusqlite::types::ValueRef;
use rusqlite::{params_from_iter, Connection, ToSql};

use crate::domain::export::{
    cells, columns, CsvExport, ExportError, ExportWriter, Raw, XlsxExport,
};
use crate::domain::inbox::{InboxList, InboxQuery};
use crate::domain::readers::SubscriptionState;
use crate::store::accounts::name_or_text;
use crate::store::inbox;

/// What stopped an export: the database, or `each`.
#[derive(Debug, thiserror::Error)]
pub enum ReadError<E> {
    #[error("cannot read the database: {0}")]
    Read(#[from] rusqlite::Error),
    #[error(transparent)]
    Each(E),
}

/// Which rows.
pub enum Rows<'a> {
    /// The inbox's filters, newest first.
    Filtered(&'a InboxQuery),
    /// What arrived on or after a day (YYYY-MM-DD, UTC; all when `None`), oldest first.
    Since(Option<&'a str>),
    /// The subscribers in one double opt-in state, as `Since` takes them.
    SubscribersSince {
        since: Option<&'a str>,
        state: SubscriptionState,
    },
}

/// The SELECT list of a list's export columns over the table named `e`.
fn selected(list: InboxList) -> String {
    let (_, _, note_kind) = inbox::scope(list);
    columns(list)
        .iter()
        .map(|column| match column.source {
            "status_by" => name_or_text("e.status_by"),
            "assigned_name" => crate::store::inbox::assignee_name("e.assigned_to"),
            "job" => crate::store::inbox::JOB_TITLE.to_owned(),
            // Every note, oldest first, as [author, created_at, body] (the author by name
            // when the stored address is an account's).
            "notes" => format!(
                "(SELECT json_group_array(json_array(n.author, n.created_at, n.body)) FROM
                   (SELECT {} AS author, created_at, body FROM lead_notes
                    WHERE lead_kind = '{note_kind}' AND lead_id = e.id ORDER BY id) n
                  HAVING count(*) > 0)",
                name_or_text("author")
            ),
            // Every reply, oldest first, as a note reads: [author, created_at, "how: text"].
            "replies" => format!(
                "(SELECT json_group_array(json_array(r.author, r.created_at, r.body)) FROM
                   (SELECT {} AS author, lr.created_at,
                           CASE WHEN lr.channel = 'whatsapp' THEN 'WhatsApp opened: ' || lr.body
                                ELSE 'Mail, ' || coalesce(CASE o.state WHEN 'dead' THEN 'failed' ELSE o.state END, 'dropped')
                                     || ': ' || lr.subject || ' / ' || lr.body END AS body
                    FROM lead_replies lr LEFT JOIN outbox o ON o.id = lr.outbox_id
                    WHERE lr.lead_kind = '{note_kind}' AND lr.lead_id = e.id ORDER BY lr.id) r
                  HAVING count(*) > 0)",
                name_or_text("lr.author")
            ),
            "subscription" => {
                "(SELECT state FROM subscriptions WHERE enquiry_id = e.id)".to_owned()
            }
            other => other
                .strip_prefix("source.")
                .and_then(crate::store::analytics::lead_sources::export_column)
                .unwrap_or_else(|| format!("e.{other}")),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads every row of `list` that `rows` selects and hands its values, in
/// `domain::export::columns(list)` order, to `each`; returns how many there were.
pub fn each_row<E>(
    conn: &Connection,
    list: InboxList,
    rows: Rows<'_>,
    mut each: impl FnMut(&[Raw]) -> Result<(), E>,
) -> Result<usize, ReadError<E>> {
    let (parts, values): (String, Vec<Box<dyn ToSql>>) = match rows {
        Rows::Filtered(query) => inbox::query_parts(list, query),
        Rows::Since(since) => {
            let (table, scope, _) = inbox::scope(list);
            (
                format!(
                    "{table} e WHERE {scope} AND (?1 IS NULL OR e.created_at >= ?1)
                     ORDER BY e.created_at, e.rowid"
                ),
                vec![Box::new(since.map(str::to_owned))],
            )
        }
        Rows::SubscribersSince { since, state } => {
            let (table, scope, _) = inbox::scope(InboxList::Subscribers);
            (
                format!(
                    "{table} e WHERE {scope} AND (?1 IS NULL OR e.created_at >= ?1)
                       AND e.id IN (SELECT enquiry_id FROM subscriptions WHERE state = ?2)
                     ORDER BY e.created_at, e.rowid"
                ),
                vec![Box::new(since.map(str::to_owned)), Box::new(state.as_str())],
            )
        }
    };
    let width = columns(list).len();
    let mut stmt = conn.prepare(&format!("SELECT {} FROM {parts}", selected(list)))?;
    let mut found = stmt.query(params_from_iter(values.iter()))?;
    let mut values = Vec::with_capacity(width);
    let mut count = 0;
    while let Some(row) = found.next()? {
        values.clear();
        for at in 0..width {
            values.push(match row.get_ref(at)? {
                ValueRef::Null => Raw::Null,
                ValueRef::Integer(n) => Raw::Integer(n),
                ValueRef::Real(x) => Raw::Real(x),
                ValueRef::Text(t) | ValueRef::Blob(t) => {
                    Raw::Text(String::from_utf8_lossy(t).into_owned())
                }
            });
        }
        each(&values).map_err(ReadError::Each)?;
        count += 1;
    }
    Ok(count)
}

/// What stopped writing an export file.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("cannot read the database: {0}")]
    Read(#[from] rusqlite::Error),
    #[error(transparent)]
    Export(#[from] ExportError),
}

impl From<ReadError<ExportError>> for WriteError {
    fn from(err: ReadError<ExportError>) -> Self {
        match err {
            ReadError::Read(err) => WriteError::Read(err),
            ReadError::Each(err) => WriteError::Export(err),
        }
    }
}

/// Writes the CSV export of `list` to `out` (a byte-order mark first if `bom`); answers how
/// many rows there were.
pub fn write_csv(
    conn: &Connection,
    list: InboxList,
    rows: Rows<'_>,
    bom: bool,
    out: impl Write,
) -> Result<usize, WriteError> {
    let zone = crate::store::company_details::office_zone(conn);
    let columns = columns(list);
    let mut csv = CsvExport::start(out, columns, bom)?;
    let count = each_row(conn, list, rows, |values| {
        csv.row(&cells(columns, values, &zone))
    })?;
    csv.finish()?;
    Ok(count)
}

/// Writes the workbook export of `list` to `out`; answers how many rows there were.
pub fn write_xlsx(
    conn: &Connection,
    list: InboxList,
    rows: Rows<'_>,
    out: impl Write + Seek + Send,
) -> Result<usize, WriteError> {
    let zone = crate::store::company_details::office_zone(conn);
    let columns = columns(list);
    let mut book = XlsxExport::start(list, columns)?;
    let count = each_row(conn, list, rows, |values| {
        book.row(&cells(columns, values, &zone))
    })?;
    book.finish(out)?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    fn lead(conn: &Connection, id: &str, kind: &str, at: &str) {
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at)
             VALUES (?1, ?2, 'A', 'a@x.in', 'a@x.in', '98450', 'x', 'Corp Team', '', ?3)",
            [id, kind, at],
        )
        .expect("insert");
    }

    fn ids(conn: &Connection, list: InboxList, rows: Rows<'_>) -> Vec<String> {
        let mut ids = Vec::new();
        each_row(conn, list, rows, |values| {
            ids.push(match &values[0] {
                Raw::Text(id) => id.clone(),
                other => panic!("{other:?}"),
            });
            Ok::<_, ()>(())
        })
        .expect("rows");
        ids
    }

    #[test]
    fn exports_since_a_day_are_oldest_first_in_arrival_order_and_one_list_each() {
        let conn = migrated();
        for (id, at) in [
            ("late", "2025-02-01T00:00:00.000Z"),
            ("old", "2025-01-31T23:59:59.999Z"),
            ("ffff", "2025-02-01T00:00:00.000Z"),
            ("0000", "2025-02-01T00:00:00.000Z"),
        ] {
            lead(&conn, id, "contact", at);
        }
        lead(&conn, "s1", "subscription", "2025-03-01T00:00:00.000Z");
        let enquiries = |since| ids(&conn, InboxList::Enquiries, Rows::Since(since));
        assert_eq!(enquiries(None), ["old", "late", "ffff", "0000"]);
        assert_eq!(enquiries(Some("2025-02-01")), ["late", "ffff", "0000"]);
        assert_eq!(enquiries(Some("2025-03-02")), Vec::<String>::new());
        assert_eq!(
            ids(&conn, InboxList::Subscribers, Rows::Since(None)),
            ["s1"]
        );
    }

    #[test]
    fn notes_come_oldest_first_with_the_author_by_name_and_a_lead_without_any_has_none() {
        let conn = migrated();
        lead(&conn, "e1", "contact", "2025-02-01T00:00:00.000Z");
        lead(&conn, "e2", "contact", "2025-02-02T00:00:00.000Z");
        conn.execute_batch(
            "INSERT INTO lead_notes (lead_kind, lead_id, author, body, created_at) VALUES
               ('enquiry', 'e1', 'someone@x.in', 'first', '2025-02-01T01:00:00.000Z'),
               ('enquiry', 'e1', 'someone@x.in', 'second', '2025-02-01T02:00:00.000Z'),
               ('applicant', 'e1', 'someone@x.in', 'not this lead', '2025-02-01T03:00:00.000Z');",
        )
        .expect("notes");
        let notes_at = columns(InboxList::Enquiries)
            .iter()
            .position(|c| c.source == "notes")
            .expect("notes column");
        let mut notes = Vec::new();
        each_row(&conn, InboxList::Enquiries, Rows::Since(None), |values| {
            notes.push(values[notes_at].clone());
            Ok::<_, ()>(())
        })
        .expect("rows");
        assert_eq!(
            notes,
            [
                Raw::Text(
                    r#"[["someone@x.in","2025-02-01T01:00:00.000Z","first"],["someone@x.in","2025-02-01T02:00:00.000Z","second"]]"#
                        .into()
                ),
                Raw::Null
            ]
        );
    }
}
