//! A job opening's recruiter, through the real filters and a real SMTP server: an
//! application for an opening with a recruiter is mailed to the recruiter beside the mail
//! screen's rule for applicants (once, when the rule names the recruiter too); a general
//! application only where the rule says; only an account that keeps the openings may be one.

use std::time::Duration;

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{application_fields, file, fixture, post_application, text};
use crate::staff_jobs::{form, saved, send, RECRUITER};
use crate::support::{
    app_sending_to, forget_set_up_notices, parse, raw_header, text_body, SmtpServer,
};

const WAIT: Duration = Duration::from_secs(10);
const EDITOR: &str = "editor@corp.example";

fn envelope(raw: &[u8]) -> String {
    raw_header(raw, "X-Envelope-To").unwrap_or_default()
}

/// An application, for the opening `job` (a slug) or a general one.
async fn apply(app: &TestApp, job: Option<&str>) {
    let mut parts = application_fields();
    if let Some(job) = job {
        parts.push(text("job", job));
    }
    parts.push(file("cv.pdf", fixture("resume.pdf")));
    let made = post_application(app, &parts).await;
    assert_eq!(made.status(), StatusCode::CREATED, "{:?}", made.body());
}

/// Sets the mail screen's one rule: every application goes to `recipients`.
async fn route_applications_to(app: &TestApp, owner: &Browser, recipients: Value) {
    let rule =
        body!({ "rules": [{ "kind": "applicant", "department": "", "recipients": recipients }] });
    let routes = app
        .request(owner.change("PUT", "/api/staff/mail/routes").json(&rule))
        .await;
    assert_eq!(routes.status(), StatusCode::OK, "{:?}", routes.body());
}

/// The account id the editor offers for `email` as a recruiter, if it offers it.
fn offered(list: &Value, email: &str) -> Option<i64> {
    list["choices"]["recruiters"]
        .as_array()
        .expect("the recruiters offered")
        .iter()
        .find(|account| account["email"] == email)
        .and_then(|account| account["id"].as_i64())
}

#[tokio::test(flavor = "multi_thread")]
async fn an_application_for_a_role_mails_its_recruiter_and_the_route_and_a_general_one_the_route() {
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, RECRUITER, PASSWORD, false, Role::Recruiter).await;
    add_staff_as(&app, EDITOR, PASSWORD, false, Role::Editor).await;
    let owner = Browser::sign_in(&app).await;
    let recruiter = Browser::sign_in_with(&app, RECRUITER, PASSWORD).await;
    forget_set_up_notices(&app, Some(&smtp)).await;

    // Applications go to HR by the mail screen's rule.
    route_applications_to(&app, &owner, body!(["hr@corp.example.com"])).await;

    // The editor offers the accounts that keep the openings: the owner and the recruiter.
    let list = json(&app.request(recruiter.get("/api/staff/jobs")).await);
    let recruiter_id = offered(&list, RECRUITER).expect("the recruiter is offered");
    assert!(
        offered(&list, EMAIL).is_some(),
        "an owner may be the recruiter"
    );
    assert_eq!(offered(&list, EDITOR), None, "an editor keeps no openings");

    // An editor's account, or one that is not there, is refused, naming `recruiter`.
    let editor_id: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(
                conn.query_row("SELECT id FROM staff WHERE email = ?1", [EDITOR], |r| {
                    r.get(0)
                })?,
            )
        })
        .expect("the editor");
    for wrong in [editor_id, 9_999] {
        let mut refused_form = form("Site engineer");
        refused_form["recruiter"] = body!(wrong);
        let refused = send(&app, &recruiter, "POST", "/api/staff/jobs", &refused_form).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(json(&refused)["errors"]["recruiter"].is_string());
    }

    // The role, with its recruiter, published.
    let mut role = form("Site engineer");
    role["recruiter"] = body!(recruiter_id);
    let (id, revision) = saved(
        &send(&app, &recruiter, "POST", "/api/staff/jobs", &role).await,
        StatusCode::CREATED,
    );
    let opened = json(
        &app.request(recruiter.get(&format!("/api/staff/jobs/{id}")))
            .await,
    );
    assert_eq!(opened["data"]["recruiter"], recruiter_id);
    let slug = opened["data"]["slug"].as_str().expect("slug").to_owned();
    saved(
        &send(
            &app,
            &recruiter,
            "POST",
            &format!("/api/staff/jobs/{id}/publish"),
            &body!({ "revision": revision }),
        )
        .await,
        StatusCode::OK,
    );

    // An application for the role: the route's address and the recruiter's, in one mail.
    apply(&app, Some(&slug)).await;
    let received = smtp.wait_for(1, WAIT);
    assert_eq!(
        envelope(&received[0]),
        format!("hr@corp.example.com, {RECRUITER}")
    );
    // The mail names the role and the application's stage.
    let said = text_body(&parse(&received[0]));
    assert!(said.contains("Job opening: Site engineer"), "{said}");
    assert!(said.contains("Stage: New"), "{said}");

    // A general application: the route's address alone.
    apply(&app, None).await;
    let received = smtp.wait_for(2, WAIT);
    assert_eq!(envelope(&received[1]), "hr@corp.example.com");

    // The rule names the recruiter too (in other letters): one copy, not two.
    route_applications_to(&app, &owner, body!([RECRUITER.to_uppercase()])).await;
    apply(&app, Some(&slug)).await;
    let received = smtp.wait_for(3, WAIT);
    assert_eq!(envelope(&received[2]).to_lowercase(), RECRUITER);
    assert_eq!(received.len(), 3, "one mail an application");

    // Once the account no longer keeps the openings, the rule alone decides.
    route_applications_to(&app, &owner, body!(["hr@corp.example.com"])).await;
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE staff_roles SET role = 'editor' WHERE staff_id = ?1",
                [recruiter_id],
            )?;
            Ok(())
        })
        .await
        .expect("the recruiter becomes an editor");
    apply(&app, Some(&slug)).await;
    let received = smtp.wait_for(4, WAIT);
    assert_eq!(envelope(&received[3]), "hr@corp.example.com");
}
