//! SQLite: many readers, one writer.
//!
//! Reads run on tokio's blocking threads with a bounded pool of read connections (`readers`):
//! at most `reader_count()` reads run at once, the rest wait their turn (for at most
//! `READ_WAIT`, then `StoreError::Busy`), so a flood of reads queues instead of multiplying
//! threads, connections and memory. Every write goes to ONE writer thread, which commits whatever is queued in one transaction (each job in its
//! own savepoint, so one failing job does not undo the others). A write's caller hears back
//! only after the commit, so an acknowledged write is on disk (synchronous=FULL).

pub mod blogs;
mod migrations;

pub mod accounts;
pub mod analytics;
pub mod api_keys;
pub mod applicants;
pub mod assign;
pub mod audit;
pub mod backup;
pub mod backup_set;
pub mod ballast;
pub mod bulk;
pub mod company_details;
pub mod data_lock;
pub mod export;
pub mod factors;
pub mod inbox;
pub mod jobs;
pub mod leads;
pub mod mail_routes;
pub mod media_images;
pub mod outbox;
pub mod pages;
pub mod permissions;
pub mod readers;
pub mod remote_backup;
pub mod replies;
pub mod resets;
pub mod retention;
pub mod sessions;
pub mod stories;
pub mod subscriptions;
pub mod team;
pub mod throttle;
pub mod trash;
pub mod uploads;
pub mod watch;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags};
use tokio::sync::{oneshot, Semaphore};

pub use migrations::{latest_version, run_migrations};

/// A database in memory with every migration run: the start of a store unit test.
#[cfg(test)]
pub(crate) fn migrated() -> Connection {
    let mut conn = Connection::open_in_memory().expect("open");
    run_migrations(&mut conn).expect("migrate");
    conn
}

/// The steps of `sql`'s query plan (its `?1` bound to `param`), as EXPLAIN QUERY PLAN
/// words them: for a unit test to hold a read to its index.
#[cfg(test)]
pub(crate) fn query_plan(conn: &Connection, sql: &str, param: &str) -> Vec<String> {
    let explain = format!("EXPLAIN QUERY PLAN {sql}");
    let mut stmt = conn.prepare(&explain).expect("prepare");
    let bound = if stmt.parameter_count() == 0 {
        vec![]
    } else {
        vec![param]
    };
    stmt.query_map(rusqlite::params_from_iter(bound), |r| r.get(3))
        .expect("plan")
        .collect::<Result<_, _>>()
        .expect("plan")
}

pub use permissions::secure_umask;

/// File name of the database inside the data dir.
pub const DB_FILE: &str = "corpsite.db";
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How many queued writes one transaction takes at most.
const MAX_BATCH: usize = 256;
/// How long a read waits for a free connection before it gives up (`StoreError::Busy`).
const READ_WAIT: Duration = Duration::from_secs(5);

/// Read connections: two per core (reads are short; more only adds contention), 2 to 16.
pub fn reader_count() -> usize {
    let cores = thread::available_parallelism().map_or(2, usize::from);
    (cores * 2).clamp(2, 16)
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot open the database {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("database migration failed: {}", migrations::one_line(&.0.to_string(), 240))]
    Migration(#[from] refinery::Error),
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    #[error("cannot start the database writer thread: {0}")]
    WriterThread(#[source] std::io::Error),
    /// The batch a write was in could not begin or commit: nothing of it is on disk.
    /// Shared by every write of the batch, hence the `Arc`.
    #[error("the write could not be committed: {0}")]
    Commit(#[source] Arc<rusqlite::Error>),
    #[error("the database writer has stopped")]
    WriterGone,
    #[error("a database job panicked")]
    Panicked,
    /// Every read connection stayed busy for `READ_WAIT`: the server is overloaded.
    #[error("the database is busy; every read connection stayed in use")]
    Busy,
}

/// How a batch ended: committed, or the SQLite error that undid all of it.
type BatchOutcome = Result<(), Arc<rusqlite::Error>>;
type Finish = Box<dyn FnOnce(BatchOutcome) + Send>;
/// A write job runs inside the batch transaction (`Some`), or is told it cannot run (`None`).
/// It says whether it succeeded and how to report its result once the batch commits.
type WriteJob = Box<dyn FnOnce(Option<&Connection>) -> (bool, Finish) + Send>;

/// Whether a write job's changes are committed or undone once it has run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Keep,
    Undo,
}

/// The database of one data dir.
pub struct Db {
    path: PathBuf,
    readers: ReaderPool,
    /// One permit per read connection: async reads wait here, before taking a blocking thread.
    read_slots: Semaphore,
    writer: Mutex<Option<mpsc::Sender<WriteJob>>>,
    writer_thread: Mutex<Option<thread::JoinHandle<()>>>,
}

impl Db {
    /// Creates the data dir (owner-only, see `permissions`), opens the database and brings
    /// its schema up to date.
    pub fn open(data_dir: &Path) -> Result<Arc<Db>, StoreError> {
        let path = prepare_data_dir(data_dir)?;
        let mut writer = open_writer(&path)?;
        run_migrations(&mut writer)?;

        let (sender, receiver) = mpsc::channel::<WriteJob>();
        let writer_thread = thread::Builder::new()
            .name("corpsite-db-writer".into())
            .spawn(move || writer_loop(writer, receiver))
            .map_err(StoreError::WriterThread)?;

        let readers = reader_count();
        Ok(Arc::new(Db {
            path,
            readers: ReaderPool::new(readers),
            read_slots: Semaphore::new(readers),
            writer: Mutex::new(Some(sender)),
            writer_thread: Mutex::new(Some(writer_thread)),
        }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs a read on a blocking thread with a pooled read-only connection, once one of the
    /// `reader_count()` slots is free (waiting at most `READ_WAIT`).
    pub async fn read<T, F>(self: &Arc<Self>, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let permit = tokio::time::timeout(READ_WAIT, self.read_slots.acquire())
            .await
            .map_err(|_| StoreError::Busy)?
            .map_err(|_| StoreError::Busy)?;
        let db = Arc::clone(self);
        let result = tokio::task::spawn_blocking(move || db.read_blocking(f))
            .await
            .map_err(|_| StoreError::Panicked)?;
        drop(permit);
        result
    }

    /// A read on the calling thread (for the command line, the watch thread and tests): waits
    /// for a pooled connection like any other read.
    pub fn read_blocking<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let conn = self.readers.checkout(&self.path)?;
        f(&conn)
    }

    /// Runs `f` on the writer thread inside a transaction and answers after the commit.
    /// If `f` fails, its changes are rolled back and its error returned; if the commit
    /// fails, the store's error, converted into `E`.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        let answer = self.submit(f, Outcome::Keep)?;
        answer.await.unwrap_or(Err(StoreError::WriterGone.into()))
    }

    /// Runs `f` exactly like `write` (on the writer thread, inside the batch transaction,
    /// answering after the batch commits) and then undoes its changes, so nothing of it is
    /// stored. For posts that must cost what a real one costs while keeping nothing (a
    /// robot's): the undone pages stay dirty until the commit, so the commit writes and
    /// syncs them as it would a real write's.
    pub async fn rehearse<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        let answer = self.submit(f, Outcome::Undo)?;
        answer.await.unwrap_or(Err(StoreError::WriterGone.into()))
    }

    /// `write`, waiting on the calling thread (for the command line and tests).
    pub fn write_blocking<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        let answer = self.submit(f, Outcome::Keep)?;
        answer
            .blocking_recv()
            .unwrap_or(Err(StoreError::WriterGone.into()))
    }

    /// Queues `f` for the writer like `write`, without waiting: the caller goes on and
    /// collects the answer later with `PendingWrite::wait`. Writes queued one after another
    /// are committed together (one sync for many), for a thread that records many outcomes.
    pub fn write_later<T, E, F>(&self, f: F) -> Result<PendingWrite<T, E>, StoreError>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        self.submit(f, Outcome::Keep).map(PendingWrite)
    }

    /// Queues `f` for the writer; the receiver hears its answer once its batch has ended.
    fn submit<T, E, F>(
        &self,
        f: F,
        changes: Outcome,
    ) -> Result<oneshot::Receiver<Result<T, E>>, StoreError>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: WriteJob = Box::new(move |conn| {
            let Some(conn) = conn else {
                let finish: Finish = Box::new(move |ended: BatchOutcome| {
                    let err = ended
                        .err()
                        .map_or(StoreError::WriterGone, StoreError::Commit);
                    let _ = reply.send(Err(err.into()));
                });
                return (false, finish);
            };
            let outcome = catch_unwind(AssertUnwindSafe(|| f(conn)));
            let ok = matches!(outcome, Ok(Ok(_)));
            // A rehearsal reports success but has its savepoint rolled back like a failure.
            let keep = ok && changes == Outcome::Keep;
            let finish: Finish = Box::new(move |ended: BatchOutcome| {
                let answer = match (outcome, ended) {
                    (Err(_), _) => Err(StoreError::Panicked.into()),
                    (Ok(Err(e)), _) => Err(e),
                    (Ok(Ok(v)), Ok(())) => Ok(v),
                    (Ok(Ok(_)), Err(err)) => Err(StoreError::Commit(err).into()),
                };
                let _ = reply.send(answer);
            });
            (keep, finish)
        });
        let guard = self.writer.lock().map_err(|_| StoreError::WriterGone)?;
        let sender = guard.as_ref().ok_or(StoreError::WriterGone)?;
        sender.send(job).map_err(|_| StoreError::WriterGone)?;
        Ok(answer)
    }

    /// Stops the writer after the queued writes are committed.
    pub fn close(&self) {
        if let Ok(mut writer) = self.writer.lock() {
            writer.take();
        }
        if let Some(handle) = self.writer_thread.lock().ok().and_then(|mut h| h.take()) {
            let _ = handle.join();
        }
    }
}

/// A write queued with `Db::write_later`.
pub struct PendingWrite<T, E>(oneshot::Receiver<Result<T, E>>);

impl<T, E: From<StoreError>> PendingWrite<T, E> {
    /// Waits on the calling thread (never an async one) until the write has committed.
    pub fn wait(self) -> Result<T, E> {
        self.0
            .blocking_recv()
            .unwrap_or(Err(StoreError::WriterGone.into()))
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        self.close();
    }
}

/// At most `max` read connections, opened when first needed and kept.
struct ReaderPool {
    max: usize,
    state: Mutex<PoolState>,
    returned: Condvar,
}

struct PoolState {
    idle: Vec<Connection>,
    open: usize,
}

impl ReaderPool {
    fn new(max: usize) -> ReaderPool {
        ReaderPool {
            max,
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                open: 0,
            }),
            returned: Condvar::new(),
        }
    }

    /// An idle connection, a new one while fewer than `max` are open, or the first one given
    /// back within `READ_WAIT`. It goes back to the pool when dropped.
    fn checkout(&self, path: &Path) -> Result<PooledReader<'_>, StoreError> {
        let mut state = self.state.lock().map_err(|_| StoreError::Panicked)?;
        loop {
            if let Some(conn) = state.idle.pop() {
                return Ok(PooledReader {
                    pool: self,
                    conn: Some(conn),
                });
            }
            if state.open < self.max {
                state.open += 1;
                drop(state);
                let conn = open_reader(path).inspect_err(|_| self.forget_one())?;
                return Ok(PooledReader {
                    pool: self,
                    conn: Some(conn),
                });
            }
            let (next, waited) = self
                .returned
                .wait_timeout(state, READ_WAIT)
                .map_err(|_| StoreError::Panicked)?;
            if waited.timed_out() && next.idle.is_empty() {
                return Err(StoreError::Busy);
            }
            state = next;
        }
    }

    fn give_back(&self, conn: Connection) {
        if std::thread::panicking() {
            // A read that panicked may have left the connection mid-statement: close it.
            drop(conn);
            self.forget_one();
            return;
        }
        if let Ok(mut state) = self.state.lock() {
            state.idle.push(conn);
        }
        self.returned.notify_one();
    }

    /// A connection that failed to open (or was lost) frees its place.
    fn forget_one(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.open = state.open.saturating_sub(1);
        }
        self.returned.notify_one();
    }
}

/// A checked-out read connection; back to the pool on drop, even when the read panicked.
struct PooledReader<'a> {
    pool: &'a ReaderPool,
    conn: Option<Connection>,
}

impl std::ops::Deref for PooledReader<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn.as_ref().expect("present until dropped")
    }
}

impl Drop for PooledReader<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            self.pool.give_back(conn);
        }
    }
}

fn writer_loop(conn: Connection, jobs: mpsc::Receiver<WriteJob>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        commit_batch(&conn, batch);
    }
}

fn commit_batch(conn: &Connection, batch: Vec<WriteJob>) {
    if let Err(err) = conn.execute_batch("BEGIN IMMEDIATE") {
        tracing::error!(error = %err, "cannot start a write transaction");
        let err = Arc::new(err);
        for job in batch {
            let (_, finish) = job(None);
            finish(Err(Arc::clone(&err)));
        }
        return;
    }
    let mut finishes = Vec::with_capacity(batch.len());
    for job in batch {
        let started = conn.execute_batch("SAVEPOINT job").is_ok();
        let (ok, finish) = job(Some(conn));
        if started {
            let end = if ok {
                "RELEASE job"
            } else {
                "ROLLBACK TO job; RELEASE job"
            };
            if let Err(err) = conn.execute_batch(end) {
                tracing::error!(error = %err, "cannot end a write savepoint");
            }
        }
        finishes.push(finish);
    }
    let committed = conn.execute_batch("COMMIT").map_err(|err| {
        let _ = conn.execute_batch("ROLLBACK");
        tracing::error!(error = %err, "write batch failed");
        Arc::new(err)
    });
    for finish in finishes {
        finish(committed.clone());
    }
}

fn apply_common_pragmas(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Query plans do not depend on bound values. Without this, FTS5's own prepared lookup
    // (`term <= ?` on its `_idx` table) is re-prepared whenever a new search term is bound:
    // 45% of an uncached search's time went to re-parsing that one statement.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    Ok(())
}

/// Process-wide SQLite settings, before any connection is opened: call it first thing in
/// `main`, on one thread. SQLite then keeps no global memory statistics, whose mutex every
/// allocation of every connection otherwise takes (a tenth of a search's time under load).
pub fn configure_sqlite() {
    // SAFETY: sqlite3_config may only be called before SQLite is initialized and while no
    // other thread uses SQLite, which is the case first thing in main. Called later it
    // changes nothing and answers SQLITE_MISUSE, which is ignored.
    unsafe {
        rusqlite::ffi::sqlite3_config(rusqlite::ffi::SQLITE_CONFIG_MEMSTATUS, 0_i32);
    }
}

fn open_writer(path: &Path) -> Result<Connection, StoreError> {
    let open = |path: &Path| -> Result<Connection, rusqlite::Error> {
        let conn = Connection::open(path)?;
        apply_common_pragmas(&conn)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // An acknowledged lead must survive a power cut.
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Every write goes through this one connection: room for the statements of a long
        // transaction (a restore from the trash writes a dozen tables a lead) beside the
        // forms' and the staff's own.
        conn.set_prepared_statement_cache_capacity(64);
        Ok(conn)
    };
    open(path).map_err(|source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    })
}

fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    let open = |path: &Path| -> Result<Connection, rusqlite::Error> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
                | OpenFlags::SQLITE_OPEN_URI,
        )?;
        apply_common_pragmas(&conn)?;
        Ok(conn)
    };
    open(path).map_err(|source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    })
}

/// Opens a read-write connection for the command line, which works beside a running server
/// (SQLite's locks order the two; busy_timeout waits out the other's transaction).
pub fn open_for_cli(data_dir: &Path) -> Result<Connection, StoreError> {
    let mut conn = open_writer(&prepare_data_dir(data_dir)?)?;
    run_migrations(&mut conn)?;
    Ok(conn)
}

/// Makes the data dir private (created 0700, or tightened with what is in it) and creates
/// the database file 0600 if it is new, before SQLite opens it: SQLite gives the -wal and
/// -shm files it creates the mode of their database. Returns the database's path.
fn prepare_data_dir(data_dir: &Path) -> Result<PathBuf, StoreError> {
    let path = data_dir.join(DB_FILE);
    permissions::secure_data_dir(data_dir)
        .and_then(|()| permissions::touch_private_file(&path))
        .map_err(|source| StoreError::DataDir {
            path: data_dir.to_path_buf(),
            source,
        })?;
    Ok(path)
}
