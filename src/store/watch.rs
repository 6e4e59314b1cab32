//! A number kept fresh from the database by a background thread, for request handlers that
//! need it on every request but must not run SQLite on the async threads.
//!
//! The thread re-reads the number every `every` (so writes of other processes, such as the
//! command line publishing a post, show within that time). Handlers hold a `Reading`; the
//! server owns the `Watch` and stops it at shutdown (dropping it stops it too).

use std::io;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Weak};
use std::thread;
use std::time::Duration;

use rusqlite::Connection;

use super::{Db, StoreError};

/// Stored before the first read and while reads fail.
const UNKNOWN: i64 = i64::MIN;

pub struct Watch {
    value: Reading,
    stop: Arc<AtomicBool>,
    thread: Option<thread::JoinHandle<()>>,
}

/// The number a `Watch` keeps, for whoever needs it on every request.
#[derive(Clone)]
pub struct Reading(Arc<AtomicI64>);

impl Reading {
    /// A reading no watch updates: always unknown.
    pub fn unknown() -> Reading {
        Reading(Arc::new(AtomicI64::new(UNKNOWN)))
    }

    /// The number as last read; `None` before the first read and while reads fail.
    pub fn get(&self) -> Option<i64> {
        Some(self.0.load(Ordering::Acquire)).filter(|&v| v != UNKNOWN)
    }
}

/// What one look of a watch found.
pub enum Probe {
    Value(i64),
    /// It could not be read now (said once while it stays so); the reading is unknown.
    Failed(String),
    /// What it watches is gone for good: the thread ends.
    Gone,
}

impl Watch {
    /// Starts a thread named `name` that stores `read`'s answer from `db` now and then every
    /// `every`. It holds `db` weakly, and ends once `db` is dropped.
    pub fn start(
        db: &Arc<Db>,
        name: &str,
        every: Duration,
        read: fn(&Connection) -> Result<i64, StoreError>,
    ) -> io::Result<Watch> {
        let db = Arc::downgrade(db);
        Watch::spawn(name, every, move || match db.upgrade() {
            None => Probe::Gone,
            Some(db) => match db.read_blocking(read) {
                Ok(value) => Probe::Value(value),
                Err(err) => Probe::Failed(err.to_string()),
            },
        })
    }

    /// Starts a thread named `name` that stores what `probe` finds now and then every `every`.
    pub fn spawn(
        name: &str,
        every: Duration,
        probe: impl FnMut() -> Probe + Send + 'static,
    ) -> io::Result<Watch> {
        let value = Reading::unknown();
        let stop = Arc::new(AtomicBool::new(false));
        let weak_value = Arc::downgrade(&value.0);
        let stopped = Arc::clone(&stop);
        let thread = thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || watch_loop(&weak_value, &stopped, every, probe))?;
        Ok(Watch {
            value,
            stop,
            thread: Some(thread),
        })
    }

    /// What handlers read.
    pub fn reading(&self) -> Reading {
        self.value.clone()
    }

    /// Ends the thread and waits for it (at most one `every`).
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.halt();
    }
}

fn watch_loop(
    value: &Weak<AtomicI64>,
    stop: &AtomicBool,
    every: Duration,
    mut probe: impl FnMut() -> Probe,
) {
    let mut failing = false;
    while !stop.load(Ordering::Acquire) {
        // Not held between looks, so the value goes when its readers drop it.
        let Some(value) = value.upgrade() else {
            return;
        };
        match probe() {
            Probe::Value(current) => {
                value.store(current, Ordering::Release);
                failing = false;
            }
            Probe::Failed(why) => {
                // Unknown again: answers are read fresh until the number is back.
                value.store(UNKNOWN, Ordering::Release);
                if !failing {
                    tracing::warn!(error = %why, thread = ?thread::current().name(), "a watch cannot read its value");
                }
                failing = true;
            }
            Probe::Gone => return,
        }
        drop(value);
        // Parked rather than slept, so `stop` wakes it at once.
        thread::park_timeout(every);
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
        let reading = watch.reading();
        assert!(eventually(|| reading.get() == Some(before)), "first read");

        db.write_blocking(|conn| {
            conn.execute(
                "INSERT INTO app_meta (key, value) VALUES ('watch-test', 'x')",
                [],
            )
            .map_err(StoreError::from)
        })
        .expect("insert");
        assert!(
            eventually(|| reading.get() == Some(before + 1)),
            "a write shows"
        );

        assert_eq!(
            Arc::weak_count(&db),
            1,
            "the thread holds the database weakly"
        );
        let started = Instant::now();
        watch.stop();
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "stop wakes the thread"
        );
        assert_eq!(Arc::weak_count(&db), 0, "the thread has ended once stopped");
        db.close();
    }

    #[test]
    fn a_read_that_starts_failing_answers_unknown_again() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::open(dir.path()).expect("open");
        let probe = |conn: &Connection| -> rusqlite::Result<usize> {
            conn.execute("CREATE TABLE watch_probe (n INTEGER)", [])
        };
        db.write_blocking(move |conn| probe(conn).map_err(StoreError::from))
            .expect("create");
        let watch = Watch::start(&db, "test-watch", Duration::from_millis(10), |conn| {
            Ok(conn.query_row("SELECT count(*) FROM watch_probe", [], |r| r.get(0))?)
        })
        .expect("start");
        let reading = watch.reading();
        assert!(eventually(|| reading.get() == Some(0)), "first read");

        db.write_blocking(|conn| {
            conn.execute("DROP TABLE watch_probe", [])
                .map_err(StoreError::from)
        })
        .expect("drop");
        assert!(
            eventually(|| reading.get().is_none()),
            "none once reads fail"
        );
        drop(watch);
        db.close();
    }
}
