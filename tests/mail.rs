//! Mail through a real SMTP server (aiosmtpd, `tests/support/smtp_server.py`): the office's
//! notifications, double opt-in, stories to confirmed subscribers, unsubscribing, and what
//! the outbox does when the relay fails.

use std::time::{Duration, Instant};

use crate::common::process::BINARY;
use crate::common::seeded::seeded_data_dir;
use crate::common::{json, TestApp};
use crate::image_samples;
use crate::leads_support::{
    contact, file, fixture, post_application, post_json, subscription, with_application,
};
use crate::support::{
    app_sending_to, attachments, header_names, html_body, link, parse, raw_header, text_body,
    SmtpServer, MAIL_SITE,
};
use assert_cmd::Command;
use corpsite::store::outbox::{self, OutboxStatus};
use corpsite::store::StoreError;
use serde_json::json as body;

const SITE: &str = MAIL_SITE;
const WAIT: Duration = Duration::from_secs(10);

fn status(app: &TestApp) -> OutboxStatus {
    app.db()
        .read_blocking(|conn| outbox::status(conn).map_err(StoreError::from))
        .expect("outbox status")
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs `corpsite blog add` on the app's data dir, as the office publishes.
fn publish(app: &TestApp, title: &str) -> String {
    publish_post(
        app,
        title,
        &format!("---\ntitle: {title}\nmotive: Why this story matters\n---\n\nSome words.\n"),
        &[],
    )
}

/// Publishes the post file `text` titled `title`, with `files` (name, bytes) beside it, and
/// answers the new post's id.
fn publish_post(app: &TestApp, title: &str, text: &str, files: &[(&str, Vec<u8>)]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("post.md");
    std::fs::write(&path, text).expect("write post");
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).expect("write an image");
    }
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

async fn post_token(app: &TestApp, path: &str, token: &str) -> (u16, serde_json::Value) {
    let response = app
        .request(
            warp::test::request()
                .method("POST")
                .path(path)
                .header("content-type", "application/json")
                .json(&body!({ "token": token })),
        )
        .await;
    (response.status().as_u16(), json(&response))
}

/// Subscribes `email`, opens the confirmation link of the mail it gets, and returns the
/// number of mails received so far.
async fn confirmed_subscriber(app: &TestApp, smtp: &SmtpServer, email: &str) -> usize {
    let before = smtp.received().len();
    assert_eq!(post_json(app, &subscription(email)).await.status(), 201);
    let received = smtp.wait_for(before + 1, WAIT);
    let mail = parse(&received[before]);
    let confirm = link(&mail, &format!("{SITE}/blogs/subscribe/confirm?token="));
    let token = confirm.split("token=").nth(1).expect("token");
    let (status, answer) = post_token(app, "/api/corp_website/subscribers/confirm", token).await;
    assert_eq!(status, 200, "{answer}");
    received.len()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_office_hears_of_an_enquiry_with_every_field_escaped() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(
        &smtp,
        &[
            "office@corp.example.com",
            "Corp Careers=hr@corp.example.com",
        ],
    );
    let mut enquiry = contact();
    enquiry["name"] = body!("Asha <b>Rao</b>");
    enquiry["requirment"] =
        body!("Line one\r\nBcc: victim@example.com\r\n<script>alert(1)</script> & more");
    let response = post_json(&app, &enquiry).await;
    assert_eq!(response.status(), 201);

    let received = smtp.wait_for(1, WAIT);
    let raw = &received[0];
    let mail = parse(raw);
    assert_eq!(
        raw_header(raw, "X-Envelope-To").as_deref(),
        Some("office@corp.example.com")
    );
    assert_eq!(
        raw_header(raw, "Reply-To").as_deref(),
        Some("asha@example.com")
    );
    assert!(mail
        .subject()
        .unwrap_or_default()
        .contains("New enquiry from Asha <b>Rao</b>"));
    assert!(mail.subject().unwrap_or_default().contains("Corp Team"));
    assert!(raw_header(raw, "Message-ID").is_some_and(|id| id.ends_with("@corp.example.com>")));
    let names = header_names(raw);
    assert!(
        !names.contains(&"bcc".to_owned()),
        "a visitor's CR/LF made a header: {names:?}"
    );

    let text = text_body(&mail);
    for expected in [
        "asha@example.com",
        "+91 98450 12345",
        "Corp Team",
        "Bcc: victim@example.com",
    ] {
        assert!(text.contains(expected), "{expected} missing from {text}");
    }
    let html = html_body(&mail);
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("Asha &lt;b&gt;Rao&lt;/b&gt;"), "{html}");
    assert!(!html.contains("<script>"), "{html}");
    assert!(!html.contains("<b>Rao"), "{html}");
    // The visitor's number is a call and a WhatsApp away, as in the inbox's detail.
    assert!(
        html.contains("<a href=\"tel:+919845012345\">+91 98450 12345</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"https://wa.me/919845012345\">WhatsApp</a>"),
        "{html}"
    );
    // The form has no service: no empty line for it. The lead is a link away.
    assert!(!text.contains("Service:"), "{text}");
    let reference = text
        .lines()
        .find_map(|line| line.strip_prefix("Reference: "))
        .expect("the reference")
        .to_owned();
    // When it came, on the office's clock (the demo details' Asia/Kolkata) with its zone,
    // never the stored ISO time.
    let received = text
        .lines()
        .find_map(|line| line.strip_prefix("Received: "))
        .expect("the time received");
    let (day, clock) = received.split_once(", ").expect("day, time and zone");
    assert_eq!(day.split(' ').count(), 3, "{received}");
    assert!(
        clock.len() == "09:36 IST".len() && clock.ends_with(" IST") && clock.as_bytes()[2] == b':',
        "{received}"
    );
    let lead_link = format!("{MAIL_SITE}/staff?list=enquiries&id={reference}");
    assert!(
        text.contains(&format!("Open it in the inbox: {lead_link}")),
        "{text}"
    );
    assert!(
        html.contains(&format!("href=\"{}\"", lead_link.replace('&', "&amp;"))),
        "{html}"
    );
    wait_until("the mail is marked sent", || status(&app).sent == 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_application_goes_to_its_department_with_the_resume_attached() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(
        &smtp,
        &[
            "office@corp.example.com",
            "Corp Careers=hr@corp.example.com",
        ],
    );
    let resume = fixture("resume.png");
    let response = post_application(&app, &with_application(file("my resume.png", resume))).await;
    assert_eq!(response.status(), 201, "{:?}", response.body());

    let received = smtp.wait_for(1, WAIT);
    let raw = &received[0];
    assert_eq!(
        raw_header(raw, "X-Envelope-To").as_deref(),
        Some("hr@corp.example.com")
    );
    let mail = parse(raw);
    assert!(mail
        .subject()
        .unwrap_or_default()
        .starts_with("New job application from"));
    let text = text_body(&mail);
    let resume_line = text
        .lines()
        .find(|line| line.starts_with("Resume: "))
        .unwrap_or_default();
    assert!(
        resume_line.starts_with("Resume: my resume.png (image/png, ")
            && resume_line.ends_with(", attached)"),
        "{resume_line}"
    );
    assert!(
        text.contains(&format!("{MAIL_SITE}/staff?list=applicants&id=")),
        "{text}"
    );
    let files = attachments(&mail);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].1, "image/png");
    let stored = crate::leads_support::upload_files(&app.data_dir());
    assert_eq!(stored.len(), 1);
    // Named by the stored file (`resume-ID.png`), never by the visitor's file name.
    let stored_name = stored[0].file_name().and_then(|n| n.to_str()).unwrap_or("");
    assert_eq!(files[0].0, format!("resume-{stored_name}"));
    assert!(!files[0].0.contains("my resume"));
    assert_eq!(
        files[0].2,
        std::fs::read(&stored[0]).expect("the stored resume"),
        "the stored, re-encoded file is attached"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_subscriber_confirms_gets_each_new_story_once_and_unsubscribes_in_one_click() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    // Published before anyone confirmed: never sent to them.
    publish(&app, "An older story");
    let mut count = confirmed_subscriber(&app, &smtp, "reader@example.com").await;
    let confirmation = smtp.received().remove(0);
    let first = parse(&confirmation);
    assert!(first
        .subject()
        .unwrap_or_default()
        .starts_with("Confirm your subscription"));
    assert!(raw_header(&confirmation, "List-Unsubscribe").is_some());

    let id = publish(&app, "Leasing a campus in Pune");
    let received = smtp.wait_for(count + 1, WAIT);
    count += 1;
    let raw = &received[count - 1];
    let story = parse(raw);
    assert_eq!(story.subject(), Some("Leasing a campus in Pune"));
    assert_eq!(
        raw_header(raw, "X-Envelope-To").as_deref(),
        Some("reader@example.com")
    );
    assert!(text_body(&story).contains(&format!("{SITE}/blogs/detail/{id}")));
    assert!(text_body(&story).contains("Why this story matters"));
    assert_eq!(
        raw_header(raw, "List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let unsubscribe = raw_header(raw, "List-Unsubscribe").expect("List-Unsubscribe");
    let unsubscribe = unsubscribe.trim_start_matches('<').trim_end_matches('>');
    assert!(
        unsubscribe.starts_with(&format!("{SITE}/blogs/unsubscribe?token=")),
        "{unsubscribe}"
    );

    // Re-publishing under the same id (an update) sends nothing again.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        smtp.received().len(),
        count,
        "an older story or a repeat was sent"
    );

    // RFC 8058: the mail client posts to the link.
    let path = unsubscribe.trim_start_matches(SITE);
    let response = app
        .request(
            warp::test::request()
                .method("POST")
                .path(path)
                .header("content-type", "application/x-www-form-urlencoded")
                .body("List-Unsubscribe=One-Click"),
        )
        .await;
    assert_eq!(response.status(), 200, "{:?}", response.body());
    assert_eq!(
        json(&response)["message"],
        "reader@example.com is unsubscribed: no more blog updates will be sent to this address.",
        "the page names the address that left"
    );
    publish(&app, "A story after leaving");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        smtp.received().len(),
        count,
        "an unsubscribed reader got a story"
    );

    // Left by mistake and back within the hour: a new confirmation mail at once, and the
    // answer says to confirm; a second try within the hour sends no third.
    let again = post_json(&app, &subscription("reader@example.com")).await;
    assert_eq!(again.status(), 201);
    assert!(json(&again)["message"]
        .as_str()
        .unwrap_or("")
        .starts_with("Please confirm with the link we mail to this address."));
    let received = smtp.wait_for(count + 1, WAIT);
    count += 1;
    assert!(parse(&received[count - 1])
        .subject()
        .unwrap_or_default()
        .starts_with("Confirm your subscription"));
    assert_eq!(
        post_json(&app, &subscription("reader@example.com"))
            .await
            .status(),
        201
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(smtp.received().len(), count, "one confirmation an hour");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_story_mail_carries_the_story_its_images_at_mail_width_and_the_unsubscribe() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let count = confirmed_subscriber(&app, &smtp, "reader@example.com").await;
    let cover = image_samples::encoded(image::ImageFormat::Jpeg, 1800, 900);
    let plan = image_samples::encoded(image::ImageFormat::Png, 1200, 800);
    let id = publish_post(
        &app,
        "A campus for 900 people",
        "---\ntitle: A campus for 900 people\nmotive: Why this story matters\nimage: cover.jpg\n---\n\n\
         ## The brief\n\nA campus near [our office](/contact) with **three floors**.\n\n\
         ![The site plan](plan.png)\n\n- A cafeteria\n- A gym\n\nThe move took a weekend.\n\n\
         <script>alert(1)</script>\n",
        &[("cover.jpg", cover), ("plan.png", plan)],
    );
    let received = smtp.wait_for(count + 1, WAIT);
    let raw = &received[count];
    let mail = parse(raw);
    assert_eq!(mail.subject(), Some("A campus for 900 people"));
    let html = html_body(&mail);
    // Mail has CRLF line ends.
    let text = text_body(&mail).replace("\r\n", "\n");

    // The body's blocks, styled inline, in both parts.
    for words in [
        "The brief",
        "three floors",
        "A cafeteria",
        "The move took a weekend.",
    ] {
        assert!(html.contains(words), "{words} is not in the HTML:\n{html}");
        assert!(text.contains(words), "{words} is not in the text:\n{text}");
    }
    assert!(html.contains("<p style=\""), "{html}");
    assert!(text.contains("The brief\n\nA campus near our office (https://www.example.com/contact) with three floors."), "{text}");
    assert!(text.contains("- A cafeteria\n- A gym"), "{text}");
    assert!(text.contains("[Image: The site plan]"), "{text}");
    assert!(
        text.contains(&format!("Read it on the site: {SITE}/blogs/detail/{id}")),
        "{text}"
    );
    assert!(
        html.contains(&format!("href=\"{SITE}/contact\"")),
        "links are absolute: {html}"
    );
    // No script, no stylesheet, no font fetched.
    for refused in [
        "<script",
        "<style",
        "<link",
        "@import",
        "@font-face",
        "class=",
    ] {
        assert!(!html.contains(refused), "{refused} in the mail:\n{html}");
    }

    // The cover and the body's image: absolute, a JPEG or PNG rendition at the mail's
    // width (960 px, shown at 560), never WebP.
    let sources: Vec<&str> = html
        .split("<img src=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert_eq!(sources.len(), 2, "{html}");
    for source in &sources {
        assert!(
            source.starts_with(&format!("{SITE}/media/blogs/")),
            "{source}"
        );
        assert!(!source.ends_with(".webp"), "{source}");
        let response = app
            .request(warp::test::request().path(source.trim_start_matches(SITE)))
            .await;
        assert_eq!(response.status(), 200, "{source}");
        assert_eq!(
            crate::image_samples::dimensions(response.body()).0,
            960,
            "{source} is not the 960 px rendition"
        );
    }
    assert!(
        sources[0].ends_with(".jpg") && sources[1].ends_with(".png"),
        "{sources:?}"
    );
    assert!(html.contains("width=\"560\""), "{html}");
    assert!(html.contains("alt=\"The site plan\""), "{html}");

    // One-click unsubscribe, as before.
    assert_eq!(
        raw_header(raw, "List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let unsubscribe = raw_header(raw, "List-Unsubscribe").expect("List-Unsubscribe");
    assert!(
        unsubscribe.starts_with(&format!("<{SITE}/blogs/unsubscribe?token=")),
        "{unsubscribe}"
    );
    assert!(text.contains("Unsubscribe: https://www.example.com/blogs/unsubscribe?token="));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_story_too_long_for_one_mail_is_cut_with_a_link_to_the_rest() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    let count = confirmed_subscriber(&app, &smtp, "reader@example.com").await;
    // About 250 KB of words, paragraph by paragraph.
    let body: String = (1..=500)
        .map(|n| format!("Paragraph {n} says {}\n\n", "a great deal ".repeat(40)))
        .collect();
    let id = publish_post(
        &app,
        "A very long story",
        &format!("---\ntitle: A very long story\nmotive: Long\n---\n\n{body}"),
        &[],
    );
    let received = smtp.wait_for(count + 1, WAIT);
    let raw = &received[count];
    let mail = parse(raw);
    let html = html_body(&mail);
    let text = text_body(&mail);
    assert!(html.contains("Paragraph 1 says"), "{html}");
    assert!(
        !html.contains("Paragraph 500 says"),
        "the whole story went into the mail"
    );
    // Gmail clips a mail whose HTML passes 102 KB, the unsubscribe link with it.
    assert!(html.len() < 100 * 1024, "the HTML is {} bytes", html.len());
    assert!(raw.len() < 200 * 1024, "the mail is {} bytes", raw.len());
    let link = format!("{SITE}/blogs/detail/{id}");
    assert!(html.contains(&format!("<a href=\"{link}\"")), "{html}");
    assert!(html.contains("Read the rest on the site"), "{html}");
    assert!(
        text.contains(&format!("read the rest on the site: {link}")),
        "{text}"
    );
    // The text part stops where the HTML does.
    let last = (1..=500)
        .rev()
        .find(|n| html.contains(&format!("Paragraph {n} says")))
        .expect("a paragraph");
    assert!(text.contains(&format!("Paragraph {last} says")));
    assert!(!text.contains(&format!("Paragraph {} says", last + 1)));
    assert!(html.contains("Unsubscribe</a>"));
}

#[tokio::test(flavor = "multi_thread")]
async fn confirmation_links_that_are_wrong_reused_or_expired_get_a_clear_answer() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    assert_eq!(
        post_json(&app, &subscription("late@example.com"))
            .await
            .status(),
        201
    );
    let received = smtp.wait_for(1, WAIT);
    let mail = parse(&received[0]);
    let confirm = link(&mail, &format!("{SITE}/blogs/subscribe/confirm?token="));
    let token = confirm.split("token=").nth(1).expect("token").to_owned();

    let path = "/api/corp_website/subscribers/confirm";
    // The token with its last digit changed (to another digit, whatever it was).
    let last = if token.ends_with('0') { '1' } else { '0' };
    let altered = format!("{}{last}", &token[..token.len() - 1]);
    for wrong in ["", "nonsense", &token[..token.len() - 1], &altered] {
        let (status, answer) = post_token(&app, path, wrong).await;
        assert_eq!(status, 400, "{wrong}: {answer}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap_or_default()
                .contains("not valid"),
            "{answer}"
        );
    }
    // Seven days later the link has expired.
    app.db()
        .write(|conn| {
            conn.execute(
                "UPDATE subscriptions SET confirm_expires_at = '2000-01-01T00:00:00.000Z'",
                [],
            )
            .map_err(StoreError::from)
        })
        .await
        .expect("age the link");
    let (status, answer) = post_token(&app, path, &token).await;
    assert_eq!(status, 400);
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("expired"),
        "{answer}"
    );

    // Subscribing again within the hour sends nothing more; after the hour, a new link.
    assert_eq!(
        post_json(&app, &subscription("LATE@example.com"))
            .await
            .status(),
        201
    );
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        smtp.received().len(),
        1,
        "a second confirmation within the hour"
    );
    app.db()
        .write(|conn| {
            conn.execute(
                "UPDATE subscriptions SET confirm_sent_at = '2000-01-01T00:00:00.000Z'",
                [],
            )
            .map_err(StoreError::from)
        })
        .await
        .expect("an hour passes");
    assert_eq!(
        post_json(&app, &subscription("late@example.com"))
            .await
            .status(),
        201
    );
    let received = smtp.wait_for(2, WAIT);
    let fresh = link(
        &parse(&received[1]),
        &format!("{SITE}/blogs/subscribe/confirm?token="),
    );
    let fresh = fresh.split("token=").nth(1).expect("token").to_owned();
    let (status, _) = post_token(&app, path, &token).await;
    assert_eq!(status, 400, "the replaced link no longer works");
    let (status, answer) = post_token(&app, path, &fresh).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = post_token(&app, path, &fresh).await;
    assert_eq!(status, 200, "a reused link says it was confirmed before");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("already"),
        "{answer}"
    );
    let (status, _) = post_token(&app, "/api/corp_website/subscribers/unsubscribe", &fresh).await;
    assert_eq!(status, 400, "a confirmation token does not unsubscribe");
}

#[tokio::test(flavor = "multi_thread")]
async fn temporary_failures_are_retried_and_refusals_are_dead_until_retried() {
    let smtp = SmtpServer::start();
    smtp.set_mode("tempfail");
    let app = app_sending_to(&smtp, &[]);
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    wait_until("a failed attempt is recorded", || {
        status(&app).retrying == 1
    });
    let failed = status(&app);
    assert_eq!((failed.queued, failed.sent, failed.dead), (1, 0, 0));
    assert!(failed.last_errors[0].error.contains("451"), "{failed:?}");

    // The relay recovers; the retry comes when its backoff is over.
    smtp.set_mode("accept");
    due_now(&app).await;
    smtp.wait_for(1, WAIT);
    wait_until("the retried mail is sent", || status(&app).sent == 1);

    // A dropped connection is temporary too.
    smtp.set_mode("drop");
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    wait_until("the dropped send is to be retried", || {
        status(&app).retrying == 1
    });

    // A permanent refusal is dead at once, with the relay's answer, until `mail retry`.
    smtp.set_mode("permfail");
    due_now(&app).await;
    wait_until("the refused mail is dead", || status(&app).dead == 1);
    let dead = status(&app);
    assert!(
        dead.last_errors
            .iter()
            .any(|e| e.state == "dead" && e.error.contains("550")),
        "{dead:?}"
    );
    smtp.set_mode("accept");
    let output = Command::new(BINARY)
        .args(["mail", "retry", "--data-dir"])
        .arg(app.data_dir())
        .output()
        .expect("mail retry");
    assert!(output.status.success());
    smtp.wait_for(2, WAIT);
    wait_until("the dead mail went out after mail retry", || {
        status(&app).sent == 2
    });
    let report = Command::new(BINARY)
        .args(["mail", "status", "--data-dir"])
        .arg(app.data_dir())
        .output()
        .expect("mail status");
    let report = String::from_utf8_lossy(&report.stdout);
    assert!(report.contains("sent     2"), "{report}");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_relay_mail_waits_and_erasing_a_person_takes_their_mail_with_them() {
    let app = TestApp::new();
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    assert_eq!(
        post_json(&app, &subscription("asha@example.com"))
            .await
            .status(),
        201
    );
    std::thread::sleep(Duration::from_millis(700));
    let waiting = status(&app);
    assert_eq!((waiting.queued, waiting.sent), (2, 0), "{waiting:?}");
    let report = Command::new(BINARY)
        .args(["mail", "status", "--data-dir"])
        .arg(app.data_dir())
        .output()
        .expect("mail status");
    assert!(String::from_utf8_lossy(&report.stdout).contains("queued   2"));

    let erased = Command::new(BINARY)
        .args(["leads", "erase", "asha@example.com", "--data-dir"])
        .arg(app.data_dir())
        .output()
        .expect("leads erase");
    assert!(
        erased.status.success(),
        "{}",
        String::from_utf8_lossy(&erased.stderr)
    );
    let after = status(&app);
    assert_eq!(
        (after.queued, after.sent, after.dead),
        (0, 0, 0),
        "{after:?}"
    );
}

/// `kill -9` while mail is being sent: after a restart every mail goes out, none is lost,
/// and a mail sent twice (taken by the relay, not yet marked) keeps its Message-ID.
#[test]
fn a_kill_during_sending_loses_no_mail() {
    use crate::common::process::Running;
    const LEADS: usize = 24;
    let smtp = SmtpServer::start();
    smtp.set_mode("slow");
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    seeded_data_dir(&data);
    let data_arg = data.to_str().expect("utf-8 path");
    let relay = smtp.url();
    let args = [
        "serve",
        "--data-dir",
        data_arg,
        "--rate-limit",
        "0",
        "--smtp-url",
        &relay,
        "--mail-from",
        "hello@corp.example.com",
    ];
    let mut server = Running::start(BINARY.as_ref(), &args, &[], dir.path());
    let body = serde_json::to_vec(&contact()).expect("json");
    for _ in 0..LEADS {
        let answer = crate::leads_support::try_post(
            server.addr,
            "/api/clients/create",
            "application/json",
            &body,
        )
        .expect("an answer");
        assert_eq!(answer.status, 201);
    }
    // Some mails are with the relay, some on their way, most still queued.
    smtp.wait_for(1, WAIT);
    server.child.kill().expect("kill -9");
    server.child.wait().expect("reap");
    let delivered_before = smtp.received().len();
    assert!(
        delivered_before < LEADS,
        "all {LEADS} went out before the kill: nothing tested"
    );

    smtp.set_mode("accept");
    let _restarted = Running::start(BINARY.as_ref(), &args, &[], dir.path());
    let deadline = Instant::now() + WAIT;
    let references = loop {
        let received = smtp.received();
        let mut references: Vec<String> = received
            .iter()
            .map(|raw| {
                let text = text_body(&parse(raw));
                text.lines()
                    .find_map(|line| line.strip_prefix("Reference: "))
                    .expect("a reference line")
                    .to_owned()
            })
            .collect();
        references.sort();
        references.dedup();
        if references.len() == LEADS || Instant::now() > deadline {
            break references;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(
        references.len(),
        LEADS,
        "every lead's mail arrived after the restart"
    );
    // A mail that arrived twice carries one Message-ID both times.
    let mut ids_by_reference = std::collections::HashMap::<String, Vec<String>>::new();
    for raw in smtp.received() {
        let text = text_body(&parse(&raw));
        let reference = text
            .lines()
            .find_map(|l| l.strip_prefix("Reference: "))
            .expect("reference")
            .to_owned();
        ids_by_reference
            .entry(reference)
            .or_default()
            .push(raw_header(&raw, "Message-ID").expect("id"));
    }
    for (reference, ids) in ids_by_reference {
        assert!(
            ids.windows(2).all(|pair| pair[0] == pair[1]),
            "{reference}: {ids:?}"
        );
    }
}

#[test]
fn mail_test_sends_through_the_relay_and_prints_its_answer() {
    let smtp = SmtpServer::start();
    // `--data-dir`, as every command takes it: the test mail is noted in its audit log.
    let dir = tempfile::tempdir().expect("temp dir");
    let data_dir = dir.path().join("data");
    let data_dir = data_dir.to_str().expect("UTF-8 path");
    let created = Command::new(BINARY)
        .args(["mail", "status", "--data-dir", data_dir])
        .output()
        .expect("mail status");
    assert!(created.status.success(), "{created:?}");
    let output = Command::new(BINARY)
        .args([
            "mail",
            "test",
            "office@example.com",
            "--smtp-url",
            &smtp.url(),
        ])
        .args(["--mail-from", "Fidelitus Corp <hello@corp.example.com>"])
        .args(["--data-dir", data_dir])
        .output()
        .expect("mail test");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains("250") && said.contains("office@example.com"),
        "{said}"
    );
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(
        raw_header(&received[0], "X-Envelope-To").as_deref(),
        Some("office@example.com")
    );
    let audit = Command::new(BINARY)
        .args(["staff", "audit", "--data-dir", data_dir])
        .output()
        .expect("staff audit");
    let audit = String::from_utf8_lossy(&audit.stdout);
    assert!(
        audit.contains("\tcommand line\tsent a test mail\toffice@example.com\t"),
        "{audit}"
    );

    // A relay that refuses: the command fails and says why.
    smtp.set_mode("permfail");
    let refused = Command::new(BINARY)
        .args([
            "mail",
            "test",
            "office@example.com",
            "--smtp-url",
            &smtp.url(),
        ])
        .args(["--mail-from", "hello@corp.example.com"])
        .output()
        .expect("mail test");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("550"));
}
