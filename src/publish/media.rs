//! The media folder (`<data-dir>/media/`): images stored under content-hash names, so a name
//! never changes meaning and can be cached forever.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::domain::image::ImageType;
use crate::domain::sanitize::is_media_path;

/// Folder of the media inside the data dir.
pub const MEDIA_DIR: &str = "media";
/// Hex digits of the content hash in a media name.
const HASH_LEN: usize = 16;

/// An image to store: its media path (e.g. `blogs/3f9a0c1d2e3f4a5b.svg`) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

impl MediaFile {
    /// `folder/<hash>.<ext>`, named by the content.
    pub fn new(folder: &str, kind: ImageType, bytes: Vec<u8>) -> MediaFile {
        let hash = hex::encode(Sha256::digest(&bytes));
        MediaFile {
            path: format!("{folder}/{}.{}", &hash[..HASH_LEN], kind.extension()),
            bytes,
        }
    }
}

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
}
