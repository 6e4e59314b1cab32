//! The inbox's exports: one column list per inbox list, read by people (headers such as
//! "Received" and "Set by", statuses as their labels, notes in one cell), written as CSV or as
//! an Excel workbook by the same code for the command line and the browser.
//!
//! Each column has a kind, so the workbook gets typed cells: times are real Excel date-times
//! in the office's time zone (`domain::office_time`), numbers are numbers, and everything
//! else (references, phones, names) is text. A workbook never holds a formula, so a name such
//! as `=HYPERLINK(...)` is stored as the text it is, without the CSV's guard; the CSV keeps its
//! leading `'` (`domain::csv`), since a spreadsheet reads CSV cells as input.
//!
//! Rows arrive one at a time (`ExportWriter::row`) and the workbook is written in
//! rust_xlsxwriter's constant-memory mode, so an export of 100,000 leads holds one row.

use std::io::{self, Seek, Write};

use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};
use serde::Deserialize;

use crate::domain::csv::CsvWriter;
use crate::domain::inbox::{InboxList, Status};
use crate::domain::office_time::{LocalTime, OfficeZone};
use crate::domain::utc::parse_day;

/// What a column holds, and so how each format writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text as stored: a workbook's text cell.
    Text,
    /// A stored UTC time: the office's local date-time.
    DateTime,
    /// A stored office date (`2026-11-28`, a follow-up day): a date cell, no time.
    Date,
    /// A whole number (years of experience, bytes).
    Number,
    /// A lead's status (`in_progress`), written as its label ("In progress").
    Status,
    /// A subscription's state (`confirmed`), written as its label ("Confirmed").
    Subscription,
    /// The lead's notes, as the store reads them (`store::export`): one cell, oldest first.
    Notes,
    /// How a lead stood with the forms' proof of work (`passed`), written as its label
    /// ("Passed"); empty for a lead from before the proof existed.
    Proof,
}

/// One column of an export: its header and where its value comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Column {
    /// What a person reads at the top of the column.
    pub header: &'static str,
    /// The value's source: a column of the lead's table, or `notes` / `subscription` /
    /// `source.*`, which the store reads from their own tables.
    pub source: &'static str,
    pub kind: Kind,
    /// The workbook's column width, in characters.
    pub width: f64,
}

const fn column(header: &'static str, source: &'static str, kind: Kind, width: f64) -> Column {
    Column {
        header,
        source,
        kind,
        width,
    }
}

const REFERENCE: Column = column("Reference", "id", Kind::Text, 28.0);
const RECEIVED: Column = column("Received", "created_at", Kind::DateTime, 18.0);
const NAME: Column = column("Name", "name", Kind::Text, 24.0);
const EMAIL: Column = column("Email", "email", Kind::Text, 30.0);
const PHONE: Column = column("Phone", "mobile", Kind::Text, 18.0);
const DEPARTMENT: Column = column("Department", "department_website", Kind::Text, 16.0);
const SERVICE: Column = column("Service", "service", Kind::Text, 20.0);
const STATUS: Column = column("Status", "status", Kind::Status, 12.0);
const SET_BY: Column = column("Set by", "status_by", Kind::Text, 20.0);
const STATUS_CHANGED: Column = column("Status changed", "status_at", Kind::DateTime, 18.0);
const NOTES: Column = column("Notes", "notes", Kind::Notes, 60.0);
/// An applicant's status is its stage of the hiring pipeline, and is named so.
const STAGE: Column = column("Stage", "status", Kind::Status, 12.0);
const STAGE_SET_BY: Column = column("Stage set by", "status_by", Kind::Text, 20.0);
const STAGE_CHANGED: Column = column("Stage changed", "status_at", Kind::DateTime, 18.0);
/// When the lead was first answered, and every reply (as notes read: who, when, how it went).
const FIRST_REPLY: Column = column("First reply", "first_reply_at", Kind::DateTime, 18.0);
const REPLIES: Column = column("Replies", "replies", Kind::Notes, 60.0);
/// The account the lead is given to, by name (`store::assign`).
const ASSIGNED_TO: Column = column("Assigned to", "assigned_name", Kind::Text, 20.0);
/// The day to come back to it, YYYY-MM-DD on the office's calendar.
const FOLLOW_UP: Column = column("Follow up", "follow_up", Kind::Date, 12.0);
const SENT_FROM: Column = column("Sent from", "client_addr", Kind::Text, 16.0);
/// Where the lead came from (`store::analytics::lead_sources`): the page its form was on,
/// the visit's landing page, the referring site, the campaign tags in one cell (`source /
/// medium / campaign`) and the stories read, by title, in the order read.
const FORM_PAGE: Column = column("Form page", "source.page", Kind::Text, 20.0);
const LANDING_PAGE: Column = column("Landing page", "source.landing", Kind::Text, 20.0);
const REFERRING_SITE: Column = column("Referring site", "source.referrer", Kind::Text, 24.0);
const CAMPAIGN: Column = column("Campaign", "source.campaign", Kind::Text, 24.0);
const STORIES_READ: Column = column("Stories read", "source.stories", Kind::Text, 40.0);
/// The forms' proof of work (`domain::form_proof`): that the lead passed it, and how long
/// the visitor's browser took to solve it.
const PROOF: Column = column("Proof of work", "proof", Kind::Proof, 14.0);
const PROOF_MS: Column = column("Proof solving time (ms)", "proof_ms", Kind::Number, 12.0);

const ENQUIRIES: &[Column] = &[
    REFERENCE,
    RECEIVED,
    NAME,
    EMAIL,
    PHONE,
    column("Requirement", "requirment", Kind::Text, 50.0),
    DEPARTMENT,
    SERVICE,
    STATUS,
    SET_BY,
    STATUS_CHANGED,
    ASSIGNED_TO,
    FOLLOW_UP,
    NOTES,
    FIRST_REPLY,
    REPLIES,
    SENT_FROM,
    FORM_PAGE,
    LANDING_PAGE,
    REFERRING_SITE,
    CAMPAIGN,
    STORIES_READ,
    PROOF,
    PROOF_MS,
];

const SUBSCRIBERS: &[Column] = &[
    REFERENCE,
    RECEIVED,
    EMAIL,
    DEPARTMENT,
    SERVICE,
    column("Subscription", "subscription", Kind::Subscription, 14.0),
    STATUS,
    SET_BY,
    STATUS_CHANGED,
    ASSIGNED_TO,
    FOLLOW_UP,
    NOTES,
    SENT_FROM,
    FORM_PAGE,
    LANDING_PAGE,
    REFERRING_SITE,
    CAMPAIGN,
    STORIES_READ,
    PROOF,
    PROOF_MS,
];

const APPLICANTS: &[Column] = &[
    REFERENCE,
    RECEIVED,
    NAME,
    PHONE,
    EMAIL,
    column("Experience (years)", "experience", Kind::Number, 10.0),
    column("Previous company", "previous_company", Kind::Text, 24.0),
    column("Query", "query", Kind::Text, 40.0),
    DEPARTMENT,
    // The job opening applied for, by its title; empty: a general application.
    column("Job opening", "job", Kind::Text, 24.0),
    column("Resume file", "resume_original_name", Kind::Text, 24.0),
    column("Resume type", "resume_type", Kind::Text, 14.0),
    column("Resume size (bytes)", "resume_size", Kind::Number, 12.0),
    STAGE,
    STAGE_SET_BY,
    STAGE_CHANGED,
    ASSIGNED_TO,
    FOLLOW_UP,
    NOTES,
    FIRST_REPLY,
    REPLIES,
    SENT_FROM,
    FORM_PAGE,
    LANDING_PAGE,
    REFERRING_SITE,
    CAMPAIGN,
    STORIES_READ,
    PROOF,
    PROOF_MS,
];

/// The columns of a list's export, in order: the same for the command line and the browser,
/// CSV and workbook.
pub fn columns(list: InboxList) -> &'static [Column] {
    match list {
        InboxList::Enquiries => ENQUIRIES,
        InboxList::Subscribers => SUBSCRIBERS,
        InboxList::Applicants => APPLICANTS,
    }
}

/// A value as the store read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
}

impl Raw {
    fn text(&self) -> String {
        match self {
            Raw::Null => String::new(),
            Raw::Integer(n) => n.to_string(),
            Raw::Real(x) => x.to_string(),
            Raw::Text(t) => t.clone(),
        }
    }
}

/// One cell, ready for either format.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Number(f64),
    /// The office's wall-clock time.
    DateTime(LocalTime),
    /// An office date, as stored.
    Date(jiff::civil::Date),
}

/// A status's label as the inbox shows it (a stage of the pipeline by its own).
pub fn status_label(stored: &str) -> String {
    match Status::parse(stored) {
        Some(status) => status.label().into(),
        None => stored.to_owned(),
    }
}

/// How a lead stood with the proof of work, as the inbox shows it.
fn proof_label(stored: &str) -> String {
    match stored {
        "passed" => "Passed".into(),
        "off" => "Off (test server)".into(),
        other => other.to_owned(),
    }
}

fn subscription_label(stored: &str) -> String {
    match stored {
        "pending" => "Pending".into(),
        "confirmed" => "Confirmed".into(),
        "unsubscribed" => "Unsubscribed".into(),
        other => other.to_owned(),
    }
}

/// One note as the store reads it: author (name, or the stored text), UTC time, text.
#[derive(Debug, Deserialize)]
struct StoredNote(String, String, String);

/// The notes cell: one note a line, oldest first, `26 Nov 2026, 09:36 IST, Asha Rao: Called
/// back`. `stored` is the store's JSON array of `[author, created_at, body]`.
pub fn notes_cell(stored: &str, zone: &OfficeZone) -> String {
    let notes: Vec<StoredNote> = serde_json::from_str(stored).unwrap_or_default();
    notes
        .iter()
        .map(|StoredNote(author, at, body)| {
            let when = zone.for_people(at).unwrap_or_else(|| at.clone());
            format!("{when}, {author}: {body}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cells of one row, in `columns` order, from the store's values in the same order.
pub fn cells(columns: &[Column], values: &[Raw], zone: &OfficeZone) -> Vec<Cell> {
    columns
        .iter()
        .zip(values)
        .map(|(column, value)| {
            if *value == Raw::Null {
                return Cell::Empty;
            }
            match column.kind {
                Kind::Text => Cell::Text(value.text()),
                Kind::Number => match value {
                    Raw::Integer(n) => Cell::Number(*n as f64),
                    Raw::Real(x) => Cell::Number(*x),
                    other => Cell::Text(other.text()),
                },
                Kind::DateTime => {
                    let text = value.text();
                    match zone.local(&text) {
                        Some(local) => Cell::DateTime(local),
                        None if text.is_empty() => Cell::Empty,
                        None => Cell::Text(text),
                    }
                }
                Kind::Date => {
                    let text = value.text();
                    match parse_day(&text) {
                        Some(date) => Cell::Date(date),
                        None => Cell::Text(text),
                    }
                }
                Kind::Status => Cell::Text(status_label(&value.text())),
                Kind::Subscription => Cell::Text(subscription_label(&value.text())),
                Kind::Proof => Cell::Text(proof_label(&value.text())),
                Kind::Notes => match notes_cell(&value.text(), zone) {
                    notes if notes.is_empty() => Cell::Empty,
                    notes => Cell::Text(notes),
                },
            }
        })
        .collect()
}

/// The two formats of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl ExportFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Xlsx => "xlsx",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ExportFormat::Csv => "text/csv; charset=utf-8",
            ExportFormat::Xlsx => {
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        }
    }
}

/// An export's file name: the list and the office's date, `enquiries-2026-11-26.xlsx`.
pub fn file_name(list: InboxList, format: ExportFormat, zone: &OfficeZone) -> String {
    format!("{}-{}.{}", list.name(), zone.today(), format.extension())
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot write the export: {0}")]
    Io(#[from] io::Error),
    #[error("cannot write the workbook: {0}")]
    Xlsx(#[from] XlsxError),
}

/// Writes one export, a row at a time, in either format.
pub trait ExportWriter {
    fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError>;
}

/// The CSV of an export: a header row of the columns' headers, then each row; times as
/// `2026-11-26 09:36:12` in the office's zone (which spreadsheets read as a date).
pub struct CsvExport<W: Write> {
    csv: CsvWriter<W>,
}

impl<W: Write> CsvExport<W> {
    pub fn start(out: W, columns: &[Column], bom: bool) -> Result<Self, ExportError> {
        let mut csv = CsvWriter::new(out);
        if bom {
            csv.byte_order_mark()?;
        }
        csv.row(columns.iter().map(|column| column.header))?;
        Ok(CsvExport { csv })
    }

    pub fn finish(mut self) -> Result<(), ExportError> {
        Ok(self.csv.flush()?)
    }
}

impl<W: Write> ExportWriter for CsvExport<W> {
    fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError> {
        let texts: Vec<String> = cells
            .iter()
            .map(|cell| match cell {
                Cell::Empty => String::new(),
                Cell::Text(text) => text.clone(),
                Cell::Number(n) => n.to_string(),
                Cell::DateTime(t) => format!(
                    "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
                    t.year, t.month, t.day, t.hour, t.minute, t.second
                ),
                Cell::Date(date) => date.to_string(),
            })
            .collect();
        Ok(self.csv.row(texts.iter().map(String::as_str))?)
    }
}

/// An Excel workbook of one sheet named after the list, written in constant-memory mode:
/// each row goes to a temporary file as it comes, and the workbook is put together at
/// `finish`.
pub struct XlsxExport {
    workbook: Workbook,
    date_time: Format,
    date: Format,
    text: Format,
    row: u32,
}

impl XlsxExport {
    pub fn start(list: InboxList, columns: &[Column]) -> Result<Self, ExportError> {
        let mut workbook = Workbook::new();
        let header = Format::new().set_bold();
        let sheet = workbook.add_worksheet_with_constant_memory();
        let mut name = list.name().to_owned();
        name[..1].make_ascii_uppercase();
        sheet.set_name(name)?;
        for (at, column) in columns.iter().enumerate() {
            let at = at as u16;
            sheet.set_column_width(at, column.width)?;
            sheet.write_string_with_format(0, at, column.header, &header)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        Ok(XlsxExport {
            workbook,
            date_time: Format::new().set_num_format("dd mmm yyyy, hh:mm"),
            date: Format::new().set_num_format("dd mmm yyyy"),
            text: Format::new().set_text_wrap(),
            row: 0,
        })
    }

    /// Puts the workbook together into `out`.
    pub fn finish<W: Write + Seek + Send>(mut self, out: W) -> Result<(), ExportError> {
        Ok(self.workbook.save_to_writer(out)?)
    }
}

impl ExportWriter for XlsxExport {
    fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError> {
        self.row += 1;
        let row = self.row;
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (at, cell) in cells.iter().enumerate() {
            let at = at as u16;
            match cell {
                Cell::Empty => {}
                // A text cell whatever it starts with: the workbook never holds a formula.
                Cell::Text(text) if text.contains('\n') => {
                    sheet.write_string_with_format(row, at, text, &self.text)?;
                }
                Cell::Text(text) => {
                    sheet.write_string(row, at, text)?;
                }
                Cell::Number(n) => {
                    sheet.write_number(row, at, *n)?;
                }
                Cell::DateTime(t) => {
                    let when = excel_date_time(t)?;
                    sheet.write_datetime_with_format(row, at, &when, &self.date_time)?;
                }
                Cell::Date(date) => {
                    let day = ExcelDateTime::from_ymd(
                        date.year() as u16,
                        date.month() as u8,
                        date.day() as u8,
                    )?;
                    sheet.write_datetime_with_format(row, at, &day, &self.date)?;
                }
            }
        }
        Ok(())
    }
}

fn excel_date_time(t: &LocalTime) -> Result<ExcelDateTime, XlsxError> {
    ExcelDateTime::from_ymd(t.year as u16, t.month as u8, t.day as u8)?.and_hms_milli(
        t.hour as u16,
        t.minute as u8,
        t.second as u8,
        t.millisecond as u16,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_has_readable_headers_with_notes_and_the_status_label() {
        for list in [
            InboxList::Enquiries,
            InboxList::Subscribers,
            InboxList::Applicants,
        ] {
            let headers: Vec<&str> = columns(list).iter().map(|c| c.header).collect();
            // An applicant's status is its stage of the hiring pipeline.
            let status: [&str; 2] = match list {
                InboxList::Applicants => ["Stage", "Stage set by"],
                InboxList::Enquiries | InboxList::Subscribers => ["Status", "Set by"],
            };
            for header in ["Reference", "Received", "Notes"].into_iter().chain(status) {
                assert!(headers.contains(&header), "{list:?} {headers:?}");
            }
            for header in &headers {
                assert!(!header.contains('_'), "{header}");
            }
        }
        assert!(columns(InboxList::Subscribers)
            .iter()
            .any(|c| c.header == "Subscription"));
    }

    #[test]
    fn cells_are_typed_and_statuses_read_as_labels() {
        let zone = OfficeZone::default_zone();
        let columns = [
            RECEIVED,
            PHONE,
            STATUS,
            NOTES,
            column("N", "n", Kind::Number, 1.0),
        ];
        let cells = cells(
            &columns,
            &[
                Raw::Text("2026-11-26T04:06:12.345Z".into()),
                Raw::Text("+91 98450 12345".into()),
                Raw::Text("in_progress".into()),
                Raw::Text(
                    r#"[["Asha Rao","2026-11-26T04:10:00Z","Called"],["x@y.in","2026-11-27T05:00:00Z","Sent quote"]]"#
                        .into(),
                ),
                Raw::Integer(7),
            ],
            &zone,
        );
        assert_eq!(
            cells,
            vec![
                Cell::DateTime(zone.local("2026-11-26T04:06:12.345Z").unwrap()),
                Cell::Text("+91 98450 12345".into()),
                Cell::Text("In progress".into()),
                Cell::Text(
                    "26 Nov 2026, 09:40 IST, Asha Rao: Called\n27 Nov 2026, 10:30 IST, x@y.in: Sent quote"
                        .into()
                ),
                Cell::Number(7.0),
            ]
        );
    }

    #[test]
    fn every_list_ends_with_the_proof_of_work_and_its_solving_time() {
        let zone = OfficeZone::default_zone();
        for list in [
            InboxList::Enquiries,
            InboxList::Subscribers,
            InboxList::Applicants,
        ] {
            assert_eq!(
                columns(list).last_chunk(),
                Some(&[PROOF, PROOF_MS]),
                "{list:?}"
            );
        }
        let row = |proof: Raw, ms: Raw| cells(&[PROOF, PROOF_MS], &[proof, ms], &zone);
        assert_eq!(
            row(Raw::Text("passed".into()), Raw::Integer(412)),
            vec![Cell::Text("Passed".into()), Cell::Number(412.0)]
        );
        assert_eq!(
            row(Raw::Text("off".into()), Raw::Null),
            vec![Cell::Text("Off (test server)".into()), Cell::Empty]
        );
        // A lead from before the proof existed.
        assert_eq!(row(Raw::Null, Raw::Null), vec![Cell::Empty, Cell::Empty]);
    }

    #[test]
    fn a_follow_up_day_is_a_date_cell_written_as_stored() {
        let zone = OfficeZone::default_zone();
        let columns = [FOLLOW_UP, FOLLOW_UP, FOLLOW_UP];
        let row = cells(
            &columns,
            &[
                Raw::Text("2026-12-01".into()),
                Raw::Text("2026-02-30".into()),
                Raw::Text(String::new()),
            ],
            &zone,
        );
        assert_eq!(
            row,
            vec![
                Cell::Date(jiff::civil::date(2026, 12, 1)),
                Cell::Text("2026-02-30".into()),
                Cell::Text(String::new()),
            ]
        );
        let mut out = Vec::new();
        let mut csv = CsvExport::start(&mut out, &columns[..1], false).unwrap();
        csv.row(&row[..1]).unwrap();
        csv.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\"Follow up\"\r\n\"2026-12-01\"\r\n"
        );
    }

    #[test]
    fn csv_keeps_its_formula_guard_and_writes_local_times() {
        let zone = OfficeZone::default_zone();
        let columns = [NAME, RECEIVED];
        let mut out = Vec::new();
        let mut csv = CsvExport::start(&mut out, &columns, false).unwrap();
        let row = cells(
            &columns,
            &[
                Raw::Text("=HYPERLINK(\"http://x\")".into()),
                Raw::Text("2026-11-25T20:00:00Z".into()),
            ],
            &zone,
        );
        csv.row(&row).unwrap();
        csv.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\"Name\",\"Received\"\r\n\"'=HYPERLINK(\"\"http://x\"\")\",\"2026-11-26 01:30:00\"\r\n"
        );
    }
}
