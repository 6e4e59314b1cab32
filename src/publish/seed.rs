//! The demo content: the success stories in `db/seed/blogs/`, embedded in the binary and
//! published on the first start of a new database, once. The record that it ran stays in
//! `app_meta`, so a database whose posts the office removed is never seeded again.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::LazyLock;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};
use rust_embed::RustEmbed;
use time::{Date, OffsetDateTime};

use super::media::{MediaFile, MediaLibrary};
use super::{insert_all, prepare, with_media, PreparedPost, PublishError};
use crate::domain::image_kind::ImageKind;
use crate::domain::post_file::BodyFormat;
use crate::store;

#[derive(RustEmbed)]
#[folder = "db/seed/blogs/"]
struct SeedFiles;

/// The `app_meta` key recording when the demo content was published.
pub const SEEDED_KEY: &str = "demo_content_seeded_at";

/// Publishes the demo content unless this database has had it before. Answers how many
/// posts it added (0 when it had).
pub fn seed_once(data_dir: &Path) -> Result<usize, PublishError> {
    let mut conn = store::open_for_cli(data_dir)?;
    if seeded_at(&conn)?.is_some() {
        return Ok(0);
    }
    let posts = demo_posts(OffsetDateTime::now_utc().date())?;
    let library = MediaLibrary::new(data_dir);
    let added = with_media(&library, &posts, || {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Another process may have seeded since the first look.
        if seeded_at(&tx)?.is_some() {
            return Ok(0);
        }
        insert_all(&tx, &posts)?;
        tx.execute(
            "INSERT INTO app_meta (key, value) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
            [SEEDED_KEY],
        )?;
        tx.commit()?;
        Ok(posts.len())
    })?;
    if added > 0 {
        tracing::info!(posts = added, "published the demo content");
    }
    Ok(added)
}

fn seeded_at(conn: &Connection) -> Result<Option<String>, PublishError> {
    Ok(conn
        .query_row(
            "SELECT value FROM app_meta WHERE key = ?1",
            [SEEDED_KEY],
            |r| r.get(0),
        )
        .optional()?)
}

/// Every embedded post file (by name; README.md describes the format and is no post).
pub fn demo_posts(today: Date) -> Result<Vec<PreparedPost>, PublishError> {
    let mut names: Vec<String> = SeedFiles::iter()
        .filter(|name| !name.contains('/') && !name.to_ascii_lowercase().starts_with("readme"))
        .filter(|name| BodyFormat::from_file_name(name).is_some())
        .map(Cow::into_owned)
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let text = SeedFiles::get(name)
                .map(|f| String::from_utf8_lossy(&f.data).into_owned())
                .unwrap_or_default();
            prepare(name, &text, today, load_embedded)
        })
        .collect()
}

fn load_embedded(path: &str) -> io::Result<Vec<u8>> {
    let path = path.trim_start_matches("./");
    SeedFiles::get(path)
        .map(|file| file.data.into_owned())
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not among the embedded seed files"))
}

/// The embedded seed image stored under the media path `path` (e.g. `blogs/<hash>.svg`),
/// so the demo images show even when the media folder lost them.
pub fn embedded_media(path: &str) -> Option<Cow<'static, [u8]>> {
    static BY_MEDIA_PATH: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
        let mut map = HashMap::new();
        for name in SeedFiles::iter() {
            let Some(file) = SeedFiles::get(&name) else {
                continue;
            };
            let Some(kind) = ImageKind::sniff(&file.data) else {
                continue;
            };
            for folder in ["blogs", "authors"] {
                map.insert(
                    MediaFile::new(folder, kind, file.data.to_vec()).path,
                    name.to_string(),
                );
            }
        }
        map
    });
    let name = BY_MEDIA_PATH.get(path)?;
    SeedFiles::get(name).map(|file| file.data)
}
