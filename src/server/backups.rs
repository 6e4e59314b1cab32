//! The scheduled backups: a thread that makes a backup set (`store::backup_set`) every
//! `--backup-every`, prunes the oldest beyond `--backup-keep` once a new set is made, and
//! reports each outcome to `Health` (for /healthz and /metrics) and the log.
//!
//! When: one interval after the newest set already in the backup dir, as PocketBase does, so
//! restarts neither skip nor multiply backups; but never sooner than `FIRST_BACKUP_DELAY`
//! after start (a server that restarts in a loop does not copy itself each time, and a short
//! test run makes no backup), and a set that is overdue (or the very first) comes that soon.
//! A failed backup is tried again after `RETRY_AFTER`, not a whole interval later. All
//! SQLite and file work runs on this thread, never on the async runtime.
//!
//! A set on the data dir's own disk is not started when it would leave less than
//! `--min-free-disk` free there: below that the forms answer 507, and the room is theirs.
//!
//! With `--backup-to`, each finished set is then uploaded (`store::remote_backup`) and the
//! bucket pruned to `--backup-keep` as well. An upload that fails (credentials refused, the
//! store down or gone part-way) leaves the local sets as they are, reports to `Health`
//! (/healthz says degraded), and is tried again after `RETRY_AFTER` (or one interval, if
//! shorter): every local set the bucket lacks among the newest `--backup-keep` goes up then.
//! The first upload is tried soon after start, so sets a stopped server could not send
//! leave without waiting a whole interval.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use time::OffsetDateTime;

use crate::health::Health;
use crate::platform;
use crate::settings::Settings;
use crate::store::backup_set::{self, MadeSet, SetError, BACKED_UP_FOLDERS};
use crate::store::permissions::create_private_dir;
use crate::store::remote_backup::{Remote, RemoteConfig, RemoteError, Uploaded};
use crate::store::DB_FILE;

/// The earliest a backup runs after start.
pub const FIRST_BACKUP_DELAY: Duration = Duration::from_secs(60);
/// How soon a failed backup is tried again (or one interval, if shorter).
pub const RETRY_AFTER: Duration = Duration::from_secs(5 * 60);

/// The running schedule; `stop` (or dropping it) ends it.
pub struct Backups {
    signal: Arc<StopSignal>,
    thread: Option<thread::JoinHandle<()>>,
}

/// What the schedule needs, read from the settings once.
#[derive(Debug, Clone)]
struct Schedule {
    data_dir: PathBuf,
    backup_dir: PathBuf,
    every: Duration,
    keep: u32,
    /// The data dir's disk keeps this free for the forms.
    min_free_disk: u64,
    /// Where the sets are uploaded too.
    remote: Option<RemoteConfig>,
}

/// Why a scheduled set was not made.
#[derive(Debug, thiserror::Error)]
enum ScheduledError {
    #[error(transparent)]
    Set(#[from] SetError),
    #[error("not enough free space on the data dir's disk for a backup set: it needs about {needed} bytes, {free} are free and --min-free-disk keeps {min_free} for the forms; free some space or set --backup-dir on another disk")]
    NoRoom {
        needed: u64,
        free: u64,
        min_free: u64,
    },
    #[error("cannot measure the free space for the backup in {path}: {source}")]
    Measure { path: PathBuf, source: io::Error },
}

impl Backups {
    /// Starts the schedule, unless `--backup-every off`. A thread that cannot start is
    /// reported as a failed backup, so /healthz shows it.
    pub fn start(settings: &Settings, health: &Arc<Health>) -> Option<Backups> {
        let Some(every) = settings.backup_every else {
            tracing::info!(
                "backups: off (--backup-every off); see `corpsite backup` for a copy by hand"
            );
            return None;
        };
        health.backups_scheduled();
        if settings.backup_to.is_some() {
            health.uploads_scheduled();
        }
        let schedule = Schedule {
            data_dir: settings.data_dir.clone(),
            backup_dir: settings.backup_dir(),
            every,
            keep: settings.backup_keep,
            min_free_disk: settings.min_free_disk,
            remote: settings.backup_to.clone(),
        };
        let signal = Arc::new(StopSignal::default());
        let thread_signal = Arc::clone(&signal);
        let thread_health = Arc::clone(health);
        let spawned = thread::Builder::new()
            .name("corpsite-backups".into())
            .spawn(move || run(&schedule, &thread_signal, &thread_health));
        match spawned {
            Ok(thread) => Some(Backups {
                signal,
                thread: Some(thread),
            }),
            Err(err) => {
                tracing::error!(error = %err, "backups: cannot start their thread; none will be made");
                health.backup_failed(
                    OffsetDateTime::now_utc(),
                    format!("cannot start the backup thread: {err}"),
                );
                None
            }
        }
    }

    /// Ends the schedule and waits for it: at once while it waits; a backup under way stops
    /// at its next file (its partial set deleted), or once its database copy is done.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.signal.stop();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Backups {
    fn drop(&mut self) {
        self.halt();
    }
}

fn run(schedule: &Schedule, signal: &StopSignal, health: &Health) {
    let backup_dir = &schedule.backup_dir;
    match backup_set::remove_partial_sets(backup_dir) {
        Ok(0) => {}
        Ok(removed) => {
            tracing::info!(removed, backup_dir = %backup_dir.display(), "backups: removed unfinished sets of an earlier run");
        }
        Err(err) => {
            tracing::warn!(error = %err, backup_dir = %backup_dir.display(), "backups: cannot tidy the backup dir");
        }
    }
    let newest = match backup_set::list_sets(backup_dir) {
        Ok(sets) => sets.last().map(|(at, _)| *at),
        Err(err) => {
            tracing::warn!(error = %err, backup_dir = %backup_dir.display(), "backups: cannot list the backup dir");
            None
        }
    };
    let wait = first_wait(OffsetDateTime::now_utc(), newest, schedule.every);
    tracing::info!(
        every = ?schedule.every,
        keep = schedule.keep,
        backup_dir = %backup_dir.display(),
        backup_to = schedule.remote.as_ref().map(|r| r.url.to_string()),
        next_in = ?wait,
        "backups: scheduled"
    );
    let retry = RETRY_AFTER.min(schedule.every);
    let now = Instant::now();
    let mut next_set = now + wait;
    // Sets an earlier run could not send go up soon after start, not an interval later.
    let mut next_upload = schedule
        .remote
        .as_ref()
        .map(|_| now + FIRST_BACKUP_DELAY.min(schedule.every));
    loop {
        let wake = next_upload.map_or(next_set, |upload| upload.min(next_set));
        if signal.wait(wake.saturating_duration_since(Instant::now())) {
            return;
        }
        if Instant::now() >= next_set {
            next_set = Instant::now()
                + match backup_once(schedule, signal, health) {
                    Outcome::Made => {
                        // A new set goes up at once (the schedule's own retry aside).
                        if schedule.remote.is_some() {
                            next_upload = Some(Instant::now());
                        }
                        schedule.every
                    }
                    Outcome::Failed => retry,
                    Outcome::Stopped => return,
                };
        }
        if let (Some(remote), Some(at)) = (&schedule.remote, next_upload) {
            if Instant::now() >= at {
                next_upload = match upload_once(schedule, remote, signal, health) {
                    Outcome::Made => None,
                    Outcome::Failed => Some(Instant::now() + retry),
                    Outcome::Stopped => return,
                };
            }
        }
    }
}

enum Outcome {
    Made,
    Failed,
    Stopped,
}

fn backup_once(schedule: &Schedule, signal: &StopSignal, health: &Health) -> Outcome {
    match make_set(schedule, signal) {
        Ok(set) => {
            tracing::info!(
                path = %set.path.display(),
                database_bytes = set.manifest.database_bytes,
                files = set.manifest.files,
                file_bytes = set.manifest.file_bytes,
                "backups: made a backup set; integrity check ok"
            );
            health.backup_succeeded(OffsetDateTime::now_utc(), set.manifest.database_bytes);
            match backup_set::prune(&schedule.backup_dir, schedule.keep) {
                Ok(deleted) => {
                    for path in deleted {
                        tracing::info!(path = %path.display(), keep = schedule.keep, "backups: deleted an old set");
                    }
                }
                Err(err) => {
                    tracing::error!(error = %err, "backups: cannot delete old sets");
                }
            }
            Outcome::Made
        }
        Err(ScheduledError::Set(SetError::Stopped)) => {
            tracing::info!("backups: the set under way was abandoned at shutdown");
            Outcome::Stopped
        }
        Err(err) => {
            let retry = RETRY_AFTER.min(schedule.every);
            tracing::error!(error = %err, retry_in = ?retry, "backups: BACKUP FAILED; the earlier sets are kept");
            health.backup_failed(OffsetDateTime::now_utc(), err.to_string());
            Outcome::Failed
        }
    }
}

/// Sends the bucket the local sets it lacks among the newest `--backup-keep` (oldest
/// first), then prunes it to `--backup-keep`; reports the outcome to `Health`.
fn upload_once(
    schedule: &Schedule,
    remote: &RemoteConfig,
    signal: &StopSignal,
    health: &Health,
) -> Outcome {
    match sync_remote(schedule, remote, signal) {
        Ok((sent, deleted)) => {
            for (name, uploaded) in &sent {
                tracing::info!(set = %name, files = uploaded.files, bytes = uploaded.bytes, backup_to = %remote.url, "backups: uploaded a backup set");
            }
            for name in &deleted {
                tracing::info!(set = %name, keep = schedule.keep, backup_to = %remote.url, "backups: deleted an old set from the bucket");
            }
            health.upload_succeeded(OffsetDateTime::now_utc());
            Outcome::Made
        }
        Err(RemoteError::Stopped) => {
            tracing::info!("backups: the upload under way was abandoned at shutdown");
            Outcome::Stopped
        }
        Err(err) => {
            let retry = RETRY_AFTER.min(schedule.every);
            tracing::error!(error = %err, backup_to = %remote.url, retry_in = ?retry, "backups: UPLOAD FAILED; the sets are kept on this machine and will be sent again");
            health.upload_failed(OffsetDateTime::now_utc(), err.to_string());
            Outcome::Failed
        }
    }
}

/// The sets sent (name and size) and the sets the prune deleted from the bucket.
type Synced = (Vec<(String, Uploaded)>, Vec<String>);

fn sync_remote(
    schedule: &Schedule,
    config: &RemoteConfig,
    signal: &StopSignal,
) -> Result<Synced, RemoteError> {
    let remote = Remote::connect(config)?;
    let local = backup_set::list_sets(&schedule.backup_dir).map_err(|source| RemoteError::Io {
        path: schedule.backup_dir.clone(),
        source,
    })?;
    let there = remote.whole_sets()?;
    let keep = usize::try_from(schedule.keep.max(1)).unwrap_or(usize::MAX);
    let mut wanted: Vec<(OffsetDateTime, Option<&Path>)> = there
        .iter()
        .filter_map(|name| backup_set::parse_set_name(name).map(|at| (at, None)))
        .chain(local.iter().map(|(at, path)| (*at, Some(path.as_path()))))
        .collect();
    wanted.sort_by_key(|(at, _)| *at);
    wanted.dedup_by_key(|(at, _)| *at);
    let newest = &wanted[wanted.len().saturating_sub(keep)..];
    let mut sent = Vec::new();
    for (_, path) in newest {
        let Some(path) = path else { continue };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if there.contains(&name) {
            continue;
        }
        let uploaded = remote.upload_set(path, &|| signal.is_stopped())?;
        sent.push((name, uploaded));
    }
    let deleted = remote.prune(schedule.keep)?;
    Ok((sent, deleted))
}

fn make_set(schedule: &Schedule, signal: &StopSignal) -> Result<MadeSet, ScheduledError> {
    check_room(schedule)?;
    Ok(backup_set::make_set(
        &schedule.data_dir,
        &schedule.backup_dir,
        &BACKED_UP_FOLDERS,
        OffsetDateTime::now_utc(),
        &|| signal.is_stopped(),
    )?)
}

/// Refuses a set on the data dir's disk that would leave it less than `min_free_disk` free.
/// A set elsewhere may fill its own disk: that fails the set (cleanly), not the site.
fn check_room(schedule: &Schedule) -> Result<(), ScheduledError> {
    let measure = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ScheduledError::Measure { path, source }
    };
    let backup_dir = &schedule.backup_dir;
    create_private_dir(backup_dir).map_err(measure(backup_dir))?;
    // Where the system does not tell the device (None), both count as on one disk.
    let data_dev = platform::device_of(&schedule.data_dir).map_err(measure(&schedule.data_dir))?;
    let backup_dev = platform::device_of(backup_dir).map_err(measure(backup_dir))?;
    if data_dev != backup_dev {
        return Ok(());
    }
    // The copy is at most the database and its WAL; resumes and media are hard-linked here.
    let needed = [DB_FILE.to_owned(), format!("{DB_FILE}-wal")]
        .iter()
        .filter_map(|name| std::fs::metadata(schedule.data_dir.join(name)).ok())
        .map(|metadata| metadata.len())
        .sum();
    let free = fs4::available_space(backup_dir).map_err(measure(backup_dir))?;
    if leaves_room(free, needed, schedule.min_free_disk) {
        Ok(())
    } else {
        Err(ScheduledError::NoRoom {
            needed,
            free,
            min_free: schedule.min_free_disk,
        })
    }
}

fn leaves_room(free: u64, needed: u64, min_free: u64) -> bool {
    free.checked_sub(needed)
        .is_some_and(|left| left >= min_free)
}

/// How long after start the first backup waits: one interval after the newest set, but at
/// least `FIRST_BACKUP_DELAY` (or the interval, if shorter) and at most one interval (a set
/// dated in the future means the clock went back).
fn first_wait(now: OffsetDateTime, newest: Option<OffsetDateTime>, every: Duration) -> Duration {
    let soonest = FIRST_BACKUP_DELAY.min(every);
    let Some(newest) = newest else {
        return soonest;
    };
    let since = now - newest;
    let remaining = if since.is_negative() {
        every
    } else {
        every.saturating_sub(since.unsigned_abs())
    };
    remaining.clamp(soonest, every)
}

/// A stop flag a sleeping thread wakes up for.
#[derive(Default)]
struct StopSignal {
    stopped: Mutex<bool>,
    wake: Condvar,
}

impl StopSignal {
    fn stop(&self) {
        *self.lock() = true;
        self.wake.notify_all();
    }

    fn is_stopped(&self) -> bool {
        *self.lock()
    }

    /// Sleeps for `wait` or until stopped; answers whether it was stopped.
    fn wait(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        let mut stopped = self.lock();
        while !*stopped {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            stopped = self
                .wake
                .wait_timeout(stopped, left)
                .map_or_else(|poisoned| poisoned.into_inner().0, |(guard, _)| guard);
        }
        true
    }

    fn lock(&self) -> MutexGuard<'_, bool> {
        self.stopped
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Duration = Duration::from_secs(24 * 3600);

    #[test]
    fn the_first_backup_comes_one_interval_after_the_newest_set_and_never_right_at_start() {
        let now = OffsetDateTime::UNIX_EPOCH + time::Duration::days(20_000);
        let hours_ago = |h: i64| Some(now - time::Duration::hours(h));
        let cases: &[(&str, Option<OffsetDateTime>, Duration, Duration)] = &[
            ("no set yet", None, DAY, FIRST_BACKUP_DELAY),
            (
                "no set, short interval",
                None,
                Duration::from_secs(5),
                Duration::from_secs(5),
            ),
            (
                "set 2 h ago",
                hours_ago(2),
                DAY,
                Duration::from_secs(22 * 3600),
            ),
            ("set just now", hours_ago(0), DAY, DAY),
            ("set overdue", hours_ago(30), DAY, FIRST_BACKUP_DELAY),
            (
                "set due this minute",
                Some(now - DAY + Duration::from_secs(10)),
                DAY,
                FIRST_BACKUP_DELAY,
            ),
            ("set in the future", hours_ago(-5), DAY, DAY),
        ];
        for (case, newest, every, expected) in cases {
            assert_eq!(first_wait(now, *newest, *every), *expected, "{case}");
        }
    }

    #[test]
    fn a_set_must_leave_the_forms_their_free_space() {
        let cases = [
            (1000, 100, 900, true),
            (1000, 100, 901, false),
            (1000, 1001, 0, false),
            (1000, 0, 1000, true),
            (u64::MAX, u64::MAX, 0, true),
        ];
        for (free, needed, min_free, fits) in cases {
            assert_eq!(
                leaves_room(free, needed, min_free),
                fits,
                "{free} free, {needed} needed, {min_free} kept"
            );
        }
    }

    #[test]
    fn stopping_wakes_a_waiting_schedule_at_once() {
        let dir = tempfile::tempdir().expect("dir");
        let mut settings = Settings::for_data_dir(dir.path());
        settings.backup_every = Some(DAY);
        let health = Health::new();
        let backups = Backups::start(&settings, &health).expect("started");
        assert!(health.backup().scheduled);
        let started = Instant::now();
        backups.stop();
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
        assert!(
            !dir.path().join("backups").exists(),
            "no backup right at start"
        );
    }

    #[test]
    fn off_starts_nothing_and_says_unscheduled() {
        let dir = tempfile::tempdir().expect("dir");
        let mut settings = Settings::for_data_dir(dir.path());
        settings.backup_every = None;
        let health = Health::new();
        assert!(Backups::start(&settings, &health).is_none());
        assert!(!health.backup().scheduled);
    }
}
