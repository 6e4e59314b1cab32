//! The privacy notice (`/privacy`): rendered by the server with the retention rules and the
//! trash's days as the owners set them (a list without a rule: kept until its person asks),
//! the company's name, address and email from its details; a change of a rule or of the
//! days shows on the page and in its API within a second (V33 moves the content version);
//! every page's footer links to it and the sitemap lists it.

use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};

async fn get(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app
        .request(warp::test::request().method("GET").path(path))
        .await;
    (
        response.status(),
        String::from_utf8_lossy(response.body()).into_owned(),
    )
}

async fn set_rules(app: &TestApp, browser: &Browser, months: Value) {
    let set = app
        .request(
            browser
                .change("PUT", "/api/staff/retention")
                .json(&body!({ "months": months })),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK, "{:?}", set.body());
}

async fn set_trash_days(app: &TestApp, browser: &Browser, days: u32) {
    let set = app
        .request(
            browser
                .change("PUT", "/api/staff/trash/days")
                .json(&body!({ "days": days })),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK, "{:?}", set.body());
}

/// The notice once it says every one of `lines` (within a second), or the test fails with
/// what it says instead.
async fn notice_saying(app: &TestApp, lines: &[&str]) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    loop {
        let (status, html) = get(app, "/privacy").await;
        assert_eq!(status, StatusCode::OK);
        let missing: Vec<&&str> = lines.iter().filter(|line| !html.contains(**line)).collect();
        if missing.is_empty() {
            return html;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "after a second the notice still lacks {missing:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_notice_states_the_rules_as_set_and_follows_a_change_at_once() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;

    // No rule yet: every list is kept until its person asks, and the trash keeps 30 days.
    let html = notice_saying(
        &app,
        &[
            "Enquiries: kept until you ask us to erase them.",
            "Job applications: kept until you ask us to erase them.",
            "Blog subscriptions: kept until you ask us to erase them.",
            "for 30 days before",
        ],
    )
    .await;
    assert!(html.contains("<h1"), "server-rendered: {html}");
    assert!(html.contains("Privacy notice"));
    // Who keeps it and where to write: the company's details.
    let site = json(
        &app.request(warp::test::request().path("/api/corp_website/site"))
            .await,
    );
    let email = site["data"]["email"].as_str().expect("email");
    assert!(html.contains(&format!("href=\"mailto:{email}\"")));
    let first_line = site["data"]["head_office"][0].as_str().expect("address");
    assert!(
        html.contains(&first_line.replace('&', "&amp;")),
        "the registered address: {first_line}"
    );

    set_rules(
        &app,
        &owner,
        body!({"enquiries": 24, "applicants": 6, "subscribers": null}),
    )
    .await;
    set_trash_days(&app, &owner, 7).await;
    let html = notice_saying(
        &app,
        &[
            "Enquiries: erased 24 months after the enquiry is done.",
            "Job applications: erased 6 months after the application is decided.",
            "Blog subscriptions: kept until you ask us to erase them.",
            "for 7 days before",
        ],
    )
    .await;
    assert!(!html.contains("Enquiries: kept until"));
    // The page's data is the API's answer.
    let api = json(
        &app.request(warp::test::request().path("/api/corp_website/retention"))
            .await,
    );
    assert_eq!(api["trash_days"], 7);
    let months: Vec<(Value, Value)> = api["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|rule| (rule["list"].clone(), rule["months"].clone()))
        .collect();
    assert_eq!(
        months,
        [
            (body!("enquiries"), body!(24)),
            (body!("subscribers"), Value::Null),
            (body!("applicants"), body!(6)),
        ]
    );

    // One rule changes, one is set, the days change: the page follows within a second.
    set_rules(
        &app,
        &owner,
        body!({"enquiries": 24, "applicants": 1, "subscribers": 3}),
    )
    .await;
    set_trash_days(&app, &owner, 1).await;
    let html = notice_saying(
        &app,
        &[
            "Enquiries: erased 24 months after the enquiry is done.",
            "Job applications: erased 1 month after the application is decided.",
            "Blog subscriptions: erased 3 months after you unsubscribe (or if you never confirm).",
            "for 1 day before",
        ],
    )
    .await;
    assert!(!html.contains("6 months after"));
    assert!(!html.contains("kept until you ask"));
}

#[tokio::test]
async fn every_page_links_the_notice_and_the_sitemap_lists_it() {
    let app = TestApp::new();
    for path in ["/", "/contact", "/join_us", "/privacy"] {
        let (status, html) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            html.contains("href=\"/privacy\""),
            "{path}'s footer links the notice"
        );
    }
    let (_, sitemap) = get(&app, "/sitemap.xml").await;
    assert!(sitemap.contains("/privacy</loc>"), "{sitemap}");
    // The API is public and read-only.
    let refused = app
        .request(
            warp::test::request()
                .method("POST")
                .path("/api/corp_website/retention"),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(json(&refused)["message"].is_string());
}
