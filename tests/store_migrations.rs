//! The store opens, migrates once, and refuses to start on a broken database.

use corpsite::store::{Db, StoreError, DB_FILE};
use rusqlite::Connection;

/// The versions of the files in db/migrations (`V{n}__{what}.sql`), in order.
fn shipped_versions() -> Vec<i64> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("db/migrations");
    let mut versions: Vec<i64> = std::fs::read_dir(dir)
        .expect("migrations folder")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_prefix('V')?.split("__").next()?.parse().ok()
        })
        .collect();
    versions.sort_unstable();
    versions
}

fn applied_versions(path: &std::path::Path) -> Vec<i64> {
    let conn = Connection::open(path).expect("open");
    let mut stmt = conn
        .prepare("SELECT version FROM refinery_schema_history ORDER BY version")
        .expect("history table");
    let rows = stmt.query_map([], |row| row.get(0)).expect("query");
    rows.collect::<Result<_, _>>().expect("rows")
}

#[test]
fn an_empty_data_dir_gets_a_database_with_every_migration() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data_dir = dir.path().join("nested/data");
    let db = Db::open(&data_dir).expect("open");
    db.close();
    let versions = applied_versions(&data_dir.join(DB_FILE));
    assert_eq!(versions, shipped_versions());
}

#[test]
fn opening_an_existing_database_again_applies_nothing_new() {
    let dir = tempfile::tempdir().expect("temp dir");
    Db::open(dir.path()).expect("first open").close();
    let before = applied_versions(&dir.path().join(DB_FILE));
    Db::open(dir.path()).expect("second open").close();
    let after = applied_versions(&dir.path().join(DB_FILE));
    assert_eq!(before, after);
}

#[test]
fn the_database_runs_in_wal_mode_with_foreign_keys() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    let (mode, fk): (String, i64) = db
        .read_blocking(|conn| {
            let mode = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
            let fk = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0))?;
            Ok((mode, fk))
        })
        .expect("pragmas");
    assert_eq!(mode.to_lowercase(), "wal");
    assert_eq!(fk, 1);
}

#[test]
fn a_migration_that_fails_stops_the_open_with_a_clear_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A table the first migration wants to create is already there.
    Connection::open(dir.path().join(DB_FILE))
        .and_then(|c| c.execute_batch("CREATE TABLE app_meta (x INTEGER);"))
        .expect("prepare");
    let err = Db::open(dir.path()).err().expect("open must fail");
    let message = err.to_string();
    assert!(
        message.starts_with("database migration failed"),
        "{message}"
    );
    assert!(message.contains("app_meta"), "{message}");
}

#[test]
fn a_data_dir_that_cannot_be_created_is_named_in_the_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a folder").expect("write");
    let err = Db::open(&file.join("data")).err().expect("open must fail");
    assert!(
        err.to_string().contains("cannot create the data directory"),
        "{err}"
    );
}

#[test]
fn writes_commit_and_a_failing_write_leaves_nothing_behind() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    let ok: Result<usize, StoreError> = db.write_blocking(|conn| {
        Ok(conn.execute("INSERT INTO app_meta (key, value) VALUES ('a', '1')", [])?)
    });
    assert_eq!(ok.expect("insert"), 1);
    let failed: Result<(), StoreError> = db.write_blocking(|conn| {
        conn.execute("INSERT INTO app_meta (key, value) VALUES ('b', '2')", [])?;
        conn.execute(
            "INSERT INTO app_meta (key, value) VALUES ('a', 'duplicate')",
            [],
        )?;
        Ok(())
    });
    assert!(matches!(failed, Err(StoreError::Sqlite(_))));
    let keys: Vec<String> = db
        .read_blocking(|conn| {
            let mut stmt =
                conn.prepare("SELECT key FROM app_meta WHERE key IN ('a', 'b') ORDER BY key")?;
            let rows = stmt.query_map([], |r| r.get(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .expect("read");
    assert_eq!(
        keys,
        vec!["a".to_owned()],
        "the failed job's first insert was rolled back"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writes_are_all_committed_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    let mut tasks = Vec::new();
    for i in 0..200 {
        let db = std::sync::Arc::clone(&db);
        tasks.push(tokio::spawn(async move {
            db.write(move |conn| {
                conn.execute(
                    "INSERT INTO app_meta (key, value) VALUES (?1, 'v')",
                    [format!("k{i}")],
                )
                .map_err(StoreError::from)
            })
            .await
        }));
    }
    for task in tasks {
        let inserted = task.await.expect("join").expect("insert");
        assert_eq!(inserted, 1);
    }
    let count: i64 = db
        .read(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM app_meta WHERE key LIKE 'k%'",
                [],
                |r| r.get(0),
            )?)
        })
        .await
        .expect("count");
    assert_eq!(count, 200);
}
