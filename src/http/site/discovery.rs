//! What crawlers and feed readers ask the site for, besides its pages:
//!
//! - `/robots.txt` names the sitemap.
//! - `/sitemap.xml`: every public route of the route table, every post and every open job
//!   posting (with `lastmod`),
//!   as absolute URLs; past 50,000 URLs it is an index of `/sitemap-1.xml`, `/sitemap-2.xml`...
//! - `/blogs/feed.xml`: RSS 2.0 of the newest 20 posts.
//! - `/speculation-rules.json`: the rules every rendered page's islands add to it once they
//!   run (`ui/src/lib/speculation-rules.ts`; not a `Speculation-Rules` header, which the
//!   browser would fetch before the first paint): a browser that knows them fetches the page a
//!   visitor is about to open (a link held under the pointer, or pressed) before the click, so
//!   the move to another page, which the browser loads from the server, is as quick as one
//!   inside an app. Staff screens, the API, media and the pages of links in subscriber mail
//!   are left out.
//!
//! Absolute URLs come from the site origin (`http::plumbing::site_url`). Answers are cached per origin
//! until the blog version counter moves, and carry the pages' Cache-Control and an ETag.

use std::sync::Arc;

use bytes::Bytes;
use quick_xml::escape::escape;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::domain::public_url::PublicUrl;
use crate::domain::site_paths::{post_path, BLOG_LIST};
use crate::domain::utc::parse_day;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::{etag_of, tagged};
use crate::http::plumbing::response_cache::ResponseCache;
use crate::http::plumbing::security::SPECULATION_RULES;
use crate::http::plumbing::site_url;
use crate::http::public_api::blog_cache::BlogApi;
use crate::http::public_api::job_postings::JobsApi;
use crate::http::site::assets;
use crate::http::site::pages::{Pages, SiteInfo};
use crate::http::state::AppState;
use crate::metrics::Cache;
use crate::store::blogs::BlogRecord;

/// The sitemaps.org limit of URLs in one file.
pub const SITEMAP_LIMIT: usize = 50_000;
/// Posts in the feed.
pub const FEED_POSTS: u64 = 20;
const FEED_PATH: &str = "/blogs/feed.xml";

#[derive(PartialEq, Eq, Hash)]
enum Document {
    Robots,
    /// The sitemap, or part n (from 1) of a split one.
    Sitemap(Option<usize>),
    Feed,
    SpeculationRules,
}

struct Discovery {
    blogs: Arc<BlogApi>,
    jobs: Arc<JobsApi>,
    pages: Arc<Pages>,
    media_base: String,
    cache: ResponseCache<(Document, String), Option<(Bytes, HeaderValue)>>,
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let discovery = Arc::new(Discovery {
        blogs: Arc::clone(&state.blogs),
        jobs: Arc::clone(&state.jobs),
        pages: Arc::clone(&state.pages),
        media_base: state.settings.media_base.clone(),
        cache: ResponseCache::new(64).counted(state.metrics.cache(Cache::Discovery)),
    });
    let origin = site_url::origin(
        state.settings.public_url.clone(),
        Arc::new(state.settings.trusted_proxies.clone()),
    );
    let robots = warp::path!("robots.txt").map(|| Document::Robots);
    let sitemap = warp::path!("sitemap.xml").map(|| Document::Sitemap(None));
    let part = warp::path::param::<String>()
        .and(warp::path::end())
        .and_then(|file: String| async move {
            file.strip_prefix("sitemap-")
                .and_then(|rest| rest.strip_suffix(".xml"))
                .filter(|n| !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<usize>().ok())
                .map(|n| Document::Sitemap(Some(n)))
                .ok_or_else(warp::reject::not_found)
        });
    let feed = warp::path!("blogs" / "feed.xml").map(|| Document::Feed);
    let rules = warp::path!("speculation-rules.json").map(|| Document::SpeculationRules);
    robots
        .or(sitemap)
        .unify()
        .or(feed)
        .unify()
        .or(rules)
        .unify()
        .or(part)
        .unify()
        .and(get_or_head())
        .and(origin)
        .and(warp::header::headers_cloned())
        .then(move |document, origin: PublicUrl, headers: HeaderMap| {
            let discovery = Arc::clone(&discovery);
            async move { discovery.answer(document, &origin, &headers).await }
        })
        .boxed()
}

impl Discovery {
    async fn answer(
        &self,
        document: Document,
        origin: &PublicUrl,
        request: &HeaderMap,
    ) -> Response {
        let content_type = match document {
            Document::Robots => "text/plain; charset=utf-8",
            Document::Sitemap(_) => "application/xml; charset=utf-8",
            Document::Feed => "application/rss+xml; charset=utf-8",
            Document::SpeculationRules => "application/speculationrules+json",
        };
        let key = (document, origin.as_str().to_owned());
        let version = self.blogs.version();
        let cached = version.and_then(|v| self.cache.get(v, &key));
        let made = match cached {
            Some(made) => made,
            None => match self.make(&key.0, origin).await {
                Ok(made) => {
                    let made = made.map(|body| {
                        let etag = etag_of(body.as_bytes());
                        (Bytes::from(body), etag)
                    });
                    if let Some(version) = version {
                        self.cache.put(version, key, made.clone());
                    }
                    made
                }
                Err(err) => return err.into_response(),
            },
        };
        let Some((body, etag)) = made else {
            return ApiError::NotFound("No such sitemap.".into()).into_response();
        };
        tagged(StatusCode::OK, content_type, &body, &etag, request)
    }

    /// The document's text; None for a sitemap part that does not exist.
    async fn make(
        &self,
        document: &Document,
        origin: &PublicUrl,
    ) -> Result<Option<String>, ApiError> {
        Ok(match document {
            Document::Robots => Some(robots(origin)),
            Document::SpeculationRules => Some(SPECULATION_RULES.to_owned()),
            Document::Sitemap(part) => {
                let mut urls = public_pages(origin);
                for post in self.blogs.summaries().await? {
                    urls.push((origin.join(&post_path(&post.id)), Some(post.date)));
                }
                // Open job postings; a closed one leaves with its closing (the content
                // version moves, and this document with it).
                for (path, day) in self.jobs.sitemap_entries().await? {
                    urls.push((origin.join(&path), Some(day)));
                }
                sitemap(origin, &urls, *part, SITEMAP_LIMIT)
            }
            Document::Feed => {
                let posts = self.blogs.newest(FEED_POSTS).await?;
                let site = self.pages.site_info().await;
                Some(feed(origin, &site, &posts, &self.media_base))
            }
        })
    }
}

fn robots(origin: &PublicUrl) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /healthz\n\nSitemap: {}\n",
        origin.join("/sitemap.xml")
    )
}

/// The route table's public pages without parameters, each page module once (`/home` is `/`).
fn public_pages(origin: &PublicUrl) -> Vec<(String, Option<String>)> {
    let mut seen = Vec::new();
    let mut urls = Vec::new();
    for route in assets::page_routes() {
        if route.private || route.path.contains(':') || seen.contains(&route.page.as_str()) {
            continue;
        }
        seen.push(route.page.as_str());
        urls.push((origin.join(&route.path), None));
    }
    urls
}

/// The sitemap (`part` None), or one part of a split one. Up to `limit` URLs it is one
/// `urlset`; past it, `/sitemap.xml` is an index of the parts.
fn sitemap(
    origin: &PublicUrl,
    urls: &[(String, Option<String>)],
    part: Option<usize>,
    limit: usize,
) -> Option<String> {
    let chunks: Vec<&[(String, Option<String>)]> = urls.chunks(limit.max(1)).collect();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let urlset = match part {
        None if chunks.len() > 1 => {
            xml.push_str("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for n in 1..=chunks.len() {
                xml.push_str(&format!(
                    "  <sitemap><loc>{}</loc></sitemap>\n",
                    escape(origin.join(&format!("/sitemap-{n}.xml")))
                ));
            }
            xml.push_str("</sitemapindex>\n");
            return Some(xml);
        }
        None => urls,
        Some(n) if chunks.len() > 1 => chunks.get(n.checked_sub(1)?)?,
        Some(_) => return None,
    };
    xml.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for (loc, lastmod) in urlset {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape(loc.as_str()));
        xml.push_str("</loc>");
        if let Some(lastmod) = lastmod {
            xml.push_str("<lastmod>");
            xml.push_str(&escape(lastmod.as_str()));
            xml.push_str("</lastmod>");
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

/// RSS 2.0 of `posts` (newest first), with each post's image as `media:content`.
fn feed(origin: &PublicUrl, site: &SiteInfo, posts: &[BlogRecord], media_base: &str) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" \
         xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:media=\"http://search.yahoo.com/mrss/\">\n<channel>\n",
    );
    let element = |xml: &mut String, name: &str, text: &str| {
        xml.push_str(&format!("  <{name}>{}</{name}>\n", escape(text)));
    };
    element(&mut xml, "title", &site.blog_title);
    element(&mut xml, "link", &origin.join(BLOG_LIST));
    element(&mut xml, "description", &site.blog_description);
    element(&mut xml, "language", "en");
    element(&mut xml, "generator", &site.name);
    xml.push_str(&format!(
        "  <atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        escape(origin.join(FEED_PATH))
    ));
    if let Some(newest) = posts.first().and_then(|post| rfc2822(&post.date)) {
        element(&mut xml, "lastBuildDate", &newest);
    }
    for post in posts {
        let link = origin.join(&post_path(&post.id));
        xml.push_str("  <item>\n");
        let item = |xml: &mut String, name: &str, text: &str| {
            xml.push_str(&format!("    <{name}>{}</{name}>\n", escape(text)));
        };
        item(&mut xml, "title", &post.title);
        item(&mut xml, "link", &link);
        xml.push_str(&format!(
            "    <guid isPermaLink=\"true\">{}</guid>\n",
            escape(link.as_str())
        ));
        if let Some(date) = rfc2822(&post.date) {
            item(&mut xml, "pubDate", &date);
        }
        item(&mut xml, "description", &post.motive);
        for tag in &post.tags {
            item(&mut xml, "category", tag);
        }
        if let Some(image) = &post.blog_image {
            let url = media_url(origin, media_base, image);
            let mime = mime_guess::from_path(image).first_or_octet_stream();
            xml.push_str(&format!(
                "    <media:content url=\"{}\" medium=\"image\" type=\"{}\"/>\n",
                escape(url.as_str()),
                escape(mime.essence_str())
            ));
        }
        xml.push_str("  </item>\n");
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

/// A stored media path as an absolute URL: the media base, made absolute when it is a path.
fn media_url(origin: &PublicUrl, media_base: &str, path: &str) -> String {
    let base = if media_base.ends_with('/') {
        media_base.to_owned()
    } else {
        format!("{media_base}/")
    };
    let url = format!("{base}{}", path.trim_start_matches('/'));
    if url.starts_with('/') {
        origin.join(&url)
    } else {
        url
    }
}

/// `2026-10-22` -> `Thu, 22 Oct 2026 00:00:00 +0000`.
/// `None` before 1900, which RFC 2822 does not write.
fn rfc2822(date: &str) -> Option<String> {
    let day = parse_day(date.get(..10)?).filter(|day| day.year() >= 1900)?;
    Some(day.strftime("%a, %d %b %Y 00:00:00 +0000").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin() -> PublicUrl {
        "https://www.example.com".parse().expect("origin")
    }

    #[test]
    fn a_sitemap_past_its_limit_becomes_an_index_of_parts() {
        let urls: Vec<(String, Option<String>)> = (0..5)
            .map(|n| (format!("https://www.example.com/p{n}"), None))
            .collect();
        let whole = sitemap(&origin(), &urls, None, 10).expect("one file");
        assert_eq!(whole.matches("<url>").count(), 5);
        let index = sitemap(&origin(), &urls, None, 2).expect("index");
        assert!(index.contains("<sitemapindex"), "{index}");
        assert_eq!(index.matches("<sitemap>").count(), 3);
        assert!(index.contains("https://www.example.com/sitemap-3.xml"));
        let last = sitemap(&origin(), &urls, Some(3), 2).expect("part 3");
        assert_eq!(last.matches("<url>").count(), 1);
        assert!(sitemap(&origin(), &urls, Some(4), 2).is_none());
        assert!(
            sitemap(&origin(), &urls, Some(1), 10).is_none(),
            "no parts when not split"
        );
    }

    #[test]
    fn dates_are_written_as_rss_wants_them() {
        assert_eq!(
            rfc2822("2026-10-22").as_deref(),
            Some("Thu, 22 Oct 2026 00:00:00 +0000")
        );
        assert_eq!(
            rfc2822("2026-03-05T10:00:00Z").as_deref(),
            Some("Thu, 05 Mar 2026 00:00:00 +0000")
        );
        assert_eq!(
            rfc2822("1900-01-01").as_deref(),
            Some("Mon, 01 Jan 1900 00:00:00 +0000")
        );
        assert_eq!(rfc2822("1899-12-31"), None);
        assert_eq!(rfc2822("22/10/2026"), None);
    }

    #[test]
    fn media_urls_are_absolute() {
        assert_eq!(
            media_url(&origin(), "/media/", "a/b.png"),
            "https://www.example.com/media/a/b.png"
        );
        assert_eq!(
            media_url(&origin(), "https://bucket.example.net/x", "b.png"),
            "https://bucket.example.net/x/b.png"
        );
    }
}
