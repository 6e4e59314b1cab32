//! The page-view beacon (`POST /api/visits`) through the real filters and store: what is
//! counted, what is not, what is kept (never an address), and junk bounded.

use std::sync::Arc;

use crate::common::proof::{self, proven};
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{header, json, TestApp};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SITE: &str = "http://www.example.com";

fn beacon(body: &str) -> warp::test::RequestBuilder {
    warp::test::request()
        .method("POST")
        .path("/api/visits")
        .header("host", "www.example.com")
        .header("origin", SITE)
        .header("user-agent", CHROME)
        .header("content-type", "text/plain;charset=UTF-8")
        .body(body)
}

/// Writes what the counter holds and rolls it up, as the server's visits thread does each
/// second (and each ten).
async fn flush(app: &TestApp) {
    let visits = Arc::clone(&app.state.visits);
    let db = Arc::clone(app.db());
    let now = jiff::Timestamp::now().as_second();
    tokio::task::spawn_blocking(move || {
        visits.flush(&db, now, 30)?;
        visits.roll_up(&db, now, 30)
    })
    .await
    .expect("join")
    .expect("flush");
}

async fn views(
    app: &TestApp,
) -> Vec<(
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    i64,
    i64,
)> {
    app.db()
        .read(|conn| {
            Ok(conn
                .prepare("SELECT path, referrer, source, campaign, entry, visitor FROM visits ORDER BY rowid")?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?
                .collect::<Result<Vec<_>, _>>()?)
        })
        .await
        .expect("read")
}

/// The one value `sql` answers.
async fn one<T: rusqlite::types::FromSql + Send + 'static>(app: &TestApp, sql: &'static str) -> T {
    app.db()
        .read(move |conn| Ok(conn.query_row(sql, [], |r| r.get(0))?))
        .await
        .expect(sql)
}

#[tokio::test]
async fn a_view_is_counted_with_its_campaign_and_the_answer_is_never_kept() {
    let app = TestApp::new();
    let first = app
        .request(beacon(
            r#"{"p":"/contact","r":"https://www.linkedin.com/feed/?trk=1","q":"?utm_source=LinkedIn&utm_campaign=launch","e":true}"#,
        ))
        .await;
    assert_eq!(first.status(), 204);
    assert_eq!(header(&first, "cache-control"), "no-store");
    assert!(first.body().is_empty());
    let next = app
        .request(beacon(r#"{"p":"/blogs/detail/a-story","e":false}"#))
        .await;
    assert_eq!(next.status(), 204);
    flush(&app).await;
    let rows = views(&app).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (
            &rows[0].0,
            rows[0].1.as_deref(),
            rows[0].2.as_deref(),
            rows[0].3.as_deref(),
            rows[0].4
        ),
        (
            &"/contact".to_owned(),
            Some("https://www.linkedin.com"),
            Some("linkedin"),
            Some("launch"),
            1
        )
    );
    assert_eq!(rows[1].0, "/blogs/detail/a-story");
    assert_eq!(rows[0].5, rows[1].5, "one browser, one visitor for the day");
    let views: i64 = one(&app, "SELECT views FROM visit_days WHERE kind = 'all'").await;
    let visitors: i64 = one(&app, "SELECT visitors FROM visit_days WHERE kind = 'all'").await;
    assert_eq!((views, visitors), (2, 1));
    let story: i64 = one(
        &app,
        "SELECT views FROM visit_days WHERE kind = 'story' AND value = 'a-story'",
    )
    .await;
    assert_eq!(story, 1);
    // Only today's salt is on disk, and no address or browser anywhere in the views.
    let salts: i64 = one(&app, "SELECT count(*) FROM visit_salt").await;
    assert_eq!(salts, 1);
    let dump: String = one(
        &app,
        "SELECT group_concat(quote(at) || day || visitor || path || coalesce(story, '') || device, '|') FROM visits",
    )
    .await;
    assert!(
        !dump.contains("0.0.0.0") && !dump.contains("Chrome"),
        "{dump}"
    );
}

#[tokio::test]
async fn privacy_control_robots_prefetches_staff_pages_and_other_sites_are_not_counted() {
    let app = TestApp::new();
    let cases: Vec<(&str, warp::test::RequestBuilder)> = vec![
        ("GPC", beacon(r#"{"p":"/"}"#).header("sec-gpc", "1")),
        (
            "a robot",
            beacon(r#"{"p":"/"}"#).header(
                "user-agent",
                "Googlebot/2.1 (+http://www.google.com/bot.html)",
            ),
        ),
        (
            "no browser",
            beacon(r#"{"p":"/"}"#).header("user-agent", ""),
        ),
        (
            "a prefetch",
            beacon(r#"{"p":"/"}"#).header("sec-purpose", "prefetch"),
        ),
        ("a staff page", beacon(r#"{"p":"/staff/stories"}"#)),
        ("the sign-in page", beacon(r#"{"p":"/login"}"#)),
        (
            "a mail link's page",
            beacon(r#"{"p":"/blogs/unsubscribe"}"#),
        ),
        ("no page", beacon(r#"{"p":"/wp-admin"}"#)),
        (
            "another site",
            beacon(r#"{"p":"/"}"#).header("origin", "https://evil.example"),
        ),
    ];
    for (case, request) in cases {
        let response = app.request(request).await;
        assert_eq!(response.status(), 204, "{case}");
    }
    flush(&app).await;
    assert!(views(&app).await.is_empty());
}

#[tokio::test]
async fn junk_is_refused_in_json_or_bounded_and_never_stored_raw() {
    let app = TestApp::new();
    let big = app
        .request(beacon(&format!(
            r#"{{"p":"/","x":"{}"}}"#,
            "a".repeat(3000)
        )))
        .await;
    assert_eq!(big.status(), 413);
    assert!(json(&big)["message"]
        .as_str()
        .unwrap_or("")
        .contains("2 KB"));
    for body in ["not json", "[1,2]", r#"{"p":5}"#] {
        let response = app.request(beacon(body)).await;
        assert_eq!(response.status(), 400, "{body}");
        assert!(json(&response)["message"].is_string());
    }
    let invalid_utf8 = app
        .request(
            warp::test::request()
                .method("POST")
                .path("/api/visits")
                .header("host", "www.example.com")
                .header("origin", SITE)
                .header("user-agent", CHROME)
                .body(b"{\"p\":\"/\xff\xfe\"}"),
        )
        .await;
    assert_eq!(invalid_utf8.status(), 400);
    // Too long a path is not counted; a forged referrer or campaign is dropped, the view kept.
    let long = app
        .request(beacon(&format!(r#"{{"p":"/{}"}}"#, "a".repeat(500))))
        .await;
    assert_eq!(long.status(), 204);
    let stories: Vec<String> = (0..1000).map(|i| format!("s{i}")).collect();
    let forged = app
        .request(beacon(&format!(
            r#"{{"p":"/","r":"javascript:alert(1)","q":"utm_campaign={}","e":true,"stories":{:?}}}"#,
            "c".repeat(80),
            &stories[..20]
        )))
        .await;
    assert_eq!(forged.status(), 204);
    flush(&app).await;
    let rows = views(&app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (
            rows[0].0.as_str(),
            rows[0].1.as_deref(),
            rows[0].3.as_deref()
        ),
        ("/", None, None)
    );
}

#[tokio::test]
async fn sixty_four_views_at_once_are_all_counted() {
    let app = Arc::new(TestApp::new());
    let mut tasks = Vec::new();
    for i in 0..64 {
        let app = Arc::clone(&app);
        tasks.push(tokio::spawn(async move {
            let agent = format!("{CHROME} n/{i}");
            app.request(beacon(r#"{"p":"/","e":true}"#).header("user-agent", agent.as_str()))
                .await
                .status()
        }));
    }
    for task in tasks {
        assert_eq!(task.await.expect("join"), 204);
    }
    flush(&app).await;
    let rows = views(&app).await;
    assert_eq!(rows.len(), 64);
    let visitors: std::collections::HashSet<i64> = rows.iter().map(|row| row.5).collect();
    assert_eq!(visitors.len(), 64, "64 browsers are 64 visitors");
}

#[tokio::test]
async fn the_report_reads_the_roll_ups_for_the_period_and_the_one_before() {
    let app = TestApp::new();
    for body in [
        r#"{"p":"/","q":"?utm_source=linkedin&utm_campaign=launch","e":true}"#,
        r#"{"p":"/contact"}"#,
    ] {
        assert_eq!(app.request(beacon(body)).await.status(), 204);
    }
    flush(&app).await;
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let report = app.request(owner.get("/api/staff/analytics")).await;
    assert_eq!(report.status(), 200);
    let body = json(&report);
    assert_eq!(
        body["totals"],
        serde_json::json!({"views": 2, "visitors": 1, "visits": 1})
    );
    assert_eq!(
        body["previous"],
        serde_json::json!({"views": 0, "visitors": 0, "visits": 0})
    );
    assert_eq!(body["days"].as_array().map(Vec::len), Some(30));
    assert_eq!(body["days"][29]["views"], 2);
    assert_eq!(body["campaigns"][0]["value"], "launch");
    assert_eq!(body["entries"][0]["value"], "/");
    let bad = app
        .request(owner.get("/api/staff/analytics?from=2026-13-01"))
        .await;
    assert_eq!(bad.status(), 422);
    assert!(json(&bad)["errors"]["from"].is_string());
}

/// One client (an IPv4 address, or an IPv6 /64) has `--visit-rate-limit` views a minute
/// counted, half at once; past it every beacon still answers 204 and is not counted, while other
/// clients count as before. Each view brings a new campaign and referrer, as a flood would.
/// A beacon past the limit is answered after a pause, at most 16 of one client's at once:
/// 35 sent together take at least three pauses.
#[tokio::test]
async fn one_client_has_a_bounded_number_of_views_counted_and_every_answer_is_204() {
    use corpsite::http::plumbing::marks::ClientAddr;
    use std::net::{IpAddr, SocketAddr};
    let app = TestApp::with_settings(|s| {
        s.visit_rate_limit_per_minute = 10;
        s.metrics_token = Some("test-metrics-token-0123456789".parse().expect("token"));
    });
    let from = |client: &str, n: usize| {
        let ip: IpAddr = client.parse().expect("ip");
        beacon(&format!(
            r#"{{"p":"/","e":true,"r":"https://r{n}.example/x","q":"?utm_source=s{n}&utm_campaign=c{n}"}}"#
        ))
        .extension(ClientAddr(SocketAddr::from((ip, 40000))))
    };
    for n in 0..5 {
        let answer = app.request(from("203.0.113.7", n)).await;
        assert_eq!(answer.status(), 204, "view {n}");
    }
    let flood_began = std::time::Instant::now();
    let flood =
        futures_util::future::join_all((5..40).map(|n| app.request(from("203.0.113.7", n)))).await;
    let flood_took = flood_began.elapsed();
    for (n, answer) in flood.iter().enumerate() {
        assert_eq!(answer.status(), 204, "view {}", n + 5);
        assert_eq!(header(answer, "cache-control"), "no-store");
    }
    assert!(
        flood_took >= 3 * corpsite::http::public_api::analytics::OVER_LIMIT_PAUSE,
        "35 past the limit, 16 at once, took {flood_took:?}"
    );
    // Another address of the same IPv6 /64 is the same client; another /64 is not.
    let same_block = futures_util::future::join_all(
        (0..10).map(|n| app.request(from(&format!("2001:db8:1:2::{n}"), 100 + n))),
    )
    .await;
    assert!(same_block.iter().all(|answer| answer.status() == 204));
    assert_eq!(
        app.request(from("2001:db8:1:3::1", 200)).await.status(),
        204
    );
    assert_eq!(app.request(from("198.51.100.9", 300)).await.status(), 204);
    flush(&app).await;
    let counted: i64 = one(&app, "SELECT count(*) FROM visits").await;
    assert_eq!(counted, 5 + 5 + 1 + 1, "five at once for each client");
    let campaigns: i64 = one(
        &app,
        "SELECT count(*) FROM visit_days WHERE kind = 'campaign'",
    )
    .await;
    assert_eq!(
        campaigns, 12,
        "one a counted view, none for those past the limit"
    );
    let metrics = app
        .request(
            warp::test::request()
                .path("/metrics")
                .header("authorization", "Bearer test-metrics-token-0123456789"),
        )
        .await;
    let text = String::from_utf8_lossy(metrics.body()).into_owned();
    assert!(
        text.lines()
            .any(|line| line == r#"corpsite_rate_limited_total{limit="visit"} 40"#),
        "35 and 5 views past the limit: {text}"
    );
}

/// The office moves its zone to one whose date is another than the old zone's: today's views
/// and leads, stored on the old zone's day, are on the new zone's today in the report's
/// default period (not only once "to" is tomorrow).
#[tokio::test]
async fn after_the_office_changes_its_zone_the_report_finds_todays_views_and_leads() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let body = r#"{"p":"/","q":"?utm_source=linkedin&utm_campaign=launch","e":true}"#;
    assert_eq!(app.request(beacon(body)).await.status(), 204);
    flush(&app).await;
    let enquiry = serde_json::json!({
        "name": "Asha Rao", "mobile": "+91 98450 12345", "email": "asha@example.com",
        "requirment": "A new office", "department_website": "Corp Team", "website": "",
        "source": {"page": "/contact", "landing": "/", "query": "?utm_source=linkedin&utm_campaign=launch"},
    });
    let request = warp::test::request()
        .method("POST")
        .path("/api/clients/create")
        .header("origin", SITE)
        .header("host", "www.example.com")
        .json(&enquiry);
    let created = app
        .request(proven(&app, request, proof::ENQUIRY, [0, 0, 0, 0]).await)
        .await;
    assert_eq!(created.status(), 201, "{:?}", created.body());
    // A zone whose date now is not the demo zone's (Asia/Kolkata): 8.5 hours ahead of it, or
    // 16.5 behind.
    let now = jiff::Timestamp::now();
    let date = |zone: &str| {
        now.to_zoned(jiff::tz::TimeZone::get(zone).expect("zone"))
            .date()
    };
    let zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"]
        .into_iter()
        .find(|zone| date(zone) != date("Asia/Kolkata"))
        .expect("one of them is on another date");

    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let mut details =
        serde_json::to_value(corpsite::domain::company_details::CompanyDetails::demo().form())
            .expect("json");
    details["time_zone"] = zone.into();
    let saved = app
        .request(owner.change("PUT", "/api/staff/settings").json(&details))
        .await;
    assert_eq!(saved.status(), 200, "{:?}", saved.body());
    flush(&app).await;

    let report = json(&app.request(owner.get("/api/staff/analytics")).await);
    assert_eq!(report["to"], date(zone).to_string(), "{zone}");
    assert_eq!(report["totals"]["views"], 1, "{zone}: {report}");
    assert_eq!(report["days"][29]["views"], 1, "on today");
    assert_eq!(report["campaigns"][0]["value"], "launch");
    assert_eq!(report["leads"]["total"], 1, "{zone}: {report}");
    assert_eq!(report["leads"]["campaigns"][0]["value"], "launch");
}
