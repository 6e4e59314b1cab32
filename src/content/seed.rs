//! The demo content: the success stories in `db/seed/blogs/`, embedded in the binary and
//! published on the first start of a new database, once. The record that it ran stays in
//! `app_meta`, so a database whose posts the office removed is never seeded again.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::LazyLock;

use bytes::Bytes;
use jiff::civil::Date;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior};
use rust_embed::RustEmbed;

use super::media::{is_stored_name, prepare_image, MediaFile, MediaLibrary};
use super::{insert_all, prepare, with_media, PreparedPost, PublishError};
use crate::domain::image;
use crate::domain::post_file::BodyFormat;
use crate::domain::utc;
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
    let posts = demo_posts(utc::today())?;
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
    let prepare_one = |name: &String| {
        let text = SeedFiles::get(name)
            .map(|f| String::from_utf8_lossy(&f.data).into_owned())
            .unwrap_or_default();
        prepare(name, &text, today, load_embedded)
    };
    // Each cover photo takes a resize and two encodings per width: one thread per core
    // (each taking every n-th post) cuts the first start's wait.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let mut prepared: Vec<Option<Result<PreparedPost, PublishError>>> =
        (0..names.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let names = &names;
                scope.spawn(move || {
                    names
                        .iter()
                        .enumerate()
                        .skip(first)
                        .step_by(threads)
                        .map(|(index, name)| (index, prepare_one(name)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            // A worker that panicked leaves its posts unprepared: they are reported below.
            for (index, post) in worker.join().unwrap_or_default() {
                prepared[index] = Some(post);
            }
        }
    });
    prepared
        .into_iter()
        .zip(&names)
        .map(|(post, name)| {
            post.unwrap_or_else(|| {
                Err(PublishError::Read {
                    path: name.clone(),
                    source: io::Error::other("preparing the demo post failed"),
                })
            })
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
/// so the demo images show even when the media folder lost them. Like every image, a seed
/// image is served only as the image check stored it (an SVG rebuilt, a raster image at each
/// of its renditions); databases seeded before SVGs were rebuilt name the file by the hash of
/// its original bytes, so that name answers the rebuilt copy too. The first call prepares
/// every seed image (seconds for the photos, once per process: the first request for a
/// stored image's name the folder lacks), so callers on the runtime call it on a blocking
/// thread. Any other name (`missing.png`, a probe) is answered None at once.
pub fn embedded_media(path: &str) -> Option<Bytes> {
    if !is_stored_name(path) {
        return None;
    }
    static BY_MEDIA_PATH: LazyLock<HashMap<String, Bytes>> = LazyLock::new(|| {
        let mut map = HashMap::new();
        for name in SeedFiles::iter() {
            let Some(file) = SeedFiles::get(&name) else {
                continue;
            };
            let svg = name.ends_with(".svg");
            // A photo is prepared only for the folder it is published to (covers and body
            // images: blogs; avatars: authors); a drawing is cheap, so under both.
            let folders: &[&str] = match (svg, name.starts_with("authors/")) {
                (true, _) => &["blogs", "authors"],
                (false, true) => &["authors"],
                (false, false) => &["blogs"],
            };
            for &folder in folders {
                let Ok(prepared) = prepare_image(folder, &file.data) else {
                    continue;
                };
                for stored in prepared.files {
                    let bytes = Bytes::from(stored.bytes);
                    if svg {
                        let sent =
                            MediaFile::new(folder, image::ImageType::Svg, file.data.to_vec());
                        map.insert(sent.path, bytes.clone());
                    }
                    map.insert(stored.path, bytes);
                }
            }
        }
        map
    });
    BY_MEDIA_PATH.get(path).cloned()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_image_passes_the_image_check_and_keeps_every_element() {
        let mut images = 0;
        for name in SeedFiles::iter().filter(|name| name.ends_with(".svg")) {
            let file = SeedFiles::get(&name).expect("listed file");
            let accepted = image::check(&file.data).unwrap_or_else(|why| panic!("{name}: {why}"));
            let stored = accepted.bytes;
            let elements = |bytes: &[u8]| String::from_utf8_lossy(bytes).matches('<').count();
            assert_eq!(elements(&stored), elements(&file.data), "{name}");
            let path = MediaFile::new("blogs", image::ImageType::Svg, stored.clone()).path;
            assert_eq!(
                embedded_media(&path).as_deref(),
                Some(&stored[..]),
                "{name}"
            );
            images += 1;
        }
        assert!(images > 0, "the seed has images");
    }
}
