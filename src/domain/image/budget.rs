//! One budget of pixels being decoded at once, for every image that enters by any door
//! (resumes, staff uploads, post images from the command line, the demo seed). A decoded
//! image takes four bytes a pixel and about as much again while it is resized and encoded,
//! and a 38 KB PNG can declare 40 megapixels: twenty such uploads at once took the server to
//! 5 GB. A decode takes its image's pixels from `BUDGET_PIXELS` before it allocates and
//! gives them back when the image is dropped; one that cannot have them within `MAX_WAIT`
//! is refused as busy (the server answers 503 with Retry-After), never queued without end.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Pixels decoded at once, in all: one image of the largest size taken (40 megapixels) and
/// room beside it for ordinary photos. About 512 MB of buffers at the worst.
pub const BUDGET_PIXELS: u64 = 64_000_000;
/// The longest a decode waits for pixels to be given back.
pub const MAX_WAIT: Duration = Duration::from_secs(10);

struct Budget {
    in_use: Mutex<u64>,
    given_back: Condvar,
}

static BUDGET: Budget = Budget {
    in_use: Mutex::new(0),
    given_back: Condvar::new(),
};

/// Pixels taken from the budget; given back on drop.
#[derive(Debug)]
pub struct PixelTurn {
    pixels: u64,
}

/// Takes `pixels` from the budget, waiting up to `MAX_WAIT` for them; `None` when they did
/// not come. An image bigger than the whole budget takes all of it.
pub fn take(pixels: u64) -> Option<PixelTurn> {
    take_within(pixels, MAX_WAIT)
}

fn take_within(pixels: u64, wait: Duration) -> Option<PixelTurn> {
    let pixels = pixels.min(BUDGET_PIXELS);
    let deadline = Instant::now() + wait;
    let mut in_use = BUDGET.in_use.lock().unwrap_or_else(PoisonError::into_inner);
    while *in_use + pixels > BUDGET_PIXELS {
        let left = deadline.checked_duration_since(Instant::now())?;
        in_use = BUDGET
            .given_back
            .wait_timeout(in_use, left)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
    *in_use += pixels;
    Some(PixelTurn { pixels })
}

/// Pixels being decoded now.
pub fn in_use() -> u64 {
    *BUDGET.in_use.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Drop for PixelTurn {
    fn drop(&mut self) {
        let mut in_use = BUDGET.in_use.lock().unwrap_or_else(PoisonError::into_inner);
        *in_use -= self.pixels;
        drop(in_use);
        BUDGET.given_back.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the budget is the process's, and tests run side by side.
    #[test]
    fn pixels_beyond_the_budget_wait_for_a_turn_and_give_up_in_time() {
        let first = take(40_000_000).expect("a turn");
        let second = take(20_000_000).expect("room beside it");
        assert!(in_use() >= 60_000_000);
        // No room for another big one: it gives up after its wait.
        let started = Instant::now();
        assert!(take_within(40_000_000, Duration::from_millis(200)).is_none());
        assert!(started.elapsed() >= Duration::from_millis(200));
        // It gets its turn as soon as the first is given back.
        let waiter =
            std::thread::spawn(|| take_within(40_000_000, Duration::from_secs(10)).is_some());
        std::thread::sleep(Duration::from_millis(100));
        drop(first);
        assert!(waiter.join().expect("thread"));
        drop(second);
    }
}
