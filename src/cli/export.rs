//! `corpsite leads export` and `corpsite applicants export`: CSV on stdout, with a header
//! row, oldest first. They read beside a running server (WAL: no waiting on its writes).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::cli::args::{ApplicantsExportArgs, ExportArgs};
use crate::domain::csv::CsvWriter;
use crate::store::applicants::applicants_since;
use crate::store::leads::enquiries_since;
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
    #[error("cannot write the CSV: {0}")]
    Write(#[source] io::Error),
    #[error("cannot create the resumes folder {path}: {source}")]
    ResumesDir { path: PathBuf, source: io::Error },
    #[error("{count} resume file(s) could not be copied, the first {file}: {source}")]
    Resumes {
        count: usize,
        file: PathBuf,
        source: io::Error,
    },
}

const LEAD_COLUMNS: [&str; 9] = [
    "_id",
    "created_at",
    "kind",
    "name",
    "email",
    "mobile",
    "requirment",
    "department_website",
    "service",
];

const APPLICANT_COLUMNS: [&str; 13] = [
    "_id",
    "created_at",
    "name",
    "mobile",
    "email",
    "experience",
    "previous_company",
    "query",
    "department_website",
    "resume_file",
    "resume_original_name",
    "resume_type",
    "resume_size",
];

/// Writes the enquiries as CSV to `out` and returns how many there were.
pub fn leads(args: &ExportArgs, out: impl Write) -> Result<usize, ExportError> {
    let conn = open(&args.data.data_dir)?;
    let rows = enquiries_since(&conn, args.since.map(|day| day.to_string()).as_deref())?;
    let mut csv = CsvWriter::new(io::BufWriter::new(out));
    let write = |csv: &mut CsvWriter<_>| -> io::Result<()> {
        if args.bom {
            csv.byte_order_mark()?;
        }
        csv.row(LEAD_COLUMNS)?;
        for r in &rows {
            csv.row([
                r.id.as_str(),
                &r.created_at,
                &r.kind,
                &r.name,
                &r.email,
                &r.mobile,
                &r.requirment,
                &r.department_website,
                &r.service,
            ])?;
        }
        csv.flush()
    };
    write(&mut csv).map_err(ExportError::Write)?;
    Ok(rows.len())
}

/// Writes the applicants as CSV to `out`, copies their resumes if asked, and returns how
/// many there were. A resume that cannot be copied does not stop the CSV; it fails the run.
pub fn applicants(args: &ApplicantsExportArgs, out: impl Write) -> Result<usize, ExportError> {
    let data_dir = &args.export.data.data_dir;
    let conn = open(data_dir)?;
    let rows = applicants_since(
        &conn,
        args.export.since.map(|day| day.to_string()).as_deref(),
    )?;
    let mut csv = CsvWriter::new(io::BufWriter::new(out));
    let write = |csv: &mut CsvWriter<_>| -> io::Result<()> {
        if args.export.bom {
            csv.byte_order_mark()?;
        }
        csv.row(APPLICANT_COLUMNS)?;
        for r in &rows {
            let (experience, size) = (r.experience.to_string(), r.resume_size.to_string());
            csv.row([
                r.id.as_str(),
                &r.created_at,
                &r.name,
                &r.mobile,
                &r.email,
                &experience,
                &r.previous_company,
                &r.query,
                &r.department_website,
                &r.resume_file,
                &r.resume_original_name,
                &r.resume_type,
                &size,
            ])?;
        }
        csv.flush()
    };
    write(&mut csv).map_err(ExportError::Write)?;

    if let Some(target) = &args.resumes {
        let files: Vec<&str> = rows.iter().map(|r| r.resume_file.as_str()).collect();
        copy_resumes(&uploads_dir(data_dir), target, &files)?;
    }
    Ok(rows.len())
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
