//! The staff's story editor through the real filters: image uploads, creating, saving and
//! scheduling stories, version conflicts, and what the public site shows of each state.

use crate::common::staff::{add_staff, upload_image, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use corpsite::content::media::MediaLibrary;
use warp::http::StatusCode;

async fn signed_in() -> (TestApp, Browser) {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect(name)
}

#[tokio::test]
async fn an_uploaded_image_is_checked_stored_under_its_hash_and_audited() {
    let (app, browser) = signed_in().await;
    let path = upload_image(&app, &browser, "blogs", fixture("resume.jpg")).await;
    assert!(
        path.starts_with("blogs/") && path.ends_with(".jpg"),
        "{path}"
    );
    let stored = MediaLibrary::new(&app.data_dir()).root().join(&path);
    assert!(stored.is_file(), "{}", stored.display());

    let public = app.get(&format!("/media/{path}")).await;
    assert_eq!(public.status(), StatusCode::OK);

    let audit = app
        .db()
        .read_blocking(|conn| Ok(corpsite::store::audit::audit_log(conn, 10)?))
        .expect("audit");
    assert!(
        audit
            .iter()
            .any(|e| e.action == "uploaded" && e.subject.contains(&path)),
        "{audit:?}"
    );
}

#[tokio::test]
async fn an_upload_that_is_no_image_or_too_large_or_unsigned_is_refused_in_json() {
    let (app, browser) = signed_in().await;
    let cases: Vec<(&str, warp::test::RequestBuilder, StatusCode)> = vec![
        (
            "html posing as an image",
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .header("content-type", "image/png")
                .body("<html><script>alert(1)</script></html>"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "no folder",
            browser
                .change("POST", "/api/staff/media")
                .body(fixture("resume.png")),
            StatusCode::BAD_REQUEST,
        ),
        (
            "a folder outside the list",
            browser
                .change("POST", "/api/staff/media?folder=..%2Fuploads")
                .body(fixture("resume.png")),
            StatusCode::BAD_REQUEST,
        ),
        (
            "over 5 MB",
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .body(vec![0u8; 5 * 1024 * 1024 + 1]),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "no CSRF token",
            crate::common::staff::site_request("POST", "/api/staff/media?folder=blogs")
                .header("cookie", &browser.cookie)
                .body(fixture("resume.png")),
            StatusCode::FORBIDDEN,
        ),
        (
            "no session",
            crate::common::staff::site_request("POST", "/api/staff/media?folder=blogs")
                .body(fixture("resume.png")),
            StatusCode::UNAUTHORIZED,
        ),
    ];
    for (case, request, status) in cases {
        let response = app.request(request).await;
        assert_eq!(response.status(), status, "{case}: {:?}", response.body());
        assert!(
            json(&response)["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{case}: {:?}",
            response.body()
        );
    }
    let media = MediaLibrary::new(&app.data_dir()).root().join("blogs");
    let stored = std::fs::read_dir(&media).map(|d| d.count()).unwrap_or(0);
    assert_eq!(stored, 0, "nothing refused was stored");
}

/// A confirmed subscriber, straight into the tables (the mail tests cover how one gets there).
async fn confirmed_subscriber(app: &TestApp) {
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(
                "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                        department_website, service)
                 VALUES ('0123456789abcdef0123456789abcdef', 'subscription', 'Reader',
                         'reader@example.com', 'reader@example.com', '', '', '', '');
                 UPDATE subscriptions SET state = 'confirmed';",
            )?;
            Ok(())
        })
        .await
        .expect("subscriber");
}

/// Story mails queued so far.
fn story_mails(app: &TestApp) -> i64 {
    app.db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM outbox WHERE kind = 'story'",
                [],
                |r| r.get(0),
            )?)
        })
        .expect("count")
}

fn story(title: &str, state: &str) -> serde_json::Value {
    serde_json::json!({
        "title": title,
        "motive": "Why it matters to the office",
        "tags": ["Real Estate", "Leasing"],
        "author": "Office Writer",
        "body": "## The brief\n\nA campus for **900** people, found in six weeks.",
        "format": "markdown",
        "state": state,
    })
}

pub(crate) async fn create(
    app: &TestApp,
    browser: &Browser,
    body: &serde_json::Value,
) -> (String, i64) {
    let response = app
        .request(browser.change("POST", "/api/staff/stories").json(body))
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{:?}",
        response.body()
    );
    let data = &json(&response)["data"];
    (
        data["_id"].as_str().expect("id").to_owned(),
        data["revision"].as_i64().expect("revision"),
    )
}

pub(crate) async fn save(
    app: &TestApp,
    browser: &Browser,
    id: &str,
    mut body: serde_json::Value,
    revision: i64,
) -> warp::http::Response<bytes::Bytes> {
    body["revision"] = revision.into();
    app.request(
        browser
            .change("PUT", &format!("/api/staff/stories/{id}"))
            .json(&body),
    )
    .await
}

/// Whether the public API and page show the post `id`.
async fn is_public(app: &TestApp, id: &str) -> bool {
    let api = app.get(&format!("/api/corp_website/blogs/get/{id}")).await;
    let list = app.get("/api/corp_website/blogs/get").await;
    let listed = json(&list)["data"]["datas"]
        .as_array()
        .is_some_and(|posts| posts.iter().any(|p| p["_id"] == id));
    let page = app.get(&format!("/blogs/detail/{id}")).await;
    assert_eq!(
        api.status() == StatusCode::OK,
        listed,
        "detail and list agree"
    );
    assert_eq!(
        page.status() == StatusCode::OK,
        listed,
        "the page and the API agree"
    );
    listed
}

/// Waits for the blog version watch (0.1 s) to see the last write.
async fn settle() {
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
}

#[tokio::test]
async fn a_draft_is_private_until_published_and_goes_private_again_when_unpublished() {
    let (app, browser) = signed_in().await;
    confirmed_subscriber(&app).await;
    let (id, revision) = create(&app, &browser, &story("A campus in six weeks", "draft")).await;
    settle().await;
    assert!(!is_public(&app, &id).await, "a draft is not public");
    let search = app.get("/api/corp_website/blogs/get?text=campus").await;
    assert_eq!(
        json(&search)["data"]["pagination"]["total"],
        0,
        "nor found by search"
    );
    assert_eq!(story_mails(&app), 0, "a draft sends no mail");

    let response = save(
        &app,
        &browser,
        &id,
        story("A campus in six weeks", "published"),
        revision,
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    let revision = json(&response)["data"]["revision"]
        .as_i64()
        .expect("revision");
    settle().await;
    assert!(is_public(&app, &id).await, "published");
    assert_eq!(story_mails(&app), 1, "publishing mails the subscriber");

    let response = save(
        &app,
        &browser,
        &id,
        story("A campus in six weeks", "draft"),
        revision,
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    settle().await;
    assert!(!is_public(&app, &id).await, "unpublished");
    let editor = app
        .request(browser.get(&format!("/api/staff/stories/{id}")))
        .await;
    assert_eq!(json(&editor)["data"]["state"], "draft");
    assert_eq!(
        json(&editor)["data"]["body"],
        story("", "")["body"],
        "the editor gets the body as written"
    );

    let audit = app
        .db()
        .read_blocking(|conn| Ok(corpsite::store::audit::audit_log(conn, 10)?))
        .expect("audit");
    let actions: Vec<&str> = audit.iter().map(|e| e.action.as_str()).collect();
    for action in ["created story", "published story", "unpublished story"] {
        assert!(actions.contains(&action), "{action}: {actions:?}");
    }
}

#[tokio::test]
async fn a_scheduled_story_goes_public_by_itself_and_only_then_mails_subscribers() {
    let (app, browser) = signed_in().await;
    confirmed_subscriber(&app).await;
    // Times are kept to the second (the editor picks minutes).
    let at = jiff::Timestamp::from_second(jiff::Timestamp::now().as_second() + 2).expect("a time");
    let mut scheduled = story("Opening day at the gallery", "scheduled");
    scheduled["publish_at"] = corpsite::domain::story::utc_text(at).into();
    let (id, _) = create(&app, &browser, &scheduled).await;
    settle().await;
    assert!(!is_public(&app, &id).await, "not before its time");
    assert_eq!(story_mails(&app), 0, "no mail before its time");

    let mut public = false;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let list = app.get("/api/corp_website/blogs/get").await;
        if json(&list)["data"]["datas"][0]["_id"] == id {
            public = true;
            break;
        }
    }
    assert!(public, "public within a second or so of its time");
    assert!(jiff::Timestamp::now() >= at, "and not before");
    settle().await;
    assert!(is_public(&app, &id).await, "on every public read");
    assert_eq!(story_mails(&app), 1, "mailed once it went public");
    let editor = app
        .request(browser.get(&format!("/api/staff/stories/{id}")))
        .await;
    assert_eq!(json(&editor)["data"]["state"], "published");
    assert_eq!(json(&editor)["data"]["publish_at"], serde_json::Value::Null);
    let audit = app
        .db()
        .read_blocking(|conn| Ok(corpsite::store::audit::audit_log(conn, 10)?))
        .expect("audit");
    assert!(
        audit
            .iter()
            .any(|e| e.actor == "scheduler" && e.subject == format!("story {id}")),
        "{audit:?}"
    );
}

#[tokio::test]
async fn the_second_of_two_saves_from_one_revision_is_refused_and_loses_nothing() {
    let (app, browser) = signed_in().await;
    let (id, revision) = create(&app, &browser, &story("Two editors", "draft")).await;
    let first = save(
        &app,
        &browser,
        &id,
        story("Two editors: the first", "draft"),
        revision,
    )
    .await;
    assert_eq!(first.status(), StatusCode::OK, "{:?}", first.body());
    let second = save(
        &app,
        &browser,
        &id,
        story("Two editors: the second", "draft"),
        revision,
    )
    .await;
    assert_eq!(second.status(), StatusCode::CONFLICT, "{:?}", second.body());
    let message = json(&second)["message"].as_str().unwrap_or("").to_owned();
    assert!(
        message.contains("Office") && message.contains("not saved"),
        "{message}"
    );
    let editor = app
        .request(browser.get(&format!("/api/staff/stories/{id}")))
        .await;
    assert_eq!(json(&editor)["data"]["title"], "Two editors: the first");
    assert_eq!(
        json(&editor)["data"]["_id"],
        id,
        "the id stays when the title changes"
    );

    let stale_delete = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/stories/{id}?revision={revision}"),
        ))
        .await;
    assert_eq!(stale_delete.status(), StatusCode::CONFLICT);
    let current = json(&editor)["data"]["revision"]
        .as_i64()
        .expect("revision");
    let deleted = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/stories/{id}?revision={current}"),
        ))
        .await;
    assert_eq!(deleted.status(), StatusCode::OK, "{:?}", deleted.body());
    let gone = app
        .request(browser.get(&format!("/api/staff/stories/{id}")))
        .await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_bad_story_names_its_fields_and_stores_nothing() {
    let (app, browser) = signed_in().await;
    let mut bad = story("", "scheduled");
    bad["color"] = "red".into();
    bad["image"] = "blogs/0123456789abcdef.jpg".into();
    let response = app
        .request(browser.change("POST", "/api/staff/stories").json(&bad))
        .await;
    assert_eq!(
        response.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        response.body()
    );
    let errors = json(&response)["errors"].clone();
    for field in ["publish_at", "image"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    let mut untitled = story("", "draft");
    untitled["body"] = "<script>alert(1)</script>".into();
    let response = app
        .request(browser.change("POST", "/api/staff/stories").json(&untitled))
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        json(&response)["errors"]["title"].is_string(),
        "{:?}",
        response.body()
    );

    let unknown = app
        .request(
            browser
                .change("POST", "/api/staff/stories")
                .json(&serde_json::json!({ "title": 5 })),
        )
        .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let list = app.request(browser.get("/api/staff/stories")).await;
    assert_eq!(json(&list)["pagination"]["total"], 0, "nothing stored");
}

#[tokio::test]
async fn the_preview_is_the_sanitized_body_with_media_resolved() {
    let (app, browser) = signed_in().await;
    let response = app
        .request(browser.change("POST", "/api/staff/stories/preview").json(&serde_json::json!({
            "body": "# Title\n\n<script>alert(1)</script>\n\n![Plan](blogs/0123456789abcdef.png)\n\n[x](javascript:alert(1))",
            "format": "markdown",
        })))
        .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    let html = json(&response)["html"].as_str().unwrap_or("").to_owned();
    assert!(
        !html.contains("<script") && !html.contains("javascript:"),
        "{html}"
    );
    assert!(
        html.contains("src=\"/media/blogs/0123456789abcdef.png\""),
        "{html}"
    );
    assert_eq!(json(&response)["min_read"], "1 min read");
}

#[tokio::test]
async fn a_body_nested_too_deeply_is_refused_by_name_at_once() {
    let (app, browser) = signed_in().await;
    let deep = ">".repeat(5_000) + "Deep";
    let too_long = "words ".repeat(40_000);
    for (body, problem) in [(&deep, "nested too deeply"), (&too_long, "at most 200 KB")] {
        let preview = app
            .request(
                browser
                    .change("POST", "/api/staff/stories/preview")
                    .json(&serde_json::json!({ "body": body, "format": "markdown" })),
            )
            .await;
        let start = &preview.body()[..preview.body().len().min(200)];
        assert_eq!(
            preview.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{problem}: {}",
            String::from_utf8_lossy(start)
        );
        let message = json(&preview)["errors"]["body"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert!(message.contains(problem), "{message}");
    }
    let mut story = story("Deep", "draft");
    story["body"] = deep.into();
    let saved = app
        .request(browser.change("POST", "/api/staff/stories").json(&story))
        .await;
    assert_eq!(saved.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let message = json(&saved)["errors"]["body"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(message.contains("nested too deeply"), "{message}");
}

#[tokio::test]
async fn the_list_shows_every_state_newest_first_and_searches() {
    let (app, browser) = signed_in().await;
    for (title, state, date) in [
        ("Oldest published", "published", "2024-01-01"),
        ("Middle draft about gardens", "draft", "2025-01-01"),
        ("Newest published", "published", "2026-01-01"),
    ] {
        let mut body = story(title, state);
        body["date"] = date.into();
        create(&app, &browser, &body).await;
    }
    let list = app.request(browser.get("/api/staff/stories")).await;
    let titles: Vec<String> = json(&list)["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|line| {
            format!(
                "{} ({})",
                line["title"].as_str().unwrap_or(""),
                line["state"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        titles,
        [
            "Newest published (published)",
            "Middle draft about gardens (draft)",
            "Oldest published (published)"
        ]
    );
    let found = app
        .request(browser.get("/api/staff/stories?q=gardens"))
        .await;
    assert_eq!(json(&found)["pagination"]["total"], 1);
    let choices = app.request(browser.get("/api/staff/stories/choices")).await;
    assert_eq!(
        json(&choices)["tags"],
        serde_json::json!(["Leasing", "Real Estate"])
    );
    assert_eq!(json(&choices)["authors"][0]["name"], "Office Writer");
}

#[tokio::test]
async fn a_change_says_what_it_set_going_in_its_transaction() {
    let (app, browser) = signed_in().await;
    confirmed_subscriber(&app).await;
    let (id, _) = create(&app, &browser, &story("A lobby in four weeks", "draft")).await;
    let ripples = app
        .db()
        .write(move |conn| {
            use corpsite::store::stories::rippled;
            let (_, unchanged) = rippled(conn, |_| Ok(()))?;
            let (_, going_public) = rippled(conn, |conn| {
                conn.execute(
                    "UPDATE blogs SET state = 'published' WHERE slug = ?1",
                    [&id],
                )?;
                Ok(())
            })?;
            let (_, edited) = rippled(conn, |conn| {
                conn.execute("UPDATE blogs SET title = 'A lobby' WHERE slug = ?1", [&id])?;
                Ok(())
            })?;
            Ok::<_, corpsite::store::StoreError>((unchanged, going_public, edited))
        })
        .await
        .expect("the changes");
    let (unchanged, going_public, edited) = ripples;
    assert_eq!(unchanged.story_mails, 0, "nothing changed, nothing queued");
    assert!(
        going_public.content_version > unchanged.content_version,
        "going public moves the content version: {ripples:?}"
    );
    assert_eq!(
        going_public.story_mails, 1,
        "one mail per confirmed subscriber"
    );
    assert!(edited.content_version > going_public.content_version);
    assert_eq!(
        edited.story_mails, 0,
        "an edit of a public story mails nobody again"
    );
    assert_eq!(story_mails(&app), 1);
}

/// A story saved without a date is dated the office's day (the company details' zone), not
/// UTC's: the zone is one whose date now is not UTC's (14 hours ahead of it, or 11 behind),
/// and the public API and the editor show the office's date.
#[tokio::test]
async fn a_story_saved_without_a_date_is_dated_the_offices_day_where_utcs_differs() {
    let (app, browser) = signed_in().await;
    let now = jiff::Timestamp::now();
    let date = |zone: &str| {
        now.to_zoned(jiff::tz::TimeZone::get(zone).expect("zone"))
            .date()
            .to_string()
    };
    let zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"]
        .into_iter()
        .find(|zone| date(zone) != date("UTC"))
        .expect("one of them is on another date than UTC");
    let mut details =
        serde_json::to_value(corpsite::domain::company_details::CompanyDetails::demo().form())
            .expect("json");
    details["time_zone"] = zone.into();
    let saved = app
        .request(browser.change("PUT", "/api/staff/settings").json(&details))
        .await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.body());

    let (id, _) = create(&app, &browser, &story("Dated by the office", "published")).await;
    settle().await;
    let office_day = date(zone);
    let api = json(&app.get(&format!("/api/corp_website/blogs/get/{id}")).await);
    assert_eq!(
        api["data"]["datas"][0]["date"],
        format!("{office_day}T00:00:00.000Z"),
        "{zone}: {api}"
    );
    let editor = json(
        &app.request(browser.get(&format!("/api/staff/stories/{id}")))
            .await,
    );
    assert_eq!(editor["data"]["date"], office_day, "{zone}: {editor}");
}

#[tokio::test]
async fn a_deleted_story_comes_back_from_the_trash_whole_and_mails_no_one_again() {
    let (app, browser) = signed_in().await;
    confirmed_subscriber(&app).await;
    let (id, revision) = create(
        &app,
        &browser,
        &story("Opening day at the gallery", "draft"),
    )
    .await;
    let published = save(
        &app,
        &browser,
        &id,
        story("Opening day at the gallery", "published"),
        revision,
    )
    .await;
    let revision = json(&published)["data"]["revision"]
        .as_i64()
        .expect("revision");
    settle().await;
    assert!(is_public(&app, &id).await);
    assert_eq!(story_mails(&app), 1);
    let history = format!("/api/staff/stories/{id}/revisions");
    let kept = json(&app.request(browser.get(&history)).await)["data"].clone();
    assert!(kept.to_string().contains("Opening day"), "{kept}");
    let before = json(&app.get(&format!("/api/corp_website/blogs/get/{id}")).await);

    let deleted = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/stories/{id}?revision={revision}"),
        ))
        .await;
    assert_eq!(deleted.status(), StatusCode::OK);
    settle().await;
    assert!(!is_public(&app, &id).await, "gone from the site");
    let trash = json(&app.request(browser.get("/api/staff/trash")).await);
    assert_eq!(trash["items"][0]["kind"], "stories");
    assert_eq!(trash["items"][0]["title"], "Opening day at the gallery");

    // A newer story takes the deleted one's row id (SQLite gives the highest again).
    create(&app, &browser, &story("A newer story", "draft")).await;
    // A reader who joined meanwhile gets no mail of an old story either.
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(
                "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                        department_website, service)
                 VALUES ('fedcba9876543210fedcba9876543210', 'subscription', 'New reader',
                         'new@example.com', 'new@example.com', '', '', '', '');
                 UPDATE subscriptions SET state = 'confirmed';",
            )?;
            Ok(())
        })
        .await
        .expect("a new reader");
    let restored = app
        .request(browser.change("POST", &format!("/api/staff/trash/stories/{id}/restore")))
        .await;
    assert_eq!(restored.status(), StatusCode::OK, "{:?}", restored.body());
    settle().await;
    assert!(is_public(&app, &id).await, "public again at once");
    assert_eq!(
        json(&app.get(&format!("/api/corp_website/blogs/get/{id}")).await),
        before,
        "the same story: text, tags, author, date"
    );
    assert_eq!(
        json(&app.request(browser.get(&history)).await)["data"],
        kept,
        "its history too"
    );
    assert_eq!(story_mails(&app), 1, "no mail sent again");
}
