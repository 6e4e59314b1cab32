//! A request body that goes quiet for too long is cut off with a 408, so a client trickling a
//! body cannot hold one of the server's connection slots (the header timeout only covers the
//! request head).

use std::time::Duration;

use futures_util::{Stream, StreamExt};

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
