//! Personal data is for the service's user only: the data dir is 0700 and every file in it
//! 0600 (folders 0700), whatever the umask. Each test sets the usual umask 0o022 first, so
//! what it checks holds without the binary's own `secure_umask`.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::common::process::{Running, BINARY};
use crate::common::TestApp;
use crate::leads_support::{file, fixture, post_application, with_application};
use clap::Parser;
use corpsite::cli::args::{ApplicantsCommand, Cli, Command};
use corpsite::store::uploads::uploads_dir;
use corpsite::store::{backup::backup, Db, StoreError};

fn usual_umask() {
    // SAFETY: umask(2) only swaps the process's file mode mask.
    unsafe {
        libc::umask(0o022);
    }
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Every folder under `dir` (itself included) is 0700 and every file 0600.
fn assert_private(dir: &Path) {
    assert_eq!(mode(dir), 0o700, "{}", dir.display());
    for entry in fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            assert_private(&path);
        } else {
            assert_eq!(mode(&path), 0o600, "{}", path.display());
        }
    }
}

fn insert_one(db: &Db) {
    db.write_blocking(|conn| {
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('p', 'contact', 'A', 'a@x.in', 'a@x.in', '1', 'r', 'Corp Team', '')",
            [],
        )
        .map_err(StoreError::from)
    })
    .expect("insert");
}

#[test]
fn a_new_data_dir_is_0700_and_the_database_with_its_wal_and_shm_0600() {
    usual_umask();
    let parent = tempfile::tempdir().expect("temp dir");
    let data = parent.path().join("data");
    let db = Db::open(&data).expect("open");
    insert_one(&db);
    for file in ["corpsite.db", "corpsite.db-wal", "corpsite.db-shm"] {
        assert!(data.join(file).is_file(), "{file} exists while open");
    }
    assert_private(&data);
    db.close();
}

#[test]
fn an_existing_data_dir_open_to_others_is_tightened_when_opened() {
    usual_umask();
    let parent = tempfile::tempdir().expect("temp dir");
    let data = parent.path().join("data");
    Db::open(&data).expect("open").close();
    let media = data.join("media");
    fs::create_dir(&media).expect("media dir");
    fs::write(media.join("cover.webp"), b"RIFF").expect("media file");
    for (path, loose) in [
        (data.clone(), 0o755),
        (media.clone(), 0o775),
        (data.join("corpsite.db"), 0o644),
        (media.join("cover.webp"), 0o664),
    ] {
        set_mode(&path, loose);
    }
    let db = Db::open(&data).expect("reopen");
    insert_one(&db);
    assert_private(&data);
    db.close();
}

#[test]
fn a_backup_is_0600_even_where_it_replaces_a_file_others_could_read() {
    usual_umask();
    let parent = tempfile::tempdir().expect("temp dir");
    let data = parent.path().join("data");
    let db = Db::open(&data).expect("open");
    insert_one(&db);
    let backups = parent.path().join("backups");
    fs::create_dir(&backups).expect("backups dir");
    set_mode(&backups, 0o755);
    let fresh = backups.join("fresh.db");
    backup(&data, &fresh).expect("backup");
    assert_eq!(mode(&fresh), 0o600);

    let replaced = backups.join("replaced.db");
    fs::write(&replaced, b"").expect("old backup");
    set_mode(&replaced, 0o644);
    backup(&data, &replaced).expect("backup over it");
    assert_eq!(mode(&replaced), 0o600);
    db.close();
}

#[tokio::test]
async fn exported_resumes_and_the_folder_made_for_them_are_owner_only() {
    usual_umask();
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let response = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(response.status(), 201);
    // An upload kept from before uploads were made owner-only: its copy is 0600 all the same.
    for entry in fs::read_dir(uploads_dir(&app.data_dir())).expect("uploads") {
        set_mode(&entry.expect("entry").path(), 0o644);
    }
    let target = app.data_dir().join("exports").join("resumes");
    let cli = Cli::try_parse_from([
        "corpsite",
        "applicants",
        "export",
        "--data-dir",
        app.data_dir().to_str().expect("path"),
        "--resumes",
        target.to_str().expect("path"),
    ])
    .expect("arguments");
    let Some(Command::Applicants(applicants)) = cli.command else {
        panic!("not an applicants command");
    };
    let ApplicantsCommand::Export(args) = applicants.command;
    let count = tokio::task::spawn_blocking(move || {
        corpsite::cli::export::applicants(&args, std::io::sink())
    })
    .await
    .expect("join")
    .expect("export");
    assert_eq!(count, 1);
    assert_eq!(fs::read_dir(&target).expect("resumes").count(), 1);
    assert_private(&target);
    assert_eq!(mode(target.parent().expect("parent")), 0o700);
}

#[test]
fn the_binary_keeps_everything_it_creates_private_the_seeded_media_included() {
    usual_umask();
    let parent = tempfile::tempdir().expect("temp dir");
    let data = parent.path().join("data");
    let mut server = Running::start(
        Path::new(BINARY),
        &["serve", "--data-dir", data.to_str().expect("path")],
        &[],
        parent.path(),
    );
    server.terminate();
    let _ = server.child.wait();
    assert!(data.join("media").is_dir(), "the demo content was seeded");
    assert_private(&data);
}
