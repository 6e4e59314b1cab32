//! `corpsite settings export|import` with images: the archive carries every portrait the
//! details name, an import on another data dir stores them as uploads are stored and the
//! about page shows them, and what cannot be had or must not be unpacked is refused with
//! nothing saved.

use std::io::Write;
use std::path::Path;

use crate::common::process::{settings, settings_done, stderr, stdout};
use crate::common::staff::{add_staff, upload_image, Browser, EMAIL, PASSWORD};
use crate::common::TestApp;
use crate::image_samples::{encoded, HTML};
use corpsite::cli::company_details::archive::{self as details_archive, Contents};
use corpsite::content::media::MediaLibrary;
use corpsite::domain::company_details::CompanyDetails;
use corpsite::store::audit;
use corpsite::store::company_details as stored;
use corpsite::store::media_images;
use image::ImageFormat;
use serde_json::Value;
use warp::http::StatusCode;

fn demo() -> Value {
    serde_json::to_value(CompanyDetails::demo().form()).expect("json")
}

/// Uploads `bytes` as a leader's portrait, as the settings screen does; answers its path.
async fn upload_portrait(app: &TestApp, browser: &Browser, bytes: Vec<u8>) -> String {
    upload_image(app, browser, "leaders", bytes).await
}

/// The portraits the stored details of `data_dir` name, by leader.
fn portraits(data_dir: &Path) -> Vec<String> {
    let conn = corpsite::store::open_for_cli(data_dir).expect("open");
    stored::read(&conn)
        .expect("read")
        .details
        .form()
        .leaders
        .iter()
        .map(|leader| leader.portrait.clone())
        .collect()
}

fn is_demo(data_dir: &Path) -> bool {
    let conn = corpsite::store::open_for_cli(data_dir).expect("open");
    stored::read(&conn).expect("read").demo
}

/// The about page of `app`, once it names `path` (within a second).
async fn about_naming(app: &TestApp, path: &str) -> String {
    app.shown_within_a_second("/about/our_vision", &format!("/media/{path}"))
        .await
}

#[tokio::test]
async fn portraits_travel_in_the_export_and_show_on_the_other_site() {
    let from = TestApp::new();
    add_staff(&from, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&from).await;
    let photo = upload_portrait(&from, &browser, encoded(ImageFormat::Jpeg, 1200, 1200)).await;
    let drawing = upload_portrait(
        &from,
        &browser,
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><circle r=\"2\"/></svg>"
            .to_vec(),
    )
    .await;
    let mut details = demo();
    details["leaders"][0]["portrait"] = photo.clone().into();
    details["leaders"][2]["portrait"] = drawing.clone().into();
    details["leaders"][5]["portrait"] = photo.clone().into();
    let saved = from
        .request(browser.change("PUT", "/api/staff/settings").json(&details))
        .await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.body());

    // Export: one archive with the details and each image once.
    let out = tempfile::tempdir().expect("dir");
    let file = out.path().join("details.tar.gz");
    assert_eq!(
        settings_done("export", &file, &from.data_dir()),
        format!(
            "corpsite: wrote the company details, no edited pages and 2 images to {}",
            file.display()
        )
    );
    let Ok(Contents::Archive {
        details_json,
        images,
        ..
    }) = details_archive::read(&file)
    else {
        panic!("not an archive");
    };
    assert_eq!(
        serde_json::from_str::<Value>(&details_json).expect("json"),
        details
    );
    let library = MediaLibrary::new(&from.data_dir());
    let mut carried: Vec<&String> = images.keys().collect();
    carried.sort();
    let mut named = vec![&photo, &drawing];
    named.sort();
    assert_eq!(carried, named);
    for (path, bytes) in &images {
        assert_eq!(
            bytes,
            &library.read(path).expect("the site's file"),
            "{path}"
        );
    }
    let again = out.path().join("again.tar.gz");
    assert!(settings("export", &again, &from.data_dir())
        .status
        .success());
    assert_eq!(
        std::fs::read(&file).expect("file"),
        std::fs::read(&again).expect("file"),
        "the same details give the same bytes"
    );

    // Import into another site, running: stored as uploads are, shown within a second.
    let to = TestApp::new();
    assert_eq!(
        settings_done("import", &file, &to.data_dir()),
        format!(
            "corpsite: imported {} and stored 2 images; changed: leaders",
            file.display()
        )
    );
    let now = portraits(&to.data_dir());
    let (photo_here, drawing_here) = (now[0].clone(), now[2].clone());
    assert_eq!(now[5], photo_here, "one image, named twice, stored once");
    assert!(photo_here.starts_with("leaders/") && photo_here.ends_with(".jpg"));
    assert!(drawing_here.starts_with("leaders/") && drawing_here.ends_with(".svg"));
    let record = to
        .db()
        .read({
            let path = photo_here.clone();
            move |conn| media_images::get(conn, &path)
        })
        .await
        .expect("read")
        .expect("the photo's renditions are recorded, as an upload's");
    assert_eq!((record.width, record.height), (1200, 1200));
    let widths: Vec<(u32, &str)> = record
        .renditions
        .iter()
        .map(|r| (r.width, r.mime.as_str()))
        .collect();
    assert_eq!(
        widths,
        [
            (480, "image/webp"),
            (480, "image/jpeg"),
            (960, "image/webp"),
            (960, "image/jpeg"),
            (1200, "image/webp"),
            (1200, "image/jpeg"),
        ]
    );
    let about = about_naming(&to, &photo_here).await;
    assert!(about.contains(&format!("/media/{drawing_here}")), "{about}");
    for path in [&photo_here, &drawing_here] {
        let response = to.get(&format!("/media/{path}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    for rendition in &record.renditions {
        let response = to.get(&format!("/media/{}", rendition.path)).await;
        assert_eq!(response.status(), StatusCode::OK, "{}", rendition.path);
    }
    let conn = corpsite::store::open_for_cli(&to.data_dir()).expect("open");
    let audit = audit::audit_log(&conn, 10).expect("audit");
    let uploads = audit
        .iter()
        .filter(|e| e.action == "uploaded" && e.actor == "command line")
        .count();
    assert_eq!(uploads, 2, "{audit:?}");
    assert!(audit
        .iter()
        .any(|e| e.action == "saved company details" && e.detail == "changed: leaders"));

    // Back again: the other site's export into it keeps the names it already has.
    let back = out.path().join("back.tar.gz");
    assert!(settings("export", &back, &to.data_dir()).status.success());
    let reimported = settings_done("import", &back, &to.data_dir());
    assert!(reimported.ends_with("; nothing differed"), "{reimported}");
    assert_eq!(portraits(&to.data_dir()), now);
}

#[test]
fn a_portrait_neither_carried_nor_here_is_named_and_nothing_is_saved() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("details.json");
    let mut details = demo();
    details["phone"] = "+91 80 1111 2222".into();
    details["leaders"][3]["portrait"] = "leaders/0123456789abcdef.jpg".into();
    std::fs::write(&file, details.to_string()).expect("write");

    let refused = settings("import", &file, dir.path());
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains(&format!(
            "leaders[3].portrait names leaders/0123456789abcdef.jpg, which {} does not carry and this site does not have; nothing was saved",
            file.display()
        )),
        "{}",
        stderr(&refused)
    );
    assert!(is_demo(dir.path()), "nothing was saved");

    // Once the site has that file, the same plain JSON file is taken as it is.
    let library = MediaLibrary::new(dir.path());
    let existing = library.root().join("leaders/0123456789abcdef.jpg");
    std::fs::create_dir_all(existing.parent().expect("folder")).expect("mkdir");
    std::fs::write(&existing, encoded(ImageFormat::Jpeg, 8, 8)).expect("write");
    let imported = settings("import", &file, dir.path());
    assert!(imported.status.success(), "{imported:?}");
    assert!(stdout(&imported).contains("changed: phone, leaders"));
    assert_eq!(portraits(dir.path())[3], "leaders/0123456789abcdef.jpg");
}

/// A gzipped tar of (name, bytes), each name written as given (no tool's own checks).
fn hostile_archive(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    for (name, bytes) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Regular);
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
        header.set_cksum();
        tar.append(&header, *bytes).expect("append");
    }
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(&tar.into_inner().expect("tar"))
        .expect("gzip");
    gzip.finish().expect("gzip")
}

#[test]
fn an_entry_outside_the_media_folder_or_not_an_image_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let site = dir.path().join("site");
    let file = dir.path().join("details.tar.gz");
    let mut details = demo();
    details["leaders"][0]["portrait"] = "leaders/0123456789abcdef.jpg".into();
    let json = details.to_string();

    std::fs::write(
        &file,
        hostile_archive(&[
            ("details.json", json.as_bytes()),
            (
                "media/leaders/0123456789abcdef.jpg",
                &encoded(ImageFormat::Jpeg, 8, 8),
            ),
            ("media/../../escaped.jpg", b"x"),
        ]),
    )
    .expect("write");
    let refused = settings("import", &file, &site);
    assert!(!refused.status.success());
    let message = stderr(&refused);
    assert!(
        message.contains("\"media/../../escaped.jpg\"") && message.contains("nothing was saved"),
        "{message}"
    );
    assert!(!dir.path().join("escaped.jpg").exists());
    assert!(is_demo(&site));
    assert!(
        !MediaLibrary::new(&site).root().join("leaders").exists(),
        "no image was stored"
    );

    std::fs::write(
        &file,
        hostile_archive(&[
            ("details.json", json.as_bytes()),
            ("media/leaders/0123456789abcdef.jpg", HTML),
        ]),
    )
    .expect("write");
    let refused = settings("import", &file, &site);
    assert!(!refused.status.success());
    let message = stderr(&refused);
    assert!(
        message.contains("leaders[0].portrait:")
            && message.contains("media/leaders/0123456789abcdef.jpg")
            && message.contains("not an image we accept")
            && message.ends_with("none of those; nothing was saved\n"),
        "{message}"
    );
    assert!(is_demo(&site));
}
