//! The company's details: the staff endpoints (gate, CSRF, 422 naming every bad field and
//! saving nothing, the audit log), the public read, the rendered pages showing a change
//! at once (polled for at most 10 s), and `corpsite settings export|import`.

use std::time::{Duration, Instant};

use crate::common::process::run_in as corpsite;
use crate::common::staff::{add_staff, site_request, Browser, EMAIL, PASSWORD};
use crate::common::{header, json, TestApp};
use bytes::Bytes;
use corpsite::cli::company_details::archive::{self as details_archive, Contents};
use corpsite::domain::company_details::CompanyDetails;
use corpsite::store::audit;
use corpsite::store::company_details as stored;
use serde_json::Value;
use warp::http::{Response, StatusCode};

async fn sign_in(app: &TestApp) -> Browser {
    add_staff(app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(app).await
}

async fn save(app: &TestApp, browser: &Browser, details: &Value) -> Response<Bytes> {
    app.request(browser.change("PUT", "/api/staff/settings").json(details))
        .await
}

async fn read(app: &TestApp, browser: &Browser) -> Value {
    let response = app.request(browser.get("/api/staff/settings")).await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(&response)
}

fn demo() -> Value {
    serde_json::to_value(CompanyDetails::demo().form()).expect("json")
}

async fn saved_document(app: &TestApp) -> Option<String> {
    app.db()
        .read(|conn| {
            Ok(conn
                .query_row("SELECT document FROM site_details", [], |row| row.get(0))
                .ok())
        })
        .await
        .expect("read")
}

async fn audit_details(app: &TestApp) -> Vec<(String, String, String)> {
    app.db()
        .read(|conn| Ok(audit::audit_log(conn, 100)?))
        .await
        .expect("audit")
        .into_iter()
        .filter(|e| e.action.contains("company details"))
        .map(|e| (e.actor, e.action, e.detail))
        .collect()
}

#[tokio::test]
async fn the_staff_endpoints_refuse_without_a_session_or_csrf_token() {
    let app = TestApp::new();
    let browser = sign_in(&app).await;
    let cases = [
        (
            "read without a session",
            site_request("GET", "/api/staff/settings"),
            401,
        ),
        (
            "save without a session",
            site_request("PUT", "/api/staff/settings").json(&demo()),
            401,
        ),
        (
            "save without the CSRF token",
            site_request("PUT", "/api/staff/settings")
                .header("cookie", &browser.cookie)
                .json(&demo()),
            403,
        ),
        (
            "save with a wrong CSRF token",
            site_request("PUT", "/api/staff/settings")
                .header("cookie", &browser.cookie)
                .header("x-csrf-token", "nope")
                .json(&demo()),
            403,
        ),
    ];
    for (case, request, status) in cases {
        let response = app.request(request).await;
        assert_eq!(response.status().as_u16(), status, "{case}");
        assert!(json(&response)["message"].is_string(), "{case}: JSON error");
        assert_eq!(header(&response, "cache-control"), "private, no-store");
    }
    assert_eq!(saved_document(&app).await, None, "nothing saved");
}

#[tokio::test]
async fn a_bad_value_is_named_with_its_field_and_nothing_is_saved() {
    let app = TestApp::new();
    let browser = sign_in(&app).await;
    type Change = fn(&mut Value);
    let cases: [(&str, Change); 11] = [
        ("time_zone", |d| d["time_zone"] = "Asia/Bangalore".into()),
        ("time_zone", |d| d["time_zone"] = "IST".into()),
        ("time_zone", |d| d["time_zone"] = "".into()),
        ("gallery_url", |d| {
            d["gallery_url"] = "javascript:alert(1)".into()
        }),
        ("social.facebook", |d| {
            d["social"]["facebook"] = "data:text/html,hi".into()
        }),
        ("phone", |d| d["phone"] = "call the office".into()),
        ("email", |d| d["email"] = "office at example".into()),
        ("company_name", |d| {
            d["company_name"] = "x".repeat(101).into()
        }),
        ("branches[0].address", |d| {
            d["branches"][0]["address"] = "y".repeat(201).into()
        }),
        ("leaders", |d| {
            let leader = d["leaders"][0].clone();
            d["leaders"] = Value::Array(vec![leader; 25]);
        }),
        ("counters[1].heading", |d| {
            d["counters"][1]["heading"] = "".into()
        }),
    ];
    for (field, change) in cases {
        let mut details = demo();
        details["phone"] = "+91 80 4444 5555".into(); // a good change beside the bad one
        change(&mut details);
        let response = save(&app, &browser, &details).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}"
        );
        let body = json(&response);
        assert!(
            body["errors"][field]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{field}: {body}"
        );
        assert!(
            body["message"].as_str().unwrap_or("").contains(field),
            "{field}: the message names it: {body}"
        );
    }
    assert_eq!(saved_document(&app).await, None, "nothing saved");
    assert!(read(&app, &browser).await["demo"]
        .as_bool()
        .unwrap_or(false));
    assert!(audit_details(&app).await.is_empty(), "no change audited");

    let unknown = save(
        &app,
        &browser,
        &serde_json::json!({ "company_name": "X", "colour": "red" }),
    )
    .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    assert!(json(&unknown)["message"].is_string());
}

#[tokio::test]
async fn the_time_zone_is_asia_kolkata_until_set_and_a_known_zone_is_kept_as_chosen() {
    let app = TestApp::new();
    let browser = sign_in(&app).await;
    let before = read(&app, &browser).await;
    assert_eq!(before["data"]["time_zone"], "Asia/Kolkata", "{before}");
    let mut details = demo();
    details["time_zone"] = " Europe/London ".into();
    let response = save(&app, &browser, &details).await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    assert_eq!(
        read(&app, &browser).await["data"]["time_zone"],
        "Europe/London"
    );
    let zone = app
        .db()
        .read(|conn| Ok(stored::read(conn).expect("details").details.office_zone()))
        .await
        .expect("read");
    assert_eq!(
        zone.for_people("2026-07-01T12:00:00Z").as_deref(),
        Some("1 Jul 2026, 13:00 BST")
    );
    // Details saved before the setting existed read as the demo's zone.
    let mut older = demo();
    older.as_object_mut().expect("object").remove("time_zone");
    let parsed = CompanyDetails::from_json(&older.to_string()).expect("older details");
    assert_eq!(parsed.office_zone().name(), "Asia/Kolkata");
}

#[tokio::test]
async fn a_saved_change_shows_in_the_api_the_footer_and_the_contact_page_within_a_second() {
    let app = TestApp::new();
    let browser = sign_in(&app).await;
    let before = read(&app, &browser).await;
    assert_eq!(before["demo"], true, "demo until saved");
    // Rendered (and kept) before the change, so a stale cache would show.
    let contact_before = String::from_utf8_lossy(app.get("/contact").await.body()).into_owned();
    assert!(
        contact_before.contains("+91 80 0000 1234"),
        "the demo phone"
    );
    let why_before = String::from_utf8_lossy(app.get("/why-us").await.body()).into_owned();
    assert!(why_before.contains("+91 80 0000 1234"));

    let mut details = demo();
    details["phone"] = "+91 80 4444 5555".into();
    details["head_office"] = serde_json::json!([
        "Fidelitus Corp, 9th Floor",
        "1 New Road",
        "Bengaluru 560001"
    ]);
    details["branches"][0]["city"] = "Jayanagar".into();
    let response = save(&app, &browser, &details).await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    let saved = json(&response);
    assert_eq!(saved["demo"], false);
    assert_eq!(
        saved["saved_by"], "Office",
        "the account's name, not its email"
    );
    assert_eq!(saved["data"]["phone"], "+91 80 4444 5555");

    let start = Instant::now();
    loop {
        let api = json(&app.get("/api/corp_website/site").await);
        let contact = String::from_utf8_lossy(app.get("/contact").await.body()).into_owned();
        let why = String::from_utf8_lossy(app.get("/why-us").await.body()).into_owned();
        if api["data"]["phone"] == "+91 80 4444 5555"
            && contact.contains("+91 80 4444 5555")
            && contact.contains("9th Floor")
            && contact.contains("Jayanagar")
            && why.contains("+91 80 4444 5555")
        {
            assert!(!contact.contains("+91 80 0000 1234"), "no stale phone");
            assert!(contact.contains("tel:+918044445555"), "the phone's link");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not shown within 10 seconds"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let audit = audit_details(&app).await;
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].0, EMAIL);
    assert_eq!(audit[0].2, "changed: head_office, phone, branches");
}

#[tokio::test]
async fn the_public_read_answers_the_demo_details_with_a_tag_until_saved() {
    let app = TestApp::new();
    let response = app.get("/api/corp_website/site").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(json(&response)["data"], demo());
    let etag = header(&response, "etag").to_owned();
    assert!(!etag.is_empty());
    let again = app
        .request(
            warp::test::request()
                .path("/api/corp_website/site")
                .header("if-none-match", &etag),
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[test]
fn export_then_import_moves_the_details_and_a_bad_file_changes_nothing() {
    let from = tempfile::tempdir().expect("dir");
    let to = tempfile::tempdir().expect("dir");
    let file = from.path().join("details.json");
    let archive = from.path().join("details.tar.gz");
    let exported = corpsite(
        &["settings", "export", archive.to_str().expect("path")],
        from.path(),
    );
    assert!(exported.status.success(), "{exported:?}");
    assert!(String::from_utf8_lossy(&exported.stdout)
        .contains("wrote the demo details (nothing saved yet), no edited pages and no images to"));
    let Ok(Contents::Archive {
        details_json,
        images,
        ..
    }) = details_archive::read(&archive)
    else {
        panic!("not an archive");
    };
    assert!(images.is_empty(), "the demo names no image");
    let mut details: Value = serde_json::from_str(&details_json).expect("json");
    assert_eq!(details, demo());

    // A plain JSON file (what an older version exported) is still taken.
    details["email"] = "office@corp.example".into();
    details["clients"] = serde_json::json!([{ "name": "Acme Holdings", "sector": "Retail" }]);
    std::fs::write(&file, details.to_string()).expect("write");
    let imported = corpsite(
        &["settings", "import", file.to_str().expect("path")],
        to.path(),
    );
    assert!(imported.status.success(), "{imported:?}");
    assert!(String::from_utf8_lossy(&imported.stdout).contains("changed: email, clients"));

    let conn = corpsite::store::open_for_cli(to.path()).expect("open");
    let now = stored::read(&conn).expect("read");
    assert!(!now.demo);
    assert_eq!(now.saved_by.as_deref(), Some("command line"));
    assert_eq!(
        serde_json::to_value(now.details.form()).expect("json"),
        details
    );
    let audit = audit::audit_log(&conn, 10).expect("audit");
    assert!(
        audit
            .iter()
            .any(|e| e.action == "saved company details" && e.actor == "command line"),
        "{audit:?}"
    );

    // A bad file: every bad field named, exit 1, nothing changed.
    let bad = from.path().join("bad.json");
    let mut broken = details.clone();
    broken["sister_sites"]["fms"] = "javascript:alert(1)".into();
    broken["whatsapp_number"] = "12".into();
    std::fs::write(&bad, broken.to_string()).expect("write");
    let refused = corpsite(
        &["settings", "import", bad.to_str().expect("path")],
        to.path(),
    );
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("sister_sites.fms"), "{stderr}");
    assert!(stderr.contains("whatsapp_number"), "{stderr}");
    assert!(stderr.contains("nothing was saved"), "{stderr}");
    let after = stored::read(&conn).expect("read");
    assert_eq!(
        serde_json::to_value(after.details.form()).expect("json"),
        details
    );

    std::fs::write(&bad, "{ not json").expect("write");
    let refused = corpsite(
        &["settings", "import", bad.to_str().expect("path")],
        to.path(),
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a details document"));
}

#[tokio::test]
async fn leaders_portraits_counters_and_the_name_reach_their_pages() {
    let app = TestApp::new();
    let browser = sign_in(&app).await;
    let about_before =
        String::from_utf8_lossy(app.get("/about/our_vision").await.body()).into_owned();
    assert!(!about_before.contains("/media/leaders/"), "initials only");
    let founder_before =
        String::from_utf8_lossy(app.get("/about/founder_message").await.body()).into_owned();
    assert!(
        !founder_before.contains(r#"class="founder__photo""#),
        "initials only"
    );
    assert!(founder_before.contains("Arvind Menon"), "the demo founder");

    let mut details = demo();
    details["company_name"] = "Fidelitus Group".into();
    details["leaders"][0]["portrait"] = "leaders/0123456789abcdef.webp".into();
    details["leaders"][0]["name"] = "Meera Krishnan".into();
    details["counters"][0]["heading"] = "Happy Clients".into();
    details["clients"] = serde_json::json!([{ "name": "Zephyr Looms", "sector": "Textiles" }]);
    let response = save(&app, &browser, &details).await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());

    let start = Instant::now();
    loop {
        let about = String::from_utf8_lossy(app.get("/about/our_vision").await.body()).into_owned();
        let home = String::from_utf8_lossy(app.get("/").await.body()).into_owned();
        if about.contains("/media/leaders/0123456789abcdef.webp") {
            assert!(about.contains("Happy Clients"), "the counter heading");
            assert!(about.contains("Fidelitus Group"), "the name in the footer");
            assert!(
                about.contains("| Fidelitus Group</title>"),
                "the name in the title"
            );
            assert!(home.contains("Zephyr Looms"), "the clients served");
            // The founder's message is signed by the first leader, with the portrait.
            let founder = String::from_utf8_lossy(app.get("/about/founder_message").await.body())
                .into_owned();
            assert!(
                founder.contains(
                    r#"class="founder__photo" src="/media/leaders/0123456789abcdef.webp""#
                ),
                "the founder's portrait"
            );
            assert!(founder.contains("Meera Krishnan"), "the founder's name");
            assert!(!founder.contains("Arvind Menon"), "no demo founder left");
            assert!(home.contains("Meera Krishnan"), "the home page's message");
            assert!(
                !home.contains("Aranya Software Labs"),
                "no demo client left"
            );
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not shown within 10 seconds"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn feed_of(app: &TestApp) -> String {
    String::from_utf8_lossy(app.get("/blogs/feed.xml").await.body()).into_owned()
}

#[tokio::test]
async fn the_feed_names_the_company_by_its_saved_name_within_a_second() {
    let app = TestApp::new();
    let before = feed_of(&app).await;
    let demo_name = CompanyDetails::demo().form().company_name.clone();
    assert!(
        before.contains(&format!("<generator>{demo_name}</generator>")),
        "{before}"
    );

    let browser = sign_in(&app).await;
    let mut details = demo();
    details["company_name"] = "Northwind Services & Co".into();
    let response = save(&app, &browser, &details).await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    let start = Instant::now();
    loop {
        let after = feed_of(&app).await;
        if after.contains("<generator>Northwind Services &amp; Co</generator>") {
            assert!(
                after.contains("| Northwind Services &amp; Co</title>"),
                "the channel's title names it too: {after}"
            );
            assert!(!after.contains(&demo_name), "no stale name: {after}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not shown within 10 seconds: {after}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
