//! Every route, combined in one place, with the one `recover`.
//!
//! Each area (`blogs`, `leads`, `applicants`, `media`, the site's `assets`) has its own
//! `routes()`; handlers return `Result<_, ApiError>` and `error::reply` makes the response,
//! so a rejection only ever means "this route did not match". `/api/...` answers JSON, errors
//! included, and never falls back to the site's HTML. Every response gets the security
//! headers, a log line and its count and time in `metrics` (by route group). `health` serves
//! `/healthz` and `/metrics`, here and on the admin address.

pub mod applicants;
pub mod assets;
pub mod blogs;
pub mod body;
pub mod discovery;
pub mod disk;
pub mod error;
pub mod front;
#[cfg(test)]
mod generated_ui;
pub mod hashing;
pub mod health;
pub mod inbox;
pub mod json_body;
pub mod leads;
pub mod media;
pub mod openapi;
pub mod origin;
pub mod pages;
pub mod rate_limit;
pub mod reply;
pub mod response_cache;
pub mod security;
pub mod site_details;
pub mod site_url;
pub mod staff;
pub mod staff_media;
pub mod stories;
pub mod subscriptions;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::path::FullPath;
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::metrics::{Limit, Metrics, RouteGroup};
use crate::settings::Settings;
use crate::store::watch::Reading;
use crate::store::Db;
use assets::IndexPage;
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
        AppState {
            db,
            settings: Arc::new(settings),
            index,
            form_limit: Arc::new(form_limit),
            search_limit,
            unsubscribe_limit,
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
        }
    }

    /// Can a form's write be taken now? Not while the database file is lost (503) or the
    /// disk nearly full (507).
    fn check_writable(&self) -> Result<(), error::ApiError> {
        if self.store_lost.get() == Some(1) {
            return Err(error::ApiError::Unavailable {
                message: error::CANNOT_TAKE_FORMS,
                retry_after_secs: 60,
            });
        }
        self.disk.check_free()
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
}

/// GET, or HEAD (hyper sends HEAD answers without their body).
pub fn get_or_head() -> BoxedFilter<()> {
    warp::get().or(warp::head()).unify().boxed()
}

/// A form's `POST` at `path`: refused from other sites (403; CORS for allowed ones), one
/// token of the client's form limit (429 without one), then `handler` with the client's
/// address, the request's headers and body. `OPTIONS` at `path` answers allowed sites' CORS preflight.
pub fn form_post<F, Fut>(
    state: &AppState,
    path: BoxedFilter<()>,
    handler: F,
) -> BoxedFilter<(Response,)>
where
    F: Fn(AppState, IpAddr, HeaderMap, body::Body) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<Response, error::ApiError>> + Send,
{
    let post = warp::post()
        .and(state.filter())
        .and(state.client())
        .and(body::incoming(state.body_pace()))
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
                let outcome = match ready {
                    Ok(()) => handler(state, client, headers, body).await,
                    Err(err) => Err(err),
                };
                let mut response = error::reply(outcome);
                origin::allow(&mut response, &verdict);
                response
            }
        });
    let origins = Arc::clone(&state.origins);
    let preflight = warp::options()
        .and(warp::header::headers_cloned())
        .map(move |headers: HeaderMap| error::reply(origins.preflight(&headers)));
    path.and(post.or(preflight).unify()).boxed()
}

/// Everything under `/api`. Add each API area here.
fn api(state: &AppState) -> BoxedFilter<(Response,)> {
    let endpoints = blogs::routes(state)
        .or(leads::routes(state))
        .unify()
        .or(applicants::routes(state))
        .unify()
        .or(subscriptions::routes(state))
        .unify()
        .or(openapi::routes())
        .unify()
        .or(staff::routes(state))
        .unify()
        .or(inbox::routes(state))
        .unify()
        .or(site_details::routes(state))
        .unify()
        .or(staff_media::routes(state))
        .unify()
        .or(stories::routes(state))
        .unify();
    warp::path("api").and(endpoints).boxed()
}

/// The query string, empty when there is none (never rejects: `query::raw` refuses an
/// absent one).
pub fn raw_query() -> BoxedFilter<(String,)> {
    warp::query::raw()
        .or(warp::any().map(String::new))
        .unify()
        .boxed()
}

/// Every other GET: the site's files and pages (rendered). Paths under `/api` are not the
/// site's: they fall to the recover, which answers JSON. The path is judged before the
/// method, so an `/api` path no route has is 404 whatever the method, never a 405 whose
/// `Allow` would offer the site's GET.
fn site(state: &AppState) -> BoxedFilter<(Response,)> {
    let pages = Arc::clone(&state.pages);
    let raw_query = raw_query();
    warp::path::full()
        .and_then(|path: FullPath| async move {
            if path.as_str() == "/api" || path.as_str().starts_with("/api/") {
                Err(warp::reject::not_found())
            } else {
                Ok(path)
            }
        })
        .and(get_or_head())
        .and(raw_query)
        .and(warp::header::headers_cloned())
        .and(site_url::origin(
            state.settings.public_url.clone(),
            Arc::new(state.settings.trusted_proxies.clone()),
        ))
        .and(state.client())
        .then(
            move |path: FullPath, query: String, headers: HeaderMap, origin, client| {
                let pages = Arc::clone(&pages);
                async move {
                    match assets::file(path.as_str(), &headers) {
                        Some(file) => file,
                        None => {
                            pages
                                .answer(path.as_str(), &query, &origin, client, &headers)
                                .await
                        }
                    }
                }
            },
        )
        .boxed()
}

/// The whole application: every route, the one recover, security headers, request logs and
/// request metrics. `front::Front` answers the kept pages ahead of it, the same way.
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let finish = Finish::new(state);
    let answered = api(state)
        .or(health::routes(state))
        .unify()
        .or(subscriptions::one_click(state))
        .unify()
        .or(media::routes(state))
        .unify()
        .or(discovery::routes(state))
        .unify()
        .or(site(state))
        .unify()
        .recover(error::recover)
        .unify();
    let logged = finish.clone();
    warp::path::full()
        .and(answered)
        .map(move |path: FullPath, response: Response| finish.headers(path.as_str(), response))
        .with(warp::log::custom(move |info: warp::log::Info<'_>| {
            logged.record(info.method(), info.path(), info.status(), info.elapsed());
        }))
        .map(Reply::into_response)
        .boxed()
}

/// What every answer gets on its way out, whichever way it was made.
#[derive(Clone)]
pub struct Finish {
    security: security::SecurityHeaders,
    metrics: Arc<Metrics>,
}

impl Finish {
    pub fn new(state: &AppState) -> Finish {
        Finish {
            security: security::SecurityHeaders::new(&state.settings.media_base),
            metrics: Arc::clone(&state.metrics),
        }
    }

    /// The security headers, `Allow` on a 405, and privacy for the staff's paths.
    pub fn headers(&self, path: &str, mut response: Response) -> Response {
        if response.status() == warp::http::StatusCode::METHOD_NOT_ALLOWED {
            if let Ok(allow) = warp::http::HeaderValue::from_str(&allowed_methods(path)) {
                response
                    .headers_mut()
                    .insert(warp::http::header::ALLOW, allow);
            }
        }
        if is_private(path) {
            keep_private(&mut response);
        }
        self.security.apply(response)
    }

    /// The request's log line and its count and time in `metrics`.
    pub fn record(
        &self,
        method: &warp::http::Method,
        path: &str,
        status: warp::http::StatusCode,
        elapsed: std::time::Duration,
    ) {
        self.metrics
            .request(RouteGroup::of(path), status.as_u16(), elapsed.as_secs_f64());
        log_request(method, path, status, elapsed);
    }
}

/// A request's log line.
fn log_request(
    method: &warp::http::Method,
    path: &str,
    status: warp::http::StatusCode,
    elapsed: std::time::Duration,
) {
    tracing::info!(
        %method,
        path,
        status = status.as_u16(),
        latency_ms = elapsed.as_secs_f64() * 1000.0,
        "request"
    );
}

/// The staff side: its pages and API are for one person's browser only.
fn is_private(path: &str) -> bool {
    let under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    under("/api/staff") || under("/staff") || under("/login")
}

/// Never kept by a shared cache nor by the browser, never indexed: errors included.
fn keep_private(response: &mut Response) {
    use warp::http::{header, HeaderValue};
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.remove(header::ETAG);
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
}

/// The routes and the methods each takes, for the `Allow` header of a 405 (RFC 9110): a
/// pattern's `*` is any one segment, as a route's `param` takes it. Keep it in step with the
/// routes of each area (an `Allow` test tries every method on every path). The forms take
/// POST and a CORS preflight; a path no pattern names is the site's, read with GET or HEAD.
const ROUTE_METHODS: &[(&str, &[&str])] = &[
    // forms and subscriber links (`form_post`)
    ("/api/clients/create", &["POST", "OPTIONS"]),
    ("/api/applicant/create", &["POST", "OPTIONS"]),
    (
        "/api/corp_website/subscribers/confirm",
        &["POST", "OPTIONS"],
    ),
    (
        "/api/corp_website/subscribers/unsubscribe",
        &["POST", "OPTIONS"],
    ),
    // the one-click unsubscribe posts to the page of the same address
    ("/blogs/unsubscribe", &["GET", "HEAD", "POST"]),
    // blogs, site, openapi
    ("/api/corp_website/blogs/get", &["GET", "HEAD"]),
    ("/api/corp_website/blogs/get/*", &["GET", "HEAD"]),
    ("/api/corp_website/site", &["GET", "HEAD"]),
    ("/api/openapi.json", &["GET", "HEAD"]),
    // staff
    ("/api/staff/login", &["POST"]),
    ("/api/staff/session", &["GET", "HEAD"]),
    ("/api/staff/logout", &["POST"]),
    ("/api/staff/password", &["POST"]),
    ("/api/staff/settings", &["GET", "HEAD", "PUT"]),
    ("/api/staff/media", &["POST"]),
    // inbox
    ("/api/staff/inbox/*", &["GET", "HEAD"]),
    ("/api/staff/inbox/*/export.csv", &["GET", "HEAD"]),
    ("/api/staff/inbox/*/*", &["GET", "HEAD", "DELETE"]),
    ("/api/staff/inbox/applicants/*/resume", &["GET", "HEAD"]),
    ("/api/staff/inbox/*/*/*", &["POST"]),
    // stories
    ("/api/staff/stories", &["GET", "HEAD", "POST"]),
    ("/api/staff/stories/choices", &["GET", "HEAD"]),
    ("/api/staff/stories/preview", &["POST"]),
    ("/api/staff/stories/*", &["GET", "HEAD", "PUT", "DELETE"]),
];

/// The order methods are listed in.
const METHOD_ORDER: [&str; 6] = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];

/// The methods `path` answers: those of every route whose pattern it matches (a story id
/// may be spelled `preview`, an inbox id `export.csv`), GET and HEAD for the site's paths.
fn allowed_methods(path: &str) -> String {
    // One trailing slash is the same path to warp's `path::end`.
    let path = path
        .strip_suffix('/')
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    let mut taken: Vec<&str> = Vec::new();
    for (pattern, methods) in ROUTE_METHODS {
        if matches_pattern(path, pattern) {
            taken.extend_from_slice(methods);
        }
    }
    if taken.is_empty() {
        return "GET, HEAD".to_owned();
    }
    METHOD_ORDER
        .iter()
        .copied()
        .filter(|method| taken.contains(method))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether `path` has `pattern`'s segments, `*` standing for any segment but an empty one.
fn matches_pattern(path: &str, pattern: &str) -> bool {
    let mut segments = path.split('/');
    let mut parts = pattern.split('/');
    loop {
        match (segments.next(), parts.next()) {
            (None, None) => return true,
            (Some(segment), Some("*")) if !segment.is_empty() => {}
            (Some(segment), Some(part)) if part != "*" && segment == part => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_answers_the_methods_of_every_route_it_matches() {
        let cases = [
            ("/api/staff/stories", "GET, HEAD, POST"),
            ("/api/staff/stories/", "GET, HEAD, POST"),
            ("/api/staff/stories/choices", "GET, HEAD, PUT, DELETE"),
            ("/api/staff/stories/preview", "GET, HEAD, POST, PUT, DELETE"),
            ("/api/staff/stories/abc", "GET, HEAD, PUT, DELETE"),
            ("/api/staff/inbox/enquiries", "GET, HEAD"),
            ("/api/staff/inbox/enquiries/export.csv", "GET, HEAD, DELETE"),
            ("/api/staff/inbox/enquiries/abc", "GET, HEAD, DELETE"),
            ("/api/staff/inbox/applicants/abc/resume", "GET, HEAD, POST"),
            ("/api/staff/inbox/enquiries/abc/notes", "POST"),
            ("/api/clients/create", "POST, OPTIONS"),
            ("/blogs/unsubscribe", "GET, HEAD, POST"),
            ("/", "GET, HEAD"),
            ("/contact", "GET, HEAD"),
        ];
        for (path, methods) in cases {
            assert_eq!(allowed_methods(path), methods, "{path}");
        }
    }

    #[test]
    fn a_star_is_one_segment_that_is_not_empty() {
        assert!(matches_pattern("/a/x/b", "/a/*/b"));
        assert!(!matches_pattern("/a//b", "/a/*/b"));
        assert!(!matches_pattern("/a/x/y/b", "/a/*/b"));
        assert!(!matches_pattern("/a/x", "/a/*/b"));
        assert!(!matches_pattern("/a/x/b/", "/a/*/b"));
    }
}
