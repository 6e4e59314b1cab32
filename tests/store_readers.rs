//! The read pool is bounded: a flood of reads queues instead of opening a connection (and
//! taking a thread) each.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use corpsite::store::{reader_count, Db, StoreError};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_of_reads_never_runs_more_than_the_pool_at_once_and_all_finish() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    let running = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let mut reads = Vec::new();
    for _ in 0..(reader_count() * 8) {
        let (db, running, most) = (Arc::clone(&db), Arc::clone(&running), Arc::clone(&most));
        reads.push(tokio::spawn(async move {
            db.read(move |conn| {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(20));
                let one: i64 = conn.query_row("SELECT 1", [], |row| row.get(0))?;
                running.fetch_sub(1, Ordering::SeqCst);
                Ok::<_, StoreError>(one)
            })
            .await
        }));
    }
    for read in reads {
        assert_eq!(read.await.expect("join").expect("read"), 1);
    }
    let most = most.load(Ordering::SeqCst);
    assert!(
        most <= reader_count(),
        "{most} reads ran at once, over the pool of {}",
        reader_count()
    );
    assert!(most >= 2, "reads do run side by side ({most})");
}

#[test]
fn a_read_that_panics_gives_its_place_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    for _ in 0..(reader_count() + 2) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            db.read_blocking(|_| -> Result<(), StoreError> { panic!("a read that fails") })
        }));
        assert!(outcome.is_err());
    }
    let one: i64 = db
        .read_blocking(|conn| Ok(conn.query_row("SELECT 1", [], |row| row.get(0))?))
        .expect("the pool still has room");
    assert_eq!(one, 1);
}
