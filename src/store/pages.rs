//! The office's page editor's values (V21): per page its draft and published overrides
//! (`{path: value}` JSON, checked by `domain::pages::schema` before they come here), a
//! revision that each draft save must name (as a story's), who saved and published it and
//! when, and a scheduled publish; each draft save kept as a revision. Publishing moves the
//! published overrides' generation and the site's content version (triggers), so the page
//! caches and the edge purge follow it as they follow a save of the company's details.

use std::collections::BTreeMap;

use rusqlite::{params, Connection, OptionalExtension};

use super::audit::{self, Audit};
use super::stories::revisions::{newest_first, run_continued};
use super::StoreError;

/// A page's row as the editor reads it. A page never saved has none: `PageRow::empty`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRow {
    pub key: String,
    /// JSON objects, `{path: value}`.
    pub draft: String,
    pub published: String,
    pub revision: i64,
    /// UTC RFC 3339, and who saved (the account's name, else the stored email).
    pub updated_at: Option<String>,
    pub updated_by: Option<String>,
    pub published_at: Option<String>,
    pub published_by: Option<String>,
    /// A scheduled publish: what goes public, and when (UTC RFC 3339).
    pub scheduled: Option<String>,
    pub publish_at: Option<String>,
}

/// Where a page stands, as the editor's list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageState {
    /// Nothing saved over the defaults, nothing published.
    Default,
    /// A draft that is not what visitors see.
    Draft,
    /// Visitors see what the office published, and the draft is the same.
    Published,
    /// A publish waits for its time.
    Scheduled,
}

impl PageState {
    pub const ALL: [PageState; 4] = [
        PageState::Default,
        PageState::Draft,
        PageState::Published,
        PageState::Scheduled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PageState::Default => "default",
            PageState::Draft => "draft",
            PageState::Published => "published",
            PageState::Scheduled => "scheduled",
        }
    }
}

const EMPTY: &str = "{}";

impl PageRow {
    /// The row of a page never saved.
    pub fn empty(key: &str) -> PageRow {
        PageRow {
            key: key.to_owned(),
            draft: EMPTY.to_owned(),
            published: EMPTY.to_owned(),
            revision: 0,
            updated_at: None,
            updated_by: None,
            published_at: None,
            published_by: None,
            scheduled: None,
            publish_at: None,
        }
    }

    pub fn state(&self) -> PageState {
        if self.publish_at.is_some() {
            PageState::Scheduled
        } else if self.draft != self.published {
            PageState::Draft
        } else if self.published != EMPTY {
            PageState::Published
        } else {
            PageState::Default
        }
    }
}

/// Someone saved the page since the revision a change started from: the revision now, and
/// who saved it and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stale {
    pub revision: i64,
    pub updated_by: Option<String>,
    pub updated_at: Option<String>,
}

/// What a draft save keeps of itself as a revision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept<'a> {
    /// The staff member's email.
    pub by: &'a str,
    pub autosave: bool,
    /// What the history says it did ("saved", "reset Banner: headline", ...).
    pub action: &'a str,
}

const ROW: &str = "p.key, p.draft, p.published, p.revision, p.updated_at,
    coalesce((SELECT name FROM staff WHERE email_folded = lower(p.updated_by)), p.updated_by),
    p.published_at,
    coalesce((SELECT name FROM staff WHERE email_folded = lower(p.published_by)), p.published_by),
    p.scheduled, p.publish_at";

fn page_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PageRow> {
    Ok(PageRow {
        key: r.get(0)?,
        draft: r.get(1)?,
        published: r.get(2)?,
        revision: r.get(3)?,
        updated_at: r.get(4)?,
        updated_by: r.get(5)?,
        published_at: r.get(6)?,
        published_by: r.get(7)?,
        scheduled: r.get(8)?,
        publish_at: r.get(9)?,
    })
}

/// The page `key`'s row (`PageRow::empty` when it was never saved).
pub fn get(conn: &Connection, key: &str) -> Result<PageRow, StoreError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {ROW} FROM pages p WHERE p.key = ?1"))?
        .query_row([key], page_row)
        .optional()?
        .unwrap_or_else(|| PageRow::empty(key)))
}

/// Every saved page's row, by key.
pub fn list(conn: &Connection) -> Result<BTreeMap<String, PageRow>, StoreError> {
    let rows = conn
        .prepare_cached(&format!("SELECT {ROW} FROM pages p"))?
        .query_map([], page_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows.into_iter().map(|row| (row.key.clone(), row)).collect())
}

/// Why a change made at `revision` of the page may not go ahead, if it may not.
fn stale(conn: &Connection, key: &str, revision: i64) -> Result<Option<Stale>, StoreError> {
    let now = get(conn, key)?;
    Ok((now.revision != revision).then_some(Stale {
        revision: now.revision,
        updated_by: now.updated_by,
        updated_at: now.updated_at,
    }))
}

/// Saves `draft` (a JSON object) as the page `key`'s draft if the page is still at
/// `revision`, and keeps the save as a revision. Answers the page's new revision.
pub fn save_draft(
    conn: &Connection,
    key: &str,
    revision: i64,
    draft: &str,
    kept: &Kept<'_>,
) -> Result<Result<i64, Stale>, StoreError> {
    if let Some(stale) = stale(conn, key, revision)? {
        return Ok(Err(stale));
    }
    let revision: i64 = conn
        .prepare_cached(
            "INSERT INTO pages (key, draft, revision, updated_at, updated_by)
             VALUES (?1, ?2, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?3)
             ON CONFLICT (key) DO UPDATE SET draft = excluded.draft,
                 revision = revision + 1, updated_at = excluded.updated_at,
                 updated_by = excluded.updated_by
             RETURNING revision",
        )?
        .query_row(params![key, draft, kept.by], |r| r.get(0))?;
    keep(conn, key, revision, draft, kept)?;
    Ok(Ok(revision))
}

/// Keeps the save that brought the page `key` to revision `number`: a new row, or the newest
/// one moved on when both are autosaves by the same person.
fn keep(
    conn: &Connection,
    key: &str,
    number: i64,
    fields: &str,
    kept: &Kept<'_>,
) -> Result<(), StoreError> {
    let run = run_continued(
        conn,
        "SELECT id, autosave, saved_by FROM page_revisions
          WHERE page_key = ?1 ORDER BY number DESC LIMIT 1",
        key,
        kept.autosave,
        kept.by,
    )?;
    match run {
        Some(row) => {
            conn.prepare_cached(
                "UPDATE page_revisions SET number = ?2, fields = ?3, action = ?4,
                        saved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                  WHERE id = ?1",
            )?
            .execute(params![row, number, fields, kept.action])?;
        }
        None => {
            conn.prepare_cached(
                "INSERT INTO page_revisions (page_key, number, saved_by, autosave, action, fields)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                key,
                number,
                kept.by,
                kept.autosave,
                kept.action,
                fields
            ])?;
        }
    }
    Ok(())
}

/// Publishes the page `key`'s draft now, if the page is still at `revision` (any scheduled
/// publish is dropped: this one replaces it).
pub fn publish(
    conn: &Connection,
    key: &str,
    revision: i64,
    by: &str,
) -> Result<Result<(), Stale>, StoreError> {
    if let Some(stale) = stale(conn, key, revision)? {
        return Ok(Err(stale));
    }
    conn.prepare_cached(
        "INSERT INTO pages (key, published, published_at, published_by)
         VALUES (?1, '{}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?2)
         ON CONFLICT (key) DO UPDATE SET published = draft,
             published_at = excluded.published_at, published_by = excluded.published_by,
             scheduled = NULL, publish_at = NULL",
    )?
    .execute(params![key, by])?;
    Ok(Ok(()))
}

/// Schedules the page `key`'s draft as it is now to be published at `at` (UTC RFC 3339), if
/// the page is still at `revision`.
pub fn schedule(
    conn: &Connection,
    key: &str,
    revision: i64,
    at: &str,
    by: &str,
) -> Result<Result<(), Stale>, StoreError> {
    if let Some(stale) = stale(conn, key, revision)? {
        return Ok(Err(stale));
    }
    conn.prepare_cached(
        "INSERT INTO pages (key, scheduled, publish_at, published_by) VALUES (?1, '{}', ?2, ?3)
         ON CONFLICT (key) DO UPDATE SET scheduled = draft, publish_at = excluded.publish_at,
             published_by = excluded.published_by",
    )?
    .execute(params![key, at, by])?;
    Ok(Ok(()))
}

/// The actor the audit log names for what the scheduler publishes.
pub use super::stories::SCHEDULER;

/// Publishes every page whose scheduled time (`now`, UTC RFC 3339) has come, each with its
/// audit entry, in the caller's transaction. Answers their keys.
pub fn publish_due(conn: &Connection, now: &str) -> Result<Vec<String>, StoreError> {
    let due: Vec<String> = conn
        .prepare_cached("SELECT key FROM pages WHERE publish_at <= ?1 ORDER BY key")?
        .query_map([now], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for key in &due {
        conn.prepare_cached(
            "UPDATE pages SET published = scheduled,
                    published_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                    scheduled = NULL, publish_at = NULL
              WHERE key = ?1",
        )?
        .execute([key])?;
        audit::record(
            conn,
            &Audit {
                actor: SCHEDULER,
                action: "published page on schedule",
                subject: &format!("page {key}"),
                detail: "",
                client_addr: "",
            },
        )?;
    }
    Ok(due)
}

/// One look of the scheduler for pages (`stories::publish_when_due`): publishes the pages
/// whose time has come by `now`. Answers how many.
pub fn publish_scheduled(db: &super::Db, now: &str) -> Result<usize, StoreError> {
    Ok(super::stories::publish_when_due(db, now, next_due, publish_due)?.len())
}

/// The earliest time a scheduled page goes public, if any is scheduled.
pub fn next_due(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT min(publish_at) FROM pages")?
        .query_row([], |r| r.get(0))?)
}

/// Every page's published overrides (`{path: value}` JSON, pages with none left out) and
/// their generation, read in one statement: the generation moves with each publish that
/// changes them, so a cache keyed on it never keeps an older answer under a newer number.
pub fn published(conn: &Connection) -> Result<(i64, BTreeMap<String, String>), StoreError> {
    let rows: Vec<(i64, Option<String>, Option<String>)> = conn
        .prepare_cached(
            "SELECT g.generation, p.key, p.published FROM pages_generation g
               LEFT JOIN pages p ON p.published <> '{}'
              WHERE g.id = 1 ORDER BY p.key",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let generation = rows.first().map_or(0, |row| row.0);
    let pages = rows
        .into_iter()
        .filter_map(|(_, key, published)| Some((key?, published?)))
        .collect();
    Ok((generation, pages))
}

/// One line of a page's revision list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionLine {
    pub number: i64,
    /// UTC RFC 3339.
    pub saved_at: String,
    pub saved_by: String,
    /// The account's name, while the account is there.
    pub saved_by_name: Option<String>,
    pub autosave: bool,
    pub action: String,
}

const LINE: &str = "r.number, r.saved_at, r.saved_by,
    (SELECT name FROM staff WHERE email_folded = lower(r.saved_by)), r.autosave, r.action";

fn line_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RevisionLine> {
    Ok(RevisionLine {
        number: r.get(0)?,
        saved_at: r.get(1)?,
        saved_by: r.get(2)?,
        saved_by_name: r.get(3)?,
        autosave: r.get(4)?,
        action: r.get(5)?,
    })
}

/// How many revisions the page `key` has, and the newest `LIST_LIMIT` (as a story's), newest
/// first.
pub fn revisions(conn: &Connection, key: &str) -> Result<(u64, Vec<RevisionLine>), StoreError> {
    newest_first(
        conn,
        "SELECT count(*) FROM page_revisions WHERE page_key = ?1",
        &format!(
            "SELECT {LINE} FROM page_revisions r WHERE r.page_key = ?1
              ORDER BY r.number DESC LIMIT ?2"
        ),
        key,
        line_row,
    )
}

/// The revision `number` of the page `key` and its fields (JSON), if it is there.
pub fn revision(
    conn: &Connection,
    key: &str,
    number: i64,
) -> Result<Option<(RevisionLine, String)>, StoreError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {LINE}, r.fields FROM page_revisions r WHERE r.page_key = ?1 AND r.number = ?2"
        ))?
        .query_row(params![key, number], |r| Ok((line_row(r)?, r.get(6)?)))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    const ANN: &str = "ann@corp.example";

    fn kept(autosave: bool) -> Kept<'static> {
        Kept {
            by: ANN,
            autosave,
            action: "saved",
        }
    }

    fn content_version(conn: &Connection) -> i64 {
        crate::store::blogs::version(conn).expect("version")
    }

    #[test]
    fn a_draft_is_saved_at_the_revision_it_started_from_and_kept_as_revisions() {
        let conn = migrated();
        assert_eq!(
            get(&conn, "home").expect("read").state(),
            PageState::Default
        );
        let first = save_draft(&conn, "home", 0, r#"{"a":"1"}"#, &kept(false)).expect("save");
        assert_eq!(first, Ok(1));
        let stale = save_draft(&conn, "home", 0, r#"{"a":"2"}"#, &kept(false)).expect("save");
        let Err(stale) = stale else {
            panic!("not refused: {stale:?}");
        };
        assert_eq!(
            (stale.revision, stale.updated_by.as_deref()),
            (1, Some(ANN))
        );
        // Two autosaves in a row are one revision line.
        assert_eq!(
            save_draft(&conn, "home", 1, r#"{"a":"3"}"#, &kept(true)).expect("save"),
            Ok(2)
        );
        assert_eq!(
            save_draft(&conn, "home", 2, r#"{"a":"4"}"#, &kept(true)).expect("save"),
            Ok(3)
        );
        let (total, lines) = revisions(&conn, "home").expect("list");
        assert_eq!(total, 2);
        assert_eq!(
            lines
                .iter()
                .map(|l| (l.number, l.autosave))
                .collect::<Vec<_>>(),
            [(3, true), (1, false)]
        );
        let (_, fields) = revision(&conn, "home", 3).expect("read").expect("there");
        assert_eq!(fields, r#"{"a":"4"}"#);
        assert!(revision(&conn, "home", 2).expect("read").is_none());
        assert_eq!(get(&conn, "home").expect("read").state(), PageState::Draft);
    }

    #[test]
    fn publishing_moves_the_generation_and_the_content_version_and_a_schedule_waits_its_time() {
        let conn = migrated();
        let (generation, none) = published(&conn).expect("read");
        assert!(none.is_empty());
        let version = content_version(&conn);
        save_draft(&conn, "home", 0, r#"{"a":"1"}"#, &kept(false))
            .expect("save")
            .expect("saved");
        assert_eq!(
            content_version(&conn),
            version,
            "a draft is no one's content"
        );
        publish(&conn, "home", 1, ANN)
            .expect("publish")
            .expect("published");
        let (moved, pages) = published(&conn).expect("read");
        assert_eq!(moved, generation + 1);
        assert_eq!(
            pages,
            BTreeMap::from([("home".into(), r#"{"a":"1"}"#.into())])
        );
        assert_eq!(content_version(&conn), version + 1);
        assert_eq!(
            get(&conn, "home").expect("read").state(),
            PageState::Published
        );

        save_draft(&conn, "home", 1, r#"{"a":"2"}"#, &kept(false))
            .expect("save")
            .expect("saved");
        let at = "2026-12-01T09:00:00Z";
        assert!(schedule(&conn, "home", 1, at, ANN)
            .expect("schedule")
            .is_err());
        schedule(&conn, "home", 2, at, ANN)
            .expect("schedule")
            .expect("scheduled");
        save_draft(&conn, "home", 2, r#"{"a":"3"}"#, &kept(false))
            .expect("save")
            .expect("saved");
        assert_eq!(
            get(&conn, "home").expect("read").state(),
            PageState::Scheduled
        );
        assert_eq!(next_due(&conn).expect("due").as_deref(), Some(at));
        assert!(publish_due(&conn, "2026-12-01T08:59:59Z")
            .expect("early")
            .is_empty());
        assert_eq!(publish_due(&conn, at).expect("due"), ["home"]);
        let (after, pages) = published(&conn).expect("read");
        assert_eq!(after, moved + 1);
        assert_eq!(
            pages["home"], r#"{"a":"2"}"#,
            "the draft as it was when scheduled"
        );
        assert_eq!(get(&conn, "home").expect("read").state(), PageState::Draft);
        assert!(next_due(&conn).expect("due").is_none());
    }
}
