//! The sender: one thread that takes due mail from the outbox, hands it to the relay and
//! records each outcome. It never runs on the async runtime and never holds up a form: a
//! form only writes a row.
//!
//! At least once: a mail is marked sent after the relay took it, so a crash between the two
//! sends it again, with the same Message-ID. Temporary failures (4xx, a dropped or refused
//! connection) are retried with exponential backoff for 48 hours; permanent ones (5xx) are
//! dead at once, with the relay's answer kept for `corpsite mail status`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use lettre::transport::smtp::SmtpTransport;
use lettre::Transport;

use super::compose::{Composed, Composer};
use crate::store::outbox::{self, Attempt, QueuedMail};
use crate::store::{Db, StoreError};

/// How often the outbox is looked at when it was empty (other processes queue mail too).
const POLL: Duration = Duration::from_millis(500);
/// Mails read from the outbox at a time.
const BATCH: u32 = 200;
/// The first retry waits this long; each next one twice as long, up to `MAX_BACKOFF`.
const FIRST_BACKOFF_SECS: u64 = 30;
const MAX_BACKOFF_SECS: u64 = 2 * 60 * 60;

pub struct Sender {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Sender {
    pub fn start(
        db: Arc<Db>,
        transport: SmtpTransport,
        composer: Composer,
        per_second: u32,
    ) -> std::io::Result<Sender> {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = thread::Builder::new()
            .name("corpsite-mail".into())
            .spawn(move || run(&db, &transport, &composer, per_second, &stopped))?;
        Ok(Sender {
            stop,
            thread: Some(thread),
        })
    }

    /// Stops after the mail being sent, and waits for it.
    pub fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(
    db: &Db,
    transport: &SmtpTransport,
    composer: &Composer,
    per_second: u32,
    stop: &AtomicBool,
) {
    let mut pace = Pace::new(per_second);
    while !stop.load(Ordering::Relaxed) {
        let due = match db.read_blocking(|conn| outbox::due(conn, BATCH).map_err(StoreError::from))
        {
            Ok(due) => due,
            Err(err) => {
                tracing::warn!(error = %err, "mail: cannot read the outbox");
                sleep_unless_stopped(POLL * 4, stop);
                continue;
            }
        };
        if due.is_empty() {
            sleep_unless_stopped(POLL, stop);
            continue;
        }
        for mail in due {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            pace.wait();
            let attempt = send_one(db, transport, composer, &mail);
            match &attempt {
                Attempt::Sent => {
                    tracing::debug!(id = mail.id, kind = mail.kind.as_str(), "mail sent")
                }
                Attempt::Failed {
                    error,
                    retry_in_secs,
                } => tracing::warn!(
                    id = mail.id,
                    kind = mail.kind.as_str(),
                    error,
                    retry_in_secs,
                    "mail not sent; will retry"
                ),
                Attempt::Refused { error } => tracing::error!(
                    id = mail.id,
                    kind = mail.kind.as_str(),
                    error,
                    "mail refused by the relay: dead (corpsite mail retry sends it again)"
                ),
                Attempt::Dropped { reason } => tracing::info!(
                    id = mail.id,
                    kind = mail.kind.as_str(),
                    reason,
                    "mail dropped"
                ),
            }
            let recorded = db.write_blocking(move |conn| {
                outbox::record(conn, mail.id, &attempt).map_err(StoreError::from)
            });
            if let Err(err) = recorded {
                tracing::error!(error = %err, "mail: cannot record an outcome; the mail may go out twice");
            }
        }
    }
}

fn send_one(db: &Db, transport: &SmtpTransport, composer: &Composer, mail: &QueuedMail) -> Attempt {
    let composed = db
        .read_blocking(|conn| Ok(composer.compose(conn, mail)))
        .unwrap_or_else(|err| Err(err.into()));
    let message = match composed {
        Ok(Composed::Mail(message)) => message,
        Ok(Composed::Nothing(reason)) => return Attempt::Dropped { reason },
        Err(err) => return failed(mail, format!("cannot compose the mail: {err}")),
    };
    match transport.send(&message) {
        Ok(_) => Attempt::Sent,
        Err(err) if err.is_permanent() => Attempt::Refused {
            error: err.to_string(),
        },
        Err(err) => failed(mail, err.to_string()),
    }
}

fn failed(mail: &QueuedMail, error: String) -> Attempt {
    Attempt::Failed {
        error,
        retry_in_secs: backoff_secs(mail.attempts),
    }
}

/// The wait before the next try of a mail that failed `attempts` times before.
pub fn backoff_secs(attempts: u32) -> u64 {
    FIRST_BACKOFF_SECS
        .saturating_mul(1u64 << attempts.min(20))
        .min(MAX_BACKOFF_SECS)
}

fn sleep_unless_stopped(duration: Duration, stop: &AtomicBool) {
    let until = Instant::now() + duration;
    while !stop.load(Ordering::Relaxed) {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return;
        }
        thread::sleep(left.min(Duration::from_millis(100)));
    }
}

/// At most `per_second` sends a second (0: no limit).
struct Pace {
    gap: Duration,
    next: Instant,
}

impl Pace {
    fn new(per_second: u32) -> Pace {
        Pace {
            gap: if per_second == 0 {
                Duration::ZERO
            } else {
                Duration::from_secs(1) / per_second
            },
            next: Instant::now(),
        }
    }

    fn wait(&mut self) {
        let now = Instant::now();
        if self.next > now {
            thread::sleep(self.next - now);
        }
        // A quiet spell earns no burst later.
        self.next = self.next.max(now) + self.gap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_exponentially_up_to_two_hours() {
        assert_eq!(backoff_secs(0), 30);
        assert_eq!(backoff_secs(1), 60);
        assert_eq!(backoff_secs(5), 960);
        assert_eq!(backoff_secs(9), MAX_BACKOFF_SECS);
        assert_eq!(backoff_secs(u32::MAX), MAX_BACKOFF_SECS);
    }
}
