//! Where each lead came from: the forms' `source` checked, bounded and stored with the lead,
//! then shown where the office reads leads (the lead's detail, the notification mail, the
//! exports) and counted in the analytics report beside the visitors.

use std::time::Duration;

use serde_json::{json as body, Value};

use crate::common::proof::{self, proven};
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{
    application_fields, contact, file, fixture, from, multipart_body, multipart_content_type,
    subscription, text, with_application, Part,
};
use crate::support::{
    app_sending_to, forget_set_up_notices, parse, text_body, SmtpServer, MAIL_SITE,
};

/// A stored source's kind, page, `utm_source` and `utm_campaign`.
type SourceLine = (String, Option<String>, Option<String>, Option<String>);

/// Two stories on file, as the site would have them.
async fn two_stories(app: &TestApp) {
    app.db()
        .write(|conn| {
            conn.execute_batch(
                "INSERT INTO blogs (slug, title, motive, content, body_text, date, min_read, color) VALUES
                 ('labs-for-schools', 'Labs for schools', '', '<p>x</p>', 'x', '2026-11-01', '1', '#000000'),
                 ('a-new-office', 'A new office', '', '<p>x</p>', 'x', '2026-11-02', '1', '#000000');",
            )?;
            Ok::<_, corpsite::store::StoreError>(())
        })
        .await
        .expect("stories");
}

/// A visit from a LinkedIn campaign that read both stories and some junk, sent from /contact.
fn campaign_source() -> Value {
    body!({
        "page": "/contact",
        "landing": "/blogs/",
        "referrer": "https://www.LinkedIn.com/feed/update/1?trk=x",
        "query": "?utm_source=LinkedIn&utm_medium=social&utm_campaign=Launch",
        "stories": ["labs-for-schools", "../../etc/passwd", "a-new-office", "not-on-file"],
    })
}

/// The site at `MAIL_SITE`, taking any number of forms from one client.
fn site() -> TestApp {
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.public_url = Some(MAIL_SITE.parse().expect("public url"));
    })
}

/// The enquiry `body` from the mail site's page, with a real proof of work.
async fn post_enquiry(app: &TestApp, body: &Value) -> warp::http::Response<bytes::Bytes> {
    let request = enquiry_request(body);
    app.request(proven(app, request, proof::ENQUIRY, [192, 0, 2, 1]).await)
        .await
}

fn enquiry_request(body: &Value) -> warp::test::RequestBuilder {
    from([192, 0, 2, 1])
        .method("POST")
        .path("/api/clients/create")
        .header("origin", MAIL_SITE)
        .json(body)
}

#[tokio::test]
async fn an_enquirys_source_reaches_its_detail_mail_export_and_the_report() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    two_stories(&app).await;
    let mut enquiry = contact();
    enquiry["source"] = campaign_source();
    let created = post_enquiry(&app, &enquiry).await;
    assert_eq!(created.status(), 201);
    let id = json(&created)["data"]["_id"]
        .as_str()
        .expect("id")
        .to_owned();

    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    // The owner's sign-in set up an authenticator, which is mailed too: only the lead's mail
    // is read below.
    forget_set_up_notices(&app, Some(&smtp)).await;
    let detail = app
        .request(owner.get(&format!("/api/staff/inbox/enquiries/{id}")))
        .await;
    assert_eq!(detail.status(), 200);
    // The proof it passed, and the 42 ms of solving the test's helper reports.
    assert_eq!(json(&detail)["data"]["proof"], "passed");
    assert_eq!(json(&detail)["data"]["proof_ms"], 42);
    assert_eq!(
        json(&detail)["source"],
        body!({
            "page": "/contact",
            "landing": "/blogs",
            "referrer": "https://www.linkedin.com",
            "source": "linkedin",
            "medium": "social",
            "campaign": "launch",
            "stories": [
                {"_id": "labs-for-schools", "title": "Labs for schools"},
                {"_id": "a-new-office", "title": "A new office"},
            ],
        })
    );

    let mail = smtp.wait_for(1, Duration::from_secs(10));
    let text = text_body(&parse(&mail[0]));
    for line in [
        "Form page: /contact",
        "Landing page: /blogs",
        "Referring site: https://www.linkedin.com",
        "Campaign: linkedin / social / launch",
        "Stories read: Labs for schools; A new office",
    ] {
        assert!(text.contains(line), "{line} missing from {text}");
    }
    let reference_at = text.find("Reference: ").expect("reference");
    assert!(
        text.find("Form page").expect("source") < reference_at,
        "the reference stays last: {text}"
    );

    let csv = app
        .request(owner.get("/api/staff/inbox/enquiries/export.csv"))
        .await;
    let csv = String::from_utf8_lossy(csv.body()).into_owned();
    let mut lines = csv.lines();
    let header = lines.next().expect("header");
    assert!(
        header
            .ends_with(r#""Form page","Landing page","Referring site","Campaign","Stories read","Proof of work","Proof solving time (ms)""#),
        "{header}"
    );
    let row = lines.next().expect("a row");
    assert!(
        row.ends_with(
            r#""/contact","/blogs","https://www.linkedin.com","linkedin / social / launch","Labs for schools; A new office","Passed","42""#
        ),
        "{row}"
    );

    let report = json(&app.request(owner.get("/api/staff/analytics")).await);
    let leads = &report["leads"];
    assert_eq!(leads["total"], 1);
    assert_eq!(leads["previous"], 0);
    assert_eq!(leads["campaigns"][0]["value"], "launch");
    assert_eq!(leads["campaigns"][0]["leads"], 1);
    assert_eq!(leads["sources"][0]["value"], "linkedin");
    assert_eq!(leads["referrers"][0]["value"], "https://www.linkedin.com");
    assert_eq!(leads["landings"][0]["value"], "/blogs");
    let stories: Vec<&str> = leads["stories"]
        .as_array()
        .expect("stories")
        .iter()
        .map(|line| line["title"].as_str().expect("title"))
        .collect();
    assert_eq!(stories, ["A new office", "Labs for schools"]);
}

#[tokio::test]
async fn a_bad_source_never_refuses_a_lead_and_is_never_stored_raw() {
    let app = site();
    let thousand: Vec<String> = (0..1000).map(|n| format!("story-{n}")).collect();
    let junk = [
        body!("linkedin"),
        body!(42),
        body!({"stories": [1, 2, 3]}),
        body!({"stories": thousand}),
        body!({
            "page": format!("/{}", "a".repeat(500)),
            "landing": "/staff/settings",
            "referrer": "javascript:alert(1)",
            "query": format!("?utm_source={}&utm_campaign=%FF%FE", "x".repeat(200)),
        }),
        body!({"page": "/contact\u{0000}", "referrer": "https://www.example.com:99999/"}),
    ];
    for source in junk {
        let mut enquiry = contact();
        enquiry["source"] = source.clone();
        let created = post_enquiry(&app, &enquiry).await;
        assert_eq!(created.status(), 201, "{source}");
    }
    let stored: Vec<(String, Option<String>)> = app
        .db()
        .read(|conn| {
            Ok(conn
                .prepare(
                    "SELECT coalesce(page, '') || coalesce(landing, '') || coalesce(referrer, '')
                            || coalesce(source, '') || coalesce(medium, '') || coalesce(campaign, ''),
                            (SELECT group_concat(story) FROM lead_stories s WHERE s.lead_id = l.lead_id)
                     FROM lead_sources l",
                )?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()?)
        })
        .await
        .expect("read");
    assert_eq!(stored.len(), 6, "every lead has its (empty) source");
    for (parts, stories) in stored {
        assert_eq!(parts, "", "nothing of the junk kept");
        assert_eq!(stories, None);
    }
}

#[tokio::test]
async fn an_application_and_a_subscription_keep_their_source_and_a_repeat_keeps_the_first() {
    let app = site();
    two_stories(&app).await;
    let mut parts: Vec<Part> = with_application(file("resume.png", fixture("resume.png")));
    parts.push(text(
        "source",
        r#"{"page":"/join_us","landing":"/","query":"?ref=newsletter","stories":["a-new-office"]}"#,
    ));
    let created = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 1])
                    .method("POST")
                    .path("/api/applicant/create")
                    .header("origin", MAIL_SITE)
                    .header("content-type", multipart_content_type())
                    .body(multipart_body(&parts)),
                proof::APPLICATION,
                [192, 0, 2, 1],
            )
            .await,
        )
        .await;
    assert_eq!(created.status(), 201, "{:?}", created.body());
    let applicant = json(&created)["data"]["_id"]
        .as_str()
        .expect("id")
        .to_owned();

    // A source part that is not UTF-8 is no source, and the application still goes in.
    let mut bad: Vec<Part> = application_fields();
    bad.push(file("resume.png", fixture("resume.png")));
    bad.push(Part {
        name: "source".into(),
        file_name: None,
        content_type: None,
        body: vec![0xff, 0xfe, b'{'],
    });
    let response = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 1])
                    .method("POST")
                    .path("/api/applicant/create")
                    .header("content-type", multipart_content_type())
                    .body(multipart_body(&bad)),
                proof::APPLICATION,
                [192, 0, 2, 1],
            )
            .await,
        )
        .await;
    assert_eq!(response.status(), 201);

    let mut first = subscription("reader@example.com");
    first["source"] = body!({"page": "/blogs", "query": "?utm_campaign=first"});
    let mut repeat = subscription("READER@example.com");
    repeat["source"] = body!({"page": "/blogs", "query": "?utm_campaign=second"});
    for post in [&first, &repeat] {
        assert_eq!(post_enquiry(&app, post).await.status(), 201);
    }

    let rows: Vec<SourceLine> = app
        .db()
        .read(|conn| {
            Ok(conn
                .prepare("SELECT kind, page, source, campaign FROM lead_sources ORDER BY rowid")?
                .query_map([], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
                })?
                .collect::<Result<_, _>>()?)
        })
        .await
        .expect("read");
    assert_eq!(
        rows,
        [
            (
                "application".to_owned(),
                Some("/join_us".to_owned()),
                Some("newsletter".to_owned()),
                None
            ),
            ("application".to_owned(), None, None, None),
            (
                "subscription".to_owned(),
                Some("/blogs".to_owned()),
                None,
                Some("first".to_owned())
            ),
        ]
    );
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let detail = json(
        &app.request(owner.get(&format!("/api/staff/inbox/applicants/{applicant}")))
            .await,
    );
    assert_eq!(detail["source"]["stories"][0]["title"], "A new office");
    assert_eq!(detail["source"]["landing"], "/");
}
