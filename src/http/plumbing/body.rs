//! Request bodies as handlers take them: a stream of bytes that is cut off (408) when it goes
//! quiet for too long, or once it has arrived slower than a minimum rate on average, so a
//! client trickling a body cannot hold one of the server's connection slots (the header
//! timeout only covers the request head).

use std::pin::Pin;
use std::time::{Duration, Instant};

use bytes::{Buf, Bytes};
use futures_util::{Stream, StreamExt, TryStreamExt};
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap};
use warp::Filter;

/// What a body stream yields after the adapter: its chunks, or why reading stopped.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum BodyStalled {
    #[error("no part of the request body arrived for {} s", .0.as_secs())]
    Silent(Duration),
    #[error("the request body arrived at {0} bytes a second, under the {1} needed")]
    TooSlow(u64, u64),
}

/// How fast a body must come: some byte within `idle`, and once `grace` has passed, at least
/// `min_rate` bytes a second on average since the start.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    pub idle: Duration,
    pub min_rate: u64,
    pub grace: Duration,
}

impl Pace {
    /// The bytes a second `received` bytes in `elapsed` make, if that is under the minimum.
    fn too_slow(&self, received: u64, elapsed: Duration) -> Option<u64> {
        if elapsed <= self.grace || self.min_rate == 0 {
            return None;
        }
        let rate = (received as f64 / elapsed.as_secs_f64()) as u64;
        (rate < self.min_rate).then_some(rate)
    }
}

struct Paced<S> {
    body: Pin<Box<S>>,
    started: Instant,
    received: u64,
    ended: bool,
}

/// Ends `body` with a `BodyStalled` error when it goes quiet or comes too slowly.
pub fn paced<S, E>(body: S, pace: Pace) -> impl Stream<Item = Result<Bytes, BoxError>> + Send
where
    S: Stream<Item = Result<Bytes, E>> + Send + 'static,
    E: Into<BoxError> + 'static,
{
    let state = Paced {
        body: Box::pin(body),
        started: Instant::now(),
        received: 0,
        ended: false,
    };
    futures_util::stream::unfold(state, move |mut state| async move {
        if state.ended {
            return None;
        }
        let stalled = |state: &mut Paced<S>, why: BodyStalled| {
            state.ended = true;
            Some((Err(Box::new(why) as BoxError), ()))
        };
        let next = match tokio::time::timeout(pace.idle, state.body.next()).await {
            Ok(next) => next,
            Err(_) => {
                let (item, ()) = stalled(&mut state, BodyStalled::Silent(pace.idle))?;
                return Some((item, state));
            }
        };
        let chunk = match next? {
            Ok(chunk) => chunk,
            Err(err) => return Some((Err(err.into()), state)),
        };
        state.received += chunk.len() as u64;
        if let Some(rate) = pace.too_slow(state.received, state.started.elapsed()) {
            let (item, ()) = stalled(&mut state, BodyStalled::TooSlow(rate, pace.min_rate))?;
            return Some((item, state));
        }
        Some((Ok(chunk), state))
    })
}

/// A request body: its chunks, or why reading stopped.
pub type Body = Pin<Box<dyn Stream<Item = Result<Bytes, BoxError>> + Send>>;

/// The request's headers and its body, held to `pace`. Never rejects.
pub fn incoming(pace: Pace) -> BoxedFilter<(HeaderMap, Body)> {
    warp::header::headers_cloned()
        .and(warp::body::stream())
        .map(move |headers, stream| (headers, into_body(stream, pace)))
        .untuple_one()
        .boxed()
}

fn into_body<S, B>(stream: S, pace: Pace) -> Body
where
    S: Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: Buf + Send + 'static,
{
    let chunks = stream.map_ok(|mut chunk| {
        let length = chunk.remaining();
        chunk.copy_to_bytes(length)
    });
    Box::pin(paced(chunks, pace))
}

/// A header's value as text, if it is there and readable.
pub fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// The declared Content-Length, if it is there and a number.
pub fn declared_length(headers: &HeaderMap) -> Option<u64> {
    header_text(headers, header::CONTENT_LENGTH).and_then(|text| text.trim().parse().ok())
}

/// Did reading stop because the client went quiet?
pub fn is_stall(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(err);
    while let Some(err) = current {
        if err.is::<BodyStalled>() {
            return true;
        }
        current = err.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::stream;

    const RELAXED: Pace = Pace {
        idle: Duration::from_millis(50),
        min_rate: 0,
        grace: Duration::ZERO,
    };

    fn chunk(text: &'static str) -> Result<Bytes, std::io::Error> {
        Ok(Bytes::from_static(text.as_bytes()))
    }

    #[tokio::test]
    async fn a_body_that_keeps_coming_passes_through_whole() {
        let chunks = stream::iter(vec![chunk("a"), chunk("b"), chunk("c")]);
        let got: Vec<Bytes> = paced(chunks, RELAXED)
            .map(|item| item.unwrap_or_default())
            .collect()
            .await;
        assert_eq!(got, ["a", "b", "c"]);
    }

    #[tokio::test]
    async fn a_body_that_goes_quiet_ends_with_a_stall() {
        let quiet = stream::iter(vec![chunk("a")]).chain(stream::pending());
        let items: Vec<Result<Bytes, BoxError>> = paced(quiet, RELAXED).collect().await;
        assert_eq!(items.len(), 2, "the chunk, then the stall, then the end");
        let stall = items[1].as_ref().err().map(|e| is_stall(e.as_ref()));
        assert_eq!(stall, Some(true));
    }

    #[tokio::test]
    async fn a_body_that_trickles_under_the_minimum_rate_is_cut_after_the_grace() {
        let pace = Pace {
            idle: Duration::from_secs(5),
            min_rate: 1024,
            grace: Duration::from_millis(100),
        };
        // A byte every 20 ms: 50 bytes a second, never quiet for long.
        let trickle = stream::unfold(0, |n| async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            Some((chunk("x"), n + 1))
        });
        let started = Instant::now();
        let items: Vec<Result<Bytes, BoxError>> = paced(trickle, pace).collect().await;
        let last = items.last().and_then(|item| item.as_ref().err());
        assert!(
            last.is_some_and(|e| is_stall(e.as_ref())),
            "ends with a stall"
        );
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "cut soon after the grace"
        );
    }

    #[test]
    fn the_rate_is_judged_only_after_the_grace() {
        let pace = Pace {
            idle: Duration::from_secs(15),
            min_rate: 1024,
            grace: Duration::from_secs(5),
        };
        assert_eq!(pace.too_slow(10, Duration::from_secs(4)), None);
        assert_eq!(pace.too_slow(6 * 1024, Duration::from_secs(6)), None);
        assert_eq!(pace.too_slow(6, Duration::from_secs(6)), Some(1));
    }
}
