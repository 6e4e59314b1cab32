//! Assignment and follow-up in the inbox (`/api/staff/inbox/{list}/{id}/assign`,
//! `.../follow-up`, `/api/staff/assignees/{list}`), the assignee's mail and the morning digest
//! (`/api/staff/account/digest`, `store::assign::run_digests`) through the real filters and a
//! real SMTP server.

use std::time::Duration;

use corpsite::domain::office_time::OfficeZone;
use corpsite::domain::roles::Role;
use corpsite::store::assign::run_digests;
use corpsite::store::StoreError;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{contact, file, fixture, post_application, post_json, with_application};
use crate::support::{
    app_sending_to, forget_set_up_notices, parse, raw_header, text_body, SmtpServer, MAIL_SITE,
};

const WAIT: Duration = Duration::from_secs(10);
const SAM: &str = "sam@corp.example";
const RITA: &str = "rita@corp.example";

/// An account holding `role`, named `name`, with `PASSWORD`; answers its id.
async fn member(app: &TestApp, email: &str, name: &str, role: Role) -> i64 {
    add_staff_as(app, email, PASSWORD, false, role).await;
    let (email, name) = (email.to_owned(), name.to_owned());
    app.db()
        .write(move |conn| -> Result<i64, StoreError> {
            conn.execute(
                "UPDATE staff SET name = ?2 WHERE email_folded = ?1",
                [&email, &name],
            )?;
            Ok(conn.query_row(
                "SELECT id FROM staff WHERE email_folded = ?1",
                [&email],
                |row| row.get(0),
            )?)
        })
        .await
        .expect("name the account")
}

async fn owner(app: &TestApp) -> (Browser, i64) {
    add_staff(app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(app).await;
    let (_, assignees) = get(app, &browser, "/api/staff/assignees/enquiries").await;
    let me = assignees["me"].as_i64().expect("my id");
    (browser, me)
}

async fn get(app: &TestApp, browser: &Browser, path: &str) -> (StatusCode, Value) {
    let response = app.request(browser.get(path)).await;
    (response.status(), json(&response))
}

async fn post(app: &TestApp, browser: &Browser, path: &str, payload: Value) -> (StatusCode, Value) {
    let response = app
        .request(browser.change("POST", path).json(&payload))
        .await;
    (response.status(), json(&response))
}

/// Posts `count` enquiries (named Lead 1, Lead 2, ...); answers their ids, oldest first.
async fn enquiries(app: &TestApp, browser: &Browser, count: usize) -> Vec<String> {
    for n in 1..=count {
        let mut enquiry = contact();
        enquiry["name"] = body!(format!("Lead {n}"));
        assert_eq!(post_json(app, &enquiry).await.status(), 201);
    }
    let (_, page) = get(app, browser, "/api/staff/inbox/enquiries").await;
    let mut ids: Vec<String> = page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["_id"].as_str().expect("id").to_owned())
        .collect();
    ids.reverse();
    ids
}

/// The ids of a list's page with `query`.
async fn listed(app: &TestApp, browser: &Browser, query: &str) -> Vec<String> {
    let (code, page) = get(app, browser, &format!("/api/staff/inbox/enquiries?{query}")).await;
    assert_eq!(code, StatusCode::OK, "{query}: {page}");
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["_id"].as_str().expect("id").to_owned())
        .collect()
}

fn envelope(raw: &[u8]) -> String {
    raw_header(raw, "X-Envelope-To").unwrap_or_default()
}

/// The mails `to` has received so far.
fn mails_to(smtp: &SmtpServer, to: &str) -> Vec<Vec<u8>> {
    smtp.received()
        .into_iter()
        .filter(|raw| envelope(raw) == to)
        .collect()
}

/// Waits for the first mail to `to` whose subject starts with `subject`.
fn first_mail_to(smtp: &SmtpServer, to: &str, subject: &str) -> Vec<u8> {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let found = mails_to(smtp, to)
            .into_iter()
            .find(|raw| parse(raw).subject().unwrap_or("").starts_with(subject));
        if let Some(raw) = found {
            return raw;
        }
        assert!(std::time::Instant::now() < deadline, "no mail to {to}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn outbox_count(app: &TestApp, kind: &str) -> i64 {
    let kind = kind.to_owned();
    app.db()
        .read_blocking(move |conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM outbox WHERE kind = ?1",
                [&kind],
                |row| row.get(0),
            )?)
        })
        .expect("count")
}

/// The office's today, as the filters read it.
fn office_today() -> String {
    OfficeZone::default_zone().today()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_assignee_gets_a_mail_with_the_link_and_nobody_is_mailed_for_taking_a_lead() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    let (browser, me) = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    let sam = member(&app, SAM, "Sam Sales", Role::Sales).await;
    let ids = enquiries(&app, &browser, 2).await;

    let (code, assignees) = get(&app, &browser, "/api/staff/assignees/enquiries").await;
    assert_eq!(code, StatusCode::OK, "{assignees}");
    let names: Vec<&str> = assignees["data"]
        .as_array()
        .expect("accounts")
        .iter()
        .map(|a| a["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["Office", "Sam Sales"]);

    let path = format!("/api/staff/inbox/enquiries/{}/assign", ids[0]);
    let (code, answer) = post(&app, &browser, &path, body!({ "to": sam })).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["assigned_to"], sam);
    assert_eq!(answer["data"]["assigned_name"], "Sam Sales");

    let raw = first_mail_to(&smtp, SAM, "Office gave you");
    let mail = parse(&raw);
    assert_eq!(
        mail.subject(),
        Some("Office gave you an enquiry from Lead 1")
    );
    let text = text_body(&mail);
    let link = format!("{MAIL_SITE}/staff?list=enquiries&id={}", ids[0]);
    assert!(
        text.contains(&format!("Open it in the inbox: {link}")),
        "{text}"
    );
    // The office's time, not UTC's (the demo office is in India).
    assert!(text.contains(" IST"), "{text}");

    // Taking a lead oneself mails nobody; the audit log has both.
    let path = format!("/api/staff/inbox/enquiries/{}/assign", ids[1]);
    let (code, answer) = post(&app, &browser, &path, body!({ "to": me })).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["assigned_name"], "Office");
    assert_eq!(outbox_count(&app, "assigned"), 1);
    let audit = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM audit_log WHERE action = 'assigned'",
                [],
                |row| row.get::<_, i64>(0),
            )?)
        })
        .expect("audit");
    assert_eq!(audit, 2);

    // Given back to nobody: no mail either.
    let (code, answer) = post(&app, &browser, &path, body!({ "to": null })).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["assigned_to"], Value::Null);
    assert_eq!(outbox_count(&app, "assigned"), 1);
    assert_eq!(mails_to(&smtp, EMAIL).len(), 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lead_goes_only_to_an_account_that_exists_and_sees_its_list() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let (browser, _) = owner(&app).await;
    let sam = member(&app, SAM, "Sam Sales", Role::Sales).await;
    let rita = member(&app, RITA, "Rita Recruiter", Role::Recruiter).await;
    let ids = enquiries(&app, &browser, 1).await;

    let path = format!("/api/staff/inbox/enquiries/{}/assign", ids[0]);
    let (code, answer) = post(&app, &browser, &path, body!({ "to": 99_999 })).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(
        answer["errors"]["to"]
            .as_str()
            .unwrap_or("")
            .contains("no such account"),
        "{answer}"
    );
    let (code, answer) = post(&app, &browser, &path, body!({ "to": rita })).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");

    let applied = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(applied.status(), 201);
    let (_, page) = get(&app, &browser, "/api/staff/inbox/applicants").await;
    let applicant = page["data"][0]["_id"].as_str().expect("id").to_owned();
    let path = format!("/api/staff/inbox/applicants/{applicant}/assign");
    let (code, answer) = post(&app, &browser, &path, body!({ "to": sam })).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let said = answer["errors"]["to"].as_str().unwrap_or("");
    assert!(said.contains("Sam Sales cannot see applicants"), "{answer}");
    let (code, answer) = post(&app, &browser, &path, body!({ "to": rita })).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["assigned_name"], "Rita Recruiter");
    // Only those who see applicants are offered.
    let (_, offered) = get(&app, &browser, "/api/staff/assignees/applicants").await;
    let offered: Vec<i64> = offered["data"]
        .as_array()
        .expect("accounts")
        .iter()
        .filter_map(|a| a["id"].as_i64())
        .collect();
    assert!(
        offered.contains(&rita) && !offered.contains(&sam),
        "{offered:?}"
    );

    // A removed account's leads go back to nobody.
    let (code, _) = get(&app, &browser, "/api/staff/team").await;
    assert_eq!(code, StatusCode::OK);
    let removed = app
        .request(browser.change("DELETE", &format!("/api/staff/team/accounts/{rita}")))
        .await;
    assert!(removed.status().is_success(), "{:?}", removed.body());
    let (_, detail) = get(
        &app,
        &browser,
        &format!("/api/staff/inbox/applicants/{applicant}"),
    )
    .await;
    assert_eq!(detail["data"]["assigned_to"], Value::Null, "{detail}");
    // An unknown lead is 404; a list the account does not see is 403.
    let (code, _) = post(
        &app,
        &browser,
        "/api/staff/inbox/enquiries/0000/assign",
        body!({ "to": sam }),
    )
    .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    let sales = Browser::sign_in_with(&app, SAM, PASSWORD).await;
    let (code, _) = get(&app, &sales, "/api/staff/assignees/applicants").await;
    assert_eq!(code, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn mine_unassigned_and_due_today_filter_the_list_and_its_export() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let (browser, me) = owner(&app).await;
    let sam = member(&app, SAM, "Sam Sales", Role::Sales).await;
    let ids = enquiries(&app, &browser, 4).await;
    let assign = |id: &str, to: Value| {
        let path = format!("/api/staff/inbox/enquiries/{id}/assign");
        let (app, browser) = (&app, &browser);
        async move {
            let (code, answer) = post(app, browser, &path, body!({ "to": to })).await;
            assert_eq!(code, StatusCode::OK, "{answer}");
        }
    };
    let follow_up = |id: &str, day: Value| {
        let path = format!("/api/staff/inbox/enquiries/{id}/follow-up");
        let (app, browser) = (&app, &browser);
        async move { post(app, browser, &path, body!({ "follow_up": day })).await }
    };
    assign(&ids[0], body!(me)).await;
    assign(&ids[1], body!(sam)).await;
    assign(&ids[2], body!(sam)).await;
    let today = office_today();
    let (code, answer) = follow_up(&ids[1], body!(today)).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["follow_up"], today.as_str());
    assert_eq!(
        follow_up(&ids[2], body!("2999-01-01")).await.0,
        StatusCode::OK
    );
    assert_eq!(
        follow_up(&ids[3], body!("2020-01-01")).await.0,
        StatusCode::OK
    );

    assert_eq!(
        listed(&app, &browser, "assigned=me").await,
        [ids[0].clone()]
    );
    assert_eq!(
        listed(&app, &browser, "assigned=none").await,
        [ids[3].clone()]
    );
    assert_eq!(
        listed(&app, &browser, &format!("assigned={sam}")).await,
        [ids[2].clone(), ids[1].clone()]
    );
    // Due today: today's and the overdue one, not the future one.
    assert_eq!(
        listed(&app, &browser, "due=today").await,
        [ids[3].clone(), ids[1].clone()]
    );
    assert_eq!(
        listed(&app, &browser, &format!("due=today&assigned={sam}")).await,
        [ids[1].clone()]
    );
    // A closed lead is no longer due.
    let (code, _) = post(
        &app,
        &browser,
        &format!("/api/staff/inbox/enquiries/{}/status", ids[3]),
        body!({ "status": "done" }),
    )
    .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(listed(&app, &browser, "due=today").await, [ids[1].clone()]);
    // "Mine" is the asker's: Sam sees his two.
    let sales = Browser::sign_in_with(&app, SAM, PASSWORD).await;
    let (_, mine) = get(&app, &sales, "/api/staff/inbox/enquiries?assigned=me").await;
    assert_eq!(mine["pagination"]["total"], 2, "{mine}");

    for bad in ["assigned=someone", "assigned=0", "due=tomorrow"] {
        let (code, answer) =
            get(&app, &browser, &format!("/api/staff/inbox/enquiries?{bad}")).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        let field = bad.split('=').next().unwrap_or("");
        assert!(answer["errors"][field].is_string(), "{bad}: {answer}");
    }

    // The export has the two columns, and honours the filters.
    let csv = app
        .request(browser.get(&format!(
            "/api/staff/inbox/enquiries/export.csv?assigned={sam}"
        )))
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    let text = String::from_utf8_lossy(csv.body()).into_owned();
    let mut lines = text.lines();
    let header: Vec<&str> = lines
        .next()
        .unwrap_or("")
        .trim_start_matches('\u{feff}')
        .split("\",\"")
        .collect();
    let at = |name: &str| {
        header
            .iter()
            .position(|h| h.trim_matches('"') == name)
            .unwrap_or_else(|| panic!("no {name} column in {header:?}"))
    };
    let (assigned_at, follow_at) = (at("Assigned to"), at("Follow up"));
    let rows: Vec<Vec<String>> = lines
        .map(|line| {
            // Every cell is quoted (a requirement holds commas).
            line.split("\",\"")
                .map(|c| c.trim_matches('"').to_owned())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows.iter().all(|row| row[assigned_at] == "Sam Sales"),
        "{text}"
    );
    let days: Vec<&str> = rows.iter().map(|row| row[follow_at].as_str()).collect();
    assert_eq!(days, ["2999-01-01", today.as_str()], "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_follow_up_day_is_set_cleared_and_a_bad_one_is_refused() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let (browser, _) = owner(&app).await;
    let ids = enquiries(&app, &browser, 1).await;
    let path = format!("/api/staff/inbox/enquiries/{}/follow-up", ids[0]);
    let (code, answer) = post(&app, &browser, &path, body!({ "follow_up": "2026-12-01" })).await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["follow_up"], "2026-12-01");
    for bad in ["2026-02-30", "next week", "01/12/2026"] {
        let (code, answer) = post(&app, &browser, &path, body!({ "follow_up": bad })).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        assert!(answer["errors"]["follow_up"].is_string(), "{answer}");
    }
    let (_, detail) = get(
        &app,
        &browser,
        &format!("/api/staff/inbox/enquiries/{}", ids[0]),
    )
    .await;
    assert_eq!(
        detail["data"]["follow_up"], "2026-12-01",
        "a refused day changes nothing"
    );
    for cleared in [body!({ "follow_up": "" }), body!({ "follow_up": null })] {
        post(&app, &browser, &path, body!({ "follow_up": "2026-12-01" })).await;
        let (code, answer) = post(&app, &browser, &path, cleared).await;
        assert_eq!(code, StatusCode::OK, "{answer}");
        assert_eq!(answer["data"]["follow_up"], Value::Null);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_digest_goes_once_a_day_from_eight_to_whoever_turned_it_on() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    let (browser, _) = owner(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    let sam = member(&app, SAM, "Sam Sales", Role::Sales).await;
    let ids = enquiries(&app, &browser, 2).await;
    let path = format!("/api/staff/inbox/enquiries/{}/assign", ids[0]);
    assert_eq!(
        post(&app, &browser, &path, body!({ "to": sam })).await.0,
        StatusCode::OK
    );

    // Off by default; Sam turns his on, the owner leaves hers off.
    let sales = Browser::sign_in_with(&app, SAM, PASSWORD).await;
    let (code, setting) = get(&app, &sales, "/api/staff/account/digest").await;
    assert_eq!((code, &setting), (StatusCode::OK, &body!({ "on": false })));
    let turned = app
        .request(
            sales
                .change("PUT", "/api/staff/account/digest")
                .json(&body!({ "on": true })),
        )
        .await;
    assert_eq!(turned.status(), StatusCode::OK);
    assert_eq!(
        get(&app, &sales, "/api/staff/account/digest").await.1,
        body!({ "on": true })
    );
    assert_eq!(
        get(&app, &browser, "/api/staff/account/digest").await.1,
        body!({ "on": false })
    );

    let db = app.db().clone();
    let at = |utc: &'static str| {
        let db = db.clone();
        tokio::task::spawn_blocking(move || run_digests(&db, utc.parse().expect("a time")))
    };
    // 07:30 in India: not yet. 08:30: Sam's; again that day: nothing.
    assert_eq!(
        at("2030-01-02T02:00:00Z").await.expect("run").expect("ok"),
        Vec::<i64>::new()
    );
    assert_eq!(
        at("2030-01-02T03:00:00Z").await.expect("run").expect("ok"),
        [sam]
    );
    assert_eq!(
        at("2030-01-02T10:00:00Z").await.expect("run").expect("ok"),
        Vec::<i64>::new()
    );

    let raw = first_mail_to(&smtp, SAM, "Your leads for ");
    let mail = parse(&raw);
    assert!(
        mail.subject().unwrap_or("").starts_with("Your leads for "),
        "{:?}",
        mail.subject()
    );
    let text = text_body(&mail);
    assert!(text.contains("Good morning Sam Sales"), "{text}");
    assert!(text.contains("Given to you (1):"), "{text}");
    assert!(text.contains("Enquiry Lead 1 (new)"), "{text}");
    assert!(
        text.contains(&format!("{MAIL_SITE}/staff?list=enquiries&id={}", ids[0])),
        "{text}"
    );
    assert!(text.contains("1 enquiry new and given to nobody"), "{text}");
    assert!(
        text.contains(&format!(
            "{MAIL_SITE}/staff?list=enquiries&assigned=none&status=new"
        )),
        "{text}"
    );
    assert_eq!(outbox_count(&app, "digest"), 1, "the owner's is off");

    // The next morning again, once.
    assert_eq!(
        at("2030-01-03T03:00:00Z").await.expect("run").expect("ok"),
        [sam]
    );
    assert_eq!(
        at("2030-01-03T03:01:00Z").await.expect("run").expect("ok"),
        Vec::<i64>::new()
    );
    assert_eq!(outbox_count(&app, "digest"), 2);
    // Turned off: nothing the day after.
    let off = app
        .request(
            sales
                .change("PUT", "/api/staff/account/digest")
                .json(&body!({ "on": false })),
        )
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    assert_eq!(
        at("2030-01-04T03:00:00Z").await.expect("run").expect("ok"),
        Vec::<i64>::new()
    );
    assert_eq!(mails_to(&smtp, EMAIL).len(), 0, "the owner never gets one");
}
