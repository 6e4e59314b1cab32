//! Personal data stays with the service's user: the data dir is 0700 and every file in it
//! 0600 (folders 0700), whatever the umask the process was started with.
//!
//! Two layers. `secure_umask` (called by `main` for every command) makes everything the
//! process creates owner-only, including what SQLite creates by itself (-wal, -shm,
//! journals) and what other modules write (media). Without relying on it, the store creates
//! the data dir 0700, tightens an existing one, and creates the database file 0600 before
//! SQLite opens it (SQLite gives -wal and -shm the mode of their database); backups and
//! exported resumes are created 0600 as well.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::Path;

use crate::platform;

/// Sets the process umask to 0o077, so every file and folder created from here on is for
/// its owner only. Process-wide: call it first thing, for every command.
pub fn secure_umask() {
    platform::restrict_new_files();
}

/// Creates `dir` (and missing parents) for the owner only.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    platform::owner_only_dir(&mut builder);
    builder.create(dir)
}

/// Opens `path` for writing, created owner-only if missing, truncated, and made owner-only
/// if it existed with a looser mode.
pub fn create_private_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    platform::owner_only_file(&mut options);
    let file = options.open(path)?;
    platform::make_file_owner_only(&file)?;
    Ok(file)
}

/// A secret's file that others may read: its mode when the group or the world has any
/// permission on it (`None`: the owner's only). Secrets in such a file are refused, never
/// tightened quietly: someone may have read them already.
pub fn readable_by_others(file: &File) -> io::Result<Option<u32>> {
    Ok(platform::mode(&file.metadata()?).filter(|mode| mode & 0o077 != 0))
}

/// Creates an empty `path` owner-only unless it exists. An existing file is not even opened:
/// closing any descriptor of a database file drops the POSIX locks SQLite holds on it in
/// this process.
pub fn touch_private_file(path: &Path) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    platform::owner_only_file(&mut options);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(err) => Err(err),
    }
}

/// Creates the data dir owner-only, or tightens an existing one and everything in it that
/// others could read (a data dir made before this rule, or by hand), logging what changed
/// (at info, which the default log level shows).
pub fn secure_data_dir(dir: &Path) -> io::Result<()> {
    create_private_dir(dir)?;
    let tightened = tighten_tree(dir)?;
    if tightened > 0 {
        // Info, not a warning: it is fixed now, and a failing start stays one line at warn.
        tracing::info!(
            data_dir = %dir.display(),
            tightened,
            "made the data dir and its files private to their owner (0700 folders, 0600 files)"
        );
    }
    Ok(())
}

/// Removes group and other permissions from `path` and, for a folder, from everything under
/// it (symbolic links are left alone). Returns how many entries changed.
fn tighten_tree(path: &Path) -> io::Result<usize> {
    let meta = fs::symlink_metadata(path)?;
    let mut changed = 0;
    if meta.is_dir() {
        changed += usize::from(platform::make_owner_only(path, &meta)?);
        for entry in fs::read_dir(path)? {
            changed += tighten_tree(&entry?.path())?;
        }
    } else if meta.is_file() {
        changed += usize::from(platform::make_owner_only(path, &meta)?);
    }
    Ok(changed)
}
