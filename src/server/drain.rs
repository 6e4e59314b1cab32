//! Early refusals: a handler may answer before it has read the body (403 from another site,
//! 429, 413 by Content-Length, 415, 507) and drop the body.
//!
//! Over HTTP/2, dropping an unfinished request body resets its stream, and a client still
//! sending (curl, a browser uploading a form) often reports the reset ("stream closed", a
//! network error) instead of the answer it was sent. So a request body dropped before its end
//! is read on to its end in the background and thrown away (`Drained`), as long as it is no
//! bigger than the largest body the site takes, arrives within `DRAIN_TIME`, and fewer than
//! `MAX_DRAINING` are being read at once; only past those bounds is the stream reset.
//!
//! Over HTTP/1.1 the next request on the connection can only start once this one's body has
//! gone by, so a connection whose body was left unread is closed after the answer. The answer
//! must say so (`Connection: close`), or a client sends its next request on a connection about
//! to close and gets no answer. So an unread rest (`Unread`) is read before the answer when it
//! is small and comes at once (the connection then stays open), and otherwise the answer
//! carries `Connection: close`.

use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use warp::http::{header, HeaderValue, Request};
use warp::reply::Response;

/// How long a refused body may take to arrive in full.
const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Bodies read and thrown away at once, server-wide; more are reset at once.
const MAX_DRAINING: usize = 256;

static DRAINING: AtomicUsize = AtomicUsize::new(0);

/// A request body that does something with its unread rest when dropped (`D`).
pub struct Guarded<D: OnDrop> {
    inner: Option<Incoming>,
    on_drop: D,
}

/// What a [`Guarded`] body does with its rest when dropped (`None` when it was taken whole).
pub trait OnDrop {
    fn dropped(&mut self, rest: Option<Incoming>);
}

impl<D: OnDrop + Unpin> Body for Guarded<D> {
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

impl<D: OnDrop> Drop for Guarded<D> {
    fn drop(&mut self) {
        let rest = self.inner.take().filter(|body| !body.is_end_stream());
        self.on_drop.dropped(rest);
    }
}

/// Reads `body` on, keeping nothing: whether it ended before `limit` bytes (and without an
/// error).
async fn read_to_end(body: &mut Incoming, limit: u64) -> bool {
    let mut read = 0u64;
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else { return false };
        if let Some(data) = frame.data_ref() {
            read += data.len() as u64;
            if read > limit {
                return false;
            }
        }
    }
    true
}

/// A request body that is read to its end, up to `limit` bytes, when dropped before it.
pub type Drained = Guarded<DrainRest>;

/// Reads a dropped body's rest on in the background (see the module's comment).
pub struct DrainRest {
    limit: u64,
}

impl Drained {
    pub fn new(inner: Incoming, limit: u64) -> Drained {
        Guarded {
            inner: Some(inner),
            on_drop: DrainRest { limit },
        }
    }
}

impl OnDrop for DrainRest {
    fn dropped(&mut self, rest: Option<Incoming>) {
        let Some(mut body) = rest else {
            return;
        };
        if body.size_hint().lower() > self.limit {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if DRAINING.fetch_add(1, Ordering::Relaxed) >= MAX_DRAINING {
            DRAINING.fetch_sub(1, Ordering::Relaxed);
            return;
        }
        let limit = self.limit;
        runtime.spawn(async move {
            let _ = tokio::time::timeout(DRAIN_TIME, read_to_end(&mut body, limit)).await;
            DRAINING.fetch_sub(1, Ordering::Relaxed);
        });
    }
}

/// Most bytes of an HTTP/1.1 body's unread rest read before the answer to keep the connection.
const REST_LIMIT: u64 = 64 * 1024;
/// How long that rest may take to arrive.
const REST_TIME: Duration = Duration::from_secs(1);

/// What an HTTP/1.1 request's body left: the body itself once dropped before its end, and
/// whether something still holds it.
#[derive(Default)]
struct Left {
    rest: Option<Incoming>,
    held: bool,
}

/// A request body over HTTP/1.1 that hands its unread rest to [`Unread`] when dropped.
pub type Watched = Guarded<HandOver>;

/// Hands a dropped body's rest to the [`Unread`] that shares `Left`.
pub struct HandOver(Arc<Mutex<Left>>);

impl OnDrop for HandOver {
    fn dropped(&mut self, rest: Option<Incoming>) {
        let mut left = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        left.held = false;
        left.rest = rest;
    }
}

/// What an HTTP/1.1 request's handler left of its body.
pub struct Unread(Arc<Mutex<Left>>);

impl Unread {
    /// `request` with its body watched.
    pub fn watch(request: Request<Incoming>) -> (Request<Watched>, Unread) {
        let left = Arc::new(Mutex::new(Left {
            rest: None,
            held: true,
        }));
        let request = request.map(|body| Guarded {
            inner: Some(body),
            on_drop: HandOver(Arc::clone(&left)),
        });
        (request, Unread(left))
    }

    /// Marks `response` `Connection: close` unless the body was read to its end or its rest
    /// is read now: at most `REST_LIMIT` bytes, arriving within `REST_TIME`.
    pub async fn settle(self, mut response: Response) -> Response {
        if !self.read_rest().await {
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }

    /// Whether the body has gone by, so the connection can take another request.
    async fn read_rest(self) -> bool {
        let rest = {
            let mut left = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            if left.held {
                // Still read by something: the connection cannot be kept for sure.
                return false;
            }
            left.rest.take()
        };
        let Some(mut body) = rest else {
            return true;
        };
        if body.size_hint().lower() > REST_LIMIT {
            return false;
        }
        tokio::time::timeout(REST_TIME, read_to_end(&mut body, REST_LIMIT))
            .await
            .unwrap_or(false)
    }
}
