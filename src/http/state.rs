//! What every handler may need, built once at start: the store, the settings, the caches and
//! limits the areas share; and the filters that hand a request the state or need it (a
//! form's post). The types it holds live in modules that do not name it back.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::header::AUTHORIZATION;
use warp::http::HeaderMap;
use warp::reply::Response;
use warp::Filter;

use crate::domain::form_proof::ProofForm;
use crate::http::plumbing::form_proof::{FormProofs, Proof};
use crate::http::plumbing::{body, disk, error, origin, rate_limit};
use crate::http::public_api::{blog_cache, company_details_cache};
use crate::http::site::assets::IndexPage;
use crate::http::site::pages;
use crate::http::staff::hashing;
use crate::metrics::{Limit, Metrics};
use crate::settings::Settings;
use crate::store::api_keys::{self, KeyUse};
use crate::store::watch::Reading;
use crate::store::Db;
use rate_limit::ClientLimit;

const API_KEY_MALFORMED: &str =
    "Send an API key as `Authorization: Bearer KEY`, or no Authorization header and a proof of work.";
const API_KEY_UNKNOWN: &str =
    "This API key is not known here: check it, or ask an owner of the site's team for one.";
const API_KEY_REVOKED: &str =
    "This API key was revoked: ask an owner of the site's team for a new one.";

/// One-click unsubscribes a client may post a minute, per form post the forms allow.
pub const ONE_CLICK_PER_FORM_POST: u32 = 30;

/// What every handler may need, built once.
#[derive(Clone)]
pub struct AppState {
    pub db: Arc<Db>,
    pub settings: Arc<Settings>,
    pub index: Arc<IndexPage>,
    /// One per-client limit shared by every form post.
    pub form_limit: Arc<ClientLimit>,
    /// The forms' proof of work: its key, the answers taken, each client's posts of the hour.
    pub form_proofs: Arc<FormProofs>,
    /// The per-client limit on blog searches that miss the cache.
    pub search_limit: Arc<ClientLimit>,
    /// The per-client limit on one-click unsubscribes (`subscriptions::one_click`).
    pub unsubscribe_limit: Arc<ClientLimit>,
    /// The per-client limit on counted page views (`analytics`, the beacon).
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
    pub blogs: Arc<blog_cache::BlogApi>,
    /// The company's details and their cache, which the rendered pages use too.
    pub site: Arc<company_details_cache::CompanyDetailsApi>,
    /// The server-rendered pages.
    pub pages: Arc<pages::Pages>,
    /// The media files, with the packed forms of their SVGs.
    pub media: Arc<crate::http::site::media::MediaFiles>,
    /// The open job postings for the public API and the sitemap.
    pub jobs: Arc<crate::http::public_api::job_postings::JobsApi>,
    /// The backups' and the certificate's state, for `/healthz` and `/metrics`.
    pub health: Arc<crate::health::Health>,
    /// The Prometheus counters the handlers bump (`/metrics`).
    pub metrics: Arc<Metrics>,
    /// Turns for Argon2 password checks: a few at once, whatever arrives.
    pub password_checks: Arc<hashing::PasswordChecks>,
    /// The relying party staff passkeys are made for (the site's name).
    pub passkeys: Arc<crate::http::staff::relying_party::RelyingParty>,
    /// The page views counted and not yet written, and the day's salt.
    pub visits: Arc<crate::store::analytics::counter::Visits>,
}

/// A public form post's handler: the state, the client, the request's headers, its body still
/// to be read, and how the post stood with its proof of work.
pub trait ProofPostHandler<Fut>:
    Fn(AppState, IpAddr, HeaderMap, body::Body, Proof) -> Fut + Clone + Send + Sync + 'static
{
}

impl<F, Fut> ProofPostHandler<Fut> for F where
    F: Fn(AppState, IpAddr, HeaderMap, body::Body, Proof) -> Fut + Clone + Send + Sync + 'static
{
}

impl AppState {
    /// Fails only when the system has no randomness for the proof of work's key.
    pub fn new(
        db: Arc<Db>,
        settings: Settings,
        watches: Watches,
    ) -> Result<AppState, getrandom::Error> {
        let metrics = Arc::new(Metrics::new());
        // The difficulty follows a client's posts only while the form limit is on: with it
        // off (the browser tests, one loopback client for every spec) it stays the first's.
        let form_proofs = FormProofs::new(
            settings.form_proof,
            settings.rate_limit_per_minute > 0,
            |reason| metrics.proof_refused(reason),
        )?;
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
                .saturating_mul(ONE_CLICK_PER_FORM_POST),
            metrics.rate_limited(Limit::Unsubscribe),
        ));
        let visit_limit = Arc::new(ClientLimit::new(
            settings.visit_rate_limit_per_minute,
            metrics.rate_limited(Limit::Visit),
        ));
        let blogs = Arc::new(blog_cache::BlogApi::new(
            Arc::clone(&db),
            &settings,
            watches.blog_version.clone(),
            Arc::clone(&search_limit),
            &metrics,
        ));
        let site = Arc::new(company_details_cache::CompanyDetailsApi::new(
            Arc::clone(&db),
            watches.blog_version.clone(),
            &settings.media_base,
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
        let passkeys = Arc::new(crate::http::staff::relying_party::RelyingParty::for_site(
            &settings,
        ));
        let jobs = Arc::new(crate::http::public_api::job_postings::JobsApi::new(
            Arc::clone(&db),
            &settings.media_base,
        ));
        let media = Arc::new(crate::http::site::media::MediaFiles::new(
            &settings.data_dir,
        ));
        Ok(AppState {
            db,
            settings: Arc::new(settings),
            index,
            form_limit: Arc::new(form_limit),
            form_proofs: Arc::new(form_proofs),
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
            media,
            jobs,
            health: watches.health,
            metrics,
            password_checks: Arc::new(hashing::PasswordChecks::per_core()),
            passkeys,
            visits: watches.visits,
        })
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
            .read(|conn| Ok(crate::store::company_details::office_zone(conn)))
            .await?)
    }

    /// Runs `operation` with the database and the data dir on a blocking thread: an office
    /// operation that runs its own transaction (`office::Database`) waits for the writer's
    /// commit, then stores or deletes files.
    pub async fn run_office<T: Send + 'static>(
        &self,
        operation: impl FnOnce(&Db, &std::path::Path) -> T + Send + 'static,
    ) -> Result<T, error::ApiError> {
        let (db, settings) = (Arc::clone(&self.db), Arc::clone(&self.settings));
        tokio::task::spawn_blocking(move || operation(&db, &settings.data_dir))
            .await
            .map_err(error::ApiError::unexpected)
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

    /// A form's `POST` at `path`: refused from other sites (403; CORS for allowed ones), one
    /// token of the client's form limit (429 without one), then `handler` with the client's
    /// address, the request's headers and body. `OPTIONS` at `path` answers allowed sites' CORS preflight.
    pub fn form_post<F, Fut>(&self, path: BoxedFilter<()>, handler: F) -> BoxedFilter<(Response,)>
    where
        F: Fn(AppState, IpAddr, HeaderMap, body::Body) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Result<Response, error::ApiError>> + Send,
    {
        self.guarded_post(path, None, move |state, client, headers, body, _| {
            handler(state, client, headers, body)
        })
    }

    /// A public form that brings a lead (`form`): as `form_post`, and before its body is read,
    /// its proof of work (`Form-Proof`) is checked and taken (403 without a valid one, so
    /// nothing is stored and no mail sent); `handler` gets how the post stood with it.
    pub fn lead_post<F, Fut>(
        &self,
        path: BoxedFilter<()>,
        form: ProofForm,
        handler: F,
    ) -> BoxedFilter<(Response,)>
    where
        F: ProofPostHandler<Fut>,
        Fut: Future<Output = Result<Response, error::ApiError>> + Send,
    {
        self.guarded_post(path, Some(form), handler)
    }

    /// A form post's `Authorization: Bearer KEY`: a live API key of the team's (its use
    /// counted on it) stands for the proof of work; an unknown or malformed one is 401, a
    /// revoked one 403, and the post is not read.
    async fn trusted_caller(&self, headers: &HeaderMap) -> Result<Proof, error::ApiError> {
        let key = headers
            .get(AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(crate::http::plumbing::filters::bearer)
            .filter(|key| !key.is_empty())
            .ok_or(error::ApiError::Unauthorized(API_KEY_MALFORMED))?;
        let digest = crate::domain::staff::token_digest(key);
        let used = self
            .db
            .write(move |conn| -> Result<KeyUse, crate::store::StoreError> {
                Ok(api_keys::use_key(conn, &digest)?)
            })
            .await?;
        match used {
            KeyUse::Counted(_) => Ok(Proof::Key),
            KeyUse::Revoked => Err(error::ApiError::Forbidden(API_KEY_REVOKED.into())),
            KeyUse::Unknown => Err(error::ApiError::Unauthorized(API_KEY_UNKNOWN)),
        }
    }

    fn guarded_post<F, Fut>(
        &self,
        path: BoxedFilter<()>,
        form: Option<ProofForm>,
        handler: F,
    ) -> BoxedFilter<(Response,)>
    where
        F: ProofPostHandler<Fut>,
        Fut: Future<Output = Result<Response, error::ApiError>> + Send,
    {
        let post = warp::post()
            .and(self.filter())
            .and(self.client())
            .and(body::incoming(self.body_pace()))
            .then(move |state: AppState, client, headers: HeaderMap, body| {
                let handler = handler.clone();
                async move {
                    let verdict = match state.origins.check(&headers) {
                        Ok(verdict) => verdict,
                        Err(err) => return err.into_response(),
                    };
                    let ready = state
                        .form_limit
                        .check(client)
                        .and_then(|()| state.check_writable());
                    let ready = match (ready, form) {
                        (Err(err), _) => Err(err),
                        (Ok(()), None) => Ok(Proof::Off),
                        // A trusted caller's API key takes the proof's place.
                        (Ok(()), Some(_)) if headers.contains_key(AUTHORIZATION) => {
                            state.trusted_caller(&headers).await
                        }
                        // A refusal is counted for the analytics report's spam share.
                        (Ok(()), Some(form)) => state
                            .form_proofs
                            .take(form, client, &headers)
                            .inspect_err(|_| {
                                state.visits.refuse_post(jiff::Timestamp::now().as_second());
                            }),
                    };
                    let outcome = match ready {
                        Ok(proof) => handler(state, client, headers, body, proof).await,
                        Err(err) => Err(err),
                    };
                    let mut response = error::reply(outcome);
                    origin::allow(&mut response, &verdict);
                    response
                }
            });
        let origins = Arc::clone(&self.origins);
        let preflight = warp::options()
            .and(warp::header::headers_cloned())
            .map(move |headers: HeaderMap| error::reply(origins.preflight(&headers)));
        path.and(post.or(preflight).unify()).boxed()
    }
}

/// What the server's background watches keep fresh for the handlers.
pub struct Watches {
    pub blog_version: Reading,
    pub store_lost: Reading,
    pub health: Arc<crate::health::Health>,
    /// The visit counter the server's visits thread writes out.
    pub visits: Arc<crate::store::analytics::counter::Visits>,
}
