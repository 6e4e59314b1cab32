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
use crate::domain::office_time::OfficeZone;
use crate::domain::inbox::{InboxList, InboxQuery};
use crate::store::inbox;
use crate::store::staff::name_or_text;

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
}

/// The SELECT list of a list's export columns over the table named `e`.
fn selected(list: InboxList) -> String {
    let (_, _, note_kind) = inbox::scope(list);
    columns(list)
        .iter()
        .map(|column| match column.source {
            "status_by" => name_or_text("e.status_by"),
            // Every note, oldest first, as [author, created_at, body] (the author by name
            // when the stored address is an account's).
            "notes" => format!(
                "(SELECT json_group_array(json_array(n.author, n.created_at, n.body)) FROM
                   (SELECT {} AS author, created_at, body FROM lead_notes
                    WHERE lead_kind = '{note_kind}' AND lead_id = e.id ORDER BY id) n
                  HAVING count(*) > 0)",
                name_or_text("author")
            ),
            "subscription" => {
                "(SELECT state FROM subscriptions WHERE enquiry_id = e.id)".to_owned()
            }
            other => format!("e.{other}"),
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
    Details(#[from] crate::store::site_details::DetailsError),
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

/// The office's time zone, from the company details.
pub fn office_zone(conn: &Connection) -> Result<OfficeZone, WriteError> {
    Ok(crate::store::site_details::read(conn)?
        .details
        .office_zone())
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
    let zone = office_zone(conn)?;
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
    let zone = office_zone(conn)?;
    let columns = columns(list);
    let mut book = XlsxExport::start(list, columns)?;
    let count = each_row(conn, list, rows, |values| {
        book.row(&cells(columns, values, &zone))
    })?;
    book.finish(out)?;
    Ok(count)
}
