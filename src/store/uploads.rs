//! Resume files in `<data-dir>/uploads/`, a folder the server never serves.
//!
//! A file arrives as a hidden temp file, is fsynced, renamed to its generated name and the
//! folder fsynced, all before its row commits. Each stage is a guard that deletes its file
//! when dropped, so a request that fails at any point leaves no file behind. A crash between
//! the rename and the commit can still leave a file with no row: `sweep` at start-up
//! removes those and any temp files.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::applicants::has_resume_file;
use super::Db;

pub const UPLOADS_DIR: &str = "uploads";
const TEMP_PREFIX: &str = ".incoming-";

pub fn uploads_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(UPLOADS_DIR)
}

/// A file being received; deleted on drop unless persisted.
#[derive(Debug)]
pub struct PendingUpload {
    dir: PathBuf,
    path: PathBuf,
}

/// A file under its final name whose row is not committed yet; deleted on drop unless kept.
#[derive(Debug)]
pub struct StoredUpload {
    path: Option<PathBuf>,
}

/// Creates the uploads folder if needed and a new temp file in it, both for the owner only.
pub fn begin(dir: &Path) -> io::Result<(PendingUpload, File)> {
    let mut folder = fs::DirBuilder::new();
    folder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    folder.create(dir)?;
    let mut random = [0u8; 12];
    getrandom::fill(&mut random).map_err(io::Error::other)?;
    let path = dir.join(format!("{TEMP_PREFIX}{}", hex::encode(random)));
    let mut options = OpenOptions::new();
    // Readable too: the image check reads a raster upload back to decode it.
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(&path)?;
    Ok((
        PendingUpload {
            dir: dir.to_path_buf(),
            path,
        },
        file,
    ))
}

impl PendingUpload {
    /// fsyncs `file`, renames it to `name` in the uploads folder and fsyncs the folder, so
    /// the file and its name survive a power cut.
    pub fn persist(self, file: File, name: &str) -> io::Result<StoredUpload> {
        file.sync_all()?;
        drop(file);
        let target = self.dir.join(name);
        fs::rename(&self.path, &target)?;
        let stored = StoredUpload { path: Some(target) };
        sync_dir(&self.dir)?;
        Ok(stored)
    }
}

impl Drop for PendingUpload {
    fn drop(&mut self) {
        // After a successful rename the temp path is gone; NotFound is expected then.
        let _ = fs::remove_file(&self.path);
    }
}

impl StoredUpload {
    /// The row committed: the file stays.
    pub fn keep(mut self) {
        self.path = None;
    }
}

impl Drop for StoredUpload {
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            if let Err(err) = fs::remove_file(&path) {
                tracing::error!(error = %err, path = %path.display(), "cannot remove an upload whose row failed");
            }
        }
    }
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Removes temp files and files no row owns (`is_owned` asks the database). Returns how
/// many files went. Run it before serving, when no upload is in flight.
pub fn sweep(dir: &Path, mut is_owned: impl FnMut(&str) -> io::Result<bool>) -> io::Result<usize> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(err) => return Err(err),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        if !entry.file_type()?.is_file() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(TEMP_PREFIX) || !is_owned(&name)? {
            fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// `sweep` of the uploads folder of `data_dir`, asking `db` which files have a row.
pub fn sweep_orphans(db: &Db, data_dir: &Path) -> io::Result<usize> {
    sweep(&uploads_dir(data_dir), |name| {
        db.read_blocking(|conn| Ok(has_resume_file(conn, name)?))
            .map_err(io::Error::other)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("read dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_dropped_pending_upload_leaves_no_file() {
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        let (pending, mut file) = begin(&dir).expect("begin");
        file.write_all(b"partial").expect("write");
        drop(pending);
        assert!(files_in(&dir).is_empty());
    }

    #[test]
    fn a_persisted_upload_is_kept_only_when_its_row_committed() {
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        let (pending, mut file) = begin(&dir).expect("begin");
        file.write_all(b"image bytes").expect("write");
        let stored = pending.persist(file, "a.png").expect("persist");
        assert_eq!(files_in(&dir), ["a.png"]);
        drop(stored);
        assert!(
            files_in(&dir).is_empty(),
            "a failed commit removes the file"
        );

        let (pending, file) = begin(&dir).expect("begin");
        pending.persist(file, "b.png").expect("persist").keep();
        assert_eq!(files_in(&dir), ["b.png"]);
        assert_eq!(fs::read(dir.join("b.png")).expect("read"), b"");
    }

    #[cfg(unix)]
    #[test]
    fn uploads_are_readable_by_the_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        let (pending, file) = begin(&dir).expect("begin");
        pending.persist(file, "c.webp").expect("persist").keep();
        let mode = |path: &Path| fs::metadata(path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode(&dir.join("c.webp")), 0o600);
        assert_eq!(mode(&dir), 0o700);
    }

    #[test]
    fn sweep_removes_temp_files_and_files_no_row_owns() {
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        fs::create_dir_all(&dir).expect("dir");
        for name in [".incoming-abc", "owned.png", "orphan.jpg"] {
            fs::write(dir.join(name), b"x").expect("write");
        }
        let removed = sweep(&dir, |name| Ok(name == "owned.png")).expect("sweep");
        assert_eq!(removed, 2);
        assert_eq!(files_in(&dir), ["owned.png"]);
        assert_eq!(
            sweep(&data.path().join("missing"), |_| Ok(true)).expect("sweep"),
            0
        );
    }
}
