//! The page editor's pages in `corpsite settings export|import`: each page's published values,
//! its draft and the pictures they name travel in the archive; an import into another data
//! dir stores a picture as an upload is stored, publishes what was published and the site
//! shows it within a second; a bad field is named by page and path and nothing is saved; an
//! archive of an older version (no pages) is still taken and leaves the pages alone.

use std::path::Path;

use crate::common::process::{settings_done, settings_refused};
use crate::common::staff::{add_staff, upload_image, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::image_samples::encoded;
use corpsite::cli::company_details::archive::{self as details_archive, Contents};
use corpsite::content::media::MediaLibrary;
use corpsite::domain::company_details::CompanyDetails;
use corpsite::store::pages::{self as stored, PageRow};
use corpsite::store::{audit, media_images};
use image::ImageFormat;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

pub(crate) const HEADLINE: &str = "homeContent.hero.headline";
pub(crate) const PICTURE: &str = "transactionsSite.image";
const MAP_TITLE: &str = "contactContent.map.title";

/// Saves `fields` as the draft of `key` (at its current revision), and publishes it when
/// `publish`, as the editor does.
pub(crate) async fn edit_page(
    app: &TestApp,
    browser: &Browser,
    key: &str,
    fields: Value,
    publish: bool,
) {
    let revision = page(&app.data_dir(), key).revision;
    let saved = app
        .request(
            browser
                .change("PUT", &format!("/api/staff/pages/{key}"))
                .json(&body!({ "fields": fields, "revision": revision })),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.body());
    if publish {
        let revision = json(&saved)["data"]["revision"].clone();
        let published = app
            .request(
                browser
                    .change("POST", &format!("/api/staff/pages/{key}/publish"))
                    .json(&body!({ "revision": revision })),
            )
            .await;
        assert_eq!(published.status(), StatusCode::OK, "{:?}", published.body());
    }
}

/// The stored row of the page `key` in `data_dir`.
pub(crate) fn page(data_dir: &Path, key: &str) -> PageRow {
    let conn = corpsite::store::open_for_cli(data_dir).expect("open");
    stored::get(&conn, key).expect("read")
}

pub(crate) fn values(json: &str) -> Value {
    serde_json::from_str(json).expect("json")
}

#[tokio::test]
async fn pages_travel_with_their_pictures_and_show_on_the_other_site() {
    let from = TestApp::new();
    add_staff(&from, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&from).await;
    let picture = upload_image(
        &from,
        &browser,
        "pages",
        encoded(ImageFormat::Jpeg, 1200, 800),
    )
    .await;
    let home = body!({
        HEADLINE: "Offices that travel well.",
        PICTURE: {"src": picture, "alt": "The head office at dusk"},
    });
    edit_page(&from, &browser, "home", home.clone(), true).await;
    // A draft over the published values: it travels as the draft.
    let draft = body!({ HEADLINE: "Not public yet.", PICTURE: {"src": picture, "alt": "The head office at dusk"} });
    edit_page(&from, &browser, "home", draft.clone(), false).await;
    // A page never published, with a draft.
    edit_page(
        &from,
        &browser,
        "contact",
        body!({ MAP_TITLE: "Find us" }),
        false,
    )
    .await;

    let out = tempfile::tempdir().expect("dir");
    let file = out.path().join("settings.tar.gz");
    assert_eq!(
        settings_done("export", &file, &from.data_dir()),
        format!(
            "corpsite: wrote the demo details (nothing saved yet), 2 edited pages and 1 image to {}",
            file.display()
        )
    );
    let Ok(Contents::Archive {
        pages_json: Some(pages_json),
        images,
        ..
    }) = details_archive::read(&file)
    else {
        panic!("not an archive with pages");
    };
    let pages = values(&pages_json);
    assert_eq!(pages["home"], body!({ "published": home, "draft": draft }));
    assert_eq!(
        pages["contact"],
        body!({ "published": {}, "draft": { MAP_TITLE: "Find us" } })
    );
    assert_eq!(pages["footer"], body!({ "published": {} }), "every page");
    assert_eq!(images.keys().collect::<Vec<_>>(), [&picture]);
    assert_eq!(
        images[&picture],
        MediaLibrary::new(&from.data_dir())
            .read(&picture)
            .expect("the site's file")
    );

    // Into another site, running.
    let to = TestApp::new();
    assert_eq!(
        settings_done("import", &file, &to.data_dir()),
        format!(
            "corpsite: imported {} and stored 1 image; changed: page contact, page home",
            file.display()
        )
    );
    let home_here = page(&to.data_dir(), "home");
    let published = values(&home_here.published);
    assert_eq!(published[HEADLINE], "Offices that travel well.");
    let picture_here = published[PICTURE]["src"].as_str().expect("src").to_owned();
    assert!(
        picture_here.starts_with("pages/") && picture_here.ends_with(".jpg"),
        "{picture_here}"
    );
    assert_eq!(published[PICTURE]["alt"], "The head office at dusk");
    assert_eq!(values(&home_here.draft)[HEADLINE], "Not public yet.");
    assert_eq!(
        values(&home_here.draft)[PICTURE]["src"],
        picture_here.as_str()
    );
    let contact = page(&to.data_dir(), "contact");
    assert_eq!(values(&contact.published), body!({}));
    assert_eq!(values(&contact.draft), body!({ MAP_TITLE: "Find us" }));

    // Stored under its content hash, as an upload, with its renditions recorded.
    let library = MediaLibrary::new(&to.data_dir());
    let bytes = library.read(&picture_here).expect("stored");
    let hash = picture_here
        .trim_start_matches("pages/")
        .trim_end_matches(".jpg");
    assert_eq!(
        corpsite::content::media::MediaFile::new(
            "pages",
            corpsite::domain::image::ImageType::Jpeg,
            bytes
        )
        .path,
        picture_here,
        "named by its content ({hash})"
    );
    let record = to
        .db()
        .read({
            let path = picture_here.clone();
            move |conn| media_images::get(conn, &path)
        })
        .await
        .expect("read")
        .expect("recorded as an upload's");
    assert_eq!((record.width, record.height), (1200, 800));
    assert_eq!(record.renditions.len(), 6, "{:?}", record.renditions);
    for rendition in &record.renditions {
        let response = to.get(&format!("/media/{}", rendition.path)).await;
        assert_eq!(response.status(), StatusCode::OK, "{}", rendition.path);
    }

    // The site shows it within a second.
    let home_page = to
        .shown_within_a_second("/", "Offices that travel well.")
        .await;
    assert!(
        home_page.contains(&format!("/media/{picture_here}")),
        "the picture is shown"
    );
    assert!(!home_page.contains("Not public yet."));

    let conn = corpsite::store::open_for_cli(&to.data_dir()).expect("open");
    let by_command_line: Vec<(String, String)> = audit::audit_log(&conn, 20)
        .expect("audit")
        .into_iter()
        .filter(|e| e.actor == "command line")
        .map(|e| (e.action, e.subject))
        .collect();
    for expected in [
        ("uploaded", format!("image {picture_here}")),
        ("saved page draft", "page home".to_owned()),
        ("published page", "page home".to_owned()),
        ("saved page draft", "page contact".to_owned()),
    ] {
        let expected = (expected.0.to_owned(), expected.1);
        assert!(
            by_command_line.contains(&expected),
            "{expected:?} in {by_command_line:?}"
        );
    }
    let (revisions, _) = stored::revisions(&conn, "home").expect("revisions");
    assert_eq!(
        revisions, 2,
        "the published values' save and the draft's, kept"
    );

    // The same archive again changes nothing.
    let again = settings_done("import", &file, &to.data_dir());
    assert!(again.ends_with("; nothing differed"), "{again}");
    assert_eq!(page(&to.data_dir(), "home").revision, home_here.revision);
}

/// The office's hero video travels with the pages: exported with its bytes, taken on the
/// other site through the one door for videos (under the same name: its content is the
/// same), and played there.
#[tokio::test]
async fn the_hero_video_travels_with_the_pages() {
    let from = TestApp::new();
    add_staff(&from, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&from).await;
    let sent = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/ui/src/assets/video/md-message.mp4"
    ))
    .expect("a video");
    let uploaded = from
        .request(
            browser
                .change("POST", "/api/staff/media?folder=pages&kind=video")
                .body(sent),
        )
        .await;
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let video = json(&uploaded)["path"].as_str().expect("path").to_owned();
    edit_page(
        &from,
        &browser,
        "home",
        body!({ "heroVideo.src": { "src": video } }),
        true,
    )
    .await;
    let out = tempfile::tempdir().expect("dir");
    let file = out.path().join("settings.tar.gz");
    let wrote = settings_done("export", &file, &from.data_dir());
    assert!(wrote.contains("1 edited page and 1 video to"), "{wrote}");

    let to = TestApp::new();
    let imported = settings_done("import", &file, &to.data_dir());
    assert!(
        imported.contains("stored 1 video; changed: page home"),
        "{imported}"
    );
    let published = values(&page(&to.data_dir(), "home").published);
    assert_eq!(published["heroVideo.src"]["src"], video.as_str());
    assert_eq!(
        MediaLibrary::new(&to.data_dir())
            .read(&video)
            .expect("stored"),
        MediaLibrary::new(&from.data_dir())
            .read(&video)
            .expect("sent")
    );
    let home = to
        .shown_within_a_second("/", &format!("/media/{video}"))
        .await;
    assert!(home.contains(&format!("src=\"/media/{video}\"")));

    // A file that is no video, carried under a video's name, is refused by name.
    let bad = out.path().join("bad.tar.gz");
    let pages = body!({ "home": { "published": { "heroVideo.src": { "src": "pages/0123456789abcdef.mp4" } } } });
    archive_of(
        &bad,
        Some(&pages.to_string()),
        &[("pages/0123456789abcdef.mp4", b"not a video at all".to_vec())],
    );
    let refused = settings_refused("import", &bad, &to.data_dir());
    assert!(
        refused.contains("page home: heroVideo.src.src") && refused.contains("MP4 or WebM"),
        "{refused}"
    );
}

/// An archive of `pages_json` (None: of an older version) with the demo details and the
/// `images`.
fn archive_of(file: &Path, pages_json: Option<&str>, images: &[(&str, Vec<u8>)]) {
    let details = serde_json::to_string(CompanyDetails::demo().form()).expect("json");
    let images = images
        .iter()
        .map(|(path, bytes)| ((*path).to_owned(), bytes.clone()))
        .collect();
    details_archive::write(file, &details, pages_json, &images).expect("write");
}

#[test]
fn a_bad_field_is_named_by_page_and_path_and_nothing_is_saved() {
    let dir = tempfile::tempdir().expect("dir");
    let site = dir.path().join("site");
    let file = dir.path().join("settings.tar.gz");
    let good_picture = "pages/0123456789abcdef.jpg";
    let pages = body!({
        "contact": { "published": { MAP_TITLE: "Find us" } },
        "home": {
            "published": {
                PICTURE: { "src": good_picture, "alt": "A skyline" },
                "homeContent.hero.subline": "Fine words.",
            },
            "draft": { HEADLINE: "" },
        },
    });
    archive_of(
        &file,
        Some(&pages.to_string()),
        &[(good_picture, encoded(ImageFormat::Jpeg, 600, 400))],
    );
    let said = settings_refused("import", &file, &site);
    assert!(
        said.contains(
            "page home (draft): homeContent.hero.headline: Hero: headline cannot be empty."
        ) && said.contains("nothing was saved"),
        "{said}"
    );
    for key in ["home", "contact"] {
        assert_eq!(page(&site, key).revision, 0, "{key}: nothing saved");
    }
    let media = MediaLibrary::new(&site).root().join("pages");
    assert!(
        !media.exists() || std::fs::read_dir(&media).expect("dir").next().is_none(),
        "no picture stored"
    );

    // A field the page does not have, a page the catalog does not have, a picture neither
    // carried nor here: each named.
    let cases = [
        (
            body!({ "home": { "published": { "homeContent.nowhere": "x" } } }),
            "page home: homeContent.nowhere: Home has no field homeContent.nowhere.",
        ),
        (
            body!({ "nowhere": { "published": {} } }),
            "pages.json: no page is called \"nowhere\"",
        ),
        (
            body!({ "home": { "published": { PICTURE: { "src": "pages/fedcba9876543210.jpg", "alt": "A" } } } }),
            "page home: transactionsSite.image.src names pages/fedcba9876543210.jpg, which",
        ),
        (
            body!({ "home": { "published": {}, "extra": {} } }),
            "page home: not a page's values",
        ),
    ];
    for (pages, words) in cases {
        archive_of(&file, Some(&pages.to_string()), &[]);
        let said = settings_refused("import", &file, &site);
        assert!(
            said.contains(words) && said.contains("nothing was saved"),
            "{words}: {said}"
        );
        assert_eq!(page(&site, "home").revision, 0, "{pages}: nothing saved");
    }
}

#[tokio::test]
async fn an_archive_of_an_older_version_is_taken_and_leaves_the_pages_alone() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    edit_page(
        &app,
        &browser,
        "home",
        body!({ HEADLINE: "Ours, kept." }),
        true,
    )
    .await;
    let before = page(&app.data_dir(), "home");

    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("older.tar.gz");
    let mut details = CompanyDetails::demo().form().clone();
    details.phone = "+91 80 4444 7777".into();
    let json = serde_json::to_string(&details).expect("json");
    details_archive::write(&file, &json, None, &Default::default()).expect("write");
    let imported = settings_done("import", &file, &app.data_dir());
    assert!(imported.ends_with("changed: phone"), "{imported}");
    assert_eq!(
        page(&app.data_dir(), "home"),
        before,
        "the pages are left alone"
    );
    app.shown_within_a_second("/", "Ours, kept.").await;
}
