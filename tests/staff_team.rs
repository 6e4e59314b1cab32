//! The team in the browser, through the real filters: invites by mail whose single-use link
//! makes the account, resend and revoke, roles that must keep an owner, removing a leaver,
//! and the set-up link that makes the first owner; every action in the audit log. One test
//! delivers an invite through a real SMTP server, one starts `corpsite serve` itself.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use bytes::Bytes;
use corpsite::domain::roles::Role;
use corpsite::domain::staff::token_digest;
use corpsite::store::team;
use corpsite::store::StoreError;
use serde_json::json as body;
use warp::http::{Response, StatusCode};

use crate::common::process::BINARY;
use crate::common::seeded::seeded_data_dir;
use crate::common::staff::{
    add_staff, add_staff_as, set_up_authenticator, sign_in_as, site_request, Browser, EMAIL,
    PASSWORD,
};
use crate::common::{header, json, TestApp};
use crate::support::{html_body, link, parse, text_body, SmtpServer};

const NEW_PASSWORD: &str = "the recruiter's own passphrase";
const LAST_OWNER: &str = "The team must keep at least one owner.";

/// An app with a signed-in owner (named "Office").
async fn owner_app() -> (TestApp, Browser) {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

async fn invite(app: &TestApp, owner: &Browser, email: &str, roles: &[&str]) -> Response<Bytes> {
    app.request(
        owner
            .change("POST", "/api/staff/team/invites")
            .json(&body!({ "email": email, "name": "Asha Rao", "roles": roles })),
    )
    .await
}

/// The token waiting in the newest queued invite mail to `email`.
async fn queued_token(app: &TestApp, email: &str) -> String {
    let email = email.to_owned();
    app.db()
        .read(move |conn| {
            Ok(conn.query_row(
                "SELECT token FROM outbox WHERE kind = 'invite' AND to_addr = ?1 AND state = 'queued'
                 ORDER BY id DESC LIMIT 1",
                [email],
                |row| row.get::<_, String>(0),
            )?)
        })
        .await
        .expect("a queued invite mail")
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    app.db()
        .read(move |conn| Ok(conn.query_row(sql, [], |row| row.get::<_, i64>(0))?))
        .await
        .expect("count")
}

async fn open(app: &TestApp, path: &str, json: serde_json::Value) -> Response<Bytes> {
    app.request(site_request("POST", path).json(&json)).await
}

async fn check_invite(app: &TestApp, token: &str) -> Response<Bytes> {
    open(app, "/api/staff/invite/check", body!({ "token": token })).await
}

async fn accept(app: &TestApp, token: &str) -> Response<Bytes> {
    open(
        app,
        "/api/staff/invite/accept",
        body!({ "token": token, "password": NEW_PASSWORD }),
    )
    .await
}

fn message(response: &Response<Bytes>) -> String {
    json(response)["message"].as_str().unwrap_or("").to_owned()
}

/// The audit log's actions, oldest first.
async fn audit_actions(app: &TestApp) -> Vec<(String, String, String)> {
    app.db()
        .read(|conn| {
            let mut stmt =
                conn.prepare("SELECT actor, action, subject FROM audit_log ORDER BY id")?;
            let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
        .expect("audit log")
}

fn has_action(log: &[(String, String, String)], actor: &str, action: &str, subject: &str) -> bool {
    log.iter()
        .any(|(a, b, c)| a == actor && b == action && c == subject)
}

#[tokio::test]
async fn an_invite_is_queued_with_its_link_and_the_link_makes_the_account_once() {
    let (app, owner) = owner_app().await;
    let response = invite(&app, &owner, "HR@corp.example", &["recruiter"]).await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{:?}",
        response.body()
    );
    let team = json(&response);
    let invites = team["invites"].as_array().expect("invites");
    assert_eq!(invites.len(), 1);
    assert_eq!(invites[0]["email"], "HR@corp.example");
    assert_eq!(invites[0]["roles"], body!(["recruiter"]));
    assert_eq!(invites[0]["invited_by"], "Office");
    assert_eq!(invites[0]["expired"], false);

    // The mail waits in the outbox with the token; the invite keeps only its SHA-256.
    let token = queued_token(&app, "HR@corp.example").await;
    assert_eq!(token.len(), 64, "256 bits in hex");
    let stored: String = app
        .db()
        .read(|conn| {
            Ok(conn.query_row("SELECT token_hash FROM staff_invites", [], |row| row.get(0))?)
        })
        .await
        .expect("stored");
    assert_eq!(stored, token_digest(&token));
    assert_ne!(stored, token);

    let checked = check_invite(&app, &token).await;
    assert_eq!(checked.status(), StatusCode::OK);
    assert_eq!(json(&checked)["email"], "HR@corp.example");
    assert_eq!(json(&checked)["name"], "Asha Rao");

    // A password too short is a field message, and the link still works.
    let short = open(
        &app,
        "/api/staff/invite/accept",
        body!({ "token": token, "password": "short" }),
    )
    .await;
    assert_eq!(short.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&short)["errors"]["password"].is_string());

    let accepted = accept(&app, &token).await;
    assert_eq!(accepted.status(), StatusCode::OK, "{:?}", accepted.body());
    let session = json(&accepted);
    assert_eq!(session["roles"], body!(["recruiter"]));
    assert_eq!(session["name"], "Asha Rao");
    assert_eq!(
        session["must_change_password"], false,
        "the password was chosen"
    );
    assert!(header(&accepted, "set-cookie").starts_with("corpsite_staff="));

    // Signed in, as a recruiter: applicants yes, enquiries and the team no.
    let recruiter = Browser::ready(&app, &accepted).await;
    let applicants = app
        .request(recruiter.get("/api/staff/inbox/applicants"))
        .await;
    assert_eq!(applicants.status(), StatusCode::OK);
    let enquiries = app
        .request(recruiter.get("/api/staff/inbox/enquiries"))
        .await;
    assert_eq!(enquiries.status(), StatusCode::FORBIDDEN);
    assert!(message(&enquiries).contains("enquiries"));
    let team = app.request(recruiter.get("/api/staff/team")).await;
    assert_eq!(team.status(), StatusCode::FORBIDDEN);

    // Once only.
    let again = accept(&app, &token).await;
    assert_eq!(again.status(), StatusCode::GONE);
    assert!(
        message(&again).contains("Ask an owner of the team to send a new invite."),
        "{}",
        message(&again)
    );
    assert_eq!(check_invite(&app, &token).await.status(), StatusCode::GONE);

    // The team lists the account and no invite; the new password signs in.
    let team = json(&app.request(owner.get("/api/staff/team")).await);
    assert_eq!(team["invites"], body!([]));
    let member = team["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|a| a["email"] == "HR@corp.example")
        .expect("the new account")
        .clone();
    assert_eq!(member["roles"], body!(["recruiter"]));
    assert_eq!(member["one_time_password"], false);
    assert!(member["last_sign_in_at"].is_string());
    let signed_in = sign_in_as(&app, "hr@corp.example", NEW_PASSWORD).await;
    assert_eq!(signed_in.status(), StatusCode::OK);

    let log = audit_actions(&app).await;
    assert!(
        has_action(&log, EMAIL, "invited", "HR@corp.example"),
        "{log:?}"
    );
    assert!(
        has_action(
            &log,
            "HR@corp.example",
            "accepted an invite",
            "HR@corp.example"
        ),
        "{log:?}"
    );
}

#[tokio::test]
async fn an_expired_invite_answers_410_with_what_to_do_and_stores_no_account() {
    let (app, owner) = owner_app().await;
    invite(&app, &owner, "late@corp.example", &["sales"]).await;
    let token = queued_token(&app, "late@corp.example").await;
    app.db()
        .write(|conn| {
            conn.execute("UPDATE staff_invites SET expires_at = 1000", [])
                .map_err(StoreError::from)
        })
        .await
        .expect("expire it");
    let checked = check_invite(&app, &token).await;
    assert_eq!(checked.status(), StatusCode::GONE);
    assert!(message(&checked).contains("Ask an owner of the team to send a new invite."));
    let accepted = accept(&app, &token).await;
    assert_eq!(accepted.status(), StatusCode::GONE);
    assert_eq!(count(&app, "SELECT count(*) FROM staff").await, 1);
    let team = json(&app.request(owner.get("/api/staff/team")).await);
    assert_eq!(team["invites"][0]["expired"], true);

    // Resent: a new link for 7 more days.
    let resent = app
        .request(owner.change(
            "POST",
            &format!(
                "/api/staff/team/invites/{}/resend",
                team["invites"][0]["id"]
            ),
        ))
        .await;
    assert_eq!(resent.status(), StatusCode::OK);
    assert_eq!(json(&resent)["invites"][0]["expired"], false);
    let fresh = queued_token(&app, "late@corp.example").await;
    assert_eq!(check_invite(&app, &fresh).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn resending_or_revoking_an_invite_stops_its_old_link() {
    let (app, owner) = owner_app().await;
    let created = json(&invite(&app, &owner, "sales@corp.example", &["sales"]).await);
    let id = created["invites"][0]["id"].as_i64().expect("id");
    let first = queued_token(&app, "sales@corp.example").await;

    let resent = app
        .request(owner.change("POST", &format!("/api/staff/team/invites/{id}/resend")))
        .await;
    assert_eq!(resent.status(), StatusCode::OK);
    let second = queued_token(&app, "sales@corp.example").await;
    assert_ne!(first, second);
    assert_eq!(check_invite(&app, &first).await.status(), StatusCode::GONE);
    assert_eq!(check_invite(&app, &second).await.status(), StatusCode::OK);
    // The first mail, not yet sent, is dropped with its token: one mail carries a link.
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM outbox WHERE kind = 'invite' AND state = 'queued'"
        )
        .await,
        1
    );

    let revoked = app
        .request(owner.change("DELETE", &format!("/api/staff/team/invites/{id}")))
        .await;
    assert_eq!(revoked.status(), StatusCode::OK);
    assert_eq!(json(&revoked)["invites"], body!([]));
    assert_eq!(check_invite(&app, &second).await.status(), StatusCode::GONE);
    assert_eq!(accept(&app, &second).await.status(), StatusCode::GONE);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM outbox WHERE kind = 'invite' AND state = 'queued'"
        )
        .await,
        0,
        "the revoked invite's mail is not sent"
    );
    let again = app
        .request(owner.change("DELETE", &format!("/api/staff/team/invites/{id}")))
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);

    let log = audit_actions(&app).await;
    assert!(has_action(
        &log,
        EMAIL,
        "resent an invite",
        "sales@corp.example"
    ));
    assert!(has_action(
        &log,
        EMAIL,
        "revoked an invite",
        "sales@corp.example"
    ));
}

#[tokio::test]
async fn an_address_on_the_team_or_invited_already_gets_a_field_message_and_stores_nothing() {
    let (app, owner) = owner_app().await;
    let on_team = invite(&app, &owner, &EMAIL.to_uppercase(), &["editor"]).await;
    assert_eq!(on_team.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&on_team)["errors"]["email"]
        .as_str()
        .unwrap_or("")
        .contains("on the team already"));
    assert_eq!(
        invite(&app, &owner, "new@corp.example", &["editor"])
            .await
            .status(),
        StatusCode::CREATED
    );
    let twice = invite(&app, &owner, "NEW@corp.example", &["sales"]).await;
    assert_eq!(twice.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&twice)["errors"]["email"]
        .as_str()
        .unwrap_or("")
        .contains("invite waiting already"));
    // Bad fields: every one named, nothing stored.
    let bad = app
        .request(
            owner
                .change("POST", "/api/staff/team/invites")
                .json(&body!({ "email": "not an address", "name": "", "roles": [] })),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &json(&bad)["errors"];
    assert!(
        errors["email"].is_string() && errors["name"].is_string() && errors["roles"].is_string()
    );
    let unknown = invite(&app, &owner, "x@corp.example", &["admin"]).await;
    assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(count(&app, "SELECT count(*) FROM staff_invites").await, 1);
    assert_eq!(
        count(&app, "SELECT count(*) FROM outbox WHERE kind = 'invite'").await,
        1
    );
}

#[tokio::test]
async fn roles_that_would_leave_no_owner_are_refused_with_a_field_message() {
    let (app, owner) = owner_app().await;
    let team = json(&app.request(owner.get("/api/staff/team")).await);
    let me = team["accounts"][0]["id"].as_i64().expect("id");
    assert_eq!(team["accounts"][0]["you"], true);
    let path = format!("/api/staff/team/accounts/{me}/roles");
    let put =
        |roles: serde_json::Value| owner.change("PUT", &path).json(&body!({ "roles": roles }));

    let refused = app.request(put(body!(["editor"]))).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(json(&refused)["errors"]["roles"], LAST_OWNER);
    let none = app.request(put(body!([]))).await;
    assert_eq!(none.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(json(&none)["errors"]["roles"], "Choose at least one role.");
    let still = json(&app.request(owner.get("/api/staff/team")).await);
    assert_eq!(
        still["accounts"][0]["roles"],
        body!(["owner"]),
        "nothing changed"
    );

    // With a second owner, the first may become an editor and sales.
    add_staff_as(&app, "boss@corp.example", PASSWORD, false, Role::Owner).await;
    let changed = app.request(put(body!(["sales", "editor"]))).await;
    assert_eq!(changed.status(), StatusCode::OK, "{:?}", changed.body());
    let mine = json(&changed)["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|a| a["id"] == me)
        .expect("me")["roles"]
        .clone();
    assert_eq!(mine, body!(["editor", "sales"]));
    // Past the owner role, the team area is closed to this session at once.
    assert_eq!(
        app.request(owner.get("/api/staff/team")).await.status(),
        StatusCode::FORBIDDEN
    );
    let log = audit_actions(&app).await;
    assert!(has_action(&log, EMAIL, "changed roles", EMAIL), "{log:?}");

    let missing = app
        .request(
            Browser::sign_in_with(&app, "boss@corp.example", PASSWORD)
                .await
                .change("PUT", "/api/staff/team/accounts/999999/roles")
                .json(&body!({ "roles": ["sales"] })),
        )
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn removing_a_leaver_ends_their_sessions_at_once_but_never_ones_own_account() {
    let (app, owner) = owner_app().await;
    add_staff_as(
        &app,
        "leaver@corp.example",
        PASSWORD,
        false,
        Role::Recruiter,
    )
    .await;
    let leaver = Browser::sign_in_with(&app, "leaver@corp.example", PASSWORD).await;
    assert_eq!(
        app.request(leaver.get("/api/staff/session")).await.status(),
        StatusCode::OK
    );
    let team = json(&app.request(owner.get("/api/staff/team")).await);
    let accounts = team["accounts"].as_array().expect("accounts");
    let id_of = |email: &str| {
        accounts
            .iter()
            .find(|a| a["email"] == email)
            .and_then(|a| a["id"].as_i64())
            .expect("account")
    };
    let (leaver_id, my_id) = (id_of("leaver@corp.example"), id_of(EMAIL));

    let own = app
        .request(owner.change("DELETE", &format!("/api/staff/team/accounts/{my_id}")))
        .await;
    assert_eq!(own.status(), StatusCode::CONFLICT);

    let removed = app
        .request(owner.change("DELETE", &format!("/api/staff/team/accounts/{leaver_id}")))
        .await;
    assert_eq!(removed.status(), StatusCode::OK, "{:?}", removed.body());
    assert_eq!(json(&removed)["accounts"].as_array().map(Vec::len), Some(1));
    // The leaver's open page hears 401 on its next request.
    let after = app.request(leaver.get("/api/staff/inbox/applicants")).await;
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM staff_sessions WHERE staff_id NOT IN (SELECT id FROM staff)"
        )
        .await,
        0
    );
    assert_eq!(
        sign_in_as(&app, "leaver@corp.example", PASSWORD)
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    for path in [
        "/api/staff/team/accounts/999999",
        "/api/staff/team/accounts/abc",
    ] {
        let response = app.request(owner.change("DELETE", path)).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let log = audit_actions(&app).await;
    assert!(has_action(
        &log,
        EMAIL,
        "removed an account",
        "leaver@corp.example"
    ));
}

/// Offers a set-up link on `app` as `corpsite serve` does; its token.
async fn offer_setup(app: &TestApp) -> Option<String> {
    let token = corpsite::domain::staff::random_token().expect("token");
    let digest = token_digest(&token);
    let offered = app
        .db()
        .write(move |conn| team::offer_setup(conn, &digest).map_err(StoreError::from))
        .await
        .expect("offer");
    offered.then_some(token)
}

#[tokio::test]
async fn the_setup_link_makes_the_first_owner_once() {
    let app = TestApp::new();
    let token = offer_setup(&app).await.expect("no account yet");
    let check = |token: String| open(&app, "/api/staff/setup/check", body!({ "token": token }));
    assert_eq!(check(token.clone()).await.status(), StatusCode::OK);
    let wrong = check("0".repeat(64)).await;
    assert_eq!(wrong.status(), StatusCode::GONE);
    assert!(
        message(&wrong).contains("corpsite serve"),
        "{}",
        message(&wrong)
    );
    assert!(message(&wrong).contains("corpsite staff add"));

    // From another site: refused.
    let cross = app
        .request(
            site_request("POST", "/api/staff/setup/check")
                .header("origin", "https://elsewhere.example")
                .json(&body!({ "token": token })),
        )
        .await;
    assert_eq!(cross.status(), StatusCode::FORBIDDEN);

    let bad = open(
        &app,
        "/api/staff/setup",
        body!({ "token": token, "name": "", "email": "nope", "password": "short" }),
    )
    .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &json(&bad)["errors"];
    assert!(
        errors["name"].is_string() && errors["email"].is_string() && errors["password"].is_string()
    );
    assert_eq!(count(&app, "SELECT count(*) FROM staff").await, 0);

    let form = body!({
        "token": token, "name": "Priya Office", "email": "Priya@corp.example",
        "password": "the first owner's passphrase"
    });
    let made = open(&app, "/api/staff/setup", form.clone()).await;
    assert_eq!(made.status(), StatusCode::OK, "{:?}", made.body());
    assert_eq!(json(&made)["roles"], body!(["owner"]));
    assert_eq!(json(&made)["must_change_password"], false);
    let owner = Browser::ready(&app, &made).await;
    assert_eq!(
        app.request(owner.get("/api/staff/team")).await.status(),
        StatusCode::OK
    );

    // Works once: the same link, and any set-up, now answer 410.
    let again = open(&app, "/api/staff/setup", form).await;
    assert_eq!(again.status(), StatusCode::GONE);
    assert_eq!(check(token.clone()).await.status(), StatusCode::GONE);
    assert_eq!(count(&app, "SELECT count(*) FROM staff").await, 1);
    assert!(
        offer_setup(&app).await.is_none(),
        "no link once an account exists"
    );
    let log = audit_actions(&app).await;
    assert!(has_action(
        &log,
        "Priya@corp.example",
        "set up the first owner",
        "Priya@corp.example"
    ));
}

#[tokio::test]
async fn a_setup_link_answers_410_once_an_account_exists_another_way() {
    let app = TestApp::new();
    let token = offer_setup(&app).await.expect("no account yet");
    add_staff(&app, EMAIL, PASSWORD, true).await;
    let made = open(
        &app,
        "/api/staff/setup",
        body!({ "token": token, "name": "Late", "email": "late@corp.example",
                "password": "the first owner's passphrase" }),
    )
    .await;
    assert_eq!(made.status(), StatusCode::GONE);
    assert_eq!(count(&app, "SELECT count(*) FROM staff").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invite_is_delivered_through_the_relay_with_a_link_that_works() {
    const SITE: &str = "https://www.example.com";
    let smtp = SmtpServer::start();
    let app = TestApp::with_settings(|settings| {
        settings.mail.smtp_url = Some(smtp.url().parse().expect("relay url"));
        settings.mail.from = Some(
            "Fidelitus Corp <hello@corp.example.com>"
                .parse()
                .expect("from"),
        );
        settings.public_url = Some(SITE.parse().expect("public url"));
    });
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    // The public URL's origin is the site's own now.
    let created = app
        .request(
            owner
                .change("POST", "/api/staff/team/invites")
                .header("origin", SITE)
                .json(&body!({ "email": "hr@corp.example", "name": "Asha <Rao>", "roles": ["recruiter"] })),
        )
        .await;
    assert_eq!(
        created.status(),
        StatusCode::CREATED,
        "{:?}",
        created.body()
    );
    // The owner's own authenticator, set up at sign-in, was mailed to it too.
    let received = smtp.wait_for(2, Duration::from_secs(10));
    let mail = received
        .iter()
        .map(|raw| parse(raw))
        .find(|mail| mail.subject() == Some("You are invited to the Fidelitus Corp team"))
        .expect("the invite");
    let to = mail
        .to()
        .and_then(|to| to.first())
        .and_then(|a| a.address());
    assert_eq!(to, Some("hr@corp.example"));
    let text = text_body(&mail);
    assert!(text.contains("Office invited you"), "{text}");
    assert!(text.contains("recruiter"), "{text}");
    // Until when, on the office's clock (the demo details' Asia/Kolkata), with its zone.
    assert!(text.contains(" IST. If it has expired"), "{text}");
    assert!(html_body(&mail).contains("Asha &lt;Rao&gt;"), "escaped");
    let url = link(&mail, &format!("{SITE}/staff/invite?token="));
    let token = url.split("token=").nth(1).expect("token");
    // Sent: the outbox no longer holds the token. The sender clears it once the relay has
    // answered, which can be a moment after the relay has the message.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let held = count(
            &app,
            "SELECT count(*) FROM outbox WHERE kind = 'invite' AND token IS NOT NULL",
        )
        .await;
        if held == 0 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the outbox still holds the invite's token 5 s after it was delivered"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let accepted = app
        .request(
            site_request("POST", "/api/staff/invite/accept")
                .header("origin", SITE)
                .json(&body!({ "token": token, "password": NEW_PASSWORD })),
        )
        .await;
    assert_eq!(accepted.status(), StatusCode::OK, "{:?}", accepted.body());
    let again = app
        .request(
            site_request("POST", "/api/staff/invite/accept")
                .header("origin", SITE)
                .json(&body!({ "token": token, "password": NEW_PASSWORD })),
        )
        .await;
    assert_eq!(again.status(), StatusCode::GONE);
}

/// Starts `corpsite serve` on `data_dir`; its stdout once it has stopped.
fn serve_output(data_dir: &std::path::Path, extra: &[&str]) -> String {
    let mut child = Command::new(BINARY)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--admin-addr",
            "off",
            "--data-dir",
        ])
        .arg(data_dir)
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start corpsite");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("the serving line");
    assert!(first.contains("serving"), "{first}");
    // The set-up line, when there is one, comes right after the serving line.
    std::thread::sleep(Duration::from_millis(300));
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the rest");
    let _ = child.wait();
    first + &rest
}

fn setup_token_in(output: &str, site: &str) -> Option<String> {
    let prefix = format!("{site}/staff/setup?token=");
    output.lines().find_map(|line| {
        let at = line.find(&prefix)?;
        line[at + prefix.len()..]
            .split_whitespace()
            .next()
            .map(str::to_owned)
    })
}

fn stored_setup_digest(data_dir: &std::path::Path) -> Option<String> {
    let conn = rusqlite::Connection::open(data_dir.join("corpsite.db")).expect("open");
    conn.query_row(
        "SELECT value FROM app_meta WHERE key = 'setup_token_hash'",
        [],
        |row| row.get(0),
    )
    .ok()
}

#[test]
fn serve_prints_a_fresh_setup_link_each_start_while_no_account_exists() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    seeded_data_dir(&data);
    let site = "https://corp.example";
    let first = serve_output(&data, &["--public-url", site]);
    let token = setup_token_in(&first, site).unwrap_or_else(|| panic!("no link in {first}"));
    assert_eq!(token.len(), 64);
    assert_eq!(stored_setup_digest(&data), Some(token_digest(&token)));

    let second = serve_output(&data, &["--public-url", site]);
    let renewed = setup_token_in(&second, site).expect("a new link");
    assert_ne!(renewed, token);
    assert_eq!(stored_setup_digest(&data), Some(token_digest(&renewed)));

    // Without --public-url, the address served.
    let local = serve_output(&data, &[]);
    let served = local
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("the address served");
    assert!(
        setup_token_in(&local, &format!("http://{served}")).is_some(),
        "{local}"
    );

    let added = Command::new(BINARY)
        .args([
            "staff",
            "add",
            "owner@corp.example",
            "--name",
            "Owner",
            "--role",
            "owner",
            "--data-dir",
        ])
        .arg(&data)
        .env("RUST_LOG", "warn")
        .output()
        .expect("staff add");
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    let with_account = serve_output(&data, &[]);
    assert!(!with_account.contains("/staff/setup"), "{with_account}");
    assert_eq!(stored_setup_digest(&data), None);
}

#[tokio::test]
async fn an_invite_link_sent_64_times_at_once_makes_one_account() {
    let (app, owner) = owner_app().await;
    let response = invite(&app, &owner, "rush@corp.example", &["sales"]).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let token = queued_token(&app, "rush@corp.example").await;
    let tries = (0..64).map(|_| accept(&app, &token));
    let mut statuses: Vec<u16> = futures_util::future::join_all(tries)
        .await
        .iter()
        .map(|response| response.status().as_u16())
        .collect();
    statuses.sort_unstable();
    // One is taken; the others find the link spent (410) or the password checks busy (503).
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| [200, 410, 503].contains(s)),
        "{statuses:?}"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM staff WHERE email_folded = 'rush@corp.example'"
        )
        .await,
        1
    );
    assert_eq!(count(&app, "SELECT count(*) FROM staff_invites").await, 0);
}

/// The id of `email`'s account, as the team list names it.
async fn account_id(app: &TestApp, owner: &Browser, email: &str) -> i64 {
    let team = app.request(owner.get("/api/staff/team")).await;
    json(&team)["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|member| member["email"] == email)
        .and_then(|member| member["id"].as_i64())
        .expect("the account is listed")
}

#[tokio::test]
async fn a_session_promoted_to_a_role_that_needs_a_second_factor_sets_one_up_first() {
    let (app, owner) = owner_app().await;
    for (email, role, guarded) in [
        ("sales@corp.example", "owner", "/api/staff/team"),
        (
            "seller@corp.example",
            "recruiter",
            "/api/staff/inbox/applicants",
        ),
    ] {
        add_staff_as(&app, email, PASSWORD, false, Role::Sales).await;
        // Sales needs no second factor: the password alone signs in, and is done.
        let signed_in = sign_in_as(&app, email, PASSWORD).await;
        assert_eq!(json(&signed_in)["second_factor"], "done");
        let seller = Browser::from_response(&signed_in);
        let id = account_id(&app, &owner, email).await;
        let promoted = app
            .request(
                owner
                    .change("PUT", &format!("/api/staff/team/accounts/{id}/roles"))
                    .json(&body!({ "roles": [role] })),
            )
            .await;
        assert_eq!(promoted.status(), StatusCode::OK, "{:?}", promoted.body());

        // Its open session is where a sign-in would be: setting up a second factor.
        let session = app.request(seller.get("/api/staff/session")).await;
        assert_eq!(session.status(), StatusCode::OK);
        assert_eq!(json(&session)["second_factor"], "set_up", "{email}");
        let read = app.request(seller.get(guarded)).await;
        assert_eq!(read.status(), StatusCode::FORBIDDEN, "{email}: {guarded}");
        assert_eq!(
            json(&read)["message"],
            "Please finish signing in with your second factor."
        );
        if role == "owner" {
            let rule = app
                .request(
                    seller
                        .change("PUT", "/api/staff/team/second-factor")
                        .json(&body!({ "required_roles": [] })),
                )
                .await;
            assert_eq!(rule.status(), StatusCode::FORBIDDEN);
            let owner_id = account_id(&app, &owner, EMAIL).await;
            let reset = app
                .request(seller.change(
                    "POST",
                    &format!("/api/staff/team/accounts/{owner_id}/reset-factors"),
                ))
                .await;
            assert_eq!(reset.status(), StatusCode::FORBIDDEN);
        }
        // Setting one up (the password was given a moment ago) opens the new role's screens.
        set_up_authenticator(&app, &seller).await;
        assert_eq!(
            app.request(seller.get(guarded)).await.status(),
            StatusCode::OK
        );
    }
    // The rule still stands.
    let rule = app
        .request(owner.get("/api/staff/team/second-factor"))
        .await;
    assert_eq!(json(&rule)["required_roles"], body!(["owner", "recruiter"]));
}

#[tokio::test]
async fn the_invites_a_removed_owner_sent_stop_working_with_the_account() {
    let (app, owner) = owner_app().await;
    add_staff(&app, "leaver@corp.example", PASSWORD, false).await;
    let leaver = Browser::sign_in_with(&app, "leaver@corp.example", PASSWORD).await;
    let sent = invite(&app, &leaver, "new.owner@corp.example", &["owner"]).await;
    assert_eq!(sent.status(), StatusCode::CREATED, "{:?}", sent.body());
    let token = queued_token(&app, "new.owner@corp.example").await;
    assert_eq!(check_invite(&app, &token).await.status(), StatusCode::OK);

    let team = json(&app.request(owner.get("/api/staff/team")).await);
    let leaver_id = team["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|a| a["email"] == "leaver@corp.example")
        .and_then(|a| a["id"].as_i64())
        .expect("the leaver's account");
    let removed = app
        .request(owner.change("DELETE", &format!("/api/staff/team/accounts/{leaver_id}")))
        .await;
    assert_eq!(removed.status(), StatusCode::OK, "{:?}", removed.body());
    assert_eq!(
        json(&removed)["invites"].as_array().map(Vec::len),
        Some(0),
        "the invite went with its sender"
    );

    assert_eq!(check_invite(&app, &token).await.status(), StatusCode::GONE);
    let accepted = accept(&app, &token).await;
    assert_eq!(accepted.status(), StatusCode::GONE, "{:?}", accepted.body());
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM staff WHERE email_folded = 'new.owner@corp.example'"
        )
        .await,
        0,
        "no owner is made by a removed owner's invite"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM outbox WHERE kind = 'invite' AND state = 'queued'"
        )
        .await,
        0,
        "its mail, still waiting, is not sent"
    );
}

/// An app whose `--notify-to` sends every lead to the leaver, and HR Labs' to HR.
async fn app_with_notify_to() -> (TestApp, Browser) {
    let app = TestApp::with_settings(|s| {
        s.mail.notify_to = ["leaver@corp.example", "HR Labs=hr@corp.example"]
            .iter()
            .map(|rule| rule.parse().expect("a rule"))
            .collect();
    });
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "leaver@corp.example", PASSWORD, false, Role::Sales).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

#[tokio::test]
async fn removing_a_colleague_who_gets_lead_mail_says_so_and_hands_it_to_someone_on_the_team() {
    let (app, owner) = app_with_notify_to().await;
    let leaver_id = account_id(&app, &owner, "leaver@corp.example").await;
    let my_id = account_id(&app, &owner, EMAIL).await;

    // What the removal warns of: the leads --notify-to sends the leaver.
    let lead_mail = app
        .request(owner.get(&format!("/api/staff/team/accounts/{leaver_id}/lead-mail")))
        .await;
    assert_eq!(lead_mail.status(), StatusCode::OK, "{:?}", lead_mail.body());
    let lead_mail = json(&lead_mail);
    assert_eq!(lead_mail["email"], "leaver@corp.example");
    let rules = lead_mail["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), 2, "{lead_mail}");
    for kind in ["enquiry", "applicant"] {
        assert!(
            rules
                .iter()
                .any(|r| r["kind"] == kind && r["department"] == "" && r["notify_to"] == true),
            "{lead_mail}"
        );
    }
    let mine = json(
        &app.request(owner.get(&format!("/api/staff/team/accounts/{my_id}/lead-mail")))
            .await,
    );
    assert_eq!(mine["rules"], body!([]));

    // A bad choice is a field message, and nothing is removed.
    for (query, status) in [
        ("abc", StatusCode::UNPROCESSABLE_ENTITY),
        ("999999", StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let refused = app
            .request(owner.change(
                "DELETE",
                &format!("/api/staff/team/accounts/{leaver_id}?lead_mail_to={query}"),
            ))
            .await;
        assert_eq!(refused.status(), status, "{query}: {:?}", refused.body());
        assert!(
            json(&refused)["errors"]["lead_mail_to"].is_string(),
            "{:?}",
            refused.body()
        );
    }
    assert_eq!(count(&app, "SELECT count(*) FROM staff").await, 2);

    let removed = app
        .request(owner.change(
            "DELETE",
            &format!("/api/staff/team/accounts/{leaver_id}?lead_mail_to={my_id}"),
        ))
        .await;
    assert_eq!(removed.status(), StatusCode::OK, "{:?}", removed.body());

    // The leads the leaver got now come to the owner; HR Labs' still go to HR.
    let routes = json(&app.request(owner.get("/api/staff/mail/routes")).await);
    let recipients = |kind: &str, department: &str| {
        routes["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .find(|r| r["kind"] == kind && r["department"] == department)
            .map(|r| r["recipients"].clone())
    };
    for kind in ["enquiry", "applicant"] {
        assert_eq!(recipients(kind, ""), Some(body!([EMAIL])), "{routes}");
        assert_eq!(
            recipients(kind, "HR Labs"),
            Some(body!(["hr@corp.example"])),
            "{routes}"
        );
    }
    assert!(
        !routes
            .to_string()
            .contains("\"recipients\":[\"leaver@corp.example\""),
        "{routes}"
    );
    let log = audit_actions(&app).await;
    assert!(has_action(
        &log,
        EMAIL,
        "set who gets lead mail",
        "mail routes"
    ));
}
