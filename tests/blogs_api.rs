//! The blog API as the site calls it, through the real filters and a real database.

use crate::common::{header, json, TestApp};
use corpsite::content::{self, PreparedPost};
use corpsite::store::StoreError;
use jiff::civil::date;
use serde_json::Value;

/// A post file with the given front matter lines and body.
fn post(file: &str, front: &str, body: &str) -> PreparedPost {
    let text = format!("---\n{front}\n---\n{body}\n");
    content::prepare(file, &text, date(2025, 6, 1), |_| {
        Ok(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
    })
    .expect("a valid post")
}

/// `n` simple posts, one a day from 2025-01-01 (so the last is the newest).
fn numbered_posts(n: usize) -> Vec<PreparedPost> {
    (1..=n)
        .map(|i| {
            post(
                &format!("{i:02}.md"),
                &format!("title: Post {i}\nmotive: Motive {i}\ndate: 2025-01-{i:02}"),
                "Body text.",
            )
        })
        .collect()
}

async fn publish_all(app: &TestApp, posts: Vec<PreparedPost>) {
    app.db()
        .write(move |conn| content::insert_all(conn, &posts))
        .await
        .expect("insert");
}

/// Runs `sql` on the database directly, as an edit outside the API and the CLI would.
async fn change_behind_the_publisher(app: &TestApp, sql: &'static str) {
    app.db()
        .write(move |conn| conn.execute(sql, []).map_err(StoreError::from))
        .await
        .expect("a direct change");
}

fn ids(body: &Value) -> Vec<String> {
    body["data"]["datas"]
        .as_array()
        .expect("datas")
        .iter()
        .map(|b| b["_id"].as_str().expect("_id").to_owned())
        .collect()
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

fn full_post() -> PreparedPost {
    post(
        "full.md",
        "title: Leasing a campus in Whitefield\nmotive: Why it matters\ntags: [Real Estate, Leasing]\n\
         author: Ananya Rao\nauthor_photo: authors/a.svg\ndate: 2025-01-21\ncolor: \"#1f6f8b\"\nimage: images/x.svg",
        "## The challenge\n\nSome **bold** words.",
    )
}

#[tokio::test]
async fn the_list_answers_exactly_the_shape_the_site_reads() {
    let app = TestApp::new();
    publish_all(&app, vec![full_post()]).await;
    let response = app.get("/api/corp_website/blogs/get?page=1&text=").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "application/json");
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
    let body = json(&response);
    assert_eq!(keys(&body), ["data"]);
    assert_eq!(keys(&body["data"]), ["datas", "pagination"]);
    assert_eq!(
        body["data"]["pagination"],
        serde_json::json!({"total": 1, "limit": 12, "page": 1, "pages": 1})
    );
    let blog = &body["data"]["datas"][0];
    assert_eq!(
        keys(blog),
        [
            "_id",
            "blog_image",
            // Added for srcset: null for an SVG.
            "blog_image_set",
            "color",
            "content",
            // Added for srcset: the body's raster images (none in a list).
            "content_images",
            "date",
            "min_read",
            "motive",
            "tags",
            "title",
            "written_by"
        ]
    );
    assert_eq!(blog["_id"], "leasing-a-campus-in-whitefield");
    assert_eq!(blog["title"], "Leasing a campus in Whitefield");
    assert_eq!(blog["motive"], "Why it matters");
    assert_eq!(
        blog["content"],
        "<h2>The challenge</h2>\n<p>Some <strong>bold</strong> words.</p>\n"
    );
    assert!(blog["blog_image"]
        .as_str()
        .is_some_and(|p| p.starts_with("blogs/") && p.ends_with(".svg")));
    assert_eq!(blog["date"], "2025-01-21T00:00:00.000Z");
    assert_eq!(blog["min_read"], "1 min read");
    assert_eq!(blog["color"], "#1f6f8b");
    assert_eq!(
        blog["tags"],
        serde_json::json!([{"name": "Real Estate"}, {"name": "Leasing"}])
    );
    assert_eq!(
        blog["blog_image_set"],
        Value::Null,
        "an SVG has no renditions"
    );
    assert_eq!(
        keys(&blog["written_by"]),
        ["name", "profile_photo", "profile_photo_set"]
    );
    assert_eq!(blog["written_by"]["name"], "Ananya Rao");
    assert!(blog["written_by"]["profile_photo"]
        .as_str()
        .is_some_and(|p| p.starts_with("authors/")));
}

#[tokio::test]
async fn a_post_without_author_or_photo_says_null() {
    let app = TestApp::new();
    publish_all(
        &app,
        vec![
            post("a.md", "title: No author\nmotive: M", "Body"),
            post(
                "b.md",
                "title: No photo\nmotive: M\nauthor: Vikram Shetty",
                "Body",
            ),
        ],
    )
    .await;
    let body = json(&app.get("/api/corp_website/blogs/get").await);
    let blogs = body["data"]["datas"].as_array().expect("datas");
    let by_id = |id: &str| blogs.iter().find(|b| b["_id"] == id).expect(id).clone();
    assert_eq!(by_id("no-author")["written_by"], Value::Null);
    assert_eq!(by_id("no-author")["blog_image"], Value::Null);
    assert_eq!(
        by_id("no-photo")["written_by"],
        serde_json::json!({"name": "Vikram Shetty", "profile_photo": null, "profile_photo_set": null})
    );
}

#[tokio::test]
async fn pagination_edges_hold() {
    // (posts, page asked, ids expected on it, total, pages)
    let cases: &[(usize, &str, &[&str], u64, u64)] = &[
        (0, "1", &[], 0, 1),
        (
            12,
            "1",
            &[
                "post-12", "post-11", "post-10", "post-9", "post-8", "post-7", "post-6", "post-5",
                "post-4", "post-3", "post-2", "post-1",
            ],
            12,
            1,
        ),
        (
            12,
            "2",
            &[
                "post-12", "post-11", "post-10", "post-9", "post-8", "post-7", "post-6", "post-5",
                "post-4", "post-3", "post-2", "post-1",
            ],
            12,
            1,
        ),
        (
            13,
            "1",
            &[
                "post-13", "post-12", "post-11", "post-10", "post-9", "post-8", "post-7", "post-6",
                "post-5", "post-4", "post-3", "post-2",
            ],
            13,
            2,
        ),
        (13, "2", &["post-1"], 13, 2),
    ];
    for (count, page, expected, total, pages) in cases {
        let app = TestApp::new();
        publish_all(&app, numbered_posts(*count)).await;
        let response = app
            .get(&format!("/api/corp_website/blogs/get?page={page}"))
            .await;
        assert_eq!(response.status(), 200, "{count} posts, page {page}");
        let body = json(&response);
        assert_eq!(ids(&body), *expected, "{count} posts, page {page}");
        let pagination = &body["data"]["pagination"];
        assert_eq!(pagination["total"], *total, "{count} posts, page {page}");
        assert_eq!(pagination["pages"], *pages, "{count} posts, page {page}");
        assert_eq!(pagination["limit"], 12);
    }
}

#[tokio::test]
async fn bad_page_values_are_clamped_never_refused() {
    let app = TestApp::new();
    publish_all(&app, numbered_posts(13)).await;
    let cases = [
        ("", 1),
        ("?", 1),
        ("?page=", 1),
        ("?page=abc", 1),
        ("?page=-1", 1),
        ("?page=0", 1),
        ("?page=1.5", 1),
        ("?page=2", 2),
        ("?page=3", 2),
        ("?page=99999999999999999999", 2),
        ("?page=2&page=1", 2),
        ("?page=%32", 2),
        ("?page=%zz", 1),
        ("?page", 1),
        ("?&&==&page==2", 1),
        ("?text&page=%FF%FE", 1),
    ];
    for (query, page) in cases {
        let response = app
            .get(&format!("/api/corp_website/blogs/get{query}"))
            .await;
        assert_eq!(response.status(), 200, "{query}");
        assert_eq!(
            json(&response)["data"]["pagination"]["page"],
            page,
            "{query}"
        );
    }
}

#[tokio::test]
async fn the_page_size_is_a_setting() {
    let app = TestApp::with_settings(|s| s.page_size = 5);
    publish_all(&app, numbered_posts(11)).await;
    let body = json(&app.get("/api/corp_website/blogs/get?page=3").await);
    assert_eq!(ids(&body), ["post-1"]);
    assert_eq!(
        body["data"]["pagination"],
        serde_json::json!({"total": 11, "limit": 5, "page": 3, "pages": 3})
    );
}

async fn search_app() -> TestApp {
    let app = TestApp::new();
    publish_all(
        &app,
        vec![
            post(
                "cafe.md",
                "title: Café fit-out in Kochi\nmotive: A quick turnaround\ntags: [Interiors]\ndate: 2025-01-01",
                "We rebuilt the kitchen.",
            ),
            post(
                "hiring.md",
                "title: Campus hiring drive\nmotive: Fifty graduates\ntags: [HR Labs, Talent Acquisition]\n\
                 author: Farah Siddiqui\ndate: 2025-02-01",
                "Interviews across the kitchen of a campus.",
            ),
            post(
                "warehouse.md",
                "title: Warehouse conversion\nmotive: Kitchen mentioned in the motive only\ndate: 2025-03-01",
                "Engineering studio.",
            ),
        ],
    )
    .await;
    app
}

#[tokio::test]
async fn search_matches_prefixes_accents_tags_and_authors() {
    let app = search_app().await;
    let cases: &[(&str, &[&str])] = &[
        ("cafe", &["cafe-fit-out-in-kochi"]),
        ("CAF%C3%89", &["cafe-fit-out-in-kochi"]),
        ("caf", &["cafe-fit-out-in-kochi"]),
        ("interior", &["cafe-fit-out-in-kochi"]),
        ("talent+acq", &["campus-hiring-drive"]),
        ("siddiqui", &["campus-hiring-drive"]),
        ("farah%20sidd", &["campus-hiring-drive"]),
        ("studio", &["warehouse-conversion"]),
        ("kochi+hiring", &[]),
        ("nothing-like-this", &[]),
    ];
    for (text, expected) in cases {
        let response = app
            .get(&format!("/api/corp_website/blogs/get?page=1&text={text}"))
            .await;
        assert_eq!(response.status(), 200, "{text}");
        let body = json(&response);
        assert_eq!(ids(&body), *expected, "{text}");
        assert_eq!(
            body["data"]["pagination"]["total"],
            expected.len(),
            "{text}"
        );
    }
}

#[tokio::test]
async fn search_ranks_title_matches_above_body_matches() {
    let app = search_app().await;
    // "kitchen": in the body of the café and hiring posts, in the warehouse post's motive.
    let body = json(&app.get("/api/corp_website/blogs/get?text=kitchen").await);
    assert_eq!(
        ids(&body).first().map(String::as_str),
        Some("warehouse-conversion")
    );
    assert_eq!(ids(&body).len(), 3);
    // "campus": in the hiring post's title, and nowhere else.
    let body = json(&app.get("/api/corp_website/blogs/get?text=campus").await);
    assert_eq!(ids(&body), ["campus-hiring-drive"]);
}

#[tokio::test]
async fn hostile_search_text_never_fails() {
    let app = search_app().await;
    let long = "a".repeat(1_000);
    let long_words = "kitchen%20".repeat(300);
    let cases = [
        "%22",
        "%22kitchen",
        "kitchen%22%20OR%20%22a",
        "OR",
        "kitchen%20OR%20cafe",
        "NEAR(kitchen%20cafe)",
        "kitchen%20AND%20NOT%20cafe",
        "*",
        "kitch*",
        "%5Ekitchen",
        "(kitchen",
        "kitchen)",
        "%7B%7D%5B%5D",
        "title:kitchen",
        "'%3B%20DROP%20TABLE%20blogs%3B%20--",
        "%E2%80%AEkitchen%E2%80%8F",
        "%D8%A7%D9%84%D9%85%D8%B7%D8%A8%D8%AE",
        "%F0%9F%98%80%F0%9F%8D%B3",
        "%00",
        "kit%00chen",
        "%FF%FE%FD",
        "%25%25%25",
        "%",
        "%E2",
        "\\",
        "%5C%5C%22",
        "-kitchen",
        "+",
        &long,
        &long_words,
    ];
    for text in cases {
        let response = app
            .get(&format!("/api/corp_website/blogs/get?text={text}"))
            .await;
        assert_eq!(response.status(), 200, "{text}");
        let body = json(&response);
        assert!(body["data"]["datas"].is_array(), "{text}");
        assert!(body["data"]["pagination"]["total"].is_u64(), "{text}");
    }
}

#[tokio::test]
async fn a_blog_answers_by_its_id_and_an_unknown_id_is_a_json_404() {
    let app = TestApp::new();
    publish_all(&app, vec![full_post()]).await;
    let response = app
        .get("/api/corp_website/blogs/get/leasing-a-campus-in-whitefield?page=1&text=")
        .await;
    assert_eq!(response.status(), 200);
    let body = json(&response);
    assert_eq!(keys(&body), ["data"]);
    assert_eq!(keys(&body["data"]), ["datas"]);
    assert_eq!(ids(&body), ["leasing-a-campus-in-whitefield"]);
    assert_eq!(body["data"]["datas"][0]["written_by"]["name"], "Ananya Rao");

    for path in [
        "/api/corp_website/blogs/get/no-such-post",
        "/api/corp_website/blogs/get/no-such-post?page=abc&text=%00",
        "/api/corp_website/blogs/get/LEASING-A-CAMPUS-IN-WHITEFIELD",
        "/api/corp_website/blogs/get/%2e%2e",
        "/api/corp_website/blogs/get/..",
        "/api/corp_website/blogs/get/a%20b",
        "/api/corp_website/blogs/get/%F0%9F%98%80",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "application/json",
            "{path}"
        );
        let body = json(&response);
        assert_eq!(body["data"], serde_json::json!({"datas": []}), "{path}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{path}"
        );
    }
}

#[tokio::test]
async fn content_is_sanitized_again_when_read() {
    let app = TestApp::new();
    publish_all(&app, vec![full_post()]).await;
    // A row changed behind the publisher's back.
    change_behind_the_publisher(&app, "UPDATE blogs SET content = '<p onclick=\"x()\">Hi</p><script>alert(1)</script><img src=\"blogs/a.svg\">'").await;
    let body = json(
        &app.get("/api/corp_website/blogs/get/leasing-a-campus-in-whitefield")
            .await,
    );
    assert_eq!(
        body["data"]["datas"][0]["content"],
        "<p>Hi</p><img src=\"/media/blogs/a.svg\">"
    );
}

/// The list as soon as it satisfies `shows`, polling for up to a second (the cache notices
/// a change through a background watch of the version counter).
async fn list_once_it(app: &TestApp, shows: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let body = json(&app.get("/api/corp_website/blogs/get").await);
        if shows(&body) || start.elapsed() > std::time::Duration::from_secs(1) {
            return body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn the_list_shows_a_change_within_a_second() {
    let app = TestApp::new();
    publish_all(&app, numbered_posts(2)).await;
    let before = json(&app.get("/api/corp_website/blogs/get").await);
    assert_eq!(ids(&before), ["post-2", "post-1"]);
    // The same request again is served from the cache.
    assert_eq!(json(&app.get("/api/corp_website/blogs/get").await), before);

    change_behind_the_publisher(
        &app,
        "UPDATE blogs SET title = 'Renamed' WHERE slug = 'post-1'",
    )
    .await;
    let after = list_once_it(&app, |body| body["data"]["datas"][1]["title"] == "Renamed").await;
    assert_eq!(after["data"]["datas"][1]["title"], "Renamed");

    change_behind_the_publisher(&app, "DELETE FROM blogs WHERE slug = 'post-2'").await;
    let after = list_once_it(&app, |body| ids(body) == ["post-1"]).await;
    assert_eq!(ids(&after), ["post-1"]);
    assert_eq!(after["data"]["pagination"]["total"], 1);
}

#[tokio::test]
async fn a_post_shows_a_change_within_a_second() {
    let app = TestApp::new();
    publish_all(&app, numbered_posts(1)).await;
    let path = "/api/corp_website/blogs/get/post-1";
    let before = json(&app.get(path).await);
    // Asked again, it comes from the cache once the version is known: the same answer.
    assert_eq!(json(&app.get(path).await), before);
    assert_eq!(json(&app.get(path).await), before);

    change_behind_the_publisher(
        &app,
        "UPDATE blogs SET title = 'Renamed' WHERE slug = 'post-1'",
    )
    .await;
    let start = std::time::Instant::now();
    let mut after = json(&app.get(path).await);
    while after["data"]["datas"][0]["title"] != "Renamed" && start.elapsed().as_secs() < 1 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        after = json(&app.get(path).await);
    }
    assert_eq!(after["data"]["datas"][0]["title"], "Renamed");

    change_behind_the_publisher(&app, "DELETE FROM blogs WHERE slug = 'post-1'").await;
    let start = std::time::Instant::now();
    let mut status = app.get(path).await.status();
    while status == 200 && start.elapsed().as_secs() < 1 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        status = app.get(path).await.status();
    }
    assert_eq!(status, 404, "a deleted post is no longer answered");
}

#[tokio::test]
async fn head_and_other_methods_behave() {
    let app = TestApp::new();
    let head = app
        .request(
            warp::test::request()
                .method("HEAD")
                .path("/api/corp_website/blogs/get"),
        )
        .await;
    assert_eq!(head.status(), 200);
    let post = app
        .request(
            warp::test::request()
                .method("POST")
                .path("/api/corp_website/blogs/get"),
        )
        .await;
    assert!(post.status().is_client_error(), "{}", post.status());
    assert_eq!(header(&post, "content-type"), "application/json");
}

#[tokio::test]
async fn searches_that_miss_the_cache_have_their_own_per_client_limit() {
    // 2 a minute: one at once, then one every 30 s.
    let app = TestApp::with_settings(|s| s.search_rate_limit_per_minute = 2);
    let start = std::time::Instant::now();
    while app.state.blog_version.get().is_none() {
        assert!(start.elapsed().as_secs() < 5, "the version watch reads");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let search = |text: &str| format!("/api/corp_website/blogs/get?page=1&text={text}");
    assert_eq!(app.get(&search("office")).await.status(), 200);
    let refused = app.get(&search("warehouse")).await;
    assert_eq!(refused.status(), 429, "a second new search at once");
    assert!(
        header(&refused, "retry-after")
            .parse::<u64>()
            .expect("Retry-After")
            >= 1
    );
    assert!(json(&refused)["message"].is_string());
    assert_eq!(
        app.get(&search("office")).await.status(),
        200,
        "a search the cache answers costs nothing"
    );
    assert_eq!(
        app.get("/api/corp_website/blogs/get?page=2").await.status(),
        200,
        "browsing pages is not searching"
    );
}

#[tokio::test]
async fn list_and_post_answers_carry_an_etag_that_answers_304_and_a_cdn_may_keep_them() {
    let app = TestApp::new();
    publish_all(&app, vec![full_post()]).await;
    for path in [
        "/api/corp_website/blogs/get?page=1&text=",
        "/api/corp_website/blogs/get/leasing-a-campus-in-whitefield",
    ] {
        let first = app.get(path).await;
        assert_eq!(first.status(), 200, "{path}");
        assert_eq!(
            header(&first, "cache-control"),
            "public, max-age=0, s-maxage=60, stale-while-revalidate=86400",
            "{path}"
        );
        let etag = header(&first, "etag").to_owned();
        assert!(etag.starts_with('"') && etag.len() > 10, "{path}: {etag}");
        let again = app
            .request(
                warp::test::request()
                    .path(path)
                    .header("if-none-match", &etag),
            )
            .await;
        assert_eq!(again.status(), 304, "{path}");
        assert!(again.body().is_empty(), "{path}");
        let stale = app
            .request(
                warp::test::request()
                    .path(path)
                    .header("if-none-match", "\"old\""),
            )
            .await;
        assert_eq!(stale.status(), 200, "{path}");
    }
    // A change gives the list a new tag.
    let before = header(&app.get("/api/corp_website/blogs/get").await, "etag").to_owned();
    publish_all(&app, numbered_posts(1)).await;
    let after = list_once_it(&app, |body| ids(body).len() == 2).await;
    assert_eq!(ids(&after).len(), 2);
    assert_ne!(
        header(&app.get("/api/corp_website/blogs/get").await, "etag"),
        before
    );
}

#[tokio::test]
async fn a_posts_raster_body_images_come_with_their_renditions_and_show_as_srcset() {
    let app = TestApp::new();
    let photo = crate::image_samples::encoded(image::ImageFormat::Jpeg, 1000, 500);
    let text = "---\ntitle: With a photo\nmotive: M\ndate: 2025-02-01\n---\nThe site:\n\n\
                ![The site](site.jpg)\n\n![A plan](plan.svg)\n\n![Again](site.jpg)\n\n\
                <img src=\"site.jpg\" srcset=\"https://evil.example/x.jpg 2x\" alt=\"raw\">\n";
    let prepared = content::prepare("photo.md", text, date(2025, 6, 1), |path| {
        Ok(match path {
            "site.jpg" => photo.clone(),
            _ => b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(),
        })
    })
    .expect("a valid post");
    publish_all(&app, vec![prepared]).await;

    let detail = json(&app.get("/api/corp_website/blogs/get/with-a-photo").await);
    let post = &detail["data"]["datas"][0];
    let images = post["content_images"].as_array().expect("content_images");
    assert_eq!(
        images.len(),
        1,
        "the raster image, once; not the SVG: {images:?}"
    );
    let path = images[0]["path"].as_str().expect("path");
    let content = post["content"].as_str().expect("content");
    assert!(
        content.contains(&format!("src=\"/media/{path}\"")),
        "{content}"
    );
    let widths: Vec<(u64, &str)> = images[0]["set"]["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .map(|s| {
            (
                s["width"].as_u64().unwrap_or(0),
                s["type"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        widths,
        [
            (480, "image/webp"),
            (480, "image/jpeg"),
            (960, "image/webp"),
            (960, "image/jpeg"),
            (1000, "image/webp"),
            (1000, "image/jpeg")
        ]
    );
    assert_eq!(
        (&images[0]["set"]["width"], &images[0]["set"]["height"]),
        (&Value::from(1000), &Value::from(500))
    );
    // A list has no bodies, so no body images.
    let list = json(&app.get("/api/corp_website/blogs/get?page=1").await);
    assert_eq!(
        list["data"]["datas"][0]["content_images"],
        Value::Array(vec![])
    );

    // The rendered page offers the photo in its renditions, sized to the article's column.
    let page =
        String::from_utf8_lossy(app.get("/blogs/detail/with-a-photo").await.body()).into_owned();
    let body = &page[page.find("blog-detail__content").expect("the body")..];
    let picture = &body[body.find("<picture").expect("a picture")..];
    let picture = &picture[..picture.find("</picture>").expect("its end")];
    assert!(
        picture.contains("<source type=\"image/webp\" srcset=\"/media/"),
        "{picture}"
    );
    assert!(picture.contains(" 480w, /media/"), "{picture}");
    assert!(
        picture.contains("sizes=\"(min-width: 832px) 800px"),
        "{picture}"
    );
    assert!(
        picture.contains("width=\"1000\" height=\"500\""),
        "{picture}"
    );
    assert_eq!(
        body.matches("<picture").count(),
        3,
        "every showing of the photo"
    );
    // A srcset the post file wrote itself never gets through: only the server's renditions.
    assert!(!content.contains("evil.example") && !page.contains("evil.example"));
}
