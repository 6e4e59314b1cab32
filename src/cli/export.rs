//! `corpsite leads export` and `corpsite applicants export`: CSV or an Excel workbook on
//! stdout, with a header row, oldest first. They read beside a running server (WAL: no
//! waiting on its writes).
//!
//! The columns and writers are the browser export's (`domain::export`, `store::export`): one
//! list per file, so `leads export` writes enquiries, or subscriptions with `--list
//! subscribers`.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::cli::args::{
    ApplicantsExportArgs, ExportArgs, ExportFileFormat, LeadsExportArgs, LeadsList, ReaderState,
};
use crate::domain::inbox::InboxList;
use crate::domain::readers::SubscriptionState;
use crate::store::applicants::applicants_since;
use crate::store::export::{self, Rows, WriteError};
use crate::store::permissions::{create_private_dir, create_private_file};
use crate::store::uploads::uploads_dir;
use crate::store::{open_for_cli, StoreError, DB_FILE};

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("there is no database at {0}: check --data-dir or CORPSITE_DATA_DIR")]
    NoDatabase(PathBuf),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot read the database: {0}")]
    Read(#[from] rusqlite::Error),
    #[error("cannot write the export: {0}")]
    Write(#[source] io::Error),
    #[error(transparent)]
    Export(#[from] WriteError),
    #[error("--subscription chooses among subscribers: add --list subscribers")]
    SubscriptionOfEnquiries,
    #[error("cannot create the resumes folder {path}: {source}")]
    ResumesDir { path: PathBuf, source: io::Error },
    #[error("{count} resume file(s) could not be copied, the first {file}: {source}")]
    Resumes {
        count: usize,
        file: PathBuf,
        source: io::Error,
    },
}

/// Writes the enquiries or the subscriptions to `out` and returns how many there were.
pub fn leads(args: &LeadsExportArgs, out: impl Write) -> Result<usize, ExportError> {
    let conn = open(&args.export.data.data_dir)?;
    let list = match args.list {
        LeadsList::Enquiries => InboxList::Enquiries,
        LeadsList::Subscribers => InboxList::Subscribers,
    };
    let since = args.export.since.map(|day| day.to_string());
    let rows = match (list, args.subscription) {
        (_, None) => Rows::Since(since.as_deref()),
        (InboxList::Subscribers, Some(state)) => Rows::SubscribersSince {
            since: since.as_deref(),
            state: match state {
                ReaderState::Pending => SubscriptionState::Pending,
                ReaderState::Confirmed => SubscriptionState::Confirmed,
                ReaderState::Unsubscribed => SubscriptionState::Unsubscribed,
            },
        },
        (_, Some(_)) => return Err(ExportError::SubscriptionOfEnquiries),
    };
    write(&conn, list, rows, &args.export, out)
}

/// Writes the applicants to `out`, copies their resumes if asked, and returns how many
/// there were. A resume that cannot be copied does not stop the export; it fails the run.
pub fn applicants(args: &ApplicantsExportArgs, out: impl Write) -> Result<usize, ExportError> {
    let data_dir = &args.export.data.data_dir;
    let mut conn = open(data_dir)?;
    let since = args.export.since.map(|day| day.to_string());
    // One read: the resumes copied are those of the rows written.
    let read = conn.transaction()?;
    let files: Vec<String> = match &args.resumes {
        Some(_) => applicants_since(&read, since.as_deref())?
            .into_iter()
            .map(|applicant| applicant.resume_file)
            .collect(),
        None => Vec::new(),
    };
    let count = write(
        &read,
        InboxList::Applicants,
        Rows::Since(since.as_deref()),
        &args.export,
        out,
    )?;
    read.commit()?;

    if let Some(target) = &args.resumes {
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        copy_resumes(&uploads_dir(data_dir), target, &files)?;
    }
    Ok(count)
}

/// One list's export (`domain::export`'s columns, as the browser's) in the chosen format. A
/// workbook is put together in memory first (its zip needs to seek), then copied to `out`.
fn write(
    conn: &Connection,
    list: InboxList,
    rows: Rows<'_>,
    args: &ExportArgs,
    out: impl Write,
) -> Result<usize, ExportError> {
    let mut out = io::BufWriter::new(out);
    let count = match args.format {
        ExportFileFormat::Csv => export::write_csv(conn, list, rows, args.bom, &mut out)?,
        ExportFileFormat::Xlsx => {
            let mut book = io::Cursor::new(Vec::new());
            let count = export::write_xlsx(conn, list, rows, &mut book)?;
            out.write_all(book.get_ref()).map_err(ExportError::Write)?;
            count
        }
    };
    out.flush().map_err(ExportError::Write)?;
    Ok(count)
}

fn open(data_dir: &Path) -> Result<Connection, ExportError> {
    let path = data_dir.join(DB_FILE);
    if !path.is_file() {
        return Err(ExportError::NoDatabase(path));
    }
    Ok(open_for_cli(data_dir)?)
}

/// Copies each stored resume (already named `<_id>.<ext>`) into `target`, owner-only like
/// the originals: `target` is created 0700 if missing, and each copy is 0600.
fn copy_resumes(uploads: &Path, target: &Path, files: &[&str]) -> Result<(), ExportError> {
    let dir_error = |source| ExportError::ResumesDir {
        path: target.to_path_buf(),
        source,
    };
    create_private_dir(target).map_err(dir_error)?;
    // Copying a file onto itself truncates it first: that would empty every resume.
    if fs::canonicalize(target).map_err(dir_error)?
        == fs::canonicalize(uploads).map_err(dir_error)?
    {
        return Err(dir_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is the uploads folder itself; choose another folder",
        )));
    }
    let mut failures = Vec::new();
    for file in files {
        // Names are generated by the server; keep only the last segment all the same.
        let Some(name) = Path::new(file).file_name() else {
            continue;
        };
        let from = uploads.join(name);
        if let Err(err) = copy_private(&from, &target.join(name)) {
            eprintln!("corpsite: cannot copy {}: {err}", from.display());
            failures.push((from, err));
        }
    }
    let count = failures.len();
    match failures.into_iter().next() {
        None => Ok(()),
        Some((file, source)) => Err(ExportError::Resumes {
            count,
            file,
            source,
        }),
    }
}

/// Copies `from` to `to`, which is created (or made) 0600 before any byte is written.
fn copy_private(from: &Path, to: &Path) -> io::Result<u64> {
    let mut source = fs::File::open(from)?;
    let mut copy = create_private_file(to)?;
    let bytes = io::copy(&mut source, &mut copy)?;
    copy.sync_all()?;
    Ok(bytes)
}
