//! The public raster images and their renditions (`media_images`, V7): what the site needs
//! for `srcset`, recorded in the transaction that names the image.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::StoreError;

/// Folder of the media inside the data dir: the files these rows name.
pub const MEDIA_DIR: &str = "media";

/// A raster image as stored for the public site: the media path a post or author names (its
/// largest JPEG or PNG), its size, and every rendition (that path's own included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRecord {
    pub path: String,
    pub width: u32,
    pub height: u32,
    /// Narrowest first.
    pub renditions: Vec<StoredRendition>,
}

/// One file of an image: where it is, its size and its MIME type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRendition {
    pub path: String,
    pub width: u32,
    pub height: u32,
    #[serde(rename = "type")]
    pub mime: String,
}

/// Records `image` (again: the same path names the same bytes, so a second record is equal).
pub fn record(conn: &Connection, image: &ImageRecord) -> Result<(), StoreError> {
    let renditions = serde_json::to_string(&image.renditions)
        .map_err(|err| StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(err.into())))?;
    conn.prepare_cached(
        "INSERT INTO media_images (path, width, height, renditions) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (path) DO UPDATE SET width = ?2, height = ?3, renditions = ?4",
    )?
    .execute(params![image.path, image.width, image.height, renditions])?;
    Ok(())
}

/// The image recorded under `path`, if it is a raster image recorded here.
pub fn get(conn: &Connection, path: &str) -> Result<Option<ImageRecord>, StoreError> {
    let row: Option<(u32, u32, String)> = conn
        .prepare_cached("SELECT width, height, renditions FROM media_images WHERE path = ?1")?
        .query_row([path], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(row.map(|(width, height, renditions)| ImageRecord {
        path: path.to_owned(),
        width,
        height,
        renditions: parse_renditions(&renditions),
    }))
}

/// Forgets the image `path` names and answers the paths of its other files (to delete after
/// the commit); empty for an image without a record.
pub fn forget(conn: &Connection, path: &str) -> Result<Vec<String>, StoreError> {
    let Some(image) = get(conn, path)? else {
        return Ok(Vec::new());
    };
    conn.prepare_cached("DELETE FROM media_images WHERE path = ?1")?
        .execute([path])?;
    Ok(image
        .renditions
        .into_iter()
        .map(|r| r.path)
        .filter(|p| p != path)
        .collect())
}

/// The renditions column as written by `record`; a row written by hand that does not parse
/// has none (the site then shows the image by its path alone).
pub fn parse_renditions(json: &str) -> Vec<StoredRendition> {
    serde_json::from_str(json).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image() -> ImageRecord {
        let rendition = |path: &str, width, mime: &str| StoredRendition {
            path: path.into(),
            width,
            height: width / 2,
            mime: mime.into(),
        };
        ImageRecord {
            path: "blogs/bbbbbbbbbbbbbbbb.jpg".into(),
            width: 960,
            height: 480,
            renditions: vec![
                rendition("blogs/aaaaaaaaaaaaaaaa.webp", 480, "image/webp"),
                rendition("blogs/cccccccccccccccc.jpg", 480, "image/jpeg"),
                rendition("blogs/bbbbbbbbbbbbbbbb.jpg", 960, "image/jpeg"),
            ],
        }
    }

    #[test]
    fn a_recorded_image_reads_back_and_forgetting_it_names_its_other_files() {
        let conn = crate::store::migrated();
        record(&conn, &image()).expect("record");
        record(&conn, &image()).expect("recording again is harmless");
        assert_eq!(
            get(&conn, "blogs/bbbbbbbbbbbbbbbb.jpg").expect("get"),
            Some(image())
        );
        assert_eq!(
            forget(&conn, "blogs/bbbbbbbbbbbbbbbb.jpg").expect("forget"),
            vec!["blogs/aaaaaaaaaaaaaaaa.webp", "blogs/cccccccccccccccc.jpg"]
        );
        assert_eq!(get(&conn, "blogs/bbbbbbbbbbbbbbbb.jpg").expect("get"), None);
        assert!(forget(&conn, "blogs/bbbbbbbbbbbbbbbb.jpg")
            .expect("forget")
            .is_empty());
    }
}
