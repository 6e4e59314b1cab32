//! Backup sets: one folder per backup, named by its UTC time so names sort by age
//! (`corpsite-2026-11-23T031500Z/`), holding the checked database copy (`backup::backup`),
//! the data dir's file folders (resumes and media, named by the caller) and `manifest.json`.
//!
//! A set is built under a hidden temp name (`.corpsite-<time>.partial`) and renamed only once
//! everything in it is written and fsynced, so a folder under a set's name is always whole;
//! any failure (a full disk included) deletes the partial folder and leaves the older sets.
//!
//! Files are hard-linked into the set when the backup dir is on the data dir's filesystem,
//! and copied otherwise. Linking is safe because the server never changes a stored file in
//! place: resumes are written to a temp file and renamed (`uploads::PendingUpload::persist`),
//! media the same way under content-hash names (`content::media`), and both are otherwise
//! only renamed or deleted, which leaves the set's link as it was. The database is always
//! copied, never linked: SQLite writes its file in place.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use jiff::Timestamp;
use rusqlite::{Connection, OpenFlags};
use serde::{Deserialize, Serialize};

use crate::domain::utc::parse_rfc3339;
use crate::platform;
use crate::store::media_images::MEDIA_DIR;
use crate::store::uploads::UPLOADS_DIR;

/// The data dir's folders of files the database names: resumes and media (blog images,
/// author photos, portraits). Backed up with the database and restored with it.
pub const BACKED_UP_FOLDERS: [&str; 2] = [UPLOADS_DIR, MEDIA_DIR];

use super::backup::{backup, integrity_problems, tidy, BackupError};
use super::data_lock::{DataDirLock, LockError};
use super::permissions::{create_private_dir, create_private_file};
use super::{latest_version, DB_FILE};

/// Every set's name starts with this.
pub const SET_PREFIX: &str = "corpsite-";
const PARTIAL_SUFFIX: &str = ".partial";
pub const MANIFEST_FILE: &str = "manifest.json";
/// The database's companions, moved aside with it by a restore.
const DB_COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// A set's UTC second in its name: RFC 3339 without the colons, so names sort as times do.
const NAME_FORMAT: &str = "%Y-%m-%dT%H%M%SZ";

/// What a set holds, written beside it as `manifest.json` for people and tools.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// When the set was started (UTC, RFC 3339); the database is as of this moment.
    pub created_at: String,
    /// The corpsite version that made it.
    pub corpsite_version: String,
    /// The database's migration version: a corpsite that knows fewer cannot restore it.
    pub schema_version: i64,
    pub database_bytes: u64,
    /// Resumes and media files in the set, and their bytes together.
    pub files: u64,
    pub file_bytes: u64,
}

/// A set that was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeSet {
    pub path: PathBuf,
    pub manifest: Manifest,
}

#[derive(Debug, thiserror::Error)]
pub enum SetError {
    #[error(transparent)]
    Database(#[from] BackupError),
    #[error("cannot read the schema version of the copy {path}: {source}")]
    SchemaVersion {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("cannot write the backup set {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("a backup set named {0} already exists")]
    Exists(PathBuf),
    #[error("the backup was stopped: the server is shutting down")]
    Stopped,
    #[error("not enough free space on the data dir's disk for a backup set: it needs about {needed} bytes, {free} are free and --min-free-disk keeps {min_free} for the forms; free some space or make the set on another disk")]
    NoRoom {
        needed: u64,
        free: u64,
        min_free: u64,
    },
    #[error("cannot measure the free space for the backup in {path}: {source}")]
    Measure { path: PathBuf, source: io::Error },
}

#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error("{0} is neither a backup set (a folder holding {DB_FILE}) nor a database file")]
    NotABackup(PathBuf),
    #[error("{path} is not a corpsite database ({problem}), so nothing was restored")]
    NotCorpsite { path: PathBuf, problem: String },
    #[error("{path} failed its integrity check, so nothing was restored: {problems}")]
    Corrupt { path: PathBuf, problems: String },
    #[error("{path} was made by a newer corpsite (schema version {found}; this one knows up to {known}), so nothing was restored: restore it with that version or a newer one")]
    Newer {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("cannot restore {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("cannot copy the backup's files, so nothing was restored: {0}")]
    Files(#[source] SetError),
}

/// The name of a set started at `at`: `corpsite-2026-11-23T031500Z`.
pub fn set_name(at: Timestamp) -> String {
    format!("{SET_PREFIX}{}", at.strftime(NAME_FORMAT))
}

/// The time in a set's name; `None` for any other name.
pub fn parse_set_name(name: &str) -> Option<Timestamp> {
    let stamp = name.strip_prefix(SET_PREFIX)?;
    let day = stamp.get(..10)?;
    let clock = stamp.get(10..)?.strip_prefix('T')?.strip_suffix('Z')?;
    if clock.len() != 6 {
        return None;
    }
    let (hour, minute, second) = (clock.get(..2)?, clock.get(2..4)?, clock.get(4..)?);
    let at = parse_rfc3339(&format!("{day}T{hour}:{minute}:{second}Z"))?;
    // A leap second reads back with a fraction: no name is written with one.
    (at.subsec_nanosecond() == 0).then_some(at)
}

/// Makes a whole set of `data_dir` in `backup_dir`: the database, the resumes and the media
/// (`BACKED_UP_FOLDERS`). What the schedule, the staff's "Back up now" and `corpsite backup`
/// all make. A set on the data dir's own disk is not started when it would leave less than
/// `min_free_disk` free there: below that the forms answer 507, and the room is theirs.
pub fn make_whole_set(
    data_dir: &Path,
    backup_dir: &Path,
    min_free_disk: u64,
    at: Timestamp,
    stopped: &dyn Fn() -> bool,
) -> Result<MadeSet, SetError> {
    // Before anything is made: a typo in --data-dir leaves no empty folder behind.
    let database = data_dir.join(DB_FILE);
    if !database.is_file() {
        return Err(BackupError::NoDatabase(database).into());
    }
    check_room(data_dir, backup_dir, min_free_disk)?;
    make_set(data_dir, backup_dir, &BACKED_UP_FOLDERS, at, stopped)
}

/// Refuses a set on the data dir's disk that would leave it less than `min_free_disk` free.
/// A set elsewhere may fill its own disk: that fails the set (cleanly), not the site.
fn check_room(data_dir: &Path, backup_dir: &Path, min_free_disk: u64) -> Result<(), SetError> {
    let measure = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SetError::Measure { path, source }
    };
    create_private_dir(backup_dir).map_err(measure(backup_dir))?;
    // Where the system does not tell the device (None), both count as on one disk.
    let data_dev = platform::device_of(data_dir).map_err(measure(data_dir))?;
    let backup_dev = platform::device_of(backup_dir).map_err(measure(backup_dir))?;
    if data_dev != backup_dev {
        return Ok(());
    }
    // The copy is at most the database and its WAL; resumes and media are hard-linked here.
    let needed = [DB_FILE.to_owned(), format!("{DB_FILE}-wal")]
        .iter()
        .filter_map(|name| fs::metadata(data_dir.join(name)).ok())
        .map(|metadata| metadata.len())
        .sum();
    let free = fs4::available_space(backup_dir).map_err(measure(backup_dir))?;
    if leaves_room(free, needed, min_free_disk) {
        Ok(())
    } else {
        Err(SetError::NoRoom {
            needed,
            free,
            min_free: min_free_disk,
        })
    }
}

fn leaves_room(free: u64, needed: u64, min_free: u64) -> bool {
    free.checked_sub(needed)
        .is_some_and(|left| left >= min_free)
}

/// Makes a set of `data_dir` in `backup_dir` (created owner-only when missing): the database,
/// then each of `folders` (relative to the data dir; a missing one is empty). The database
/// comes first: a file stored while the set is made is at worst an extra file no row names
/// (set aside at start-up after a restore), never a row without its file; only a file
/// deleted in between (an erasure) is missing, as it is meant to be. `stopped` is asked
/// between files; once it answers true the set is abandoned.
pub fn make_set(
    data_dir: &Path,
    backup_dir: &Path,
    folders: &[&str],
    at: Timestamp,
    stopped: &dyn Fn() -> bool,
) -> Result<MadeSet, SetError> {
    create_private_dir(backup_dir).map_err(io_error(backup_dir))?;
    // A `corpsite backup FILE` into this folder that was killed left its temp file here.
    tidy(backup_dir);
    let name = set_name(at);
    let target = backup_dir.join(&name);
    if fs::symlink_metadata(&target).is_ok() {
        return Err(SetError::Exists(target));
    }
    let partial = backup_dir.join(format!(".{name}{PARTIAL_SUFFIX}"));
    if fs::symlink_metadata(&partial).is_ok() {
        fs::remove_dir_all(&partial).map_err(io_error(&partial))?;
    }
    let result = fill_set(data_dir, &partial, folders, at, stopped).and_then(|manifest| {
        fs::rename(&partial, &target).map_err(io_error(&target))?;
        platform::sync_dir(backup_dir).map_err(io_error(backup_dir))?;
        Ok(MadeSet {
            path: target,
            manifest,
        })
    });
    if result.is_err() {
        if let Err(err) = fs::remove_dir_all(&partial) {
            if err.kind() != io::ErrorKind::NotFound {
                tracing::error!(path = %partial.display(), error = %err, "cannot remove a failed backup set");
            }
        }
    }
    result
}

fn fill_set(
    data_dir: &Path,
    set: &Path,
    folders: &[&str],
    at: Timestamp,
    stopped: &dyn Fn() -> bool,
) -> Result<Manifest, SetError> {
    create_private_dir(set).map_err(io_error(set))?;
    let db_copy = set.join(DB_FILE);
    let database = backup(data_dir, &db_copy)?;
    let schema_version =
        read_schema_version(&db_copy).map_err(|source| SetError::SchemaVersion {
            path: db_copy.clone(),
            source,
        })?;
    let mut tally = Tally::default();
    for folder in folders {
        copy_tree(
            &data_dir.join(folder),
            &set.join(folder),
            &mut tally,
            stopped,
        )?;
    }
    let manifest = Manifest {
        created_at: at.to_string(),
        corpsite_version: env!("CARGO_PKG_VERSION").to_owned(),
        schema_version: schema_version.unwrap_or(0),
        database_bytes: database.bytes,
        files: tally.files,
        file_bytes: tally.bytes,
    };
    let manifest_path = set.join(MANIFEST_FILE);
    let text = serde_json::to_vec_pretty(&manifest).map_err(|err| SetError::Io {
        path: manifest_path.clone(),
        source: io::Error::other(err),
    })?;
    write_private(&manifest_path, &text).map_err(io_error(&manifest_path))?;
    platform::sync_dir(set).map_err(io_error(set))?;
    Ok(manifest)
}

#[derive(Debug, Default)]
struct Tally {
    files: u64,
    bytes: u64,
}

/// Puts every finished file under `from` into `to` (linked or copied), folders included.
/// Temp files of writes under way are left out, and a file deleted while the walk runs is
/// simply not there.
fn copy_tree(
    from: &Path,
    to: &Path,
    tally: &mut Tally,
    stopped: &dyn Fn() -> bool,
) -> Result<(), SetError> {
    let entries = match fs::read_dir(from) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(err) => return Err(io_error(from)(err)),
    };
    create_private_dir(to).map_err(io_error(to))?;
    for entry in entries {
        if stopped() {
            return Err(SetError::Stopped);
        }
        let entry = entry.map_err(io_error(from))?;
        let name = entry.file_name();
        if is_temp_name(&name.to_string_lossy()) {
            continue;
        }
        let source = entry.path();
        let target = to.join(&name);
        let file_type = match entry.file_type() {
            Ok(file_type) => file_type,
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(io_error(&source)(err)),
        };
        if file_type.is_dir() {
            copy_tree(&source, &target, tally, stopped)?;
        } else if file_type.is_file() {
            match link_or_copy(&source, &target) {
                Ok(bytes) => {
                    tally.files += 1;
                    tally.bytes += bytes;
                }
                Err(err) if err.kind() == io::ErrorKind::NotFound && !source.exists() => {}
                Err(err) => return Err(io_error(&target)(err)),
            }
        }
    }
    platform::sync_dir(to).map_err(io_error(to))
}

/// Temp files of uploads (`.incoming-…`) and media (`….tmp-<pid>`) being written.
fn is_temp_name(name: &str) -> bool {
    name.starts_with('.') || name.contains(".tmp-")
}

/// Hard-links `source` as `target`, or copies it (owner-only, fsynced) where links cannot
/// go (another filesystem). Answers the file's size.
fn link_or_copy(source: &Path, target: &Path) -> io::Result<u64> {
    let bytes = fs::metadata(source)?.len();
    match fs::hard_link(source, target) {
        Ok(()) => Ok(bytes),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Err(err),
        Err(_) => copy_private(source, target),
    }
}

fn copy_private(source: &Path, target: &Path) -> io::Result<u64> {
    let mut from = File::open(source)?;
    let mut to = create_private_file(target)?;
    let bytes = io::copy(&mut from, &mut to)?;
    to.sync_all()?;
    Ok(bytes)
}

fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = create_private_file(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> SetError {
    let path = path.to_path_buf();
    move |source| SetError::Io { path, source }
}

/// The highest migration applied to the database at `path`; `None` when it has none.
fn read_schema_version(path: &Path) -> rusqlite::Result<Option<i64>> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    schema_version(&conn)
}

fn schema_version(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    let has_history: bool = conn.query_row(
        "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history'",
        [],
        |row| row.get(0),
    )?;
    if !has_history {
        return Ok(None);
    }
    conn.query_row(
        "SELECT max(version) FROM refinery_schema_history",
        [],
        |row| row.get(0),
    )
}

/// The sets in `backup_dir`, oldest first: folders named as `set_name` names them and
/// holding a manifest (so a set is only ever something this code finished).
pub fn list_sets(backup_dir: &Path) -> io::Result<Vec<(Timestamp, PathBuf)>> {
    let entries = match fs::read_dir(backup_dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(err),
    };
    let mut sets = Vec::new();
    for entry in entries {
        let entry = entry?;
        let Some(at) = entry.file_name().to_str().and_then(parse_set_name) else {
            continue;
        };
        let path = entry.path();
        if entry.file_type()?.is_dir() && path.join(MANIFEST_FILE).is_file() {
            sets.push((at, path));
        }
    }
    sets.sort();
    Ok(sets)
}

/// Deletes the oldest sets beyond the newest `keep` (at least one is always kept); answers
/// the deleted folders. Nothing but a set (see `list_sets`) is ever deleted.
pub fn prune(backup_dir: &Path, keep: u32) -> io::Result<Vec<PathBuf>> {
    let sets = list_sets(backup_dir)?;
    let keep = usize::try_from(keep.max(1)).unwrap_or(usize::MAX);
    let excess = sets.len().saturating_sub(keep);
    let mut deleted = Vec::new();
    for (_, path) in sets.into_iter().take(excess) {
        fs::remove_dir_all(&path)?;
        deleted.push(path);
    }
    Ok(deleted)
}

/// Deletes the partial sets a stopped or crashed process left (`.corpsite-<time>.partial`);
/// answers how many.
pub fn remove_partial_sets(backup_dir: &Path) -> io::Result<usize> {
    let entries = match fs::read_dir(backup_dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(err) => return Err(err),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let is_partial = name
            .to_str()
            .and_then(|n| n.strip_prefix('.'))
            .and_then(|n| n.strip_suffix(PARTIAL_SUFFIX))
            .and_then(parse_set_name)
            .is_some();
        if is_partial && entry.file_type()?.is_dir() {
            fs::remove_dir_all(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// What a restore did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    pub schema_version: i64,
    pub database_bytes: u64,
    /// The folders restored from the set (none from a lone database file), and their files.
    pub folders: Vec<String>,
    pub files: u64,
    /// Where what was replaced now is; `None` when the data dir held nothing to replace.
    pub replaced: Option<PathBuf>,
}

/// Puts the backup `backup` (a set's folder or a database file) in place in `data_dir`, which
/// no server may be using (see `data_lock`). The database is copied into the data dir and
/// checked there (integrity, and a schema this binary knows) before anything is moved; then
/// the current database (with its -wal and -shm) and each of `folders` the set holds are
/// moved into `replaced-<time>/` in the data dir, and the copies take their place. A lone
/// database file leaves the folders as they are. `at` names the replaced folder.
pub fn restore(
    backup: &Path,
    data_dir: &Path,
    folders: &[&str],
    at: Timestamp,
) -> Result<Restored, RestoreError> {
    let (source_db, source_dir) = if backup.is_dir() {
        let db = backup.join(DB_FILE);
        if !db.is_file() {
            return Err(RestoreError::NotABackup(backup.to_path_buf()));
        }
        (db, Some(backup))
    } else if backup.is_file() {
        (backup.to_path_buf(), None)
    } else {
        return Err(RestoreError::NotABackup(backup.to_path_buf()));
    };
    let _lock = DataDirLock::for_restore(data_dir)?;

    let stamp = set_name(at).trim_start_matches(SET_PREFIX).to_owned();
    let staging = data_dir.join(format!(".restore-{stamp}"));
    let result =
        stage(&source_db, source_dir, &staging, folders).and_then(|(mut restored, moved)| {
            restored.replaced = swap_in(data_dir, &staging, &moved, &stamp)?;
            restored.folders = moved.into_iter().skip(1).collect();
            Ok(restored)
        });
    if let Err(err) = fs::remove_dir_all(&staging) {
        if err.kind() != io::ErrorKind::NotFound {
            tracing::warn!(path = %staging.display(), error = %err, "cannot remove the restore's staging folder");
        }
    }
    result
}

/// Copies the backup into `staging` and checks the database copy. Answers what it found and
/// the names staged: the database file first, then the folders the set holds.
fn stage(
    source_db: &Path,
    source_dir: Option<&Path>,
    staging: &Path,
    folders: &[&str],
) -> Result<(Restored, Vec<String>), RestoreError> {
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RestoreError::Io { path, source }
    };
    if fs::symlink_metadata(staging).is_ok() {
        fs::remove_dir_all(staging).map_err(io_err(staging))?;
    }
    create_private_dir(staging).map_err(io_err(staging))?;
    let staged_db = staging.join(DB_FILE);
    // Copied, never linked: the server will write this file in place.
    let database_bytes = copy_private(source_db, &staged_db).map_err(io_err(source_db))?;
    let schema_version = check_database(&staged_db, source_db)?;

    let mut staged = vec![DB_FILE.to_owned()];
    let mut tally = Tally::default();
    if let Some(dir) = source_dir {
        for folder in folders {
            let from = dir.join(folder);
            if from.is_dir() {
                copy_tree(&from, &staging.join(folder), &mut tally, &|| false)
                    .map_err(RestoreError::Files)?;
                staged.push((*folder).to_owned());
            }
        }
    }
    platform::sync_dir(staging).map_err(io_err(staging))?;
    Ok((
        Restored {
            schema_version,
            database_bytes,
            folders: Vec::new(),
            files: tally.files,
            replaced: None,
        },
        staged,
    ))
}

/// Integrity and schema version of the staged copy (named by its source in messages).
fn check_database(staged: &Path, source: &Path) -> Result<i64, RestoreError> {
    let not_corpsite = |problem: String| RestoreError::NotCorpsite {
        path: source.to_path_buf(),
        problem,
    };
    let conn = Connection::open_with_flags(staged, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| not_corpsite(e.to_string()))?;
    let problems = integrity_problems(&conn).map_err(|e| match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => not_corpsite(e.to_string()),
        _ => RestoreError::Corrupt {
            path: source.to_path_buf(),
            problems: e.to_string(),
        },
    })?;
    if !problems.is_empty() {
        return Err(RestoreError::Corrupt {
            path: source.to_path_buf(),
            problems: problems.join("; "),
        });
    }
    let found = schema_version(&conn)
        .map_err(|e| not_corpsite(e.to_string()))?
        .ok_or_else(|| not_corpsite("it has no migration history".to_owned()))?;
    let known = latest_version();
    if found > known {
        return Err(RestoreError::Newer {
            path: source.to_path_buf(),
            found,
            known,
        });
    }
    Ok(found)
}

/// Moves the current `names` (and the database's companions) into `replaced-<stamp>/`, then
/// the staged ones into the data dir. A failure part-way moves everything back.
fn swap_in(
    data_dir: &Path,
    staging: &Path,
    names: &[String],
    stamp: &str,
) -> Result<Option<PathBuf>, RestoreError> {
    let replaced = data_dir.join(format!("replaced-{stamp}"));
    let mut current: Vec<String> = names.to_vec();
    current.extend(
        DB_COMPANIONS
            .iter()
            .map(|suffix| format!("{DB_FILE}{suffix}")),
    );
    let present: Vec<String> = current
        .into_iter()
        .filter(|name| fs::symlink_metadata(data_dir.join(name)).is_ok())
        .collect();

    // Each done rename, as (from, to), to undo in reverse on failure.
    let mut done: Vec<(PathBuf, PathBuf)> = Vec::new();
    let result = (|| -> io::Result<()> {
        if !present.is_empty() {
            // Never into an earlier restore's folder: a rename would overwrite its files.
            if fs::symlink_metadata(&replaced).is_ok() {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!(
                        "{} exists already; try again in a second",
                        replaced.display()
                    ),
                ));
            }
            create_private_dir(&replaced)?;
        }
        for name in &present {
            let (from, to) = (data_dir.join(name), replaced.join(name));
            fs::rename(&from, &to)?;
            done.push((from, to));
        }
        for name in names {
            let (from, to) = (staging.join(name), data_dir.join(name));
            fs::rename(&from, &to)?;
            done.push((from, to));
        }
        platform::sync_dir(data_dir)?;
        if !present.is_empty() {
            platform::sync_dir(&replaced)?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(Some(replaced).filter(|_| !present.is_empty())),
        Err(source) => {
            for (from, to) in done.iter().rev() {
                if let Err(err) = fs::rename(to, from) {
                    tracing::error!(from = %to.display(), to = %from.display(), error = %err, "cannot undo a restore's move");
                }
            }
            Err(RestoreError::Io {
                path: data_dir.to_path_buf(),
                source,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        parse_rfc3339(text).expect("time")
    }

    #[test]
    fn a_set_is_named_by_its_utc_second_and_the_name_reads_back() {
        let cases = [
            ("2026-11-23T03:15:00Z", "corpsite-2026-11-23T031500Z"),
            ("2026-11-23T05:15:09+02:00", "corpsite-2026-11-23T031509Z"),
            ("2027-01-01T00:00:00.999Z", "corpsite-2027-01-01T000000Z"),
        ];
        for (time, name) in cases {
            assert_eq!(set_name(at(time)), name, "{time}");
            assert_eq!(
                parse_set_name(name),
                Some(Timestamp::from_second(at(time).as_second()).expect("second")),
                "{name}"
            );
        }
    }

    #[test]
    fn names_sort_as_their_times_do() {
        let times = [
            "2026-02-09T23:59:59Z",
            "2026-02-10T00:00:00Z",
            "2026-11-23T03:15:00Z",
            "2027-01-01T00:00:00Z",
        ];
        let names: Vec<String> = times.iter().map(|t| set_name(at(t))).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn other_names_are_not_sets() {
        for name in [
            "corpsite-2026-11-23T031500",
            "corpsite-2026-11-23T03:15:00Z",
            "corpsite-2026-13-23T031500Z",
            "corpsite-2026-11-23T241500Z",
            "corpsite-2016-12-31T235960Z",
            "corpsite-2026-11-23T031500.0Z",
            "corpsite-2026-11-23t031500z",
            "corpsite-+2026-11-23T031500Z",
            "backup-2026-11-23T031500Z",
            ".corpsite-2026-11-23T031500Z.partial",
            "corpsite-2026-11-23T031500Z.tar",
            "corpsite.db",
            "",
        ] {
            assert_eq!(parse_set_name(name), None, "{name:?}");
        }
    }

    #[test]
    fn pruning_deletes_only_the_oldest_sets_and_nothing_else() {
        let dir = tempfile::tempdir().expect("dir");
        let sets = [
            "corpsite-2026-11-20T000000Z",
            "corpsite-2026-11-21T000000Z",
            "corpsite-2026-11-22T000000Z",
        ];
        for name in sets {
            fs::create_dir(dir.path().join(name)).expect("set");
            fs::write(dir.path().join(name).join(MANIFEST_FILE), b"{}").expect("manifest");
        }
        // Named like a set but not finished, and someone else's files: never touched.
        fs::create_dir(dir.path().join("corpsite-2026-11-01T000000Z")).expect("bare");
        fs::create_dir(dir.path().join("old-backups")).expect("other");
        fs::write(dir.path().join("corpsite-2026-11-02T000000Z"), b"a file").expect("file");

        let deleted = prune(dir.path(), 1).expect("prune");
        assert_eq!(
            deleted,
            vec![dir.path().join(sets[0]), dir.path().join(sets[1])]
        );
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "corpsite-2026-11-01T000000Z",
                "corpsite-2026-11-02T000000Z",
                "corpsite-2026-11-22T000000Z",
                "old-backups"
            ]
        );
    }

    #[test]
    fn a_set_must_leave_the_forms_their_free_space() {
        let cases = [
            (1000, 100, 900, true),
            (1000, 100, 901, false),
            (1000, 1001, 0, false),
            (1000, 0, 1000, true),
            (u64::MAX, u64::MAX, 0, true),
        ];
        for (free, needed, min_free, fits) in cases {
            assert_eq!(
                leaves_room(free, needed, min_free),
                fits,
                "{free} free, {needed} needed, {min_free} kept"
            );
        }
    }

    #[test]
    fn temp_files_of_writes_under_way_are_left_out() {
        for (name, temp) in [
            (".incoming-0123456789abcdef01234567", true),
            ("3f9a0c1d2e3f4a5b.webp.tmp-4242", true),
            ("3f9a0c1d2e3f4a5b.webp", false),
            ("0123456789abcdef0123456789abcdef.pdf", false),
        ] {
            assert_eq!(is_temp_name(name), temp, "{name}");
        }
    }
}
