//! The audit log (table `audit_log`): who did what to what, from where, written in the
//! transaction of what it records, and read by the log's screen (its filters and pages), its
//! export and `staff audit`.

use rusqlite::{params, Connection};

use super::accounts::name_or_text;

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub at: String,
    pub actor: String,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub client_addr: String,
}

/// Who did what to what, from where. `at` is set by the database.
pub struct Audit<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub subject: &'a str,
    pub detail: &'a str,
    pub client_addr: &'a str,
}

/// The actor of what the command line does.
pub const COMMAND_LINE: &str = "command line";

pub fn record(conn: &Connection, entry: &Audit<'_>) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO audit_log (actor, action, subject, detail, client_addr) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        entry.actor,
        entry.action,
        entry.subject,
        entry.detail,
        entry.client_addr
    ])?;
    Ok(())
}

/// The newest `limit` entries, newest first.
pub fn audit_log(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<AuditEntry>> {
    let mut stmt = conn.prepare(
        "SELECT at, actor, action, subject, detail, client_addr FROM audit_log ORDER BY at DESC, id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit], |row| {
        Ok(AuditEntry {
            at: row.get(0)?,
            actor: row.get(1)?,
            action: row.get(2)?,
            subject: row.get(3)?,
            detail: row.get(4)?,
            client_addr: row.get(5)?,
        })
    })?;
    rows.collect()
}

/// What the audit log screen asks: each filter optional, `page` from 1.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    /// The actor as stored (an address, `command line`), matched without regard to case.
    pub actor: Option<String>,
    pub action: Option<String>,
    /// On or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Before this day (`YYYY-MM-DD`, UTC): the day after the last one asked for.
    pub before: Option<String>,
    pub page: u32,
}

/// Audit entries a page.
pub const AUDIT_PAGE_SIZE: u32 = 50;

/// One line of the audit log as the screen shows it: who by name when the actor is an
/// account's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditLine {
    pub id: i64,
    pub at: String,
    /// As stored: an address, or `command line`.
    pub actor: String,
    /// The account's name, or `actor` when no account has that address.
    pub actor_name: String,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub client_addr: String,
}

fn audit_where(query: &AuditQuery) -> (&'static str, [Option<String>; 4]) {
    (
        "(?1 IS NULL OR lower(l.actor) = lower(?1)) AND (?2 IS NULL OR l.action = ?2)
         AND (?3 IS NULL OR l.at >= ?3) AND (?4 IS NULL OR l.at < ?4)",
        [
            query.actor.clone(),
            query.action.clone(),
            query.from.clone(),
            query.before.clone(),
        ],
    )
}

fn audit_line(row: &rusqlite::Row<'_>) -> rusqlite::Result<AuditLine> {
    Ok(AuditLine {
        id: row.get(0)?,
        at: row.get(1)?,
        actor: row.get(2)?,
        actor_name: row.get(3)?,
        action: row.get(4)?,
        subject: row.get(5)?,
        detail: row.get(6)?,
        client_addr: row.get(7)?,
    })
}

fn audit_select(clause: &str, tail: &str) -> String {
    format!(
        "SELECT l.id, l.at, l.actor, {}, l.action, l.subject, l.detail, l.client_addr
         FROM audit_log l WHERE {clause} ORDER BY l.at DESC, l.id DESC {tail}",
        name_or_text("l.actor")
    )
}

/// One page of the entries `query` matches, newest first, and how many match in all.
pub fn audit_page(
    conn: &Connection,
    query: &AuditQuery,
) -> rusqlite::Result<(i64, Vec<AuditLine>)> {
    let (clause, values) = audit_where(query);
    let total: i64 = conn
        .prepare_cached(&format!("SELECT count(*) FROM audit_log l WHERE {clause}"))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| row.get(0))?;
    let offset = i64::from(query.page.max(1) - 1) * i64::from(AUDIT_PAGE_SIZE);
    let sql = audit_select(clause, &format!("LIMIT {AUDIT_PAGE_SIZE} OFFSET {offset}"));
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(rusqlite::params_from_iter(values.iter()), audit_line)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((total, rows))
}

/// Every entry `query` matches (its page aside), newest first, for the export.
pub fn audit_all(conn: &Connection, query: &AuditQuery) -> rusqlite::Result<Vec<AuditLine>> {
    let (clause, values) = audit_where(query);
    let mut stmt = conn.prepare(&audit_select(clause, ""))?;
    let rows = stmt.query_map(rusqlite::params_from_iter(values.iter()), audit_line)?;
    rows.collect()
}

/// The most status changes of one lead its detail lists.
pub const MOVES_SIZE: u32 = 50;

/// The status changes of the lead the audit log names `subject` (`applicant ID`), and their
/// undos, oldest first (the newest `MOVES_SIZE`): who moved it, when, and to what (the
/// entry's detail). Read through `audit_log_by_subject` (V30).
pub fn status_moves(conn: &Connection, subject: &str) -> rusqlite::Result<Vec<AuditLine>> {
    let sql = audit_select(
        "l.subject = ?1 AND l.action IN ('set status', 'undid set status')",
        &format!("LIMIT {MOVES_SIZE}"),
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt
        .query_map([subject], audit_line)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.reverse();
    Ok(rows)
}

/// Entries in one's account activity.
pub const ACTIVITY_SIZE: u32 = 20;

/// The newest entries about the account of `email`, newest first: what it did, what others did
/// to it, and what was tried with its address (a failed sign-in names the address typed).
pub fn account_activity(conn: &Connection, email: &str) -> rusqlite::Result<Vec<AuditLine>> {
    let sql = audit_select(
        "lower(l.actor) = lower(?1) OR lower(l.subject) = lower(?1)",
        &format!("LIMIT {ACTIVITY_SIZE}"),
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map([email], audit_line)?;
    rows.collect()
}

/// The actions the log holds, and its actors (as stored, with their names).
pub type AuditChoices = (Vec<String>, Vec<(String, String)>);

/// The actions the log holds, and its actors (as stored, with their names), for the
/// screen's filters.
pub fn audit_choices(conn: &Connection) -> rusqlite::Result<AuditChoices> {
    let actions = conn
        .prepare_cached("SELECT DISTINCT action FROM audit_log ORDER BY action")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    let actors = conn
        .prepare_cached(&format!(
            "SELECT actor, {} FROM (SELECT min(actor) AS actor FROM audit_log GROUP BY lower(actor))
             ORDER BY 2 COLLATE NOCASE LIMIT 500",
            name_or_text("actor")
        ))?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(String, String)>>>()?;
    Ok((actions, actors))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leads_moves_are_read_through_the_subject_index_without_sorting() {
        let conn = crate::store::migrated();
        let sql = audit_select(
            "l.subject = ?1 AND l.action IN ('set status', 'undid set status')",
            &format!("LIMIT {MOVES_SIZE}"),
        );
        let plan = crate::store::query_plan(&conn, &sql, "applicant a1");
        assert!(
            plan.iter()
                .any(|step| step.contains("INDEX audit_log_by_subject")),
            "{plan:?}"
        );
        assert!(
            !plan.iter().any(|step| step.contains("TEMP B-TREE")),
            "{plan:?}"
        );
    }
}
