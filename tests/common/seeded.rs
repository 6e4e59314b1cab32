//! Data dirs made once for a build of the tests and copied into each test's own:
//!
//! - the demo content, published (every picture at every width the site serves), for each
//!   server a test starts as a process: publishing is most of a first start, seconds for each
//!   server and tens of seconds on a loaded machine, in tests that are about something else.
//!   The tests of a first start itself (publishing in `blogs_seed`, the data dir's modes in
//!   `store_permissions`, a start in an empty folder in `cli_serve`) start on an empty dir
//!   instead. A test that starts the server in-process on a copy uses
//!   `TestApp::with_demo_content`;
//! - an empty database with every migration applied, for each `TestApp`: migrating a new
//!   database (twenty schema changes, each committed) was most of a short test's time. The
//!   migrations themselves are tested from nothing in `store_migrations`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// Fills `data_dir` (missing or empty) with a copy of a data dir on which the demo content
/// was published by the server's own function, as a first start leaves it.
pub fn seeded_data_dir(data_dir: &Path) {
    let template = template("seeded-data-dir", |dir| {
        corpsite::content::seed::seed_once(dir).expect("publish the demo content");
    });
    copy_dir(&template, data_dir);
}

/// Fills `data_dir` (missing or empty) with a copy of a data dir holding a new database on
/// which the store has applied every migration, as `Db::open` leaves it.
pub fn migrated_data_dir(data_dir: &Path) {
    let template = template("migrated-data-dir", |dir| {
        let db = corpsite::store::Db::open(dir).expect("migrate a new database");
        db.close();
    });
    copy_dir(&template, data_dir);
}

/// The data dir named `name` the copies are made from: made by `make` in the first test that
/// asks, under a lock, as tests run in processes of their own; kept for this build of the
/// tests only.
fn template(name: &str, make: impl FnOnce(&Path)) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let meta = fs::metadata(&exe).expect("the test binary's metadata");
    let built = meta
        .modified()
        .expect("mtime")
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_nanos();
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    fs::create_dir_all(&root).expect("the templates' folder");
    let template = root.join(format!("{built:x}-{:x}", meta.len()));
    if template.is_dir() {
        return template;
    }
    let lock = fs::File::create(root.join(".lock")).expect("the templates' lock");
    lock.lock().expect("take the templates' lock");
    if template.is_dir() {
        return template;
    }
    // Other builds' templates are of no more use.
    for entry in fs::read_dir(&root)
        .expect("read the templates' folder")
        .flatten()
    {
        if entry.path().is_dir() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
    let making = root.join(format!(".making-{}", std::process::id()));
    make(&making);
    fs::rename(&making, &template).expect("keep the template");
    template
}

/// Copies `from` into `to`, modes included (the data dir and its files are owner-only).
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("the data dir");
    fs::set_permissions(to, fs::metadata(from).expect("mode").permissions()).expect("set mode");
    for entry in fs::read_dir(from).expect("read the template").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy a file of the template");
        }
    }
}
