//! A consistent copy of the live database, safe while the server writes.
//!
//! `VACUUM INTO` copies one read snapshot (WAL lets the writer go on meanwhile) into a temp
//! file beside the target; the copy must pass `PRAGMA integrity_check`, is fsynced and only
//! then renamed over the target, so a failed backup never replaces a good one. The temp
//! file is created empty and owner-only (0600) before SQLite fills it, so the backup is never
//! readable by others, whatever the umask.
//!
//! A backup that is killed (or whose machine stops) leaves its temp file behind, as big as
//! the database. The next backup into the same folder deletes such leftovers: files named
//! as this module names its temp files, untouched for `STALE_TEMP_AGE` and not locked. A
//! backup under way holds an exclusive lock on its temp file for its whole run, so one that
//! takes longer than that (a large database's integrity check writes nothing) keeps its file.

use std::fs::{self, File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use rusqlite::{Connection, OpenFlags};

use crate::platform;

use super::permissions::create_private_file;
use super::DB_FILE;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("there is no database at {0}")]
    NoDatabase(PathBuf),
    #[error("cannot read the database {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("cannot copy the database to {path}: {source}")]
    Copy {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("the copy failed its integrity check, so {target} was left as it was: {problems}")]
    Corrupt { target: PathBuf, problems: String },
    #[error("cannot write the backup {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What a successful backup wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    pub bytes: u64,
}

/// Copies the database of `data_dir` to `target`, replacing any file there.
pub fn backup(data_dir: &Path, target: &Path) -> Result<BackupReport, BackupError> {
    let source = data_dir.join(DB_FILE);
    if !source.is_file() {
        return Err(BackupError::NoDatabase(source));
    }
    let conn = Connection::open_with_flags(&source, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .and_then(|conn| {
            conn.busy_timeout(std::time::Duration::from_secs(30))
                .map(|()| conn)
        })
        .map_err(|source_err| BackupError::Open {
            path: source.clone(),
            source: source_err,
        })?;

    let folder = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    tidy(folder);
    let temp = temp_path_beside(target)?;
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BackupError::Io { path, source }
    };
    let result = (|| {
        // VACUUM INTO takes an empty file and keeps its mode. The lock, held until the copy
        // is in place, tells the next backup's tidy that this file is still being made.
        let file = create_private_file(&temp).map_err(io_error(target))?;
        file.try_lock().map_err(|err| io_error(&temp)(err.into()))?;
        conn.execute("VACUUM INTO ?1", [temp.to_string_lossy()])
            .map_err(|source| BackupError::Copy {
                path: target.to_path_buf(),
                source,
            })?;
        check_integrity(&temp, target)?;
        file.sync_all().map_err(io_error(&temp))?;
        fs::rename(&temp, target).map_err(io_error(target))?;
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            platform::sync_dir(dir).map_err(io_error(dir))?;
        }
        let bytes = fs::metadata(target).map_err(io_error(target))?.len();
        Ok(BackupReport { bytes })
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// How long a temp file must have been left untouched before a later backup deletes it.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(5 * 60);

/// Deletes the temp files killed backups left in `dir` (see `remove_stale_temp_files`),
/// logging what it did; a failure only costs the disk space.
pub fn tidy(dir: &Path) {
    match remove_stale_temp_files(dir, STALE_TEMP_AGE) {
        Ok(removed) => {
            for path in removed {
                tracing::info!(path = %path.display(), "backup: removed the temp file of an earlier backup that was stopped");
            }
        }
        Err(err) => {
            tracing::warn!(dir = %dir.display(), error = %err, "backup: cannot look for the temp files of earlier backups");
        }
    }
}

/// Deletes the files in `dir` named as `temp_path_beside` names them
/// (`.<name>.<16 hex digits>.tmp`) that were last written at least `age` ago and that no
/// backup under way has locked. Nothing else is deleted: other names, folders, links and
/// files written lately stay. Answers the deleted files; one that cannot be deleted is
/// logged and left.
pub fn remove_stale_temp_files(dir: &Path, age: Duration) -> io::Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let mut removed = Vec::new();
    for entry in entries {
        let entry = entry?;
        if !entry.file_name().to_str().is_some_and(is_temp_name) {
            continue;
        }
        let path = entry.path();
        match remove_if_stale(&path, age) {
            Ok(true) => removed.push(path),
            Ok(false) => {}
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => {
                tracing::warn!(path = %path.display(), error = %err, "backup: cannot remove the temp file of an earlier backup");
            }
        }
    }
    Ok(removed)
}

/// Deletes the temp file at `path` if it is a plain file untouched for `age` and unlocked.
fn remove_if_stale(path: &Path, age: Duration) -> io::Result<bool> {
    // Not followed: a link named like a temp file is not one of ours.
    let metadata = fs::symlink_metadata(path)?;
    let untouched = SystemTime::now()
        .duration_since(metadata.modified()?)
        .unwrap_or(Duration::ZERO);
    if !metadata.is_file() || untouched < age {
        return Ok(false);
    }
    let file = File::open(path)?;
    match file.try_lock() {
        Ok(()) => {}
        // A backup under way holds it.
        Err(TryLockError::WouldBlock) => return Ok(false),
        Err(TryLockError::Error(err)) => return Err(err),
    }
    fs::remove_file(path)?;
    Ok(true)
}

/// Whether `name` is one `temp_path_beside` makes: a dot, the target's name, a dot, 16
/// lower-case hex digits and `.tmp`.
fn is_temp_name(name: &str) -> bool {
    let Some(inner) = name
        .strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let Some((target, random)) = inner.rsplit_once('.') else {
        return false;
    };
    !target.is_empty()
        && random.len() == 16
        && random
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn temp_path_beside(target: &Path) -> Result<PathBuf, BackupError> {
    let name = target.file_name().ok_or_else(|| BackupError::Io {
        path: target.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the backup needs a file name",
        ),
    })?;
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|err| BackupError::Io {
        path: target.to_path_buf(),
        source: std::io::Error::other(err),
    })?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", hex::encode(random)));
    Ok(target.with_file_name(temp_name))
}

fn check_integrity(copy: &Path, target: &Path) -> Result<(), BackupError> {
    let corrupt = |problems: String| BackupError::Corrupt {
        target: target.to_path_buf(),
        problems,
    };
    let conn = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| corrupt(e.to_string()))?;
    let problems = integrity_problems(&conn).map_err(|e| corrupt(e.to_string()))?;
    if problems.is_empty() {
        Ok(())
    } else {
        Err(corrupt(problems.join("; ")))
    }
}

/// `PRAGMA integrity_check`'s findings; empty when it says "ok".
pub fn integrity_problems(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let rows = stmt.query_map([], |row| row.get::<_, String>(0))?;
    let findings = rows.collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(findings.into_iter().filter(|line| line != "ok").collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_of_our_own_temp_files_are_taken_for_leftovers() {
        for (name, ours) in [
            (".corpsite.db.0123456789abcdef.tmp", true),
            (".copy.db.fedcba9876543210.tmp", true),
            (".a.0000000000000000.tmp", true),
            ("..0123456789abcdef.tmp", false),
            (".0123456789abcdef.tmp", false),
            (".copy.db.0123456789ABCDEF.tmp", false),
            (".copy.db.0123456789abcde.tmp", false),
            (".copy.db.0123456789abcdef0.tmp", false),
            (".copy.db.0123456789abcdeg.tmp", false),
            (".copy.db.0123456789abcdef.tmp.x", false),
            ("copy.db.0123456789abcdef.tmp", false),
            (".copy.db.tmp", false),
            ("notes.tmp", false),
            (".incoming-0123456789abcdef01234567", false),
            (".corpsite-2026-11-23T031500Z.partial", false),
            ("", false),
        ] {
            assert_eq!(is_temp_name(name), ours, "{name:?}");
        }
    }

    #[test]
    fn every_temp_name_made_is_taken_for_one() {
        for target in ["copy.db", "corpsite.db", "a", "nightly backup.sqlite"] {
            let temp = temp_path_beside(Path::new("/srv/backups").join(target).as_path())
                .expect("a temp name");
            let name = temp.file_name().and_then(|n| n.to_str()).expect("utf-8");
            assert!(is_temp_name(name), "{name}");
        }
    }
}
