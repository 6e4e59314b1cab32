//! A consistent copy of the live database, safe while the server writes.
//!
//! `VACUUM INTO` copies one read snapshot (WAL lets the writer go on meanwhile) into a temp
//! file beside the target; the copy must pass `PRAGMA integrity_check`, is fsynced and only
//! then renamed over the target, so a failed backup never replaces a good one. The temp
//! file is created empty and owner-only (0600) before SQLite fills it, so the backup is never
//! readable by others, whatever the umask.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

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

    let temp = temp_path_beside(target)?;
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BackupError::Io { path, source }
    };
    let result = (|| {
        // VACUUM INTO takes an empty file and keeps its mode.
        create_private_file(&temp).map_err(io_error(target))?;
        conn.execute("VACUUM INTO ?1", [temp.to_string_lossy()])
            .map_err(|source| BackupError::Copy {
                path: target.to_path_buf(),
                source,
            })?;
        check_integrity(&temp, target)?;
        File::open(&temp)
            .and_then(|f| f.sync_all())
            .map_err(io_error(&temp))?;
        fs::rename(&temp, target).map_err(io_error(target))?;
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)
                .and_then(|d| d.sync_all())
                .map_err(io_error(dir))?;
        }
        let bytes = fs::metadata(target).map_err(io_error(target))?.len();
        Ok(BackupReport { bytes })
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
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
