//! `corpsite backup FILE`: an online copy of the database, checked before it replaces FILE.

use crate::cli::args::BackupArgs;
use crate::store::backup::{backup, BackupError};

pub fn run(args: &BackupArgs) -> Result<(), BackupError> {
    let report = backup(&args.data.data_dir, &args.file)?;
    println!(
        "corpsite: backed up the database to {} ({} bytes); integrity check ok",
        args.file.display(),
        report.bytes
    );
    Ok(())
}
