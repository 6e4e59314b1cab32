//! `corpsite restore BACKUP`: a backup set (or a database file) in place of the data dir's
//! database, resumes and media, while no server runs; what it replaces is kept aside.

use time::OffsetDateTime;

use crate::cli::args::RestoreArgs;
use crate::store::backup_set::BACKED_UP_FOLDERS;
use crate::store::backup_set::{restore, RestoreError};

pub fn run(args: &RestoreArgs) -> Result<(), RestoreError> {
    let data_dir = &args.data.data_dir;
    let restored = restore(
        &args.backup,
        data_dir,
        &BACKED_UP_FOLDERS,
        OffsetDateTime::now_utc(),
    )?;
    println!(
        "corpsite: restored the database from {} into {} ({} bytes, schema version {}); integrity check ok",
        args.backup.display(),
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
    Ok(())
}
