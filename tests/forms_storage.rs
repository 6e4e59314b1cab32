//! When the disk, the uploads quota or the database file cannot take a form, the form is
//! answered 507 or 503 with a message a visitor understands, and nothing half-stored is left.

use std::time::{Duration, Instant};

use crate::common::{header, json, TestApp};
use crate::leads_support::{
    applicants, contact, enquiries, file, fixture, post_application, post_json, upload_files,
    with_application,
};

#[tokio::test]
async fn an_application_over_the_uploads_quota_gets_507_and_nothing_is_stored() {
    let app = TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.uploads_quota = 100;
    });
    let response = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(response.status(), 507, "{}", json(&response));
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("cannot take more applications right now")));
    assert!(applicants(&app).is_empty());
    assert!(upload_files(&app.data_dir()).is_empty());
}

#[tokio::test]
async fn with_the_disk_nearly_full_forms_get_507_and_pages_still_load() {
    let app = TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.min_free_disk = u64::MAX;
    });
    let response = post_json(&app, &contact()).await;
    assert_eq!(response.status(), 507);
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("storage is full")));
    assert!(enquiries(&app).is_empty());
    assert_eq!(app.get("/api/corp_website/blogs/get").await.status(), 200);
}

#[tokio::test]
async fn a_database_file_deleted_while_running_stops_the_forms_with_503() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    let db_file = app.data_dir().join(corpsite::store::DB_FILE);
    std::fs::rename(&db_file, app.data_dir().join("moved-away.db")).expect("move the file");
    std::fs::write(&db_file, b"").expect("another file in its place");
    let started = Instant::now();
    let response = loop {
        let response = post_json(&app, &contact()).await;
        if response.status() != 201 || started.elapsed() > Duration::from_secs(5) {
            break response;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(response.status(), 503, "{}", json(&response));
    assert!(header(&response, "retry-after").parse::<u64>().is_ok());
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("cannot take forms right now")));
}
