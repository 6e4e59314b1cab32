//! What differs between operating systems, in one place. The rest of the crate names no
//! operating system: no `cfg(unix)`, no `std::os::unix`, no `libc`, so a build for another
//! system is finished here (`tests/layers.rs` holds that rule).
//!
//! Where std or a kept crate has a portable way, everything uses it and nothing is here:
//! advisory file locks are std's `File::try_lock` and `File::try_lock_shared` (flock on
//! Unix, `LockFileEx` on Windows), and the free space of a disk is `fs4::available_space`
//! (`statvfs` on Unix, `GetDiskFreeSpaceExW` on Windows).
//!
//! What is here has a Unix implementation (`unix.rs`, what Linux releases run) and one for
//! every other system (`other.rs`), which compiles and does the safe thing, and says what a
//! port still has to finish. Only Linux is built, released and tested.

use std::ffi::OsString;
use std::fs::{DirBuilder, File, Metadata, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

#[cfg(not(unix))]
mod other;
#[cfg(unix)]
mod unix;

#[cfg(not(unix))]
use other as os;
#[cfg(unix)]
use unix as os;

/// Whether files carry Unix permission bits that this module reads and sets.
pub const HAS_UNIX_MODES: bool = cfg!(unix);

/// Makes everything the process creates from now on for its owner only (umask 077).
/// Process-wide: call it first thing, before threads start.
pub fn restrict_new_files() {
    os::restrict_new_files();
}

/// Makes the C allocator hand big buffers back to the system when freed (glibc keeps them
/// otherwise). Call first thing in `main`, before threads start.
pub fn give_back_big_buffers() {
    os::give_back_big_buffers();
}

/// Folders `builder` creates are for their owner only (0700).
pub fn owner_only_dir(builder: &mut DirBuilder) {
    os::owner_only_dir(builder);
}

/// A file `options` creates is for its owner only (0600).
pub fn owner_only_file(options: &mut OpenOptions) {
    os::owner_only_file(options);
}

/// The permission bits of a file or folder (`None` where the system has none).
pub fn mode(metadata: &Metadata) -> Option<u32> {
    os::mode(metadata)
}

/// Takes every permission of the group and the others away from `path` (a file or folder,
/// as `metadata` says): 0700 for a folder, 0600 for a file. Answers whether it changed.
pub fn make_owner_only(path: &Path, metadata: &Metadata) -> io::Result<bool> {
    os::make_owner_only(path, metadata)
}

/// The same for an open file.
pub fn make_file_owner_only(file: &File) -> io::Result<()> {
    os::make_file_owner_only(file)
}

/// Makes the entries of `dir` (files created, renamed or removed in it) durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    os::sync_dir(dir)
}

/// Which file `path` is, whatever its name (device and inode): `None` where the system
/// does not tell, and then a file replaced under its name is not noticed.
pub fn file_identity(path: &Path) -> io::Result<Option<(u64, u64)>> {
    os::file_identity(path)
}

/// The device `path` is on (`None` where the system does not tell).
pub fn device_of(path: &Path) -> io::Result<Option<u64>> {
    Ok(file_identity(path)?.map(|(device, _)| device))
}

/// Raises the open-files limit as far as allowed and answers the limit then in force.
/// `Unsupported` where the system has no such limit to read.
pub fn raise_open_files_limit() -> io::Result<u64> {
    os::raise_open_files_limit()
}

/// Completes when the service manager asks the process to stop (SIGTERM); never where
/// there is no such signal (Ctrl-C is portable: `tokio::signal::ctrl_c`).
pub async fn terminate() {
    os::terminate().await;
}

/// Requests to re-read files (SIGHUP), from the moment `hangups` answers.
pub struct Hangups(os::Hangups);

/// Starts listening for hangups. Register early: until then a SIGHUP ends the process.
pub fn hangups() -> io::Result<Hangups> {
    os::hangups().map(Hangups)
}

impl Hangups {
    /// The next hangup; `None` when no more can come. Never completes where there are none.
    pub async fn recv(&mut self) -> Option<()> {
        self.0.recv().await
    }
}

/// The folder where the system keeps programs' data for this user: `$XDG_DATA_HOME` or
/// `$HOME/.local/share` (Linux and other Unix), `~/Library/Application Support` (macOS),
/// `%APPDATA%` (Windows). `var` reads the environment; `None` when what it needs is unset,
/// empty or (XDG) relative.
pub fn app_data_base(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let set = |name: &str| {
        var(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        set("APPDATA")
    } else if cfg!(target_os = "macos") {
        Some(set("HOME")?.join("Library").join("Application Support"))
    } else {
        // The XDG spec ignores a relative XDG_DATA_HOME.
        match set("XDG_DATA_HOME").filter(|path| path.is_absolute()) {
            Some(path) => Some(path),
            None => Some(set("HOME")?.join(".local").join("share")),
        }
    }
}

/// The system's program that opens a URL in the default browser, and its first arguments
/// (the URL comes after them).
pub fn url_opener() -> (OsString, Vec<&'static str>) {
    if cfg!(windows) {
        // `start`'s first quoted argument is the window's title.
        ("cmd".into(), vec!["/c", "start", ""])
    } else if cfg!(target_os = "macos") {
        ("open".into(), Vec::new())
    } else {
        ("xdg-open".into(), Vec::new())
    }
}

/// An environment of `pairs`, for `app_data_base`'s `var` in tests.
#[cfg(test)]
pub fn test_vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
    move |name| {
        pairs
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| OsString::from(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::test_vars as vars;

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn the_data_folder_follows_xdg_data_home_then_home() {
        let xdg = [("XDG_DATA_HOME", "/x/data"), ("HOME", "/home/a")];
        assert_eq!(app_data_base(vars(&xdg)), Some(PathBuf::from("/x/data")));
        for without_xdg in [
            &[("HOME", "/home/a")][..],
            &[("XDG_DATA_HOME", ""), ("HOME", "/home/a")][..],
            &[("XDG_DATA_HOME", "relative"), ("HOME", "/home/a")][..],
        ] {
            assert_eq!(
                app_data_base(vars(without_xdg)),
                Some(PathBuf::from("/home/a/.local/share")),
                "{without_xdg:?}"
            );
        }
        assert_eq!(app_data_base(vars(&[("HOME", "")])), None);
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn urls_open_with_xdg_open() {
        assert_eq!(url_opener(), (OsString::from("xdg-open"), Vec::new()));
    }

    #[test]
    fn a_file_made_owner_only_keeps_no_permission_for_others() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("f");
        std::fs::write(&path, b"x").expect("write");
        let file = File::open(&path).expect("open");
        if HAS_UNIX_MODES {
            let loose = 0o644;
            set_mode_for_test(&path, loose);
            assert_eq!(mode(&file.metadata().expect("meta")), Some(loose));
        }
        make_file_owner_only(&file).expect("restrict");
        let metadata = std::fs::metadata(&path).expect("meta");
        assert!(
            !make_owner_only(&path, &metadata).expect("again"),
            "nothing left to change"
        );
        if HAS_UNIX_MODES {
            assert_eq!(mode(&metadata), Some(0o600));
        }
    }

    #[test]
    fn a_folder_made_owner_only_changes_once() {
        let dir = tempfile::tempdir().expect("dir");
        let folder = dir.path().join("d");
        std::fs::create_dir(&folder).expect("mkdir");
        set_mode_for_test(&folder, 0o755);
        let metadata = std::fs::metadata(&folder).expect("meta");
        assert_eq!(
            make_owner_only(&folder, &metadata).expect("tighten"),
            HAS_UNIX_MODES
        );
        let metadata = std::fs::metadata(&folder).expect("meta");
        assert!(!make_owner_only(&folder, &metadata).expect("again"));
        if HAS_UNIX_MODES {
            assert_eq!(mode(&metadata), Some(0o700));
        }
    }

    #[test]
    fn a_file_keeps_its_identity_under_a_new_name_and_a_copy_has_another() {
        let dir = tempfile::tempdir().expect("dir");
        let (first, renamed, copy) = (
            dir.path().join("a"),
            dir.path().join("b"),
            dir.path().join("c"),
        );
        std::fs::write(&first, b"x").expect("write");
        let before = file_identity(&first).expect("identity");
        std::fs::rename(&first, &renamed).expect("rename");
        assert_eq!(file_identity(&renamed).expect("identity"), before);
        std::fs::copy(&renamed, &copy).expect("copy");
        if before.is_some() {
            assert_ne!(file_identity(&copy).expect("identity"), before);
            assert_eq!(
                device_of(&copy).expect("device"),
                before.map(|(device, _)| device)
            );
        }
    }

    #[test]
    fn the_open_files_limit_is_raised_as_far_as_allowed() {
        match raise_open_files_limit() {
            Ok(limit) => {
                assert!(limit >= 16, "{limit}");
                assert_eq!(raise_open_files_limit().expect("again"), limit, "stable");
            }
            Err(err) => assert_eq!(err.kind(), io::ErrorKind::Unsupported, "{err}"),
        }
    }

    fn set_mode_for_test(path: &Path, mode: u32) {
        os::set_mode(path, mode).expect("chmod");
    }
}
