//! `/healthz` and `/metrics`: through the real filters, and the admin address of the real
//! binary.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::process::{send, Running, BINARY};
use crate::common::seeded::seeded_data_dir;
use crate::common::{header, json, TestApp};
use crate::leads_support::{contact, from, post_json};
use corpsite::content;
use jiff::civil::date;
use jiff::Timestamp;
use serde_json::Value;

const TOKEN: &str = "test-metrics-token-0123456789";

fn app_with_token() -> TestApp {
    TestApp::with_settings(|s| s.metrics_token = Some(TOKEN.parse().expect("token")))
}

/// Every sample of an OpenMetrics text by its series (`name{labels}` as written). Panics on
/// a line that is neither a comment nor `series value`, so a malformed text fails the test.
fn samples(text: &str) -> HashMap<String, f64> {
    assert!(text.ends_with("# EOF\n"), "no EOF marker:\n{text}");
    let mut samples = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (series, value) = line
            .rsplit_once(' ')
            .unwrap_or_else(|| panic!("not a sample: {line:?}"));
        let name_end = series.find('{').unwrap_or(series.len());
        let name = &series[..name_end];
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "bad metric name in {line:?}"
        );
        if name_end < series.len() {
            assert!(series.ends_with('}'), "unclosed labels in {line:?}");
        }
        let value: f64 = value
            .parse()
            .unwrap_or_else(|_| panic!("bad value in {line:?}"));
        assert!(
            samples.insert(series.to_owned(), value).is_none(),
            "{series} twice"
        );
    }
    samples
}

async fn scrape(app: &TestApp) -> HashMap<String, f64> {
    let response = app
        .request(
            warp::test::request()
                .path("/metrics")
                .header("authorization", format!("Bearer {TOKEN}")),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert!(
        header(&response, "content-type").starts_with("application/openmetrics-text"),
        "{}",
        header(&response, "content-type")
    );
    samples(std::str::from_utf8(response.body()).expect("utf-8"))
}

fn value(samples: &HashMap<String, f64>, series: &str) -> f64 {
    samples.get(series).copied().unwrap_or(0.0)
}

#[tokio::test]
async fn healthz_answers_200_with_the_database_disk_and_backup_state_and_is_never_cached() {
    let app = TestApp::new();
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), "no-store");
    assert_eq!(header(&response, "content-type"), "application/json");
    let body = json(&response);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
    assert!(body["disk"]["free_bytes"].as_u64().is_some_and(|n| n > 0));
    assert_eq!(
        body["disk"]["min_free_bytes"],
        app.state.settings.min_free_disk
    );
    // Backups are on by default; the first comes a minute after the start.
    assert_eq!(body["backup"]["scheduled"], true);
    assert_eq!(body["backup"]["last_success"], Value::Null);
    assert_eq!(body["backup"]["age_seconds"], Value::Null);
    assert_eq!(body["backup"]["failure"], Value::Null);
    assert_eq!(body["certificate"], Value::Null);
    assert!(body.get("message").is_none(), "{body}");
}

#[tokio::test]
async fn healthz_is_503_failing_while_the_disk_is_below_the_minimum() {
    let app = TestApp::with_settings(|s| s.min_free_disk = u64::MAX);
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), 503);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let body = json(&response);
    assert_eq!(body["status"], "failing");
    assert_eq!(body["database"], "ok");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("disk")));
}

#[tokio::test]
async fn healthz_is_503_failing_once_the_database_file_is_replaced() {
    let app = app_with_token();
    assert_eq!(app.get("/healthz").await.status(), 200);
    let db = app.data_dir().join("corpsite.db");
    std::fs::rename(&db, app.data_dir().join("moved.db")).expect("move the database");
    std::fs::write(&db, b"").expect("another file in its place");
    // The server's watch looks every second.
    let started = Instant::now();
    let response = loop {
        let response = app.get("/healthz").await;
        if response.status() != 200 || started.elapsed() > Duration::from_secs(10) {
            break response;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(response.status(), 503);
    let body = json(&response);
    assert_eq!(body["status"], "failing");
    assert!(
        body["database"]
            .as_str()
            .is_some_and(|m| m.contains("deleted or replaced")),
        "{body}"
    );
    let metrics = scrape(&app).await;
    assert_eq!(value(&metrics, "corpsite_database_up"), 0.0);
}

#[tokio::test]
async fn a_failed_backup_reads_degraded_in_healthz_and_failing_in_the_metrics() {
    let app = app_with_token();
    let health = &app.state.health;
    health.backups_scheduled();
    let succeeded = Timestamp::now() - jiff::SignedDuration::from_hours(25);
    health.backup_succeeded(succeeded, 4096);
    health.backup_failed(
        Timestamp::now(),
        "cannot write /srv/backups: disk full".into(),
    );

    let response = app.get("/healthz").await;
    assert_eq!(
        response.status(),
        200,
        "a failed backup does not stop the site"
    );
    let body = json(&response);
    assert_eq!(body["status"], "degraded");
    assert_eq!(body["backup"]["scheduled"], true);
    let age = body["backup"]["age_seconds"].as_i64().expect("an age");
    assert!((25 * 3600..25 * 3600 + 60).contains(&age), "{age}");
    let failure = &body["backup"]["failure"];
    assert!(failure["at"].as_str().is_some_and(|at| at.ends_with('Z')));
    assert!(
        !failure["error"]
            .as_str()
            .expect("an error")
            .contains("/srv/backups"),
        "the public address does not tell paths: {failure}"
    );

    let metrics = scrape(&app).await;
    assert_eq!(value(&metrics, "corpsite_backup_failing"), 1.0);
    assert_eq!(value(&metrics, "corpsite_backup_scheduled"), 1.0);
    assert_eq!(
        value(&metrics, "corpsite_backup_last_success_timestamp_seconds"),
        succeeded.as_second() as f64
    );

    health.backup_succeeded(Timestamp::now(), 4096);
    assert_eq!(json(&app.get("/healthz").await)["status"], "ok");
    assert_eq!(value(&scrape(&app).await, "corpsite_backup_failing"), 0.0);
}

#[tokio::test]
async fn the_certificate_expiry_shows_only_once_a_certificate_is_served() {
    let app = app_with_token();
    let metrics = scrape(&app).await;
    assert!(!metrics.contains_key("corpsite_certificate_expiry_timestamp_seconds"));
    let expiry = Timestamp::now() + jiff::SignedDuration::from_hours(10 * 24);
    app.state.health.certificate_served(expiry);
    let metrics = scrape(&app).await;
    assert_eq!(
        value(&metrics, "corpsite_certificate_expiry_timestamp_seconds"),
        expiry.as_second() as f64
    );
    let body = json(&app.get("/healthz").await);
    let left = body["certificate"]["seconds_left"]
        .as_i64()
        .expect("seconds left");
    assert!((10 * 86400 - 60..=10 * 86400).contains(&left), "{left}");
    assert_eq!(body["certificate"]["renewal_failure"], Value::Null);
}

#[tokio::test]
async fn metrics_on_the_site_answer_like_any_unknown_path_without_the_right_token() {
    let unknown = TestApp::new().get("/no-such-page").await;
    let without_token_set = TestApp::new();
    let with_token_set = app_with_token();
    let cases: [(&TestApp, Option<&str>); 5] = [
        (&without_token_set, None),
        (&without_token_set, Some("Bearer anything-at-all-long")),
        (&with_token_set, None),
        (&with_token_set, Some("Bearer test-metrics-token-012345678")),
        (&with_token_set, Some("Basic test-metrics-token-0123456789")),
    ];
    for (app, authorization) in cases {
        let mut request = warp::test::request().path("/metrics");
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        let response = app.request(request).await;
        assert_eq!(response.status(), 404, "{authorization:?}");
        assert_eq!(
            header(&response, "content-type"),
            header(&unknown, "content-type"),
            "{authorization:?}"
        );
        assert!(!String::from_utf8_lossy(response.body()).contains("corpsite_"));
    }
    let metrics = scrape(&with_token_set).await;
    assert!(metrics.contains_key("corpsite_database_up"));
}

#[tokio::test]
async fn a_stored_lead_moves_its_counter_and_its_groups_request_counter_by_exactly_one() {
    let app = app_with_token();
    let before = scrape(&app).await;
    let response = post_json(&app, &contact()).await;
    assert_eq!(response.status(), 201);
    let after = scrape(&app).await;
    let moved = |series: &str| value(&after, series) - value(&before, series);
    assert_eq!(
        moved("corpsite_leads_received_total{kind=\"enquiry\"}"),
        1.0
    );
    assert_eq!(
        moved("corpsite_leads_received_total{kind=\"application\"}"),
        0.0
    );
    assert_eq!(
        moved("corpsite_http_requests_total{group=\"api_forms\",status=\"201\"}"),
        1.0
    );
    assert_eq!(
        moved("corpsite_http_request_duration_seconds_count{group=\"api_forms\"}"),
        1.0
    );
    assert_eq!(
        moved("corpsite_http_requests_total{group=\"pages\",status=\"200\"}"),
        0.0
    );
    assert!(after.contains_key("corpsite_outbox_messages{state=\"queued\"}"));
    assert!(after.contains_key("corpsite_database_bytes"));
    assert!(after.contains_key("corpsite_uploads_bytes"));
    assert_eq!(value(&after, "corpsite_database_up"), 1.0);
}

#[tokio::test]
async fn a_rate_limited_post_counts_one_refusal_of_the_form_limit() {
    let app = TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 1;
        s.metrics_token = Some(TOKEN.parse().expect("token"));
    });
    let before = scrape(&app).await;
    assert_eq!(
        value(&before, "corpsite_rate_limited_total{limit=\"form\"}"),
        0.0
    );
    let statuses = [
        post_json(&app, &contact()).await.status(),
        post_json(&app, &contact()).await.status(),
    ];
    assert_eq!(statuses.map(|s| s.as_u16()), [201, 429]);
    let after = scrape(&app).await;
    assert_eq!(
        value(&after, "corpsite_rate_limited_total{limit=\"form\"}"),
        1.0
    );
    assert_eq!(
        value(&after, "corpsite_rate_limited_total{limit=\"search\"}"),
        0.0
    );
    assert_eq!(
        value(
            &after,
            "corpsite_http_requests_total{group=\"api_forms\",status=\"429\"}"
        ),
        1.0
    );
}

#[tokio::test]
async fn a_repeated_blog_list_is_a_cache_hit() {
    let app = app_with_token();
    // The list is cached only once the blog version is known (the watch's first read).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let request = || {
        from([192, 0, 2, 9])
            .method("GET")
            .path("/api/corp_website/blogs/get?page=1")
    };
    assert_eq!(app.request(request()).await.status(), 200);
    let before = scrape(&app).await;
    assert_eq!(app.request(request()).await.status(), 200);
    let after = scrape(&app).await;
    let hits = "corpsite_cache_requests_total{cache=\"blog_list\",result=\"hit\"}";
    assert_eq!(value(&after, hits) - value(&before, hits), 1.0);
}

#[tokio::test]
async fn a_repeated_post_is_a_cache_hit_and_an_unknown_one_is_never_kept() {
    let app = app_with_token();
    let text = "---\ntitle: Cached\nmotive: Kept\ndate: 2025-01-01\n---\nBody.\n";
    let post = content::prepare("cached.md", text, date(2025, 6, 1), |_| {
        Ok(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
    })
    .expect("a valid post");
    app.db()
        .write(move |conn| content::insert_all(conn, &[post]))
        .await
        .expect("insert");
    // Kept only once the blog version is known (the watch's first read).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let id = "cached";
    let get = |id: &str| {
        from([192, 0, 2, 9])
            .method("GET")
            .path(&format!("/api/corp_website/blogs/get/{id}"))
    };
    let hits = "corpsite_cache_requests_total{cache=\"blog_post\",result=\"hit\"}";
    assert_eq!(app.request(get(id)).await.status(), 200);
    let before = scrape(&app).await;
    assert_eq!(app.request(get(id)).await.status(), 200);
    assert_eq!(app.request(get("no-such-post")).await.status(), 404);
    assert_eq!(app.request(get("no-such-post")).await.status(), 404);
    let after = scrape(&app).await;
    assert_eq!(value(&after, hits) - value(&before, hits), 1.0);
}

#[tokio::test]
async fn each_page_render_is_timed_once_and_a_cached_page_is_not_rendered() {
    let app = app_with_token();
    // Pages are kept once the blog version is known (the watch's first read).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let count = "corpsite_page_render_duration_seconds_count";
    let sum = "corpsite_page_render_duration_seconds_sum";
    let before = scrape(&app).await;
    let page = || from([192, 0, 2, 9]).method("GET").path("/why-us");
    assert_eq!(app.request(page()).await.status(), 200);
    assert_eq!(app.request(page()).await.status(), 200);
    let after = scrape(&app).await;
    assert_eq!(value(&after, count) - value(&before, count), 1.0);
    let took = value(&after, sum) - value(&before, sum);
    assert!(took > 0.0 && took < 1.0, "{took} s");
}

#[test]
fn the_admin_address_serves_metrics_and_healthz_and_the_site_does_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let admin = free_port();
    let admin_addr = format!("127.0.0.1:{admin}");
    seeded_data_dir(&dir.path().join("data"));
    let mut server = Running::start(
        Path::new(BINARY),
        &["--data-dir", "data", "--admin-addr", &admin_addr],
        &[],
        dir.path(),
    );
    let admin: std::net::SocketAddr = admin_addr.parse().expect("address");
    // The serving line comes once both addresses listen. One page view, to count.
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);

    let metrics = send(admin, "GET", "/metrics", &[]);
    assert_eq!(metrics.status, 200);
    let text = String::from_utf8(metrics.body).expect("utf-8");
    let samples = samples(&text);
    assert_eq!(
        value(
            &samples,
            "corpsite_http_requests_total{group=\"pages\",status=\"200\"}"
        ),
        1.0,
        "{text}"
    );
    assert!(text.contains("corpsite_build_info{version=\""), "{text}");

    let health = send(admin, "GET", "/healthz", &[]);
    assert_eq!(health.status, 200);
    let body: Value = serde_json::from_slice(&health.body).expect("json");
    assert_eq!(body["status"], "ok");

    let unknown = send(admin, "GET", "/", &[]);
    assert_eq!(unknown.status, 404);
    let body: Value = serde_json::from_slice(&unknown.body).expect("a JSON error");
    assert!(body["message"].is_string());

    assert_eq!(send(server.addr, "GET", "/metrics", &[]).status, 404);
    assert_eq!(send(server.addr, "GET", "/healthz", &[]).status, 200);

    // One SIGTERM stops both listeners.
    let started = Instant::now();
    server.terminate();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still running");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    assert!(std::net::TcpStream::connect(admin).is_err(), "admin closed");
}

#[test]
fn a_busy_admin_address_stops_the_start_with_one_line_naming_the_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = taken.local_addr().expect("addr").to_string();
    seeded_data_dir(&dir.path().join("data"));
    let out = Command::new(BINARY)
        .args([
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            "data",
            "--admin-addr",
            &addr,
        ])
        .current_dir(dir.path())
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains(&addr) && lines[0].contains("--admin-addr off"),
        "{stderr}"
    );
}

#[test]
fn a_metrics_token_shorter_than_16_characters_stops_the_start() {
    let out = Command::new(BINARY)
        .args(["--addr", "127.0.0.1:0", "--admin-addr", "off"])
        .env("CORPSITE_METRICS_TOKEN", "too-short")
        .output()
        .expect("run corpsite");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("at least 16 characters"), "{stderr}");
}

/// A port free now (the OS picks it; the server binds it a moment later).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("a free port")
}
