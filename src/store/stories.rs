//! The story editor's side of the blogs: every post whatever its state (the public reads in
//! `blogs` see only published ones), saves that must name the revision they started from,
//! and the scheduler's publishing of what is due.

pub mod revisions;

use rusqlite::{params, Connection, OptionalExtension};

use super::blogs::{self, Author, NewBlog};
use super::StoreError;
use crate::domain::blog_id::BlogId;
use crate::domain::post_file::BodyFormat;
use crate::domain::reading_time::word_count;
use crate::domain::search::SearchText;
use crate::domain::story::StoryState;

/// Stories per page of the editor's list.
pub const PAGE_SIZE: u32 = 25;

/// One line of the editor's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryLine {
    pub id: BlogId,
    pub title: String,
    pub state: StoryState,
    pub date: String,
    pub publish_at: Option<String>,
    pub updated_at: String,
    pub updated_by: Option<String>,
}

/// A story as the editor opens it.
#[derive(Debug, Clone, PartialEq)]
pub struct Story {
    pub id: BlogId,
    pub title: String,
    pub motive: String,
    pub tags: Vec<String>,
    pub author: Option<String>,
    pub author_photo: Option<String>,
    pub date: String,
    pub color: String,
    pub image: Option<String>,
    pub min_read: String,
    /// Whether `min_read` is counted from the words (no one typed it).
    pub min_read_counted: bool,
    /// Words of the body as visitors read it.
    pub words: usize,
    /// The body as written, or the stored HTML of a post from a post file.
    pub body: String,
    pub format: BodyFormat,
    pub state: StoryState,
    pub publish_at: Option<String>,
    pub revision: i64,
    pub updated_at: String,
    pub updated_by: Option<String>,
}

/// Why a save or a delete did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    NotFound,
    /// An autosave of a story that is not a draft.
    NotDraft,
    /// Someone saved it since: the revision now, and who saved it (when staff did).
    Stale {
        revision: i64,
        updated_by: Option<String>,
        updated_at: String,
    },
}

/// How many stories match, and one page of them: newest first (or best match first when
/// searching), drafts and scheduled ones included.
pub fn list(
    conn: &Connection,
    search: Option<&SearchText>,
    page: u32,
) -> Result<(u64, Vec<StoryLine>), StoreError> {
    let offset = i64::from(page.saturating_sub(1)) * i64::from(PAGE_SIZE);
    // Who saved it last, by the account's name when the stored address is an account's.
    const LINE: &str = "b.slug, b.title, b.state, b.date, b.publish_at, b.updated_at,
        coalesce((SELECT name FROM staff WHERE email_folded = lower(b.updated_by)), b.updated_by)";
    let (total, lines) = match search {
        None => {
            let total: i64 = conn
                .prepare_cached("SELECT count(*) FROM blogs")?
                .query_row([], |r| r.get(0))?;
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {LINE} FROM blogs b ORDER BY b.date DESC, b.id DESC LIMIT ?1 OFFSET ?2"
            ))?;
            let lines = stmt
                .query_map(params![PAGE_SIZE, offset], line_row)?
                .collect::<Result<Vec<_>, _>>()?;
            (total, lines)
        }
        Some(search) => {
            let total: i64 = conn
                .prepare_cached("SELECT count(*) FROM blog_search WHERE blog_search MATCH ?1")?
                .query_row([search.fts_query()], |r| r.get(0))?;
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {LINE} FROM blog_search s JOIN blogs b ON b.id = s.rowid
                 WHERE blog_search MATCH ?3
                 ORDER BY rank, b.date DESC, b.id DESC LIMIT ?1 OFFSET ?2"
            ))?;
            let lines = stmt
                .query_map(params![PAGE_SIZE, offset, search.fts_query()], line_row)?
                .collect::<Result<Vec<_>, _>>()?;
            (total, lines)
        }
    };
    Ok((u64::try_from(total).unwrap_or(0), lines))
}

fn line_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoryLine> {
    Ok(StoryLine {
        id: parse_slug(&row.get::<_, String>(0)?)?,
        title: row.get(1)?,
        state: parse_state(&row.get::<_, String>(2)?)?,
        date: row.get(3)?,
        publish_at: row.get(4)?,
        updated_at: row.get(5)?,
        updated_by: row.get(6)?,
    })
}

/// The story `id` in any state.
pub fn get(conn: &Connection, id: &BlogId) -> Result<Option<Story>, StoreError> {
    let found = conn
        .prepare_cached(
            "SELECT b.id, b.title, b.motive, a.name, a.profile_photo, b.date, b.color, b.blog_image,
                    b.min_read, coalesce(b.source, b.content), b.source_format, b.state,
                    b.publish_at, b.revision, b.updated_at,
                    coalesce((SELECT name FROM staff WHERE email_folded = lower(b.updated_by)), b.updated_by),
                    b.min_read_counted, b.body_text
               FROM blogs b LEFT JOIN authors a ON a.id = b.author_id WHERE b.slug = ?1",
        )?
        .query_row([id.as_str()], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                (
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, Option<String>>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, Option<String>>(7)?,
                    r.get::<_, String>(8)?,
                ),
                (
                    r.get::<_, String>(9)?,
                    r.get::<_, String>(10)?,
                    r.get::<_, String>(11)?,
                    r.get::<_, Option<String>>(12)?,
                    r.get::<_, i64>(13)?,
                    r.get::<_, String>(14)?,
                    r.get::<_, Option<String>>(15)?,
                ),
                (r.get::<_, bool>(16)?, r.get::<_, String>(17)?),
            ))
        })
        .optional()?;
    let Some((row_id, fields, editorial, (min_read_counted, body_text))) = found else {
        return Ok(None);
    };
    let (title, motive, author, author_photo, date, color, image, min_read) = fields;
    let (body, format, state, publish_at, revision, updated_at, updated_by) = editorial;
    let tags = conn
        .prepare_cached(
            "SELECT t.name FROM blog_tags bt JOIN tags t ON t.id = bt.tag_id
              WHERE bt.blog_id = ?1 ORDER BY bt.position",
        )?
        .query_map([row_id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(Some(Story {
        id: id.clone(),
        title,
        motive,
        tags,
        author,
        author_photo,
        date,
        color,
        image,
        min_read,
        min_read_counted,
        words: word_count(&body_text),
        body,
        format: BodyFormat::parse(&format).unwrap_or(BodyFormat::Html),
        state: parse_state(&state)?,
        publish_at,
        revision,
        updated_at,
        updated_by,
    }))
}

/// What a change to the stories sets going in its own transaction. The blogs table's
/// triggers do it, so every writer (the editor, `corpsite blog ...`, the schedule) gets the
/// same: any change moves the content version (`blog_version`, V2), which every public
/// cache keys on (the rendered pages, the blog API's answers, the sitemap and the feed);
/// a story that turns public queues one `story` mail per confirmed subscriber in the
/// outbox (V6), which the mail sender delivers. [`rippled`] reads both around a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ripple {
    /// The content version after the change: the caches drop what they kept before it.
    pub content_version: i64,
    /// The story mails the change queued.
    pub story_mails: i64,
}

/// Runs `change` and answers what it set going (see [`Ripple`]), in the caller's
/// transaction.
pub fn rippled<T>(
    conn: &Connection,
    change: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<(T, Ripple), StoreError> {
    let last_mail: i64 = conn
        .prepare_cached("SELECT coalesce(max(id), 0) FROM outbox")?
        .query_row([], |row| row.get(0))?;
    let done = change(conn)?;
    let content_version = blogs::version(conn)?;
    let story_mails = conn
        .prepare_cached("SELECT count(*) FROM outbox WHERE id > ?1 AND kind = 'story'")?
        .query_row([last_mail], |row| row.get(0))?;
    Ok((
        done,
        Ripple {
            content_version,
            story_mails,
        },
    ))
}

/// Adds the story the editor made (`blog`) and keeps its first revision; answers its id and
/// revision.
pub fn create(
    conn: &Connection,
    blog: &NewBlog,
    kept: &revisions::Kept,
) -> Result<(BlogId, i64), StoreError> {
    let id = blogs::insert(conn, blog)?;
    let revision = revision_of(conn, &id)?.unwrap_or(1);
    revisions::keep(conn, &id, revision, kept)?;
    Ok((id, revision))
}

/// Saves the story `id` if it is still at `revision` (and, for an autosave, still a draft),
/// and keeps the save as a revision. Answers its new revision and the media nothing uses
/// any more (for the caller to delete after the commit).
pub fn save(
    conn: &Connection,
    id: &BlogId,
    revision: i64,
    blog: &NewBlog,
    kept: &revisions::Kept,
) -> Result<Result<(i64, Vec<String>), Refused>, StoreError> {
    if let Some(refused) = refusal(conn, id, revision)? {
        return Ok(Err(refused));
    }
    if kept.autosave {
        let state: String = conn
            .prepare_cached("SELECT state FROM blogs WHERE slug = ?1")?
            .query_row([id.as_str()], |r| r.get(0))?;
        if state != StoryState::Draft.as_str() {
            return Ok(Err(Refused::NotDraft));
        }
    }
    let unused = blogs::update(conn, id, blog)?.unwrap_or_default();
    let revision = revision_of(conn, id)?.unwrap_or(revision + 1);
    revisions::keep(conn, id, revision, kept)?;
    Ok(Ok((revision, unused)))
}

/// Moves the story `id` into the trash if it is still at `revision` (`by` deletes it); answers
/// the media only it used (none while the trash keeps them).
pub fn delete(
    conn: &Connection,
    id: &BlogId,
    revision: i64,
    by: &str,
) -> Result<Result<Vec<String>, Refused>, StoreError> {
    if let Some(refused) = refusal(conn, id, revision)? {
        return Ok(Err(refused));
    }
    // Into the trash first, with the media it shows: they stay while it is kept there.
    if let Some((_, media)) = blogs::media_of(conn, id)? {
        let batch: String =
            conn.query_row("SELECT lower(hex(randomblob(16)))", [], |row| row.get(0))?;
        super::trash::keep_story(conn, id.as_str(), &media, &batch, by)?;
    }
    Ok(blogs::remove(conn, id)?.ok_or(Refused::NotFound))
}

/// Why a change made at `revision` may not go ahead, if it may not.
fn refusal(conn: &Connection, id: &BlogId, revision: i64) -> Result<Option<Refused>, StoreError> {
    let now: Option<(i64, Option<String>, String)> = conn
        .prepare_cached("SELECT b.revision,
                    coalesce((SELECT name FROM staff WHERE email_folded = lower(b.updated_by)), b.updated_by),
                    b.updated_at
               FROM blogs b WHERE b.slug = ?1")?
        .query_row([id.as_str()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(match now {
        None => Some(Refused::NotFound),
        Some((current, updated_by, updated_at)) if current != revision => Some(Refused::Stale {
            revision: current,
            updated_by,
            updated_at,
        }),
        Some(_) => None,
    })
}

pub fn revision_of(conn: &Connection, id: &BlogId) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT revision FROM blogs WHERE slug = ?1")?
        .query_row([id.as_str()], |r| r.get(0))
        .optional()?)
}

/// The earliest time a scheduled story goes public, if any is scheduled.
pub fn next_due(conn: &Connection) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT min(publish_at) FROM blogs WHERE state = 'scheduled'")?
        .query_row([], |r| r.get(0))?)
}

/// Publishes every scheduled story whose time (`now`, UTC text) has come, dated no earlier
/// than the office's day it goes public on (in the company details' zone, not UTC's).
/// Answers their ids.
pub fn publish_due(conn: &Connection, now: &str) -> Result<Vec<BlogId>, StoreError> {
    let zone = super::company_details::office_zone(conn);
    let due: Vec<(String, String)> = conn
        .prepare_cached(
            "SELECT slug, publish_at FROM blogs WHERE state = 'scheduled' AND publish_at <= ?1",
        )?
        .query_map([now], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut publish = conn.prepare_cached(
        "UPDATE blogs SET state = 'published', date = max(date, ?2),
                          publish_at = NULL, revision = revision + 1,
                          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE slug = ?1",
    )?;
    let mut published = Vec::with_capacity(due.len());
    for (slug, at) in due {
        let day = zone
            .date_of(&at)
            .unwrap_or_else(|| at.chars().take(10).collect());
        publish.execute(params![slug, day])?;
        published.push(parse_slug(&slug)?);
    }
    Ok(published)
}

/// The actor the audit log names for what the scheduler publishes.
pub const SCHEDULER: &str = "scheduler";

/// One look of the scheduler: when a scheduled story's time (`now`, UTC text) has come,
/// publishes every such story in one write, each with its audit entry. Answers how many
/// were published.
pub fn publish_scheduled(db: &super::Db, now: &str) -> Result<usize, StoreError> {
    let published = publish_when_due(db, now, next_due, |conn, now| {
        let published = publish_due(conn, now)?;
        for id in &published {
            super::audit::record(
                conn,
                &super::audit::Audit {
                    actor: SCHEDULER,
                    action: "published story on schedule",
                    subject: &format!("story {}", id.as_str()),
                    detail: "",
                    client_addr: "",
                },
            )?;
        }
        Ok(published)
    })?;
    Ok(published.len())
}

/// One look of a scheduler (the stories', the pages'): when the earliest scheduled time
/// (`next_due`, a cheap read) has come by `now` (UTC text), runs `publish_due` in one write
/// and answers what it published; else nothing, without a write.
pub fn publish_when_due<T: Send + 'static>(
    db: &super::Db,
    now: &str,
    next_due: fn(&Connection) -> Result<Option<String>, StoreError>,
    publish_due: impl FnOnce(&Connection, &str) -> Result<Vec<T>, StoreError> + Send + 'static,
) -> Result<Vec<T>, StoreError> {
    let due = db.read_blocking(next_due)?;
    if due.is_none_or(|due| due.as_str() > now) {
        return Ok(Vec::new());
    }
    let now = now.to_owned();
    db.write_blocking(move |conn| publish_due(conn, &now))
}

/// Tags and authors already in use, for the editor's pickers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    pub tags: Vec<String>,
    pub authors: Vec<Author>,
}

pub fn choices(conn: &Connection) -> Result<Choices, StoreError> {
    let tags = conn
        .prepare_cached("SELECT name FROM tags ORDER BY name COLLATE NOCASE")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    let authors = conn
        .prepare_cached("SELECT name, profile_photo FROM authors ORDER BY name COLLATE NOCASE")?
        .query_map([], |r| {
            Ok(Author {
                name: r.get(0)?,
                profile_photo: r.get(1)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Choices { tags, authors })
}

fn parse_slug(slug: &str) -> rusqlite::Result<BlogId> {
    BlogId::parse(slug).ok_or_else(|| {
        rusqlite::Error::InvalidColumnType(0, format!("slug {slug:?}"), rusqlite::types::Type::Text)
    })
}

fn parse_state(state: &str) -> rusqlite::Result<StoryState> {
    StoryState::parse(state).ok_or_else(|| {
        rusqlite::Error::InvalidColumnType(
            2,
            format!("state {state:?}"),
            rusqlite::types::Type::Text,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::blogs::Editorial;

    fn story(state: StoryState, publish_at: Option<&str>) -> NewBlog {
        NewBlog {
            title: "A scheduled story".into(),
            motive: "Why it matters".into(),
            content: "<p>Body</p>".into(),
            body_text: "Body".into(),
            blog_image: None,
            date: "2026-11-23".into(),
            min_read: "1 min read".into(),
            color: "#1d4e89".into(),
            tags: Vec::new(),
            author: None,
            editorial: Some(Editorial {
                state,
                publish_at: publish_at.map(str::to_owned),
                source: "Body".into(),
                format: BodyFormat::Markdown,
                updated_by: "office@corp.example".into(),
            }),
        }
    }

    #[test]
    fn a_post_file_update_keeps_a_scheduled_storys_time_and_the_scheduler_still_publishes_it() {
        let conn = crate::store::migrated();
        let at = "2026-11-25T09:00:00Z";
        let id = blogs::insert(&conn, &story(StoryState::Scheduled, Some(at))).expect("insert");
        let mut from_file = story(StoryState::Published, None);
        from_file.editorial = None;
        blogs::update(&conn, &id, &from_file).expect("update");
        let kept = get(&conn, &id).expect("get").expect("there");
        assert_eq!(
            (kept.state, kept.publish_at.as_deref()),
            (StoryState::Scheduled, Some(at))
        );
        assert!(publish_due(&conn, "2026-11-25T08:59:59Z")
            .expect("early")
            .is_empty());
        assert_eq!(
            publish_due(&conn, at).expect("due"),
            std::slice::from_ref(&id)
        );
        let published = get(&conn, &id).expect("get").expect("there");
        assert_eq!(published.state, StoryState::Published);
        assert_eq!(published.date, "2026-11-25", "dated the day it went public");
        assert!(blogs::get(&conn, &id).expect("public read").is_some());
    }

    #[test]
    fn a_story_published_on_schedule_is_dated_the_offices_day_not_utcs() {
        let conn = crate::store::migrated();
        // 01:52 on 29 November in the office (Asia/Kolkata, the zone of details not yet
        // saved) is still the 28th in UTC.
        let at = "2026-11-28T20:22:00Z";
        let mut scheduled = story(StoryState::Scheduled, Some(at));
        scheduled.date = "2026-11-20".into();
        let id = blogs::insert(&conn, &scheduled).expect("insert");
        assert_eq!(
            publish_due(&conn, at).expect("due"),
            std::slice::from_ref(&id)
        );
        assert_eq!(
            get(&conn, &id).expect("get").expect("there").date,
            "2026-11-29"
        );
    }
}
