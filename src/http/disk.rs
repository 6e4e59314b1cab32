//! Room on disk for what the forms bring. Every form post first checks that the data dir's
//! file system keeps `min_free` bytes free, and an application that its resume fits in the
//! uploads quota; over either it is answered 507 (and logged) before a byte is stored, so a
//! flood of uploads cannot fill the disk the database needs.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::error::ApiError;

const DISK_FULL: &str =
    "The site cannot take forms right now because its storage is full. Please try again later or write to us by email.";
const QUOTA_FULL: &str =
    "The site cannot take more applications right now because its storage for resumes is full. Please try again later or write to us by email.";

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

    /// Is there room in the uploads quota for `bytes` more? 507 when not.
    pub fn check_quota(&self, bytes: u64) -> Result<(), ApiError> {
        let used = self.uploads_used.load(Ordering::Relaxed);
        if used.saturating_add(bytes) > self.uploads_quota {
            tracing::error!(
                used,
                quota = self.uploads_quota,
                "the uploads quota is full: refusing an application (507); raise --uploads-quota or tidy uploads/"
            );
            return Err(ApiError::InsufficientStorage(QUOTA_FULL));
        }
        Ok(())
    }

    /// A resume of `bytes` was stored.
    pub fn stored(&self, bytes: u64) {
        self.uploads_used.fetch_add(bytes, Ordering::Relaxed);
    }
}

/// Bytes an unprivileged process may still write on the file system of `path`.
fn free_bytes(path: &Path) -> std::io::Result<u64> {
    let stats = rustix::fs::statvfs(path)?;
    Ok(stats.f_bavail.saturating_mul(stats.f_frsize))
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
    fn the_quota_counts_what_was_stored() {
        let guard = DiskGuard::new(Path::new("."), 0, 1000, 600);
        assert!(guard.check_quota(400).is_ok());
        assert!(guard.check_quota(401).is_err());
        guard.stored(300);
        assert!(guard.check_quota(100).is_ok());
        let refused = guard.check_quota(101).expect_err("over the quota");
        assert_eq!(refused.status().as_u16(), 507);
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
