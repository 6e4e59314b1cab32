//! Early refusals that arrive over HTTP/2. A handler may answer before it has read the body
//! (403 from another site, 429, 413 by Content-Length, 415, 507) and drop the body. Over
//! HTTP/2, dropping an unfinished request body resets its stream, and a client still sending
//! (curl, a browser uploading a form) often reports the reset ("stream closed", a network
//! error) instead of the answer it was sent. So a request body dropped before its end is read
//! on to its end in the background and thrown away, as long as it is no bigger than the
//! largest body the site takes, arrives within `DRAIN_TIME`, and fewer than `MAX_DRAINING`
//! are being read at once; only past those bounds is the stream reset.

use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, Incoming, SizeHint};

/// How long a refused body may take to arrive in full.
const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Bodies read and thrown away at once, server-wide; more are reset at once.
const MAX_DRAINING: usize = 256;

static DRAINING: AtomicUsize = AtomicUsize::new(0);

/// A request body that is read to its end, up to `limit` bytes, when dropped before it.
pub struct Drained {
    inner: Option<Incoming>,
    limit: u64,
}

impl Drained {
    pub fn new(inner: Incoming, limit: u64) -> Drained {
        Drained {
            inner: Some(inner),
            limit,
        }
    }
}

impl Body for Drained {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        match self.inner.as_mut() {
            Some(inner) => Pin::new(inner).poll_frame(cx),
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.as_ref().is_none_or(Body::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.inner
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), Body::size_hint)
    }
}

impl Drop for Drained {
    fn drop(&mut self) {
        let Some(body) = self.inner.take() else {
            return;
        };
        if body.is_end_stream() || body.size_hint().lower() > self.limit {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if DRAINING.fetch_add(1, Ordering::Relaxed) >= MAX_DRAINING {
            DRAINING.fetch_sub(1, Ordering::Relaxed);
            return;
        }
        runtime.spawn(drain(body, self.limit));
    }
}

/// Reads `body` to its end (or `limit` bytes, or `DRAIN_TIME`), keeping nothing.
async fn drain(mut body: Incoming, limit: u64) {
    let read_all = async {
        let mut read = 0u64;
        while let Some(frame) = body.frame().await {
            let Ok(frame) = frame else { return };
            if let Some(data) = frame.data_ref() {
                read += data.len() as u64;
                if read > limit {
                    return;
                }
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_TIME, read_all).await;
    DRAINING.fetch_sub(1, Ordering::Relaxed);
}
