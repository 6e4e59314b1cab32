//! Password checks, bounded. One Argon2id check takes 19 MiB of memory and tens of
//! milliseconds of a core, and anyone can ask for one (a sign-in with any email): unbounded,
//! 64 tries at once took the server past a gigabyte. So at most `running` checks run at once
//! (about one a core: more would not finish sooner), at most `waiting` more wait for a turn,
//! each for at most `MAX_WAIT`; past that the sign-in answers 503 with `Retry-After`, and
//! memory stays a few checks' worth whatever arrives.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::http::plumbing::error::ApiError;

/// The longest a check waits for its turn.
const MAX_WAIT: Duration = Duration::from_secs(2);
/// Checks allowed to wait, per one running.
const WAITING_PER_RUNNING: usize = 4;

pub const BUSY: &str =
    "Too many sign-ins are being checked right now. Please try again in a moment.";

pub struct PasswordChecks {
    running: Semaphore,
    waiting: AtomicUsize,
    max_waiting: usize,
    /// The most checks that ran at once (for tests and metrics).
    peak: AtomicUsize,
    now: AtomicUsize,
}

impl PasswordChecks {
    /// `running` checks at once, `running * WAITING_PER_RUNNING` waiting.
    pub fn new(running: usize) -> PasswordChecks {
        let running = running.max(1);
        PasswordChecks {
            running: Semaphore::new(running),
            waiting: AtomicUsize::new(0),
            max_waiting: running * WAITING_PER_RUNNING,
            peak: AtomicUsize::new(0),
            now: AtomicUsize::new(0),
        }
    }

    /// One a core, as the machine reports it.
    pub fn per_core() -> PasswordChecks {
        PasswordChecks::new(std::thread::available_parallelism().map_or(2, usize::from))
    }

    /// Runs `check` (an Argon2 hash or verification) on a blocking thread when its turn
    /// comes; 503 when too many wait already or the turn does not come within `MAX_WAIT`.
    pub async fn run<T: Send + 'static>(
        &self,
        check: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = || ApiError::Unavailable {
            message: BUSY,
            retry_after_secs: 2,
        };
        let permit = match self.running.try_acquire() {
            Ok(permit) => permit,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.max_waiting {
                    self.waiting.fetch_sub(1, Ordering::AcqRel);
                    return Err(busy());
                }
                let turn = tokio::time::timeout(MAX_WAIT, self.running.acquire()).await;
                self.waiting.fetch_sub(1, Ordering::AcqRel);
                match turn {
                    Ok(Ok(permit)) => permit,
                    Ok(Err(_)) | Err(_) => return Err(busy()),
                }
            }
        };
        let now = self.now.fetch_add(1, Ordering::AcqRel) + 1;
        self.peak.fetch_max(now, Ordering::AcqRel);
        let outcome = tokio::task::spawn_blocking(check).await;
        self.now.fetch_sub(1, Ordering::AcqRel);
        drop(permit);
        outcome.map_err(ApiError::unexpected)
    }

    /// The most checks that have run at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_than_the_running_bound_run_and_the_rest_wait_or_are_turned_away() {
        let checks = Arc::new(PasswordChecks::new(2));
        let mut tries = Vec::new();
        for _ in 0..40 {
            let checks = Arc::clone(&checks);
            tries.push(tokio::spawn(async move {
                checks
                    .run(|| std::thread::sleep(Duration::from_millis(50)))
                    .await
            }));
        }
        let mut done = 0;
        let mut busy = 0;
        for attempt in tries {
            match attempt.await.expect("task") {
                Ok(()) => done += 1,
                Err(err) => {
                    assert_eq!(err.status(), warp::http::StatusCode::SERVICE_UNAVAILABLE);
                    busy += 1;
                }
            }
        }
        assert_eq!(checks.peak(), 2);
        // Two run, eight wait (four per running): the other thirty are told to come back.
        assert_eq!(done, 10, "busy {busy}");
        assert_eq!(busy, 30);
    }
}
