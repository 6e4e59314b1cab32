//! hyper answers a request it cannot parse by itself, before any route runs: 400 (not HTTP),
//! 414 (address too long) or 431 (headers too large), with an empty body and none of our
//! headers. This wrapper around the connection's socket spots those automatic answers as they
//! are written (a 4xx head without a Content-Type: every answer of ours has one) and sends
//! our own instead: the JSON error shape and the security headers. hyper closes the
//! connection right after such an answer, so nothing else follows on it.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;

use crate::http::plumbing::security::SecurityHeaders;

pub struct ExplainedErrors<S> {
    inner: S,
    security: SecurityHeaders,
    /// Our answer in place of hyper's, and how much of it is written.
    replacement: Option<(Vec<u8>, usize)>,
}

impl<S> ExplainedErrors<S> {
    pub fn new(inner: S, security: SecurityHeaders) -> Self {
        ExplainedErrors {
            inner,
            security,
            replacement: None,
        }
    }
}

/// The status of hyper's automatic answer, if `head` is one.
fn automatic_answer(head: &[u8]) -> Option<StatusCode> {
    let status = match head.get(..13)? {
        b"HTTP/1.1 400 " => StatusCode::BAD_REQUEST,
        b"HTTP/1.1 414 " => StatusCode::URI_TOO_LONG,
        b"HTTP/1.1 431 " => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        _ => return None,
    };
    let end = head.windows(4).position(|w| w == b"\r\n\r\n")?;
    let typed = head[..end]
        .to_ascii_lowercase()
        .windows(14)
        .any(|w| w == b"\ncontent-type:");
    (!typed).then_some(status)
}

/// Our whole answer for `status`, as bytes on the wire.
fn explained(status: StatusCode, security: &SecurityHeaders) -> Vec<u8> {
    let message = match status {
        StatusCode::URI_TOO_LONG => "The address is too long.",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "The request's headers are too large.",
        _ => "The request is not valid HTTP.",
    };
    answer(status, message, security)
}

/// The whole answer to a plain HTTP request sent to the HTTPS port.
pub fn plain_http_on_https(security: &SecurityHeaders) -> Vec<u8> {
    answer(
        StatusCode::BAD_REQUEST,
        "This port speaks HTTPS: use an https:// address.",
        security,
    )
}

/// A JSON error answer with our headers, as bytes on the wire, closing the connection.
fn answer(status: StatusCode, message: &str, security: &SecurityHeaders) -> Vec<u8> {
    let body = serde_json::json!({ "message": message }).to_string();
    let mut response = security.apply(Response::default());
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    let mut out = format!(
        "HTTP/1.1 {} {}\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    )
    .into_bytes();
    for (name, value) in response.headers() {
        if name == "content-length" {
            continue;
        }
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(format!("content-length: {}\r\n\r\n", body.len()).as_bytes());
    out.extend_from_slice(body.as_bytes());
    out
}

impl<S: AsyncWrite + Unpin> ExplainedErrors<S> {
    /// Writes what is left of our answer; Ready once it is all out.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, written)) = self.replacement.as_mut() {
            if *written == bytes.len() {
                return Poll::Ready(Ok(()));
            }
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }

    /// Takes `head` as hyper's automatic answer, if it is one: ours goes out instead.
    fn replace(&mut self, head: &[u8]) -> bool {
        if self.replacement.is_some() {
            return true;
        }
        match automatic_answer(head) {
            Some(status) => {
                self.replacement = Some((explained(status, &self.security), 0));
                true
            }
            None => false,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for ExplainedErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ExplainedErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.replace(buf) {
            ready!(self.drain(cx))?;
            // hyper's own bytes are taken and dropped: ours went out instead.
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let first = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        if self.replace(first) {
            ready!(self.drain(cx))?;
            return Poll::Ready(Ok(bufs.iter().map(|b| b.len()).sum()));
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_untyped_4xx_answers_are_taken_as_automatic() {
        let cases: &[(&[u8], Option<u16>)] = &[
            (
                b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
                Some(400),
            ),
            (
                b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\n\r\n",
                Some(431),
            ),
            (b"HTTP/1.1 414 URI Too Long\r\n\r\n", Some(414)),
            (
                b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n\r\n{}",
                None,
            ),
            (b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n", None),
            (b"HTTP/1.1 404 Not Found\r\n\r\n", None),
            (b"HTTP/1.1 400 ", None),
        ];
        for (head, expected) in cases {
            assert_eq!(
                automatic_answer(head).map(|s| s.as_u16()),
                *expected,
                "{}",
                String::from_utf8_lossy(head)
            );
        }
    }
}
