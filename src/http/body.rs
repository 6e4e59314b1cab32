//! Request bodies as handlers take them: a stream of bytes that is cut off (408) when it goes
//! quiet for too long, so a client trickling a body cannot hold one of the server's
//! connection slots (the header timeout only covers the request head).

use std::pin::Pin;
use std::time::Duration;

use bytes::{Buf, Bytes};
use futures_util::{Stream, StreamExt, TryStreamExt};
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap};
use warp::Filter;

/// What a body stream yields after the adapter: its chunks, or why reading stopped.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
#[error("no part of the request body arrived for {} s", .0.as_secs())]
pub struct BodyStalled(pub Duration);

/// Ends `body` with a `BodyStalled` error when no chunk arrives within `idle`.
pub fn idle_timeout<S, T, E>(
    body: S,
    idle: Duration,
) -> impl Stream<Item = Result<T, BoxError>> + Send
where
    S: Stream<Item = Result<T, E>> + Send + 'static,
    T: Send + 'static,
    E: Into<BoxError> + 'static,
{
    futures_util::stream::unfold(
        (Box::pin(body), false),
        move |(mut body, stalled)| async move {
            if stalled {
                return None;
            }
            match tokio::time::timeout(idle, body.next()).await {
                Ok(Some(item)) => Some((item.map_err(Into::into), (body, false))),
                Ok(None) => None,
                Err(_) => Some((Err(Box::new(BodyStalled(idle)) as BoxError), (body, true))),
            }
        },
    )
}

/// A request body: its chunks, or why reading stopped.
pub type Body = Pin<Box<dyn Stream<Item = Result<Bytes, BoxError>> + Send>>;

/// The request's headers and its body, cut off after `idle` without a byte. Never rejects.
pub fn incoming(idle: Duration) -> BoxedFilter<(HeaderMap, Body)> {
    warp::header::headers_cloned()
        .and(warp::body::stream())
        .map(move |headers, stream| (headers, into_body(stream, idle)))
        .untuple_one()
        .boxed()
}

fn into_body<S, B>(stream: S, idle: Duration) -> Body
where
    S: Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: Buf + Send + 'static,
{
    let chunks = stream.map_ok(|mut chunk| {
        let length = chunk.remaining();
        chunk.copy_to_bytes(length)
    });
    Box::pin(idle_timeout(chunks, idle))
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

    #[tokio::test]
    async fn a_body_that_keeps_coming_passes_through_whole() {
        let chunks = stream::iter(vec![Ok::<_, std::io::Error>(1), Ok(2), Ok(3)]);
        let got: Vec<i32> = idle_timeout(chunks, Duration::from_millis(50))
            .map(|item| item.unwrap_or(-1))
            .collect()
            .await;
        assert_eq!(got, vec![1, 2, 3]);
    }

    #[tokio::test]
    async fn a_body_that_goes_quiet_ends_with_a_stall() {
        let quiet = stream::iter(vec![Ok::<_, std::io::Error>(1)]).chain(stream::pending());
        let items: Vec<Result<i32, BoxError>> = idle_timeout(quiet, Duration::from_millis(50))
            .collect()
            .await;
        assert_eq!(items.len(), 2, "the chunk, then the stall, then the end");
        let stall = items[1].as_ref().err().map(|e| is_stall(e.as_ref()));
        assert_eq!(stall, Some(true));
    }
}
