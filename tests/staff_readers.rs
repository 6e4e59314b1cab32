//! The reader list (`/api/staff/readers/...`, the subscribers list's `subscription=`
//! filter, `/api/staff/stories/{id}/mail`) through the real filters and a real SMTP server:
//! each subscriber's double opt-in state in the list and the detail, the filter and the
//! counts, an address added by hand (which waits for its confirmation like any other), the
//! office's unsubscribe, the export of confirmed readers, and what each story's mail did.

use std::time::{Duration, Instant};

use assert_cmd::Command;
use corpsite::store::StoreError;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::process::BINARY;
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{post_json, subscription};
use crate::support::{
    app_sending_to, forget_set_up_notices, link, parse, raw_header, SmtpServer, MAIL_SITE,
};

const WAIT: Duration = Duration::from_secs(10);

async fn owner(app: &TestApp) -> Browser {
    add_staff(app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(app).await
}

async fn get(app: &TestApp, browser: &Browser, path: &str) -> (StatusCode, Value) {
    let response = app.request(browser.get(path)).await;
    (response.status(), json(&response))
}

async fn send(
    app: &TestApp,
    browser: &Browser,
    method: &str,
    path: &str,
    payload: Value,
) -> (StatusCode, Value) {
    let response = app
        .request(browser.change(method, path).json(&payload))
        .await;
    (response.status(), json(&response))
}

async fn post_token(app: &TestApp, path: &str, payload: Value) -> (u16, Value) {
    let response = app
        .request(
            warp::test::request()
                .method("POST")
                .path(path)
                .header("content-type", "application/json")
                .json(&payload),
        )
        .await;
    (response.status().as_u16(), json(&response))
}

/// The subscribers list's rows for `query`, by address: (state, confirmed_at, unsubscribed_at).
async fn states(app: &TestApp, browser: &Browser, query: &str) -> Vec<(String, Value)> {
    let (status, page) = get(
        app,
        browser,
        &format!("/api/staff/inbox/subscribers?{query}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| (row["email"].as_str().unwrap_or("").to_owned(), row.clone()))
        .collect()
}

fn emails(rows: &[(String, Value)]) -> Vec<&str> {
    let mut found: Vec<&str> = rows.iter().map(|(email, _)| email.as_str()).collect();
    found.sort_unstable();
    found
}

/// The token of the confirmation mail at `received[at]`.
fn confirm_token(raw: &[u8]) -> String {
    let mail = parse(raw);
    let confirm = link(
        &mail,
        &format!("{MAIL_SITE}/blogs/subscribe/confirm?token="),
    );
    confirm.split("token=").nth(1).expect("token").to_owned()
}

/// Subscribes `email` on the public form and answers the token its confirmation mail carries.
async fn subscribe(app: &TestApp, smtp: &SmtpServer, email: &str) -> String {
    let before = smtp.received().len();
    assert_eq!(post_json(app, &subscription(email)).await.status(), 201);
    let received = smtp.wait_for(before + 1, WAIT);
    confirm_token(&received[before])
}

async fn confirm(app: &TestApp, token: &str) {
    let (status, answer) = post_token(
        app,
        "/api/corp_website/subscribers/confirm",
        body!({ "token": token }),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

/// Runs `corpsite blog add`, as the office publishes; answers the new post's id.
fn publish(app: &TestApp, title: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("post.md");
    std::fs::write(
        &path,
        format!("---\ntitle: {title}\nmotive: Why it matters\n---\n\nSome words.\n"),
    )
    .expect("write post");
    let output = Command::new(BINARY)
        .args(["blog", "add"])
        .arg(&path)
        .arg("--data-dir")
        .arg(app.data_dir())
        .output()
        .expect("run blog add");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let list = Command::new(BINARY)
        .args(["blog", "list", "--data-dir"])
        .arg(app.data_dir())
        .output()
        .expect("run blog list");
    String::from_utf8_lossy(&list.stdout)
        .lines()
        .find(|line| line.contains(title))
        .and_then(|line| line.split_whitespace().next())
        .expect("the new post's id")
        .to_owned()
}

/// Three subscribers, one in each state: `p@` pending, `c@` confirmed, `u@` unsubscribed
/// (confirmed first). Answers the number of mails received.
async fn one_of_each(app: &TestApp, smtp: &SmtpServer) -> usize {
    subscribe(app, smtp, "p@example.com").await;
    let token = subscribe(app, smtp, "c@example.com").await;
    confirm(app, &token).await;
    let token = subscribe(app, smtp, "u@example.com").await;
    confirm(app, &token).await;
    let id = token.split('.').next().expect("id").to_owned();
    app.db()
        .write(move |conn| {
            corpsite::store::subscriptions::unsubscribe(conn, &id, None).map_err(StoreError::from)
        })
        .await
        .expect("unsubscribe");
    smtp.received().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_subscriber_shows_its_state_and_dates_and_the_list_filters_and_counts_them() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    one_of_each(&app, &smtp).await;

    let all = states(&app, &browser, "").await;
    assert_eq!(
        emails(&all),
        ["c@example.com", "p@example.com", "u@example.com"]
    );
    for (email, row) in &all {
        let (state, confirmed, left) = match email.as_str() {
            "p@example.com" => ("pending", false, false),
            "c@example.com" => ("confirmed", true, false),
            // When it confirmed stays beside when it left.
            _ => ("unsubscribed", true, true),
        };
        assert_eq!(row["subscription"], state, "{row}");
        assert_eq!(row["confirmed_at"].is_string(), confirmed, "{row}");
        assert_eq!(row["unsubscribed_at"].is_string(), left, "{row}");
        // The detail says the same.
        let id = row["_id"].as_str().expect("id");
        let (status, detail) = get(
            &app,
            &browser,
            &format!("/api/staff/inbox/subscribers/{id}"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        for field in ["subscription", "confirmed_at", "unsubscribed_at"] {
            assert_eq!(detail["data"][field], row[field], "{field}");
        }
    }

    for (state, expected) in [
        ("pending", "p@example.com"),
        ("confirmed", "c@example.com"),
        ("unsubscribed", "u@example.com"),
    ] {
        let (status, page) = get(
            &app,
            &browser,
            &format!("/api/staff/inbox/subscribers?subscription={state}"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["pagination"]["total"], 1, "{state}: {page}");
        assert_eq!(page["data"][0]["email"], expected, "{state}");
    }
    // With a search too.
    let searched = states(&app, &browser, "q=example&subscription=confirmed").await;
    assert_eq!(emails(&searched), ["c@example.com"]);

    let (status, bad) = get(
        &app,
        &browser,
        "/api/staff/inbox/subscribers?subscription=active",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    assert_eq!(
        bad["errors"]["subscription"],
        "Choose one of: pending, confirmed, unsubscribed."
    );

    let (status, counts) = get(&app, &browser, "/api/staff/readers/counts").await;
    assert_eq!(status, StatusCode::OK, "{counts}");
    assert_eq!(
        counts,
        body!({ "confirmed": 1, "pending": 1, "unsubscribed": 1 })
    );
    // The story editor's choices say whom a story published now reaches.
    let (status, choices) = get(&app, &browser, "/api/staff/stories/choices").await;
    assert_eq!(status, StatusCode::OK, "{choices}");
    assert_eq!(choices["readers"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_address_added_by_hand_is_mailed_its_confirmation_and_waits_for_it() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;

    let (status, added) = send(
        &app,
        &browser,
        "POST",
        "/api/staff/readers",
        body!({ "email": "  Meera@Example.com " }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added["data"]["subscription"], "pending");
    let id = added["data"]["_id"].as_str().expect("id").to_owned();
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(
        raw_header(&received[0], "X-Envelope-To").as_deref(),
        Some("Meera@Example.com")
    );
    assert!(parse(&received[0])
        .subject()
        .unwrap_or_default()
        .starts_with("Confirm your subscription"));
    let rows = states(&app, &browser, "").await;
    assert_eq!(emails(&rows), ["Meera@Example.com"]);
    assert_eq!(rows[0].1["_id"], id.as_str());
    assert_eq!(rows[0].1["subscription"], "pending");
    assert_eq!(rows[0].1["service"], "Added by staff");

    // The audit log says who added it.
    let (_, audit) = get(&app, &browser, "/api/staff/team/audit").await;
    let entries = audit["data"].as_array().expect("entries");
    assert!(
        entries
            .iter()
            .any(|e| e["action"] == "added a reader" && e["subject"] == format!("subscriber {id}")),
        "{audit}"
    );

    // Again within the hour: no second mail, and the answer says so.
    let (status, again) = send(
        &app,
        &browser,
        "POST",
        "/api/staff/readers",
        body!({ "email": "meera@example.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert!(
        again["message"]
            .as_str()
            .unwrap_or("")
            .contains("within the hour"),
        "{again}"
    );

    // Confirmed: adding it answers clearly and changes nothing.
    confirm(&app, &confirm_token(&received[0])).await;
    let (status, confirmed) = send(
        &app,
        &browser,
        "POST",
        "/api/staff/readers",
        body!({ "email": "MEERA@example.com" }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{confirmed}");
    assert!(
        confirmed["errors"]["email"]
            .as_str()
            .unwrap_or("")
            .contains("confirmed reader already"),
        "{confirmed}"
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(smtp.received().len(), 1, "no mail to a confirmed reader");

    for bad in ["", "meera", "meera@", "not an address@example.com"] {
        let (status, refused) = send(
            &app,
            &browser,
            "POST",
            "/api/staff/readers",
            body!({ "email": bad }),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad:?}: {refused}"
        );
        assert!(refused["errors"]["email"].is_string(), "{refused}");
    }
    let (_, counts) = get(&app, &browser, "/api/staff/readers/counts").await;
    assert_eq!(
        counts,
        body!({ "confirmed": 1, "pending": 0, "unsubscribed": 0 })
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_office_unsubscribes_a_reader_who_then_gets_no_more_stories() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    let token = subscribe(&app, &smtp, "c@example.com").await;
    confirm(&app, &token).await;
    let id = token.split('.').next().expect("id").to_owned();

    let (status, answer) = send(
        &app,
        &browser,
        "POST",
        &format!("/api/staff/readers/{id}/unsubscribe"),
        body!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let rows = states(&app, &browser, "").await;
    assert_eq!(rows[0].1["subscription"], "unsubscribed");
    assert!(rows[0].1["unsubscribed_at"].is_string());
    let (_, audit) = get(&app, &browser, "/api/staff/team/audit").await;
    assert!(
        audit["data"]
            .as_array()
            .expect("entries")
            .iter()
            .any(|e| e["action"] == "unsubscribed" && e["subject"] == format!("subscriber {id}")),
        "{audit}"
    );
    publish(&app, "A story after leaving");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(smtp.received().len(), 1, "only the confirmation was sent");

    let (status, missing) = send(
        &app,
        &browser,
        "POST",
        "/api/staff/readers/0123456789abcdef0123456789abcdef/unsubscribe",
        body!({}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_export_with_the_confirmed_filter_holds_only_confirmed_readers() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    one_of_each(&app, &smtp).await;

    let response = app
        .request(browser.get("/api/staff/inbox/subscribers/export.csv?subscription=confirmed"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let csv = String::from_utf8_lossy(response.body()).into_owned();
    let lines: Vec<&str> = csv.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 2, "a header and one reader: {csv}");
    assert!(lines[0].contains("Subscription"), "{csv}");
    assert!(lines[1].contains("c@example.com"), "{csv}");
    assert!(lines[1].contains("Confirmed"), "{csv}");
    // Unfiltered, all three with their states.
    let response = app
        .request(browser.get("/api/staff/inbox/subscribers/export.csv"))
        .await;
    let csv = String::from_utf8_lossy(response.body()).into_owned();
    for expected in ["Pending", "Confirmed", "Unsubscribed"] {
        assert!(csv.contains(expected), "{expected}: {csv}");
    }

    // The command line's export takes the same filter.
    let output = Command::new(BINARY)
        .args([
            "leads",
            "export",
            "--list",
            "subscribers",
            "--subscription",
            "confirmed",
            "--data-dir",
        ])
        .arg(app.data_dir())
        .output()
        .expect("run leads export");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8_lossy(&output.stdout);
    assert!(csv.contains("c@example.com"), "{csv}");
    assert!(
        !csv.contains("p@example.com") && !csv.contains("u@example.com"),
        "{csv}"
    );
    let refused = Command::new(BINARY)
        .args([
            "leads",
            "export",
            "--subscription",
            "confirmed",
            "--data-dir",
        ])
        .arg(app.data_dir())
        .output()
        .expect("run leads export");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--list subscribers"));
}

/// Waits until `path`'s answer satisfies `done`; answers it.
async fn wait_for(
    app: &TestApp,
    browser: &Browser,
    path: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, answer) = get(app, browser, path).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if done(&answer) {
            return answer;
        }
        assert!(Instant::now() < deadline, "timed out waiting: {answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn each_story_counts_its_mails_and_the_readers_who_left_through_them() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    for email in ["a@example.com", "b@example.com"] {
        let token = subscribe(&app, &smtp, email).await;
        confirm(&app, &token).await;
    }
    subscribe(&app, &smtp, "p@example.com").await;
    let before = smtp.received().len();

    let first = publish(&app, "Leasing a campus in Pune");
    let path = format!("/api/staff/stories/{first}/mail");
    let mail = wait_for(&app, &browser, &path, |m| m["sent"] == 2).await;
    assert_eq!(
        mail,
        body!({ "queued": 0, "failed": 0, "sent": 2, "dead": 0, "dropped": 0, "unsubscribed": 0 })
    );
    let received = smtp.wait_for(before + 2, WAIT);

    // One reader leaves through the story mail's own link (the one-click post).
    let raw = &received[before];
    let unsubscribe = raw_header(raw, "List-Unsubscribe").expect("List-Unsubscribe");
    let unsubscribe = unsubscribe.trim_start_matches('<').trim_end_matches('>');
    assert!(
        unsubscribe.contains(&format!("&story={first}")),
        "the link names the story: {unsubscribe}"
    );
    let response = app
        .request(
            warp::test::request()
                .method("POST")
                .path(unsubscribe.trim_start_matches(MAIL_SITE))
                .header("content-type", "application/x-www-form-urlencoded")
                .body("List-Unsubscribe=One-Click"),
        )
        .await;
    assert_eq!(response.status(), 200, "{:?}", response.body());
    let (_, mail) = get(&app, &browser, &path).await;
    assert_eq!(mail["unsubscribed"], 1, "{mail}");

    // The second story: one reader left, so one mail. The relay fails it for now (it is
    // still queued, failed once), then refuses it for good (dead).
    smtp.set_mode("tempfail");
    let second = publish(&app, "Warehouses near Chennai");
    let second_path = format!("/api/staff/stories/{second}/mail");
    let mail = wait_for(&app, &browser, &second_path, |m| m["failed"] == 1).await;
    assert_eq!(
        (mail["queued"].clone(), mail["sent"].clone()),
        (body!(1), body!(0)),
        "{mail}"
    );
    smtp.set_mode("permfail");
    app.db()
        .write(|conn| {
            conn.execute(
                "UPDATE outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE state = 'queued'",
                [],
            )
            .map_err(StoreError::from)
        })
        .await
        .expect("make it due");
    let mail = wait_for(&app, &browser, &second_path, |m| m["dead"] == 1).await;
    assert_eq!(
        (
            mail["sent"].clone(),
            mail["queued"].clone(),
            mail["unsubscribed"].clone()
        ),
        (body!(0), body!(0), body!(0)),
        "{mail}"
    );
    // The other reader leaves through the unsubscribe page's form, which posts the story its
    // link named.
    let other = parse(&received[before + 1]);
    let link_text = link(&other, &format!("{MAIL_SITE}/blogs/unsubscribe?token="));
    let query = link_text.split('?').nth(1).expect("query");
    let token = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .expect("token");
    let (status, answer) = post_token(
        &app,
        "/api/corp_website/subscribers/unsubscribe",
        body!({ "token": token, "story": second }),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    // The second story's mail was queued for this reader (and died): it counts there.
    let (_, mail) = get(&app, &browser, &second_path).await;
    assert_eq!(mail["unsubscribed"], 1, "{mail}");
    let (_, mail) = get(&app, &browser, &path).await;
    assert_eq!(mail["unsubscribed"], 1, "{mail}");

    // An old link without the story still unsubscribes; a story never mailed reads all zero.
    let (_, never) = get(&app, &browser, "/api/staff/stories/not-mailed-yet/mail").await;
    assert_eq!(never["sent"], 0);
}
