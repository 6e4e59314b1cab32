//! The forms' proof of work through the real filters: a post without a valid answer stores
//! nothing and mails no one; an answer is taken once; the difficulty follows a client's posts
//! while the form limit is on; the lead records its proof; `/metrics` counts the refusals, and
//! the analytics report each day's with the spam share and the p95 solving time; and the
//! confirmation mails' caps hold with a real SMTP server.

use std::sync::Arc;
use std::time::Duration;

use corpsite::domain::form_proof::HEADER;
use serde_json::Value;

use crate::common::proof::{answer, proven, APPLICATION, ENQUIRY};
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{
    applicants, application_request, contact, enquiries, file, fixture, from, post_json,
    subscription, upload_files, with_application,
};
use crate::support::{app_sending_to, raw_header, SmtpServer};

const TOKEN: &str = "test-metrics-token-0123456789";
const CLIENT: [u8; 4] = [192, 0, 2, 1];

fn app() -> TestApp {
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.metrics_token = Some(TOKEN.parse().expect("token"));
    })
}

fn enquiry(body: &Value) -> warp::test::RequestBuilder {
    from(CLIENT)
        .method("POST")
        .path("/api/clients/create")
        .json(body)
}

fn queued_mails(app: &TestApp) -> i64 {
    app.db()
        .read_blocking(|conn| Ok(conn.query_row("SELECT count(*) FROM outbox", [], |r| r.get(0))?))
        .expect("outbox")
}

/// Each refusal's count in `/metrics`, by reason.
async fn refusals(app: &TestApp, reason: &str) -> f64 {
    let response = app
        .request(
            warp::test::request()
                .path("/metrics")
                .header("authorization", format!("Bearer {TOKEN}")),
        )
        .await;
    let text = String::from_utf8_lossy(response.body()).into_owned();
    let series = format!("corpsite_form_proof_refused_total{{reason=\"{reason}\"}} ");
    text.lines()
        .find_map(|line| line.strip_prefix(&series))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {series} in /metrics"))
}

fn assert_refused(response: &warp::http::Response<bytes::Bytes>, reason: &str) {
    assert_eq!(response.status(), 403, "{reason}");
    let body = json(response);
    assert_eq!(body["errors"]["proof"], reason, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("could not be checked as sent by a person")),
        "{body}"
    );
}

#[tokio::test]
async fn every_form_with_every_field_right_but_no_proof_is_refused_and_stores_and_mails_nothing() {
    let app = app();
    let mails_before = queued_mails(&app);
    let enquired = app.request(enquiry(&contact())).await;
    assert_refused(&enquired, "missing");
    let subscribe = app
        .request(enquiry(&subscription("stranger@example.com")))
        .await;
    assert_refused(&subscribe, "missing");
    let application = app
        .request(application_request(&with_application(file(
            "cv.png",
            fixture("resume.png"),
        ))))
        .await;
    assert_refused(&application, "missing");
    let made_up = app
        .request(enquiry(&contact()).header(HEADER, "v1.enquiry.9999999999.0.00.00.1.1"))
        .await;
    assert_refused(&made_up, "malformed");

    assert!(enquiries(&app).is_empty());
    assert!(applicants(&app).is_empty());
    assert!(upload_files(&app.data_dir()).is_empty());
    assert_eq!(queued_mails(&app), mails_before, "no mail queued");
    assert_eq!(refusals(&app, "missing").await, 3.0);
    assert_eq!(refusals(&app, "malformed").await, 1.0);
}

#[tokio::test]
async fn a_replayed_answer_an_edited_one_and_one_for_another_form_are_refused() {
    let app = app();
    let proof = answer(&app, ENQUIRY, CLIENT).await;
    let first = app
        .request(enquiry(&contact()).header(HEADER, proof.as_str()))
        .await;
    assert_eq!(first.status(), 201);
    let replayed = app
        .request(enquiry(&subscription("stranger@example.com")).header(HEADER, proof.as_str()))
        .await;
    assert_refused(&replayed, "used");

    // The expiry moved a day on: the signature no longer holds. (An answer past its real
    // expiry, five minutes on, is refused as `expired`: domain::form_proof's tests.)
    let fresh = answer(&app, ENQUIRY, CLIENT).await;
    let parts: Vec<&str> = fresh.split('.').collect();
    let later = (parts[2].parse::<u64>().expect("expiry") + 86_400).to_string();
    let edited = [&parts[..2], &[later.as_str()], &parts[3..]]
        .concat()
        .join(".");
    let response = app
        .request(enquiry(&contact()).header(HEADER, edited.as_str()))
        .await;
    assert_refused(&response, "forged");

    let for_applications = answer(&app, APPLICATION, CLIENT).await;
    let response = app
        .request(enquiry(&contact()).header(HEADER, for_applications.as_str()))
        .await;
    assert_refused(&response, "forged");

    assert_eq!(enquiries(&app).len(), 1);
    assert_eq!(refusals(&app, "used").await, 1.0);
    assert_eq!(refusals(&app, "forged").await, 2.0);
}

#[tokio::test]
async fn each_lead_records_that_it_passed_the_proof_and_how_long_the_solving_took() {
    let app = app();
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    let request = application_request(&with_application(file("cv.png", fixture("resume.png"))));
    let created = app
        .request(proven(&app, request, APPLICATION, CLIENT).await)
        .await;
    assert_eq!(created.status(), 201);
    let recorded: Vec<(String, Option<String>, Option<i64>)> = app
        .db()
        .read_blocking(|conn| {
            let mut rows = conn.prepare(
                "SELECT 'enquiry', proof, proof_ms FROM enquiries
                 UNION ALL SELECT 'application', proof, proof_ms FROM applicants",
            )?;
            let rows = rows
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
        .expect("read");
    // The helper reports 42 ms of solving, as a browser reports its own.
    assert_eq!(
        recorded,
        vec![
            ("enquiry".into(), Some("passed".into()), Some(42)),
            ("application".into(), Some("passed".into()), Some(42)),
        ]
    );
}

#[tokio::test]
async fn the_analytics_report_counts_each_days_refused_posts_and_the_p95_solving_time() {
    let app = app();
    for _ in 0..3 {
        assert_refused(&app.request(enquiry(&contact())).await, "missing");
    }
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    // Refusals are counted in memory and written by the server's visits thread each second.
    let visits = Arc::clone(&app.state.visits);
    let db = Arc::clone(app.db());
    let now = jiff::Timestamp::now().as_second();
    tokio::task::spawn_blocking(move || visits.flush(&db, now, 30))
        .await
        .expect("join")
        .expect("flush");

    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let report = json(&app.request(owner.get("/api/staff/analytics")).await);
    let proof = &report["proof"];
    assert_eq!(proof["refused"], 3, "{proof}");
    assert_eq!(proof["accepted"], 1, "{proof}");
    let days = proof["days"].as_array().expect("days");
    assert_eq!(days.len(), 1, "{proof}");
    assert_eq!(days[0]["day"], report["to"], "today's: {proof}");
    assert_eq!(
        (days[0]["refused"].clone(), days[0]["accepted"].clone()),
        (3.into(), 1.into())
    );
    // The test's helper reports 42 ms of solving for the one lead.
    assert_eq!(proof["solve_p95_ms"], 42, "{proof}");
    assert_eq!(proof["solved"], 1, "{proof}");
    let stored: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(
                conn.query_row("SELECT sum(refused) FROM form_refusal_days", [], |r| {
                    r.get(0)
                })?,
            )
        })
        .expect("stored");
    assert_eq!(stored, 3, "counted in the database, not only in /metrics");
}

async fn bits(app: &TestApp, client: [u8; 4]) -> u64 {
    let response = app
        .request(from(client).path("/api/form-proof?form=enquiry"))
        .await;
    assert_eq!(response.status(), 200);
    json(&response)["bits"].as_u64().expect("bits")
}

#[tokio::test]
async fn with_the_form_limit_on_each_post_of_the_hour_doubles_the_work_and_without_it_none_does() {
    let limited = TestApp::with_settings(|s| s.rate_limit_per_minute = 60);
    let first = bits(&limited, CLIENT).await;
    for posts in 1..=3 {
        assert_eq!(post_json(&limited, &contact()).await.status(), 201);
        assert_eq!(
            bits(&limited, CLIENT).await,
            first + posts,
            "after {posts} posts"
        );
    }
    assert_eq!(
        bits(&limited, [198, 51, 100, 9]).await,
        first,
        "another client"
    );

    // The browser tests post every form from one loopback client with the limit off.
    let unlimited = app();
    for _ in 0..3 {
        assert_eq!(post_json(&unlimited, &contact()).await.status(), 201);
    }
    assert_eq!(bits(&unlimited, CLIENT).await, first);
}

#[tokio::test]
async fn the_challenge_needs_a_known_form_and_is_never_cached() {
    let app = app();
    let unknown = app.get("/api/form-proof?form=newsletter").await;
    assert_eq!(unknown.status(), 400);
    assert!(json(&unknown)["message"].is_string());
    assert_eq!(app.get("/api/form-proof").await.status(), 400);
    let given = app.get("/api/form-proof?form=application").await;
    assert_eq!(given.status(), 200);
    assert_eq!(crate::common::header(&given, "cache-control"), "no-store");
    let body = json(&given);
    assert_eq!(body["header"], "Form-Proof");
    assert!(body["challenge"]
        .as_str()
        .is_some_and(|c| c.starts_with("v1.application.")));
}

/// Moves every confirmation mail and subscription two hours back, past the one-an-hour rule.
async fn two_hours_pass(app: &TestApp) {
    app.db()
        .write(|conn| {
            conn.execute_batch(
                "UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-2 hours');
                 UPDATE subscriptions SET confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', confirm_sent_at, '-2 hours');",
            )
            .map_err(corpsite::store::StoreError::from)
        })
        .await
        .expect("time passes");
}

fn mails_to(smtp: &SmtpServer, address: &str) -> usize {
    smtp.received()
        .iter()
        .filter(|raw| raw_header(raw, "X-Envelope-To").as_deref() == Some(address))
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_gets_at_most_three_confirmation_mails_a_day() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    for sent in 1..=3 {
        assert_eq!(
            post_json(&app, &subscription("stranger@example.com"))
                .await
                .status(),
            201
        );
        smtp.wait_for(sent, Duration::from_secs(20));
        two_hours_pass(&app).await;
    }
    let answer = post_json(&app, &subscription("stranger@example.com")).await;
    assert_eq!(
        answer.status(),
        201,
        "answered as ever: it tells no one anything"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(mails_to(&smtp, "stranger@example.com"), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn one_client_causes_at_most_ten_confirmation_mails_an_hour() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    for n in 0..12 {
        let address = format!("reader{n}@example.com");
        assert_eq!(post_json(&app, &subscription(&address)).await.status(), 201);
    }
    smtp.wait_for(10, Duration::from_secs(30));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(smtp.received().len(), 10);
    assert_eq!(mails_to(&smtp, "reader10@example.com"), 0);
    // Another client still can.
    let request = from([198, 51, 100, 7])
        .method("POST")
        .path("/api/clients/create")
        .json(&subscription("reader11@example.com"));
    let other = app
        .request(proven(&app, request, ENQUIRY, [198, 51, 100, 7]).await)
        .await;
    assert_eq!(other.status(), 201);
    smtp.wait_for(11, Duration::from_secs(20));
    assert_eq!(mails_to(&smtp, "reader11@example.com"), 1);
}

/// A bot in Python (`tests/bots/spam_bot.py`, the standard library only) fills every field of
/// every form right and posts over HTTP to the real binary: without a proof, with another
/// form's, and with a right one sent twice. Only the right one is taken, once each; each
/// refusal is a 403 with its message and reason, and nothing refused is stored or mailed.
#[test]
fn a_bot_that_fills_every_field_right_gets_nothing_in_without_the_work() {
    use crate::common::process::{Running, BINARY};
    let dir = tempfile::tempdir().expect("temp dir");
    crate::common::seeded::seeded_data_dir(&dir.path().join("data"));
    let server = Running::start(
        std::path::Path::new(BINARY),
        &["--data-dir", "data", "--rate-limit", "0"],
        &[],
        dir.path(),
    );
    let bot = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/bots/spam_bot.py"
        ))
        .arg(format!("http://{}", server.addr))
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/resume.pdf"
        ))
        .output()
        .expect("python3 runs the bot");
    assert!(
        bot.status.success(),
        "{}",
        String::from_utf8_lossy(&bot.stderr)
    );
    let posts: Vec<Value> = String::from_utf8_lossy(&bot.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(posts.len(), 12, "{posts:#?}");
    for post in &posts {
        let what = post["post"].as_str().expect("post");
        if what.ends_with("with a proof") {
            assert_eq!(post["status"], 201, "{post}");
        } else {
            assert_eq!(post["status"], 403, "{post}");
            assert!(
                post["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{post}"
            );
            let reason = if what.ends_with("without a proof") {
                "missing"
            } else if what.ends_with("another form's proof") {
                "forged"
            } else {
                "used"
            };
            assert_eq!(post["proof"], reason, "{post}");
        }
    }
    let conn = rusqlite::Connection::open(dir.path().join("data/corpsite.db")).expect("db");
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |row| row.get(0)).expect(sql) };
    // A subscription is an enquiry row with its subscription beside it.
    assert_eq!(
        count("SELECT count(*) FROM enquiries"),
        2,
        "the enquiry and the subscription taken"
    );
    assert_eq!(
        count("SELECT count(*) FROM subscriptions"),
        1,
        "the one subscription taken"
    );
    assert_eq!(
        count("SELECT count(*) FROM applicants"),
        1,
        "the one application taken"
    );
    assert_eq!(
        count(
            "SELECT count(*) FROM outbox WHERE lead_id NOT IN \
             (SELECT id FROM enquiries UNION SELECT id FROM applicants)"
        ),
        0,
        "no mail for a refused post"
    );
}
