//! Room on disk for what the forms bring. Every form post first checks that the data dir's
//! file system keeps `min_free` bytes free, and an application that its resume fits in the
//! uploads quota; over either it is answered 507 (and logged) before a byte is stored, so a
//! flood of uploads cannot fill the disk the database needs. Room in the quota is reserved
//! (`reserve`) before the file is written, in one atomic step, so applications arriving
//! together cannot each see the same room and together overfill it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::http::plumbing::error::ApiError;

const DISK_FULL: &str =
    "The site cannot take forms right now because its storage is full. Please try again later or write to us by email.";
const QUOTA_FULL: &str =
    "The site cannot take more applications right now because its storage for resumes is full. Please try again later or write to us by email.";

#[derive(Debug)]
pub struct DiskGuard {
    data_dir: PathBuf,
    min_free: u64,
    uploads_quota: u64,
    /// Bytes the stored resumes take, counted at start and kept up to date.
    uploads_used: AtomicU64,
}

impl DiskGuard {
    pub fn new(data_dir: &Path, min_free: u64, uploads_quota: u64, uploads_used: u64) -> DiskGuard {
        DiskGuard {
            data_dir: data_dir.to_path_buf(),
            min_free,
            uploads_quota,
            uploads_used: AtomicU64::new(uploads_used),
        }
    }

    /// Bytes still free on the data dir's disk (for `/healthz`).
    pub fn free(&self) -> std::io::Result<u64> {
        free_bytes(&self.data_dir)
    }

    /// The free space form posts need (`--min-free-disk`).
    pub fn min_free(&self) -> u64 {
        self.min_free
    }

    /// Is there room for a form post? 507 when the disk is nearly full.
    pub fn check_free(&self) -> Result<(), ApiError> {
        match free_bytes(&self.data_dir) {
            Ok(free) if free < self.min_free => {
                tracing::error!(
                    free,
                    min_free = self.min_free,
                    "the data dir's disk is nearly full: refusing form posts (507)"
                );
                Err(ApiError::InsufficientStorage(DISK_FULL))
            }
            Ok(_) => Ok(()),
            // Not knowing is no reason to refuse a lead: the write itself will tell.
            Err(err) => {
                tracing::warn!(error = %err, "cannot read the free space of the data dir");
                Ok(())
            }
        }
    }

    /// Reserves room for `bytes` more in the uploads quota; 507 when there is none. The room
    /// is given back when the reservation is dropped, unless it was `kept`.
    pub fn reserve(&self, bytes: u64) -> Result<QuotaReservation<'_>, ApiError> {
        let taken = self
            .uploads_used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                let after = used.saturating_add(bytes);
                (after <= self.uploads_quota).then_some(after)
            });
        match taken {
            Ok(_) => Ok(QuotaReservation { guard: self, bytes }),
            Err(used) => {
                tracing::error!(
                    used,
                    quota = self.uploads_quota,
                    "the uploads quota is full: refusing an application (507); raise --uploads-quota or tidy uploads/"
                );
                Err(ApiError::InsufficientStorage(QUOTA_FULL))
            }
        }
    }
}

/// Room held in the uploads quota for a file being stored.
#[derive(Debug)]
pub struct QuotaReservation<'a> {
    guard: &'a DiskGuard,
    bytes: u64,
}

impl QuotaReservation<'_> {
    /// The file was stored with `bytes`: that much stays taken, the rest of the room is
    /// given back (a re-encoded image a little bigger than the room is counted whole).
    pub fn keep(mut self, bytes: u64) {
        if bytes > self.bytes {
            self.guard
                .uploads_used
                .fetch_add(bytes - self.bytes, Ordering::AcqRel);
        }
        self.bytes = self.bytes.saturating_sub(bytes);
    }
}

impl Drop for QuotaReservation<'_> {
    fn drop(&mut self) {
        self.guard
            .uploads_used
            .fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

/// A file that could not be written: 507 with `full` when the disk is full, else our fault
/// (logged with what was being done).
pub fn write_failed(doing: &'static str, full: &'static str, source: std::io::Error) -> ApiError {
    if source.kind() == std::io::ErrorKind::StorageFull {
        tracing::error!(error = %source, "{doing}: the disk is full (507)");
        return ApiError::InsufficientStorage(full);
    }
    ApiError::unexpected(WriteFailed { doing, source })
}

/// A write that failed, and what was being done.
#[derive(Debug, thiserror::Error)]
#[error("{doing}")]
struct WriteFailed {
    doing: &'static str,
    #[source]
    source: std::io::Error,
}

/// What the staff read when their upload meets a full disk.
pub const STAFF_DISK_FULL: &str =
    "The site's storage is full, so this could not be saved. Erase old applications or ask for more disk space, then try again.";

/// Bytes an unprivileged process may still write on the file system of `path`.
fn free_bytes(path: &Path) -> std::io::Result<u64> {
    fs4::available_space(path)
}

/// The bytes the files directly in `dir` take (0 when it does not exist yet).
pub fn folder_size(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.metadata().ok())
        .filter(std::fs::Metadata::is_file)
        .map(|metadata| metadata.len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quota_counts_what_is_reserved_and_kept() {
        let guard = DiskGuard::new(Path::new("."), 0, 1000, 600);
        assert!(guard.reserve(401).is_err());
        // A reservation dropped (the application failed) gives its room back.
        drop(guard.reserve(400).expect("room"));
        let first = guard.reserve(300).expect("room");
        // Held room is not free for another at the same time.
        assert!(guard.reserve(101).is_err());
        // Stored at 200 of the 300 reserved: 100 comes back.
        first.keep(200);
        assert!(guard.reserve(200).is_ok());
        let refused = guard.reserve(201).expect_err("over the quota");
        assert_eq!(refused.status().as_u16(), 507);
    }

    #[test]
    fn applications_at_once_never_overfill_the_quota() {
        let guard = std::sync::Arc::new(DiskGuard::new(Path::new("."), 0, 10_000, 0));
        let kept: u64 = (0..20)
            .map(|_| {
                let guard = std::sync::Arc::clone(&guard);
                std::thread::spawn(move || match guard.reserve(1_000) {
                    Ok(room) => {
                        room.keep(1_000);
                        1_000
                    }
                    Err(_) => 0,
                })
            })
            .map(|t| t.join().expect("thread"))
            .sum();
        assert_eq!(kept, 10_000);
    }

    #[test]
    fn a_disk_with_less_than_the_minimum_free_refuses_form_posts() {
        let dir = tempfile::tempdir().expect("dir");
        assert!(DiskGuard::new(dir.path(), 0, 0, 0).check_free().is_ok());
        let refused = DiskGuard::new(dir.path(), u64::MAX, 0, 0)
            .check_free()
            .expect_err("no disk has that much free");
        assert_eq!(refused.status().as_u16(), 507);
    }
}
