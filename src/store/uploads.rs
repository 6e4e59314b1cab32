//! Resume files in `<data-dir>/uploads/`, a folder the server never serves.
//!
//! A file arrives as a hidden temp file, is fsynced, renamed to its generated name and the
//! folder fsynced, all before its row commits. Each stage is a guard that deletes its file
//! when dropped, so a request that fails at any point leaves no file behind. A crash between
//! the rename and the commit can still leave a file with no row, and so does restoring an
//! older backup of the database: `sweep` at start-up moves every file no row owns into
//! `uploads/orphaned/` (it never deletes a resume) and deletes only temp files.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use crate::platform;

use super::applicants::has_resume_file;
use super::permissions::create_private_dir;
use super::Db;

pub const UPLOADS_DIR: &str = "uploads";
/// Where `sweep` puts files no applicant row owns, inside the uploads folder.
pub const ORPHANED_DIR: &str = "orphaned";
const TEMP_PREFIX: &str = ".incoming-";
/// `begin` names a temp file `TEMP_PREFIX` + this many random bytes in lower-case hex.
const TEMP_RANDOM_BYTES: usize = 12;

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
    create_private_dir(dir)?;
    let mut random = [0u8; TEMP_RANDOM_BYTES];
    getrandom::fill(&mut random).map_err(io::Error::other)?;
    let path = dir.join(format!("{TEMP_PREFIX}{}", hex::encode(random)));
    let mut options = OpenOptions::new();
    // Readable too: the image check reads a raster upload back to decode it.
    options.read(true).write(true).create_new(true);
    platform::owner_only_file(&mut options);
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
        platform::sync_dir(&self.dir)?;
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

/// What `sweep` did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    /// Temp files of uploads that never finished, deleted.
    pub removed: usize,
    /// Files no row owns, moved into `orphaned/`.
    pub moved: usize,
}

/// Whether `name` is a temp file as `begin` names it: the prefix and exactly
/// `TEMP_RANDOM_BYTES` in lower-case hex. Such a file was never renamed by `persist`, so its
/// request never reached its row: it is an interrupted upload, never a resume.
fn is_temp_file(name: &str) -> bool {
    name.strip_prefix(TEMP_PREFIX).is_some_and(|random| {
        random.len() == TEMP_RANDOM_BYTES * 2
            && random
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// Tidies the uploads folder `dir`: deletes temp files of interrupted uploads and moves every
/// other file no row owns (`is_owned` asks the database) into `dir/orphaned/`, under its own
/// name or, if that is taken, with a number added; nothing there is ever overwritten. A
/// resume is never deleted: the database may be an older backup restored over a newer one.
/// Run it before serving, when no upload is in flight.
pub fn sweep(dir: &Path, mut is_owned: impl FnMut(&str) -> io::Result<bool>) -> io::Result<Swept> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Swept::default()),
        Err(err) => return Err(err),
    };
    let orphaned = dir.join(ORPHANED_DIR);
    let mut swept = Swept::default();
    for entry in entries {
        let entry = entry?;
        if !entry.file_type()?.is_file() {
            continue;
        }
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            // Not a name the server generates, and no row can hold it: keep it aside too.
            move_aside(&entry.path(), &orphaned, &entry.file_name())?;
            swept.moved += 1;
            continue;
        };
        if is_temp_file(name) {
            fs::remove_file(entry.path())?;
            swept.removed += 1;
        } else if !is_owned(name)? {
            move_aside(&entry.path(), &orphaned, entry.file_name().as_os_str())?;
            swept.moved += 1;
        }
    }
    if swept.moved > 0 {
        platform::sync_dir(&orphaned)?;
    }
    if swept.moved + swept.removed > 0 {
        platform::sync_dir(dir)?;
    }
    Ok(swept)
}

/// Moves `file` into `folder` as `name`, or `stem-1.ext`, `stem-2.ext`... when taken. A hard
/// link and then an unlink, because a rename would replace a file already there.
fn move_aside(file: &Path, folder: &Path, name: &std::ffi::OsStr) -> io::Result<PathBuf> {
    create_private_dir(folder)?;
    let original = Path::new(name);
    let stem = original.file_stem().unwrap_or(name).to_os_string();
    let extension = original.extension().map(|e| e.to_os_string());
    for n in 0u32.. {
        let mut candidate = stem.clone();
        if n > 0 {
            candidate.push(format!("-{n}"));
        }
        if let Some(extension) = &extension {
            candidate.push(".");
            candidate.push(extension);
        }
        let target = folder.join(candidate);
        match fs::hard_link(file, &target) {
            Ok(()) => {
                fs::remove_file(file)?;
                return Ok(target);
            }
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
            // A file system without hard links: check, then rename (start-up runs alone).
            Err(_) if !target.exists() => {
                fs::rename(file, &target)?;
                return Ok(target);
            }
            Err(err) => return Err(err),
        }
    }
    Err(io::Error::other("no free name in the orphaned folder"))
}

/// `sweep` of the uploads folder of `data_dir`, asking `db` which files have a row. Logs a
/// warning naming the folder when files were moved aside; returns how many temp files of
/// interrupted uploads were deleted.
pub fn sweep_orphans(db: &Db, data_dir: &Path) -> io::Result<usize> {
    let dir = uploads_dir(data_dir);
    let swept = sweep(&dir, |name| {
        db.read_blocking(|conn| Ok(has_resume_file(conn, name)?))
            .map_err(io::Error::other)
    })?;
    if swept.moved > 0 {
        tracing::warn!(
            moved = swept.moved,
            folder = %dir.join(ORPHANED_DIR).display(),
            "moved upload files that no applicant row owns into the orphaned folder; nothing was deleted (was an older database restored?)"
        );
    }
    Ok(swept.removed)
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
    fn sweep_moves_files_no_row_owns_into_orphaned_and_deletes_only_temp_files() {
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        fs::create_dir_all(&dir).expect("dir");
        let temp = format!("{TEMP_PREFIX}{}", "0a".repeat(TEMP_RANDOM_BYTES));
        for name in [temp.as_str(), ".incoming-abc", "owned.png", "orphan.jpg"] {
            fs::write(dir.join(name), name).expect("write");
        }
        let swept = sweep(&dir, |name| Ok(name == "owned.png")).expect("sweep");
        assert_eq!(
            swept,
            Swept {
                removed: 1,
                moved: 2
            }
        );
        assert_eq!(files_in(&dir), [ORPHANED_DIR, "owned.png"]);
        let orphaned = dir.join(ORPHANED_DIR);
        assert_eq!(files_in(&orphaned), [".incoming-abc", "orphan.jpg"]);
        assert_eq!(
            fs::read(orphaned.join("orphan.jpg")).expect("kept"),
            b"orphan.jpg"
        );
        assert_eq!(
            sweep(&data.path().join("missing"), |_| Ok(true)).expect("sweep"),
            Swept::default()
        );
    }

    #[test]
    fn a_file_moved_aside_never_overwrites_one_already_in_orphaned() {
        let data = tempfile::tempdir().expect("temp dir");
        let dir = uploads_dir(data.path());
        let orphaned = dir.join(ORPHANED_DIR);
        fs::create_dir_all(&orphaned).expect("dir");
        fs::write(orphaned.join("cv.png"), b"first").expect("write");
        fs::write(orphaned.join("cv-1.png"), b"second").expect("write");
        fs::write(orphaned.join("notes"), b"third").expect("write");
        fs::write(dir.join("cv.png"), b"fourth").expect("write");
        fs::write(dir.join("notes"), b"fifth").expect("write");
        let swept = sweep(&dir, |_| Ok(false)).expect("sweep");
        assert_eq!(swept.moved, 2);
        let read = |name: &str| fs::read(orphaned.join(name)).expect(name);
        assert_eq!(read("cv.png"), b"first");
        assert_eq!(read("cv-1.png"), b"second");
        assert_eq!(read("cv-2.png"), b"fourth");
        assert_eq!(read("notes"), b"third");
        assert_eq!(read("notes-1"), b"fifth");
        assert_eq!(files_in(&dir), [ORPHANED_DIR]);
    }

    #[test]
    fn only_names_begin_gives_are_temp_files() {
        let (pending, _file) =
            begin(&tempfile::tempdir().expect("dir").path().join("u")).expect("begin");
        let name = pending
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name");
        let made = name.to_owned();
        let cases: &[(&str, bool)] = &[
            (&made, true),
            (".incoming-", false),
            (".incoming-abc", false),
            (".incoming-0A0A0A0A0A0A0A0A0A0A0A0A", false),
            (".incoming-0a0a0a0a0a0a0a0a0a0a0a0a.png", false),
            ("0a0a0a0a0a0a0a0a0a0a0a0a", false),
            ("4f3c2a1b4f3c2a1b4f3c2a1b4f3c2a1b.png", false),
        ];
        for (name, temp) in cases {
            assert_eq!(is_temp_file(name), *temp, "{name}");
        }
    }
}
