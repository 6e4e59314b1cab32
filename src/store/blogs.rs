//! Blogs, with their authors and tags: plain functions over a connection.
//!
//! The FTS index and the version counter follow by themselves (triggers in V2__blogs.sql).

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::media_images::{parse_renditions, ImageRecord};
use super::StoreError;
use crate::domain::blog_id::BlogId;
use crate::domain::img_sources::img_sources;
use crate::domain::post_file::BodyFormat;
use crate::domain::sanitize::is_media_path;
use crate::domain::search::SearchText;
use crate::domain::story::StoryState;

/// A post as it is written: every field already checked and sanitized.
#[derive(Debug, Clone, PartialEq)]
pub struct NewBlog {
    pub title: String,
    pub motive: String,
    /// Sanitized HTML.
    pub content: String,
    pub body_text: String,
    /// Media path, such as `blogs/3f9a0c1d2e3f4a5b.svg`.
    pub blog_image: Option<String>,
    /// YYYY-MM-DD.
    pub date: String,
    pub min_read: String,
    pub color: String,
    pub tags: Vec<String>,
    pub author: Option<Author>,
    /// Where the story stands and its body as written, when it comes from the editor; `None`
    /// for a post file or the seed (published; an update keeps the state it had).
    pub editorial: Option<Editorial>,
}

/// What the story editor adds to a post.
#[derive(Debug, Clone, PartialEq)]
pub struct Editorial {
    pub state: StoryState,
    /// UTC `YYYY-MM-DDTHH:MM:SSZ`, for a scheduled story.
    pub publish_at: Option<String>,
    /// The body as written.
    pub source: String,
    pub format: BodyFormat,
    /// The staff member's email.
    pub updated_by: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub name: String,
    /// Media path, or None for "no photo".
    pub profile_photo: Option<String>,
}

/// A post as it is read.
#[derive(Debug, Clone, PartialEq)]
pub struct BlogRecord {
    pub id: BlogId,
    pub title: String,
    pub motive: String,
    pub content: String,
    pub blog_image: Option<String>,
    pub date: String,
    pub min_read: String,
    pub color: String,
    pub tags: Vec<String>,
    pub author: Option<Author>,
    /// The size and renditions of `blog_image`, when it is a recorded raster image.
    pub blog_image_set: Option<ImageRecord>,
    /// The same for the author's photo.
    pub profile_photo_set: Option<ImageRecord>,
}

/// One line of `corpsite blog list`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogSummary {
    pub id: BlogId,
    pub date: String,
    pub title: String,
}

/// Weights of title, motive, body, tags and author in the ranking.
const RANK: &str = "bm25(blog_search, 10.0, 4.0, 1.0, 6.0, 6.0)";
const COLUMNS: &str =
    "b.id, b.slug, b.title, b.motive, b.content, b.blog_image, b.date, b.min_read, b.color, \
                       a.name, a.profile_photo, \
                       mi.width, mi.height, mi.renditions, mp.width, mp.height, mp.renditions";
/// The author and the recorded sizes of the post's image and the author's photo.
const JOINS: &str = "LEFT JOIN authors a ON a.id = b.author_id \
                     LEFT JOIN media_images mi ON mi.path = b.blog_image \
                     LEFT JOIN media_images mp ON mp.path = a.profile_photo";

/// Adds a post under a new, unique id made from its title.
pub fn insert(conn: &Connection, blog: &NewBlog) -> Result<BlogId, StoreError> {
    let id = unique_id(conn, &BlogId::from_title(&blog.title))?;
    let author_id = author_id(conn, blog.author.as_ref())?;
    let editorial = blog.editorial.as_ref();
    conn.prepare_cached(
        "INSERT INTO blogs (slug, title, motive, content, body_text, blog_image, date, min_read, color, author_id,
                            state, publish_at, source, source_format, updated_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        id.as_str(),
        blog.title,
        blog.motive,
        blog.content,
        blog.body_text,
        blog.blog_image,
        blog.date,
        blog.min_read,
        blog.color,
        author_id,
        editorial.map_or(StoryState::Published, |e| e.state).as_str(),
        editorial.and_then(|e| e.publish_at.as_deref()),
        editorial.map(|e| e.source.as_str()),
        editorial.map_or(BodyFormat::Html, |e| e.format).as_str(),
        editorial.map(|e| e.updated_by.as_str()),
    ])?;
    set_tags(conn, conn.last_insert_rowid(), &blog.tags)?;
    Ok(id)
}

/// Replaces everything of the post `id` but its id. Answers the media paths nothing uses
/// any more (for the caller to delete after the commit), or None when there is no such post.
pub fn update(
    conn: &Connection,
    id: &BlogId,
    blog: &NewBlog,
) -> Result<Option<Vec<String>>, StoreError> {
    let Some((row_id, before)) = media_of(conn, id)? else {
        return Ok(None);
    };
    let author_id = author_id(conn, blog.author.as_ref())?;
    let editorial = blog.editorial.as_ref();
    // A post file's update keeps the state the post had (?11 NULL) and, when scheduled, its
    // time; its body is the file's from now on (no source).
    conn.prepare_cached(
        "UPDATE blogs SET title = ?2, motive = ?3, content = ?4, body_text = ?5, blog_image = ?6, date = ?7,
                          min_read = ?8, color = ?9, author_id = ?10,
                          state = coalesce(?11, state),
                          publish_at = CASE WHEN ?11 IS NULL THEN publish_at ELSE ?12 END, source = ?13,
                          source_format = ?14, updated_by = ?15, revision = revision + 1,
                          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1",
    )?
    .execute(params![
        row_id,
        blog.title,
        blog.motive,
        blog.content,
        blog.body_text,
        blog.blog_image,
        blog.date,
        blog.min_read,
        blog.color,
        author_id,
        editorial.map(|e| e.state.as_str()),
        editorial.and_then(|e| e.publish_at.as_deref()),
        editorial.map(|e| e.source.as_str()),
        editorial.map_or(BodyFormat::Html, |e| e.format).as_str(),
        editorial.map(|e| e.updated_by.as_str()),
    ])?;
    set_tags(conn, row_id, &blog.tags)?;
    remove_orphans(conn)?;
    Ok(Some(unused_media(conn, before)?))
}

/// Deletes the post `id`, and the tags and authors only it had. Answers the media paths
/// nothing uses any more, or None when there is no such post.
pub fn remove(conn: &Connection, id: &BlogId) -> Result<Option<Vec<String>>, StoreError> {
    let Some((row_id, before)) = media_of(conn, id)? else {
        return Ok(None);
    };
    conn.prepare_cached("DELETE FROM blogs WHERE id = ?1")?
        .execute([row_id])?;
    remove_orphans(conn)?;
    Ok(Some(unused_media(conn, before)?))
}

/// How many posts match (all of them without a search).
pub fn count(conn: &Connection, search: Option<&SearchText>) -> Result<u64, StoreError> {
    let total: i64 = match search {
        None => conn
            .prepare_cached("SELECT count(*) FROM blogs WHERE state = 'published'")?
            .query_row([], |r| r.get(0))?,
        Some(search) => conn
            .prepare_cached(
                "SELECT count(*) FROM blog_search s JOIN blogs b ON b.id = s.rowid
                 WHERE blog_search MATCH ?1 AND b.state = 'published'",
            )?
            .query_row([search.fts_query()], |r| r.get(0))?,
    };
    Ok(u64::try_from(total).unwrap_or(0))
}

/// One page of posts: newest first, or best match first when searching.
pub fn list(
    conn: &Connection,
    search: Option<&SearchText>,
    limit: u64,
    offset: u64,
) -> Result<Vec<BlogRecord>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let offset = i64::try_from(offset).unwrap_or(i64::MAX);
    let rows = match search {
        None => {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM blogs b {JOINS}
                 WHERE b.state = 'published'
                 ORDER BY b.date DESC, b.id DESC LIMIT ?1 OFFSET ?2"
            ))?;
            let rows = stmt.query_map(params![limit, offset], record_row)?;
            rows.collect::<Result<Vec<_>, _>>()?
        }
        Some(search) => {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM blog_search s JOIN blogs b ON b.id = s.rowid {JOINS}
                 WHERE blog_search MATCH ?3 AND b.state = 'published'
                 ORDER BY {RANK}, b.date DESC, b.id DESC LIMIT ?1 OFFSET ?2"
            ))?;
            let rows = stmt.query_map(params![limit, offset, search.fts_query()], record_row)?;
            rows.collect::<Result<Vec<_>, _>>()?
        }
    };
    rows.into_iter()
        .map(|(row_id, record)| with_tags(conn, row_id, record))
        .collect()
}

/// The post `id`, if there is one and it is public.
pub fn get(conn: &Connection, id: &BlogId) -> Result<Option<BlogRecord>, StoreError> {
    let found = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM blogs b {JOINS} WHERE b.slug = ?1 AND b.state = 'published'"
        ))?
        .query_row([id.as_str()], record_row)
        .optional()?;
    found
        .map(|(row_id, record)| with_tags(conn, row_id, record))
        .transpose()
}

/// Every public post, newest first: id, date and title.
pub fn summaries(conn: &Connection) -> Result<Vec<BlogSummary>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT slug, date, title FROM blogs WHERE state = 'published' ORDER BY date DESC, id DESC",
    )?;
    let rows = stmt.query_map([], |row| {
        let slug: String = row.get(0)?;
        Ok((slug, row.get(1)?, row.get(2)?))
    })?;
    let mut summaries = Vec::new();
    for row in rows {
        let (slug, date, title) = row?;
        summaries.push(BlogSummary {
            id: stored_id(slug)?,
            date,
            title,
        });
    }
    Ok(summaries)
}

/// A number that changes whenever anything the blog API shows changes, in any process.
pub fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn
        .prepare_cached("SELECT version FROM blog_version WHERE id = 1")?
        .query_row([], |r| r.get(0))?)
}

/// Is the media file `path` used by any post or author, or kept for a story in the trash?
pub fn media_in_use(conn: &Connection, path: &str) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM blogs WHERE blog_image = ?1 OR instr(content, ?1) > 0)
                 OR EXISTS (SELECT 1 FROM authors WHERE profile_photo = ?1)
                 OR EXISTS (SELECT 1 FROM trash, json_each(trash.files)
                             WHERE trash.kind = 'stories' AND json_each.value = ?1)",
        )?
        .query_row([path], |r| r.get(0))?)
}

fn unique_id(conn: &Connection, base: &BlogId) -> Result<BlogId, StoreError> {
    let mut taken = conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM blogs WHERE slug = ?1)")?;
    let mut candidate = base.clone();
    let mut n = 1;
    while taken.query_row([candidate.as_str()], |r| r.get::<_, bool>(0))? {
        n += 1;
        candidate = base.with_suffix(n);
    }
    Ok(candidate)
}

/// The author's row, made or given the new photo as needed.
pub(crate) fn author_id(
    conn: &Connection,
    author: Option<&Author>,
) -> Result<Option<i64>, StoreError> {
    let Some(author) = author else {
        return Ok(None);
    };
    let existing: Option<(i64, Option<String>)> = conn
        .prepare_cached("SELECT id, profile_photo FROM authors WHERE name = ?1")?
        .query_row([&author.name], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match existing {
        Some((id, photo)) => {
            // A post without a photo leaves the author's photo as it is.
            if author.profile_photo.is_some() && author.profile_photo != photo {
                conn.prepare_cached("UPDATE authors SET profile_photo = ?2 WHERE id = ?1")?
                    .execute(params![id, author.profile_photo])?;
            }
            Ok(Some(id))
        }
        None => {
            conn.prepare_cached("INSERT INTO authors (name, profile_photo) VALUES (?1, ?2)")?
                .execute(params![author.name, author.profile_photo])?;
            Ok(Some(conn.last_insert_rowid()))
        }
    }
}

pub(crate) fn set_tags(
    conn: &Connection,
    blog_row: i64,
    tags: &[String],
) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM blog_tags WHERE blog_id = ?1")?
        .execute([blog_row])?;
    for (position, name) in tags.iter().enumerate() {
        conn.prepare_cached("INSERT INTO tags (name) VALUES (?1) ON CONFLICT (name) DO NOTHING")?
            .execute([name])?;
        let tag_id: i64 = conn
            .prepare_cached("SELECT id FROM tags WHERE name = ?1")?
            .query_row([name], |r| r.get(0))?;
        conn.prepare_cached(
            "INSERT OR IGNORE INTO blog_tags (blog_id, tag_id, position) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![blog_row, tag_id, position as i64])?;
    }
    Ok(())
}

/// The post's row id and the media paths it uses (its image, its author's photo and the
/// images its body shows).
pub(crate) fn media_of(
    conn: &Connection,
    id: &BlogId,
) -> Result<Option<(i64, Vec<String>)>, StoreError> {
    let found: Option<(i64, Option<String>, Option<String>, String)> = conn
        .prepare_cached(
            "SELECT b.id, b.blog_image, a.profile_photo, b.content FROM blogs b
             LEFT JOIN authors a ON a.id = b.author_id WHERE b.slug = ?1",
        )?
        .query_row([id.as_str()], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .optional()?;
    Ok(found.map(|(row_id, image, photo, content)| {
        let inline = img_sources(&content)
            .into_iter()
            .filter(|src| is_media_path(src));
        (
            row_id,
            image.into_iter().chain(photo).chain(inline).collect(),
        )
    }))
}

fn remove_orphans(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM blog_tags);
         DELETE FROM authors WHERE id NOT IN (SELECT author_id FROM blogs WHERE author_id IS NOT NULL);",
    )?;
    Ok(())
}

/// The candidates nothing uses any more, with the other renditions of each (whose records
/// are forgotten here).
pub(crate) fn unused_media(
    conn: &Connection,
    candidates: Vec<String>,
) -> Result<Vec<String>, StoreError> {
    let mut unused = Vec::new();
    for path in candidates {
        if !media_in_use(conn, &path)? && !unused.contains(&path) {
            let renditions = super::media_images::forget(conn, &path)?;
            unused.push(path);
            unused.extend(renditions);
        }
    }
    Ok(unused)
}

fn record_row(row: &Row<'_>) -> rusqlite::Result<(i64, BlogRecord)> {
    let slug: String = row.get(1)?;
    let author_name: Option<String> = row.get(9)?;
    let record = BlogRecord {
        id: BlogId::parse(&slug).ok_or_else(|| bad_slug(&slug))?,
        title: row.get(2)?,
        motive: row.get(3)?,
        content: row.get(4)?,
        blog_image: row.get(5)?,
        date: row.get(6)?,
        min_read: row.get(7)?,
        color: row.get(8)?,
        tags: Vec::new(),
        author: match author_name {
            Some(name) => Some(Author {
                name,
                profile_photo: row.get(10)?,
            }),
            None => None,
        },
        blog_image_set: image_set(row, 5, 11)?,
        profile_photo_set: image_set(row, 10, 14)?,
    };
    Ok((row.get(0)?, record))
}

/// The recorded image whose path is column `path` and whose width, height and renditions
/// start at column `first`.
fn image_set(row: &Row<'_>, path: usize, first: usize) -> rusqlite::Result<Option<ImageRecord>> {
    let path: Option<String> = row.get(path)?;
    let width: Option<u32> = row.get(first)?;
    let height: Option<u32> = row.get(first + 1)?;
    let renditions: Option<String> = row.get(first + 2)?;
    Ok(match (path, width, height, renditions) {
        (Some(path), Some(width), Some(height), Some(renditions)) => Some(ImageRecord {
            path,
            width,
            height,
            renditions: parse_renditions(&renditions),
        }),
        _ => None,
    })
}

fn with_tags(
    conn: &Connection,
    blog_row: i64,
    mut record: BlogRecord,
) -> Result<BlogRecord, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT t.name FROM blog_tags bt JOIN tags t ON t.id = bt.tag_id WHERE bt.blog_id = ?1 ORDER BY bt.position",
    )?;
    record.tags = stmt
        .query_map([blog_row], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(record)
}

fn stored_id(slug: String) -> Result<BlogId, StoreError> {
    BlogId::parse(&slug).ok_or_else(|| StoreError::Sqlite(bad_slug(&slug)))
}

/// A stored slug always parses; a row that does not was written by hand.
fn bad_slug(slug: &str) -> rusqlite::Error {
    rusqlite::Error::InvalidColumnType(1, format!("slug {slug:?}"), rusqlite::types::Type::Text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrated;

    fn blog(title: &str, date: &str) -> NewBlog {
        NewBlog {
            title: title.into(),
            motive: format!("Why {title} matters"),
            content: "<p>Plain body text</p>".into(),
            body_text: "Plain body text".into(),
            blog_image: None,
            date: date.into(),
            min_read: "1 min read".into(),
            color: "#1d4e89".into(),
            tags: Vec::new(),
            author: None,
            editorial: None,
        }
    }

    fn search(conn: &Connection, text: &str) -> Vec<String> {
        let text = SearchText::parse(text).expect("a search");
        list(conn, Some(&text), 100, 0)
            .expect("search runs")
            .into_iter()
            .map(|b| b.id.to_string())
            .collect()
    }

    #[test]
    fn ids_are_unique_with_numeric_suffixes_and_survive_updates() {
        let conn = migrated();
        let ids: Vec<String> = (0..3)
            .map(|_| {
                insert(&conn, &blog("Same Title", "2025-01-01"))
                    .expect("insert")
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["same-title", "same-title-2", "same-title-3"]);
        let id = BlogId::parse("same-title-2").expect("id");
        update(&conn, &id, &blog("A New Title", "2025-01-02")).expect("update");
        let updated = get(&conn, &id).expect("get").expect("still there");
        assert_eq!(
            (updated.id.as_str(), updated.title.as_str()),
            ("same-title-2", "A New Title")
        );
    }

    #[test]
    fn lists_are_newest_first_then_by_id() {
        let conn = migrated();
        for (title, date) in [
            ("Old", "2024-01-01"),
            ("New", "2025-05-05"),
            ("Same day later", "2025-05-05"),
        ] {
            insert(&conn, &blog(title, date)).expect("insert");
        }
        let ids: Vec<String> = list(&conn, None, 10, 0)
            .expect("list")
            .into_iter()
            .map(|b| b.id.to_string())
            .collect();
        assert_eq!(ids, ["same-day-later", "new", "old"]);
        assert_eq!(list(&conn, None, 1, 1).expect("page").len(), 1);
        assert_eq!(count(&conn, None).expect("count"), 3);
    }

    #[test]
    fn search_matches_prefixes_accents_tags_and_authors() {
        let conn = migrated();
        let mut cafe = blog("Café renovation in Kochi", "2025-01-01");
        cafe.tags = vec!["Interiors".into()];
        insert(&conn, &cafe).expect("insert");
        let mut hiring = blog("Campus hiring", "2025-02-01");
        hiring.author = Some(Author {
            name: "Farah Siddiqui".into(),
            profile_photo: None,
        });
        hiring.tags = vec!["HR Labs".into()];
        insert(&conn, &hiring).expect("insert");

        let cases = [
            ("cafe", vec!["cafe-renovation-in-kochi"]),
            ("CAFÉ", vec!["cafe-renovation-in-kochi"]),
            ("renov", vec!["cafe-renovation-in-kochi"]),
            ("interiors", vec!["cafe-renovation-in-kochi"]),
            ("siddiq", vec!["campus-hiring"]),
            ("hr lab", vec!["campus-hiring"]),
            ("plain", vec!["campus-hiring", "cafe-renovation-in-kochi"]),
            ("kochi hiring", vec![]),
        ];
        for (text, expected) in cases {
            let mut found = search(&conn, text);
            found.sort();
            let mut expected: Vec<String> = expected.into_iter().map(String::from).collect();
            expected.sort();
            assert_eq!(found, expected, "{text}");
        }
    }

    #[test]
    fn title_matches_rank_above_body_matches() {
        let conn = migrated();
        let mut body_only = blog("Quarterly report", "2025-06-01");
        body_only.body_text = "A note about warehouses".into();
        insert(&conn, &body_only).expect("insert");
        insert(&conn, &blog("Warehouse conversion", "2024-01-01")).expect("insert");
        assert_eq!(
            search(&conn, "warehouse"),
            ["warehouse-conversion", "quarterly-report"]
        );
    }

    #[test]
    fn renaming_a_tag_or_an_author_refreshes_the_search_index() {
        let conn = migrated();
        let mut post = blog("Tagged", "2025-01-01");
        post.tags = vec!["Leasing".into()];
        post.author = Some(Author {
            name: "Ananya Rao".into(),
            profile_photo: None,
        });
        insert(&conn, &post).expect("insert");
        conn.execute_batch(
            "UPDATE tags SET name = 'Tenancy'; UPDATE authors SET name = 'Meera Iyer';",
        )
        .expect("rename");
        assert!(search(&conn, "leasing").is_empty());
        assert!(search(&conn, "ananya").is_empty());
        assert_eq!(search(&conn, "tenancy"), ["tagged"]);
        assert_eq!(search(&conn, "meera"), ["tagged"]);
    }

    #[test]
    fn hostile_search_text_never_breaks_the_query() {
        let conn = migrated();
        insert(&conn, &blog("Anything", "2025-01-01")).expect("insert");
        let long = "ab ".repeat(400);
        for raw in [
            "\"",
            "a\"b",
            "OR",
            "a OR b",
            "NEAR(a b)",
            "a AND NOT b",
            "*",
            "a*",
            "^a",
            "(a",
            "a)",
            "{a}",
            "[a",
            "col:a",
            "a:b:c",
            "'; DROP TABLE blogs; --",
            "\u{202E}a\u{200F}",
            "😀a",
            "a\u{0}b",
            "%00%27",
            "²",
            "Ⅻ",
            "e\u{301}",
            &long,
        ] {
            if let Some(text) = SearchText::parse(raw) {
                count(&conn, Some(&text)).unwrap_or_else(|e| panic!("{raw:?}: {e}"));
                list(&conn, Some(&text), 12, 0).unwrap_or_else(|e| panic!("{raw:?}: {e}"));
            }
        }
    }

    #[test]
    fn removing_a_post_drops_its_orphans_and_reports_media_only_it_used() {
        let conn = migrated();
        let author = Author {
            name: "Vikram Shetty".into(),
            profile_photo: Some("authors/1111111111111111.svg".into()),
        };
        let mut first = blog("First", "2025-01-01");
        first.blog_image = Some("blogs/aaaaaaaaaaaaaaaa.svg".into());
        first.tags = vec!["Only First".into(), "Shared".into()];
        first.author = Some(author.clone());
        let mut second = blog("Second", "2025-01-02");
        second.blog_image = Some("blogs/bbbbbbbbbbbbbbbb.svg".into());
        second.tags = vec!["Shared".into()];
        second.author = Some(author);
        let first_id = insert(&conn, &first).expect("insert");
        let second_id = insert(&conn, &second).expect("insert");

        let unused = remove(&conn, &first_id).expect("remove").expect("found");
        assert_eq!(unused, ["blogs/aaaaaaaaaaaaaaaa.svg"]);
        let tags: i64 = conn
            .query_row("SELECT count(*) FROM tags", [], |r| r.get(0))
            .expect("tags");
        assert_eq!(tags, 1);

        let unused = remove(&conn, &second_id).expect("remove").expect("found");
        assert_eq!(
            unused,
            ["blogs/bbbbbbbbbbbbbbbb.svg", "authors/1111111111111111.svg"]
        );
        let authors: i64 = conn
            .query_row("SELECT count(*) FROM authors", [], |r| r.get(0))
            .expect("authors");
        assert_eq!(authors, 0);
        assert_eq!(remove(&conn, &second_id).expect("remove"), None);
    }

    #[test]
    fn every_change_bumps_the_version() {
        let conn = migrated();
        let start = version(&conn).expect("version");
        let id = insert(&conn, &blog("Versioned", "2025-01-01")).expect("insert");
        let after_insert = version(&conn).expect("version");
        assert!(after_insert > start);
        update(&conn, &id, &blog("Versioned", "2025-01-02")).expect("update");
        let after_update = version(&conn).expect("version");
        assert!(after_update > after_insert);
        remove(&conn, &id).expect("remove");
        assert!(version(&conn).expect("version") > after_update);
    }
}
