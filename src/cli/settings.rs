//! `corpsite settings export FILE` and `corpsite settings import FILE`: the company's details
//! as JSON, for moving a configuration between machines. Import checks every field first and
//! saves nothing when one is bad (naming each); a saved import is in the audit log as done
//! by the command line, and the site shows it within a second.

use std::path::{Path, PathBuf};

use crate::cli::args::SettingsCommand;
use crate::domain::site_details::{SiteDetails, SiteDetailsFileError};
use crate::store::site_details::{self, DetailsError};
use crate::store::staff::{Audit, COMMAND_LINE};
use crate::store::{open_for_cli, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Details(#[from] DetailsError),
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: nothing was saved: {source}", path.display())]
    Invalid {
        path: PathBuf,
        source: SiteDetailsFileError,
    },
}

pub fn run(command: SettingsCommand) -> Result<(), SettingsError> {
    match command {
        SettingsCommand::Export { file, data } => {
            let conn = open_for_cli(&data.data_dir)?;
            let stored = site_details::read(&conn)?;
            let json = serde_json::to_string_pretty(stored.details.form())
                .unwrap_or_else(|_| stored.details.to_json());
            write_file(&file, format!("{json}\n").as_bytes())?;
            let source = if stored.demo {
                "the demo details (nothing saved yet)"
            } else {
                "the company details"
            };
            println!("corpsite: wrote {source} to {}", file.display());
            Ok(())
        }
        SettingsCommand::Import { file, data } => {
            let details = read_details(&file)?;
            let conn = open_for_cli(&data.data_dir)?;
            let tx = conn.unchecked_transaction()?;
            let subject = file.display().to_string();
            let changed = site_details::save(
                &tx,
                &details,
                &Audit {
                    actor: COMMAND_LINE,
                    action: "imported company details",
                    subject: &subject,
                    detail: "",
                    client_addr: "",
                },
            )?;
            tx.commit()?;
            if changed.is_empty() {
                println!("corpsite: imported {}; nothing differed", file.display());
            } else {
                println!(
                    "corpsite: imported {}; changed: {}",
                    file.display(),
                    changed.join(", ")
                );
            }
            Ok(())
        }
    }
}

/// The file's details, every field checked.
pub fn read_details(path: &Path) -> Result<SiteDetails, SettingsError> {
    let json = std::fs::read_to_string(path).map_err(|source| SettingsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    SiteDetails::from_json(&json).map_err(|source| SettingsError::Invalid {
        path: path.to_path_buf(),
        source,
    })
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), SettingsError> {
    std::fs::write(path, bytes).map_err(|source| SettingsError::Write {
        path: path.to_path_buf(),
        source,
    })
}
