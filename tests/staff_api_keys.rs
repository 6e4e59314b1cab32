//! API keys for trusted callers: an owner makes one at `/staff/team` (shown once, stored as
//! its SHA-256), a form post carrying it as `Authorization: Bearer KEY` skips the proof of
//! work and is counted on the key; a revoked or unknown key is refused; making and revoking
//! are audited; only the team area's owners reach the keys.

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{
    application_request, contact, enquiries, file, fixture, from, with_application,
};

const CLIENT: [u8; 4] = [198, 51, 100, 7];

fn app() -> TestApp {
    TestApp::with_settings(|s| s.rate_limit_per_minute = 0)
}

/// The contact form's post from a sister site's server, with `authorization` and no proof.
fn keyed_enquiry(authorization: &str) -> warp::test::RequestBuilder {
    from(CLIENT)
        .method("POST")
        .path("/api/clients/create")
        .header("authorization", authorization)
        .json(&contact())
}

async fn owner(app: &TestApp) -> Browser {
    add_staff(app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(app).await
}

async fn make_key(app: &TestApp, owner: &Browser, name: &str) -> Value {
    let made = app
        .request(
            owner
                .change("POST", "/api/staff/team/api-keys")
                .json(&body!({ "name": name })),
        )
        .await;
    assert_eq!(made.status(), 201, "{:?}", made.body());
    json(&made)
}

fn audit_actions(app: &TestApp) -> Vec<(String, String)> {
    app.db()
        .read_blocking(|conn| {
            let mut rows = conn.prepare(
                "SELECT action, subject FROM audit_log WHERE action LIKE '%API key%' ORDER BY id",
            )?;
            let rows = rows
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
        .expect("audit")
}

#[tokio::test]
async fn a_key_is_shown_once_skips_the_proof_is_counted_and_refused_once_revoked() {
    let app = app();
    let owner = owner(&app).await;
    let made = make_key(&app, &owner, "  Group careers site ").await;
    let key = made["key"].as_str().expect("the key").to_owned();
    assert_eq!(key.len(), 64);
    let listed = &made["keys"][0];
    assert_eq!(listed["name"], "Group careers site");
    assert_eq!(listed["uses"], 0);
    assert!(listed["last_used_at"].is_null());
    assert!(listed.get("key").is_none() && !made["keys"].to_string().contains(&key));
    // Only its SHA-256 is stored.
    let stored: String = app
        .db()
        .read_blocking(
            |conn| Ok(conn.query_row("SELECT key_hash FROM api_keys", [], |r| r.get(0))?),
        )
        .expect("stored");
    assert_ne!(stored, key);
    assert_eq!(stored, corpsite::domain::staff::token_digest(&key));

    // No proof, but the key: stored, and counted on the key.
    for _ in 0..2 {
        let created = app.request(keyed_enquiry(&format!("Bearer {key}"))).await;
        assert_eq!(created.status(), 201, "{:?}", created.body());
    }
    let application = application_request(&with_application(file("cv.png", fixture("resume.png"))))
        .header("authorization", format!("Bearer {key}"));
    assert_eq!(app.request(application).await.status(), 201);
    assert_eq!(enquiries(&app).len(), 2);
    let keys = json(&app.request(owner.get("/api/staff/team/api-keys")).await);
    assert_eq!(keys["keys"][0]["uses"], 3);
    assert!(keys["keys"][0]["last_used_at"].is_string());

    // The honeypot still holds for a keyed post.
    let mut bot = contact();
    bot["website"] = "https://spam.example".into();
    let trapped = app
        .request(
            from(CLIENT)
                .method("POST")
                .path("/api/clients/create")
                .header("authorization", format!("Bearer {key}"))
                .json(&bot),
        )
        .await;
    // Answered as the site answers a robot (201), and nothing stored.
    assert_eq!(trapped.status(), 201);
    assert_eq!(enquiries(&app).len(), 2, "a honeypot post stores nothing");

    // Unknown and malformed keys: 401; a revoked key: 403; each a JSON error, nothing stored.
    for (authorization, status) in [
        ("Bearer not-a-key-of-this-site", 401),
        ("Basic dXNlcjpwYXNz", 401),
        ("Bearer", 401),
    ] {
        let refused = app.request(keyed_enquiry(authorization)).await;
        assert_eq!(refused.status(), status, "{authorization}");
        assert!(json(&refused)["message"]
            .as_str()
            .expect("message")
            .contains("API key"));
    }
    let id = keys["keys"][0]["id"].as_i64().expect("id");
    let revoked = app
        .request(owner.change("DELETE", &format!("/api/staff/team/api-keys/{id}")))
        .await;
    assert_eq!(revoked.status(), 200);
    assert!(json(&revoked)["keys"][0]["revoked_at"].is_string());
    let refused = app.request(keyed_enquiry(&format!("Bearer {key}"))).await;
    assert_eq!(refused.status(), 403);
    assert!(json(&refused)["message"]
        .as_str()
        .expect("message")
        .contains("revoked"));
    assert_eq!(enquiries(&app).len(), 2);
    let again = app
        .request(owner.change("DELETE", &format!("/api/staff/team/api-keys/{id}")))
        .await;
    assert_eq!(again.status(), 404);

    assert_eq!(
        audit_actions(&app),
        vec![
            (
                "made an API key".to_owned(),
                "Group careers site".to_owned()
            ),
            (
                "revoked an API key".to_owned(),
                "Group careers site".to_owned()
            ),
        ]
    );
}

#[tokio::test]
async fn only_owners_reach_the_keys_and_a_name_is_required() {
    let app = app();
    let owner = owner(&app).await;
    let unnamed = app
        .request(
            owner
                .change("POST", "/api/staff/team/api-keys")
                .json(&body!({ "name": "  " })),
        )
        .await;
    assert_eq!(unnamed.status(), 422);
    assert!(json(&unnamed)["errors"]["name"].is_string());

    add_staff_as(&app, "editor@corp.example", PASSWORD, false, Role::Editor).await;
    let editor = Browser::sign_in_with(&app, "editor@corp.example", PASSWORD).await;
    for request in [
        editor.get("/api/staff/team/api-keys"),
        editor
            .change("POST", "/api/staff/team/api-keys")
            .json(&body!({ "name": "Mine" })),
        editor.change("DELETE", "/api/staff/team/api-keys/1"),
    ] {
        let refused = app.request(request).await;
        assert_eq!(refused.status(), 403);
    }
    let count: i64 = app
        .db()
        .read_blocking(
            |conn| Ok(conn.query_row("SELECT count(*) FROM api_keys", [], |r| r.get(0))?),
        )
        .expect("count");
    assert_eq!(count, 0);
}
