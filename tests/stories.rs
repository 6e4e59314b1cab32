//! The staff's story editor through the real filters: image uploads, creating, saving and
//! scheduling stories, version conflicts, and what the public site shows of each state.

mod common;

use common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use common::{json, TestApp};
use corpsite::publish::media::MediaLibrary;
use warp::http::StatusCode;

async fn signed_in() -> (TestApp, Browser) {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect(name)
}

#[tokio::test]
async fn an_uploaded_image_is_checked_stored_under_its_hash_and_audited() {
    let (app, browser) = signed_in().await;
    let response = app
        .request(
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .header("content-type", "image/jpeg")
                .body(fixture("resume.jpg")),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{:?}",
        response.body()
    );
    let path = json(&response)["path"].as_str().expect("path").to_owned();
    assert!(
        path.starts_with("blogs/") && path.ends_with(".jpg"),
        "{path}"
    );
    let stored = MediaLibrary::new(&app.data_dir()).root().join(&path);
    assert!(stored.is_file(), "{}", stored.display());

    let public = app.get(&format!("/media/{path}")).await;
    assert_eq!(public.status(), StatusCode::OK);

    let audit = app
        .db()
        .read_blocking(|conn| Ok(corpsite::store::staff::audit_log(conn, 10)?))
        .expect("audit");
    assert!(
        audit
            .iter()
            .any(|e| e.action == "uploaded" && e.subject.contains(&path)),
        "{audit:?}"
    );
}

#[tokio::test]
async fn an_upload_that_is_no_image_or_too_large_or_unsigned_is_refused_in_json() {
    let (app, browser) = signed_in().await;
    let cases: Vec<(&str, warp::test::RequestBuilder, StatusCode)> = vec![
        (
            "html posing as an image",
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .header("content-type", "image/png")
                .body("<html><script>alert(1)</script></html>"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "no folder",
            browser
                .change("POST", "/api/staff/media")
                .body(fixture("resume.png")),
            StatusCode::BAD_REQUEST,
        ),
        (
            "a folder outside the list",
            browser
                .change("POST", "/api/staff/media?folder=..%2Fuploads")
                .body(fixture("resume.png")),
            StatusCode::BAD_REQUEST,
        ),
        (
            "over 5 MB",
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .body(vec![0u8; 5 * 1024 * 1024 + 1]),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "no CSRF token",
            common::staff::site_request("POST", "/api/staff/media?folder=blogs")
                .header("cookie", &browser.cookie)
                .body(fixture("resume.png")),
            StatusCode::FORBIDDEN,
        ),
        (
            "no session",
            common::staff::site_request("POST", "/api/staff/media?folder=blogs")
                .body(fixture("resume.png")),
            StatusCode::UNAUTHORIZED,
        ),
    ];
    for (case, request, status) in cases {
        let response = app.request(request).await;
        assert_eq!(response.status(), status, "{case}: {:?}", response.body());
        assert!(
            json(&response)["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{case}: {:?}",
            response.body()
        );
    }
    let media = MediaLibrary::new(&app.data_dir()).root().join("blogs");
    let stored = std::fs::read_dir(&media).map(|d| d.count()).unwrap_or(0);
    assert_eq!(stored, 0, "nothing refused was stored");
}
