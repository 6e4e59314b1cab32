//! What every handler may need, built once at start: the store, the settings, the caches and
//! limits the areas share, and the marks the listener puts on each request.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::Filter;

use crate::http::plumbing::{body, disk, error, origin, rate_limit};
use crate::http::public_api::{blogs, site_details, subscriptions};
use crate::http::site::assets::IndexPage;
use crate::http::site::pages;
use crate::http::staff::hashing;
use crate::metrics::{Limit, Metrics};
use crate::settings::Settings;
use crate::store::watch::Reading;
use crate::store::Db;
use rate_limit::ClientLimit;

/// The client's address, put on each request by the server (warp's own `addr::remote()`
/// only works under `warp::serve`).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub SocketAddr);

/// Put on a request by the server when it terminated TLS for it (`--domain`, `--tls-cert`):
/// the request reached the site over https.
#[derive(Debug, Clone, Copy)]
pub struct OverTls;

/// What every handler may need, built once.
#[derive(Clone)]
pub struct AppState {
    pub db: Arc<Db>,
    pub settings: Arc<Settings>,
    pub index: Arc<IndexPage>,
    /// One per-client limit shared by every form post.
    pub form_limit: Arc<ClientLimit>,
    /// The per-client limit on blog searches that miss the cache.
    pub search_limit: Arc<ClientLimit>,
    /// The per-client limit on one-click unsubscribes (`subscriptions::one_click`).
    pub unsubscribe_limit: Arc<ClientLimit>,
    /// The per-client limit on counted page views (`visits`).
    pub visit_limit: Arc<ClientLimit>,
    /// Room on disk for what the forms store.
    pub disk: Arc<disk::DiskGuard>,
    /// 1 once the database file in the data dir is no longer the one open (deleted or
    /// replaced): writes would be lost, so forms answer 503. Kept by the server's watch.
    pub store_lost: Reading,
    /// Which other sites may post the forms.
    pub origins: Arc<origin::OriginPolicy>,
    /// The blog version counter, kept fresh by the server's watch thread.
    pub blog_version: Reading,
    /// The blog API's reads and cache, which the rendered pages use too.
    pub blogs: Arc<blogs::BlogApi>,
    /// The company's details and their cache, which the rendered pages use too.
    pub site: Arc<site_details::SiteApi>,
    /// The server-rendered pages.
    pub pages: Arc<pages::Pages>,
    /// The backups' and the certificate's state, for `/healthz` and `/metrics`.
    pub health: Arc<crate::health::Health>,
    /// The Prometheus counters the handlers bump (`/metrics`).
    pub metrics: Arc<Metrics>,
    /// Turns for Argon2 password checks: a few at once, whatever arrives.
    pub password_checks: Arc<hashing::PasswordChecks>,
    /// The relying party staff passkeys are made for (the site's name).
    pub passkeys: Arc<crate::http::staff::passkeys::RelyingParty>,
    /// The page views counted and not yet written, and the day's salt.
    pub visits: Arc<crate::visits::Visits>,
}

impl AppState {
    pub fn new(db: Arc<Db>, settings: Settings, watches: Watches) -> AppState {
        let metrics = Arc::new(Metrics::new());
        let index = Arc::new(IndexPage::render("/api", &settings.media_base));
        let form_limit = ClientLimit::new(
            settings.rate_limit_per_minute,
            metrics.rate_limited(Limit::Form),
        );
        let search_limit = Arc::new(ClientLimit::new(
            settings.search_rate_limit_per_minute,
            metrics.rate_limited(Limit::Search),
        ));
        // Mail providers post one-click unsubscribes for many readers from a few servers: a
        // limit well above the forms', off with them.
        let unsubscribe_limit = Arc::new(ClientLimit::new(
            settings
                .rate_limit_per_minute
                .saturating_mul(subscriptions::ONE_CLICK_PER_FORM_POST),
            metrics.rate_limited(Limit::Unsubscribe),
        ));
        let visit_limit = Arc::new(ClientLimit::new(
            settings.visit_rate_limit_per_minute,
            metrics.rate_limited(Limit::Visit),
        ));
        let blogs = Arc::new(blogs::BlogApi::new(
            Arc::clone(&db),
            &settings,
            watches.blog_version.clone(),
            Arc::clone(&search_limit),
            &metrics,
        ));
        let site = Arc::new(site_details::SiteApi::new(
            Arc::clone(&db),
            watches.blog_version.clone(),
        ));
        let pages = pages::Pages::new(
            Arc::clone(&index),
            Arc::clone(&blogs),
            Arc::clone(&site),
            &settings.media_base,
            &metrics,
        );
        let origins = origin::OriginPolicy::for_site(&settings);
        let uploads = crate::store::uploads::uploads_dir(&settings.data_dir);
        let disk = disk::DiskGuard::new(
            &settings.data_dir,
            settings.min_free_disk,
            settings.uploads_quota,
            disk::folder_size(&uploads),
        );
        let passkeys = Arc::new(crate::http::staff::passkeys::RelyingParty::for_site(
            &settings,
        ));
        AppState {
            db,
            settings: Arc::new(settings),
            index,
            form_limit: Arc::new(form_limit),
            search_limit,
            unsubscribe_limit,
            visit_limit,
            origins: Arc::new(origins),
            disk: Arc::new(disk),
            store_lost: watches.store_lost,
            blog_version: watches.blog_version,
            blogs,
            site,
            pages: Arc::new(pages),
            health: watches.health,
            metrics,
            password_checks: Arc::new(hashing::PasswordChecks::per_core()),
            passkeys,
            visits: watches.visits,
        }
    }

    /// Can a form's write be taken now? Not while the database file is lost (503) or the
    /// disk nearly full (507).
    pub(crate) fn check_writable(&self) -> Result<(), error::ApiError> {
        if self.store_lost.get() == Some(1) {
            return Err(error::ApiError::Unavailable {
                message: error::CANNOT_TAKE_FORMS,
                retry_after_secs: 60,
            });
        }
        self.disk.check_free()
    }

    /// The office's time zone from the company details: for the times and days people read
    /// and filter by.
    pub async fn office_zone(
        &self,
    ) -> Result<crate::domain::office_time::OfficeZone, error::ApiError> {
        Ok(self
            .db
            .read(|conn| Ok(crate::store::site_details::office_zone(conn)))
            .await?)
    }

    /// How fast a request body must arrive.
    pub fn body_pace(&self) -> body::Pace {
        body::Pace {
            idle: self.settings.body_idle_timeout,
            min_rate: self.settings.body_min_rate,
            grace: self.settings.body_rate_grace,
        }
    }

    /// A filter that hands each request the state.
    pub fn filter(&self) -> BoxedFilter<(AppState,)> {
        let state = self.clone();
        warp::any().map(move || state.clone()).boxed()
    }

    /// A filter that hands each request its client's address (trusted proxies applied).
    pub fn client(&self) -> BoxedFilter<(IpAddr,)> {
        rate_limit::client(Arc::new(self.settings.trusted_proxies.clone()))
    }
}

/// What the server's background watches keep fresh for the handlers.
pub struct Watches {
    pub blog_version: Reading,
    pub store_lost: Reading,
    pub health: Arc<crate::health::Health>,
    /// The visit counter the server's visits thread writes out.
    pub visits: Arc<crate::visits::Visits>,
}
