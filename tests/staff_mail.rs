//! Mail in the browser (`/api/staff/mail/...`) through the real filters and a real SMTP
//! server (aiosmtpd, `tests/support/smtp_server.py`): the outbox's counts and its failing and
//! dead mails with the relay's answer, retries, the test mail, and who gets which lead mail.

use std::time::{Duration, Instant};

use corpsite::domain::roles::Role;
use corpsite::store::audit;
use corpsite::store::StoreError;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{contact, post_json};
use crate::support::{
    app_sending_to, forget_set_up_notices, parse, raw_header, text_body, SmtpServer,
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

/// Waits until the outbox, as the screen reads it, satisfies `done`; answers it.
async fn wait_for_status(
    app: &TestApp,
    browser: &Browser,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, answer) = get(app, browser, "/api/staff/mail").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if done(&answer) {
            return answer;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting: {what}: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Makes every queued mail due now, as if its backoff were over.
async fn due_now(app: &TestApp) {
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
}

fn audit_actions(app: &TestApp) -> Vec<(String, String, String)> {
    app.db()
        .read_blocking(|conn| Ok(audit::audit_log(conn, 50)?))
        .expect("audit")
        .into_iter()
        .map(|entry| (entry.action, entry.subject, entry.detail))
        .collect()
}

fn envelope(raw: &[u8]) -> String {
    raw_header(raw, "X-Envelope-To").unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_outbox_shows_failing_and_dead_mail_with_the_relays_answer_and_retries_them() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;

    // A refusal: the lead mail is dead at once, named by the lead, with the relay's answer.
    smtp.set_mode("permfail");
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    let status = wait_for_status(&app, &browser, "the lead mail is dead", |s| {
        s["counts"]["dead"] == 1
    })
    .await;
    assert_eq!(status["relay"], body!(smtp.url()));
    assert_eq!(status["sending"], true);
    let dead = &status["dead"][0];
    assert_eq!(dead["kind"], "lead");
    assert_eq!(dead["to"], "Asha Rao");
    assert_eq!(dead["attempts"], 1);
    assert!(
        dead["last_error"].as_str().unwrap_or("").contains("550"),
        "{status}"
    );
    assert!(!status.to_string().contains("token"), "{status}");

    // A temporary failure: the test mail keeps failing, named by its address.
    smtp.set_mode("tempfail");
    let (code, answer) = send(
        &app,
        &browser,
        "POST",
        "/api/staff/mail/test",
        body!({ "to": "it@corp.example" }),
    )
    .await;
    assert_eq!(code, StatusCode::ACCEPTED, "{answer}");
    let status = wait_for_status(&app, &browser, "the test mail failed once", |s| {
        s["failing"].as_array().is_some_and(|f| !f.is_empty())
    })
    .await;
    let failing = &status["failing"][0];
    assert_eq!(failing["kind"], "test");
    assert_eq!(failing["to"], "it@corp.example");
    assert!(
        failing["last_error"].as_str().unwrap_or("").contains("451"),
        "{status}"
    );
    assert_eq!(status["counts"]["queued"], 1);
    assert_eq!(status["counts"]["dead"], 1);
    let kinds: Vec<(String, u64)> = status["by_kind"]
        .as_array()
        .expect("by kind")
        .iter()
        .map(|k| {
            (
                k["kind"].as_str().unwrap_or("").to_owned(),
                k["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(kinds, [("lead".into(), 1), ("test".into(), 1)]);

    // Retry one: the failing test mail goes now, not after its backoff.
    smtp.set_mode("accept");
    let id = failing["id"].as_i64().expect("id");
    let (code, answer) = send(
        &app,
        &browser,
        "POST",
        &format!("/api/staff/mail/{id}/retry"),
        body!({}),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert!(answer["message"]
        .as_str()
        .unwrap_or("")
        .contains(&format!("#{id}")));
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(envelope(&received[0]), "it@corp.example");

    // Retry every dead mail: the lead mail goes out.
    let (code, answer) = send(&app, &browser, "POST", "/api/staff/mail/retry", body!({})).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("1 dead"),
        "{answer}"
    );
    assert_eq!(answer["status"]["counts"]["dead"], 0);
    smtp.wait_for(2, WAIT);
    let status = wait_for_status(&app, &browser, "both are sent", |s| {
        s["counts"]["sent"] == 2
    })
    .await;
    assert_eq!(status["failing"], body!([]));
    assert_eq!(status["dead"], body!([]));

    // A sent mail, or a number that names none, is not retried.
    for path in [
        format!("/api/staff/mail/{id}/retry"),
        "/api/staff/mail/99999/retry".to_owned(),
        "/api/staff/mail/abc/retry".to_owned(),
    ] {
        let (code, answer) = send(&app, &browser, "POST", &path, body!({})).await;
        assert_eq!(code, StatusCode::NOT_FOUND, "{path}: {answer}");
    }
    let audit = audit_actions(&app);
    for (action, subject) in [
        ("retried a mail", format!("mail #{id}")),
        ("retried dead mail", "outbox".to_owned()),
        ("sent a test mail", "it@corp.example".to_owned()),
    ] {
        assert!(
            audit.iter().any(|(a, s, _)| a == action && *s == subject),
            "{action} {subject} not in {audit:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_test_mail_reaches_the_signed_in_person_and_says_who_asked() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;

    for bad in ["not an address", "a@b@c", "asha@example.com\r\nBcc: x@y"] {
        let (code, answer) = send(
            &app,
            &browser,
            "POST",
            "/api/staff/mail/test",
            body!({ "to": bad }),
        )
        .await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        assert!(answer["errors"]["to"].is_string(), "{answer}");
    }
    let (code, answer) = send(&app, &browser, "POST", "/api/staff/mail/test", body!({})).await;
    assert_eq!(code, StatusCode::ACCEPTED, "{answer}");
    assert!(
        answer["message"].as_str().unwrap_or("").contains(EMAIL),
        "{answer}"
    );
    assert_eq!(answer["status"]["by_kind"][0]["kind"], "test");

    let received = smtp.wait_for(1, WAIT);
    assert_eq!(envelope(&received[0]), EMAIL);
    let mail = parse(&received[0]);
    assert_eq!(mail.subject(), Some("Test mail from Fidelitus Corp"));
    let text = text_body(&mail);
    assert!(
        text.contains("asked for by Office in the browser"),
        "{text}"
    );
    let status = wait_for_status(&app, &browser, "the test mail is sent", |s| {
        s["counts"]["sent"] == 1
    })
    .await;
    assert_eq!(
        status["tests"].as_array().map(Vec::len),
        Some(1),
        "{status}"
    );
    assert_eq!(status["tests"][0]["state"], "sent");
    assert_eq!(status["tests"][0]["to"], EMAIL);
    // Only the good one was queued.
    assert_eq!(smtp.received().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_relay_the_screen_says_mail_waits() {
    let app = TestApp::new();
    let browser = owner(&app).await;
    forget_set_up_notices(&app, None).await;
    let (code, answer) = send(&app, &browser, "POST", "/api/staff/mail/test", body!({})).await;
    assert_eq!(code, StatusCode::ACCEPTED, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or("")
            .contains("--smtp-url"),
        "{answer}"
    );
    let status = &answer["status"];
    assert_eq!(status["relay"], Value::Null);
    assert_eq!(status["sending"], false);
    assert_eq!(status["counts"]["queued"], 1);
}

async fn enquiry_for(app: &TestApp, department: &str) {
    let mut enquiry = contact();
    enquiry["department_website"] = body!(department);
    assert_eq!(post_json(app, &enquiry).await.status(), 201);
}

#[tokio::test(flavor = "multi_thread")]
async fn who_gets_a_lead_is_set_in_the_browser_and_counts_from_the_next_mail() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    let browser = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;

    let (code, routes) = get(&app, &browser, "/api/staff/mail/routes").await;
    assert_eq!(code, StatusCode::OK, "{routes}");
    assert_eq!(routes["rules"], body!([]));
    assert_eq!(
        routes["notify_to"],
        // No account of the team has this address.
        body!([{ "department": null, "to": "office@corp.example.com", "no_account": true }])
    );
    assert_eq!(routes["departments"], body!([]));

    // No rule: --notify-to decides.
    enquiry_for(&app, "Corp Team").await;
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(envelope(&received[0]), "office@corp.example.com");

    // Bad rules: each named, nothing stored.
    let (code, answer) = send(
        &app,
        &browser,
        "PUT",
        "/api/staff/mail/routes",
        body!({ "rules": [
            { "kind": "enquiry", "department": "Corp Team", "recipients": ["team@corp.example.com"] },
            { "kind": "visitor", "department": "", "recipients": ["a@corp.example.com"] },
            { "kind": "applicant", "department": "", "recipients": ["nobody"] },
        ] }),
    )
    .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["errors"]["rules[1].kind"]
        .as_str()
        .unwrap_or("")
        .contains("Rule 2"));
    assert!(answer["errors"]["rules[2].recipients"]
        .as_str()
        .unwrap_or("")
        .contains("nobody"));
    assert_eq!(
        get(&app, &browser, "/api/staff/mail/routes").await.1["rules"],
        body!([])
    );

    let (code, answer) = send(
        &app,
        &browser,
        "PUT",
        "/api/staff/mail/routes",
        body!({ "rules": [
            { "kind": "enquiry", "department": "Corp Team", "recipients": ["team@corp.example.com", "lead@corp.example.com"] },
            { "kind": "applicant", "department": "", "recipients": ["hr@corp.example.com"] },
        ] }),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["rules"].as_array().map(Vec::len), Some(2));
    assert_eq!(answer["departments"], body!(["Corp Team"]));

    // At once: the next enquiry for the department goes to its rule (any case)...
    enquiry_for(&app, "CORP TEAM").await;
    let received = smtp.wait_for(2, WAIT);
    assert_eq!(
        envelope(&received[1]),
        "team@corp.example.com, lead@corp.example.com"
    );
    // ... and one no enquiry rule covers still goes where --notify-to says.
    enquiry_for(&app, "HR Labs").await;
    let received = smtp.wait_for(3, WAIT);
    assert_eq!(envelope(&received[2]), "office@corp.example.com");

    // A rule changed while a lead mail waits: the mail goes where the rules say when sent.
    smtp.set_mode("tempfail");
    enquiry_for(&app, "Corp Team").await;
    wait_for_status(&app, &browser, "the lead mail failed once", |s| {
        s["failing"].as_array().is_some_and(|f| !f.is_empty())
    })
    .await;
    let (code, answer) = send(
        &app,
        &browser,
        "PUT",
        "/api/staff/mail/routes",
        body!({ "rules": [
            { "kind": "enquiry", "department": "", "recipients": ["sales@corp.example.com"] },
        ] }),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    smtp.set_mode("accept");
    due_now(&app).await;
    let received = smtp.wait_for(4, WAIT);
    assert_eq!(envelope(&received[3]), "sales@corp.example.com");

    // No rule any more: --notify-to again.
    let (code, _) = send(
        &app,
        &browser,
        "PUT",
        "/api/staff/mail/routes",
        body!({ "rules": [] }),
    )
    .await;
    assert_eq!(code, StatusCode::OK);
    enquiry_for(&app, "Corp Team").await;
    let received = smtp.wait_for(5, WAIT);
    assert_eq!(envelope(&received[4]), "office@corp.example.com");

    let audit = audit_actions(&app);
    let set: Vec<&String> = audit
        .iter()
        .filter(|(action, _, _)| action == "set who gets lead mail")
        .map(|(_, _, detail)| detail)
        .collect();
    assert_eq!(set.len(), 3, "{audit:?}");
    assert!(
        set.iter()
            .any(|d| d.contains("enquiry/Corp Team: team@corp.example.com")),
        "{set:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn without_any_setting_lead_mail_goes_to_the_from_address() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    enquiry_for(&app, "Corp Team").await;
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(envelope(&received[0]), "hello@corp.example.com");
}

#[tokio::test]
async fn only_the_mail_area_reaches_the_mail_screen() {
    let app = TestApp::new();
    for role in [Role::Sales, Role::Editor, Role::Recruiter] {
        let email = format!("{role}@corp.example");
        add_staff_as(&app, &email, PASSWORD, false, role).await;
        let browser = Browser::sign_in_with(&app, &email, PASSWORD).await;
        for (method, path) in [
            ("GET", "/api/staff/mail"),
            ("GET", "/api/staff/mail/routes"),
            ("PUT", "/api/staff/mail/routes"),
            ("POST", "/api/staff/mail/test"),
            ("POST", "/api/staff/mail/retry"),
            ("POST", "/api/staff/mail/1/retry"),
        ] {
            let response = if method == "GET" {
                app.request(browser.get(path)).await
            } else {
                app.request(browser.change(method, path).json(&body!({ "rules": [] })))
                    .await
            };
            assert_eq!(
                response.status(),
                StatusCode::FORBIDDEN,
                "{role}: {method} {path}"
            );
            let message = json(&response)["message"].as_str().unwrap_or("").to_owned();
            assert!(message.contains("mail"), "{role}: {message}");
        }
    }
    // Nothing was queued or changed by them (but the notices of the authenticators they set
    // up at sign-in).
    let queued: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM outbox WHERE kind <> 'notice'",
                [],
                |row| row.get(0),
            )?)
        })
        .expect("count");
    assert_eq!(queued, 0);
}

#[test]
fn the_command_lines_test_mail_is_the_same_mail() {
    let smtp = SmtpServer::start();
    let output = assert_cmd::Command::new(crate::common::process::BINARY)
        .args(["mail", "test", "it@corp.example", "--smtp-url", &smtp.url()])
        .args(["--mail-from", "Fidelitus Corp <hello@corp.example.com>"])
        .output()
        .expect("mail test");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let received = smtp.wait_for(1, WAIT);
    let mail = parse(&received[0]);
    assert_eq!(mail.subject(), Some("Test mail from Fidelitus Corp"));
    let text = text_body(&mail);
    assert!(text.contains("asked for with corpsite mail test"), "{text}");
    assert!(text.contains("reaches it@corp.example"), "{text}");
}

#[tokio::test]
async fn a_notify_to_address_no_account_has_is_shown_as_such() {
    let app = TestApp::with_settings(|s| {
        s.mail.notify_to = [EMAIL, "Corp Careers=gone@corp.example"]
            .iter()
            .map(|rule| rule.parse().expect("a rule"))
            .collect();
    });
    let browser = owner(&app).await;
    let (status, routes) = get(&app, &browser, "/api/staff/mail/routes").await;
    assert_eq!(status, StatusCode::OK, "{routes}");
    let notify_to = routes["notify_to"].as_array().expect("notify_to");
    assert_eq!(notify_to.len(), 2, "{routes}");
    assert_eq!(notify_to[0]["no_account"], false, "{routes}");
    assert_eq!(notify_to[1]["to"], "gone@corp.example", "{routes}");
    assert_eq!(notify_to[1]["no_account"], true, "{routes}");

    // Once rules here cover its leads, the flag sends it nothing: no longer flagged.
    let (status, routes) = send(
        &app,
        &browser,
        "PUT",
        "/api/staff/mail/routes",
        body!({ "rules": [
            { "kind": "enquiry", "department": "Corp Careers", "recipients": [EMAIL] },
            { "kind": "applicant", "department": "corp careers", "recipients": [EMAIL] },
        ] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{routes}");
    assert_eq!(routes["notify_to"][1]["no_account"], false, "{routes}");
}
