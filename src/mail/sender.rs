//! The sender: one thread that takes due mail from the outbox, hands it to the relay and
//! records each outcome. It never runs on the async runtime and never holds up a form: a
//! form only writes a row.
//!
//! At least once: a mail is marked sent after the relay took it, so a crash between the two
//! sends it again, with the same Message-ID. Temporary failures (4xx, a dropped or refused
//! connection) are retried with exponential backoff for 48 hours; permanent ones (5xx) are
//! dead at once, with the relay's answer kept for `corpsite mail status`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use lettre::transport::smtp::SmtpTransport;
use lettre::Transport;

use super::compose::{Composed, Composer};
use crate::domain::mail_settings::SmtpUrl;
use crate::store::outbox::{self, Attempt, QueuedMail};
use crate::store::{Db, StoreError};

/// How often the outbox is looked at when it was empty (other processes queue mail too).
const POLL: Duration = Duration::from_millis(500);
/// Mails read from the outbox at a time.
const BATCH: u32 = 200;
/// Relay connections used at once (`settings::SmtpUrl::transport` pools as many).
pub const CONNECTIONS: usize = 16;

/// The transport to `relay` the sender and `corpsite mail test` use: up to `CONNECTIONS`
/// connections kept open.
pub fn transport(relay: &SmtpUrl) -> Result<SmtpTransport, lettre::transport::smtp::Error> {
    relay.transport(CONNECTIONS as u32)
}
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
    let pace = Mutex::new(Pace::new(per_second));
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
        deliver(db, transport, composer, &pace, due, stop);
    }
}

/// Sends `due` over `CONNECTIONS` relay connections at once (a relay answers each mail
/// after a round trip or two, and a lone connection idles meanwhile), at most the pace
/// allows. Outcomes are recorded without waiting for each commit, so one sync covers many
/// mails; all are committed before this returns and the outbox is read again.
fn deliver(
    db: &Db,
    transport: &SmtpTransport,
    composer: &Composer,
    pace: &Mutex<Pace>,
    due: Vec<QueuedMail>,
    stop: &AtomicBool,
) {
    let queue = Mutex::new(due.into_iter());
    let recording = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..CONNECTIONS {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(mail) = queue.lock().ok().and_then(|mut queue| queue.next()) else {
                    return;
                };
                if let Ok(mut pace) = pace.lock() {
                    pace.wait();
                }
                let attempt = send_one(db, transport, composer, &mail);
                log(&mail, &attempt);
                let id = mail.id;
                let pending = db.write_later(move |conn| {
                    outbox::record(conn, id, &attempt).map_err(StoreError::from)
                });
                match pending {
                    Ok(pending) => {
                        if let Ok(mut recording) = recording.lock() {
                            recording.push(pending);
                        }
                    }
                    Err(err) => tracing::error!(error = %err, "mail: cannot record an outcome; the mail may go out twice"),
                }
            });
        }
    });
    for pending in recording.into_inner().unwrap_or_default() {
        if let Err(err) = pending.wait() {
            tracing::error!(error = %err, "mail: cannot record an outcome; the mail may go out twice");
        }
    }
}

fn log(mail: &QueuedMail, attempt: &Attempt) {
    let (id, kind) = (mail.id, mail.kind.as_str());
    match attempt {
        Attempt::Sent { answer } => tracing::debug!(id, kind, answer, "mail sent"),
        Attempt::Failed {
            error,
            retry_in_secs,
        } => {
            tracing::warn!(id, kind, error, retry_in_secs, "mail not sent; will retry")
        }
        Attempt::Refused { error } => tracing::error!(
            id,
            kind,
            error,
            "mail refused by the relay: dead (corpsite mail retry sends it again)"
        ),
        Attempt::Dropped { reason } => tracing::info!(id, kind, reason, "mail dropped"),
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
        Ok(response) => Attempt::Sent {
            answer: relay_answer(&response),
        },
        Err(err) if err.is_permanent() => Attempt::Refused {
            error: err.to_string(),
        },
        Err(err) => failed(mail, err.to_string()),
    }
}

/// The relay's answer to a mail it took, as it said it: `250 2.0.0 Ok: queued as 4F1C`.
fn relay_answer(response: &lettre::transport::smtp::response::Response) -> String {
    let text = response.message().collect::<Vec<_>>().join(" ");
    format!("{} {text}", response.code()).trim().to_owned()
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
