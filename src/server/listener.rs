//! The listener: hyper under warp's filters, over plain HTTP/1.1 (`run`) or TLS with HTTP/2
//! and HTTP/1.1 (`run_tls`), with what plain `warp::serve` lacks. A header-read timeout
//! (the TLS handshake, and an HTTP/2 connection's first request, keep to it too); a cap on concurrent connections (excess clients wait in the
//! backlog) and a smaller cap per client address, so one client cannot take every slot; when
//! slots run short, open keep-alive connections are asked to close after their current
//! request; and a graceful shutdown that lets in-flight requests finish.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulConnection;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio_rustls::TlsAcceptor;
use tower_service::Service;
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderValue};
use warp::reply::Response;

use super::drain::{Drained, Unread};
use super::parse_errors::ExplainedErrors;
use crate::http::plumbing::security::SecurityHeaders;
use crate::http::plumbing::site_url;
use crate::http::site::front::Front;
use crate::http::{ClientAddr, OverTls};
use crate::settings::Settings;
use crate::tls::HSTS;

/// Connection limits of the server.
#[derive(Debug, Clone)]
pub struct Limits {
    pub max_connections: usize,
    /// Connections one client address may hold at once; 0 means no per-client cap. Trusted
    /// proxies are not capped (every visitor behind them shares their address).
    pub max_connections_per_client: usize,
    pub trusted_proxies: Vec<IpAddr>,
    pub header_read_timeout: Duration,
    pub shutdown_grace: Duration,
    /// For the security headers of hyper's own error answers (the CSP names the media host).
    pub media_base: String,
    /// The largest request body any route takes: an HTTP/2 body up to this size that an
    /// early answer left unread is read to its end (`drain`), so the answer arrives.
    pub drain_limit: u64,
}

impl From<&Settings> for Limits {
    fn from(settings: &Settings) -> Self {
        Limits {
            max_connections: settings.max_connections,
            max_connections_per_client: settings.max_connections_per_client,
            trusted_proxies: settings.trusted_proxies.clone(),
            header_read_timeout: settings.header_read_timeout,
            shutdown_grace: settings.shutdown_grace,
            media_base: settings.media_base.clone(),
            // A job application: the resume and up to 1 MiB of fields around it.
            drain_limit: settings.max_upload_bytes.saturating_add(1024 * 1024),
        }
    }
}

/// When fewer than this share of the slots is free, open connections are asked to close.
const PRESSURE_FREE_SHARE: usize = 8;
/// The request to close is sent at most this often.
const PRESSURE_EVERY: Duration = Duration::from_millis(500);

/// How many connections each client address holds.
#[derive(Default)]
struct PerClient {
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One client's claim on a connection; given back on drop.
struct ClientClaim {
    table: Arc<PerClient>,
    client: IpAddr,
}

impl PerClient {
    fn claim(self: &Arc<Self>, client: IpAddr, cap: usize) -> Option<ClientClaim> {
        let mut held = self.held.lock().ok()?;
        let count = held.entry(client).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(ClientClaim {
            table: Arc::clone(self),
            client,
        })
    }
}

impl Drop for ClientClaim {
    fn drop(&mut self) {
        if let Ok(mut held) = self.table.held.lock() {
            if let Some(count) = held.get_mut(&self.client) {
                *count -= 1;
                if *count == 0 {
                    held.remove(&self.client);
                }
            }
        }
    }
}

/// What a listener answers with: the filters, and on the site's own address the kept answers
/// ahead of them (`http::site::front`).
pub struct Answers {
    pub routes: BoxedFilter<(Response,)>,
    pub front: Option<Arc<Front>>,
}

impl From<BoxedFilter<(Response,)>> for Answers {
    fn from(routes: BoxedFilter<(Response,)>) -> Self {
        Answers {
            routes,
            front: None,
        }
    }
}

/// Serves `answers` as plain HTTP/1.1 on `listener` until `shutdown` completes, then waits
/// up to `limits.shutdown_grace` for open requests to finish.
pub async fn run(
    listener: TcpListener,
    answers: impl Into<Answers>,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    serve(listener, answers.into(), limits, None, shutdown).await;
}

/// As `run`, over TLS with `config`: HTTP/2 or HTTP/1.1 as ALPN chose, every answer with
/// `Strict-Transport-Security`. The handshake must end within the header timeout.
pub async fn run_tls(
    listener: TcpListener,
    config: Arc<rustls::ServerConfig>,
    answers: impl Into<Answers>,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let acceptor = TlsAcceptor::from(config);
    serve(listener, answers.into(), limits, Some(acceptor), shutdown).await;
}

/// The accept loop both share.
async fn serve(
    listener: TcpListener,
    answers: Answers,
    limits: Limits,
    tls: Option<TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
) {
    // hyper's own answers to unparsable requests get our headers too.
    let security = SecurityHeaders::new(&limits.media_base);
    let service = warp::service(answers.routes);
    let front = answers.front;
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_client = Arc::new(PerClient::default());
    // Every connection watches this: `true` asks it to close after its current request.
    // A shutdown sets it for good; pressure on the slots sets it for the connections open now.
    let (close_signal, _) = watch::channel(0u64);
    let close_signal = Arc::new(close_signal);
    let mut last_pressure = Instant::now() - PRESSURE_EVERY;
    let stopping = Arc::new(AtomicBool::new(false));
    let mut http1 = http1::Builder::new();
    http1
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    let mut http2 = http2::Builder::new(TokioExecutor::new());
    http2
        .timer(TokioTimer::new())
        .max_concurrent_streams(H2_MAX_STREAMS)
        .keep_alive_interval(Some(H2_PING_EVERY))
        .keep_alive_timeout(H2_PING_TIMEOUT);
    let builders = Arc::new((http1, http2));
    tokio::pin!(shutdown);

    loop {
        // Wait for a free slot before accepting, so excess clients queue in the backlog.
        let permit = tokio::select! {
            permit = Arc::clone(&slots).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors and the like: back off, keep serving.
                    tracing::warn!(error = %err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let client = remote.ip().to_canonical();
        let claim = if limits.max_connections_per_client == 0
            || limits.trusted_proxies.contains(&client)
        {
            None
        } else {
            match per_client.claim(client, limits.max_connections_per_client) {
                Some(claim) => Some(claim),
                None => {
                    tracing::debug!(%client, "client holds its most connections; closed a new one");
                    continue;
                }
            }
        };
        if slots.available_permits() < limits.max_connections / PRESSURE_FREE_SHARE
            && last_pressure.elapsed() >= PRESSURE_EVERY
        {
            last_pressure = Instant::now();
            tracing::warn!(
                free = slots.available_permits(),
                "connection slots are running short; asking kept-alive connections to close"
            );
            close_signal.send_modify(|generation| *generation += 1);
        }
        let _ = stream.set_nodelay(true);
        let service = service.clone();
        let front = front.clone();
        let encrypted = tls.is_some();
        let drain_limit = limits.drain_limit;
        // Whether the connection has had a request: only kept-alive ones are asked to close
        // (a new one's request may be on its way; one that never sends is cut by the header
        // timeout).
        let served = Arc::new(AtomicBool::new(false));
        let served_in_service = Arc::clone(&served);
        // One handler per connection, made once the protocol is known: over HTTP/2 a body
        // the answer left unread is read on (`Drained`), so an early refusal arrives whole.
        let handler = move |drain_limit: Option<u64>| {
            let served = Arc::clone(&served_in_service);
            let service = service.clone();
            let front = front.clone();
            service_fn(move |mut request: hyper::Request<Incoming>| {
                served.store(true, Ordering::Relaxed);
                site_url::settle_authority(&mut request);
                request.extensions_mut().insert(ClientAddr(remote));
                if encrypted {
                    request.extensions_mut().insert(OverTls);
                }
                let front = front.clone();
                let mut service = service.clone();
                async move {
                    let kept = match &front {
                        Some(front) => front.answer(&request).await,
                        None => None,
                    };
                    let mut response = match (kept, drain_limit) {
                        (Some(response), Some(_)) => response,
                        (None, Some(limit)) => {
                            let request = request.map(|body| Drained::new(body, limit));
                            service.call(request).await?
                        }
                        // HTTP/1.1: the answer says when the connection closes after it.
                        (kept, None) => {
                            let (request, unread) = Unread::watch(request);
                            let response = match kept {
                                Some(response) => {
                                    drop(request);
                                    response
                                }
                                None => service.call(request).await?,
                            };
                            unread.settle(response).await
                        }
                    };
                    if encrypted {
                        response.headers_mut().insert(
                            header::STRICT_TRANSPORT_SECURITY,
                            HeaderValue::from_static(HSTS),
                        );
                    }
                    Ok::<_, std::convert::Infallible>(response)
                }
            })
        };
        // Subscribed after this accept's own close request: it concerns the others.
        let mut close = close_signal.subscribe();
        close.mark_unchanged();
        let mut control = Control {
            close,
            stopping: Arc::clone(&stopping),
            served,
            header_timeout: limits.header_read_timeout,
            remote,
        };
        let security = security.clone();
        let builders = Arc::clone(&builders);
        let tls = tls.clone();
        tokio::spawn(async move {
            let Some(tls) = tls else {
                let stream = ExplainedErrors::new(stream, security);
                let connection = builders
                    .0
                    .serve_connection(TokioIo::new(stream), handler(None));
                drive(connection, &mut control).await;
                drop((claim, permit));
                return;
            };
            // The handshake (and a plain-HTTP client's first bytes) within the header timeout.
            let handshake =
                tokio::time::timeout(control.header_timeout, accept_tls(&tls, stream, &security));
            let stream = match handshake.await {
                Ok(Some(stream)) => stream,
                Ok(None) => return,
                Err(_) => {
                    tracing::debug!(%remote, "TLS handshake timed out");
                    return;
                }
            };
            if stream.get_ref().1.alpn_protocol() == Some(b"h2") {
                let handler = handler(Some(drain_limit));
                let connection = builders.1.serve_connection(TokioIo::new(stream), handler);
                drive(connection, &mut control).await;
            } else {
                let stream = ExplainedErrors::new(stream, security);
                let connection = builders
                    .0
                    .serve_connection(TokioIo::new(stream), handler(None));
                drive(connection, &mut control).await;
            }
            drop((claim, permit));
        });
    }

    drop(listener);
    stopping.store(true, Ordering::Relaxed);
    close_signal.send_modify(|generation| *generation += 1);
    // Every connection holds a slot until it ends: all slots back means all connections ended.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    tokio::select! {
        _ = slots.acquire_many(all) => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!("open connections did not finish in time; closing them");
        }
    }
}

/// Streams one HTTP/2 connection may carry at once.
const H2_MAX_STREAMS: u32 = 128;
/// An HTTP/2 connection is pinged this often, and closed when a ping goes unanswered.
const H2_PING_EVERY: Duration = Duration::from_secs(20);
const H2_PING_TIMEOUT: Duration = Duration::from_secs(20);

/// What a connection's driver watches.
struct Control {
    /// Bumped to ask connections to close (shutdown, or pressure on the slots).
    close: watch::Receiver<u64>,
    stopping: Arc<AtomicBool>,
    /// Whether the connection has had a request.
    served: Arc<AtomicBool>,
    header_timeout: Duration,
    remote: std::net::SocketAddr,
}

/// Serves one connection until it ends: asked to close on shutdown, under pressure once it
/// has served, and (whatever the protocol) when it has sent no request within the header
/// timeout, so an HTTP/2 client that finishes the handshake and then says nothing is cut
/// off as an HTTP/1.1 one is. A silent connection asked to close gets `SILENT_GRACE` to do
/// so, then is dropped: an HTTP/2 peer that never acknowledges our SETTINGS would otherwise
/// hold its slot until the keep-alive ping gives up (40 s).
async fn drive<C>(connection: C, control: &mut Control)
where
    C: GracefulConnection,
    C::Error: std::fmt::Display,
{
    tokio::pin!(connection);
    let mut asked = false;
    let silence = tokio::time::sleep(control.header_timeout);
    tokio::pin!(silence);
    let mut cut_off = false;
    let cut = tokio::time::sleep(Duration::from_secs(365 * 24 * 3600));
    tokio::pin!(cut);
    loop {
        tokio::select! {
            ended = connection.as_mut() => {
                if let Err(err) = ended {
                    tracing::debug!(error = %err, remote = %control.remote, "connection ended with an error");
                }
                return;
            }
            changed = control.close.changed(), if !asked => {
                // A shutdown closes every connection; pressure, only kept-alive ones.
                let shutting_down = changed.is_err() || control.stopping.load(Ordering::Relaxed);
                if shutting_down || control.served.load(Ordering::Relaxed) {
                    asked = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
            () = &mut silence, if !asked && !control.served.load(Ordering::Relaxed) => {
                asked = true;
                cut_off = true;
                connection.as_mut().graceful_shutdown();
                cut.as_mut().reset(tokio::time::Instant::now() + SILENT_GRACE);
            }
            () = &mut cut, if cut_off && !control.served.load(Ordering::Relaxed) => {
                tracing::debug!(remote = %control.remote, "silent connection dropped");
                return;
            }
        }
    }
}

/// How long a connection that sent no request has to close once asked.
const SILENT_GRACE: Duration = Duration::from_secs(1);

/// The TLS handshake; `None` when it failed. A client speaking plain HTTP to the HTTPS
/// port is told so in our JSON error shape instead of getting garbage.
async fn accept_tls(
    acceptor: &TlsAcceptor,
    stream: TcpStream,
    security: &SecurityHeaders,
) -> Option<tokio_rustls::server::TlsStream<TcpStream>> {
    let mut first = [0u8; 1];
    match stream.peek(&mut first).await {
        Ok(1) if first[0] == TLS_HANDSHAKE_RECORD => {}
        Ok(1) if first[0].is_ascii_uppercase() => {
            let mut stream = stream;
            let answer = super::parse_errors::plain_http_on_https(security);
            let _ = tokio::io::AsyncWriteExt::write_all(&mut stream, &answer).await;
            let _ = tokio::io::AsyncWriteExt::shutdown(&mut stream).await;
            return None;
        }
        _ => return None,
    }
    match acceptor.accept(stream).await {
        Ok(stream) => Some(stream),
        Err(err) => {
            tracing::debug!(error = %err, "TLS handshake failed");
            None
        }
    }
}

/// The first byte of a TLS ClientHello record.
const TLS_HANDSHAKE_RECORD: u8 = 0x16;
