//! Scheduled backup sets, pruning, `corpsite restore` and a backup that meets a full disk.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::process::{send, Running, BINARY};
use crate::common::seeded::seeded_data_dir;
use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp, TinyDisk};
use crate::leads_support::{
    contact, enquiries, file, fixture, post_application, post_json, with_application,
};
use corpsite::store::backup::integrity_problems;
use corpsite::store::backup_set::{list_sets, parse_set_name, Manifest, MANIFEST_FILE};
use corpsite::store::uploads::uploads_dir;
use corpsite::store::{latest_version, DB_FILE};
use serde_json::json;

/// A schedule short enough for a test: the first set comes one interval after start.
const EVERY: Duration = Duration::from_secs(1);

fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

fn scheduled_app(adjust: impl FnOnce(&mut corpsite::settings::Settings)) -> TestApp {
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = Some(EVERY);
        adjust(s);
    })
}

fn unscheduled_app() -> TestApp {
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = None;
    })
}

/// Every regular file under `dir`, as paths relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                found.push(path.strip_prefix(root).expect("under root").to_path_buf());
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, dir, &mut found);
    found.sort();
    found
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

fn manifest(set: &Path) -> Manifest {
    serde_json::from_slice(&fs::read(set.join(MANIFEST_FILE)).expect("manifest")).expect("json")
}

fn integrity(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("open copy");
    integrity_problems(&conn).expect("integrity check")
}

fn emails_in(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("open");
    let mut stmt = conn
        .prepare("SELECT email FROM enquiries ORDER BY created_at")
        .expect("query");
    let rows = stmt.query_map([], |row| row.get(0)).expect("rows");
    rows.collect::<Result<_, _>>().expect("emails")
}

fn corpsite(args: &[&str]) -> Output {
    Command::new(BINARY)
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite")
}

fn text(output: &[u8]) -> String {
    String::from_utf8_lossy(output).into_owned()
}

async fn post_contact(app: &TestApp, email: &str) {
    let mut body = contact();
    body["email"] = json!(email);
    let response = post_json(app, &body).await;
    assert_eq!(response.status(), 201, "{email}");
}

/// Posts an application with a resume; answers the stored resume's file name.
async fn post_resume(app: &TestApp) -> String {
    let response = post_application(
        app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(response.status(), 201);
    let id = json(&response)["data"]["_id"]
        .as_str()
        .expect("an _id")
        .to_owned();
    format!("{id}.png")
}

/// Stops the app's tasks and database but keeps its data dir, as a stopped server leaves it.
fn stop(app: TestApp) -> tempfile::TempDir {
    let TestApp {
        dir,
        state,
        background,
        ..
    } = app;
    background.stop();
    state.db.close();
    dir
}

/// `corpsite restore SET` into an empty data dir, as on a new machine: the folder that holds
/// it (kept while it lives) and the data dir.
fn restore_on_a_new_machine(set: &Path) -> (tempfile::TempDir, PathBuf) {
    let fresh = tempfile::tempdir().expect("fresh");
    let restored_dir = fresh.path().join("data");
    let output = corpsite(&[
        "restore",
        &set.to_string_lossy(),
        "--data-dir",
        &restored_dir.to_string_lossy(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    (fresh, restored_dir)
}

/// The site serving a restored `data_dir`, without demo content or a schedule.
fn serving(data_dir: &Path) -> TestApp {
    TestApp::with_settings(|s| {
        s.data_dir = data_dir.to_path_buf();
        s.seed_demo_content = false;
        s.backup_every = None;
    })
}

#[tokio::test]
async fn a_scheduled_set_holds_the_checked_database_the_resumes_the_media_and_a_manifest() {
    let app = TestApp::with_demo_content(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = Some(EVERY);
    });
    let resume = post_resume(&app).await;
    let data = app.data_dir();
    let media = files_under(&data.join("media"));
    assert!(!media.is_empty(), "the demo content stores media");
    let backups = data.join("backups");

    // A set begun after the resume (on a loaded machine the first can be older than it). A
    // set is in place a moment before the health hears of it: wait for both.
    let posted = jiff::Timestamp::now();
    let mut newest = None;
    assert!(
        eventually(Duration::from_secs(20), || {
            newest = list_sets(&backups).expect("list").pop();
            let succeeded = app.state.health.backup().last_success;
            newest.as_ref().is_some_and(|(begun, _)| {
                // A set's name holds its second, cut down: a later one began after the post.
                *begun > posted && succeeded.is_some_and(|(at, _)| at >= *begun)
            })
        }),
        "a set is made one interval after start"
    );
    let (_, set) = newest.expect("a set");

    assert_eq!(integrity(&set.join(DB_FILE)), Vec::<String>::new());
    let applicants: i64 = rusqlite::Connection::open(set.join(DB_FILE))
        .expect("open copy")
        .query_row("SELECT count(*) FROM applicants", [], |r| r.get(0))
        .expect("count");
    assert_eq!(applicants, 1);
    assert_eq!(
        fs::read(set.join("uploads").join(&resume)).expect("resume in the set"),
        fs::read(uploads_dir(&data).join(&resume)).expect("resume")
    );
    assert_eq!(files_under(&set.join("media")), media);

    let manifest = manifest(&set);
    assert_eq!(manifest.schema_version, latest_version());
    assert_eq!(manifest.files, media.len() as u64 + 1);
    assert_eq!(
        manifest.database_bytes,
        fs::metadata(set.join(DB_FILE)).expect("copy").len()
    );
    assert!(
        manifest.created_at.ends_with('Z'),
        "{}",
        manifest.created_at
    );

    assert_eq!(mode(&backups), 0o700);
    assert_eq!(mode(&set), 0o700);
    for file in [DB_FILE, MANIFEST_FILE] {
        assert_eq!(mode(&set.join(file)), 0o600, "{file}");
    }
    let health = app.state.health.backup();
    assert!(health.scheduled);
    assert_eq!(health.failure, None);
    assert!(health.last_success.is_some_and(|(_, bytes)| bytes > 0));
}

#[tokio::test]
async fn only_the_newest_sets_are_kept_and_nothing_else_in_the_backup_dir_is_touched() {
    let backups = tempfile::tempdir().expect("backup dir");
    // Sets of an earlier run, long overdue, and the office's own files.
    let old = [
        "corpsite-2020-01-01T000000Z",
        "corpsite-2020-01-02T000000Z",
        "corpsite-2020-01-03T000000Z",
    ];
    for name in old {
        fs::create_dir(backups.path().join(name)).expect("old set");
        fs::write(backups.path().join(name).join(MANIFEST_FILE), b"{}").expect("manifest");
    }
    fs::create_dir(backups.path().join("corpsite-2019-12-31T000000Z")).expect("no manifest");
    fs::write(backups.path().join("notes.txt"), b"keep me").expect("notes");

    let app = scheduled_app(|s| {
        s.backup_keep = 2;
        s.backup_dir = Some(backups.path().to_path_buf());
    });
    let started = jiff::Timestamp::now() - Duration::from_secs(1);
    let only_new_sets = || {
        let sets = list_sets(backups.path()).expect("list");
        sets.len() == 2 && sets.iter().all(|(at, _)| *at >= started)
    };
    assert!(
        eventually(Duration::from_secs(20), only_new_sets),
        "two new sets replace the old ones: {:?}",
        list_sets(backups.path())
    );
    assert_eq!(
        fs::read(backups.path().join("notes.txt")).expect("notes"),
        b"keep me"
    );
    assert!(backups.path().join("corpsite-2019-12-31T000000Z").is_dir());
    drop(app);
}

#[tokio::test]
async fn restore_brings_back_the_backed_up_leads_and_resumes_and_keeps_the_replaced_aside() {
    let app = unscheduled_app();
    post_contact(&app, "first@example.com").await;
    let first_resume = post_resume(&app).await;
    let backups = app.data_dir().join("backups");
    let set = corpsite::store::backup_set::make_set(
        &app.data_dir(),
        &backups,
        &corpsite::store::backup_set::BACKED_UP_FOLDERS,
        jiff::Timestamp::now(),
        &|| false,
    )
    .expect("backup set");
    post_contact(&app, "second@example.com").await;
    let second_resume = post_resume(&app).await;
    let dir = stop(app);
    let data = dir.path();

    let output = corpsite(&[
        "restore",
        &set.path.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let said = text(&output.stdout);
    assert!(said.contains("integrity check ok"), "{said}");
    assert!(said.contains("restored uploads"), "{said}");

    let replaced: Vec<PathBuf> = fs::read_dir(data)
        .expect("list")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("replaced-"))
        })
        .collect();
    assert_eq!(replaced.len(), 1, "{replaced:?}");
    let replaced = &replaced[0];
    assert!(said.contains(&replaced.display().to_string()), "{said}");
    assert_eq!(
        emails_in(&replaced.join(DB_FILE)),
        ["first@example.com", "second@example.com"],
        "the replaced database, with its -wal, is kept whole"
    );
    assert!(replaced.join("uploads").join(&second_resume).is_file());

    let settings = {
        let mut s = corpsite::settings::Settings::for_data_dir(data);
        s.seed_demo_content = false;
        s
    };
    let db = corpsite::server::open_store(&settings).expect("start on the restored data");
    let emails: Vec<String> = db
        .read_blocking(|conn| Ok(corpsite::store::leads::enquiries_since(conn, None)?))
        .expect("read")
        .into_iter()
        .map(|row| row.email)
        .collect();
    assert_eq!(emails, ["first@example.com"]);
    assert_eq!(
        files_under(&uploads_dir(data)),
        [PathBuf::from(&first_resume)],
        "the later resume is not in the restored folder (nor orphaned)"
    );
    assert_eq!(mode(&data.join(DB_FILE)), 0o600);
    db.close();
}

#[test]
fn restore_is_refused_while_a_server_runs_on_the_data_dir_and_works_once_it_stopped() {
    let dir = tempfile::tempdir().expect("dir");
    seeded_data_dir(&dir.path().join("data"));
    let mut server = Running::start(
        Path::new(BINARY),
        &["--data-dir", "data", "--backup-every", "off"],
        &[],
        dir.path(),
    );
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);
    let data = dir.path().join("data");
    let copy = dir.path().join("copy.db");
    let made = corpsite(&[
        "backup-database",
        &copy.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));

    let args = [
        "restore",
        &copy.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ];
    let refused = corpsite(&args);
    assert!(!refused.status.success());
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("a corpsite server is running on the data dir")
            && stderr.trim().lines().count() == 1,
        "{stderr}"
    );
    assert!(
        !fs::read_dir(&data).expect("list").any(|e| e
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .starts_with("replaced-")),
        "nothing was moved"
    );
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);

    server.terminate();
    let _ = server.child.wait();
    let restored = corpsite(&args);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
}

#[tokio::test]
async fn restore_refuses_a_corrupt_backup_a_newer_one_and_a_file_that_is_no_database() {
    let app = unscheduled_app();
    post_contact(&app, "kept@example.com").await;
    let good = app.dir.path().join("good.db");
    corpsite::store::backup::backup(&app.data_dir(), &good).expect("backup");
    let dir = stop(app);
    let data = dir.path().join("data");
    fs::create_dir(&data).expect("data dir");
    // A data dir whose database must survive every refused restore.
    fs::copy(&good, data.join(DB_FILE)).expect("live database");

    let corrupt = dir.path().join("corrupt.db");
    let mut bytes = fs::read(&good).expect("read");
    let page = 4096;
    assert!(bytes.len() > 3 * page, "several pages: {}", bytes.len());
    // Page 1 (header and schema) intact, every table's pages scribbled over.
    for byte in &mut bytes[page..] {
        *byte = 0x5a;
    }
    fs::write(&corrupt, &bytes).expect("write");

    let newer = dir.path().join("newer.db");
    fs::copy(&good, &newer).expect("copy");
    rusqlite::Connection::open(&newer)
        .expect("open")
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) \
             VALUES (999, 'from_the_future', '2030-01-01T00:00:00Z', '0')",
            [],
        )
        .expect("a future migration");

    let not_a_database = dir.path().join("notes.txt");
    fs::write(
        &not_a_database,
        "not a database at all, just some words ".repeat(200),
    )
    .expect("write");

    let empty_set = dir.path().join("corpsite-2026-01-01T000000Z");
    fs::create_dir(&empty_set).expect("empty set");

    let cases: &[(&Path, &str)] = &[
        (
            &corrupt,
            "failed its integrity check, so nothing was restored",
        ),
        (
            &newer,
            "was made by a newer corpsite (schema version 999; this one knows up to",
        ),
        (&not_a_database, "is not a corpsite database"),
        (&empty_set, "is neither a backup set"),
        (&dir.path().join("missing.db"), "is neither a backup set"),
    ];
    for (backup, message) in cases {
        let output = corpsite(&[
            "restore",
            &backup.to_string_lossy(),
            "--data-dir",
            &data.to_string_lossy(),
        ]);
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{}", backup.display());
        assert!(stderr.contains(message), "{}: {stderr}", backup.display());
        assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
        let mut left: Vec<String> = fs::read_dir(&data)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [DB_FILE, "corpsite.lock"], "{}", backup.display());
        assert_eq!(emails_in(&data.join(DB_FILE)), ["kept@example.com"]);
    }
}

#[tokio::test]
async fn a_backup_that_meets_a_full_disk_fails_cleanly_keeps_the_earlier_set_and_the_site_takes_forms(
) {
    let disk = TinyDisk::mount(1024 * 1024);
    let app = scheduled_app(|s| s.backup_dir = Some(disk.path().to_path_buf()));
    post_contact(&app, "before@example.com").await;
    assert!(
        eventually(Duration::from_secs(20), || app
            .state
            .health
            .backup()
            .last_success
            .is_some()),
        "a first set fits: {:?}",
        app.state.health.backup()
    );
    // Grow the database past what the tiny disk holds.
    app.db()
        .write(|conn| {
            conn.execute_batch(
                "CREATE TABLE ballast (b BLOB); \
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 32) \
                 INSERT INTO ballast SELECT randomblob(64 * 1024) FROM n;",
            )
            .map_err(corpsite::store::StoreError::from)
        })
        .await
        .expect("ballast");

    assert!(
        eventually(Duration::from_secs(20), || app
            .state
            .health
            .backup()
            .failure
            .is_some()),
        "the next set fails: {:?}",
        app.state.health.backup()
    );
    let (_, why) = app.state.health.backup().failure.expect("failure");
    assert!(
        why.contains("full") || why.contains("No space left"),
        "the failure says the disk is full: {why}"
    );
    let names: Vec<String> = fs::read_dir(disk.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.is_empty() && names.iter().all(|name| parse_set_name(name).is_some()),
        "the partial set is gone and the earlier ones kept: {names:?}"
    );
    for (_, set) in list_sets(disk.path()).expect("list") {
        assert_eq!(integrity(&set.join(DB_FILE)), Vec::<String>::new());
    }

    post_contact(&app, "after@example.com").await;
    assert_eq!(enquiries(&app).len(), 2);
    assert_eq!(app.get("/").await.status(), 200);
    drop(app);
}

#[tokio::test]
async fn a_set_on_the_data_dirs_disk_is_not_started_when_it_would_eat_the_forms_free_space() {
    // More kept free than any disk has: every set on this disk must be refused up front.
    let app = scheduled_app(|s| s.min_free_disk = u64::MAX / 4);
    assert!(
        eventually(Duration::from_secs(20), || app
            .state
            .health
            .backup()
            .failure
            .is_some()),
        "{:?}",
        app.state.health.backup()
    );
    let (_, why) = app.state.health.backup().failure.expect("failure");
    assert!(why.contains("--min-free-disk keeps"), "{why}");
    let backups = app.data_dir().join("backups");
    assert_eq!(
        fs::read_dir(&backups).expect("backup dir").count(),
        0,
        "nothing was written"
    );
}

#[test]
fn the_backup_flags_and_their_env_vars_reach_the_schedule() {
    let dir = tempfile::tempdir().expect("dir");
    seeded_data_dir(&dir.path().join("data"));
    let server = Running::start(
        Path::new(BINARY),
        &["--data-dir", "data", "--backup-every", "1s"],
        &[
            ("CORPSITE_BACKUP_DIR", "sets"),
            ("CORPSITE_BACKUP_KEEP", "1"),
        ],
        dir.path(),
    );
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);
    let sets = dir.path().join("sets");
    // One kept: seen once two have been made (the second one's time is later).
    let mut first_seen = None;
    let pruned = eventually(Duration::from_secs(20), || {
        let found = list_sets(&sets).expect("list");
        if found.len() > 1 {
            return false;
        }
        match (found.first(), first_seen) {
            (Some((at, _)), None) => {
                first_seen = Some(*at);
                false
            }
            (Some((at, _)), Some(first)) => *at > first,
            (None, _) => false,
        }
    });
    assert!(pruned, "{:?}", list_sets(&sets));
    assert!(!dir.path().join("data/backups").exists());
    drop(server);
}

#[tokio::test]
async fn a_restore_that_meets_a_full_disk_changes_nothing_in_the_data_dir() {
    let app = unscheduled_app();
    post_contact(&app, "kept@example.com").await;
    let small = app.dir.path().join("small.db");
    corpsite::store::backup::backup(&app.data_dir(), &small).expect("small backup");
    app.db()
        .write(|conn| {
            conn.execute_batch(
                "CREATE TABLE ballast (b BLOB); \
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 32) \
                 INSERT INTO ballast SELECT randomblob(64 * 1024) FROM n;",
            )
            .map_err(corpsite::store::StoreError::from)
        })
        .await
        .expect("ballast");
    let big = app.dir.path().join("big.db");
    corpsite::store::backup::backup(&app.data_dir(), &big).expect("big backup");
    let dir = stop(app);

    let disk = TinyDisk::mount(1024 * 1024);
    let data = disk.path().join("data");
    fs::create_dir(&data).expect("data dir");
    fs::copy(&small, data.join(DB_FILE)).expect("live database");

    let output = corpsite(&[
        "restore",
        &big.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    let stderr = text(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("No space left on device"), "{stderr}");
    let mut left: Vec<String> = fs::read_dir(&data)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [DB_FILE, "corpsite.lock"],
        "no staging, nothing moved"
    );
    assert_eq!(emails_in(&data.join(DB_FILE)), ["kept@example.com"]);
    drop(dir);
}

/// What a killed backup leaves beside its target, and names near it that are not ours.
struct Leftovers {
    /// Temp files of killed backups, untouched for an hour: deleted by the next backup.
    stale: Vec<PathBuf>,
    /// Everything else: kept.
    kept: Vec<PathBuf>,
    /// A stale temp file a backup under way still holds (its lock is on this handle).
    _held: fs::File,
}

impl Leftovers {
    fn plant(dir: &Path) -> Leftovers {
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        let write = |name: &str, old: bool| {
            let path = dir.join(name);
            fs::write(&path, vec![0u8; 4096]).expect("plant");
            if old {
                fs::File::options()
                    .write(true)
                    .open(&path)
                    .and_then(|f| f.set_modified(hour_ago))
                    .expect("age it");
            }
            path
        };
        let stale = vec![
            write(".copy.db.0123456789abcdef.tmp", true),
            write(".corpsite.db.fedcba9876543210.tmp", true),
        ];
        let held_path = write(".copy.db.00000000000000ff.tmp", true);
        let held = fs::File::open(&held_path).expect("open");
        held.lock().expect("lock");
        let mut kept = vec![
            held_path,
            // Being written right now.
            write(".copy.db.1111111111111111.tmp", false),
            // Not our pattern, however old.
            write("notes.tmp", true),
            write(".copy.db.tmp", true),
            write("copy.db.0123456789abcdef.tmp", true),
            write(".copy.db.0123456789ABCDEF.tmp", true),
            write(".copy.db.0123456789abcdef.tmp.keep", true),
        ];
        let folder = dir.join(".old.db.0123456789abcdef.tmp");
        fs::create_dir(&folder).expect("folder");
        kept.push(folder);
        Leftovers {
            stale,
            kept,
            _held: held,
        }
    }

    fn assert_tidied(&self) {
        for path in &self.stale {
            assert!(!path.exists(), "{} was left", path.display());
        }
        for path in &self.kept {
            assert!(path.exists(), "{} was deleted", path.display());
        }
    }
}

#[test]
fn a_backup_deletes_the_temp_files_killed_backups_left_in_its_folder_and_nothing_else() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    corpsite::store::Db::open(&data).expect("open").close();
    let folder = dir.path().join("backups");
    fs::create_dir(&folder).expect("folder");
    let leftovers = Leftovers::plant(&folder);

    let copy = folder.join("copy.db");
    let made = corpsite(&[
        "backup-database",
        &copy.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert_eq!(integrity(&copy), Vec::<String>::new());
    leftovers.assert_tidied();
}

#[tokio::test]
async fn a_scheduled_set_deletes_the_temp_files_killed_backups_left_in_the_backup_dir() {
    let backups = tempfile::tempdir().expect("backup dir");
    let leftovers = Leftovers::plant(backups.path());
    let app = scheduled_app(|s| s.backup_dir = Some(backups.path().to_path_buf()));
    assert!(
        eventually(Duration::from_secs(20), || !list_sets(backups.path())
            .expect("list")
            .is_empty()),
        "a set is made one interval after start"
    );
    leftovers.assert_tidied();
    drop(app);
}

#[tokio::test]
async fn corpsite_backup_makes_a_whole_set_while_the_site_runs_and_its_restore_serves_every_image_and_resume(
) {
    let app = TestApp::with_demo_content(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = None;
    });
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let resume = post_resume(&app).await;
    let media = files_under(&app.data_dir().join("media"));
    assert!(!media.is_empty(), "the demo content stores media");
    let data = app.data_dir();
    let elsewhere = tempfile::tempdir().expect("another folder");
    let sets = elsewhere.path().join("sets");

    // A set beside the data that would leave less than --min-free-disk free is not started,
    // as the server's own sets are not.
    let beside = data.join("sets-beside");
    let refused = corpsite(&[
        "backup",
        &beside.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
        "--min-free-disk",
        &(u64::MAX / 4).to_string(),
    ]);
    assert!(!refused.status.success());
    let why = text(&refused.stderr);
    assert!(why.contains("--min-free-disk keeps"), "{why}");
    assert!(
        list_sets(&beside)
            .map(|sets| sets.is_empty())
            .unwrap_or(true),
        "no set was made"
    );
    let _ = fs::remove_dir_all(&beside);

    // While the site runs.
    let made = corpsite(&[
        "backup",
        &sets.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let (_, set) = list_sets(&sets).expect("sets").remove(0);
    let said = text(&made.stdout);
    assert!(said.contains(&set.display().to_string()), "{said}");
    assert!(said.contains("corpsite restore"), "{said}");
    assert_eq!(manifest(&set).files, media.len() as u64 + 1);
    assert_eq!(mode(&sets), 0o700);

    // A file is not a set's folder: refused, with the way to a database-only copy.
    let file = elsewhere.path().join("copy.db");
    fs::write(&file, b"an older copy").expect("file");
    let refused = corpsite(&[
        "backup",
        &file.to_string_lossy(),
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("corpsite backup-database"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(fs::read(&file).expect("file"), b"an older copy");
    let id = resume.trim_end_matches(".png").to_owned();
    drop(stop(app));

    // A new machine: an empty data dir.
    let (_fresh, restored_dir) = restore_on_a_new_machine(&set);
    let restored = serving(&restored_dir);
    for file in &media {
        let path = format!("/media/{}", file.display());
        assert_eq!(restored.get(&path).await.status(), 200, "{path}");
    }
    let browser = Browser::sign_in(&restored).await;
    let resume = restored
        .request(browser.get(&format!("/api/staff/inbox/applicants/{id}/resume")))
        .await;
    assert_eq!(resume.status(), 200, "{:?}", resume.body());
}

#[tokio::test]
async fn back_up_now_makes_a_set_by_the_schedules_code_and_lists_it_for_owners_only() {
    let app = unscheduled_app();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(
        &app,
        "sales@corp.example",
        PASSWORD,
        false,
        corpsite::domain::roles::Role::Sales,
    )
    .await;
    post_contact(&app, "first@example.com").await;
    let owner = Browser::sign_in(&app).await;
    let sales = Browser::sign_in_with(&app, "sales@corp.example", PASSWORD).await;
    for request in [
        sales.get("/api/staff/backups"),
        sales.change("POST", "/api/staff/backups"),
    ] {
        assert_eq!(app.request(request).await.status(), 403);
    }

    let before = json(&app.request(owner.get("/api/staff/backups")).await);
    assert_eq!(before["sets"], json!([]), "{before}");
    assert_eq!(before["every_seconds"], serde_json::Value::Null, "{before}");
    assert_eq!(before["running"], false, "{before}");

    let asked = app
        .request(owner.change("POST", "/api/staff/backups"))
        .await;
    assert_eq!(asked.status(), 202, "{:?}", asked.body());
    assert_eq!(json(&asked)["running"], true);
    let mut body = serde_json::Value::Null;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(20) {
        body = json(&app.request(owner.get("/api/staff/backups")).await);
        if body["running"] == false {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(body["running"], false, "{body}");
    let sets = body["sets"].as_array().expect("sets");
    assert_eq!(sets.len(), 1, "{body}");
    assert_eq!(sets[0]["here"], true);
    assert_eq!(sets[0]["in_bucket"], serde_json::Value::Null);
    assert!(
        sets[0]["database_bytes"].as_u64().is_some_and(|b| b > 0),
        "{body}"
    );
    assert!(body["last_success_at"].is_string(), "{body}");
    let name = sets[0]["name"].as_str().expect("name");
    let set = app.data_dir().join("backups").join(name);
    assert_eq!(emails_in(&set.join(DB_FILE)), ["first@example.com"]);
    assert!(set.join(MANIFEST_FILE).is_file());

    let audited: i64 = app
        .db()
        .read(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM audit_log WHERE action = 'asked for a backup'",
                [],
                |row| row.get(0),
            )?)
        })
        .await
        .expect("audit");
    assert_eq!(audited, 1);
}

/// A page's published value and the picture it names, uploaded through the editor, are in a
/// set (the database and the media folder) and back after a restore into a fresh data dir.
#[tokio::test]
async fn a_page_s_published_value_and_its_uploaded_picture_survive_backup_and_restore() {
    use crate::common::staff::upload_image;
    use crate::pages_travel::{edit_page, page, values, HEADLINE, PICTURE};
    let app = unscheduled_app();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let picture = upload_image(
        &app,
        &browser,
        "pages",
        crate::image_samples::encoded(image::ImageFormat::Png, 640, 480),
    )
    .await;
    let fields = json!({
        HEADLINE: "Backed up and back.",
        PICTURE: {"src": picture, "alt": "A quiet office"},
    });
    edit_page(&app, &browser, "home", fields.clone(), true).await;
    let sets = tempfile::tempdir().expect("sets");
    let made = corpsite(&[
        "backup",
        &sets.path().to_string_lossy(),
        "--data-dir",
        &app.data_dir().to_string_lossy(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let (_, set) = list_sets(sets.path()).expect("sets").remove(0);
    drop(stop(app));

    let (_fresh, restored_dir) = restore_on_a_new_machine(&set);
    assert_eq!(
        values(&page(&restored_dir, "home").published),
        fields,
        "the published values are back"
    );
    let restored = serving(&restored_dir);
    let home = restored
        .shown_within_a_second("/", "Backed up and back.")
        .await;
    assert!(
        home.contains(&format!("/media/{picture}")),
        "the picture is named"
    );
    assert_eq!(
        restored.get(&format!("/media/{picture}")).await.status(),
        200,
        "{picture} is served"
    );
}
