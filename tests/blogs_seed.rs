//! The demo content: published on the first start of a new database, and never again.

use crate::common::{header, json, TestApp};
use corpsite::server::open_store;
use corpsite::settings::Settings;
use corpsite::store::{blogs, StoreError};
use serde_json::Value;

/// A first start of a new database, which publishes the demo content.
fn seeded() -> TestApp {
    TestApp::with_settings(|s| s.seed_demo_content = true)
}

/// What a first start left: the run's one copy of it (published by the same function), for
/// the tests of what was published rather than of publishing.
fn published() -> TestApp {
    TestApp::with_demo_content(|_| {})
}

async fn all_blogs(app: &TestApp) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1..=10 {
        let body = json(
            &app.get(&format!("/api/corp_website/blogs/get?page={page}"))
                .await,
        );
        all.extend(
            body["data"]["datas"]
                .as_array()
                .expect("datas")
                .iter()
                .cloned(),
        );
        if body["data"]["pagination"]["pages"] == page {
            break;
        }
    }
    all
}

#[tokio::test]
async fn a_new_database_gets_varied_demo_stories_over_two_pages() {
    let app = seeded();
    let body = json(&app.get("/api/corp_website/blogs/get").await);
    let pagination = &body["data"]["pagination"];
    assert!(
        pagination["total"].as_u64().is_some_and(|n| n >= 14),
        "{pagination}"
    );
    assert_eq!(pagination["pages"], 2);

    let blogs = all_blogs(&app).await;
    assert!(blogs.len() >= 14);
    assert!(
        blogs.iter().any(|b| b["written_by"].is_null()),
        "a post without author"
    );
    assert!(blogs
        .iter()
        .any(|b| b["written_by"]["profile_photo"].is_null() && b["written_by"].is_object()));
    assert!(blogs
        .iter()
        .any(|b| b["written_by"]["profile_photo"].is_string()));
    for blog in &blogs {
        let tags = blog["tags"].as_array().expect("tags").len();
        assert!((1..=3).contains(&tags), "{}: {tags} tags", blog["_id"]);
        assert!(
            blog["content"].as_str().is_some_and(|c| c.contains("<h2>")),
            "{}",
            blog["_id"]
        );
    }
    let colours: std::collections::HashSet<&str> =
        blogs.iter().filter_map(|b| b["color"].as_str()).collect();
    assert!(colours.len() > 5);
}

#[tokio::test]
async fn every_demo_image_is_served_from_the_media_folder() {
    let app = published();
    let mut photos = 0;
    for blog in all_blogs(&app).await {
        let mut paths: Vec<(String, String)> = Vec::new();
        for (path, set) in [
            (&blog["blog_image"], &blog["blog_image_set"]),
            (
                &blog["written_by"]["profile_photo"],
                &blog["written_by"]["profile_photo_set"],
            ),
        ] {
            let Some(path) = path.as_str() else { continue };
            match set["sources"].as_array() {
                // A photo: every rendition, the path's own JPEG among them.
                Some(sources) => {
                    photos += 1;
                    assert!(sources.iter().any(|s| s["path"] == path), "{set}");
                    for source in sources {
                        paths.push((
                            source["path"].as_str().expect("path").to_owned(),
                            source["type"].as_str().expect("type").to_owned(),
                        ));
                    }
                }
                None => paths.push((path.to_owned(), "image/svg+xml".to_owned())),
            }
        }
        for (path, mime) in paths {
            let response = app.get(&format!("/media/{path}")).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(header(&response, "content-type"), mime, "{path}");
            assert_eq!(
                header(&response, "cache-control"),
                "public, max-age=31536000, immutable"
            );
            assert!(
                app.data_dir().join("media").join(&path).is_file(),
                "{path} copied into media"
            );
        }
    }
    assert!(photos >= 14, "the demo stories have photos: {photos}");
}

#[tokio::test]
async fn demo_images_are_still_served_from_the_binary_when_the_media_folder_lost_them() {
    let app = published();
    let blogs = all_blogs(&app).await;
    std::fs::remove_dir_all(app.data_dir().join("media")).expect("remove media");
    let photo = blogs
        .iter()
        .find(|b| b["blog_image_set"].is_object())
        .expect("a photo");
    let path = photo["blog_image"].as_str().expect("an image");
    let response = app.get(&format!("/media/{path}")).await;
    assert_eq!(response.status(), 200);
    assert!(response.body().starts_with(b"\xff\xd8\xff"), "a JPEG");
    let webp = photo["blog_image_set"]["sources"][0]["path"]
        .as_str()
        .expect("a rendition");
    let response = app.get(&format!("/media/{webp}")).await;
    assert_eq!(response.status(), 200, "{webp}");
    assert_eq!(&response.body()[8..12], b"WEBP");
    let drawing = blogs
        .iter()
        .find(|b| b["blog_image"].is_string() && b["blog_image_set"].is_null())
        .expect("a post with an SVG drawing");
    let path = drawing["blog_image"].as_str().expect("an image");
    let response = app.get(&format!("/media/{path}")).await;
    assert_eq!(response.status(), 200);
    assert!(String::from_utf8_lossy(response.body()).contains("<svg"));
}

#[test]
fn the_seed_runs_once_per_database_even_after_every_post_is_removed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = Settings::for_data_dir(dir.path());
    assert!(settings.seed_demo_content, "seeding is the default");
    let count = |db: &std::sync::Arc<corpsite::store::Db>| {
        db.read_blocking(|c| blogs::count(c, None)).expect("count")
    };

    let db = open_store(&settings).expect("first start");
    let first = count(&db);
    assert!(first >= 14);
    db.close();
    drop(db);

    let db = open_store(&settings).expect("second start");
    assert_eq!(count(&db), first, "no second seed");
    db.write_blocking(|c| {
        c.execute_batch("DELETE FROM blogs")
            .map_err(StoreError::from)
    })
    .expect("delete all");
    db.close();
    drop(db);

    let db = open_store(&settings).expect("third start");
    assert_eq!(count(&db), 0, "the office's removals stand");
}
