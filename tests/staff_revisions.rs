//! Story revisions through the real filters: every save keeps one, autosaves (only of drafts,
//! refused on a stale revision like any save) fold into one line per person, a revision is
//! read and restored through the save's own path, and a reading time nobody typed follows
//! the text.

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::stories::{create, save};

const SECOND: &str = "second@corp.example";

async fn signed_in() -> (TestApp, Browser) {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

fn story(title: &str, state: &str, body: &str) -> Value {
    body!({
        "title": title,
        "motive": "Why it matters to the office",
        "tags": ["Real Estate"],
        "author": "Office Writer",
        "body": body,
        "format": "markdown",
        "state": state,
    })
}

/// A PUT of `form` from `revision`, an autosave when `autosave`.
async fn put(
    app: &TestApp,
    browser: &Browser,
    id: &str,
    mut form: Value,
    revision: i64,
    autosave: bool,
) -> warp::http::Response<bytes::Bytes> {
    if autosave {
        form["autosave"] = true.into();
    }
    save(app, browser, id, form, revision).await
}

/// The revision a save answered, after checking it was a 200.
fn saved(response: &warp::http::Response<bytes::Bytes>) -> i64 {
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(response)["data"]["revision"]
        .as_i64()
        .expect("revision")
}

async fn revisions(app: &TestApp, browser: &Browser, id: &str) -> Value {
    let response = app
        .request(browser.get(&format!("/api/staff/stories/{id}/revisions")))
        .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(&response)
}

async fn opened(app: &TestApp, browser: &Browser, id: &str) -> Value {
    let response = app
        .request(browser.get(&format!("/api/staff/stories/{id}")))
        .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(&response)
}

fn audit_actions(app: &TestApp) -> Vec<String> {
    app.db()
        .read_blocking(|conn| Ok(corpsite::store::audit::audit_log(conn, 50)?))
        .expect("audit")
        .into_iter()
        .map(|entry| entry.action)
        .collect()
}

#[tokio::test]
async fn an_autosave_from_a_stale_revision_is_refused_naming_who_saved() {
    let (app, tab_a) = signed_in().await;
    add_staff_as(&app, SECOND, PASSWORD, false, Role::Editor).await;
    let tab_b = Browser::sign_in_with(&app, SECOND, PASSWORD).await;
    let (id, revision) = create(&app, &tab_a, &story("Two tabs", "draft", "First text.")).await;
    saved(
        &put(
            &app,
            &tab_a,
            &id,
            story("Two tabs: A", "draft", "A's text."),
            revision,
            false,
        )
        .await,
    );
    let stale = put(
        &app,
        &tab_b,
        &id,
        story("Two tabs: B", "draft", "B's text."),
        revision,
        true,
    )
    .await;
    assert_eq!(stale.status(), StatusCode::CONFLICT, "{:?}", stale.body());
    let message = json(&stale)["message"].as_str().unwrap_or("").to_owned();
    assert!(
        message.contains("Office") && message.contains("not saved"),
        "{message}"
    );
    assert_eq!(
        opened(&app, &tab_a, &id).await["data"]["title"],
        "Two tabs: A"
    );
    assert_eq!(
        revisions(&app, &tab_a, &id).await["total"],
        2,
        "the refused one kept nothing"
    );
}

#[tokio::test]
async fn an_autosave_only_keeps_a_draft_that_stays_a_draft() {
    let (app, browser) = signed_in().await;
    let (live, live_at) = create(&app, &browser, &story("Live", "published", "Public.")).await;
    let (draft, draft_at) = create(&app, &browser, &story("Draft", "draft", "Text.")).await;
    for (case, id, revision, state) in [
        ("a published story", &live, live_at, "draft"),
        (
            "a published story kept published",
            &live,
            live_at,
            "published",
        ),
        ("publishing a draft", &draft, draft_at, "published"),
    ] {
        let form = story("Edited", state, "Edited.");
        let response = put(&app, &browser, id, form, revision, true).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{case}: {:?}",
            response.body()
        );
        let message = json(&response)["errors"]["state"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert!(message.contains("draft"), "{case}: {message}");
        let editor = opened(&app, &browser, id).await;
        assert_eq!(
            editor["data"]["revision"], revision,
            "{case}: nothing saved"
        );
    }
}

#[tokio::test]
async fn a_run_of_autosaves_by_one_person_is_one_line() {
    let (app, office) = signed_in().await;
    add_staff_as(&app, SECOND, PASSWORD, false, Role::Editor).await;
    let second = Browser::sign_in_with(&app, SECOND, PASSWORD).await;
    let (id, mut revision) = create(&app, &office, &story("Squash", "draft", "Zero.")).await;
    // Three autosaves, a manual save, an autosave.
    for (text, autosave) in [
        ("One.", true),
        ("One two.", true),
        ("One two three.", true),
        ("Manual.", false),
        ("After.", true),
    ] {
        let form = story("Squash", "draft", text);
        revision = saved(&put(&app, &office, &id, form, revision, autosave).await);
    }
    let list = revisions(&app, &office, &id).await;
    let lines: Vec<(i64, bool)> = list["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|line| {
            (
                line["number"].as_i64().expect("number"),
                line["autosave"] == true,
            )
        })
        .collect();
    // Newest first: the autosave after the manual save (6), the manual save (5), the run of
    // three autosaves (2, 3, 4) as of its last, the creation (1).
    assert_eq!(
        lines,
        vec![(6, true), (5, false), (4, true), (1, false)],
        "{list}"
    );
    assert_eq!(list["total"], 4);
    assert_eq!(list["data"][2]["words"], 3, "the run's last text");
    assert_eq!(
        list["data"][0]["saved_by"],
        body!({"name": "Office", "email": EMAIL})
    );

    // Another person's autosave starts a line of its own, and is folded into by neither.
    for (who, text) in [(&second, "Theirs."), (&office, "Mine again.")] {
        let form = story("Squash", "draft", text);
        revision = saved(&put(&app, who, &id, form, revision, true).await);
    }
    let list = revisions(&app, &office, &id).await;
    let by: Vec<&str> = list["data"]
        .as_array()
        .expect("data")
        .iter()
        .take(3)
        .map(|line| line["saved_by"]["email"].as_str().expect("email"))
        .collect();
    assert_eq!(by, vec![EMAIL, SECOND, EMAIL], "{list}");
    assert_eq!(list["total"], 6);
    let actions = audit_actions(&app);
    assert_eq!(
        actions
            .iter()
            .filter(|a| a.contains("story") || a.contains("draft"))
            .count(),
        2,
        "the creation and the manual save only: {actions:?}"
    );
}

#[tokio::test]
async fn a_revision_is_read_and_restored_as_a_new_save_keeping_the_state() {
    let (app, browser) = signed_in().await;
    let (id, first) = create(
        &app,
        &browser,
        &story("Original", "published", "The original text."),
    )
    .await;
    let revision = saved(
        &put(
            &app,
            &browser,
            &id,
            story("Rewritten", "published", "A new text."),
            first,
            false,
        )
        .await,
    );

    let shown = app
        .request(browser.get(&format!("/api/staff/stories/{id}/revisions/{first}")))
        .await;
    assert_eq!(shown.status(), StatusCode::OK, "{:?}", shown.body());
    let data = &json(&shown)["data"];
    assert_eq!(data["number"], first);
    assert_eq!(data["autosave"], false);
    assert_eq!(data["form"]["title"], "Original");
    assert_eq!(data["form"]["body"], "The original text.");
    assert_eq!(data["form"]["min_read"], Value::Null, "counted, not typed");
    assert!(
        data["form"]["date"].is_string(),
        "the day it was saved with"
    );
    assert!(data["saved_at"]
        .as_str()
        .is_some_and(|at| at.ends_with('Z')));

    let path = format!("/api/staff/stories/{id}/revisions/{first}/restore");
    let stale = app
        .request(
            browser
                .change("POST", &path)
                .json(&body!({"revision": first})),
        )
        .await;
    assert_eq!(stale.status(), StatusCode::CONFLICT, "{:?}", stale.body());
    let restored = app
        .request(
            browser
                .change("POST", &path)
                .json(&body!({"revision": revision})),
        )
        .await;
    let now = saved(&restored);
    assert_eq!(now, revision + 1);
    assert_eq!(json(&restored)["data"]["_id"], id);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    let public = app.get(&format!("/api/corp_website/blogs/get/{id}")).await;
    assert_eq!(public.status(), StatusCode::OK, "still published");
    let text = String::from_utf8_lossy(public.body()).into_owned();
    assert!(
        text.contains("Original") && text.contains("The original text."),
        "{text}"
    );
    let page = app.get(&format!("/blogs/detail/{id}")).await;
    assert!(String::from_utf8_lossy(page.body()).contains("The original text."));
    let editor = opened(&app, &browser, &id).await;
    assert_eq!(editor["data"]["state"], "published");
    assert_eq!(editor["data"]["revision"], now);
    let list = revisions(&app, &browser, &id).await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["data"][0]["number"], now);
    assert_eq!(list["data"][0]["title"], "Original");
    assert!(audit_actions(&app).contains(&format!("restored story revision {first}")));

    for missing in [
        format!("/api/staff/stories/{id}/revisions/99"),
        format!("/api/staff/stories/{id}/revisions/first"),
        "/api/staff/stories/no-such-story/revisions/1".to_owned(),
        "/api/staff/stories/no-such-story/revisions".to_owned(),
    ] {
        let response = app.request(browser.get(&missing)).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{missing}");
        assert!(json(&response)["message"].is_string(), "{missing}");
    }
    let unknown = app
        .request(
            browser
                .change(
                    "POST",
                    &format!("/api/staff/stories/{id}/revisions/99/restore"),
                )
                .json(&body!({"revision": now})),
        )
        .await;
    assert_eq!(
        unknown.status(),
        StatusCode::NOT_FOUND,
        "{:?}",
        unknown.body()
    );
}

#[tokio::test]
async fn a_role_without_the_stories_is_refused_the_revisions() {
    let (app, browser) = signed_in().await;
    let (id, revision) = create(&app, &browser, &story("Guarded", "draft", "Text.")).await;
    add_staff_as(&app, "sales@corp.example", PASSWORD, false, Role::Sales).await;
    let sales = Browser::sign_in_with(&app, "sales@corp.example", PASSWORD).await;
    for response in [
        app.request(sales.get(&format!("/api/staff/stories/{id}/revisions")))
            .await,
        app.request(sales.get(&format!("/api/staff/stories/{id}/revisions/{revision}")))
            .await,
        app.request(
            sales
                .change(
                    "POST",
                    &format!("/api/staff/stories/{id}/revisions/{revision}/restore"),
                )
                .json(&body!({"revision": revision})),
        )
        .await,
    ] {
        assert_eq!(
            response.status(),
            StatusCode::FORBIDDEN,
            "{:?}",
            response.body()
        );
    }
}

#[tokio::test]
async fn a_reading_time_nobody_typed_follows_the_text() {
    let (app, browser) = signed_in().await;
    let (id, revision) = create(
        &app,
        &browser,
        &story("Growing", "published", "A short start."),
    )
    .await;
    let editor = opened(&app, &browser, &id).await;
    assert_eq!(editor["data"]["min_read"], Value::Null);
    assert_eq!(editor["counted_min_read"], "1 min read");

    let long = format!("A short start. {}", "word ".repeat(1_400));
    let revision = saved(
        &put(
            &app,
            &browser,
            &id,
            story("Growing", "published", &long),
            revision,
            false,
        )
        .await,
    );
    let editor = opened(&app, &browser, &id).await;
    assert_eq!(editor["data"]["min_read"], Value::Null, "still counted");
    assert_eq!(editor["counted_min_read"], "7 min read");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let public = app.get(&format!("/api/corp_website/blogs/get/{id}")).await;
    assert_eq!(
        json(&public)["data"]["datas"][0]["min_read"],
        "7 min read",
        "{:?}",
        public.body()
    );

    let mut typed = story("Growing", "published", &long);
    typed["min_read"] = "3".into();
    let revision = saved(&put(&app, &browser, &id, typed, revision, false).await);
    let editor = opened(&app, &browser, &id).await;
    assert_eq!(editor["data"]["min_read"], "3 min read", "typed stays");
    assert_eq!(editor["counted_min_read"], "7 min read", "the hint");
    let mut again = story("Growing", "published", "Short again.");
    again["min_read"] = "3 min read".into();
    saved(&put(&app, &browser, &id, again, revision, false).await);
    assert_eq!(
        opened(&app, &browser, &id).await["data"]["min_read"],
        "3 min read"
    );
}
