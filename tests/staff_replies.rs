//! Replies from the inbox through the real filters and a real SMTP server (aiosmtpd): two
//! replies to one lead arrive as one thread (parsed back with a mail parser), a refused reply
//! shows "failed" with the relay's answer, a colleague's note after the composer opened stops
//! the send (409, naming who), and templates refuse an unknown placeholder.

use std::time::{Duration, Instant};

use corpsite::domain::roles::Role;
use mail_parser::HeaderValue;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{contact, post_json};
use crate::support::{app_sending_to, forget_set_up_notices, parse, raw_header, SmtpServer};

const WAIT: Duration = Duration::from_secs(10);

async fn call(
    app: &TestApp,
    browser: &Browser,
    method: &str,
    path: &str,
    payload: Option<Value>,
) -> (StatusCode, Value) {
    let request = match payload {
        Some(payload) => browser.change(method, path).json(&payload),
        None => browser.get(path),
    };
    let response = app.request(request).await;
    (response.status(), json(&response))
}

/// A new enquiry's id.
async fn enquiry(app: &TestApp) -> String {
    let response = post_json(app, &contact()).await;
    assert_eq!(response.status(), 201);
    json(&response)["data"]["_id"]
        .as_str()
        .expect("an id")
        .to_owned()
}

/// The lead's detail, waiting until `done` holds.
async fn detail_until(
    app: &TestApp,
    browser: &Browser,
    id: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, detail) = call(
            app,
            browser,
            "GET",
            &format!("/api/staff/inbox/enquiries/{id}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        if done(&detail) {
            return detail;
        }
        assert!(Instant::now() < deadline, "timed out: {what}: {detail}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn reply(
    app: &TestApp,
    browser: &Browser,
    id: &str,
    text: &str,
    seen: &Value,
) -> (StatusCode, Value) {
    call(
        app,
        browser,
        "POST",
        &format!("/api/staff/inbox/enquiries/{id}/replies"),
        Some(body!({
            "subject": "Re: Your enquiry to Fidelitus Corp (Corp Team)",
            "text": text,
            "template": "Thanks",
            "seen": seen,
        })),
    )
    .await
}

/// The mails the relay took that went to `to`.
fn mails_to(smtp: &SmtpServer, to: &str) -> Vec<Vec<u8>> {
    smtp.received()
        .into_iter()
        .filter(|raw| raw_header(raw, "X-Envelope-To").is_some_and(|e| e.contains(to)))
        .collect()
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    match value {
        HeaderValue::Text(id) => vec![format!("<{id}>")],
        HeaderValue::TextList(ids) => ids.iter().map(|id| format!("<{id}>")).collect(),
        _ => Vec::new(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replies_to_a_lead_arrive_as_one_thread_and_a_refused_one_shows_the_relays_answer() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    forget_set_up_notices(&app, Some(&smtp)).await;
    let id = enquiry(&app).await;

    let opened = detail_until(&app, &browser, &id, "the detail", |_| true).await;
    assert_eq!(opened["first_reply_at"], Value::Null);
    assert_eq!(opened["replies"], body!([]));
    assert_eq!(
        opened["reply_subject"],
        "Re: Your enquiry to Fidelitus Corp (Corp Team)"
    );
    let (status, first) = reply(
        &app,
        &browser,
        &id,
        "Dear Asha,\nthank you.",
        &opened["read_at"],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["reply"]["delivery"], "queued");
    assert_eq!(first["first_reply_at"], first["reply"]["created_at"]);
    // One's own reply does not stop one's next.
    let (status, second) = reply(&app, &browser, &id, "A second word.", &opened["read_at"]).await;
    assert_eq!(status, StatusCode::CREATED, "{second}");

    let deadline = Instant::now() + WAIT;
    let mut mails = mails_to(&smtp, "asha@example.com");
    while mails.len() < 2 {
        assert!(Instant::now() < deadline, "the replies did not arrive");
        tokio::time::sleep(Duration::from_millis(50)).await;
        mails = mails_to(&smtp, "asha@example.com");
    }
    // The relay may take them in either order: each is known by its Message-ID.
    let first_id = first["reply"]["message_id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let parsed: Vec<_> = mails.iter().map(|raw| parse(raw)).collect();
    let by_id = |id: &str| {
        parsed
            .iter()
            .find(|mail| mail.message_id().map(|m| format!("<{m}>")).as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no mail has the Message-ID {id}"))
    };
    let first_mail = by_id(&first_id);
    let second_mail = by_id(second["reply"]["message_id"].as_str().expect("an id"));
    assert_eq!(
        first_mail.subject(),
        Some("Re: Your enquiry to Fidelitus Corp (Corp Team)")
    );
    let from = first_mail
        .from()
        .and_then(|f| f.first())
        .and_then(|a| a.address());
    assert_eq!(from, Some("hello@corp.example.com"));
    let reply_to = first_mail
        .reply_to()
        .and_then(|r| r.first())
        .and_then(|a| a.address());
    assert_eq!(reply_to, Some(EMAIL));
    assert!(first_mail.in_reply_to().is_empty());
    let second_id = format!("<{}>", second_mail.message_id().expect("a Message-ID"));
    assert_eq!(
        ids(second_mail.in_reply_to()),
        std::slice::from_ref(&first_id)
    );
    assert_eq!(
        ids(second_mail.references()),
        std::slice::from_ref(&first_id)
    );
    assert_ne!(first_id, second_id);
    assert!(second_mail
        .body_text(0)
        .is_some_and(|text| text.contains("A second word.")));

    // The third names both before it.
    let detail = detail_until(&app, &browser, &id, "both sent", |d| {
        d["replies"].as_array().is_some_and(|r| r.len() == 2)
            && d["replies"][1]["delivery"] == "sent"
    })
    .await;
    assert!(
        detail["replies"][1]["answer"]
            .as_str()
            .is_some_and(|a| a.starts_with("250")),
        "{detail}"
    );
    assert_eq!(detail["first_reply_at"], first["reply"]["created_at"]);
    smtp.set_mode("permfail");
    let (status, _) = reply(&app, &browser, &id, "Third.", &detail["read_at"]).await;
    assert_eq!(status, StatusCode::CREATED);
    let detail = detail_until(&app, &browser, &id, "the refusal", |d| {
        d["replies"][2]["delivery"] == "failed"
    })
    .await;
    assert!(
        detail["replies"][2]["error"]
            .as_str()
            .is_some_and(|e| e.contains("550")),
        "{detail}"
    );
    smtp.set_mode("accept");
    // The retried mail, sent now, is the thread's third.
    let outbox_id: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT id FROM outbox WHERE kind = 'reply' AND state = 'dead'",
                [],
                |row| row.get(0),
            )?)
        })
        .expect("the dead reply");
    let (status, _) = call(
        &app,
        &browser,
        "POST",
        &format!("/api/staff/mail/{outbox_id}/retry"),
        Some(body!({})),
    )
    .await;
    assert!(status.is_success());
    let deadline = Instant::now() + WAIT;
    while mails_to(&smtp, "asha@example.com").len() < 3 {
        assert!(
            Instant::now() < deadline,
            "the retried reply did not arrive"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let all = mails_to(&smtp, "asha@example.com");
    let third = all
        .iter()
        .map(|raw| parse(raw))
        .find(|mail| {
            let parents = ids(mail.in_reply_to());
            !parents.is_empty() && parents.as_slice() != std::slice::from_ref(&first_id)
        })
        .expect("the third reply");
    assert_eq!(ids(third.in_reply_to()), std::slice::from_ref(&second_id));
    assert_eq!(ids(third.references()), [first_id, second_id]);

    // The export carries the replies.
    let response = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv"))
        .await;
    let csv = String::from_utf8_lossy(response.body()).into_owned();
    assert!(
        csv.contains("Replies") && csv.contains("A second word."),
        "{csv}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_colleagues_note_after_the_composer_opened_stops_the_send_naming_who() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "ravi@corp.example", PASSWORD, false, Role::Sales).await;
    let asha = Browser::sign_in(&app).await;
    let ravi = Browser::sign_in_with(&app, "ravi@corp.example", PASSWORD).await;
    let id = enquiry(&app).await;
    let opened = detail_until(&app, &asha, &id, "the detail", |_| true).await;

    let (status, _) = call(
        &app,
        &ravi,
        "POST",
        &format!("/api/staff/inbox/enquiries/{id}/notes"),
        Some(body!({ "text": "Called her already" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = reply(&app, &asha, &id, "Dear Asha", &opened["read_at"]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let name: String = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT name FROM staff WHERE email = 'ravi@corp.example'",
                [],
                |row| row.get(0),
            )?)
        })
        .expect("name");
    let message = refused["message"].as_str().unwrap_or("");
    assert!(
        message.starts_with(&format!("{name} added a note at ")),
        "{message}"
    );
    // Nothing was written or queued.
    let detail = detail_until(&app, &asha, &id, "after the 409", |_| true).await;
    assert_eq!(detail["replies"], body!([]));
    assert_eq!(detail["first_reply_at"], Value::Null);
    // Read again, the same words go.
    let (status, sent) = reply(&app, &asha, &id, "Dear Asha", &detail["read_at"]).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");

    // A WhatsApp reply on the other side of the same lead: Ravi had not seen Asha's.
    let (status, refused) = call(
        &app,
        &ravi,
        "POST",
        &format!("/api/staff/inbox/enquiries/{id}/replies"),
        Some(body!({ "subject": "", "text": "Hello", "seen": opened["read_at"], "channel": "whatsapp" })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["message"]
        .as_str()
        .unwrap_or("")
        .contains(" replied at "));
    let (status, opened_chat) = call(
        &app,
        &ravi,
        "POST",
        &format!("/api/staff/inbox/enquiries/{id}/replies"),
        Some(body!({ "subject": "", "text": "Hello", "seen": sent["reply"]["created_at"], "channel": "whatsapp" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{opened_chat}");
    assert_eq!(opened_chat["reply"]["delivery"], "opened");
    assert_eq!(opened_chat["reply"]["to"], "+91 98450 12345");
    assert_eq!(opened_chat["first_reply_at"], sent["reply"]["created_at"]);

    // Bad input names the field; a subscriber takes no reply.
    let (status, bad) = call(
        &app,
        &asha,
        "POST",
        &format!("/api/staff/inbox/enquiries/{id}/replies"),
        Some(body!({ "subject": "", "text": "", "seen": "soon" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["subject", "text", "seen"] {
        assert!(bad["errors"][field].is_string(), "{field}: {bad}");
    }
    let (status, _) = call(
        &app,
        &asha,
        "POST",
        "/api/staff/inbox/subscribers/x/replies",
        Some(body!({ "subject": "a", "text": "b", "seen": opened["read_at"] })),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn templates_are_kept_per_list_by_its_role_and_an_unknown_placeholder_is_refused() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "hr@corp.example", PASSWORD, false, Role::Recruiter).await;
    let owner = Browser::sign_in(&app).await;
    let recruiter = Browser::sign_in_with(&app, "hr@corp.example", PASSWORD).await;

    let template = |text: &str| {
        body!({ "list": "applicants", "templates": [
            { "department": "Corp Careers", "name": "Thanks", "subject": "About {reference}", "text": text }
        ]})
    };
    let (status, refused) = call(
        &app,
        &recruiter,
        "PUT",
        "/api/staff/templates",
        Some(template("Dear {name}, from {staf} at {company}")),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(
        refused["errors"]["templates.0.text"],
        "{staf}, {company} is not a placeholder: use {name}, {reference}, {department}, {staff}."
    );
    let (status, saved) = call(
        &app,
        &recruiter,
        "PUT",
        "/api/staff/templates",
        Some(template("Dear {name}, thank you. {staff}")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["lists"], body!(["applicants"]));
    assert_eq!(
        saved["templates"][0]["text"],
        "Dear {name}, thank you. {staff}"
    );
    // A recruiter keeps no enquiry templates; the owner sees both lists.
    let (status, _) = call(
        &app,
        &recruiter,
        "PUT",
        "/api/staff/templates",
        Some(body!({ "list": "enquiries", "templates": [] })),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, all) = call(&app, &owner, "GET", "/api/staff/templates", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(all["lists"], body!(["enquiries", "applicants"]));
    assert_eq!(all["templates"].as_array().map(Vec::len), Some(1));
    // A set without it deletes it.
    let (_, emptied) = call(
        &app,
        &owner,
        "PUT",
        "/api/staff/templates",
        Some(body!({ "list": "applicants", "templates": [] })),
    )
    .await;
    assert_eq!(emptied["templates"], body!([]));
}
