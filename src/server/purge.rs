//! Telling the edge caches (`--purge-url`) what changed, so a CDN in front never keeps a
//! changed page for its minute (`s-maxage=60`).
//!
//! Every change of what the public pages show moves the content version (the blog version's
//! triggers, and the company details' save, in any process: the staff's editor, `corpsite
//! blog add`, the story scheduler), which the server already watches. One task looks at that
//! reading, and on each move reads the version, the stored company details and the pages'
//! published generation (the office's page editor) in one statement: when the details or a
//! page's published texts changed, the edge drops the whole site (`Ban::SITE`: every page
//! shows the details, and the header and footer are pages of the editor too); otherwise a story changed, and the edge drops the pages that show
//! stories (`Ban::STORIES`: the blog's pages, the home page, the sitemap and the blog API).
//! A start drops the whole site too: changes made while the server was stopped, and the
//! new build's assets.
//!
//! The same task sends the bans, to every edge at once, as HTTP `BAN` requests
//! (`deploy/varnish/corpsite.vcl` takes them from the origin's address only). What waits
//! for one edge is at most one whole-site ban and one stories ban (a new change merges into
//! them), so a dead edge holds no growing queue; a failed attempt is retried with backoff
//! for `GIVE_UP_AFTER`, then dropped (the edge's copies have expired by then). Each outcome
//! is logged and counted (`Health::purge_outcome`, in `/metrics`). A request never waits on
//! any of it.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Empty;
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::domain::edge_url::EdgeUrl;
use crate::health::Health;
use crate::store::company_details::{content_state, EveryPage};
use crate::store::watch::Reading;
use crate::store::Db;

/// How often the content version's reading is looked at (it is itself read each 100 ms).
const POLL: Duration = Duration::from_millis(100);
/// One edge's answer to a batch of bans, connection included.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(2);
/// The first wait after a failed attempt; it doubles up to `MAX_BACKOFF`.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const MAX_BACKOFF: Duration = Duration::from_secs(8);
/// A purge still failing this long after its change is dropped: the edge keeps a page at
/// most a minute (`s-maxage=60`), so by then it has asked the origin again.
const GIVE_UP_AFTER: Duration = Duration::from_secs(60);

/// What an edge is asked to drop: the paths under a prefix, or one path (with any query
/// string). The VCL turns each into a ban on the cached objects' paths; a CDN's purge API
/// takes the same as "purge by prefix" and "purge by URL".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ban {
    Prefix(&'static str),
    Exact(&'static str),
}

impl Ban {
    /// Everything: each page shows the company's details.
    pub const SITE: &'static [Ban] = &[Ban::Prefix("/")];

    /// What shows stories: the list's pages and each story's page (all under `/blogs`, each
    /// story's page showing the latest stories too, and the feed), the home page (its
    /// latest stories), the sitemap, and the blog API (lists, search, posts). A job
    /// opening's change (published, saved, closed by hand or at its time) moves the same
    /// content version, so the open roles' pages and API are here too, as is the privacy
    /// notice with its API, which state the owners' retention rules and trash days (V33).
    pub const STORIES: &'static [Ban] = &[
        Ban::Prefix("/blogs"),
        Ban::Exact("/"),
        Ban::Exact("/home"),
        Ban::Exact("/sitemap.xml"),
        Ban::Prefix("/api/corp_website/blogs"),
        Ban::Prefix("/join_us"),
        Ban::Prefix("/api/corp_website/jobs"),
        Ban::Exact("/privacy"),
        Ban::Exact("/api/corp_website/retention"),
    ];

    pub fn path(self) -> &'static str {
        match self {
            Ban::Prefix(path) | Ban::Exact(path) => path,
        }
    }

    /// The `X-Ban-Match` header the VCL reads.
    fn matching(self) -> &'static str {
        match self {
            Ban::Prefix(_) => "prefix",
            Ban::Exact(_) => "exact",
        }
    }

    /// Does this ban drop the page at `url` (path and query)?
    pub fn covers(self, url: &str) -> bool {
        let path = url.split('?').next().unwrap_or(url);
        match self {
            Ban::Prefix(prefix) => path.starts_with(prefix),
            Ban::Exact(exact) => path == exact,
        }
    }
}

/// The background task; dropping it (or `stop`) ends it.
pub struct Purger {
    task: tokio::task::JoinHandle<()>,
}

impl Purger {
    /// Starts the task when there are edges to tell (`None` without any). `version` is the
    /// server's reading of the content version. Must run inside the Tokio runtime.
    pub fn start(
        db: &Arc<Db>,
        edges: &[EdgeUrl],
        version: Reading,
        health: &Arc<Health>,
    ) -> Option<Purger> {
        if edges.is_empty() {
            return None;
        }
        health.purges_enabled();
        let task = tokio::spawn(run(
            Arc::downgrade(db),
            edges.to_vec(),
            version,
            Arc::clone(health),
        ));
        Some(Purger { task })
    }

    pub fn stop(self) {
        self.task.abort();
    }
}

impl Drop for Purger {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// What waits to be sent to one edge.
#[derive(Debug, Default)]
struct Pending {
    site: bool,
    stories: bool,
    /// When the oldest change still waiting was seen.
    since: Option<Instant>,
    /// Not before this (after a failure).
    next: Option<Instant>,
    backoff: Duration,
    /// Moves with each change added, so an attempt that was sent before a change does not
    /// clear it.
    changes: u64,
    /// An attempt is on its way (its `changes` when sent).
    in_flight: Option<u64>,
}

impl Pending {
    fn add(&mut self, bans: &[Ban], now: Instant) {
        if bans == Ban::SITE {
            self.site = true;
        } else {
            self.stories = true;
        }
        self.since.get_or_insert(now);
        self.changes += 1;
    }

    fn due(&self, now: Instant) -> bool {
        (self.site || self.stories)
            && self.in_flight.is_none()
            && self.next.is_none_or(|next| next <= now)
    }

    /// The bans to send: the whole site covers the stories.
    fn bans(&self) -> &'static [Ban] {
        if self.site {
            Ban::SITE
        } else {
            Ban::STORIES
        }
    }

    /// The attempt sent at `changes` went through: done, unless a change came meanwhile
    /// (then what waits is sent again at once; bans are idempotent).
    fn sent(&mut self, changes: u64) {
        if changes == self.changes {
            *self = Pending {
                changes: self.changes,
                ..Pending::default()
            };
        } else {
            self.next = None;
            self.backoff = Duration::ZERO;
        }
    }

    /// Gives up what waits (its changes are older than `GIVE_UP_AFTER`).
    fn drop_all(&mut self) {
        *self = Pending {
            changes: self.changes,
            ..Pending::default()
        };
    }
}

type Attempt = (usize, u64, Result<(), String>);

async fn run(db: std::sync::Weak<Db>, edges: Vec<EdgeUrl>, version: Reading, health: Arc<Health>) {
    let mut pending: Vec<Pending> = edges.iter().map(|_| Pending::default()).collect();
    let mut attempts: JoinSet<Attempt> = JoinSet::new();
    let mut seen: Option<(i64, EveryPage)> = None;
    let mut seen_reading: Option<i64> = None;
    loop {
        // An edge's answer is taken as it comes: a slow edge never holds up another, nor
        // the next change.
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            Some(done) = attempts.join_next(), if !attempts.is_empty() => {
                if let Ok((index, changes, outcome)) = done {
                    if let (Some(edge), Some(waiting)) = (edges.get(index), pending.get_mut(index)) {
                        waiting.in_flight = None;
                        answered(edge, waiting, changes, outcome, &health);
                    }
                }
            }
        }
        let now = Instant::now();
        let reading = version.get();
        if reading.is_some() && reading != seen_reading {
            let Some(store) = db.upgrade() else {
                return;
            };
            match store.read(content_state).await {
                Ok(state) => {
                    let bans = match &seen {
                        // The start: whatever changed while it was stopped.
                        None => Some(Ban::SITE),
                        Some((was, _)) if *was == state.0 => None,
                        Some((_, every_page)) if *every_page != state.1 => Some(Ban::SITE),
                        Some(_) => Some(Ban::STORIES),
                    };
                    if let Some(bans) = bans {
                        tracing::debug!(
                            ?bans,
                            version = state.0,
                            "content changed: purging the edges"
                        );
                        for edge in &mut pending {
                            edge.add(bans, now);
                        }
                    }
                    seen = Some(state);
                    seen_reading = reading;
                }
                Err(err) => {
                    tracing::warn!(error = %err, "cannot read what changed for the edge caches")
                }
            }
        }
        for (index, (edge, waiting)) in edges.iter().zip(pending.iter_mut()).enumerate() {
            if waiting.due(now) {
                let edge = edge.clone();
                let bans = waiting.bans();
                let changes = waiting.changes;
                waiting.in_flight = Some(changes);
                attempts.spawn(async move {
                    let outcome = tokio::time::timeout(ATTEMPT_TIMEOUT, send(&edge, bans)).await;
                    let outcome = outcome.unwrap_or_else(|_| Err("no answer in time".to_owned()));
                    (index, changes, outcome)
                });
            }
        }
    }
}

/// Records one attempt's outcome at `edge`: done, retried later, or given up.
fn answered(
    edge: &EdgeUrl,
    waiting: &mut Pending,
    changes: u64,
    outcome: Result<(), String>,
    health: &Health,
) {
    match outcome {
        Ok(()) => {
            health.purge_outcome(true, false);
            tracing::debug!(edge = %edge, "the edge dropped the changed pages");
            waiting.sent(changes);
        }
        Err(why) => {
            let now = Instant::now();
            let given_up = waiting
                .since
                .is_some_and(|since| now.duration_since(since) >= GIVE_UP_AFTER);
            health.purge_outcome(false, given_up);
            if given_up {
                tracing::error!(edge = %edge, error = %why, "an edge cache did not take a purge for a minute: given up (its copies have expired since)");
                waiting.drop_all();
            } else {
                waiting.backoff = (waiting.backoff * 2).clamp(FIRST_BACKOFF, MAX_BACKOFF);
                waiting.next = Some(now + waiting.backoff);
                tracing::warn!(edge = %edge, error = %why, retry_in_ms = waiting.backoff.as_millis(), "an edge cache did not take a purge: retrying");
            }
        }
    }
}

/// One connection to `edge`, one `BAN` per ban on it; every answer must be a 2xx.
async fn send(edge: &EdgeUrl, bans: &[Ban]) -> Result<(), String> {
    let stream = TcpStream::connect(edge.authority())
        .await
        .map_err(|err| format!("cannot connect: {err}"))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|err| format!("no HTTP: {err}"))?;
    let connection = tokio::spawn(connection);
    let ban = Method::from_bytes(b"BAN").map_err(|err| err.to_string())?;
    let mut result = Ok(());
    for &one in bans {
        let request = Request::builder()
            .method(ban.clone())
            .uri(one.path())
            .header(hyper::header::HOST, edge.authority())
            .header("x-ban-match", one.matching())
            .body(Empty::<Bytes>::new())
            .map_err(|err| err.to_string())?;
        match sender.send_request(request).await {
            Ok(answer) if answer.status().is_success() => {}
            Ok(answer) => {
                result = Err(format!("{} answered {}", one.path(), answer.status()));
                break;
            }
            Err(err) => {
                result = Err(format!("{}: {err}", one.path()));
                break;
            }
        }
    }
    connection.abort();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every public page that shows stories (its route names blog data), the feed, the
    /// sitemap and the blog API are dropped by a story's change; the whole site by a
    /// details change.
    #[test]
    fn the_stories_bans_cover_every_page_that_shows_stories() {
        let table: serde_json::Value =
            serde_json::from_str(crate::domain::site_paths::ROUTE_TABLE).expect("route table");
        let mut with_data = 0;
        for route in table["routes"].as_array().expect("routes") {
            let path = route["path"]
                .as_str()
                .expect("path")
                .replace(":id", "a-story");
            let shows_stories = route["data"].as_array().is_some_and(|d| !d.is_empty());
            if shows_stories {
                with_data += 1;
                for url in [path.clone(), format!("{path}?page=2&q=x")] {
                    assert!(
                        Ban::STORIES.iter().any(|ban| ban.covers(&url)),
                        "{url} shows stories but no ban drops it"
                    );
                }
            }
            assert!(Ban::SITE.iter().any(|ban| ban.covers(&path)), "{path}");
        }
        assert!(with_data >= 3, "the route table names the blog's pages");
        for url in [
            "/blogs/feed.xml",
            "/sitemap.xml",
            "/api/corp_website/blogs/get?page=1",
            "/api/corp_website/blogs/get/a-story",
            "/join_us/site-engineer",
            "/api/corp_website/jobs?location=Whitefield",
        ] {
            assert!(Ban::STORIES.iter().any(|ban| ban.covers(url)), "{url}");
        }
        for url in ["/about/our_vision", "/contact", "/api/corp_website/site"] {
            assert!(!Ban::STORIES.iter().any(|ban| ban.covers(url)), "{url}");
        }
    }

    #[test]
    fn what_waits_for_an_edge_merges_into_at_most_the_whole_site() {
        let now = Instant::now();
        let mut pending = Pending::default();
        assert!(!pending.due(now));
        pending.add(Ban::STORIES, now);
        assert_eq!(pending.bans(), Ban::STORIES);
        for _ in 0..1000 {
            pending.add(Ban::STORIES, now + Duration::from_secs(1));
        }
        assert_eq!(pending.since, Some(now), "the oldest change is kept");
        pending.add(Ban::SITE, now);
        assert_eq!(pending.bans(), Ban::SITE);
        assert!(pending.due(now));
        pending.next = Some(now + Duration::from_secs(1));
        assert!(!pending.due(now));
        pending.next = None;
        pending.drop_all();
        assert!(!pending.due(now + Duration::from_secs(2)));
    }

    #[test]
    fn a_change_made_while_an_attempt_is_on_its_way_is_sent_after_it() {
        let now = Instant::now();
        let mut pending = Pending::default();
        pending.add(Ban::STORIES, now);
        let sent_at = pending.changes;
        pending.in_flight = Some(sent_at);
        assert!(!pending.due(now), "one attempt at a time");
        pending.add(Ban::SITE, now);
        pending.in_flight = None;
        pending.sent(sent_at);
        assert!(pending.due(now), "the details' change still waits");
        assert_eq!(pending.bans(), Ban::SITE);
        pending.sent(pending.changes);
        assert!(!pending.due(now), "all sent");
    }
}
