//! Room kept in reserve for a full disk. The server keeps a 1 MiB file of zeros in the data
//! dir (`disk-reserve`). When the disk fills up, SQLite cannot write even a deletion, so the
//! one way to free space, erasing old leads, would fail too: `corpsite leads erase` then
//! deletes this file to make room for its own transaction. The server writes it again at its
//! next start, when there is room.

use std::io::Write;
use std::path::Path;

/// The reserve's file name in the data dir.
pub const FILE: &str = "disk-reserve";
/// Its size: room for a transaction that erases a person (rows, full-text index, audit log).
const SIZE: usize = 1024 * 1024;

/// Writes the reserve if it is missing (real zeros, not a sparse file: only written blocks
/// free anything when deleted). A disk too full for it is logged, not an error.
pub fn ensure(data_dir: &Path) {
    let path = data_dir.join(FILE);
    if path.metadata().is_ok_and(|m| m.len() == SIZE as u64) {
        return;
    }
    let written = std::fs::File::create(&path).and_then(|mut file| {
        file.write_all(&vec![0u8; SIZE])?;
        file.sync_all()
    });
    if let Err(err) = written {
        let _ = std::fs::remove_file(&path);
        tracing::warn!(error = %err, "cannot keep 1 MiB in reserve for a full disk");
    }
}

/// Deletes the reserve, to make room; whether there was one.
pub fn release(data_dir: &Path) -> bool {
    std::fs::remove_file(data_dir.join(FILE)).is_ok()
}
