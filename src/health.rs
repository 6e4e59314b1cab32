//! What the running site knows of its own upkeep, beyond the database: the scheduled
//! backups and the HTTPS certificate. Written by the tasks that do the work (`server`'s
//! backup task, `tls`), read by `/healthz` and `/metrics`. One shared `Arc<Health>` per
//! server; every reading is a copy, so no lock is held while answering. `BackupSignal` is
//! how the backup task is woken: to stop, or for a set the staff asked for now.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use jiff::Timestamp;

/// The scheduled backups' last outcomes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BackupHealth {
    /// Whether the server makes backups on a schedule at all.
    pub scheduled: bool,
    /// When the last good backup was finished, and its database copy's size.
    pub last_success: Option<(Timestamp, u64)>,
    /// The last failure, when it came after the last success: when, and why.
    pub failure: Option<(Timestamp, String)>,
    /// The uploads to `--backup-to`, when the sets go off the machine too.
    pub upload: Option<UploadHealth>,
    /// A set is asked for, or being made or sent now.
    pub running: bool,
}

/// The uploads of the backup sets to the bucket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UploadHealth {
    /// When the bucket last held every set it should (after an upload and its prune).
    pub last_success: Option<Timestamp>,
    /// The last failure, when it came after the last success: when, and why.
    pub failure: Option<(Timestamp, String)>,
    /// The whole sets the bucket held after the last good upload, oldest first.
    pub in_bucket: Vec<String>,
}

/// The certificate served over HTTPS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateHealth {
    /// When the served certificate expires.
    pub not_after: Timestamp,
    /// The last renewal's failure, while the old certificate is still served.
    pub renewal_failure: Option<(Timestamp, String)>,
}

/// The purges sent to the edge caches (`--purge-url`) since the start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PurgeHealth {
    /// Whether any edge is told of changes at all.
    pub enabled: bool,
    /// Purges an edge accepted.
    pub sent: u64,
    /// Attempts that failed (each is retried while the purge is still worth sending).
    pub failed: u64,
    /// Purges given up after their last retry.
    pub dropped: u64,
}

/// The shared record; cheap to read and write.
#[derive(Debug, Default)]
pub struct Health {
    backup: Mutex<BackupHealth>,
    backup_signal: BackupSignal,
    certificate: Mutex<Option<CertificateHealth>>,
    purges: Mutex<PurgeHealth>,
}

impl Health {
    pub fn new() -> Arc<Health> {
        Arc::new(Health::default())
    }

    /// Says backups are made on a schedule (so their absence is news).
    pub fn backups_scheduled(&self) {
        lock(&self.backup).scheduled = true;
    }

    pub fn backup_succeeded(&self, at: Timestamp, bytes: u64) {
        let mut backup = lock(&self.backup);
        backup.last_success = Some((at, bytes));
        backup.failure = None;
    }

    pub fn backup_failed(&self, at: Timestamp, error: String) {
        lock(&self.backup).failure = Some((at, error));
    }

    /// Says the sets are uploaded too (so a failed upload is news).
    pub fn uploads_scheduled(&self) {
        lock(&self.backup)
            .upload
            .get_or_insert_with(UploadHealth::default);
    }

    /// The bucket holds every set it should: `in_bucket`, oldest first.
    pub fn upload_succeeded(&self, at: Timestamp, in_bucket: Vec<String>) {
        let mut backup = lock(&self.backup);
        let upload = backup.upload.get_or_insert_with(UploadHealth::default);
        upload.last_success = Some(at);
        upload.failure = None;
        upload.in_bucket = in_bucket;
    }

    /// Whether a set is being made or sent now.
    pub fn backup_running(&self, running: bool) {
        lock(&self.backup).running = running;
    }

    /// Wakes the backup task or stops it.
    pub fn backup_signal(&self) -> &BackupSignal {
        &self.backup_signal
    }

    /// Asks the backup task for a set now (the staff's "Back up now"): answers `false` when
    /// no task runs to make it; one asked for while a set is under way comes after it.
    pub fn ask_for_backup(&self) -> bool {
        if !self.backup_signal.ask() {
            return false;
        }
        self.backup_running(true);
        true
    }

    pub fn upload_failed(&self, at: Timestamp, error: String) {
        lock(&self.backup)
            .upload
            .get_or_insert_with(UploadHealth::default)
            .failure = Some((at, error));
    }

    pub fn backup(&self) -> BackupHealth {
        lock(&self.backup).clone()
    }

    /// A certificate (new or renewed) is now served.
    pub fn certificate_served(&self, not_after: Timestamp) {
        *lock(&self.certificate) = Some(CertificateHealth {
            not_after,
            renewal_failure: None,
        });
    }

    /// A renewal failed; the certificate served stays.
    pub fn renewal_failed(&self, at: Timestamp, error: String) {
        if let Some(certificate) = lock(&self.certificate).as_mut() {
            certificate.renewal_failure = Some((at, error));
        }
    }

    /// The served certificate, when the site serves HTTPS.
    pub fn certificate(&self) -> Option<CertificateHealth> {
        lock(&self.certificate).clone()
    }

    /// Says edge caches are told of changes (so the counters are shown, at 0 too).
    pub fn purges_enabled(&self) {
        lock(&self.purges).enabled = true;
    }

    /// Counts one purge's outcome at one edge: accepted, failed (and retried), or dropped.
    pub fn purge_outcome(&self, sent: bool, dropped: bool) {
        let mut purges = lock(&self.purges);
        if sent {
            purges.sent += 1;
        } else {
            purges.failed += 1;
            if dropped {
                purges.dropped += 1;
            }
        }
    }

    pub fn purges(&self) -> PurgeHealth {
        *lock(&self.purges)
    }
}

/// What woke the backup task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Woken {
    Stopped,
    /// A set was asked for now.
    Asked,
    /// The time it waited for came.
    Due,
}

/// The backup task's wake-up: a stop, or a set asked for now.
#[derive(Debug, Default)]
pub struct BackupSignal {
    flags: Mutex<SignalFlags>,
    wake: Condvar,
}

#[derive(Debug, Default)]
struct SignalFlags {
    /// A task waits on this signal (asks are refused otherwise).
    listening: bool,
    stopped: bool,
    asked: bool,
}

impl BackupSignal {
    /// A task starts to wait on the signal.
    pub fn listen(&self) {
        let mut flags = lock(&self.flags);
        flags.listening = true;
        flags.stopped = false;
    }

    pub fn stop(&self) {
        let mut flags = lock(&self.flags);
        flags.stopped = true;
        flags.listening = false;
        self.wake.notify_all();
    }

    pub fn is_stopped(&self) -> bool {
        lock(&self.flags).stopped
    }

    fn ask(&self) -> bool {
        let mut flags = lock(&self.flags);
        if !flags.listening || flags.stopped {
            return false;
        }
        flags.asked = true;
        self.wake.notify_all();
        true
    }

    /// Sleeps until `until` (for ever with `None`), a stop, or an ask (which it takes).
    pub fn wait(&self, until: Option<Instant>) -> Woken {
        let mut flags = lock(&self.flags);
        loop {
            if flags.stopped {
                return Woken::Stopped;
            }
            if flags.asked {
                flags.asked = false;
                return Woken::Asked;
            }
            let left = until.map(|at| at.saturating_duration_since(Instant::now()));
            if left.is_some_and(|left| left.is_zero()) {
                return Woken::Due;
            }
            // An hour at most: a wait for ever is many of them.
            let step = left.unwrap_or(Duration::from_secs(3600));
            flags = self
                .wake
                .wait_timeout(flags, step)
                .map_or_else(|poisoned| poisoned.into_inner().0, |(guard, _)| guard);
        }
    }
}

/// The guard even after a panic elsewhere: the records are plain values, never half-written.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_success_clears_the_failure_before_it_and_a_later_failure_keeps_the_success() {
        let health = Health::default();
        let t0 = Timestamp::UNIX_EPOCH;
        let t1 = t0 + jiff::SignedDuration::from_hours(24);
        health.backup_failed(t0, "disk full".into());
        health.backup_succeeded(t1, 4096);
        assert_eq!(health.backup().failure, None);
        health.backup_failed(t1, "disk full".into());
        let backup = health.backup();
        assert_eq!(backup.last_success, Some((t1, 4096)));
        assert_eq!(
            backup.failure.map(|(_, why)| why).as_deref(),
            Some("disk full")
        );
    }

    #[test]
    fn an_ask_wakes_the_backup_task_once_and_none_is_taken_without_a_task() {
        let health = Health::default();
        assert!(!health.ask_for_backup(), "no task listens");
        assert!(!health.backup().running);
        let signal = health.backup_signal();
        signal.listen();
        assert!(health.ask_for_backup());
        assert!(health.backup().running);
        assert_eq!(signal.wait(None), Woken::Asked);
        assert_eq!(signal.wait(Some(Instant::now())), Woken::Due);
        signal.stop();
        assert_eq!(signal.wait(None), Woken::Stopped);
        assert!(!health.ask_for_backup(), "a stopped task takes none");
    }

    #[test]
    fn a_renewal_failure_is_kept_beside_the_certificate_still_served() {
        let health = Health::default();
        let expiry = Timestamp::UNIX_EPOCH + jiff::SignedDuration::from_hours(90 * 24);
        health.renewal_failed(Timestamp::UNIX_EPOCH, "no answer".into());
        assert_eq!(
            health.certificate(),
            None,
            "no certificate, nothing to fail"
        );
        health.certificate_served(expiry);
        health.renewal_failed(Timestamp::UNIX_EPOCH, "no answer".into());
        let served = health.certificate().expect("served");
        assert_eq!(served.not_after, expiry);
        assert!(served.renewal_failure.is_some());
        health.certificate_served(expiry + jiff::SignedDuration::from_hours(60 * 24));
        assert_eq!(health.certificate().expect("renewed").renewal_failure, None);
    }
}
