//! The HTTP/1.1 listener: hyper-util under warp's filters, with what plain `warp::serve`
//! lacks. A header-read timeout; a cap on concurrent connections (excess clients wait in the
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
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower_service::Service;
use warp::filters::BoxedFilter;
use warp::reply::Response;

use super::parse_errors::ExplainedErrors;
use crate::http::security::SecurityHeaders;
use crate::http::ClientAddr;
use crate::settings::Settings;

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

/// Serves `routes` on `listener` until `shutdown` completes, then waits up to
/// `limits.shutdown_grace` for open requests to finish.
pub async fn run(
    listener: TcpListener,
    routes: BoxedFilter<(Response,)>,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    // hyper's own answers to unparsable requests get our headers too.
    let security = SecurityHeaders::new(&limits.media_base);
    let service = warp::service(routes);
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_client = Arc::new(PerClient::default());
    // Every connection watches this: `true` asks it to close after its current request.
    // A shutdown sets it for good; pressure on the slots sets it for the connections open now.
    let (close_signal, _) = watch::channel(0u64);
    let close_signal = Arc::new(close_signal);
    let mut last_pressure = Instant::now() - PRESSURE_EVERY;
    let stopping = Arc::new(AtomicBool::new(false));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
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
        // Whether the connection has had a request: only kept-alive ones are asked to close
        // (a new one's request may be on its way; one that never sends is cut by the header
        // timeout).
        let served = Arc::new(AtomicBool::new(false));
        let served_in_service = Arc::clone(&served);
        let handler = service_fn(move |mut request: hyper::Request<Incoming>| {
            served_in_service.store(true, Ordering::Relaxed);
            request.extensions_mut().insert(ClientAddr(remote));
            let mut service = service.clone();
            async move { service.call(request).await }
        });
        let stream = ExplainedErrors::new(stream, security.clone());
        let connection = builder.serve_connection(TokioIo::new(stream), handler);
        // Subscribed after this accept's own close request: it concerns the others.
        let mut close = close_signal.subscribe();
        close.mark_unchanged();
        let stopping = stopping.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            let mut asked = false;
            loop {
                tokio::select! {
                    ended = connection.as_mut() => {
                        if let Err(err) = ended {
                            tracing::debug!(error = %err, %remote, "connection ended with an error");
                        }
                        break;
                    }
                    changed = close.changed(), if !asked => {
                        // A shutdown closes every connection; pressure, only kept-alive ones.
                        let shutting_down = changed.is_err() || stopping.load(Ordering::Relaxed);
                        if shutting_down || served.load(Ordering::Relaxed) {
                            asked = true;
                            connection.as_mut().graceful_shutdown();
                        }
                    }
                }
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
