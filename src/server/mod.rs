//! `corpsite serve`: opens the store, starts the long-lived background tasks
//! (`Background`), and serves the routes on the listener (`listener`) until SIGINT or
//! SIGTERM, then stops them in the opposite order.

pub mod backups;
mod drain;
mod fd_limit;
mod listener;
mod parse_errors;
pub mod purge;

pub use listener::{run, run_tls, Answers, Limits};

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::domain::public_url::PublicUrl;
use crate::domain::staff::{random_token, token_digest};
use crate::health::Health;
use crate::http::{self, AppState, Watches};
use crate::mail::compose::Composer;
use crate::mail::sender::Sender;
use crate::platform;
use crate::settings::{CertSource, Settings, TlsSettings};
use crate::store::data_lock::{DataDirLock, LockError};
use crate::store::watch::{Probe, Reading, Watch};
use crate::store::{blogs, outbox, stories, team, uploads, Db, StoreError};
use crate::tls::acme::{Challenges, Keeper};
use crate::tls::certs::{self, CertSlot};
use crate::tls::RedirectTarget;

/// How often the blog version counter is re-read (so any process's blog writes show on the
/// site within this time).
const BLOG_VERSION_POLL: Duration = Duration::from_millis(100);
/// How often the database file is checked to be the one open.
const STORE_FILE_POLL: Duration = Duration::from_secs(1);
/// How often the scheduler looks for stories and pages due to go public (one indexed read
/// each): a scheduled page is public, and at the edge, within a second of its time.
const SCHEDULER_POLL: Duration = Duration::from_millis(250);
/// How often the morning digests are looked at: they go at 08:00 in the office, to the minute.
const DIGEST_POLL: Duration = Duration::from_secs(60);
/// How often the housekeeping looks at the trash (what it kept longer than its days) and
/// whether the office's day has turned (the retention rules' daily erasure).
const HOUSEKEEPING_POLL: Duration = Duration::from_secs(600);
/// How often the counted page views are written: a crash loses at most this much of them.
const VISITS_FLUSH: Duration = Duration::from_secs(1);
/// Connections the admin address serves at once: a scraper or two and an operator.
const ADMIN_MAX_CONNECTIONS: usize = 16;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the data dir {path} cannot be written ({source}); give the service's user write access to it")]
    NotWritable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot serve the admin address (/metrics, /healthz) on {addr}: {source}; give another --admin-addr, or --admin-addr off")]
    AdminBind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("cannot publish the demo content: {0}")]
    Seed(#[from] crate::content::PublishError),
    #[error("https: {0}")]
    Tls(#[from] crate::tls::certs::CertError),
    #[error("--mail-from (or CORPSITE_MAIL_FROM) is needed with --smtp-url: the address mail is sent from")]
    NoMailFrom,
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error("--form-proof off is for tests only and is refused with --domain or --tls-cert: a public site's forms always need their proof of work")]
    FormProofOffWithHttps,
    #[error("the system gives no randomness for the forms' proof-of-work key: {0}")]
    NoRandomness(getrandom::Error),
    #[error("--backup-to: {0}")]
    BackupTo(#[from] crate::store::remote_backup::RemoteError),
}

/// `corpsite serve`: opens the store, binds, serves until SIGINT or SIGTERM.
pub fn serve_blocking(settings: Settings) -> Result<(), ServeError> {
    // Credentials missing or readable by others: one clear line now, not a failed upload
    // a day later. The store itself is not asked: one that is down must not stop the site.
    if let Some(remote) = &settings.backup_to {
        crate::store::remote_backup::Remote::connect(remote)?;
    }
    // The office's certificate files, the same: checked before a first start spends seconds
    // publishing the demo content (they are read again, and on each SIGHUP, once serving).
    if let Some(TlsSettings {
        certificate: CertSource::Files { cert, key },
        ..
    }) = &settings.tls
    {
        certs::LoadedCert::from_files(cert, key)?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    // Held until the server has stopped: `corpsite restore` refuses while it is.
    let _lock = DataDirLock::for_server(&settings.data_dir)?;
    // Opening, migrating and seeding are blocking SQLite work: done before the runtime serves.
    let db = open_store(&settings)?;
    runtime.block_on(serve(db, settings))
}

/// Opens the store the server runs on: migrated and, on the first start of a new database,
/// given the demo content (unless the settings say not to).
pub fn open_store(settings: &Settings) -> Result<Arc<Db>, ServeError> {
    let db = Db::open(&settings.data_dir)?;
    ensure_writable(&settings.data_dir)?;
    crate::store::ballast::ensure(&settings.data_dir);
    if settings.seed_demo_content {
        crate::content::seed::seed_once(&settings.data_dir)?;
    }
    match uploads::sweep_orphans(&db, &settings.data_dir) {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "removed temp files of interrupted uploads"),
        Err(err) => tracing::warn!(error = %err, "cannot tidy the uploads folder"),
    }
    Ok(db)
}

/// Refuses a data dir the server cannot write in (mounted read-only, wrong owner): better
/// one clear line at start than a 201 that stored nothing.
fn ensure_writable(data_dir: &Path) -> Result<(), ServeError> {
    let probe = data_dir.join(".corpsite-write-check");
    let written = std::fs::write(&probe, b"ok").and_then(|()| std::fs::remove_file(&probe));
    written.map_err(|source| ServeError::NotWritable {
        path: data_dir.to_path_buf(),
        source,
    })
}

/// Serves the site from `db` (see `open_store`) until SIGINT or SIGTERM: over plain HTTP on
/// `--addr`, or over HTTPS (with the HTTP port for challenges and redirects) when the
/// settings have `tls`.
pub async fn serve(db: Arc<Db>, settings: Settings) -> Result<(), ServeError> {
    if settings.mail.smtp_url.is_some() && settings.mail.from.is_none() {
        return Err(ServeError::NoMailFrom);
    }
    if !settings.form_proof {
        if settings.tls.is_some() {
            return Err(ServeError::FormProofOffWithHttps);
        }
        tracing::warn!("--form-proof off: the forms take posts without a proof of work; for the contract and load tests only");
    }
    let (stop, stopped) = watch::channel(false);
    tokio::spawn(async move {
        shutdown_signal().await;
        let _ = stop.send(true);
    });
    hangups(&settings, stopped.clone());
    let main_addr = match &settings.tls {
        Some(tls) => tls.https_addr,
        None => settings.addr,
    };
    let last_port = settings
        .desktop
        .as_ref()
        .and_then(|desktop| desktop.last_port);
    let (listener, local) = match last_port {
        Some(last_port) => bind_first_free(main_addr, last_port).await?,
        None => bind(main_addr).await?,
    };
    // A bad or busy admin address stops the start, like a bad site address: better one clear
    // line now than metrics that silently never come (tests and second instances give port 0
    // or `off`). On a demo laptop the site matters, not the metrics: it goes without.
    let admin = match settings.admin_addr {
        Some(addr) => {
            let bound = TcpListener::bind(addr)
                .await
                .and_then(|listener| Ok((listener.local_addr()?, listener)));
            match bound {
                Ok(bound) => Some(bound),
                Err(source) if settings.desktop.is_some() => {
                    tracing::warn!(%addr, error = %source, "the admin address (/metrics, /healthz) is off: its port is taken");
                    None
                }
                Err(source) => return Err(ServeError::AdminBind { addr, source }),
            }
        }
        None => None,
    };
    let mut limits = Limits::from(&settings);
    limits.max_connections =
        fd_limit::size_connection_cap(limits.max_connections, crate::store::reader_count());
    let admin_limits = Limits {
        max_connections: ADMIN_MAX_CONNECTIONS,
        max_connections_per_client: 0,
        ..Limits::from(&settings)
    };
    let data_dir = settings.data_dir.display().to_string();
    let background = Background::start(&db, &settings, local);
    let health = background.watches().health;
    let tls = settings.tls.clone();
    let state = AppState::new(Arc::clone(&db), settings, background.watches())
        .map_err(ServeError::NoRandomness)?;
    let routes = Answers {
        routes: http::routes(&state),
        front: Some(Arc::new(http::site::front::Front::new(&state))),
    };
    // The engines render every page once before visitors ask (and again after each change),
    // as a visitor of the --public-url would get it (the origin shows only in the head).
    let pages = Arc::clone(&state.pages);
    let origin = state
        .settings
        .public_url
        .clone()
        .unwrap_or_else(PublicUrl::localhost);
    tokio::spawn({
        let stopped = stopped.clone();
        async move { pages.keep_warm(origin, stopped).await }
    });

    // The admin address serves beside the site, and stops with it.
    let admin = async {
        if let Some((addr, listener)) = admin {
            tracing::info!(%addr, "serving /metrics and /healthz on the admin address");
            let routes = http::health::admin_routes(&state);
            run(
                listener,
                routes,
                admin_limits,
                until_stopped(stopped.clone()),
            )
            .await;
        }
    };
    let setup = offer_setup_link(&db, &state.settings, local).await;
    match tls {
        None => {
            println!(
                "corpsite is serving http://{local}/ (data in {data_dir}{})",
                public_address(&state.settings)
            );
            tracing::info!(%local, data_dir, "listening");
            if let Some(desktop) = &state.settings.desktop {
                show_on_desktop(desktop, local);
            }
            announce_setup_link(setup.as_deref());
            tokio::join!(
                run(listener, routes, limits, until_stopped(stopped.clone())),
                admin
            );
        }
        Some(tls) => {
            let https = match Https::prepare(tls, &state, &health, local, &stopped).await {
                Ok(https) => https,
                Err(err) => {
                    stop_all(background, db).await;
                    return Err(err);
                }
            };
            println!(
                "corpsite is serving https://{}/ on {local} (HTTP on {} for certificates and redirects; data in {data_dir}{})",
                https.site, https.http_local, public_address(&state.settings)
            );
            tracing::info!(%local, http_local = %https.http_local, data_dir, "listening");
            announce_setup_link(setup.as_deref());
            tokio::join!(
                run_tls(
                    listener,
                    https.config,
                    routes,
                    limits.clone(),
                    until_stopped(stopped.clone())
                ),
                run(
                    https.http_listener,
                    https.http_routes,
                    limits,
                    until_stopped(stopped.clone())
                ),
                admin,
            );
        }
    }
    stop_all(background, db).await;
    tracing::info!("stopped");
    Ok(())
}

/// Stops the background tasks, then the store. Both wait on other threads (the visits' last
/// write waits on the writer's commit), which a thread of the runtime may not do: it would
/// panic and lose the views of the last second. So they wait on a blocking thread.
async fn stop_all(background: Background, db: Arc<Db>) {
    let stopped = tokio::task::spawn_blocking(move || {
        background.stop();
        db.close();
    })
    .await;
    if let Err(err) = stopped {
        tracing::error!(error = %err, "stopping the background tasks failed");
    }
}

/// What serving HTTPS needs beside the site's routes: the TLS configuration with its
/// certificate (loaded now, or kept by the ACME keeper started here) and the HTTP port.
struct Https {
    config: Arc<rustls::ServerConfig>,
    http_listener: TcpListener,
    http_local: SocketAddr,
    http_routes: warp::filters::BoxedFilter<(warp::reply::Response,)>,
    /// How the start line names the site.
    site: String,
}

impl Https {
    async fn prepare(
        tls: TlsSettings,
        state: &AppState,
        health: &Arc<Health>,
        local: SocketAddr,
        stopped: &watch::Receiver<bool>,
    ) -> Result<Https, ServeError> {
        let (http_listener, http_local) = bind(tls.http_addr).await?;
        let slot = CertSlot::new();
        let config = certs::server_config(Arc::clone(&slot))?;
        let challenges = Challenges::new();
        let mut domains = Vec::new();
        // The names the certificate files are for: with neither --domain nor --public-url,
        // the HTTP port sends visitors only to these.
        let mut cert_names = Vec::new();
        match tls.certificate {
            CertSource::Files { cert, key } => {
                cert_names = crate::tls::load_files(
                    cert,
                    key,
                    Arc::clone(&slot),
                    Arc::clone(health),
                    stopped.clone(),
                )?;
            }
            CertSource::Acme(acme) => {
                domains = acme.domains.clone();
                let keeper = Keeper::new(
                    acme,
                    &state.settings.data_dir,
                    Arc::clone(&slot),
                    Arc::clone(&challenges),
                    Arc::clone(health),
                );
                tokio::spawn(keeper.run(stopped.clone()));
            }
        }
        // Requests are sent on to the host they named only if it is the site's own: the
        // --domains, or else the --public-url's host, or else the names of the certificate
        // files. No Host a client sends takes a visitor off the site's own names.
        let public_host = state
            .settings
            .public_url
            .as_ref()
            .and_then(|url| url.as_str().split_once("://"))
            .map(|(_, host)| {
                host.rsplit_once(':')
                    .map_or(host, |(name, _)| name)
                    .to_owned()
            });
        let own_hosts = if !domains.is_empty() {
            domains.clone()
        } else if let Some(host) = &public_host {
            vec![host.clone()]
        } else {
            cert_names.clone()
        };
        let target = RedirectTarget {
            domains: own_hosts.iter().filter_map(|d| d.parse().ok()).collect(),
            fallback_host: public_host
                .or_else(|| domains.first().cloned())
                .or_else(|| cert_names.first().cloned()),
            https_port: local.port(),
        };
        Ok(Https {
            config,
            http_listener,
            http_local,
            http_routes: crate::tls::http_port_routes(
                challenges,
                target,
                &state.settings.media_base,
            ),
            site: domains
                .first()
                .map_or_else(|| local.to_string(), Clone::clone),
        })
    }
}

/// Binds `addr`; the bound address (its port, when 0 was asked for).
async fn bind(addr: SocketAddr) -> Result<(TcpListener, SocketAddr), ServeError> {
    let bind_error = |source| ServeError::Bind { addr, source };
    let listener = TcpListener::bind(addr).await.map_err(bind_error)?;
    let local = listener.local_addr().map_err(bind_error)?;
    Ok((listener, local))
}

/// Binds `addr`, or while its port is taken the next one, up to `last_port`: the first
/// free one. Any other failure, or every port taken, stops the start as `bind` does.
async fn bind_first_free(
    addr: SocketAddr,
    last_port: u16,
) -> Result<(TcpListener, SocketAddr), ServeError> {
    let mut candidate = addr;
    loop {
        match bind(candidate).await {
            Err(ServeError::Bind { source, .. })
                if source.kind() == std::io::ErrorKind::AddrInUse
                    && candidate.port() < last_port =>
            {
                tracing::info!(addr = %candidate, "taken; trying the next port");
                candidate.set_port(candidate.port() + 1);
            }
            result => return result,
        }
    }
}

/// Completes once the shared stop flag is set.
async fn until_stopped(mut stopped: watch::Receiver<bool>) {
    let _ = stopped.wait_for(|stop| *stop).await;
}

/// The long-lived tasks beside the request handlers, started and stopped in one place.
/// A watch that cannot start is logged and left out: its reading stays unknown, and
/// everything still works (without the list cache, or without the lost-file check).
pub struct Background {
    /// Keeps the blog version counter fresh for the blog list's cache.
    blog_version: Option<Watch>,
    /// Checks that the database file in the data dir is still the one open.
    store_file: Option<Watch>,
    /// Publishes scheduled stories when their time comes.
    scheduler: Option<Watch>,
    /// Queues the morning digests once a minute when they are due.
    digest: Option<Watch>,
    /// Erases for good what the trash has kept its days, and daily what is past the
    /// retention rules.
    housekeeping: Option<Watch>,
    /// The visit counter the beacon's handler counts into.
    visits: Arc<crate::store::analytics::counter::Visits>,
    /// Writes the counted page views each second and keeps their roll-ups.
    visit_writer: Option<Watch>,
    /// For the visits' last write when the server stops.
    db: std::sync::Weak<Db>,
    keep_visit_days: u32,
    /// Delivers the outbox, when a relay is set.
    mail: Option<Sender>,
    /// Makes the scheduled backup sets, unless --backup-every off.
    backups: Option<backups::Backups>,
    /// Tells the edge caches (--purge-url) of each content change.
    purger: Option<purge::Purger>,
    /// What the backup task and the certificate keeper report.
    health: Arc<Health>,
}

impl Background {
    /// `local`: the address the server listens on, for links in mail without --public-url.
    pub fn start(db: &Arc<Db>, settings: &Settings, local: SocketAddr) -> Background {
        let started = |what: &str, watch: std::io::Result<Watch>| match watch {
            Ok(watch) => Some(watch),
            Err(err) => {
                tracing::error!(error = %err, "cannot start the {what} watch");
                None
            }
        };
        let blog_version = started(
            "blog version",
            Watch::start(
                db,
                "corpsite-blog-version",
                BLOG_VERSION_POLL,
                blogs::version,
            ),
        );
        let store_file = started("database file", watch_store_file(db.path()));
        let scheduler = started("story scheduler", start_scheduler(db));
        let digest = started("morning digest", start_digest(db));
        let housekeeping = started("housekeeping", start_housekeeping(db, &settings.data_dir));
        let visits = Arc::new(crate::store::analytics::counter::Visits::new(office_zone(
            db,
        )));
        let now = jiff::Timestamp::now().as_second();
        if let Err(err) = db.read_blocking(|conn| visits.resume(conn, now)) {
            tracing::warn!(error = %err, "cannot read today's visit salt: a new one is made");
        }
        let visit_writer = started(
            "visit writer",
            start_visit_writer(db, &visits, settings.visit_days),
        );
        let health = Health::new();
        let content_version = blog_version
            .as_ref()
            .map_or_else(Reading::unknown, Watch::reading);
        let purger = purge::Purger::start(db, &settings.purge_urls, content_version, &health);
        Background {
            blog_version,
            store_file,
            scheduler,
            digest,
            housekeeping,
            visits,
            visit_writer,
            db: Arc::downgrade(db),
            keep_visit_days: settings.visit_days,
            mail: start_mail(db, settings, local),
            backups: backups::Backups::start(settings, &health),
            purger,
            health,
        }
    }

    /// What the handlers read.
    pub fn watches(&self) -> Watches {
        let reading =
            |watch: &Option<Watch>| watch.as_ref().map_or_else(Reading::unknown, Watch::reading);
        Watches {
            blog_version: reading(&self.blog_version),
            store_lost: reading(&self.store_file),
            health: Arc::clone(&self.health),
            visits: Arc::clone(&self.visits),
        }
    }

    /// Stops every task and waits for it.
    pub fn stop(self) {
        if let Some(purger) = self.purger {
            purger.stop();
        }
        if let Some(backups) = self.backups {
            backups.stop();
        }
        if let Some(mail) = self.mail {
            mail.stop();
        }
        for watch in [
            self.blog_version,
            self.store_file,
            self.scheduler,
            self.digest,
            self.housekeeping,
            self.visit_writer,
        ]
        .into_iter()
        .flatten()
        {
            watch.stop();
        }
        // The views counted since the writer's last second.
        if let Some(db) = self.db.upgrade() {
            let now = jiff::Timestamp::now().as_second();
            if let Err(err) = self.visits.flush(&db, now, self.keep_visit_days) {
                tracing::warn!(error = %err, "cannot write the last page views");
            }
        }
    }
}

/// Looks every `SCHEDULER_POLL` for scheduled stories and pages whose time has come and
/// publishes them, and for job openings whose closing time has come and closes them; its
/// reading is how many it has published or closed since the start.
fn start_scheduler(db: &Arc<Db>) -> std::io::Result<Watch> {
    let db = Arc::downgrade(db);
    let mut published = 0i64;
    Watch::spawn("corpsite-scheduler", SCHEDULER_POLL, move || {
        let Some(db) = db.upgrade() else {
            return Probe::Gone;
        };
        let now = crate::domain::story::utc_text(jiff::Timestamp::now());
        let published_now = stories::publish_scheduled(&db, &now).and_then(|count| {
            if count > 0 {
                tracing::info!(count, "published scheduled stories");
            }
            let pages = crate::store::pages::publish_scheduled(&db, &now)?;
            if pages > 0 {
                tracing::info!(count = pages, "published scheduled pages");
            }
            // Job openings whose closing time has come: their pages answer 410 from now on
            // and leave the sitemap (the content version moves, and the edge is told).
            let closed = crate::store::jobs::close_scheduled(&db, &now)?;
            if closed > 0 {
                tracing::info!(count = closed, "closed job openings at their closing time");
            }
            Ok(count + pages + closed)
        });
        match published_now {
            Ok(count) => {
                published += i64::try_from(count).unwrap_or(0);
                Probe::Value(published)
            }
            Err(err) => Probe::Failed(err.to_string()),
        }
    })
}

/// Looks once a minute whether the morning digests are due (08:00 in the office's time zone,
/// `store::assign::run_digests`) and queues them; its reading is how many it has queued
/// since the start.
fn start_digest(db: &Arc<Db>) -> std::io::Result<Watch> {
    let db = Arc::downgrade(db);
    let mut queued = 0i64;
    Watch::spawn("corpsite-digest", DIGEST_POLL, move || {
        let Some(db) = db.upgrade() else {
            return Probe::Gone;
        };
        match crate::store::assign::run_digests(&db, jiff::Timestamp::now()) {
            Ok(accounts) => {
                if !accounts.is_empty() {
                    tracing::info!(count = accounts.len(), "queued the morning digests");
                }
                queued += i64::try_from(accounts.len()).unwrap_or(0);
                Probe::Value(queued)
            }
            Err(err) => Probe::Failed(err.to_string()),
        }
    })
}

/// The server's housekeeping, every `HOUSEKEEPING_POLL`: erases for good what the trash has
/// kept longer than the owners' days (`office::trash::purge_expired`), and once each office
/// day (the first look of the day, and at the start) what is past the retention rules
/// (`office::retention::run`), each with its files. Its reading is how many items it has
/// erased since the start.
fn start_housekeeping(db: &Arc<Db>, data_dir: &std::path::Path) -> std::io::Result<Watch> {
    let db = Arc::downgrade(db);
    let data_dir = data_dir.to_path_buf();
    let mut erased = 0u64;
    let mut retention_day: Option<String> = None;
    Watch::spawn("corpsite-housekeeping", HOUSEKEEPING_POLL, move || {
        let Some(db) = db.upgrade() else {
            return Probe::Gone;
        };
        match crate::office::trash::purge_expired(&*db, &data_dir) {
            Ok(count) => {
                if count > 0 {
                    tracing::info!(count, "erased for good what the trash kept its days");
                }
                erased += count;
            }
            Err(err) => return Probe::Failed(err.to_string()),
        }
        let today = office_zone(&db).today();
        if retention_day.as_deref() != Some(today.as_str()) {
            match crate::office::retention::run(&*db, &data_dir) {
                Ok(done) => {
                    if done.total() > 0 {
                        tracing::info!(erased = %done.counted(), "erased what is past the retention rules");
                    }
                    erased += done.total();
                    retention_day = Some(today);
                }
                Err(err) => return Probe::Failed(err.to_string()),
            }
        }
        Probe::Value(i64::try_from(erased).unwrap_or(i64::MAX))
    })
}

/// The office's time zone as the company details say now.
fn office_zone(db: &Arc<Db>) -> crate::domain::office_time::OfficeZone {
    db.read_blocking(|conn| Ok(crate::store::company_details::office_zone(conn)))
        .unwrap_or_else(|_: StoreError| crate::domain::office_time::OfficeZone::default_zone())
}

/// Writes the counted page views each `VISITS_FLUSH` (and keeps the roll-ups and the
/// retention, `crate::store::analytics::counter::Visits::flush`); reads the office's zone
/// anew each minute. Its reading is how many views it has written since the start. A last
/// write runs when the server stops.
fn start_visit_writer(
    db: &Arc<Db>,
    visits: &Arc<crate::store::analytics::counter::Visits>,
    keep_days: u32,
) -> std::io::Result<Watch> {
    let db = Arc::downgrade(db);
    let visits = Arc::clone(visits);
    let mut written = 0i64;
    let mut ticks = 0u64;
    Watch::spawn("corpsite-visits", VISITS_FLUSH, move || {
        let Some(db) = db.upgrade() else {
            return Probe::Gone;
        };
        ticks += 1;
        if ticks.is_multiple_of(60) {
            visits.set_zone(office_zone(&db), jiff::Timestamp::now().as_second());
        }
        match visits.flush(&db, jiff::Timestamp::now().as_second(), keep_days) {
            Ok(flushed) => {
                written += i64::try_from(flushed.written).unwrap_or(0);
                if flushed.deleted > 0 {
                    tracing::info!(
                        deleted = flushed.deleted,
                        "deleted page views past --visit-days"
                    );
                }
                Probe::Value(written)
            }
            Err(err) => Probe::Failed(err.to_string()),
        }
    })
}

/// The serving line's words for `--public-url`: the address links are built from, which is
/// what visitors use when the server sits behind a proxy.
fn public_address(settings: &Settings) -> String {
    settings
        .public_url
        .as_ref()
        .map(|url| format!("; visitors reach it at {url}"))
        .unwrap_or_default()
}

/// On a data dir with no account, a fresh set-up link that makes the first owner: 256
/// random bits, of which only the SHA-256 is kept (replacing the last start's). `None` once
/// any account exists.
async fn offer_setup_link(db: &Arc<Db>, settings: &Settings, local: SocketAddr) -> Option<String> {
    let token = match random_token() {
        Ok(token) => token,
        Err(err) => {
            tracing::error!(error = %err, "cannot make a set-up link");
            return None;
        }
    };
    let digest = token_digest(&token);
    let offered = db
        .write(move |conn| team::offer_setup(conn, &digest).map_err(StoreError::from))
        .await;
    match offered {
        Ok(true) => {}
        Ok(false) => return None,
        Err(err) => {
            tracing::error!(error = %err, "cannot offer a set-up link");
            return None;
        }
    }
    let site = match &settings.public_url {
        Some(url) => url.to_string(),
        None => {
            // A wildcard address is reached on this machine at its loopback.
            let ip = match local.ip() {
                IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
                ip => ip,
            };
            site_without_public_url(settings, SocketAddr::new(ip, local.port()))
        }
    };
    Some(format!(
        "{}{}?token={token}",
        site.trim_end_matches('/'),
        team::SETUP_PAGE
    ))
}

/// Prints and logs the set-up link, after the serving line.
/// On a demo laptop: the address to open, on stdout, and the browser opened on it.
fn show_on_desktop(desktop: &crate::settings::Desktop, local: SocketAddr) {
    use std::io::Write;
    let url = format!("http://{local}/");
    // Not `println!`, as `announce_setup_link` says.
    let _ = writeln!(std::io::stdout().lock(), "Open {url} in your browser");
    if desktop.open_browser {
        crate::desktop::open_in_browser(&url);
    }
}

fn announce_setup_link(link: Option<&str>) {
    use std::io::Write;
    if let Some(link) = link {
        // Not `println!`: a closed stdout (whoever started the server read only the serving
        // line) must not stop the server.
        let _ = writeln!(
            std::io::stdout().lock(),
            "No account yet: set up the first owner at {link} (it works once; while no account exists, each start prints a new one)"
        );
        tracing::info!(%link, "no account yet: the set-up link makes the first owner");
    }
}

/// Where links in mail point without `--public-url`: with `--tls-cert`, https and the first
/// name the certificate is for (at the HTTPS port); else the address served.
fn site_without_public_url(settings: &Settings, local: SocketAddr) -> String {
    let Some(tls) = &settings.tls else {
        return format!("http://{local}");
    };
    let port = match tls.https_addr.port() {
        443 => String::new(),
        _ => format!(":{}", local.port()),
    };
    let name = match &tls.certificate {
        CertSource::Files { cert, key } => certs::LoadedCert::from_files(cert, key)
            .ok()
            .and_then(|loaded| loaded.names.into_iter().next()),
        CertSource::Acme(acme) => acme.domains.first().cloned(),
    };
    match name {
        Some(name) => format!("https://{name}{port}"),
        None => format!("https://{local}"),
    }
}

/// The mail sender, when --smtp-url is set; one log line says what happens to mail.
fn start_mail(db: &Arc<Db>, settings: &Settings, local: SocketAddr) -> Option<Sender> {
    let mail = &settings.mail;
    let (Some(relay), Some(from)) = (&mail.smtp_url, &mail.from) else {
        tracing::info!("mail: no --smtp-url, so nothing is sent; mail waits in the outbox (corpsite mail status) until a relay is set");
        return None;
    };
    let site = match &settings.public_url {
        Some(url) => url.to_string(),
        None => {
            let site = site_without_public_url(settings, local);
            tracing::warn!("mail: without --public-url, links in mail point at {site}");
            site
        }
    };
    let link_key = match db.read_blocking(|conn| outbox::link_key(conn).map_err(Into::into)) {
        Ok(key) => key,
        Err(err) => {
            tracing::error!(error = %err, "mail: cannot read the link key; nothing is sent");
            return None;
        }
    };
    let transport = match crate::mail::sender::transport(relay) {
        Ok(transport) => transport,
        Err(err) => {
            tracing::error!(error = %err, relay = %relay, "mail: cannot set up the relay; nothing is sent");
            return None;
        }
    };
    let composer = Composer {
        from: from.clone(),
        notify_to: mail.notify_to.clone(),
        site,
        media_base: settings.media_base.clone(),
        data_dir: settings.data_dir.clone(),
        link_key,
    };
    match Sender::start(Arc::clone(db), transport, composer, mail.per_second) {
        Ok(sender) => {
            tracing::info!(relay = %relay, from = %from, per_second = mail.per_second, "mail: sending through the relay");
            Some(sender)
        }
        Err(err) => {
            tracing::error!(error = %err, "mail: cannot start the sender thread; nothing is sent");
            None
        }
    }
}

/// Reads 1 once the file at `path` is no longer the database the server opened (deleted,
/// or replaced by another file, e.g. a backup copied over it while running): writes would go
/// to a file no one will ever open again, so the forms stop taking them (503). Says so loudly.
fn watch_store_file(path: &Path) -> std::io::Result<Watch> {
    let path = path.to_path_buf();
    let opened = platform::file_identity(&path)?.ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "this system does not tell which file a path is",
        )
    })?;
    let mut reported = false;
    Watch::spawn("corpsite-store-file", STORE_FILE_POLL, move || {
        let same = platform::file_identity(&path).is_ok_and(|now| now == Some(opened));
        if !same && !reported {
            reported = true;
            tracing::error!(
                path = %path.display(),
                "THE DATABASE FILE WAS DELETED OR REPLACED while the site runs: forms now answer 503 \
                 and nothing more is written. Restart corpsite to open the file that is there now."
            );
        }
        Probe::Value(i64::from(!same))
    })
}

/// SIGHUP never stops the server (its default would end the process, and systemd counts
/// that as a clean exit, so `Restart=on-failure` would not bring the site back). With
/// `--tls-cert` it re-reads the certificate files (`tls::load_files`); in every other mode
/// there is nothing to re-read, which one log line says.
fn hangups(settings: &Settings, mut stopped: watch::Receiver<bool>) {
    // Registered now, before anything else can take time: from here on SIGHUP is ours.
    let mut hangups = match platform::hangups() {
        Ok(hangups) => hangups,
        Err(err) => {
            tracing::warn!(error = %err, "cannot listen for SIGHUP");
            return;
        }
    };
    let reloads_files = matches!(
        settings.tls,
        Some(TlsSettings {
            certificate: CertSource::Files { .. },
            ..
        })
    );
    if reloads_files {
        return;
    }
    tokio::spawn(async move {
        loop {
            tokio::select! {
                got = hangups.recv() => if got.is_none() { return },
                _ = stopped.wait_for(|stop| *stop) => return,
            }
            tracing::info!(
                "SIGHUP: nothing to reload (settings are read at start: restart to change \
                 them; only --tls-cert files are re-read on SIGHUP)"
            );
        }
    });
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = ctrl_c => {}
        () = platform::terminate() => {}
    }
    tracing::info!("shutting down: finishing open requests");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_dir_that_cannot_be_written_is_refused_with_its_name() {
        // /proc/self exists and no user, root included, may create files in it.
        let err = ensure_writable(Path::new("/proc/self")).expect_err("not writable");
        let message = err.to_string();
        assert!(
            message.contains("/proc/self cannot be written"),
            "{message}"
        );
    }

    #[test]
    fn a_writable_data_dir_is_left_as_it_was() {
        let dir = tempfile::tempdir().expect("dir");
        ensure_writable(dir.path()).expect("writable");
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 0);
    }

    #[test]
    fn mail_links_without_a_public_url_are_https_at_the_certificates_name() {
        let dir = tempfile::tempdir().expect("dir");
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec!["www.example.com".to_owned()])
            .expect("params")
            .self_signed(&key)
            .expect("cert");
        let (cert_file, key_file) = (dir.path().join("site.crt"), dir.path().join("site.key"));
        std::fs::write(&cert_file, cert.pem()).expect("cert");
        std::fs::write(&key_file, key.serialize_pem()).expect("key");
        let local: SocketAddr = "127.0.0.1:8443".parse().expect("addr");
        let mut settings = Settings::for_data_dir(dir.path());
        assert_eq!(
            site_without_public_url(&settings, local),
            "http://127.0.0.1:8443"
        );
        settings.tls = Some(TlsSettings {
            https_addr: "0.0.0.0:0".parse().expect("addr"),
            http_addr: "0.0.0.0:0".parse().expect("addr"),
            certificate: CertSource::Files {
                cert: cert_file,
                key: key_file,
            },
        });
        assert_eq!(
            site_without_public_url(&settings, local),
            "https://www.example.com:8443"
        );
    }
}
