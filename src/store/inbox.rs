//! The staff inbox over the leads: filtered lists newest first with counts, one lead with its
//! notes, status changes, notes, and erasure. Rows come out as JSON objects keyed by the
//! columns' names (the API's field names), so the list and the detail share one column list
//! per inbox list (the exports have their own, for people: `domain::export`).

use rusqlite::types::ValueRef;
use rusqlite::{params_from_iter, Connection, OptionalExtension, ToSql};
use serde_json::{Map, Value};

use crate::domain::assign::{Assigned, Due};
use crate::domain::inbox::{InboxList, InboxQuery, JobFilter, Sort, Status, MAX_PAGE, PAGE_SIZE};

/// Where one list's rows live.
struct Source {
    table: &'static str,
    /// The condition that makes a row of `table` one of this list's (its columns are unique
    /// to `table`, so it reads the same beside the search table).
    scope: &'static str,
    search: &'static str,
    /// The same condition on the search index's own row (`s`): its rowid range (see
    /// `V9__inbox_search_kind.sql`), which FTS5 applies inside the index.
    search_scope: &'static str,
    /// What a note's `lead_kind` is for this list.
    note_kind: &'static str,
    /// What the list and the detail show, in order.
    columns: &'static [&'static str],
}

const ENQUIRY_COLUMNS: &[&str] = &[
    "id",
    "created_at",
    "name",
    "email",
    "mobile",
    "requirment",
    "department_website",
    "service",
    "status",
    "status_by",
    "status_at",
    "assigned_to",
    "assigned_name",
    "follow_up",
    "client_addr",
    // How the lead stood with the forms' proof of work, and its solving time (V22).
    "proof",
    "proof_ms",
    // When it was first answered (V25).
    "first_reply_at",
];
const SUBSCRIBER_COLUMNS: &[&str] = &[
    "id",
    "created_at",
    "email",
    "department_website",
    "service",
    "status",
    "status_by",
    "status_at",
    "assigned_to",
    "assigned_name",
    "follow_up",
    "client_addr",
    // How the lead stood with the forms' proof of work, and its solving time (V22).
    "proof",
    "proof_ms",
    // When it was first answered (V25).
    "first_reply_at",
    // From `subscriptions` (`reader_column`): the double opt-in state and its dates.
    "subscription",
    "confirmed_at",
    "unsubscribed_at",
];
const APPLICANT_COLUMNS: &[&str] = &[
    "id",
    "created_at",
    "name",
    "mobile",
    "email",
    "experience",
    "previous_company",
    "query",
    "department_website",
    // The job opening applied for, by its title (V28); none: a general application.
    "job",
    "resume_original_name",
    "resume_type",
    "resume_size",
    "status",
    "status_by",
    "status_at",
    "assigned_to",
    "assigned_name",
    "follow_up",
    "client_addr",
    // How the lead stood with the forms' proof of work, and its solving time (V22).
    "proof",
    "proof_ms",
    // When it was first answered (V25).
    "first_reply_at",
];

fn source(list: InboxList) -> Source {
    match list {
        InboxList::Enquiries => Source {
            table: "enquiries",
            scope: "kind = 'contact'",
            search: "enquiry_search",
            search_scope: "s.rowid < 1099511627776",
            note_kind: "enquiry",
            columns: ENQUIRY_COLUMNS,
        },
        InboxList::Subscribers => Source {
            table: "enquiries",
            scope: "kind = 'subscription'",
            search: "enquiry_search",
            search_scope: "s.rowid >= 1099511627776",
            note_kind: "enquiry",
            columns: SUBSCRIBER_COLUMNS,
        },
        InboxList::Applicants => Source {
            table: "applicants",
            scope: "1",
            search: "applicant_search",
            search_scope: "1",
            note_kind: "applicant",
            columns: APPLICANT_COLUMNS,
        },
    }
}

/// Where a list's rows live: its table, the condition that makes a row one of the list's
/// (on the table named `e`), and its notes' `lead_kind` (for `store::export`).
pub(crate) fn scope(list: InboxList) -> (&'static str, &'static str, &'static str) {
    let source = source(list);
    (source.table, source.scope, source.note_kind)
}

/// A list's search index, and the condition on its row `s` that makes it one of the list's.
pub(crate) fn search_index(list: InboxList) -> (&'static str, &'static str) {
    let source = source(list);
    (source.search, source.search_scope)
}

/// The columns of a list, in order: what its answers hold.
pub fn columns(list: InboxList) -> &'static [&'static str] {
    source(list).columns
}

/// Adds the `assigned` and `due` filters of `query` to a list's WHERE clause over the table
/// named `e` (`store::inbox::query_parts`), numbering parameters after `values`'.
fn add_assign_filters(query: &InboxQuery, clause: &mut String, values: &mut Vec<Box<dyn ToSql>>) {
    match query.assigned {
        Some(Assigned::Account(id)) => {
            values.push(Box::new(id));
            clause.push_str(&format!(" AND e.assigned_to = ?{}", values.len()));
        }
        Some(Assigned::Nobody) => clause.push_str(" AND e.assigned_to IS NULL"),
        // Left unresolved (no account asked): nobody's "mine".
        Some(Assigned::Me) => clause.push_str(" AND 0"),
        None => {}
    }
    match query.due {
        Some(Due::By(day)) => {
            values.push(Box::new(day.to_string()));
            clause.push_str(&format!(
                " AND e.follow_up <= ?{} AND e.status IN ('new', {})",
                values.len(),
                underway_sql()
            ));
        }
        Some(Due::Today) => clause.push_str(" AND 0"),
        None => {}
    }
}

/// The statuses a lead is taken up and not decided in, as SQL's list (`'in_progress',
/// 'shortlisted', ...`): every list's at once, as each table holds only its own. With `new`,
/// what a follow-up day and the digest count as open.
pub(crate) fn underway_sql() -> String {
    Status::underway()
        .map(|status| format!("'{}'", status.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// SQL for the name of the account `column` holds (NULL for nobody).
pub(crate) fn assignee_name(column: &str) -> String {
    format!("(SELECT name FROM staff WHERE id = {column})")
}

/// A column's name in the API and in a CSV header: `_id` for `id`, as every other API names a
/// record's id.
pub fn api_name(column: &'static str) -> &'static str {
    if column == "id" {
        "_id"
    } else {
        column
    }
}

/// A lead as the list and the detail answer it (`object`): every list's columns under their
/// API names, those of only some lists optional. Only the UI's `Lead` type is made from it
/// (`http::public_api::generated_ui`); the tests below hold it to the column lists and to
/// the rows read here.
#[cfg(test)]
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Lead {
    #[serde(rename = "_id")]
    pub id: String,
    pub created_at: String,
    pub email: String,
    pub department_website: String,
    #[ts(type = "LeadStatus")]
    pub status: String,
    pub status_by: Option<String>,
    pub status_at: Option<String>,
    /// The address the form was sent from; empty for leads older than the inbox.
    pub client_addr: String,
    /// The account the lead is given to (`store::assign`), and its name.
    pub assigned_to: Option<i64>,
    pub assigned_name: Option<String>,
    /// The day to come back to it, YYYY-MM-DD in the office's zone.
    pub follow_up: Option<String>,
    /// How it stood with the forms' proof of work: `passed`, or `off` (a server run with
    /// `--form-proof off`); null for a lead from before the proof existed.
    #[ts(type = "'passed' | 'off' | null")]
    pub proof: Option<String>,
    /// How long the visitor's browser took to solve it, in milliseconds (null as `proof`).
    pub proof_ms: Option<i64>,
    /// When it was first answered (a mail reply or a WhatsApp chat opened); null while
    /// nobody has (a subscriber never is).
    pub first_reply_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mobile: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub requirment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub service: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub experience: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub previous_company: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub query: Option<String>,
    /// The job opening applied for, by its title (applicants; null: a general application).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string | null")]
    pub job: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resume_original_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resume_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resume_size: Option<i64>,
    /// A subscriber's double opt-in state.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "SubscriptionState")]
    pub subscription: Option<String>,
    /// When a subscriber last confirmed; null until it first does (kept after it leaves or
    /// subscribes again: a new confirmation sets it anew).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string | null")]
    pub confirmed_at: Option<Option<String>>,
    /// When a subscriber left; null unless unsubscribed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string | null")]
    pub unsubscribed_at: Option<Option<String>>,
}

/// One page of a list and its counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub rows: Vec<Map<String, Value>>,
    /// Rows matching the filters, up to `count_cap`.
    pub total: i64,
    /// Whether `total` stopped at the cap (there may be more).
    pub capped: bool,
    /// Rows of the whole list still `new`, whatever the filters, up to `COUNT_CAP`.
    pub new: i64,
}

/// The most `new` counts: as deep as a list's pages go.
const NEW_COUNT_CAP: u32 = MAX_PAGE * PAGE_SIZE;

/// The FROM, WHERE and ORDER BY of a list request, and its parameters. Columns are `e.`'s.
///
/// A search is driven by the FTS5 index newest first (its rowids follow arrival, as rows are
/// indexed when they are stored), so a page of a common word reads its 50 rows, not every
/// match; other lists walk the `(kind, created_at)` indexes newest first.
pub(crate) fn query_parts(list: InboxList, query: &InboxQuery) -> (String, Vec<Box<dyn ToSql>>) {
    let source = source(list);
    let mut values: Vec<Box<dyn ToSql>> = Vec::new();
    let (from, order) = match &query.search {
        Some(search) => {
            values.push(Box::new(search.fts_query()));
            (
                format!(
                    "{search} s JOIN {table} e ON e.id = s.id WHERE {search} MATCH ?1 AND {search_scope} AND {scope}",
                    search = source.search,
                    table = source.table,
                    search_scope = source.search_scope,
                    scope = source.scope
                ),
                "s.rowid DESC",
            )
        }
        // Each order walks an index: `(kind, created_at)` newest or oldest first, and
        // `(kind, answered, created_at)` for not answered first (V25).
        None => (
            format!("{} e WHERE {}", source.table, source.scope),
            match query.sort {
                Sort::Newest => "e.created_at DESC",
                Sort::Oldest => "e.created_at ASC",
                Sort::NotAnswered => "(e.first_reply_at IS NOT NULL), e.created_at DESC",
            },
        ),
    };
    let mut clause = from;
    // Spam is out of the way unless asked for (its own filter), or ticked by hand.
    if query.status.is_none() && query.ids.is_empty() {
        clause.push_str(" AND e.status <> 'spam'");
    }
    // ` AND e.{condition} ?N{close}`, the value bound as ?N.
    let mut add = |condition: &str, value: Box<dyn ToSql>, close: &str| {
        values.push(value);
        clause.push_str(&format!(" AND e.{condition} ?{}{close}", values.len()));
    };
    if let Some(status) = query.status {
        add("status =", Box::new(status.as_str()), "");
    }
    if let Some(department) = &query.department {
        // "corp team" finds "Corp Team": the office types it as it says it.
        add(
            "department_website COLLATE NOCASE =",
            Box::new(department.trim().to_owned()),
            "",
        );
    }
    match &query.days {
        // The office's days, as the handler resolved them.
        Some((from, before)) => {
            if let Some(from) = from {
                add("created_at >=", Box::new(from.clone()), "");
            }
            if let Some(before) = before {
                add("created_at <", Box::new(before.clone()), "");
            }
        }
        None => {
            if let Some(from) = query.from {
                add("created_at >=", Box::new(from.to_string()), "");
            }
            if let Some(to) = query.to.and_then(|day| day.tomorrow().ok()) {
                add("created_at <", Box::new(to.to_string()), "");
            }
        }
    }
    if let (InboxList::Subscribers, Some(state)) = (list, query.subscription) {
        add(
            "id IN (SELECT enquiry_id FROM subscriptions WHERE state =",
            Box::new(state.as_str()),
            ")",
        );
    }
    if !query.ids.is_empty() {
        let ids = serde_json::Value::from(query.ids.clone()).to_string();
        add("id IN (SELECT value FROM json_each(", Box::new(ids), "))");
    }
    // Applicants by the opening they applied for, or those of none.
    match (list, &query.job) {
        (InboxList::Applicants, Some(JobFilter::Opening(slug))) => add(
            "job_id IN (SELECT id FROM jobs WHERE slug =",
            Box::new(slug.clone()),
            ")",
        ),
        (InboxList::Applicants, Some(JobFilter::General)) => {
            clause.push_str(" AND e.job_id IS NULL");
        }
        _ => {}
    }
    add_assign_filters(query, &mut clause, &mut values);
    if let Some(answered) = query.answered {
        // Written as the index of V25 names it, so the filter walks it.
        clause.push_str(if answered {
            " AND (e.first_reply_at IS NOT NULL) = 1"
        } else {
            " AND (e.first_reply_at IS NOT NULL) = 0"
        });
    }
    clause.push_str(&format!(" ORDER BY {order}"));
    (clause, values)
}

/// A subscriber's column read from its row of `subscriptions`: the state as `subscription`,
/// and when it was confirmed and left. (Every subscription has its row, made by trigger.)
fn reader_column(column: &str) -> Option<String> {
    let stored = match column {
        "subscription" => "state",
        "confirmed_at" | "unsubscribed_at" => column,
        _ => return None,
    };
    Some(format!(
        "(SELECT {stored} FROM subscriptions WHERE enquiry_id = e.id)"
    ))
}

/// An applicant's job opening, by its title, over the table named `e` (`job` of the list,
/// the detail and the export).
pub(crate) const JOB_TITLE: &str = "(SELECT title FROM jobs WHERE id = e.job_id)";

/// The list's columns of the table named `e`; who set the status is shown by the account's
/// name when the stored address is an account's (the stored text stays as it is).
fn selected_columns(list: InboxList) -> String {
    source(list)
        .columns
        .iter()
        .map(|c| match *c {
            "status_by" => crate::store::accounts::name_or_text("e.status_by"),
            "assigned_name" => assignee_name("e.assigned_to"),
            "job" => JOB_TITLE.to_owned(),
            c => reader_column(c).unwrap_or_else(|| format!("e.{c}")),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn page(conn: &Connection, list: InboxList, query: &InboxQuery) -> rusqlite::Result<Page> {
    let source = source(list);
    let (parts, values) = query_parts(list, query);
    // Counts stop where the pages do, so no request walks a whole large table.
    let cap = query.count_cap();
    // Spam is kept out of a search too, so the count looks each match up (at most `cap`).
    let total: i64 = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM (SELECT 1 FROM {parts} LIMIT {cap})"
        ))?
        .query_row(params_from_iter(values.iter()), |row| row.get(0))?;
    // New work waiting for an answer: none in a list whose items wait for none.
    let new: i64 = if list.awaits_answers() {
        conn.prepare_cached(&format!(
            "SELECT count(*) FROM (SELECT 1 FROM {} WHERE {} AND status = 'new' LIMIT {NEW_COUNT_CAP})",
            source.table, source.scope
        ))?
        .query_row([], |row| row.get(0))?
    } else {
        0
    };
    let sql = format!(
        "SELECT {} FROM {parts} LIMIT {PAGE_SIZE} OFFSET {}",
        selected_columns(list),
        query.offset(),
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(params_from_iter(values.iter()), |row| {
            object(row, source.columns)
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Page {
        rows,
        total,
        capped: total >= cap,
        new,
    })
}

fn object(
    row: &rusqlite::Row<'_>,
    columns: &[&'static str],
) -> rusqlite::Result<Map<String, Value>> {
    let mut object = Map::new();
    for (i, name) in columns.iter().enumerate() {
        let value = match row.get_ref(i)? {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(n) => Value::from(n),
            ValueRef::Real(x) => Value::from(x),
            ValueRef::Text(t) | ValueRef::Blob(t) => {
                Value::from(String::from_utf8_lossy(t).into_owned())
            }
        };
        object.insert(api_name(name).to_owned(), value);
    }
    Ok(object)
}

/// One lead, its notes and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub row: Map<String, Value>,
    pub notes: Vec<Note>,
    /// `None` for a lead from before sources were kept.
    pub source: Option<crate::store::analytics::lead_sources::SourceRow>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub author: String,
    pub body: String,
    pub created_at: String,
}

/// One lead with its notes, oldest note first, and its source; `None` if it is not in this
/// list.
pub fn item(conn: &Connection, list: InboxList, id: &str) -> rusqlite::Result<Option<Item>> {
    let source = source(list);
    let sql = format!(
        "SELECT {} FROM {} e WHERE {} AND e.id = ?1",
        selected_columns(list),
        source.table,
        source.scope
    );
    let Some(row) = conn
        .prepare_cached(&sql)?
        .query_row([id], |row| object(row, source.columns))
        .optional()?
    else {
        return Ok(None);
    };
    let mut stmt = conn.prepare_cached(
        &format!(
            "SELECT {}, body, created_at FROM lead_notes WHERE lead_kind = ?1 AND lead_id = ?2 ORDER BY id",
            crate::store::accounts::name_or_text("author")
        ),
    )?;
    let notes = stmt
        .query_map([source.note_kind, id], |row| {
            Ok(Note {
                author: row.get(0)?,
                body: row.get(1)?,
                created_at: row.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let source = crate::store::analytics::lead_sources::of(conn, id)?;
    Ok(Some(Item { row, notes, source }))
}

/// Sets a lead's status, by whom, now; `false` if it is not in this list.
pub fn set_status(
    conn: &Connection,
    list: InboxList,
    id: &str,
    status: Status,
    by: &str,
) -> rusqlite::Result<bool> {
    let source = source(list);
    let sql = format!(
        "UPDATE {} SET status = ?2, status_by = ?3, status_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE {} AND id = ?1",
        source.table, source.scope
    );
    Ok(conn.execute(&sql, [id, status.as_str(), by])? == 1)
}

/// Adds a note to a lead; `false` if it is not in this list.
pub fn add_note(
    conn: &Connection,
    list: InboxList,
    id: &str,
    author: &str,
    body: &str,
) -> rusqlite::Result<bool> {
    let source = source(list);
    let sql = format!(
        "INSERT INTO lead_notes (lead_kind, lead_id, author, body)
         SELECT ?1, id, ?3, ?4 FROM {} WHERE {} AND id = ?2",
        source.table, source.scope
    );
    Ok(conn.execute(&sql, [source.note_kind, id, author, body])? == 1)
}

/// The stored resume of an applicant: file name in the uploads folder, type, original name.
pub fn resume(conn: &Connection, id: &str) -> rusqlite::Result<Option<(String, String, String)>> {
    conn.prepare_cached(
        "SELECT resume_file, resume_type, resume_original_name FROM applicants WHERE id = ?1",
    )?
    .query_row([id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
    .optional()
}

/// Deletes a lead (its notes and search entry go with it, by trigger). Returns whether it
/// existed and, for an applicant, the resume file to delete once this commits.
pub fn erase(
    conn: &Connection,
    list: InboxList,
    id: &str,
) -> rusqlite::Result<Option<Option<String>>> {
    let source = source(list);
    let resume = if list == InboxList::Applicants {
        "resume_file"
    } else {
        "NULL"
    };
    let sql = format!(
        "DELETE FROM {} WHERE {} AND id = ?1 RETURNING {resume}",
        source.table, source.scope
    );
    conn.prepare(&sql)?
        .query_row([id], |row| row.get::<_, Option<String>>(0))
        .optional()
}

/// What erasing one person removed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Erased {
    pub enquiries: usize,
    pub applicants: usize,
    /// Resume files to delete once this commits.
    pub resume_files: Vec<String>,
}

/// The resume files of every application from an address (`email_folded`, compared as
/// `erase_person` compares it): what erasing that person will delete.
pub fn resume_files_of(conn: &Connection, email_folded: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT email, resume_file FROM applicants")?;
    let rows = stmt.query_map([], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, Option<String>>(1)?))
    })?;
    let mut files = Vec::new();
    for row in rows {
        if let (email, Some(file)) = row? {
            if email.to_lowercase() == email_folded {
                files.push(file);
            }
        }
    }
    Ok(files)
}

/// Deletes every enquiry, subscription and application of an address (`email_folded`,
/// compared with each stored address lower-cased the same Unicode-aware way).
pub fn erase_person(conn: &Connection, email_folded: &str) -> rusqlite::Result<Erased> {
    let enquiries = conn.execute(
        "DELETE FROM enquiries WHERE email_folded = ?1",
        [email_folded],
    )?;
    let mut matching = Vec::new();
    {
        let mut stmt = conn.prepare("SELECT id, email FROM applicants")?;
        let rows = stmt.query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })?;
        for row in rows {
            let (id, email) = row?;
            if email.to_lowercase() == email_folded {
                matching.push(id);
            }
        }
    }
    let mut resume_files = Vec::new();
    for id in &matching {
        if let Some(Some(file)) = erase(conn, InboxList::Applicants, id)? {
            resume_files.push(file);
        }
    }
    Ok(Erased {
        enquiries,
        applicants: matching.len(),
        resume_files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    fn contact(conn: &Connection, id: &str, name: &str, text: &str, at: &str) {
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at)
             VALUES (?1, 'contact', ?2, 'a@x.in', 'a@x.in', '98450', ?3, 'Corp Team', '', ?4)",
            [id, name, text, at],
        )
        .expect("insert");
    }

    fn ids(page: &Page) -> Vec<&str> {
        page.rows
            .iter()
            .map(|r| r["_id"].as_str().unwrap_or(""))
            .collect()
    }

    /// The keys a `Lead` serializes to.
    fn keys(lead: &Lead) -> std::collections::BTreeSet<String> {
        let value = serde_json::to_value(lead).expect("serialize");
        value
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect()
    }

    #[test]
    fn the_ui_lead_type_has_every_column_and_only_those_of_every_list_required() {
        let lists = InboxList::ALL.map(|list| {
            columns(list)
                .iter()
                .map(|c| api_name(c).to_owned())
                .collect::<std::collections::BTreeSet<_>>()
        });
        let every: std::collections::BTreeSet<String> = lists.iter().flatten().cloned().collect();
        let common: std::collections::BTreeSet<String> = every
            .iter()
            .filter(|column| lists.iter().all(|list| list.contains(*column)))
            .cloned()
            .collect();
        // With no optional field set, only the required ones are written.
        assert_eq!(keys(&Lead::default()), common);
        let text = || Some(String::new());
        let full = Lead {
            name: text(),
            mobile: text(),
            requirment: text(),
            service: text(),
            experience: Some(0),
            previous_company: text(),
            query: text(),
            resume_original_name: text(),
            resume_type: text(),
            resume_size: Some(1),
            job: Some(None),
            subscription: text(),
            confirmed_at: Some(None),
            unsubscribed_at: Some(None),
            ..Lead::default()
        };
        assert_eq!(keys(&full), every);
        // And the UI's type says the same.
        let decl = <Lead as ts_rs::TS>::decl(&ts_rs::Config::new());
        let declares = |field: String| {
            decl.contains(&format!(" {field}")) || decl.contains(&format!("\n{field}"))
        };
        for column in &every {
            let optional = !common.contains(column);
            assert!(
                declares(format!("{column}{}:", if optional { "?" } else { "" })),
                "{column} is {} in {decl}",
                if optional { "optional" } else { "required" }
            );
        }
    }

    #[test]
    fn a_row_of_every_list_reads_as_the_ui_lead_type() {
        let conn = migrated();
        contact(&conn, "c1", "Asha", "office", "2025-01-01T00:00:00.000Z");
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('s1', 'subscription', '', 'r@x.in', 'r@x.in', '', '', 'Corp Blogs', 'Blogs');
             INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                                     resume_file, resume_original_name, resume_type, resume_size)
             VALUES ('a1', 'Ravi', '98450', 'v@x.in', 4, 'Acme', '', 'Corp Careers', 'a1.png', 'cv.png', 'image/png', 120);",
        )
        .expect("leads");
        assert!(set_status(&conn, InboxList::Applicants, "a1", Status::Hired, "o@x").expect("set"));
        for (list, id) in [
            (InboxList::Enquiries, "c1"),
            (InboxList::Subscribers, "s1"),
            (InboxList::Applicants, "a1"),
        ] {
            let row = item(&conn, list, id).expect("read").expect("found").row;
            let lead: Lead = serde_json::from_value(Value::Object(row))
                .unwrap_or_else(|err| panic!("{}: {err}", list.name()));
            assert!(Status::parse(&lead.status).is_some(), "{}", lead.status);
        }
    }

    #[test]
    fn search_is_by_prefix_and_ignores_case_and_accents() {
        let conn = migrated();
        contact(
            &conn,
            "1",
            "Zoë Fernandes",
            "office space",
            "2025-01-01T00:00:00.000Z",
        );
        contact(
            &conn,
            "2",
            "Ravi",
            "warehouse lease",
            "2025-01-02T00:00:00.000Z",
        );
        for (q, expected) in [
            ("zoe", vec!["1"]),
            ("FERN", vec!["1"]),
            ("wareh", vec!["2"]),
            ("lease ravi", vec!["2"]),
            ("nothing", vec![]),
        ] {
            let query = InboxQuery::parse(&format!("q={q}")).expect("query");
            let page = page(&conn, InboxList::Enquiries, &query).expect("page");
            assert_eq!(ids(&page), expected, "{q}");
        }
    }

    #[test]
    fn search_results_come_newest_first() {
        let conn = migrated();
        contact(&conn, "old", "Asha", "office", "2025-01-01T00:00:00.000Z");
        contact(&conn, "mid", "Ravi", "no match", "2025-01-02T00:00:00.000Z");
        contact(&conn, "new", "Meera", "office", "2025-01-03T00:00:00.000Z");
        let query = InboxQuery::parse("q=office").expect("query");
        let found = page(&conn, InboxList::Enquiries, &query).expect("page");
        assert_eq!(ids(&found), ["new", "old"]);
    }

    #[test]
    fn a_search_counts_and_lists_only_its_own_list() {
        let conn = migrated();
        contact(&conn, "c1", "Asha", "office", "2025-01-01T00:00:00.000Z");
        contact(&conn, "c2", "Ravi", "office", "2025-01-02T00:00:00.000Z");
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('s1', 'subscription', '', 'office@x.example', 'office@x.example', '', '', 'Corp Blogs', '')",
        )
        .expect("subscriber");
        for (list, q, expected) in [
            (InboxList::Enquiries, "q=office", vec!["c2", "c1"]),
            (InboxList::Subscribers, "q=office", vec!["s1"]),
            (
                InboxList::Enquiries,
                "q=office&department=Corp+Team",
                vec!["c2", "c1"],
            ),
        ] {
            let found = page(&conn, list, &InboxQuery::parse(q).expect("q")).expect("page");
            assert_eq!(ids(&found), expected, "{q}");
            assert_eq!(found.total, expected.len() as i64, "{q}: the count agrees");
        }
    }

    #[test]
    fn counts_stop_at_the_cap() {
        let conn = migrated();
        conn.execute_batch(&format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {})
             INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             SELECT 'e' || i, 'contact', 'N', 'a@x', 'a@x', '1', 'office', 'Corp Team', '' FROM n",
            NEW_COUNT_CAP + 5
        ))
        .expect("seed");
        for (q, cap) in [("", 10_000), ("q=office", 1_000)] {
            let counted = page(
                &conn,
                InboxList::Enquiries,
                &InboxQuery::parse(q).expect("q"),
            )
            .expect("page");
            assert!(counted.capped, "{q}");
            assert_eq!(
                (counted.total, counted.new, counted.rows.len()),
                (cap, 10_000, 50),
                "{q}"
            );
        }
    }

    #[test]
    fn lists_are_newest_first_and_count_what_is_new() {
        let conn = migrated();
        contact(&conn, "old", "A", "x", "2025-01-01T00:00:00.000Z");
        contact(&conn, "new", "B", "x", "2025-03-01T00:00:00.000Z");
        assert!(set_status(&conn, InboxList::Enquiries, "old", Status::Done, "o@x").expect("set"));
        let all = page(
            &conn,
            InboxList::Enquiries,
            &InboxQuery::parse("").expect("q"),
        )
        .expect("page");
        assert_eq!(ids(&all), ["new", "old"]);
        assert_eq!((all.total, all.new, all.capped), (2, 1, false));
        let done = page(
            &conn,
            InboxList::Enquiries,
            &InboxQuery::parse("status=done").expect("q"),
        )
        .expect("page");
        assert_eq!(ids(&done), ["old"]);
        assert_eq!(done.rows[0]["status_by"], "o@x");
        let february = InboxQuery::parse("from=2025-02-01&to=2025-03-01").expect("q");
        assert_eq!(
            ids(&page(&conn, InboxList::Enquiries, &february).expect("page")),
            ["new"]
        );
        // Subscribers are another list.
        assert!(
            !set_status(&conn, InboxList::Subscribers, "old", Status::Spam, "o@x").expect("set")
        );
    }

    #[test]
    fn spam_is_out_of_the_way_unless_asked_for_or_ticked() {
        let conn = migrated();
        contact(
            &conn,
            "ham",
            "Asha",
            "an office",
            "2025-01-01T00:00:00.000Z",
        );
        contact(
            &conn,
            "spam",
            "Bot",
            "an office",
            "2025-01-02T00:00:00.000Z",
        );
        assert!(set_status(&conn, InboxList::Enquiries, "spam", Status::Spam, "o@x").expect("set"));
        let asked = |query: &str| {
            page(
                &conn,
                InboxList::Enquiries,
                &InboxQuery::parse(query).expect("q"),
            )
            .expect("page")
        };
        // The default list, and a search in it, and their counts.
        for query in ["", "q=office"] {
            let shown = asked(query);
            assert_eq!(ids(&shown), ["ham"], "{query:?}");
            assert_eq!(shown.total, 1, "{query:?}");
        }
        // Its own filter shows it; rows ticked by hand (an export of them) are all there.
        assert_eq!(ids(&asked("status=spam")), ["spam"]);
        assert_eq!(ids(&asked("ids=ham,spam")), ["spam", "ham"]);
    }

    #[test]
    fn a_new_subscriber_is_not_counted_as_new_work() {
        let conn = migrated();
        contact(&conn, "c1", "Asha", "an office", "2025-01-01T00:00:00.000Z");
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('s1', 'subscription', '', 's@x.in', 's@x.in', '', '', 'Corp Team', '');",
        )
        .expect("a subscriber");
        let everything = InboxQuery::parse("").expect("q");
        let subscribers = page(&conn, InboxList::Subscribers, &everything).expect("page");
        assert_eq!((subscribers.total, subscribers.new), (1, 0));
        let enquiries = page(&conn, InboxList::Enquiries, &everything).expect("page");
        assert_eq!((enquiries.total, enquiries.new), (1, 1));
    }

    #[test]
    fn erasing_a_lead_takes_its_notes_and_search_entry_with_it() {
        let conn = migrated();
        contact(
            &conn,
            "1",
            "Asha",
            "secret plans",
            "2025-01-01T00:00:00.000Z",
        );
        assert!(add_note(&conn, InboxList::Enquiries, "1", "o@x", "called Asha").expect("note"));
        assert_eq!(
            erase(&conn, InboxList::Enquiries, "1").expect("erase"),
            Some(None)
        );
        let notes: i64 = conn
            .query_row("SELECT count(*) FROM lead_notes", [], |r| r.get(0))
            .expect("count");
        let indexed: i64 = conn
            .query_row("SELECT count(*) FROM enquiry_search", [], |r| r.get(0))
            .expect("count");
        assert_eq!((notes, indexed), (0, 0));
        assert_eq!(
            erase(&conn, InboxList::Enquiries, "1").expect("erase"),
            None
        );
    }

    #[test]
    fn not_answered_filters_and_sorts_first_by_an_index_without_sorting() {
        let conn = migrated();
        contact(&conn, "old", "A", "x", "2025-01-01T00:00:00.000Z");
        contact(&conn, "mid", "B", "x", "2025-02-01T00:00:00.000Z");
        contact(&conn, "new", "C", "x", "2025-03-01T00:00:00.000Z");
        conn.execute(
            "UPDATE enquiries SET first_reply_at = '2025-03-02T00:00:00.000Z' WHERE id = 'new'",
            [],
        )
        .expect("answer");
        let listed = |q: &str| {
            let query = InboxQuery::parse(q).expect("q");
            ids(&page(&conn, InboxList::Enquiries, &query).expect("page"))
                .iter()
                .map(|id| (*id).to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(listed("answered=no"), ["mid", "old"]);
        assert_eq!(listed("answered=yes"), ["new"]);
        assert_eq!(listed("sort=not_answered"), ["mid", "old", "new"]);
        assert_eq!(listed("answered=no&sort=oldest"), ["old", "mid"]);
        for q in [
            "answered=no",
            "sort=not_answered",
            "answered=no&sort=oldest",
        ] {
            let query = InboxQuery::parse(q).expect("q");
            let (parts, values) = query_parts(InboxList::Enquiries, &query);
            let plan: Vec<String> = conn
                .prepare(&format!(
                    "EXPLAIN QUERY PLAN SELECT e.id FROM {parts} LIMIT 50"
                ))
                .expect("plan")
                .query_map(params_from_iter(values.iter()), |row| {
                    row.get::<_, String>(3)
                })
                .expect("rows")
                .collect::<rusqlite::Result<_>>()
                .expect("plan");
            let plan = plan.join("; ");
            assert!(plan.contains("enquiries_by_answered"), "{q}: {plan}");
            assert!(!plan.contains("TEMP B-TREE"), "{q}: {plan}");
        }
    }

    #[test]
    fn the_department_filter_ignores_case_and_spaces_around() {
        let conn = migrated();
        contact(&conn, "a1", "Asha", "x", "2025-01-01T00:00:00.000Z");
        let found = |query: &str| {
            let query = InboxQuery::parse(query).expect("a query");
            ids(&page(&conn, InboxList::Enquiries, &query).expect("page"))
                .iter()
                .map(|id| (*id).to_owned())
                .collect::<Vec<_>>()
        };
        for typed in ["Corp%20Team", "corp%20team", "%20%20CORP%20TEAM%20"] {
            assert_eq!(found(&format!("department={typed}")), ["a1"], "{typed:?}");
        }
        assert!(found("department=Corp%20Careers").is_empty());
    }
}
