//! Story revisions (V14): each save of a story through the editor keeps its form as saved,
//! with its number, time, author and whether it was an autosave. A run of autosaves by one
//! person is one row, moved on by each (the newest row, when it is such an autosave), so the
//! list shows them as one line between manual saves. The rows go with their story.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::blog_id::BlogId;
use crate::domain::story::StoryState;
use crate::store::StoreError;

/// The newest revisions a list shows.
pub const LIST_LIMIT: u32 = 200;

/// What a save keeps of itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    /// The staff member's email.
    pub by: String,
    pub autosave: bool,
    pub state: StoryState,
    pub title: String,
    pub words: usize,
    /// Whether the reading time is counted from the words (none typed).
    pub min_read_counted: bool,
    /// The editor's form as saved, JSON.
    pub form: String,
}

/// One line of a story's revision list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionLine {
    pub number: i64,
    /// UTC RFC 3339.
    pub saved_at: String,
    pub saved_by: String,
    /// The account's name, while the account is there.
    pub saved_by_name: Option<String>,
    pub autosave: bool,
    pub state: String,
    pub title: String,
    pub words: i64,
}

/// Keeps the save that brought the story `id` to revision `number`, and whether its reading
/// time is counted, in the save's transaction.
pub fn keep(conn: &Connection, id: &BlogId, number: i64, kept: &Kept) -> Result<(), StoreError> {
    let Some(blog_id) = row_id(conn, id)? else {
        return Ok(());
    };
    // Only when it changes: every update of a blog row moves the content version.
    conn.prepare_cached(
        "UPDATE blogs SET min_read_counted = ?2 WHERE id = ?1 AND min_read_counted <> ?2",
    )?
    .execute(params![blog_id, kept.min_read_counted])?;
    let words = i64::try_from(kept.words).unwrap_or(i64::MAX);
    let run = run_continued(
        conn,
        "SELECT id, autosave, saved_by FROM story_revisions
          WHERE blog_id = ?1 ORDER BY number DESC LIMIT 1",
        blog_id,
        kept.autosave,
        &kept.by,
    )?;
    match run {
        Some(row) => {
            conn.prepare_cached(
                "UPDATE story_revisions
                    SET number = ?2, saved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                        state = ?3, title = ?4, words = ?5, form = ?6
                  WHERE id = ?1",
            )?
            .execute(params![
                row,
                number,
                kept.state.as_str(),
                kept.title,
                words,
                kept.form
            ])?;
        }
        None => {
            conn.prepare_cached(
                "INSERT INTO story_revisions
                        (blog_id, number, saved_by, autosave, state, title, words, form)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                blog_id,
                number,
                kept.by,
                kept.autosave,
                kept.state.as_str(),
                kept.title,
                words,
                kept.form
            ])?;
        }
    }
    Ok(())
}

const LINE: &str = "r.number, r.saved_at, r.saved_by,
    (SELECT name FROM staff WHERE email_folded = lower(r.saved_by)),
    r.autosave, r.state, r.title, r.words";

fn line_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RevisionLine> {
    Ok(RevisionLine {
        number: r.get(0)?,
        saved_at: r.get(1)?,
        saved_by: r.get(2)?,
        saved_by_name: r.get(3)?,
        autosave: r.get(4)?,
        state: r.get(5)?,
        title: r.get(6)?,
        words: r.get(7)?,
    })
}

/// How many revisions the story `id` has and the newest `LIST_LIMIT` of them, newest
/// first; None when there is no such story.
pub fn list(
    conn: &Connection,
    id: &BlogId,
) -> Result<Option<(u64, Vec<RevisionLine>)>, StoreError> {
    let Some(blog_id) = row_id(conn, id)? else {
        return Ok(None);
    };
    Ok(Some(newest_first(
        conn,
        "SELECT count(*) FROM story_revisions WHERE blog_id = ?1",
        &format!(
            "SELECT {LINE} FROM story_revisions r WHERE r.blog_id = ?1
              ORDER BY r.number DESC LIMIT ?2"
        ),
        blog_id,
        line_row,
    )?))
}

/// The row a save moves on instead of adding one: the newest revision row of its owner
/// (`newest` answers its id, whether it is an autosave and who saved it, for the owner as
/// ?1) when the save and that row are both autosaves by `by`, so a run of one person's
/// autosaves is one row (a story's, a page's).
pub(crate) fn run_continued(
    conn: &Connection,
    newest: &str,
    owner: impl rusqlite::ToSql,
    autosave: bool,
    by: &str,
) -> Result<Option<i64>, StoreError> {
    if !autosave {
        return Ok(None);
    }
    let newest: Option<(i64, bool, String)> = conn
        .prepare_cached(newest)?
        .query_row([owner], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(newest
        .filter(|(_, autosave, saved_by)| *autosave && saved_by.eq_ignore_ascii_case(by))
        .map(|(row, _, _)| row))
}

/// How many revisions an owner has (`count`, the owner as ?1) and the newest `LIST_LIMIT`
/// of them (`lines`, the owner as ?1 and the limit as ?2), each read by `row`.
pub(crate) fn newest_first<T>(
    conn: &Connection,
    count: &str,
    lines: &str,
    owner: impl rusqlite::ToSql,
    row: fn(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<(u64, Vec<T>), StoreError> {
    let total: i64 = conn
        .prepare_cached(count)?
        .query_row([&owner], |r| r.get(0))?;
    let lines = conn
        .prepare_cached(lines)?
        .query_map(params![owner, LIST_LIMIT], row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((u64::try_from(total).unwrap_or(0), lines))
}

/// The revision `number` of the story `id` and its form (JSON), if both are there.
pub fn get(
    conn: &Connection,
    id: &BlogId,
    number: i64,
) -> Result<Option<(RevisionLine, String)>, StoreError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {LINE}, r.form FROM story_revisions r JOIN blogs b ON b.id = r.blog_id
              WHERE b.slug = ?1 AND r.number = ?2"
        ))?
        .query_row(params![id.as_str(), number], |r| {
            Ok((line_row(r)?, r.get(8)?))
        })
        .optional()?)
}

fn row_id(conn: &Connection, id: &BlogId) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT id FROM blogs WHERE slug = ?1")?
        .query_row([id.as_str()], |r| r.get(0))
        .optional()?)
}
