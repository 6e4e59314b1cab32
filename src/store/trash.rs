//! The trash (`trash`, V29): an erased lead or a deleted story kept as the rows it was made
//! of, so that restoring it puts back exactly what was there, ids and all, for `trash_days`
//! days; and the erasure ledger, the hashed addresses of the people erased for privacy.
//!
//! A snapshot is written by SQL from the tables' own column lists (`PRAGMA table_info`), so
//! a column a later migration adds travels without a change here; a restore writes back the
//! columns that still exist (one since dropped is left out, one since added takes its
//! default). The row's own id is kept; a note's, a reply's or a mail's id that a newer row
//! took meanwhile is given a new one (a reply's mail follows its mail's).

use std::collections::{BTreeMap, HashMap, HashSet};

use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use serde_json::{Map, Value as Json};
use sha2::{Digest, Sha256};

use crate::domain::inbox::InboxList;
use crate::store::{blogs, inbox, StoreError};

/// Where a trashed item came from: a list of the inbox, or the stories.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Lead(InboxList),
    Stories,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::Lead(InboxList::Enquiries),
        Kind::Lead(InboxList::Subscribers),
        Kind::Lead(InboxList::Applicants),
        Kind::Stories,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Lead(list) => list.name(),
            Kind::Stories => "stories",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// The tables a lead is made of besides its own row, in the order a restore writes them
/// back (a row before the rows that refer to it; the mail before the replies naming it),
/// each with the condition that ties a row `x` of it to the lead `t`. `{kind}` is the
/// lead's note kind.
const LEAD_PARTS: [(&str, &str); 6] = [
    ("subscriptions", "x.enquiry_id = t.id"),
    ("lead_sources", "x.lead_id = t.id"),
    ("lead_stories", "x.lead_id = t.id"),
    ("outbox", "x.lead_id = t.id"),
    ("lead_notes", "x.lead_kind = '{kind}' AND x.lead_id = t.id"),
    (
        "lead_replies",
        "x.lead_kind = '{kind}' AND x.lead_id = t.id",
    ),
];

/// The tables whose `id` a restore keeps when it is free, or gives anew (a newer row may
/// have taken it: SQLite gives the highest id again once its row is gone).
const RENUMBERED: [&str; 4] = ["blogs", "outbox", "lead_notes", "lead_replies"];

/// A mail the outbox still held for a lead when it was erased is not sent after a restore:
/// its moment has passed. It comes back as dropped, saying why.
const NOT_SENT: &str = "Not sent: the lead was in the trash.";

/// The column names of `table`, in order.
fn columns(conn: &Connection, table: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(&format!("PRAGMA table_info(\"{table}\")"))?;
    let names = stmt
        .query_map([], |row| row.get::<_, String>(1))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(names)
}

/// SQL for the rows of `table` that `condition` ties to the outer row: a JSON array of
/// column-to-value objects.
fn rows_json(conn: &Connection, table: &str, condition: &str) -> rusqlite::Result<String> {
    let object = columns(conn, table)?
        .iter()
        .map(|c| format!("'{c}', x.\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    Ok(format!(
        "json((SELECT json_group_array(json_object({object})) FROM {table} x WHERE {condition}))"
    ))
}

/// Copies the leads of `list` that `ids` selects (an SQL list of ids, such as `?4` or a
/// subquery) into the trash, as `batch`, deleted by `by`; run it in the transaction that
/// then erases them. Answers how many were kept.
pub fn keep_leads(
    conn: &Connection,
    list: InboxList,
    ids: &str,
    one: Option<&str>,
    batch: &str,
    by: &str,
) -> rusqlite::Result<usize> {
    let (table, scope, note_kind) = inbox::scope(list);
    let (search, _) = inbox::search_index(list);
    // Where each lead's entry stands in its search index (the search's order), read in one
    // pass: the index ties an entry by an id it does not index.
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS trash_search (id TEXT PRIMARY KEY, place INTEGER) WITHOUT ROWID;
         DELETE FROM temp.trash_search;",
    )?;
    let places = format!(
        "INSERT OR IGNORE INTO temp.trash_search (id, place)
         SELECT s.id, s.rowid FROM {search} s WHERE s.id IN ({})",
        ids.replace("?4", "?1")
    );
    match one {
        Some(id) => conn.execute(&places, [id])?,
        None => conn.execute(&places, [])?,
    };
    let mut parts = vec![
        format!("'{table}', {}", rows_json(conn, table, "x.id = t.id")?),
        "'search_place', (SELECT place FROM temp.trash_search WHERE id = t.id)".to_owned(),
    ];
    for (part, condition) in LEAD_PARTS {
        let condition = condition.replace("{kind}", note_kind);
        parts.push(format!("'{part}', {}", rows_json(conn, part, &condition)?));
    }
    let files = if list == InboxList::Applicants {
        "json_array(t.resume_file)"
    } else {
        "'[]'"
    };
    let sql = format!(
        "INSERT INTO trash (kind, item_id, title, email, batch, rows, files, deleted_by)
         SELECT ?1, t.id, CASE WHEN t.name <> '' THEN t.name ELSE t.email END, t.email, ?2,
                json_object({}), {files}, ?3
         FROM {table} t WHERE {scope} AND t.id IN ({ids})",
        parts.join(", ")
    );
    let mut stmt = conn.prepare(&sql)?;
    let kept = match one {
        Some(id) => stmt.execute(params![list.name(), batch, by, id])?,
        None => stmt.execute(params![list.name(), batch, by])?,
    };
    conn.execute("DELETE FROM temp.trash_search", [])?;
    Ok(kept)
}

/// Copies the story `slug` into the trash (its row, its revisions, its tags and author by
/// name, the media it shows as `files`), deleted by `by`; run it in the transaction that
/// then deletes it. Answers whether the story was there.
pub fn keep_story(
    conn: &Connection,
    slug: &str,
    media: &[String],
    batch: &str,
    by: &str,
) -> rusqlite::Result<bool> {
    let sql = format!(
        "INSERT INTO trash (kind, item_id, title, batch, rows, files, deleted_by)
         SELECT 'stories', t.slug, t.title, ?2,
                json_object('blogs', {}, 'story_revisions', {},
                    'tags', json((SELECT json_group_array(name) FROM
                        (SELECT g.name FROM blog_tags bt JOIN tags g ON g.id = bt.tag_id
                          WHERE bt.blog_id = t.id ORDER BY bt.position))),
                    'author', json((SELECT json_object('name', a.name, 'profile_photo', a.profile_photo)
                                      FROM authors a WHERE a.id = t.author_id))),
                ?3, ?4
         FROM blogs t WHERE t.slug = ?1",
        rows_json(conn, "blogs", "x.id = t.id")?,
        rows_json(conn, "story_revisions", "x.blog_id = t.id")?,
    );
    let media = serde_json::to_string(media).unwrap_or_else(|_| "[]".into());
    Ok(conn.execute(&sql, params![slug, batch, media, by])? == 1)
}

/// The items of `kind` one erase put in the trash (`batch`), to put back together.
pub fn batch(conn: &Connection, kind: Kind, batch: &str) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached("SELECT item_id FROM trash WHERE kind = ?1 AND batch = ?2 ORDER BY id")?
        .query_map([kind.as_str(), batch], |row| row.get(0))?
        .collect()
}

/// One line of the trash as the staff list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub kind: Kind,
    pub id: String,
    pub title: String,
    /// Who: the staff member's name while the account is there, else the address.
    pub deleted_by: String,
    pub deleted_at: String,
    /// When it leaves the trash for good (UTC, as `deleted_at`).
    pub erased_at: String,
}

/// The trash's lines of `kinds`, newest first, at most `limit`, and how many there are.
pub fn list(conn: &Connection, kinds: &[Kind], limit: u32) -> rusqlite::Result<(Vec<Line>, u64)> {
    let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    let list = serde_json::to_string(&names).unwrap_or_else(|_| "[]".into());
    let days = days(conn)?;
    let mut stmt = conn.prepare_cached(
        "SELECT kind, item_id, title,
                coalesce((SELECT name FROM staff WHERE email_folded = lower(deleted_by)), deleted_by),
                deleted_at,
                strftime('%Y-%m-%dT%H:%M:%fZ', deleted_at, '+' || ?3 || ' days')
         FROM trash WHERE kind IN (SELECT value FROM json_each(?1))
         ORDER BY deleted_at DESC, id DESC LIMIT ?2",
    )?;
    let lines = stmt
        .query_map(params![list, limit, days], |row| {
            let kind: String = row.get(0)?;
            Ok((
                kind,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
            ))
        })?
        .filter_map(|row| match row {
            Ok((kind, id, title, deleted_by, deleted_at, erased_at)) => {
                Kind::parse(&kind).map(|kind| {
                    Ok(Line {
                        kind,
                        id,
                        title,
                        deleted_by,
                        deleted_at,
                        erased_at,
                    })
                })
            }
            Err(err) => Some(Err(err)),
        })
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let total: i64 = conn
        .prepare_cached(
            "SELECT count(*) FROM trash WHERE kind IN (SELECT value FROM json_each(?1))",
        )?
        .query_row([list], |row| row.get(0))?;
    Ok((lines, u64::try_from(total).unwrap_or(0)))
}

/// How many days the trash keeps what it holds.
pub fn days(conn: &Connection) -> rusqlite::Result<u32> {
    conn.prepare_cached("SELECT days FROM trash_days WHERE id = 1")?
        .query_row([], |row| row.get(0))
        .optional()
        .map(|days| days.unwrap_or(DEFAULT_DAYS))
}

pub const DEFAULT_DAYS: u32 = 30;
pub const MAX_DAYS: u32 = 365;

pub fn set_days(conn: &Connection, days: u32) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO trash_days (id, days) VALUES (1, ?1)
         ON CONFLICT (id) DO UPDATE SET days = excluded.days",
    )?
    .execute([days])?;
    Ok(())
}

/// Why an item could not come back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Not in the trash (restored or erased already, or never there).
    NotFound,
    /// Something else holds its address now: a story published since under the same one.
    Taken,
}

/// What a restore put back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    pub kind: Kind,
    pub id: String,
    pub title: String,
}

/// Puts the item back exactly as the trash keeps it, and takes it out of the trash. Run it
/// in a transaction.
pub fn restore(
    conn: &Connection,
    kind: Kind,
    item_id: &str,
) -> Result<Result<Restored, Refused>, StoreError> {
    let found: Option<(i64, String, String)> = conn
        .prepare_cached("SELECT id, title, rows FROM trash WHERE kind = ?1 AND item_id = ?2")?
        .query_row([kind.as_str(), item_id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .optional()?;
    let Some((row_id, title, rows)) = found else {
        return Ok(Err(Refused::NotFound));
    };
    // Written by `keep_leads` or `keep_story` as JSON: unreadable only if written by hand.
    let rows: Map<String, Json> = serde_json::from_str(&rows).unwrap_or_default();
    let done = match kind {
        Kind::Lead(list) => put_lead_back(conn, list, item_id, &rows)?,
        Kind::Stories => put_story_back(conn, item_id, &rows)?,
    };
    if let Err(refused) = done {
        return Ok(Err(refused));
    }
    conn.prepare_cached("DELETE FROM trash WHERE id = ?1")?
        .execute([row_id])?;
    Ok(Ok(Restored {
        kind,
        id: item_id.to_owned(),
        title,
    }))
}

/// The rows of `table` in a snapshot.
fn rows_of<'a>(rows: &'a Map<String, Json>, table: &str) -> &'a [Json] {
    rows.get(table)
        .and_then(Json::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn put_lead_back(
    conn: &Connection,
    list: InboxList,
    id: &str,
    rows: &Map<String, Json>,
) -> Result<Result<(), Refused>, StoreError> {
    let (table, _, _) = inbox::scope(list);
    let taken: bool = conn
        .prepare(&format!(
            "SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"
        ))?
        .query_row([id], |row| row.get(0))?;
    if taken {
        return Ok(Err(Refused::Taken));
    }
    if rows_of(rows, table).is_empty() {
        return Ok(Err(Refused::NotFound));
    }
    for row in rows_of(rows, table) {
        let mut row = object(row);
        // What it pointed at may have gone meanwhile: an account removed, a job deleted.
        unlink_if_gone(conn, &mut row, "assigned_to", "staff")?;
        unlink_if_gone(conn, &mut row, "job_id", "jobs")?;
        insert(conn, table, &row, false)?;
    }
    if let Some(place) = rows.get("search_place").and_then(Json::as_i64) {
        back_in_its_place(conn, list, id, place)?;
    }
    // The lead's own triggers may have written rows of its parts (a subscription waiting for
    // its confirmation): the snapshot's rows take their place.
    conn.prepare_cached("DELETE FROM outbox WHERE lead_id = ?1")?
        .execute([id])?;
    let mut renumbered: HashMap<i64, i64> = HashMap::new();
    for (part, _) in LEAD_PARTS {
        for row in rows_of(rows, part) {
            let mut row = object(row);
            if part == "outbox" && row.get("state").and_then(Json::as_str) == Some("queued") {
                row.insert("state".into(), Json::from("dropped"));
                row.insert("last_error".into(), Json::from(NOT_SENT));
            }
            if part == "lead_replies" {
                if let Some(old) = row.get("outbox_id").and_then(Json::as_i64) {
                    if let Some(new) = renumbered.get(&old) {
                        row.insert("outbox_id".into(), Json::from(*new));
                    }
                }
            }
            let old = row.get("id").and_then(Json::as_i64);
            let new = insert(conn, part, &row, part == "subscriptions")?;
            if let (Some(old), "outbox") = (old, part) {
                renumbered.insert(old, new);
            }
        }
    }
    Ok(Ok(()))
}

/// Moves the lead's search entry, which its row's trigger has just written at the end of the
/// list's range of the index, back to the place it had (`place`), when that is free: the
/// search lists its matches newest entry first, and a restored lead is not new.
fn back_in_its_place(
    conn: &Connection,
    list: InboxList,
    id: &str,
    place: i64,
) -> rusqlite::Result<()> {
    let (search, search_scope) = inbox::search_index(list);
    let written: Option<(i64, String)> = conn
        .prepare_cached(&format!(
            "SELECT s.rowid, s.id FROM {search} s
             WHERE s.rowid = (SELECT max(s.rowid) FROM {search} s WHERE {search_scope})"
        ))?
        .query_row([], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    let Some((written, _)) = written.filter(|(written, found)| found == id && *written != place)
    else {
        return Ok(());
    };
    let taken: bool = conn
        .prepare_cached(&format!(
            "SELECT EXISTS (SELECT 1 FROM {search} WHERE rowid = ?1)"
        ))?
        .query_row([place], |row| row.get(0))?;
    if taken {
        return Ok(());
    }
    let columns = columns(conn, search)?
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    conn.prepare_cached(&format!(
        "INSERT INTO {search} (rowid, {columns}) SELECT ?1, {columns} FROM {search} WHERE rowid = ?2"
    ))?
    .execute(params![place, written])?;
    conn.prepare_cached(&format!("DELETE FROM {search} WHERE rowid = ?1"))?
        .execute([written])?;
    Ok(())
}

fn put_story_back(
    conn: &Connection,
    slug: &str,
    rows: &Map<String, Json>,
) -> Result<Result<(), Refused>, StoreError> {
    let taken: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM blogs WHERE slug = ?1)")?
        .query_row([slug], |row| row.get(0))?;
    if taken {
        return Ok(Err(Refused::Taken));
    }
    let Some(story) = rows_of(rows, "blogs").first() else {
        return Ok(Err(Refused::NotFound));
    };
    let mut story = object(story);
    let author = rows.get("author").and_then(Json::as_object).and_then(|a| {
        a.get("name")
            .and_then(Json::as_str)
            .map(|name| blogs::Author {
                name: name.to_owned(),
                profile_photo: a
                    .get("profile_photo")
                    .and_then(Json::as_str)
                    .map(str::to_owned),
            })
    });
    let author_id = blogs::author_id(conn, author.as_ref())?;
    story.insert("author_id".into(), author_id.map_or(Json::Null, Json::from));
    let mail_before: i64 =
        conn.query_row("SELECT coalesce(max(id), 0) FROM outbox", [], |row| {
            row.get(0)
        })?;
    let blog_id = insert(conn, "blogs", &story, false)?;
    // A story that comes back is no news: the mail its first publishing sent is not sent
    // again, nor to the readers who joined since.
    conn.execute(
        "DELETE FROM outbox WHERE kind = 'story' AND blog_slug = ?1 AND id > ?2",
        params![slug, mail_before],
    )?;
    let tags: Vec<String> = rows_of(rows, "tags")
        .iter()
        .filter_map(|t| t.as_str().map(str::to_owned))
        .collect();
    blogs::set_tags(conn, blog_id, &tags)?;
    for revision in rows_of(rows, "story_revisions") {
        let mut revision = object(revision);
        revision.remove("id");
        revision.insert("blog_id".into(), Json::from(blog_id));
        insert(conn, "story_revisions", &revision, false)?;
    }
    Ok(Ok(()))
}

fn object(row: &Json) -> Map<String, Json> {
    row.as_object().cloned().unwrap_or_default()
}

/// Sets `column` of `row` to null when the `table` row it names is gone.
fn unlink_if_gone(
    conn: &Connection,
    row: &mut Map<String, Json>,
    column: &str,
    table: &str,
) -> rusqlite::Result<()> {
    if let Some(id) = row.get(column).and_then(Json::as_i64) {
        let there: bool = conn
            .prepare(&format!(
                "SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"
            ))?
            .query_row([id], |r| r.get(0))?;
        if !there {
            row.insert(column.into(), Json::Null);
        }
    }
    Ok(())
}

/// Writes `row` into `table` (the columns it still has), keeping an `id` of the renumbered
/// tables only while it is free; `replace` lets the row take the place of one with its key.
/// Answers the new row's rowid.
fn insert(
    conn: &Connection,
    table: &str,
    row: &Map<String, Json>,
    replace: bool,
) -> rusqlite::Result<i64> {
    let known: HashSet<String> = columns(conn, table)?.into_iter().collect();
    let mut row: BTreeMap<&str, &Json> = row
        .iter()
        .filter(|(column, _)| known.contains(column.as_str()))
        .map(|(column, value)| (column.as_str(), value))
        .collect();
    if RENUMBERED.contains(&table) {
        if let Some(id) = row.get("id").and_then(|id| id.as_i64()) {
            let taken: bool = conn
                .prepare(&format!(
                    "SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"
                ))?
                .query_row([id], |r| r.get(0))?;
            if taken {
                row.remove("id");
            }
        }
    }
    let names = row
        .keys()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let marks = vec!["?"; row.len()].join(", ");
    let verb = if replace {
        "INSERT OR REPLACE"
    } else {
        "INSERT"
    };
    conn.prepare_cached(&format!("{verb} INTO {table} ({names}) VALUES ({marks})"))?
        .execute(params_from_iter(row.values().map(|value| sql_value(value))))?;
    Ok(conn.last_insert_rowid())
}

fn sql_value(value: &Json) -> Value {
    match value {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Integer(i64::from(*b)),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Real(n.as_f64().unwrap_or(0.0)),
        },
        Json::String(s) => Value::Text(s.clone()),
        other => Value::Text(other.to_string()),
    }
}

/// What leaving the trash for good leaves to delete once it commits.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Purged {
    pub count: u64,
    /// Resume files under uploads/.
    pub resumes: Vec<String>,
    /// Media files nothing shows any more (with their other renditions).
    pub media: Vec<String>,
}

/// Which entries leave the trash for good.
pub enum Purge<'a> {
    /// Those kept longer than the trash's days.
    Expired,
    /// One, erased at once from the trash.
    One(Kind, &'a str),
    /// Every lead of one address (privacy erasure), the address folded.
    Person(&'a str),
}

/// Takes entries out of the trash for good; answers the files to delete after the commit.
/// Run it in a transaction.
pub fn purge(conn: &Connection, which: Purge<'_>) -> Result<Purged, StoreError> {
    let ids: Vec<i64> = match which {
        Purge::Expired => {
            let days = days(conn)?;
            conn.prepare_cached(
                "SELECT id FROM trash
                 WHERE deleted_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?1 || ' days')",
            )?
            .query_map([days], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?
        }
        Purge::One(kind, id) => conn
            .prepare_cached("SELECT id FROM trash WHERE kind = ?1 AND item_id = ?2")?
            .query_map([kind.as_str(), id], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?,
        Purge::Person(folded) => {
            let mut stmt =
                conn.prepare_cached("SELECT id, email FROM trash WHERE email IS NOT NULL")?;
            let rows = stmt.query_map([], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
            })?;
            let mut ids = Vec::new();
            for row in rows {
                let (id, email) = row?;
                if email.to_lowercase() == folded {
                    ids.push(id);
                }
            }
            ids
        }
    };
    let mut purged = Purged::default();
    let mut media = Vec::new();
    for id in ids {
        let (kind, files): (String, String) = conn
            .prepare_cached("DELETE FROM trash WHERE id = ?1 RETURNING kind, files")?
            .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))?;
        let files: Vec<String> = serde_json::from_str(&files).unwrap_or_default();
        purged.count += 1;
        match Kind::parse(&kind) {
            Some(Kind::Stories) => media.extend(files),
            Some(Kind::Lead(InboxList::Applicants)) => purged.resumes.extend(files),
            _ => {}
        }
    }
    purged.media = blogs::unused_media(conn, media)?;
    Ok(purged)
}

/// The ledger's name for an address (folded as the inbox folds it): its SHA-256, in hex.
pub fn ledger_hash(folded: &str) -> String {
    hex::encode(Sha256::digest(folded.as_bytes()))
}

/// Writes that the address `folded` was erased for privacy.
pub fn record_erasure(conn: &Connection, folded: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT OR IGNORE INTO erasure_ledger (hash) VALUES (?1)")?
        .execute([ledger_hash(folded)])?;
    Ok(())
}

/// Every hash in the ledger.
pub fn ledger(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare("SELECT hash FROM erasure_ledger ORDER BY hash")?
        .query_map([], |row| row.get(0))?
        .collect()
}

/// The addresses (folded) of every lead and trashed lead whose hash is in the ledger:
/// those a restored database still holds of people erased for privacy.
pub fn ledgered_addresses(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let hashes: HashSet<String> = ledger(conn)?.into_iter().collect();
    if hashes.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = std::collections::BTreeSet::new();
    for sql in [
        "SELECT email FROM enquiries",
        "SELECT email FROM applicants",
        "SELECT email FROM trash WHERE email IS NOT NULL",
    ] {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map([], |row| row.get::<_, String>(0))?;
        for email in rows {
            let folded = email?.to_lowercase();
            if hashes.contains(&ledger_hash(&folded)) {
                found.insert(folded);
            }
        }
    }
    Ok(found.into_iter().collect())
}

/// Adds `hashes` to the ledger (those of the database a restore replaced).
pub fn add_to_ledger(conn: &Connection, hashes: &[String]) -> rusqlite::Result<()> {
    let mut stmt =
        conn.prepare_cached("INSERT OR IGNORE INTO erasure_ledger (hash) VALUES (?1)")?;
    for hash in hashes {
        stmt.execute([hash])?;
    }
    Ok(())
}

/// Whether the trash keeps the resume file `name` (it is no orphan).
pub fn keeps_resume(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM trash, json_each(trash.files)
                         WHERE trash.kind = 'applicants' AND json_each.value = ?1)",
    )?
    .query_row([name], |row| row.get(0))
}
