//! Linux and the other Unix systems.

use std::fs::{self, DirBuilder, File, Metadata, OpenOptions, Permissions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use rlimit::Resource;
use tokio::signal::unix::{signal, Signal, SignalKind};

const OWNER_ONLY_DIR: u32 = 0o700;
const OWNER_ONLY_FILE: u32 = 0o600;

pub fn restrict_new_files() {
    // SAFETY: umask(2) only swaps the process's file mode mask; it cannot fail and touches
    // no memory.
    unsafe {
        libc::umask(0o077);
    }
}

/// An Argon2 check takes 19 MiB, an image being decoded up to 160 MB. glibc's malloc serves
/// such sizes with mmap and unmaps them on free, but after the first free it raises its
/// threshold to the size freed, so later ones come from per-thread heaps, which keep them: a
/// burst of sign-ins left hundreds of megabytes resident long after it was over. A fixed
/// threshold keeps every allocation of 1 MiB and more mapped on its own, and returned on free.
pub fn give_back_big_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt(3) only sets a malloc tunable; M_MMAP_THRESHOLD takes a byte count
    // (at most 32 MiB on 64-bit). Called before any other thread exists.
    unsafe {
        const OWN_MAPPING_FROM: i32 = 1024 * 1024;
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING_FROM);
    }
}

pub fn owner_only_dir(builder: &mut DirBuilder) {
    builder.mode(OWNER_ONLY_DIR);
}

pub fn owner_only_file(options: &mut OpenOptions) {
    options.mode(OWNER_ONLY_FILE);
}

pub fn mode(metadata: &Metadata) -> Option<u32> {
    Some(metadata.permissions().mode() & 0o777)
}

pub fn make_owner_only(path: &Path, metadata: &Metadata) -> io::Result<bool> {
    if metadata.permissions().mode() & 0o077 == 0 {
        return Ok(false);
    }
    let mode = if metadata.is_dir() {
        OWNER_ONLY_DIR
    } else {
        OWNER_ONLY_FILE
    };
    set_mode(path, mode)?;
    Ok(true)
}

pub fn make_file_owner_only(file: &File) -> io::Result<()> {
    if file.metadata()?.permissions().mode() & 0o777 != OWNER_ONLY_FILE {
        file.set_permissions(Permissions::from_mode(OWNER_ONLY_FILE))?;
    }
    Ok(())
}

pub fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    fs::set_permissions(path, Permissions::from_mode(mode))
}

pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

pub fn file_identity(path: &Path) -> io::Result<Option<(u64, u64)>> {
    let metadata = fs::metadata(path)?;
    Ok(Some((metadata.dev(), metadata.ino())))
}

pub fn raise_open_files_limit() -> io::Result<u64> {
    let (soft, hard) = Resource::NOFILE.get()?;
    if soft < hard {
        // Linux caps the hard limit itself (nr_open); RLIM_INFINITY is not a real number here.
        let wanted = hard.min(1 << 20);
        if Resource::NOFILE.set(wanted, hard).is_ok() {
            return Ok(wanted);
        }
    }
    Ok(soft)
}

pub async fn terminate() {
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            terminate.recv().await;
        }
        Err(_) => std::future::pending::<()>().await,
    }
}

pub struct Hangups(Signal);

pub fn hangups() -> io::Result<Hangups> {
    signal(SignalKind::hangup()).map(Hangups)
}

impl Hangups {
    pub async fn recv(&mut self) -> Option<()> {
        self.0.recv().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_answered_is_the_soft_limit_in_force() {
        let (before, _) = Resource::NOFILE.get().expect("limit");
        let raised = raise_open_files_limit().expect("limit");
        let (soft, hard) = Resource::NOFILE.get().expect("limit");
        assert_eq!(raised, soft, "the answer is the limit in force");
        assert!(soft >= before, "never lowered: {before} -> {soft}");
        assert!(soft <= hard, "soft {soft}, hard {hard}");
    }
}
