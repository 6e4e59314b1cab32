//! The company's details: one checked JSON document (`V8__site_details.sql`). Saving bumps
//! the content version (`blog_version`, by trigger) in the same transaction, so every cache
//! keyed by it drops stale answers within the watch's 100 ms.

use rusqlite::{params, Connection, OptionalExtension};

use super::audit::{self, Audit};
use super::StoreError;
use crate::domain::company_details::{CompanyDetails, CompanyDetailsFileError};
use crate::domain::office_time::OfficeZone;

/// The details the site shows, and whether they are still the shipped demo.
#[derive(Debug, Clone)]
pub struct StoredDetails {
    pub details: CompanyDetails,
    /// Nothing was saved yet: these are the demo values.
    pub demo: bool,
    pub saved_at: Option<String>,
    /// Who saved last: the account's name, else as stored (an email, "command line").
    pub saved_by: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum DetailsError {
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// The stored document no longer passes the checks (edited by hand).
    #[error("the stored company details are not valid: {0}")]
    Stored(#[source] CompanyDetailsFileError),
}

/// The office's time zone, for the times people read (mails, exports, messages). The details
/// are checked when saved, so this falls back to the demo zone only when the stored row cannot
/// be read at all: a mail or an export is better with a labelled time than not at all.
pub fn office_zone(conn: &Connection) -> OfficeZone {
    match read(conn) {
        Ok(stored) => stored.details.office_zone(),
        Err(err) => {
            tracing::warn!(error = %err, "the company details cannot be read; times use the default zone");
            OfficeZone::default_zone()
        }
    }
}

/// What every page shows beyond the stories: the stored details' document (none: the demo
/// ones) and the generation of the pages' published overrides (`store::pages`).
pub type EveryPage = (Option<String>, i64);

/// The content version (`blog_version`) and what every page shows (`EveryPage`), read in one
/// statement, so a save or a publish is never seen with the version before it (or after it)
/// alone: what tells the edge caches whether the whole site changed or only stories.
pub fn content_state(conn: &Connection) -> Result<(i64, EveryPage), StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT (SELECT version FROM blog_version WHERE id = 1),
                    (SELECT document FROM site_details WHERE id = 1),
                    (SELECT generation FROM pages_generation WHERE id = 1)",
        )?
        .query_row([], |row| Ok((row.get(0)?, (row.get(1)?, row.get(2)?))))?)
}

pub fn read(conn: &Connection) -> Result<StoredDetails, DetailsError> {
    let row = conn
        // Who saved, by the account's name (the stored email, or "command line", when no
        // account has it).
        .prepare_cached(
            "SELECT document, saved_at,
                    coalesce((SELECT name FROM staff WHERE email_folded = lower(d.saved_by)), d.saved_by)
             FROM site_details d WHERE id = 1",
        )?
        .query_row([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
            ))
        })
        .optional()?;
    match row {
        None => Ok(StoredDetails {
            details: CompanyDetails::demo(),
            demo: true,
            saved_at: None,
            saved_by: None,
        }),
        Some((document, saved_at, saved_by)) => Ok(StoredDetails {
            details: CompanyDetails::from_json(&document).map_err(DetailsError::Stored)?,
            demo: false,
            saved_at: Some(saved_at),
            saved_by: Some(saved_by),
        }),
    }
}

/// Saves `details` and writes the audit entry (which fields changed) in the same
/// transaction. Answers the fields that changed.
pub fn save(
    conn: &Connection,
    details: &CompanyDetails,
    audit_as: &Audit<'_>,
) -> Result<Vec<&'static str>, DetailsError> {
    let before = read(conn)?;
    let changed = details.changed_fields(&before.details);
    conn.prepare_cached(
        "INSERT INTO site_details (id, document, saved_by) VALUES (1, ?1, ?2)
         ON CONFLICT (id) DO UPDATE SET document = excluded.document,
             saved_by = excluded.saved_by,
             saved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
    )?
    .execute(params![details.to_json(), audit_as.actor])?;
    let detail = if changed.is_empty() {
        "saved unchanged".to_owned()
    } else {
        format!("changed: {}", changed.join(", "))
    };
    audit::record(
        conn,
        &Audit {
            detail: &detail,
            ..*audit_as
        },
    )?;
    Ok(changed)
}
