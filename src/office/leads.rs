//! The leads' operations.

use std::io;
use std::path::Path;

use crate::store::uploads::uploads_dir;

/// Deletes the stored resume `files` (as the rows named them) of the data dir `data_dir`: after
/// a lead or a person is erased, by the inbox, a bulk erase or `corpsite leads erase`. A
/// file already gone is no failure; answers the ones that could not be deleted.
pub fn remove_resumes(data_dir: &Path, files: &[String]) -> Vec<(String, io::Error)> {
    let uploads = uploads_dir(data_dir);
    let mut failures = Vec::new();
    for file in files {
        if let Some(name) = Path::new(file).file_name() {
            match std::fs::remove_file(uploads.join(name)) {
                Err(err) if err.kind() != io::ErrorKind::NotFound => {
                    failures.push((file.clone(), err))
                }
                _ => {}
            }
        }
    }
    failures
}
