//! Who may use a data dir at once: every running server holds a shared advisory lock
//! (`File::try_lock_shared`: flock on Unix) on `corpsite.lock` in it for its whole life;
//! `corpsite restore`, which swaps the database and folders underneath, needs the lock
//! exclusively. The system drops such a lock when its holder exits, however it exits, so a crashed server never leaves a stale lock
//! (unlike a pid file).

use std::fs::{File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

use super::permissions::{create_private_dir, touch_private_file};

/// File name of the lock inside the data dir.
pub const LOCK_FILE: &str = "corpsite.lock";

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("a corpsite server is running on the data dir {0}: stop it first (e.g. systemctl stop corpsite)")]
    ServerRunning(PathBuf),
    #[error("a restore is under way in the data dir {0}: start the server once it has finished")]
    RestoreRunning(PathBuf),
    #[error("cannot create the data directory {path}: {source}")]
    DataDir { path: PathBuf, source: io::Error },
    #[error("cannot lock {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

/// Held while it lives; dropping it (closing the file) releases the lock.
#[derive(Debug)]
pub struct DataDirLock {
    _file: File,
}

impl DataDirLock {
    /// The lock a server holds: many servers may share it, a restore may not.
    pub fn for_server(data_dir: &Path) -> Result<DataDirLock, LockError> {
        lock(data_dir, File::try_lock_shared).map_err(|err| relabel(err, LockError::RestoreRunning))
    }

    /// The lock a restore holds: only while nothing else holds any.
    pub fn for_restore(data_dir: &Path) -> Result<DataDirLock, LockError> {
        lock(data_dir, File::try_lock).map_err(|err| relabel(err, LockError::ServerRunning))
    }
}

/// The data dir is created (owner-only) when missing, so a restore can fill a new one.
fn lock(
    data_dir: &Path,
    try_lock: fn(&File) -> Result<(), TryLockError>,
) -> Result<DataDirLock, LockError> {
    let path = data_dir.join(LOCK_FILE);
    let io_error = |source| LockError::Io {
        path: path.clone(),
        source,
    };
    create_private_dir(data_dir).map_err(|source| LockError::DataDir {
        path: data_dir.to_path_buf(),
        source,
    })?;
    touch_private_file(&path).map_err(io_error)?;
    let file = File::open(&path).map_err(io_error)?;
    match try_lock(&file) {
        Ok(()) => Ok(DataDirLock { _file: file }),
        Err(TryLockError::WouldBlock) => Err(LockError::Io {
            path: data_dir.to_path_buf(),
            source: io::Error::from(io::ErrorKind::WouldBlock),
        }),
        Err(TryLockError::Error(err)) => Err(io_error(err)),
    }
}

/// A held lock (`WouldBlock`) becomes `held(data_dir)`; other errors stay as they are.
fn relabel(err: LockError, held: fn(PathBuf) -> LockError) -> LockError {
    match err {
        LockError::Io { path, source } if source.kind() == io::ErrorKind::WouldBlock => held(path),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_share_the_lock_and_a_restore_waits_for_all_of_them() {
        let dir = tempfile::tempdir().expect("dir");
        let first = DataDirLock::for_server(dir.path()).expect("first server");
        let second = DataDirLock::for_server(dir.path()).expect("second server");
        let refused = DataDirLock::for_restore(dir.path()).expect_err("servers run");
        assert!(matches!(refused, LockError::ServerRunning(_)), "{refused}");
        drop(first);
        assert!(
            DataDirLock::for_restore(dir.path()).is_err(),
            "one still runs"
        );
        drop(second);
        let restore = DataDirLock::for_restore(dir.path()).expect("no server");
        let refused = DataDirLock::for_server(dir.path()).expect_err("restoring");
        assert!(matches!(refused, LockError::RestoreRunning(_)), "{refused}");
        drop(restore);
    }

    #[cfg(unix)]
    #[test]
    fn a_missing_data_dir_is_created_for_its_owner() {
        let dir = tempfile::tempdir().expect("dir");
        let data = dir.path().join("new");
        let _lock = DataDirLock::for_restore(&data).expect("lock");
        let metadata = std::fs::metadata(&data).expect("dir");
        assert_eq!(crate::platform::mode(&metadata), Some(0o700));
    }
}
