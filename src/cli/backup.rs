//! `corpsite backup DIR|s3://…`: a whole backup set (the database, the resumes and the media)
//! made while the server runs, by the code the server's schedule uses
//! (`backup_set::make_whole_set`, then `Remote::upload_set` for a bucket). `corpsite
//! backup-database FILE`: the database alone, checked before it replaces FILE.

use std::path::Path;

use jiff::Timestamp;

use crate::cli::args::{BackupArgs, BackupDatabaseArgs};
use crate::store::backup::{backup, BackupError};
use crate::store::backup_set::{make_whole_set, set_name, MadeSet, SetError};
use crate::store::remote_backup::{Remote, RemoteError, S3Url};

#[derive(Debug, thiserror::Error)]
pub enum BackupCommandError {
    #[error(transparent)]
    Set(#[from] SetError),
    #[error("{0}; the set was not uploaded")]
    Remote(#[from] RemoteError),
    #[error("{0}")]
    BadAddress(String),
    #[error("{0} is a file: a backup set is a folder. Give a folder (the set goes inside it), or `corpsite backup-database {0}` for a copy of the database alone")]
    IsAFile(String),
}

pub fn run(args: &BackupArgs) -> Result<(), BackupCommandError> {
    let data_dir = &args.data.data_dir;
    let target = args.target.to_string_lossy();
    let now = Timestamp::now();
    let min_free = args.min_free.min_free_disk;
    if target.starts_with("s3://") {
        let url: S3Url = target.parse().map_err(BackupCommandError::BadAddress)?;
        let remote = Remote::connect(&args.backup_s3.config(url))?;
        // Made beside the data (files hard-linked, the database copied), sent, then deleted.
        let staging = data_dir.join(format!(".upload-{}", set_name(now)));
        let result = make_whole_set(data_dir, &staging, min_free, now, &|| false)
            .map_err(BackupCommandError::from)
            .and_then(|set| {
                let uploaded = remote.upload_set(&set.path, &|| false)?;
                Ok((set, uploaded))
            });
        remove_staging(&staging);
        let (set, uploaded) = result?;
        let name = set
            .path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        report(&set, &format!("{}/{name}", remote.url()));
        println!(
            "corpsite: uploaded {} files ({} bytes); the set is whole in the bucket",
            uploaded.files, uploaded.bytes
        );
        return Ok(());
    }
    if args.target.is_file() {
        return Err(BackupCommandError::IsAFile(target.into_owned()));
    }
    let set = make_whole_set(data_dir, &args.target, min_free, now, &|| false)?;
    report(&set, &set.path.display().to_string());
    Ok(())
}

fn report(set: &MadeSet, place: &str) {
    let manifest = &set.manifest;
    println!(
        "corpsite: made the backup set {place}: the database ({} bytes; integrity check ok) and {} resumes and media files ({} bytes)",
        manifest.database_bytes, manifest.files, manifest.file_bytes
    );
    println!("corpsite: put it back with `corpsite restore {place}` while no server runs");
}

fn remove_staging(staging: &Path) {
    if let Err(err) = std::fs::remove_dir_all(staging) {
        if err.kind() != std::io::ErrorKind::NotFound {
            eprintln!(
                "corpsite: cannot remove the set made for the upload {}: {err}; delete it by hand",
                staging.display()
            );
        }
    }
}

pub fn database(args: &BackupDatabaseArgs) -> Result<(), BackupError> {
    let report = backup(&args.data.data_dir, &args.file)?;
    println!(
        "corpsite: backed up the database to {} ({} bytes); integrity check ok",
        args.file.display(),
        report.bytes
    );
    Ok(())
}
