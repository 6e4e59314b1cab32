//! The site's Prometheus metrics: one `Metrics` per server (on `AppState`), its counters
//! bumped by the handlers as things happen, and the readings that only mean something now
//! (outbox depth, sizes on disk, backup and certificate state) gathered at each scrape
//! (`Reading`) into a registry of their own, so an absent value (no backup yet, no
//! certificate) is absent from the text rather than a misleading 0.
//!
//! Recording is an atomic increment: the label sets are small `Copy` enums (no allocation),
//! and the counters a hot path bumps without a label lookup (rate limits, caches) are handed
//! out once as clones sharing the same atomic. Labels never carry a raw path or user text,
//! so the number of series is fixed.

use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;

use crate::domain::form_proof::Refusal;

/// The `Content-Type` of `Metrics::encode`'s text (OpenMetrics, which Prometheus reads).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Request latency buckets, in seconds: cached pages answer in tens of microseconds, rendered
/// ones and form posts (an fsync'd commit) in milliseconds to tens of milliseconds, a
/// resume upload or a staff sign-in (Argon2) in hundreds.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A page's render in a JavaScript engine: about 1 to 4 ms; the engine stops one at 1 s.
const RENDER_BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.1, 1.0,
];

/// Implements `EncodeLabelValue` for an enum with an `as_str`.
macro_rules! label_value {
    ($($ty:ty),*) => {$(
        impl EncodeLabelValue for $ty {
            fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
                std::fmt::Write::write_str(encoder, self.as_str())
            }
        }
    )*};
}

/// Which part of the site a request went to: a fixed set, from its path alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteGroup {
    /// The blog list, a post, a search.
    ApiBlogs,
    /// The forms' posts: enquiries, subscriptions, applications, subscriber links.
    ApiForms,
    /// The staff API.
    ApiStaff,
    /// Any other `/api` path (the company's details, the OpenAPI document, unknown ones).
    ApiOther,
    /// The site's built files (scripts, styles, fonts, icons).
    Assets,
    /// Blog images and other media.
    Media,
    /// robots.txt, the sitemaps, the feed.
    Discovery,
    /// `/healthz` and `/metrics`.
    Health,
    /// Every other path: the rendered pages (and their not-found page).
    Pages,
}

impl RouteGroup {
    pub const ALL: [RouteGroup; 9] = [
        RouteGroup::ApiBlogs,
        RouteGroup::ApiForms,
        RouteGroup::ApiStaff,
        RouteGroup::ApiOther,
        RouteGroup::Assets,
        RouteGroup::Media,
        RouteGroup::Discovery,
        RouteGroup::Health,
        RouteGroup::Pages,
    ];

    /// The group of a request path.
    pub fn of(path: &str) -> RouteGroup {
        let under = |prefix: &str| {
            path.strip_prefix(prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        };
        if under("/api") {
            if under("/api/corp_website/blogs") {
                RouteGroup::ApiBlogs
            } else if under("/api/clients/create")
                || under("/api/applicant/create")
                || under("/api/corp_website/subscribers")
            {
                RouteGroup::ApiForms
            } else if under("/api/staff") {
                RouteGroup::ApiStaff
            } else {
                RouteGroup::ApiOther
            }
        } else if under("/assets") || path == "/favicon.svg" || path == "/social-card.png" {
            RouteGroup::Assets
        } else if under("/media") {
            RouteGroup::Media
        } else if path == "/robots.txt"
            || path == "/blogs/feed.xml"
            || (path.starts_with("/sitemap") && path.ends_with(".xml") && !path[1..].contains('/'))
        {
            RouteGroup::Discovery
        } else if path == "/healthz" || path == "/metrics" {
            RouteGroup::Health
        } else {
            RouteGroup::Pages
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            RouteGroup::ApiBlogs => "api_blogs",
            RouteGroup::ApiForms => "api_forms",
            RouteGroup::ApiStaff => "api_staff",
            RouteGroup::ApiOther => "api_other",
            RouteGroup::Assets => "assets",
            RouteGroup::Media => "media",
            RouteGroup::Discovery => "discovery",
            RouteGroup::Health => "health",
            RouteGroup::Pages => "pages",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// What a visitor sent that was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeadKind {
    Enquiry,
    Subscription,
    Application,
}

impl LeadKind {
    fn as_str(self) -> &'static str {
        match self {
            LeadKind::Enquiry => "enquiry",
            LeadKind::Subscription => "subscription",
            LeadKind::Application => "application",
        }
    }
}

/// Which limit refused a request (429).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The per-client limit on form posts.
    Form,
    /// The per-client limit on blog searches that miss the cache.
    Search,
    /// The staff sign-in throttle (per account and per client).
    SignIn,
    /// The per-client limit on one-click unsubscribes.
    Unsubscribe,
    /// The per-client limit on counted page views.
    Visit,
}

impl Limit {
    fn as_str(self) -> &'static str {
        match self {
            Limit::Form => "form",
            Limit::Search => "search",
            Limit::SignIn => "sign_in",
            Limit::Unsubscribe => "unsubscribe",
            Limit::Visit => "visit",
        }
    }
}

/// The response caches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cache {
    /// The blog list API's answers.
    BlogList,
    /// The blog detail API's answers (a post, its body sanitized again for display).
    BlogPost,
    /// Rendered pages that show blog data.
    Pages,
    /// Rendered pages that show none (kept per generation of the company's details).
    StaticPages,
    /// robots.txt, sitemaps and the feed.
    Discovery,
}

impl Cache {
    fn as_str(self) -> &'static str {
        match self {
            Cache::BlogList => "blog_list",
            Cache::BlogPost => "blog_post",
            Cache::Pages => "pages",
            Cache::StaticPages => "static_pages",
            Cache::Discovery => "discovery",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CacheResult {
    Hit,
    Miss,
}

impl CacheResult {
    fn as_str(self) -> &'static str {
        match self {
            CacheResult::Hit => "hit",
            CacheResult::Miss => "miss",
        }
    }
}

/// A state of the mail outbox (`store::outbox`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutboxState {
    Queued,
    Sent,
    Dead,
    Dropped,
}

impl OutboxState {
    fn as_str(self) -> &'static str {
        match self {
            OutboxState::Queued => "queued",
            OutboxState::Sent => "sent",
            OutboxState::Dead => "dead",
            OutboxState::Dropped => "dropped",
        }
    }
}

label_value!(
    RouteGroup,
    LeadKind,
    Limit,
    Cache,
    CacheResult,
    OutboxState,
    Refusal
);

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct ReasonLabels {
    reason: Refusal,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RequestLabels {
    group: RouteGroup,
    status: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct GroupLabels {
    group: RouteGroup,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct KindLabels {
    kind: LeadKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct LimitLabels {
    limit: Limit,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct CacheLabels {
    cache: Cache,
    result: CacheResult,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct StateLabels {
    state: OutboxState,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
}

/// One cache's hit and miss counters, bumped by `ResponseCache::get`.
#[derive(Debug, Clone, Default)]
pub struct CacheCounters {
    pub hit: Counter,
    pub miss: Counter,
}

/// The counters and histograms of one server, and the registry that names them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    /// One histogram per route group, indexed by `RouteGroup::index`: no lookup per request.
    latency: Vec<Histogram>,
    leads: Family<KindLabels, Counter>,
    rate_limited: Family<LimitLabels, Counter>,
    proof_refused: Family<ReasonLabels, Counter>,
    caches: Family<CacheLabels, Counter>,
    renders: Histogram,
    visits_dropped: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "corpsite_http_requests",
            "HTTP requests answered, by route group and status",
            requests.clone(),
        );
        let latency_family =
            Family::<GroupLabels, Histogram, fn() -> Histogram>::new_with_constructor(|| {
                Histogram::new(LATENCY_BUCKETS)
            });
        registry.register(
            "corpsite_http_request_duration_seconds",
            "Time from a request's arrival to its answer's head, by route group",
            latency_family.clone(),
        );
        // Every group is listed from the start (a rate() over a missing series is no data,
        // not 0), and its histogram is kept so a request finds it without a lookup.
        let latency = RouteGroup::ALL
            .iter()
            .map(|&group| latency_family.get_or_create_owned(&GroupLabels { group }))
            .collect();
        let leads = Family::<KindLabels, Counter>::default();
        registry.register(
            "corpsite_leads_received",
            "Enquiries, subscriptions and applications stored, by kind",
            leads.clone(),
        );
        for kind in [
            LeadKind::Enquiry,
            LeadKind::Subscription,
            LeadKind::Application,
        ] {
            drop(leads.get_or_create(&KindLabels { kind }));
        }
        let rate_limited = Family::<LimitLabels, Counter>::default();
        registry.register(
            "corpsite_rate_limited",
            "Requests refused (429) by a rate limit, by limit (page views past theirs are answered 204 and not counted)",
            rate_limited.clone(),
        );
        for limit in [
            Limit::Form,
            Limit::Search,
            Limit::SignIn,
            Limit::Unsubscribe,
            Limit::Visit,
        ] {
            drop(rate_limited.get_or_create(&LimitLabels { limit }));
        }
        let proof_refused = Family::<ReasonLabels, Counter>::default();
        registry.register(
            "corpsite_form_proof_refused",
            "Form posts refused (403) for want of a valid proof of work, by reason",
            proof_refused.clone(),
        );
        for reason in Refusal::ALL {
            drop(proof_refused.get_or_create(&ReasonLabels { reason }));
        }
        let caches = Family::<CacheLabels, Counter>::default();
        registry.register(
            "corpsite_cache_requests",
            "Look-ups in the response caches, by cache and result",
            caches.clone(),
        );
        let renders = Histogram::new(RENDER_BUCKETS);
        registry.register(
            "corpsite_page_render_duration_seconds",
            "Time a JavaScript engine took to render a page, its queue wait not included",
            renders.clone(),
        );
        let visits_dropped = Counter::default();
        registry.register(
            "corpsite_visits_dropped",
            "Page views not counted because too many were waiting to be written",
            visits_dropped.clone(),
        );
        registry.register(
            "corpsite_build",
            "The running binary's version",
            Info::new(BuildLabels {
                version: env!("CARGO_PKG_VERSION"),
            }),
        );
        Metrics {
            registry,
            requests,
            latency,
            leads,
            rate_limited,
            proof_refused,
            caches,
            renders,
            visits_dropped,
        }
    }

    /// One answered request: its group, status and time to answer.
    pub fn request(&self, group: RouteGroup, status: u16, seconds: f64) {
        self.requests
            .get_or_create(&RequestLabels { group, status })
            .inc();
        if let Some(histogram) = self.latency.get(group.index()) {
            histogram.observe(seconds);
        }
    }

    /// A lead, subscription or application was stored.
    pub fn lead_received(&self, kind: LeadKind) {
        self.leads.get_or_create(&KindLabels { kind }).inc();
    }

    /// A page view was dropped: the visit counter held as many as it may.
    pub fn visit_dropped(&self) {
        self.visits_dropped.inc();
    }

    /// The counter of `limit`'s refusals, for the limit to bump itself.
    pub fn rate_limited(&self, limit: Limit) -> Counter {
        self.rate_limited
            .get_or_create_owned(&LimitLabels { limit })
    }

    /// The counter of form posts refused for want of a valid proof of work, by `reason`.
    pub fn proof_refused(&self, reason: Refusal) -> Counter {
        self.proof_refused
            .get_or_create_owned(&ReasonLabels { reason })
    }

    /// The hit and miss counters of `cache`, for the cache to bump itself.
    pub fn cache(&self, cache: Cache) -> CacheCounters {
        let counter = |result| {
            self.caches
                .get_or_create_owned(&CacheLabels { cache, result })
        };
        CacheCounters {
            hit: counter(CacheResult::Hit),
            miss: counter(CacheResult::Miss),
        }
    }

    /// The histogram of page renders, for the render engines to observe each.
    pub fn renders(&self) -> Histogram {
        self.renders.clone()
    }

    /// Every metric as OpenMetrics text: the counters, then `now`'s readings.
    pub fn encode(&self, now: &Reading) -> Result<String, std::fmt::Error> {
        use prometheus_client::encoding::text::{encode_eof, encode_registry};
        let mut text = String::with_capacity(8 * 1024);
        encode_registry(&mut text, &self.registry)?;
        encode_registry(&mut text, &now.registry())?;
        encode_eof(&mut text)?;
        Ok(text)
    }
}

/// What is read at each scrape. `None`: not known (and left out of the text).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    /// Whether the database answered a read just now.
    pub database_up: bool,
    /// Mail in the outbox by state, when the database answered.
    pub outbox: Option<[(OutboxState, u64); 4]>,
    /// The database file and its write-ahead log.
    pub database_bytes: Option<u64>,
    /// The stored resumes.
    pub uploads_bytes: Option<u64>,
    /// Whether backups are made on a schedule.
    pub backups_scheduled: bool,
    /// When the last good backup finished (Unix seconds).
    pub backup_last_success: Option<i64>,
    /// Whether the last backup, or its upload to `--backup-to`, failed (after the last
    /// success).
    pub backup_failing: bool,
    /// When the served certificate expires (Unix seconds), when the site serves HTTPS.
    pub certificate_expiry: Option<i64>,
    /// Whether the certificate's last renewal failed.
    pub certificate_renewal_failing: bool,
    /// The purges sent to edge caches: accepted, failed attempts, dropped; when any edge is
    /// told of changes.
    pub edge_purges: Option<(u64, u64, u64)>,
    /// Leads past their list's retention rule, when the database answered (0 after each
    /// day's erasure).
    pub past_retention: Option<u64>,
}

impl Reading {
    fn registry(&self) -> Registry {
        let mut registry = Registry::default();
        let flag = |on: bool| ConstGauge::new(i64::from(on));
        let bytes = |n: u64| ConstGauge::new(i64::try_from(n).unwrap_or(i64::MAX));
        registry.register(
            "corpsite_database_up",
            "1 when the database answered a read at this scrape",
            flag(self.database_up),
        );
        if let Some(outbox) = self.outbox {
            let family = Family::<StateLabels, Gauge<i64, std::sync::atomic::AtomicI64>>::default();
            for (state, count) in outbox {
                family
                    .get_or_create(&StateLabels { state })
                    .set(i64::try_from(count).unwrap_or(i64::MAX));
            }
            registry.register(
                "corpsite_outbox_messages",
                "Mail in the outbox, by state (queued is the depth still to send)",
                family,
            );
        }
        if let Some(n) = self.past_retention {
            registry.register(
                "corpsite_leads_past_retention",
                "Leads past their list's retention rule, waiting for the day's erasure",
                bytes(n),
            );
        }
        if let Some(n) = self.database_bytes {
            registry.register(
                "corpsite_database_bytes",
                "Size of the database file and its write-ahead log",
                bytes(n),
            );
        }
        if let Some(n) = self.uploads_bytes {
            registry.register(
                "corpsite_uploads_bytes",
                "Size of the stored resumes",
                bytes(n),
            );
        }
        registry.register(
            "corpsite_backup_scheduled",
            "1 when the server makes backups on a schedule",
            flag(self.backups_scheduled),
        );
        if let Some(at) = self.backup_last_success {
            registry.register(
                "corpsite_backup_last_success_timestamp_seconds",
                "When the last good backup finished (Unix time)",
                ConstGauge::new(at),
            );
        }
        registry.register(
            "corpsite_backup_failing",
            "1 when the last backup, or its upload to the bucket, failed",
            flag(self.backup_failing),
        );
        if let Some(at) = self.certificate_expiry {
            registry.register(
                "corpsite_certificate_expiry_timestamp_seconds",
                "When the served HTTPS certificate expires (Unix time)",
                ConstGauge::new(at),
            );
            registry.register(
                "corpsite_certificate_renewal_failing",
                "1 when the certificate's last renewal failed",
                flag(self.certificate_renewal_failing),
            );
        }
        if let Some((sent, failed, dropped)) = self.edge_purges {
            registry.register(
                "corpsite_edge_purges_sent",
                "Purges an edge cache (--purge-url) accepted",
                ConstCounter::new(sent),
            );
            registry.register(
                "corpsite_edge_purge_failures",
                "Purge attempts that failed (each retried while still worth sending)",
                ConstCounter::new(failed),
            );
            registry.register(
                "corpsite_edge_purges_dropped",
                "Purges given up after their last retry",
                ConstCounter::new(dropped),
            );
        }
        registry
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_fall_in_their_groups_and_nothing_else_makes_a_new_one() {
        let cases = [
            ("/api/corp_website/blogs/get", RouteGroup::ApiBlogs),
            (
                "/api/corp_website/blogs/get/some-post",
                RouteGroup::ApiBlogs,
            ),
            ("/api/clients/create", RouteGroup::ApiForms),
            ("/api/applicant/create", RouteGroup::ApiForms),
            (
                "/api/corp_website/subscribers/confirm",
                RouteGroup::ApiForms,
            ),
            ("/api/staff/login", RouteGroup::ApiStaff),
            ("/api/openapi.json", RouteGroup::ApiOther),
            ("/api", RouteGroup::ApiOther),
            ("/apix", RouteGroup::Pages),
            ("/assets/index-abc.js", RouteGroup::Assets),
            ("/media/blogs/a.jpg", RouteGroup::Media),
            ("/robots.txt", RouteGroup::Discovery),
            ("/sitemap.xml", RouteGroup::Discovery),
            ("/sitemap-2.xml", RouteGroup::Discovery),
            ("/blogs/feed.xml", RouteGroup::Discovery),
            ("/healthz", RouteGroup::Health),
            ("/metrics", RouteGroup::Health),
            ("/", RouteGroup::Pages),
            ("/blogs/some-post", RouteGroup::Pages),
            ("/wp-login.php", RouteGroup::Pages),
        ];
        for (path, group) in cases {
            assert_eq!(RouteGroup::of(path), group, "{path}");
        }
        for (i, group) in RouteGroup::ALL.iter().enumerate() {
            assert_eq!(group.index(), i, "ALL is in declaration order");
        }
    }

    #[test]
    fn a_request_counts_once_under_its_group_and_status() {
        let metrics = Metrics::new();
        metrics.request(RouteGroup::ApiForms, 201, 0.004);
        let text = metrics.encode(&Reading::default()).expect("encode");
        assert!(
            text.contains("corpsite_http_requests_total{group=\"api_forms\",status=\"201\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "corpsite_http_request_duration_seconds_bucket{le=\"0.005\",group=\"api_forms\"} 1\n"
            ),
            "{text}"
        );
        assert!(text.contains("corpsite_build_info{version=\""), "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
    }

    #[test]
    fn readings_not_known_are_left_out_rather_than_zero() {
        let metrics = Metrics::new();
        let text = metrics.encode(&Reading::default()).expect("encode");
        assert!(!text.contains("corpsite_certificate_expiry"), "{text}");
        assert!(!text.contains("corpsite_backup_last_success"), "{text}");
        assert!(text.contains("corpsite_backup_failing 0\n"), "{text}");
        let reading = Reading {
            certificate_expiry: Some(1_900_000_000),
            backup_last_success: Some(1_800_000_000),
            backup_failing: true,
            outbox: Some([
                (OutboxState::Queued, 3),
                (OutboxState::Sent, 7),
                (OutboxState::Dead, 0),
                (OutboxState::Dropped, 1),
            ]),
            ..Reading::default()
        };
        let text = metrics.encode(&reading).expect("encode");
        for line in [
            "corpsite_certificate_expiry_timestamp_seconds 1900000000\n",
            "corpsite_backup_last_success_timestamp_seconds 1800000000\n",
            "corpsite_backup_failing 1\n",
            "corpsite_outbox_messages{state=\"queued\"} 3\n",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }
    }

    #[test]
    fn handed_out_counters_share_the_registered_ones() {
        let metrics = Metrics::new();
        metrics.rate_limited(Limit::Search).inc();
        metrics.cache(Cache::Pages).hit.inc();
        let text = metrics.encode(&Reading::default()).expect("encode");
        assert!(
            text.contains("corpsite_rate_limited_total{limit=\"search\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("corpsite_cache_requests_total{cache=\"pages\",result=\"hit\"} 1\n"),
            "{text}"
        );
    }
}
