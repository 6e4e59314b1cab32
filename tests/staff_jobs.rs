//! Job openings through the real filters: a recruiter creates a draft, saves it (the 409 of a
//! second tab's stale save, 422 naming every bad field and storing nothing), publishes and
//! closes it; the audit lines; the roles that may not; the content version the public pages
//! follow moving only for what the public sees.

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff_as, Browser, PASSWORD};
use crate::common::{json, TestApp};

pub(crate) const RECRUITER: &str = "recruiter@corp.example";

pub(crate) fn form(title: &str) -> Value {
    body!({
        "title": title,
        "department": "Facility management",
        "location": "Whitefield",
        "employment_type": "full_time",
        "workplace": "hybrid",
        "salary_min": 600000,
        "salary_max": 900000,
        "description": "<p>Runs the <strong>site</strong>.</p><img src=x onerror=alert(1)>",
        "openings": 2,
        "closes_at": "2099-12-31T18:00",
    })
}

pub(crate) async fn recruiter(app: &TestApp) -> Browser {
    add_staff_as(app, RECRUITER, PASSWORD, false, Role::Recruiter).await;
    Browser::sign_in_with(app, RECRUITER, PASSWORD).await
}

pub(crate) async fn send(
    app: &TestApp,
    browser: &Browser,
    method: &str,
    path: &str,
    form: &Value,
) -> warp::http::Response<bytes::Bytes> {
    app.request(browser.change(method, path).json(form)).await
}

/// The id and revision a change answered, after checking its status.
pub(crate) fn saved(
    response: &warp::http::Response<bytes::Bytes>,
    status: StatusCode,
) -> (i64, i64) {
    assert_eq!(response.status(), status, "{:?}", response.body());
    let data = &json(response)["data"];
    (
        data["id"].as_i64().expect("id"),
        data["revision"].as_i64().expect("revision"),
    )
}

fn content_version(app: &TestApp) -> i64 {
    app.db()
        .read_blocking(corpsite::store::blogs::version)
        .expect("version")
}

fn audited(app: &TestApp) -> Vec<(String, String)> {
    app.db()
        .read_blocking(|conn| {
            let mut stmt = conn.prepare(
                "SELECT action, subject FROM audit_log WHERE subject LIKE 'job %' ORDER BY id",
            )?;
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .expect("audit")
}

#[tokio::test]
async fn a_recruiter_keeps_an_opening_from_draft_to_published_to_closed() {
    let app = TestApp::new();
    let tab_a = recruiter(&app).await;
    let version = content_version(&app);

    let (id, revision) = saved(
        &send(
            &app,
            &tab_a,
            "POST",
            "/api/staff/jobs",
            &form("Site engineer"),
        )
        .await,
        StatusCode::CREATED,
    );
    assert_eq!(revision, 1);
    assert_eq!(content_version(&app), version, "a draft is not public");

    let opened = app
        .request(tab_a.get(&format!("/api/staff/jobs/{id}")))
        .await;
    assert_eq!(opened.status(), StatusCode::OK, "{:?}", opened.body());
    let opened = json(&opened);
    let job = &opened["data"];
    assert_eq!(job["slug"], "site-engineer");
    assert_eq!(job["url"], "/join_us/site-engineer");
    assert_eq!(job["state"], "draft");
    assert_eq!(job["closes_local"], "2099-12-31T18:00");
    assert_eq!(
        job["closes_at"], "2099-12-31T12:30:00Z",
        "read on the office's clock"
    );
    let description = job["description"].as_str().unwrap_or("");
    assert!(
        description.contains("<strong>site</strong>"),
        "{description}"
    );
    assert!(!description.contains("onerror"), "sanitized: {description}");
    let places: Vec<&str> = opened["choices"]["locations"]
        .as_array()
        .expect("locations")
        .iter()
        .filter_map(|place| place["name"].as_str())
        .collect();
    assert!(
        places.contains(&"Head office") && places.contains(&"Whitefield"),
        "{places:?}"
    );

    // An autosave of the draft, then a second tab's save from the first revision: 409.
    let mut autosave = form("Senior site engineer");
    autosave["revision"] = body!(revision);
    autosave["autosave"] = body!(true);
    let (_, revision) = saved(
        &send(
            &app,
            &tab_a,
            "PUT",
            &format!("/api/staff/jobs/{id}"),
            &autosave,
        )
        .await,
        StatusCode::OK,
    );
    assert_eq!(revision, 2);
    let mut stale = form("Chief site engineer");
    stale["revision"] = body!(1);
    let conflict = send(
        &app,
        &tab_a,
        "PUT",
        &format!("/api/staff/jobs/{id}"),
        &stale,
    )
    .await;
    assert_eq!(
        conflict.status(),
        StatusCode::CONFLICT,
        "{:?}",
        conflict.body()
    );
    let message = json(&conflict)["message"].as_str().unwrap_or("").to_owned();
    assert!(
        message.starts_with("This job opening was saved by "),
        "{message}"
    );

    // Every bad field named, nothing stored.
    let mut bad = form("");
    bad["revision"] = body!(revision);
    bad["location"] = body!("Atlantis");
    bad["salary_min"] = body!(900000);
    bad["salary_max"] = body!(600000);
    bad["openings"] = body!(0);
    bad["closes_at"] = body!("tomorrow");
    let refused = send(&app, &tab_a, "PUT", &format!("/api/staff/jobs/{id}"), &bad).await;
    assert_eq!(
        refused.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        refused.body()
    );
    let errors = json(&refused)["errors"].clone();
    for field in ["title", "location", "salary_max", "openings", "closes_at"] {
        assert!(errors.get(field).is_some(), "{field} named in {errors}");
    }
    let kept = json(
        &app.request(tab_a.get(&format!("/api/staff/jobs/{id}")))
            .await,
    );
    assert_eq!(kept["data"]["title"], "Senior site engineer");
    assert_eq!(kept["data"]["revision"], 2);

    // Published: the public's content moves; publishing again is a conflict.
    let (_, revision) = saved(
        &send(
            &app,
            &tab_a,
            "POST",
            &format!("/api/staff/jobs/{id}/publish"),
            &body!({"revision": revision}),
        )
        .await,
        StatusCode::OK,
    );
    assert!(
        content_version(&app) > version,
        "published: the pages follow"
    );
    let again = send(
        &app,
        &tab_a,
        "POST",
        &format!("/api/staff/jobs/{id}/publish"),
        &body!({"revision": revision}),
    )
    .await;
    assert_eq!(again.status(), StatusCode::CONFLICT, "{:?}", again.body());

    // A published opening's autosave is refused; its closing time must be to come.
    let mut late = form("Senior site engineer");
    late["revision"] = body!(revision);
    late["autosave"] = body!(true);
    let refused = send(&app, &tab_a, "PUT", &format!("/api/staff/jobs/{id}"), &late).await;
    assert_eq!(
        refused.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        refused.body()
    );
    late["autosave"] = body!(false);
    late["closes_at"] = body!("2001-01-01T10:00");
    let refused = send(&app, &tab_a, "PUT", &format!("/api/staff/jobs/{id}"), &late).await;
    assert_eq!(
        refused.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        refused.body()
    );
    assert!(json(&refused)["errors"]["closes_at"].is_string());

    let (_, revision) = saved(
        &send(
            &app,
            &tab_a,
            "POST",
            &format!("/api/staff/jobs/{id}/close"),
            &body!({"revision": revision}),
        )
        .await,
        StatusCode::OK,
    );
    let list = json(&app.request(tab_a.get("/api/staff/jobs")).await);
    assert_eq!(list["data"][0]["state"], "closed");
    assert!(list["data"][0]["closed_at"].is_string());

    let gone = app
        .request(tab_a.change(
            "DELETE",
            &format!("/api/staff/jobs/{id}?revision={revision}"),
        ))
        .await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT, "{:?}", gone.body());
    let missing = app
        .request(tab_a.get(&format!("/api/staff/jobs/{id}")))
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    let actions: Vec<String> = audited(&app)
        .into_iter()
        .map(|(action, _)| action)
        .collect();
    assert_eq!(
        actions,
        [
            "created job opening",
            "published job opening",
            "closed job opening",
            "deleted job opening"
        ],
        "an autosave and the refused changes are not audited"
    );
}

#[tokio::test]
async fn only_owners_and_recruiters_reach_the_openings_and_bad_bodies_get_json() {
    let app = TestApp::new();
    add_staff_as(&app, "editor@corp.example", PASSWORD, false, Role::Editor).await;
    let editor = Browser::sign_in_with(&app, "editor@corp.example", PASSWORD).await;
    let read = app.request(editor.get("/api/staff/jobs")).await;
    assert_eq!(read.status(), StatusCode::FORBIDDEN, "{:?}", read.body());
    let made = send(
        &app,
        &editor,
        "POST",
        "/api/staff/jobs",
        &form("Site engineer"),
    )
    .await;
    assert_eq!(made.status(), StatusCode::FORBIDDEN);

    let recruiter = recruiter(&app).await;
    let mut unknown = form("Site engineer");
    unknown["colour"] = body!("red");
    let refused = send(&app, &recruiter, "POST", "/api/staff/jobs", &unknown).await;
    assert!(refused.status().is_client_error(), "{:?}", refused.status());
    assert!(json(&refused)["message"].is_string());
    let huge = form(&"x".repeat(200));
    let refused = send(&app, &recruiter, "POST", "/api/staff/jobs", &huge).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&refused)["errors"]["title"].is_string());
    let nothing = app.request(recruiter.get("/api/staff/jobs/99")).await;
    assert_eq!(nothing.status(), StatusCode::NOT_FOUND);
    assert!(json(&nothing)["message"].is_string());
    let list = json(&app.request(recruiter.get("/api/staff/jobs")).await);
    assert_eq!(list["data"], body!([]), "nothing was stored");
}
