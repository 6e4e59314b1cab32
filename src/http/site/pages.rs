//! The site's pages, rendered on the server: every route of the route table answers its
//! finished HTML (the same React components the browser runs, through `render`), with the API
//! answers it was rendered from embedded for the browser to hydrate with.
//!
//! - Rendered pages are cached per site origin, path and (for the blog list) page and search:
//!   those that show blog data until the blog version counter moves, like the blog API's
//!   answers; the others (no `data` in the route table) for as long as the process runs.
//! - A render that fails (throws, times out, finds the engines busy) is logged and the request
//!   gets the plain shell, which the browser renders as before: never a 5xx, never a hang.
//! - Private routes (`"private": true`, the staff's) are never rendered, indexed or shared:
//!   the shell with `noindex` and `Cache-Control: private, no-store`.
//! - An unknown post answers 404 with its rendered page; an unknown path 404 with the
//!   rendered error screen.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, LazyLock, OnceLock, Weak};
use std::time::Duration;

use bytes::Bytes;
use hashbrown::Equivalent;
use tokio::sync::watch;
use warp::http::{header, HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;

use crate::domain::office_time::OfficeZone;
use crate::domain::page::requested_page;
use crate::domain::public_url::PublicUrl;
use crate::http::plumbing::reply::{brotli, etag_of, gzip, packed_etag};
use crate::http::plumbing::response_cache::ResponseCache;
use crate::http::plumbing::security;
use crate::http::public_api::blog_cache::BlogApi;
use crate::http::public_api::company_details_cache::CompanyDetailsApi;
use crate::http::public_api::job_postings::{self as jobs, JobsApi, Lookup};
use crate::http::site::assets::{self, html_response, IndexPage, Packed, PageData, Route};
use crate::metrics::{Cache, Metrics};
use crate::render::document::{Build, Document, InlineFiles};
use crate::render::engine::{Limits, RenderPool};

/// HTML a CDN may keep for a minute and serve stale while it asks again; browsers always ask
/// (and get 304 while the ETag holds).
pub const PUBLIC_HTML: &str = crate::http::plumbing::reply::PUBLIC_REVALIDATE;
/// The staff's pages: nobody keeps them.
pub const PRIVATE_HTML: &str = "private, no-store";
/// The shell after a failed render: not worth keeping anywhere.
const FALLBACK_HTML: &str = "no-cache";
/// Distinct rendered pages kept in each cache. A page with its gzip and brotli is 65 to 130
/// KB, so this bounds the caches at about 33 MB together, inside the memory budget.
const CACHE_ENTRIES: usize = 128;
/// Kept pages waiting for their brotli form; beyond it a page stays gzip until asked again.
const PACK_QUEUE: usize = 64;

/// How often `keep_warm` looks at the content version.
const WARM_UP_POLL: Duration = Duration::from_millis(250);

/// A rendered page as it is kept and answered.
pub struct RenderedPage {
    status: StatusCode,
    body: Bytes,
    /// The body gzipped (made with the page), and its tag.
    gzip: Option<(Bytes, HeaderValue)>,
    /// The body in brotli, and its tag, once the `Packer` has made it.
    br: OnceLock<(Bytes, HeaderValue)>,
    /// Whether it has been handed to the `Packer`.
    packing: AtomicBool,
    etag: HeaderValue,
    /// The site's content-security-policy, naming this page's inline styles.
    policy: HeaderValue,
    /// The Unix second the office's year it names ends: kept no longer.
    kept_until: i64,
}

/// Makes the brotli form of kept pages (quality 11), one at a time on a thread of its own.
/// Brotli makes the home page 14.0 KB where gzip makes 16.5: with the headers, under the
/// 14.6 KB a new connection's first round trip carries (10 segments), so its end comes a round
/// trip sooner. But quality 11 costs 100 to 300 ms of CPU for a page, far longer than its
/// render, so it is made after the page has been answered, for a page asked for again: a page
/// asked for once (a search, a not-found) costs nothing more, and until its form is made it
/// is answered gzip.
struct Packer {
    queue: SyncSender<Weak<RenderedPage>>,
}

/// A page ready to render (`Pages::prepare`).
struct Prepared {
    /// The JSON `corpsiteRender` takes.
    input: String,
    /// The API answers the page embeds for the browser.
    data: String,
    /// 404 for a post that is not there.
    status: StatusCode,
    /// All its data was there: the page may be kept.
    cacheable: bool,
    /// The Unix second the office's year the page names (the footer's copyright) ends.
    year_ends: i64,
}

#[derive(PartialEq, Eq)]
struct PageKey {
    origin: String,
    /// The path, and the query the render depends on (normalized).
    url: String,
}

/// A `PageKey` borrowed from a request: it hashes and compares as the key it stands for, so
/// a look-up builds nothing.
struct PageKeyRef<'a> {
    origin: &'a str,
    url: &'a str,
}

impl Hash for PageKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        PageKeyRef {
            origin: &self.origin,
            url: &self.url,
        }
        .hash(state);
    }
}

impl Hash for PageKeyRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.origin.hash(state);
        self.url.hash(state);
    }
}

impl Equivalent<PageKey> for PageKeyRef<'_> {
    fn equivalent(&self, key: &PageKey) -> bool {
        self.origin == key.origin && self.url == key.url
    }
}

impl PageKey {
    fn new(origin: &PublicUrl, path: &str, query: &str, route: Option<&Route>) -> PageKey {
        PageKey {
            origin: origin.as_str().to_owned(),
            url: render_url(path, query, route).into_owned(),
        }
    }
}

/// Does the page show blog data? Those are kept until the content version moves; the others
/// per generation of the company's details (saving them moves the content version too, so
/// pages with blog data need only it). An unknown path's error screen counts as blog data.
fn shows_blogs(route: Option<&Route>) -> bool {
    route.is_none_or(|route| !route.data.is_empty())
}

/// What the feed says about the site: the company's name from its saved details, the blog's
/// blurbs from the UI's content (both through the render bundle, as the pages have them).
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    pub name: String,
    pub blog_title: String,
    pub blog_description: String,
}

pub struct Pages {
    pool: RenderPool,
    document: Option<Document>,
    shell: Arc<IndexPage>,
    /// The shell with `noindex`, for private routes.
    private_shell: Bytes,
    private_etag: HeaderValue,
    blogs: Arc<BlogApi>,
    /// The company's details, which every page shows (the footer at least).
    site: Arc<CompanyDetailsApi>,
    /// Pages that show blog data, until the content version counter moves.
    cache: ResponseCache<PageKey, Arc<RenderedPage>>,
    /// Pages that show none (their route names no `data`): they change only with the company's
    /// details (every page shows them), so they are kept per generation of the details.
    static_cache: ResponseCache<PageKey, Arc<RenderedPage>>,
    /// The open job postings (`/join_us` and each posting's page).
    jobs: JobsApi,
    packer: Packer,
    api_base: String,
    media_base: String,
}

/// The embedded build's files a rendered page needs, and its stylesheets' text, read once.
static BUILD: LazyLock<(Build, InlineFiles)> = LazyLock::new(|| {
    let build = Build::parse(crate::render::BUILD_MANIFEST);
    let styles = InlineFiles::new(&build, assets::built_text);
    (build, styles)
});

impl Pages {
    /// Starts the engines with the embedded server bundle.
    pub fn new(
        shell: Arc<IndexPage>,
        blogs: Arc<BlogApi>,
        site: Arc<CompanyDetailsApi>,
        media_base: &str,
        metrics: &Metrics,
    ) -> Pages {
        Pages::with_script(
            shell,
            blogs,
            site,
            media_base,
            crate::render::SERVER_SCRIPT.into(),
            metrics,
        )
    }

    /// As `new`, with another server script (tests give one that fails).
    pub fn with_script(
        shell: Arc<IndexPage>,
        blogs: Arc<BlogApi>,
        site: Arc<CompanyDetailsApi>,
        media_base: &str,
        script: Arc<str>,
        metrics: &Metrics,
    ) -> Pages {
        let (build, styles) = &*BUILD;
        let document = Document::new(shell.html(), build, styles);
        if document.is_none() {
            tracing::error!("index.html has no <div id=\"root\"></div>: pages get the plain shell");
        }
        let jobs = JobsApi::new(blogs.db(), media_base);
        let private_html = noindex(shell.html());
        let private_etag = etag_of(private_html.as_bytes());
        Pages {
            pool: RenderPool::start(script, Limits::default(), metrics.renders()),
            document,
            shell,
            private_shell: Bytes::from(private_html),
            private_etag,
            blogs,
            site,
            cache: ResponseCache::new(CACHE_ENTRIES).counted(metrics.cache(Cache::Pages)),
            static_cache: ResponseCache::new(CACHE_ENTRIES)
                .counted(metrics.cache(Cache::StaticPages)),
            jobs,
            packer: Packer::start(),
            api_base: "/api".to_owned(),
            media_base: media_base.to_owned(),
        }
    }

    /// The site's name (the company's saved details) and the blog's blurbs (the UI's content),
    /// asked of the bundle with the details, so the feed names the company as the pages do.
    pub async fn site_info(&self) -> SiteInfo {
        let details = match self.site.json().await {
            Ok(site) => String::from_utf8_lossy(&site.body).into_owned(),
            Err(err) => {
                tracing::warn!(error = %err, "the company's details could not be read; the feed names the demo company");
                String::from_utf8_lossy(&crate::http::public_api::company_details_cache::demo_json())
                    .into_owned()
            }
        };
        let asked = async {
            let answer = self.pool.call("corpsiteSiteInfo", details).await?;
            Ok::<_, crate::render::engine::RenderError>(serde_json::from_str(&answer)?)
        };
        match asked.await {
            Ok(info) => info,
            Err(err) => {
                tracing::error!(error = %err, "the render bundle did not name the site");
                SiteInfo {
                    name: String::new(),
                    blog_title: "Blogs".into(),
                    blog_description: String::new(),
                }
            }
        }
    }

    /// Answers a GET or HEAD of `path` that is no file of the build.
    pub async fn answer(
        &self,
        path: &str,
        query: &str,
        origin: &PublicUrl,
        client: IpAddr,
        request: &HeaderMap,
    ) -> Response {
        let route = assets::find_route(path);
        if route.is_some_and(|(route, _)| route.private) {
            return self.private_page(request);
        }
        let status = if route.is_some() {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        let route_only = route.map(|(route, _)| route);
        let key = PageKey::new(origin, path, query, route_only);
        let (cache, version) = if shows_blogs(route_only) {
            (&self.cache, self.blogs.version())
        } else {
            let generation = self.site.json().await.ok().map(|site| site.generation);
            (&self.static_cache, generation)
        };
        if let Some(page) = version
            .and_then(|v| cache.get(v, &key))
            .filter(|page| page.current())
        {
            return self.respond_kept(&page, request);
        }
        match self.render(&key, route, status, client).await {
            Ok((page, complete)) => {
                let page = Arc::new(page);
                // Not-found pages are not kept: any path or id could fill the cache with them.
                let keep = complete && page.status == StatusCode::OK;
                if let (Some(version), true) = (version, keep) {
                    cache.put(version, key, Arc::clone(&page));
                }
                page.respond(request)
            }
            Err(err @ crate::render::engine::RenderError::Busy) => {
                tracing::warn!(path, error = %err, "could not render the page; answering the plain shell");
                self.shell.respond(status, FALLBACK_HTML, request)
            }
            Err(err) => {
                tracing::error!(path, error = %err, "could not render the page; answering the plain shell");
                self.shell.respond(status, FALLBACK_HTML, request)
            }
        }
    }

    /// The page at `path` as it is kept rendered, answered at once, or `None`: it is not kept
    /// (yet, or at this version), or is private, or no page, and `answer` is to make it.
    /// Its look-up counts only a hit, since `answer` follows a miss with its own.
    /// `origin` is the request's (`site_url::OriginRule`), as `PublicUrl::as_str` spells it.
    pub fn kept(
        &self,
        path: &str,
        query: &str,
        origin: &str,
        request: &HeaderMap,
    ) -> Option<Response> {
        let (route, _) = assets::find_route(path)?;
        if route.private {
            return None;
        }
        let (cache, version) = if shows_blogs(Some(route)) {
            (&self.cache, self.blogs.version()?)
        } else {
            (&self.static_cache, self.site.kept_generation()?)
        };
        let url = render_url(path, query, Some(route));
        let key = PageKeyRef { origin, url: &url };
        cache
            .hit(version, &key)
            .filter(|page| page.current())
            .map(|page| self.respond_kept(&page, request))
    }

    /// A kept page's answer. Asked for again, it is worth its brotli form: the first time,
    /// the `Packer` is asked to make it.
    fn respond_kept(&self, page: &Arc<RenderedPage>, request: &HeaderMap) -> Response {
        if page.br.get().is_none() && !page.packing.swap(true, Ordering::Relaxed) {
            self.packer.pack(page);
        }
        page.respond(request)
    }

    /// A private route's answer: the shell, with `noindex`, that no shared cache keeps.
    pub fn private_page(&self, request: &HeaderMap) -> Response {
        html_response(
            StatusCode::OK,
            &self.private_shell,
            Packed::default(),
            &self.private_etag,
            PRIVATE_HTML,
            request,
        )
    }

    /// Warms the engines up (`warm_up`) once the content version is known, and again each
    /// time it moves (a story published, the company's details saved): the pieces the pages
    /// share are made per version. Ends when `stopped` turns true.
    pub async fn keep_warm(&self, origin: PublicUrl, mut stopped: watch::Receiver<bool>) {
        let mut warmed = None;
        loop {
            let version = self.blogs.version();
            if version.is_some() && version != warmed {
                warmed = version;
                self.warm_up(&origin).await;
            }
            tokio::select! {
                () = tokio::time::sleep(WARM_UP_POLL) => {}
                _ = stopped.wait_for(|stop| *stop) => return,
            }
        }
    }

    /// Has every engine render each public page once, as a visitor at `origin` would get it
    /// (the blog list's first page, the newest post), so that no visitor's page is an engine's
    /// first of its kind: that one takes two to five times as long. The pages are not kept.
    /// Returns how many pages each engine is to render.
    pub async fn warm_up(&self, origin: &PublicUrl) -> usize {
        let newest = match self.blogs.newest(1).await {
            Ok(posts) => posts.into_iter().next().map(|post| post.id.to_string()),
            Err(err) => {
                tracing::warn!(error = %err, "the newest post could not be read for the warm-up");
                None
            }
        };
        let client = IpAddr::from([127, 0, 0, 1]);
        let mut inputs = Vec::new();
        for route in assets::page_routes().filter(|route| !route.private) {
            let path = match &newest {
                Some(id) => route.path.replace(":id", id),
                None if route.path.contains(':') => continue,
                None => route.path.clone(),
            };
            let Some((route, id)) = assets::find_route(&path) else {
                continue;
            };
            let key = PageKey::new(origin, &path, "", Some(route));
            let prepared = self
                .prepare(&key, Some((route, id)), StatusCode::OK, client)
                .await;
            inputs.push(prepared.input);
        }
        let count = inputs.len();
        self.pool.warm_up(inputs);
        count
    }

    /// Renders one page: fetches its data, runs the render, puts the document together.
    /// The flag says whether the page may be kept (all its data was there).
    async fn render(
        &self,
        key: &PageKey,
        route: Option<(&'static Route, Option<&str>)>,
        status: StatusCode,
        client: IpAddr,
    ) -> Result<(RenderedPage, bool), crate::render::engine::RenderError> {
        let prepared = self.prepare(key, route, status, client).await;
        self.render_prepared(key, route, prepared).await
    }

    /// Renders a page whose data is fetched (`prepare`) and puts the document together.
    async fn render_prepared(
        &self,
        key: &PageKey,
        route: Option<(&'static Route, Option<&str>)>,
        prepared: Prepared,
    ) -> Result<(RenderedPage, bool), crate::render::engine::RenderError> {
        let Prepared {
            input,
            data,
            status,
            cacheable,
            year_ends,
        } = prepared;
        let rendered = self.pool.render(input).await?;
        for error in &rendered.errors {
            tracing::warn!(url = %key.url, error, "the page logged an error while rendering");
        }
        let Some(document) = &self.document else {
            return Err(crate::render::engine::RenderError::Start(
                "index.html has no root element".into(),
            ));
        };
        let page_module = route.map(|(route, _)| route.page.as_str());
        let page = document.page(&rendered.head, page_module, &rendered.html, &data);
        let policy = security::policy(&self.media_base, &page.style_sources, &page.script_sources);
        Ok((
            RenderedPage::new(status, page.html, &policy, year_ends),
            cacheable,
        ))
    }

    /// The page at `path` as the page editor previews it: rendered as a visitor's is, with
    /// `fields` (`domain::pages::shown`) in place of the published values of the page `key`,
    /// and `preview: true` in its data, so each editable element names its field
    /// (`data-field`, `ui/src/lib/page-fields.ts`). Nothing of it is kept or reused. Only
    /// the staff's own pages may frame it, and it is never cached.
    pub async fn preview(
        &self,
        origin: &PublicUrl,
        path: &str,
        key: &str,
        fields: serde_json::Map<String, serde_json::Value>,
    ) -> Result<Response, crate::render::engine::RenderError> {
        let route = assets::find_route(path);
        let status = if route.is_some() {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        let page_key = PageKey::new(origin, path, "", route.map(|(route, _)| route));
        let client = IpAddr::from([127, 0, 0, 1]);
        let prepared = self
            .prepare_as(&page_key, route, status, client, Some((key, fields)))
            .await;
        let (page, _) = self.render_prepared(&page_key, route, prepared).await?;
        let mut response = page.respond(&HeaderMap::new());
        let headers = response.headers_mut();
        if let Some(policy) = headers
            .get(header::CONTENT_SECURITY_POLICY)
            .and_then(|policy| policy.to_str().ok())
            .map(|policy| policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
            .and_then(|policy| HeaderValue::from_str(&policy).ok())
        {
            headers.insert(header::CONTENT_SECURITY_POLICY, policy);
        }
        headers.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        headers.insert(
            header::HeaderName::from_static("x-robots-tag"),
            HeaderValue::from_static("noindex"),
        );
        Ok(response)
    }

    /// What the render of one page takes: fetches the page's data and the company's details.
    async fn prepare(
        &self,
        key: &PageKey,
        route: Option<(&'static Route, Option<&str>)>,
        status: StatusCode,
        client: IpAddr,
    ) -> Prepared {
        self.prepare_as(key, route, status, client, None).await
    }

    /// As `prepare`; for a preview (`preview`: a page's key and the fields to show), its
    /// fields stand in for that page's published values, the data says `"preview":true`
    /// (after everything else, so that it is all the data differs by), and no markup kept for
    /// the published values is reused.
    async fn prepare_as(
        &self,
        key: &PageKey,
        route: Option<(&'static Route, Option<&str>)>,
        mut status: StatusCode,
        client: IpAddr,
        preview: Option<(&str, serde_json::Map<String, serde_json::Value>)>,
    ) -> Prepared {
        let mut cacheable = true;
        // The blogs' version and the details' generation (below) let the renderer reuse the
        // markup of what did not change (ui/src/lib/shared-markup.tsx); with the demo details,
        // or no version read yet, it renders everything. The version is read before the data:
        // markup kept under it can only be as new as the data or newer, never older.
        let content_version = self.blogs.version();
        let mut openings = String::new();
        let (lists, blogs) = match route {
            Some((route, id)) => {
                let (lists, blogs, complete, found) =
                    self.fetch(&route.data, &key.url, id, client).await;
                cacheable = complete;
                if !found {
                    status = StatusCode::NOT_FOUND;
                }
                let (jobs, complete, answered) =
                    self.fetch_entries(&route.data, &key.url, id).await;
                cacheable &= complete;
                if let Some(answered) = answered {
                    status = answered;
                }
                openings = jobs;
                (lists, blogs)
            }
            None => (Vec::new(), Vec::new()),
        };
        let mut generation = None;
        let mut zone = None;
        let site = match self.site.json().await {
            Ok(site) => {
                generation = Some(site.generation);
                zone = Some(site.zone);
                // The page editor's published values, when the office published any.
                let pages = match &preview {
                    None => String::from_utf8_lossy(&site.pages).into_owned(),
                    Some((key, fields)) => {
                        let mut pages: serde_json::Map<String, serde_json::Value> =
                            serde_json::from_slice(&site.pages).unwrap_or_default();
                        pages.insert((*key).to_owned(), serde_json::Value::Object(fields.clone()));
                        serde_json::Value::Object(pages).to_string()
                    }
                };
                let pages = match pages.as_str() {
                    "{}" | "" => String::new(),
                    pages => format!(",\"pages\":{pages}"),
                };
                format!(",\"site\":{}{pages}", String::from_utf8_lossy(&site.body))
            }
            Err(err) => {
                tracing::warn!(error = %err, "a page's company details could not be read; rendered with the demo ones");
                cacheable = false;
                format!(
                    ",\"site\":{}",
                    String::from_utf8_lossy(
                        &crate::http::public_api::company_details_cache::demo_json()
                    )
                )
            }
        };
        // The year the footer names is the office's, from the page's data, so that the
        // browser shows what the server rendered; a kept page is kept until the year ends.
        let (year, year_ends) = zone.unwrap_or_else(OfficeZone::default_zone).this_year();
        let data = format!(
            "{{\"lists\":[{}],\"blogs\":[{}]{openings}{site},\"year\":{year}{}}}",
            lists.join(","),
            blogs.join(","),
            if preview.is_some() {
                ",\"preview\":true"
            } else {
                ""
            }
        );
        // Markup kept for the published values must not stand in for the previewed ones.
        let (generation, content_version) = if preview.is_some() {
            (None, None)
        } else {
            (generation, content_version)
        };
        let input = format!(
            "{{\"url\":{},\"origin\":{},\"apiBase\":{},\"mediaBase\":{},\"siteGeneration\":{},\"contentVersion\":{},\"data\":{data}}}",
            json_string(&key.url),
            json_string(&key.origin),
            json_string(&self.api_base),
            json_string(&self.media_base),
            generation.map_or_else(|| "null".to_owned(), |g| g.to_string()),
            content_version.map_or_else(|| "null".to_owned(), |v| v.to_string()),
        );
        Prepared {
            input,
            data,
            status,
            cacheable,
            year_ends,
        }
    }

    /// The API answers a route's page shows, as page-data entries (ui/src/lib/page-data.ts):
    /// (lists, blogs, all fetched, the post was found).
    async fn fetch(
        &self,
        wanted: &[PageData],
        url: &str,
        id: Option<&str>,
        client: IpAddr,
    ) -> (Vec<String>, Vec<String>, bool, bool) {
        let mut lists = Vec::new();
        let mut blogs = Vec::new();
        let mut complete = true;
        let mut found = true;
        for source in wanted {
            match source {
                PageData::BlogList | PageData::BlogListQuery => {
                    let (page, text) = match source {
                        PageData::BlogListQuery => list_query(url),
                        _ => (1, String::new()),
                    };
                    let page_text = page.to_string();
                    let answer = self
                        .blogs
                        .list_json(client, Some(&page_text), Some(&text))
                        .await;
                    match answer {
                        Ok((_, body)) => lists.push(format!(
                            "{{\"page\":{page},\"text\":{},\"body\":{}}}",
                            json_string(&text),
                            embeddable_list(&body)
                        )),
                        Err(err) => {
                            tracing::warn!(error = %err, "a page's blog list could not be read");
                            complete = false;
                        }
                    }
                }
                PageData::Jobs | PageData::Job | PageData::Retention => {}
                PageData::Blog => {
                    let Some(id) = id else { continue };
                    match self.blogs.detail_json(id).await {
                        Ok(Some((_, body))) => blogs.push(format!(
                            "{{\"id\":{},\"body\":{}}}",
                            json_string(id),
                            String::from_utf8_lossy(&body)
                        )),
                        Ok(None) => {
                            found = false;
                            blogs.push(format!("{{\"id\":{},\"body\":null}}", json_string(id)));
                        }
                        Err(err) => {
                            tracing::warn!(error = %err, "a page's post could not be read");
                            complete = false;
                        }
                    }
                }
            }
        }
        (lists, blogs, complete, found)
    }
}

impl Pages {
    /// The job postings and retention rules a route's page shows, as page-data entries
    /// (`,"jobs":…`, `,"job":…` and `,"retention":…`, ui/src/lib/page-data.ts), whether they
    /// were all read, and the status the page answers with when it is not 200 (a posting
    /// that is not there: 404; closed: 410).
    async fn fetch_entries(
        &self,
        wanted: &[PageData],
        url: &str,
        id: Option<&str>,
    ) -> (String, bool, Option<StatusCode>) {
        let mut entries = String::new();
        let mut complete = true;
        let mut status = None;
        for source in wanted {
            match source {
                PageData::Jobs => {
                    let query = url.split_once('?').map_or("", |(_, query)| query);
                    let (department, location) = jobs::filters(query);
                    match self.jobs.list(&department, &location).await {
                        Ok(body) => match serde_json::to_string(&body) {
                            Ok(json) => entries.push_str(&format!(",\"jobs\":{json}")),
                            Err(err) => {
                                tracing::warn!(error = %err, "the open roles could not be written");
                                complete = false;
                            }
                        },
                        Err(err) => {
                            tracing::warn!(error = %err, "the open roles could not be read");
                            complete = false;
                        }
                    }
                }
                PageData::Job => {
                    let Some(id) = id else { continue };
                    let (answer, body) = match self.jobs.one(id).await {
                        Ok(Lookup::Open(posting)) => {
                            (StatusCode::OK, serde_json::to_string(&*posting).ok())
                        }
                        Ok(Lookup::Closed) => (StatusCode::GONE, None),
                        Ok(Lookup::Missing) => (StatusCode::NOT_FOUND, None),
                        Err(err) => {
                            tracing::warn!(error = %err, "a job posting could not be read");
                            complete = false;
                            continue;
                        }
                    };
                    if answer != StatusCode::OK {
                        status = Some(answer);
                    }
                    entries.push_str(&format!(
                        ",\"job\":{{\"slug\":{},\"status\":{},\"body\":{}}}",
                        json_string(id),
                        answer.as_u16(),
                        body.as_deref().unwrap_or("null")
                    ));
                }
                PageData::Retention => {
                    let db = self.blogs.db();
                    match crate::http::public_api::privacy_rules::read(&db).await {
                        Ok(body) => match serde_json::to_string(&body) {
                            Ok(json) => entries.push_str(&format!(",\"retention\":{json}")),
                            Err(err) => {
                                tracing::warn!(error = %err, "the retention rules could not be written");
                                complete = false;
                            }
                        },
                        Err(err) => {
                            tracing::warn!(error = %err, "the retention rules could not be read");
                            complete = false;
                        }
                    }
                }
                _ => {}
            }
        }
        (entries, complete, status)
    }
}

impl RenderedPage {
    fn new(status: StatusCode, html: String, policy: &str, kept_until: i64) -> RenderedPage {
        let etag = etag_of(html.as_bytes());
        let gzip = gzip(html.as_bytes()).map(|packed| (packed, packed_etag(&etag, "gzip")));
        RenderedPage {
            status,
            body: Bytes::from(html),
            gzip,
            br: OnceLock::new(),
            packing: AtomicBool::new(false),
            etag,
            policy: HeaderValue::from_str(policy).unwrap_or_else(|_| {
                HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'")
            }),
            kept_until,
        }
    }

    /// Whether the page still names the office's current year.
    fn current(&self) -> bool {
        jiff::Timestamp::now().as_second() < self.kept_until
    }

    fn respond(&self, request: &HeaderMap) -> Response {
        let packed = Packed {
            gzip: self.gzip.as_ref().map(|(body, etag)| (body, etag)),
            br: self.br.get().map(|(body, etag)| (body, etag)),
        };
        let mut response = html_response(
            self.status,
            &self.body,
            packed,
            &self.etag,
            PUBLIC_HTML,
            request,
        );
        // Its own policy, which the security headers leave as it is.
        response.headers_mut().insert(
            warp::http::header::CONTENT_SECURITY_POLICY,
            self.policy.clone(),
        );
        response
    }

    /// Makes the brotli form, unless it is there.
    fn pack(&self) {
        if self.br.get().is_some() {
            return;
        }
        if let Some(packed) = brotli(&self.body) {
            let _ = self.br.set((packed, packed_etag(&self.etag, "br")));
        }
    }
}

impl Packer {
    fn start() -> Packer {
        let (queue, pages) = sync_channel::<Weak<RenderedPage>>(PACK_QUEUE);
        let started = std::thread::Builder::new()
            .name("corpsite-brotli".into())
            .spawn(move || {
                // Ends with `Pages`, which holds the sender. A page no cache keeps any longer
                // is skipped.
                for page in pages {
                    if let Some(page) = page.upgrade() {
                        page.pack();
                    }
                }
            });
        if let Err(err) = started {
            // Then the queue is closed and every page stays gzip.
            tracing::error!(error = %err, "cannot start the pages' brotli thread");
        }
        Packer { queue }
    }

    /// Queues `page` for its brotli form; a full queue leaves it gzip.
    fn pack(&self, page: &Arc<RenderedPage>) {
        if self.queue.try_send(Arc::downgrade(page)).is_err() {
            page.packing.store(false, Ordering::Relaxed);
        }
    }
}

/// The shell for private pages: search engines are asked not to index it.
fn noindex(shell: &str) -> String {
    shell.replacen(
        "</head>",
        "  <meta name=\"robots\" content=\"noindex\" />\n  </head>",
        1,
    )
}

/// What the render of `path` depends on: the path, and for the blog list its page and search
/// (`?q=…&page=…`, as the list page writes them). Any other query is left out, so it neither
/// changes the page nor fills the cache.
fn render_url<'a>(path: &'a str, query: &str, route: Option<&Route>) -> Cow<'a, str> {
    if query.is_empty() {
        return Cow::Borrowed(path);
    }
    if route.is_some_and(|route| route.data.contains(&PageData::Jobs)) {
        // The open roles' filters, in one order, each once.
        let (department, location) = jobs::filters(query);
        let mut search = form_urlencoded::Serializer::new(String::new());
        if !department.is_empty() {
            search.append_pair("department", &department);
        }
        if !location.is_empty() {
            search.append_pair("location", &location);
        }
        let search = search.finish();
        return if search.is_empty() {
            Cow::Borrowed(path)
        } else {
            Cow::Owned(format!("{path}?{search}"))
        };
    }
    let takes_query = route.is_some_and(|route| route.data.contains(&PageData::BlogListQuery));
    if !takes_query {
        return Cow::Borrowed(path);
    }
    let (page, text) = list_query(&format!("{path}?{query}"));
    let mut search = form_urlencoded::Serializer::new(String::new());
    if !text.is_empty() {
        search.append_pair("q", &text);
    }
    if page > 1 {
        search.append_pair("page", &page.to_string());
    }
    let search = search.finish();
    if search.is_empty() {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(format!("{path}?{search}"))
    }
}

/// The blog list's page and search text in a URL, as the list page reads them (the first of
/// each; the text trimmed).
fn list_query(url: &str) -> (u64, String) {
    let query = url.split_once('?').map_or("", |(_, query)| query);
    let mut page = None;
    let mut text = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "page" if page.is_none() => page = Some(value.into_owned()),
            "q" if text.is_none() => text = Some(value.trim().to_owned()),
            _ => {}
        }
    }
    (requested_page(page.as_deref()), text.unwrap_or_default())
}

/// A list answer as a page embeds it: its posts without their bodies (no list shows them,
/// and they are most of its bytes, which every page that embeds the list would carry).
fn embeddable_list(body: &[u8]) -> String {
    let Ok(mut list) = serde_json::from_slice::<serde_json::Value>(body) else {
        return String::from_utf8_lossy(body).into_owned();
    };
    if let Some(posts) = list
        .pointer_mut("/data/datas")
        .and_then(serde_json::Value::as_array_mut)
    {
        for post in posts {
            if let Some(content) = post.get_mut("content") {
                *content = serde_json::Value::from("");
            }
        }
    }
    list.to_string()
}

fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_private_shell_asks_not_to_be_indexed() {
        let shell =
            "<html><head><title>x</title></head><body><div id=\"root\"></div></body></html>";
        let private = noindex(shell);
        assert!(private.contains("<meta name=\"robots\" content=\"noindex\" />\n  </head>"));
        assert!(private.contains("<div id=\"root\"></div>"), "not rendered");
    }

    #[test]
    fn only_the_blog_lists_page_and_search_reach_the_render() {
        let list = assets::find_route("/blogs").map(|(route, _)| route);
        let home = assets::find_route("/").map(|(route, _)| route);
        let cases = [
            ("/blogs", "", list, "/blogs"),
            ("/blogs", "page=1", list, "/blogs"),
            ("/blogs", "page=3&utm=x", list, "/blogs?page=3"),
            (
                "/blogs",
                "q=+office+&page=2",
                list,
                "/blogs?q=office&page=2",
            ),
            ("/blogs", "q=a%26b", list, "/blogs?q=a%26b"),
            ("/blogs", "page=abc", list, "/blogs"),
            ("/", "page=3&q=x", home, "/"),
            ("/nope", "a=b", None, "/nope"),
        ];
        for (path, query, route, expected) in cases {
            assert_eq!(render_url(path, query, route), expected, "{path}?{query}");
        }
    }
}
