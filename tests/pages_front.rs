//! `http::site::front`: the kept pages answered ahead of the filters. Its answers must be the
//! filters' own, byte for byte and header for header, and everything else must go on to them.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bytes::Bytes;
use corpsite::http::plumbing::marks::ClientAddr;
use corpsite::http::site::front::Front;
use http_body_util::BodyExt;
use warp::http::{Method, Request, Response};

use crate::common::{header, TestApp};
use crate::pages_render::{post, posts_in, publish_all};

pub(crate) const PROXY: &str = "10.0.0.2:4000";
pub(crate) const VISITOR: &str = "203.0.113.9:5000";

pub(crate) fn addr(text: &str) -> SocketAddr {
    text.parse().expect("address")
}

/// The site with its four posts, behind a trusted proxy at `PROXY`, once the server's version
/// watch has seen them (a version that moves mid-test lets every kept page go).
pub(crate) async fn app() -> TestApp {
    let app = posts_in(TestApp::with_settings(|s| {
        s.trusted_proxies = vec![addr(PROXY).ip()];
    }))
    .await;
    seen(&app).await;
    app
}

/// Waits until the version watch holds the stored content version.
pub(crate) async fn seen(app: &TestApp) {
    let stored = app
        .db()
        .read(corpsite::store::blogs::version)
        .await
        .expect("version");
    let start = Instant::now();
    while app.state.blog_version.get() != Some(stored) {
        assert!(start.elapsed() < Duration::from_secs(2), "never seen");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// One request, as the listener hands it on: with the connection's address.
pub(crate) struct Asked {
    pub(crate) method: Method,
    pub(crate) uri: String,
    pub(crate) peer: SocketAddr,
    pub(crate) headers: Vec<(&'static str, String)>,
}

impl Asked {
    pub(crate) fn get(uri: &str) -> Asked {
        Asked {
            method: Method::GET,
            uri: uri.to_owned(),
            peer: addr(VISITOR),
            headers: Vec::new(),
        }
    }

    pub(crate) fn with(mut self, name: &'static str, value: &str) -> Asked {
        self.headers.push((name, value.to_owned()));
        self
    }

    pub(crate) async fn of_filters(&self, app: &TestApp) -> Response<Bytes> {
        let mut request = warp::test::request()
            .method(self.method.as_str())
            .path(&self.uri)
            .extension(ClientAddr(self.peer));
        for (name, value) in &self.headers {
            request = request.header(*name, value.as_str());
        }
        app.request(request).await
    }

    pub(crate) async fn of_front(&self, front: &Front) -> Option<Response<Bytes>> {
        let mut request = Request::builder().method(&self.method).uri(&self.uri);
        for (name, value) in &self.headers {
            request = request.header(*name, value.as_str());
        }
        let mut request = request.body(()).expect("request");
        request.extensions_mut().insert(ClientAddr(self.peer));
        let (parts, body) = front.answer(&request).await?.into_parts();
        let body = body.collect().await.expect("body").to_bytes();
        Some(Response::from_parts(parts, body))
    }
}

#[tokio::test]
async fn a_kept_page_is_answered_ahead_of_the_filters_as_they_answer_it() {
    let app = app().await;
    let front = Front::new(&app.state);
    let pages = [
        "/",
        "/home",
        "/about/our_vision",
        "/why-us",
        "/blogs",
        "/blogs/",
        "/blogs?q=post&page=1",
        "/blogs?page=1&utm_source=mail",
        "/blogs/detail/leasing-a-campus-in-whitefield",
        "/join_us",
        "/contact",
        "/shilpa_foundation",
    ];
    for page in [
        "/",
        "/why-us",
        "/blogs/detail/leasing-a-campus-in-whitefield",
    ] {
        assert!(
            Asked::get(page).of_front(&front).await.is_none(),
            "{page}: nothing is kept before the filters made it"
        );
    }
    for page in pages {
        let first = Asked::get(page).of_filters(&app).await;
        assert_eq!(first.status(), 200, "{page}");
        let etag = header(&first, "etag").to_owned();
        let variants = [
            Asked::get(page),
            Asked::get(page).with("accept-encoding", "gzip, br"),
            Asked::get(page).with("if-none-match", &etag),
            Asked::get(page).with("host", "site.example:8080"),
            Asked {
                method: Method::HEAD,
                ..Asked::get(page)
            },
            // The proxy's https is believed; the same header from a visitor is not.
            Asked {
                peer: addr(PROXY),
                ..Asked::get(page)
            }
            .with("host", "www.example.com")
            .with("x-forwarded-proto", "https"),
            Asked::get(page)
                .with("host", "www.example.com")
                .with("x-forwarded-proto", "https"),
        ];
        for asked in variants {
            let what = format!("{} {page} {:?}", asked.method, asked.headers);
            // The filters render it once for this origin, then answer it from the cache.
            asked.of_filters(&app).await;
            let mut expected = asked.of_filters(&app).await;
            // Asked for again, a kept page gets its brotli form, made in the background.
            let takes_br = asked
                .headers
                .iter()
                .any(|(name, value)| *name == "accept-encoding" && value.contains("br"));
            let started = std::time::Instant::now();
            while takes_br && header(&expected, "content-encoding") != "br" {
                assert!(
                    started.elapsed() < std::time::Duration::from_secs(30),
                    "{what}: no brotli form after 30 s"
                );
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                expected = asked.of_filters(&app).await;
            }
            let answered = asked
                .of_front(&front)
                .await
                .unwrap_or_else(|| panic!("{what}: kept, yet not answered ahead"));
            assert_eq!(answered.status(), expected.status(), "{what}");
            assert_eq!(answered.headers(), expected.headers(), "{what}");
            assert_eq!(answered.body(), expected.body(), "{what}");
        }
    }
    let proxied = Asked {
        peer: addr(PROXY),
        ..Asked::get("/why-us")
    }
    .with("host", "www.example.com")
    .with("x-forwarded-proto", "https");
    let html = proxied.of_front(&front).await.expect("kept");
    assert!(String::from_utf8_lossy(html.body())
        .contains(r#"<link rel="canonical" href="https://www.example.com/why-us"/>"#));
}

#[tokio::test]
async fn what_is_not_a_kept_public_page_goes_on_to_the_filters() {
    let app = app().await;
    let front = Front::new(&app.state);
    for uri in [
        "/staff",
        "/login",
        "/blogs/unsubscribe?token=abc",
        "/nope",
        "/blogs/detail/no-such-post",
        "/api/corp_website/site",
        "/favicon.svg",
        "/robots.txt",
        "/healthz",
    ] {
        // Twice through the filters: whatever they keep, they have kept.
        Asked::get(uri).of_filters(&app).await;
        Asked::get(uri).of_filters(&app).await;
        assert!(Asked::get(uri).of_front(&front).await.is_none(), "{uri}");
    }
    Asked::get("/contact").of_filters(&app).await;
    let posted = Asked {
        method: Method::POST,
        ..Asked::get("/contact")
    };
    assert!(posted.of_front(&front).await.is_none(), "a POST");
    assert!(Asked::get("/contact").of_front(&front).await.is_some());
}

#[tokio::test]
async fn a_kept_page_is_let_go_when_the_content_changes() {
    let app = app().await;
    let front = Front::new(&app.state);
    let list = Asked::get("/blogs");
    list.of_filters(&app).await;
    assert!(list.of_front(&front).await.is_some());
    publish_all(&app, vec![post("n.md", "title: Just out\nmotive: M", "x")]).await;
    // The version watch sees the write within a moment; from then on the filters render again.
    let start = Instant::now();
    while list.of_front(&front).await.is_some() {
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the old page was still answered"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let fresh = list.of_filters(&app).await;
    assert!(String::from_utf8_lossy(fresh.body()).contains("Just out"));
    let kept = list.of_front(&front).await.expect("kept again");
    assert_eq!(kept.body(), fresh.body());
}

#[tokio::test]
async fn an_answer_ahead_of_the_filters_is_counted_and_logged_as_theirs_are() {
    let app = app().await;
    let front = Front::new(&app.state);
    let page = Asked::get("/why-us");
    page.of_filters(&app).await;
    let metrics = |app: &TestApp| {
        app.state
            .metrics
            .encode(&corpsite::metrics::Reading::default())
            .expect("metrics")
    };
    // One sample of the metrics text by its series (0 before it was first counted).
    let sample = |text: &str, series: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .map_or(0.0, |value| value.parse::<f64>().expect("a number"))
    };
    let count = |text: &str| {
        sample(
            text,
            "corpsite_http_requests_total{group=\"pages\",status=\"200\"}",
        )
    };
    let hits = |text: &str| {
        sample(
            text,
            "corpsite_cache_requests_total{cache=\"static_pages\",result=\"hit\"}",
        )
    };
    let before = metrics(&app);
    let logs = crate::common::LogCapture::start();
    assert!(page.of_front(&front).await.is_some());
    let after = metrics(&app);
    assert_eq!(count(&after), count(&before) + 1.0, "counted as a page");
    assert_eq!(hits(&after), hits(&before) + 1.0, "its cache hit, once");
    let text = logs.text();
    assert!(
        text.contains("request")
            && text.contains("path=\"/why-us\"")
            && text.contains("status=200"),
        "{text}"
    );
}
