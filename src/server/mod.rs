//! `corpsite serve`: opens the store, starts the long-lived background tasks
//! (`Background`), and serves the routes on the listener (`listener`) until SIGINT or
//! SIGTERM, then stops them in the opposite order.

mod fd_limit;
mod listener;

pub use listener::{run, Limits};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

use crate::http::{self, AppState};
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
    let mut limits = Limits::from(&settings);
    limits.max_connections =
        fd_limit::size_connection_cap(limits.max_connections, crate::store::reader_count());
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
