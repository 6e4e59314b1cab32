//! A number kept fresh from the database by a background thread, for request handlers that
//! need it on every request but must not run SQLite on the async threads.
//!
//! The thread re-reads the number every `every` (so writes of other processes, such as the
//! command line publishing a post, show within that time) and stops by itself once the
//! `Watch` is dropped.

use std::io;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Weak};
use std::thread;
use std::time::Duration;

use rusqlite::Connection;

use super::{Db, StoreError};

/// Stored before the first read and while reads fail.
const UNKNOWN: i64 = i64::MIN;

pub struct Watch {
    value: Arc<AtomicI64>,
}

impl Watch {
    /// Starts a thread named `name` that stores `read`'s answer now and then every `every`.
    pub fn start(
        db: &Arc<Db>,
        name: &str,
        every: Duration,
        read: fn(&Connection) -> Result<i64, StoreError>,
    ) -> io::Result<Watch> {
        let value = Arc::new(AtomicI64::new(UNKNOWN));
        let (weak_value, weak_db) = (Arc::downgrade(&value), Arc::downgrade(db));
        thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || watch_loop(&weak_db, &weak_value, every, read))?;
        Ok(Watch { value })
    }

    /// The number as last read; `None` before the first read and while reads fail.
    pub fn get(&self) -> Option<i64> {
        Some(self.value.load(Ordering::Acquire)).filter(|&v| v != UNKNOWN)
    }
}

fn watch_loop(
    db: &Weak<Db>,
    value: &Weak<AtomicI64>,
    every: Duration,
    read: fn(&Connection) -> Result<i64, StoreError>,
) {
    let mut failing = false;
    loop {
        // Holding neither between reads lets both go when their owners drop them.
        let (Some(db), Some(value)) = (db.upgrade(), value.upgrade()) else {
            return;
        };
        match db.read_blocking(read) {
            Ok(current) => {
                value.store(current, Ordering::Release);
                failing = false;
            }
            Err(err) => {
                // Unknown again: answers are read fresh until the number is back.
                value.store(UNKNOWN, Ordering::Release);
                if !failing {
                    tracing::warn!(error = %err, "cannot read the data version; caching paused");
                }
                failing = true;
            }
        }
        drop((db, value));
        thread::sleep(every);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    fn count_rows(conn: &Connection) -> Result<i64, StoreError> {
        Ok(conn.query_row("SELECT count(*) FROM app_meta", [], |r| r.get(0))?)
    }

    fn eventually(mut check: impl FnMut() -> bool) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            if check() {
                return true;
            }
            thread::sleep(Duration::from_millis(5));
        }
        false
    }

    #[test]
    fn the_number_follows_the_database_and_the_thread_ends_with_the_watch() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::open(dir.path()).expect("open");
        let before = db.read_blocking(count_rows).expect("count");
        let watch =
            Watch::start(&db, "test-watch", Duration::from_millis(10), count_rows).expect("start");
        assert!(eventually(|| watch.get() == Some(before)), "first read");

        db.write_blocking(|conn| {
            conn.execute(
                "INSERT INTO app_meta (key, value) VALUES ('watch-test', 'x')",
                [],
            )
        })
        .expect("writer")
        .expect("insert");
        assert!(
            eventually(|| watch.get() == Some(before + 1)),
            "a write shows"
        );

        assert_eq!(
            Arc::weak_count(&db),
            1,
            "the thread holds the database weakly"
        );
        drop(watch);
        assert!(
            eventually(|| Arc::weak_count(&db) == 0),
            "the thread ends once the watch is dropped"
        );
        db.close();
    }

    #[test]
    fn a_read_that_starts_failing_answers_unknown_again() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::open(dir.path()).expect("open");
        let probe = |conn: &Connection| -> rusqlite::Result<usize> {
            conn.execute("CREATE TABLE watch_probe (n INTEGER)", [])
        };
        db.write_blocking(probe).expect("writer").expect("create");
        let watch = Watch::start(&db, "test-watch", Duration::from_millis(10), |conn| {
            Ok(conn.query_row("SELECT count(*) FROM watch_probe", [], |r| r.get(0))?)
        })
        .expect("start");
        assert!(eventually(|| watch.get() == Some(0)), "first read");

        db.write_blocking(|conn| conn.execute("DROP TABLE watch_probe", []))
            .expect("writer")
            .expect("drop");
        assert!(eventually(|| watch.get().is_none()), "none once reads fail");
        drop(watch);
        db.close();
    }
}
