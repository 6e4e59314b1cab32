//! The media folder (`<data-dir>/media/`): images stored under content-hash names, so a name
//! never changes meaning and can be cached forever.
//!
//! Every public image enters through [`prepare_image`] (a post's cover and body images and an
//! author's photo from the command line and the demo seed; staff uploads from the server):
//! it runs the one image check for the web and answers the files to write and the row to
//! record. The caller writes the files ([`MediaLibrary::store`]) before its transaction,
//! records the row with [`record_image`] inside it, and takes the files back
//! ([`MediaLibrary::remove`]) if the transaction fails.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rusqlite::Connection;
use sha2::{Digest, Sha256};

use crate::domain::image::{self, ImageType, RejectedFile, WebImage};
use crate::domain::sanitize::is_media_path;
use crate::domain::video::{check_video, RejectedVideo};
use crate::store::media_images::{self, ImageRecord, StoredRendition};
use crate::store::StoreError;

pub use crate::store::media_images::MEDIA_DIR;
/// Hex digits of the content hash in a media name.
const HASH_LEN: usize = 16;

/// An image to store: its media path (e.g. `blogs/3f9a0c1d2e3f4a5b.svg`) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// Whether `path` has the shape of a stored image's path, `folder/<hash>.<ext>` (the hash's
/// first `HASH_LEN` hex digits); any other path was never stored by [`MediaFile::new`].
pub fn is_stored_name(path: &str) -> bool {
    let Some((_, name)) = path.rsplit_once('/') else {
        return false;
    };
    let Some((stem, _)) = name.split_once('.') else {
        return false;
    };
    stem.len() == HASH_LEN
        && stem
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl MediaFile {
    /// `folder/<hash>.<ext>`, named by the content.
    pub fn new(folder: &str, kind: ImageType, bytes: Vec<u8>) -> MediaFile {
        MediaFile::named(folder, kind.extension(), bytes)
    }

    /// `folder/<hash>.<extension>`, named by the content.
    fn named(folder: &str, extension: &str, bytes: Vec<u8>) -> MediaFile {
        let hash = hex::encode(Sha256::digest(&bytes));
        MediaFile {
            path: format!("{folder}/{}.{extension}", &hash[..HASH_LEN]),
            bytes,
        }
    }
}

/// A public image ready to store: see [`prepare_image`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedImage {
    /// The media path to name (a post's `blog_image`, an author's `profile_photo`, a portrait):
    /// the largest JPEG or PNG of a raster image, or the SVG.
    pub path: String,
    /// Every file to write: for a raster image each rendition, for an SVG the one file.
    pub files: Vec<MediaFile>,
    /// The size and renditions to record with [`record_image`] (None for an SVG).
    pub record: Option<ImageRecord>,
}

/// The one door for a public image. Checks `sent` by its bytes (JPEG, PNG, WebP or SVG; a
/// raster image is decoded within the pixel limits, so a decompression bomb is refused with
/// [`RejectedFile::TooManyPixels`]) and prepares what to store under `folder` (`blogs`,
/// `authors`, ...): a raster image at 480, 960 and 1600 px wide as far as it reaches (never
/// upscaled), in lossy WebP plus a JPEG (PNG for a PNG or with alpha), free of metadata
/// (EXIF, GPS, XMP, comments); an SVG rebuilt from the allowlist. Every name is a content hash.
///
/// CPU-bound (about 0.1 to 0.5 s for a photo in a release build): from async code, call it in
/// `tokio::task::spawn_blocking`. The size of `sent` is the caller's to bound. The
/// [`RejectedFile`]'s `Display` is a sentence fit to show the person who sent the file.
pub fn prepare_image(folder: &str, sent: &[u8]) -> Result<PreparedImage, RejectedFile> {
    match image::check_for_web(sent)? {
        WebImage::Svg(bytes) => {
            let file = MediaFile::new(folder, ImageType::Svg, bytes);
            Ok(PreparedImage {
                path: file.path.clone(),
                files: vec![file],
                record: None,
            })
        }
        WebImage::Raster(renditions) => {
            let mut files = Vec::with_capacity(renditions.len());
            let mut stored = Vec::with_capacity(renditions.len());
            for rendition in renditions {
                let file = MediaFile::new(folder, rendition.image_type, rendition.bytes);
                stored.push(StoredRendition {
                    path: file.path.clone(),
                    width: rendition.width,
                    height: rendition.height,
                    mime: rendition.image_type.mime().to_owned(),
                });
                files.push(file);
            }
            // The widest fallback (JPEG or PNG) is what the post names: every browser shows it.
            let main = stored
                .iter()
                .rev()
                .find(|r| r.mime != ImageType::Webp.mime())
                .cloned()
                .ok_or(RejectedFile::Damaged)?;
            Ok(PreparedImage {
                path: main.path.clone(),
                files,
                record: Some(ImageRecord {
                    path: main.path,
                    width: main.width,
                    height: main.height,
                    renditions: stored,
                }),
            })
        }
    }
}

/// The one door for a page's video (the home page's hero): checked by its bytes, its
/// metadata blanked (`video::check_video`), named by its content under `folder`. Nothing is
/// recorded: a video has no renditions, and a page names it by this path.
pub fn prepare_video(folder: &str, sent: &[u8]) -> Result<MediaFile, RejectedVideo> {
    let video = check_video(sent)?;
    Ok(MediaFile::named(
        folder,
        video.video_type.extension(),
        video.bytes,
    ))
}

impl From<MediaFile> for PreparedImage {
    /// A file stored as it is, with nothing to record (a page's video).
    fn from(file: MediaFile) -> PreparedImage {
        PreparedImage {
            path: file.path.clone(),
            files: vec![file],
            record: None,
        }
    }
}

/// Records a prepared image's size and renditions, on the caller's (write) transaction; an
/// SVG has nothing to record.
pub fn record_image(conn: &Connection, image: &PreparedImage) -> Result<(), StoreError> {
    match &image.record {
        Some(record) => media_images::record(conn, record),
        None => Ok(()),
    }
}

/// The media folders staff uploads go to (the UI's `MediaFolder`), the page editor's
/// pictures in `pages`.
pub const UPLOAD_FOLDERS: &[&str] = &["blogs", "authors", "leaders", "pages"];

#[derive(Debug, Clone)]
pub struct MediaLibrary {
    root: PathBuf,
}

impl MediaLibrary {
    pub fn new(data_dir: &Path) -> MediaLibrary {
        MediaLibrary {
            root: data_dir.join(MEDIA_DIR),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Writes the files that are not there yet (write, fsync, rename) and answers their
    /// paths, so a caller whose transaction then fails can take exactly those back.
    pub fn store(&self, files: &[MediaFile]) -> io::Result<Vec<String>> {
        let mut written = Vec::new();
        for file in files {
            let target = self.file_path(&file.path)?;
            if target.is_file() || written.contains(&file.path) {
                continue;
            }
            if let Err(err) = write_atomically(&target, &file.bytes) {
                self.remove(&written);
                return Err(err);
            }
            written.push(file.path.clone());
        }
        Ok(written)
    }

    /// Whether `path` names a file in the media folder.
    pub fn has(&self, path: &str) -> bool {
        self.file_path(path).is_ok_and(|target| target.is_file())
    }

    /// The bytes of the media file `path` names.
    pub fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        fs::read(self.file_path(path)?)
    }

    /// Deletes media files, best effort: a file left behind only costs disk space.
    pub fn remove(&self, paths: &[String]) {
        for path in paths {
            if let Ok(target) = self.file_path(path) {
                if let Err(err) = fs::remove_file(&target) {
                    if err.kind() != io::ErrorKind::NotFound {
                        tracing::warn!(path = %target.display(), error = %err, "cannot delete a media file");
                    }
                }
            }
        }
    }

    fn file_path(&self, path: &str) -> io::Result<PathBuf> {
        if !is_media_path(path) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("not a media path: {path}"),
            ));
        }
        Ok(self.root.join(path))
    }
}

fn write_atomically(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = target
        .parent()
        .ok_or_else(|| io::Error::other("a media file needs a folder"))?;
    fs::create_dir_all(dir)?;
    let mut temp = target.as_os_str().to_owned();
    temp.push(format!(".tmp-{}", std::process::id()));
    let temp = PathBuf::from(temp);
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_content() {
        let a = MediaFile::new("blogs", ImageType::Svg, b"<svg/>".to_vec());
        let b = MediaFile::new("blogs", ImageType::Svg, b"<svg/>".to_vec());
        let c = MediaFile::new("blogs", ImageType::Svg, b"<svg></svg>".to_vec());
        assert_eq!(a.path, b.path);
        assert_ne!(a.path, c.path);
        assert!(
            a.path.starts_with("blogs/")
                && a.path.ends_with(".svg")
                && a.path.len() == "blogs/".len() + 16 + 4
        );
        assert!(is_stored_name(&a.path) && is_stored_name(&c.path));
        for other in [
            "blogs/missing.png",
            "blogs/0123456789abcdeg.png",
            "blogs/0123456789ABCDEF.png",
            "blogs/0123456789abcde.png",
            "0123456789abcdef.png",
            "blogs/0123456789abcdef",
        ] {
            assert!(!is_stored_name(other), "{other}");
        }
    }

    #[test]
    fn storing_writes_only_new_files_and_remove_deletes_them() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = MediaLibrary::new(dir.path());
        let file = MediaFile::new("blogs", ImageType::Svg, b"<svg/>".to_vec());
        let written = library.store(std::slice::from_ref(&file)).expect("store");
        assert_eq!(written, std::slice::from_ref(&file.path));
        assert!(library
            .store(std::slice::from_ref(&file))
            .expect("store again")
            .is_empty());
        assert_eq!(
            fs::read(library.root().join(&file.path)).expect("read"),
            b"<svg/>"
        );
        library.remove(std::slice::from_ref(&file.path));
        assert!(!library.root().join(&file.path).exists());
    }

    #[test]
    fn paths_outside_the_folder_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let library = MediaLibrary::new(dir.path());
        let evil = MediaFile {
            path: "../escape.svg".into(),
            bytes: Vec::new(),
        };
        assert!(library.store(&[evil]).is_err());
    }

    fn photo(width: u32, height: u32) -> Vec<u8> {
        let pixels = ::image::RgbImage::from_fn(width, height, |x, y| {
            ::image::Rgb([(x / 7) as u8, (y / 5) as u8, ((x + y) / 11) as u8])
        });
        let mut out = std::io::Cursor::new(Vec::new());
        pixels
            .write_to(&mut out, ::image::ImageFormat::Jpeg)
            .expect("encode");
        out.into_inner()
    }

    #[test]
    fn a_prepared_photo_names_its_widest_jpeg_and_records_every_rendition() {
        let prepared = prepare_image("blogs", &photo(1800, 900)).expect("a photo");
        let record = prepared
            .record
            .clone()
            .expect("a raster image has a record");
        assert_eq!(record.path, prepared.path);
        assert!(prepared.path.starts_with("blogs/") && prepared.path.ends_with(".jpg"));
        assert_eq!((record.width, record.height), (1600, 800));
        let listed: Vec<(u32, &str)> = record
            .renditions
            .iter()
            .map(|r| (r.width, r.mime.as_str()))
            .collect();
        assert_eq!(
            listed,
            vec![
                (480, "image/webp"),
                (480, "image/jpeg"),
                (960, "image/webp"),
                (960, "image/jpeg"),
                (1600, "image/webp"),
                (1600, "image/jpeg"),
            ]
        );
        let files: Vec<&str> = prepared.files.iter().map(|f| f.path.as_str()).collect();
        let recorded: Vec<&str> = record.renditions.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(files, recorded, "every file is recorded, in order");
        for file in &prepared.files {
            assert_eq!(
                MediaFile::new("blogs", ImageType::Jpeg, file.bytes.clone()).path[..22],
                file.path[..22],
                "named by content"
            );
        }
    }

    #[test]
    fn a_prepared_svg_is_one_file_with_nothing_to_record() {
        let prepared = prepare_image(
            "authors",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"2\"/></svg>",
        )
        .expect("an svg");
        assert_eq!(prepared.files.len(), 1);
        assert_eq!(prepared.files[0].path, prepared.path);
        assert!(prepared.path.starts_with("authors/") && prepared.path.ends_with(".svg"));
        assert_eq!(prepared.record, None);
    }

    #[test]
    fn a_refused_file_says_why_in_words() {
        let refused = prepare_image("blogs", b"GIF89a not accepted").expect_err("refused");
        assert_eq!(refused, RejectedFile::NotAnImage);
        assert!(refused.to_string().contains("JPEG, PNG, SVG or WebP"));
    }

    #[test]
    fn a_recorded_image_is_read_back_from_the_store() {
        let conn = crate::store::migrated();
        let prepared = prepare_image("blogs", &photo(700, 350)).expect("a photo");
        record_image(&conn, &prepared).expect("record");
        let stored = media_images::get(&conn, &prepared.path).expect("read");
        assert_eq!(stored, prepared.record);
        assert_eq!(stored.map(|r| (r.width, r.height)), Some((700, 350)));
    }
}
