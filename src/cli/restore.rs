//! `corpsite restore BACKUP`: a backup set (or a database file) in place of the data dir's
//! database, resumes and media, while no server runs; what it replaces is kept aside.
//! `s3://BUCKET/PREFIX[/SET]` first downloads the newest (or the named) whole set from the
//! bucket into the data dir, then restores it through the same checks, and deletes the
//! download. Then the erasure ledger (the addresses erased for privacy, hashed) of the
//! database it replaced and of the one it put back is applied again: an older backup brings
//! back no one erased since.

use std::path::Path;

use jiff::Timestamp;

use crate::cli::args::RestoreArgs;
use crate::office::leads;
use crate::store::backup_set::{restore, set_name, RestoreError, BACKED_UP_FOLDERS};
use crate::store::data_lock::DataDirLock;
use crate::store::remote_backup::{self, Remote, RemoteError, S3Url};

#[derive(Debug, thiserror::Error)]
pub enum RestoreCommandError {
    #[error(transparent)]
    Restore(#[from] RestoreError),
    #[error("{0}; nothing was restored")]
    Remote(#[from] RemoteError),
    #[error("{0}")]
    BadAddress(String),
    #[error("restored, but the erasure ledger could not be applied: {0}; start nothing and run the restore again")]
    Ledger(crate::store::StoreError),
}

pub fn run(args: &RestoreArgs) -> Result<(), RestoreCommandError> {
    let data_dir = &args.data.data_dir;
    let source = args.backup.to_string_lossy();
    if source.starts_with("s3://") {
        let url: S3Url = source.parse().map_err(RestoreCommandError::BadAddress)?;
        return from_bucket(args, &url);
    }
    let ledger = replaced_ledger(data_dir);
    let restored = restore(&args.backup, data_dir, &BACKED_UP_FOLDERS, Timestamp::now())?;
    report(&args.backup.display().to_string(), data_dir, &restored);
    erase_again(data_dir, &ledger)
}

/// The erasure ledger of the database about to be replaced. One that cannot be read (a
/// damaged database, the reason for many a restore) is said, and the restore goes on with
/// the restored database's own ledger.
fn replaced_ledger(data_dir: &Path) -> Vec<String> {
    leads::ledger_of(data_dir).unwrap_or_else(|err| {
        eprintln!(
            "corpsite: cannot read the erasure ledger of the database being replaced ({err}); the restored database's own ledger is applied"
        );
        Vec::new()
    })
}

/// Brings the restored database up to this binary's schema and erases again everyone the
/// erasure ledgers name (the replaced database's and its own): an older backup brings back
/// no one erased for privacy since.
fn erase_again(data_dir: &Path, ledger: &[String]) -> Result<(), RestoreCommandError> {
    let conn = crate::store::open_for_cli(data_dir).map_err(RestoreCommandError::Ledger)?;
    let erased =
        leads::reapply_erasures(&conn, data_dir, ledger).map_err(RestoreCommandError::Ledger)?;
    if erased > 0 {
        println!(
            "corpsite: erased again the records of {erased} person(s) erased for privacy (the erasure ledger)"
        );
    }
    Ok(())
}

fn from_bucket(args: &RestoreArgs, url: &S3Url) -> Result<(), RestoreCommandError> {
    let data_dir = &args.data.data_dir;
    let (sets, name) = remote_backup::split_set(url);
    let remote = Remote::connect(&args.backup_s3.config(sets.clone()))?;
    // A running server refuses before anything is downloaded into its data dir.
    drop(DataDirLock::for_restore(data_dir).map_err(RestoreError::from)?);
    let ledger = replaced_ledger(data_dir);
    let now = Timestamp::now();
    let download = data_dir.join(format!(".download-{}", set_name(now)));
    let result = remote
        .download_set(name.as_deref(), &download)
        .map_err(RestoreCommandError::from)
        .and_then(|name| {
            let restored = restore(&download, data_dir, &BACKED_UP_FOLDERS, now)?;
            Ok((name, restored))
        });
    remove_download(&download);
    let (name, restored) = result?;
    report(&format!("{sets}/{name}"), data_dir, &restored);
    erase_again(data_dir, &ledger)
}

fn remove_download(download: &Path) {
    if let Err(err) = std::fs::remove_dir_all(download) {
        if err.kind() != std::io::ErrorKind::NotFound {
            eprintln!(
                "corpsite: cannot remove the download {}: {err}; delete it by hand",
                download.display()
            );
        }
    }
}

fn report(source: &str, data_dir: &Path, restored: &crate::store::backup_set::Restored) {
    println!(
        "corpsite: restored the database from {source} into {} ({} bytes, schema version {}); integrity check ok",
        data_dir.display(),
        restored.database_bytes,
        restored.schema_version
    );
    if restored.folders.is_empty() {
        println!("corpsite: the resumes and media were left as they were (the backup has none)");
    } else {
        println!(
            "corpsite: restored {} ({} files)",
            restored.folders.join(" and "),
            restored.files
        );
    }
    match &restored.replaced {
        Some(replaced) => println!(
            "corpsite: what was replaced is kept in {}; delete it once the site is checked",
            replaced.display()
        ),
        None => println!("corpsite: the data dir had no database; nothing was replaced"),
    }
    println!("corpsite: start the server now");
}
