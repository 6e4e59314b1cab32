//! Every system that is not Unix (Windows): it compiles and does the safe thing. Not built
//! or tested by the project; what a port has to finish is said where it applies.

use std::fs::{DirBuilder, File, Metadata, OpenOptions};
use std::io;
use std::path::Path;

/// To finish: there is no umask. Files in the user's profile inherit its ACL, which is the
/// user's own; a data dir elsewhere needs an owner-only ACL set here.
pub fn restrict_new_files() {}

pub fn give_back_big_buffers() {}

pub fn owner_only_dir(_: &mut DirBuilder) {}

pub fn owner_only_file(_: &mut OpenOptions) {}

pub fn mode(_: &Metadata) -> Option<u32> {
    None
}

pub fn make_owner_only(_: &Path, _: &Metadata) -> io::Result<bool> {
    Ok(false)
}

pub fn make_file_owner_only(_: &File) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
pub fn set_mode(_: &Path, _: u32) -> io::Result<()> {
    Ok(())
}

/// A folder cannot be opened as a file here, and NTFS journals its entries itself.
pub fn sync_dir(_: &Path) -> io::Result<()> {
    Ok(())
}

/// To finish: the volume serial number and file index (`GetFileInformationByHandle`).
pub fn file_identity(_: &Path) -> io::Result<Option<(u64, u64)>> {
    Ok(None)
}

/// Handles are not limited as Unix descriptors are.
pub fn raise_open_files_limit() -> io::Result<u64> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// To finish: a Windows service's stop request (`tokio::signal::windows::ctrl_shutdown`).
pub async fn terminate() {
    std::future::pending::<()>().await;
}

pub struct Hangups;

pub fn hangups() -> io::Result<Hangups> {
    Ok(Hangups)
}

impl Hangups {
    pub async fn recv(&mut self) -> Option<()> {
        std::future::pending::<Option<()>>().await
    }
}
