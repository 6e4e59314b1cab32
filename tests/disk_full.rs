//! A full disk, for real (a tiny tmpfs): writes answer 507 with a message on every path,
//! staff uploads included; the staff can still read their inbox; and `leads erase` frees
//! room even when the database cannot write a byte.

use std::path::Path;
use std::process::Command;

use image::ImageFormat;
use warp::http::StatusCode;

use crate::common::process::BINARY;
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp, TinyDisk};
use crate::image_samples::encoded;
use crate::leads_support::{file, fixture, post_application, with_application};

/// A site whose data dir is on `disk`, with no free-space margin (so the writes themselves
/// meet the full disk) and no rate limit.
fn app_on(disk: &TinyDisk) -> TestApp {
    TestApp::with_settings(|s| {
        s.data_dir = disk.path().join("data");
        s.min_free_disk = 0;
        s.rate_limit_per_minute = 0;
    })
}

/// Fills the disk of `dir` to the last byte.
fn fill(dir: &Path) {
    let mut filler = std::fs::File::create(dir.join("filler")).expect("filler");
    let block = vec![7u8; 64 * 1024];
    loop {
        if std::io::Write::write_all(&mut filler, &block).is_err() {
            break;
        }
    }
    let small = [7u8; 512];
    while std::io::Write::write_all(&mut filler, &small).is_ok() {}
    let _ = filler.sync_all();
}

#[tokio::test]
async fn a_staff_upload_at_a_full_disk_answers_507_and_the_inbox_still_reads() {
    let disk = TinyDisk::mount(24 * 1024 * 1024);
    let app = app_on(&disk);
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    fill(disk.path());

    let upload = app
        .request(
            browser
                .change("POST", "/api/staff/media?folder=blogs")
                .body(encoded(ImageFormat::Png, 1200, 800)),
        )
        .await;
    assert_eq!(
        upload.status(),
        StatusCode::INSUFFICIENT_STORAGE,
        "{:?}",
        upload.body()
    );
    assert!(json(&upload)["message"]
        .as_str()
        .is_some_and(|m| m.contains("storage is full")));

    let inbox = app.request(browser.get("/api/staff/inbox/enquiries")).await;
    assert_eq!(inbox.status(), StatusCode::OK, "{:?}", inbox.body());
}

#[tokio::test]
async fn leads_erase_frees_room_when_the_disk_is_full() {
    let disk = TinyDisk::mount(24 * 1024 * 1024);
    let app = app_on(&disk);
    let data_dir = disk.path().join("data");
    let applied = post_application(
        &app,
        &with_application(file("cv.jpg", fixture("resume.jpg"))),
    )
    .await;
    assert_eq!(applied.status(), StatusCode::CREATED);
    fill(disk.path());

    let erased = Command::new(BINARY)
        .args(["leads", "erase", "ravi@example.com", "--data-dir"])
        .arg(&data_dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite");
    assert!(
        erased.status.success(),
        "{}",
        String::from_utf8_lossy(&erased.stderr)
    );
    assert!(String::from_utf8_lossy(&erased.stdout).contains("1 applications"));
    let resumes = std::fs::read_dir(data_dir.join("uploads"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(resumes, 0, "the resume is gone");
}
