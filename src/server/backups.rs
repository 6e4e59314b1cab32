//! The backups: a thread that makes a backup set (`store::backup_set::make_whole_set`) every
//! `--backup-every`, and whenever the staff ask for one ("Back up now",
//! `Health::ask_for_backup`: the same code, between the scheduled ones, with `--backup-every
//! off` too), prunes the oldest beyond `--backup-keep` once a new set is made, and reports
//! each outcome to `Health` (for /healthz, /metrics and the backups screen) and the log.
//!
//! When: one interval after the newest set already in the backup dir, as PocketBase does, so
//! restarts neither skip nor multiply backups; but never sooner than `FIRST_BACKUP_DELAY`
//! after start (a server that restarts in a loop does not copy itself each time, and a short
//! test run makes no backup), and a set that is overdue (or the very first) comes that soon.
//! A failed backup is tried again after `RETRY_AFTER`, not a whole interval later. All
//! SQLite and file work runs on this thread, never on the async runtime.
//!
//! With `--backup-to`, each finished set is then uploaded (`store::remote_backup`) and the
//! bucket pruned to `--backup-keep` as well. An upload that fails (credentials refused, the
//! store down or gone part-way) leaves the local sets as they are, reports to `Health`
//! (/healthz says degraded), and is tried again after `RETRY_AFTER` (or one interval, if
//! shorter): every local set the bucket lacks among the newest `--backup-keep` goes up then.
//! The first upload is tried soon after start, so sets a stopped server could not send
//! leave without waiting a whole interval.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use jiff::Timestamp;

use crate::health::{BackupSignal, Health, Woken};
use crate::settings::Settings;
use crate::store::backup_set::{self, MadeSet, SetError};
use crate::store::remote_backup::{Remote, RemoteConfig, RemoteError, Uploaded};

/// The earliest a backup runs after start.
pub const FIRST_BACKUP_DELAY: Duration = Duration::from_secs(60);
/// How soon a failed backup is tried again (or one interval, if shorter).
pub const RETRY_AFTER: Duration = Duration::from_secs(5 * 60);

/// The running task; `stop` (or dropping it) ends it.
pub struct Backups {
    health: Arc<Health>,
    thread: Option<thread::JoinHandle<()>>,
}

/// What the task needs, read from the settings once.
#[derive(Debug, Clone)]
struct Schedule {
    data_dir: PathBuf,
    backup_dir: PathBuf,
    /// `None`: no set but those asked for (`--backup-every off`).
    every: Option<Duration>,
    keep: u32,
    /// The data dir's disk keeps this free for the forms.
    min_free_disk: u64,
    /// Where the sets are uploaded too.
    remote: Option<RemoteConfig>,
}

impl Schedule {
    /// How soon a failed set or upload is tried again.
    fn retry(&self) -> Duration {
        self.every
            .map_or(RETRY_AFTER, |every| RETRY_AFTER.min(every))
    }
}

impl Backups {
    /// Starts the task: the schedule (none with `--backup-every off`), and the sets the staff
    /// ask for (`Health::ask_for_backup`), made by the same code. A thread that cannot start
    /// is reported as a failed backup, so /healthz shows it.
    pub fn start(settings: &Settings, health: &Arc<Health>) -> Option<Backups> {
        match settings.backup_every {
            Some(_) => health.backups_scheduled(),
            None => tracing::info!(
                "backups: none on a schedule (--backup-every off); a set is made when asked for, or by `corpsite backup`"
            ),
        }
        if settings.backup_to.is_some() {
            health.uploads_scheduled();
        }
        let schedule = Schedule {
            data_dir: settings.data_dir.clone(),
            backup_dir: settings.backup_dir(),
            every: settings.backup_every,
            keep: settings.backup_keep,
            min_free_disk: settings.min_free_disk,
            remote: settings.backup_to.clone(),
        };
        health.backup_signal().listen();
        let thread_health = Arc::clone(health);
        let spawned = thread::Builder::new()
            .name("corpsite-backups".into())
            .spawn(move || run(&schedule, &thread_health));
        match spawned {
            Ok(thread) => Some(Backups {
                health: Arc::clone(health),
                thread: Some(thread),
            }),
            Err(err) => {
                health.backup_signal().stop();
                tracing::error!(error = %err, "backups: cannot start their thread; none will be made");
                health.backup_failed(
                    Timestamp::now(),
                    format!("cannot start the backup thread: {err}"),
                );
                None
            }
        }
    }

    /// Ends the task and waits for it: at once while it waits; a backup under way stops at
    /// its next file (its partial set deleted), or once its database copy is done.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.health.backup_signal().stop();
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

fn run(schedule: &Schedule, health: &Health) {
    let signal = health.backup_signal();
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
    let wait = schedule
        .every
        .map(|every| first_wait(Timestamp::now(), newest, every));
    tracing::info!(
        every = ?schedule.every,
        keep = schedule.keep,
        backup_dir = %backup_dir.display(),
        backup_to = schedule.remote.as_ref().map(|r| r.url.to_string()),
        next_in = ?wait,
        "backups: scheduled"
    );
    let now = Instant::now();
    let mut next_set = wait.map(|wait| now + wait);
    // Sets an earlier run could not send go up soon after start, not an interval later.
    let mut next_upload = schedule.remote.as_ref().map(|_| {
        now + schedule
            .every
            .map_or(FIRST_BACKUP_DELAY, |every| FIRST_BACKUP_DELAY.min(every))
    });
    loop {
        let wake = match (next_set, next_upload) {
            (Some(set), Some(upload)) => Some(set.min(upload)),
            (set, upload) => set.or(upload),
        };
        let asked = match signal.wait(wake) {
            Woken::Stopped => return,
            Woken::Asked => true,
            Woken::Due => false,
        };
        let due = |at: Option<Instant>| at.is_some_and(|at| Instant::now() >= at);
        if asked || due(next_set) {
            health.backup_running(true);
            let outcome = backup_once(schedule, signal, health);
            let after = match outcome {
                Outcome::Made => {
                    // A new set goes up at once (the schedule's own retry aside).
                    if schedule.remote.is_some() {
                        next_upload = Some(Instant::now());
                    }
                    schedule.every
                }
                Outcome::Failed => Some(schedule.retry()),
                Outcome::Stopped => return,
            };
            // An asked-for set that failed is not tried again unless the schedule would.
            if schedule.every.is_some() || !asked {
                next_set = after.map(|after| Instant::now() + after);
            }
        }
        if let (Some(remote), true) = (&schedule.remote, due(next_upload)) {
            next_upload = match upload_once(schedule, remote, signal, health) {
                Outcome::Made => None,
                Outcome::Failed => Some(Instant::now() + schedule.retry()),
                Outcome::Stopped => return,
            };
        }
        health.backup_running(false);
    }
}

enum Outcome {
    Made,
    Failed,
    Stopped,
}

fn backup_once(schedule: &Schedule, signal: &BackupSignal, health: &Health) -> Outcome {
    match make_set(schedule, signal) {
        Ok(set) => {
            tracing::info!(
                path = %set.path.display(),
                database_bytes = set.manifest.database_bytes,
                files = set.manifest.files,
                file_bytes = set.manifest.file_bytes,
                "backups: made a backup set; integrity check ok"
            );
            health.backup_succeeded(Timestamp::now(), set.manifest.database_bytes);
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
        Err(SetError::Stopped) => {
            tracing::info!("backups: the set under way was abandoned at shutdown");
            Outcome::Stopped
        }
        Err(err) => {
            tracing::error!(error = %err, retry_in = ?schedule.retry(), "backups: BACKUP FAILED; the earlier sets are kept");
            health.backup_failed(Timestamp::now(), err.to_string());
            Outcome::Failed
        }
    }
}

/// Sends the bucket the local sets it lacks among the newest `--backup-keep` (oldest
/// first), then prunes it to `--backup-keep`; reports the outcome to `Health`.
fn upload_once(
    schedule: &Schedule,
    remote: &RemoteConfig,
    signal: &BackupSignal,
    health: &Health,
) -> Outcome {
    match sync_remote(schedule, remote, signal) {
        Ok(synced) => {
            for (name, uploaded) in &synced.sent {
                tracing::info!(set = %name, files = uploaded.files, bytes = uploaded.bytes, backup_to = %remote.url, "backups: uploaded a backup set");
            }
            for name in &synced.deleted {
                tracing::info!(set = %name, keep = schedule.keep, backup_to = %remote.url, "backups: deleted an old set from the bucket");
            }
            health.upload_succeeded(Timestamp::now(), synced.in_bucket);
            Outcome::Made
        }
        Err(RemoteError::Stopped) => {
            tracing::info!("backups: the upload under way was abandoned at shutdown");
            Outcome::Stopped
        }
        Err(err) => {
            tracing::error!(error = %err, backup_to = %remote.url, retry_in = ?schedule.retry(), "backups: UPLOAD FAILED; the sets are kept on this machine and will be sent again");
            health.upload_failed(Timestamp::now(), err.to_string());
            Outcome::Failed
        }
    }
}

/// What one upload did.
struct Synced {
    /// The sets sent, and their size.
    sent: Vec<(String, Uploaded)>,
    /// The sets the prune deleted from the bucket.
    deleted: Vec<String>,
    /// The whole sets in the bucket after it, oldest first.
    in_bucket: Vec<String>,
}

fn sync_remote(
    schedule: &Schedule,
    config: &RemoteConfig,
    signal: &BackupSignal,
) -> Result<Synced, RemoteError> {
    let remote = Remote::connect(config)?;
    let local = backup_set::list_sets(&schedule.backup_dir).map_err(|source| RemoteError::Io {
        path: schedule.backup_dir.clone(),
        source,
    })?;
    let there = remote.whole_sets()?;
    let keep = usize::try_from(schedule.keep.max(1)).unwrap_or(usize::MAX);
    let mut wanted: Vec<(Timestamp, Option<&Path>)> = there
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
    let mut in_bucket: Vec<String> = there
        .into_iter()
        .chain(sent.iter().map(|(name, _)| name.clone()))
        .filter(|name| !deleted.contains(name))
        .collect();
    in_bucket.sort();
    in_bucket.dedup();
    Ok(Synced {
        sent,
        deleted,
        in_bucket,
    })
}

fn make_set(schedule: &Schedule, signal: &BackupSignal) -> Result<MadeSet, SetError> {
    backup_set::make_whole_set(
        &schedule.data_dir,
        &schedule.backup_dir,
        schedule.min_free_disk,
        Timestamp::now(),
        &|| signal.is_stopped(),
    )
}

/// How long after start the first backup waits: one interval after the newest set, but at
/// least `FIRST_BACKUP_DELAY` (or the interval, if shorter) and at most one interval (a set
/// dated in the future means the clock went back).
fn first_wait(now: Timestamp, newest: Option<Timestamp>, every: Duration) -> Duration {
    let soonest = FIRST_BACKUP_DELAY.min(every);
    let Some(newest) = newest else {
        return soonest;
    };
    let since = now.duration_since(newest);
    let remaining = if since.is_negative() {
        every
    } else {
        every.saturating_sub(since.unsigned_abs())
    };
    remaining.clamp(soonest, every)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Duration = Duration::from_secs(24 * 3600);

    #[test]
    fn the_first_backup_comes_one_interval_after_the_newest_set_and_never_right_at_start() {
        let now = Timestamp::UNIX_EPOCH + jiff::SignedDuration::from_hours(20_000 * 24);
        let hours_ago = |h: i64| Some(now - jiff::SignedDuration::from_hours(h));
        let cases: &[(&str, Option<Timestamp>, Duration, Duration)] = &[
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
    fn off_schedules_nothing_but_makes_a_set_when_asked() {
        let dir = tempfile::tempdir().expect("dir");
        let mut settings = Settings::for_data_dir(dir.path());
        settings.backup_every = None;
        crate::store::Db::open(&settings.data_dir)
            .expect("db")
            .close();
        let health = Health::new();
        let backups = Backups::start(&settings, &health).expect("started");
        assert!(!health.backup().scheduled);
        assert!(health.ask_for_backup());
        let started = Instant::now();
        while health.backup().running && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let sets = backup_set::list_sets(&settings.backup_dir()).expect("sets");
        assert_eq!(sets.len(), 1, "the set asked for, and no other");
        assert!(health.backup().last_success.is_some());
        backups.stop();
        assert!(!health.ask_for_backup(), "none is taken once stopped");
    }
}
