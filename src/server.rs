//! The HTTP/1.1 server: hyper-util under warp's filters, with what plain `warp::serve`
//! lacks: a header-read timeout, a cap on concurrent connections, and a graceful shutdown
//! that lets in-flight requests finish. It also owns the long-lived background tasks
//! (`Background`), started before serving and stopped after.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_service::Service;
use warp::filters::BoxedFilter;
use warp::reply::Response;

use crate::http::{self, AppState, ClientAddr};
use crate::settings::Settings;
use crate::store::watch::{Reading, Watch};
use crate::store::{blogs, uploads, Db};

/// How often the blog version counter is re-read (so any process's blog writes show on the
/// site within this time).
const BLOG_VERSION_POLL: Duration = Duration::from_millis(100);

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("cannot publish the demo content: {0}")]
    Seed(#[from] crate::publish::PublishError),
}

/// Connection limits of the server.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_connections: usize,
    pub header_read_timeout: Duration,
    pub shutdown_grace: Duration,
}

impl From<&Settings> for Limits {
    fn from(settings: &Settings) -> Self {
        Limits {
            max_connections: settings.max_connections,
            header_read_timeout: settings.header_read_timeout,
            shutdown_grace: settings.shutdown_grace,
        }
    }
}

/// `corpsite serve`: opens the store, binds, serves until SIGINT or SIGTERM.
pub fn serve_blocking(settings: Settings) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    // Opening, migrating and seeding are blocking SQLite work: done before the runtime serves.
    let db = open_store(&settings)?;
    runtime.block_on(serve(db, settings))
}

/// Opens the store the server runs on: migrated and, on the first start of a new database,
/// given the demo content (unless the settings say not to).
pub fn open_store(settings: &Settings) -> Result<Arc<Db>, ServeError> {
    let db = Db::open(&settings.data_dir)?;
    if settings.seed_demo_content {
        crate::publish::seed::seed_once(&settings.data_dir)?;
    }
    match uploads::sweep_orphans(&db, &settings.data_dir) {
        Ok(0) => {}
        Ok(removed) => tracing::warn!(removed, "removed upload files that had no applicant row"),
        Err(err) => tracing::warn!(error = %err, "cannot tidy the uploads folder"),
    }
    Ok(db)
}

/// Serves the site from `db` (see `open_store`) until SIGINT or SIGTERM.
pub async fn serve(db: Arc<Db>, settings: Settings) -> Result<(), ServeError> {
    let listener = TcpListener::bind(settings.addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: settings.addr,
            source,
        })?;
    let local = listener.local_addr().map_err(|source| ServeError::Bind {
        addr: settings.addr,
        source,
    })?;
    let limits = Limits::from(&settings);
    let data_dir = settings.data_dir.display().to_string();
    let background = Background::start(&db);
    let state = AppState::new(Arc::clone(&db), settings, background.blog_version());
    let routes = http::routes(&state);

    println!("corpsite is serving http://{local}/ (data in {data_dir})");
    tracing::info!(%local, data_dir, "listening");
    run(listener, routes, limits, shutdown_signal()).await;
    background.stop();
    db.close();
    tracing::info!("stopped");
    Ok(())
}

/// The long-lived tasks beside the request handlers, started and stopped in one place.
pub struct Background {
    /// Keeps the blog version counter fresh for the blog list's cache; `None` if its thread
    /// could not start (then nothing is cached, and everything still works).
    blog_version: Option<Watch>,
}

impl Background {
    pub fn start(db: &Arc<Db>) -> Background {
        let blog_version = match Watch::start(
            db,
            "corpsite-blog-version",
            BLOG_VERSION_POLL,
            blogs::version,
        ) {
            Ok(watch) => Some(watch),
            Err(err) => {
                tracing::error!(error = %err, "cannot watch the blog version; blog lists are not cached");
                None
            }
        };
        Background { blog_version }
    }

    pub fn blog_version(&self) -> Reading {
        self.blog_version
            .as_ref()
            .map_or_else(Reading::unknown, Watch::reading)
    }

    /// Stops every task and waits for it.
    pub fn stop(self) {
        if let Some(watch) = self.blog_version {
            watch.stop();
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
    let service = warp::service(routes);
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
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
        let _ = stream.set_nodelay(true);
        let service = service.clone();
        let handler = service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ClientAddr(remote));
            let mut service = service.clone();
            async move { service.call(request).await }
        });
        let connection = builder.serve_connection(TokioIo::new(stream), handler);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, %remote, "connection ended with an error");
            }
            drop(permit);
        });
    }

    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!("open connections did not finish in time; closing them");
        }
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    tracing::info!("shutting down: finishing open requests");
}
