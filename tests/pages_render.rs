//! Server-rendered pages through the real filters: every route's finished HTML, its head, the
//! data it embeds, statuses, the cache and what a failed render does.

use std::time::{Duration, Instant};

use crate::common::{header, TestApp};
use corpsite::content::{self, PreparedPost};
use jiff::civil::date;
use serde_json::Value;

pub(crate) fn post(file: &str, front: &str, body: &str) -> PreparedPost {
    let text = format!("---\n{front}\n---\n{body}\n");
    content::prepare(file, &text, date(2025, 6, 1), |_| {
        Ok(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
    })
    .expect("a valid post")
}

pub(crate) async fn publish_all(app: &TestApp, posts: Vec<PreparedPost>) {
    app.db()
        .write(move |conn| content::insert_all(conn, &posts))
        .await
        .expect("insert");
}

/// Four posts, newest last: the fourth has an author, tags and an image.
pub(crate) async fn app_with_posts() -> TestApp {
    posts_in(TestApp::new()).await
}

/// `app` with the four posts of `app_with_posts`.
pub(crate) async fn posts_in(app: TestApp) -> TestApp {
    let mut posts: Vec<PreparedPost> = (1..=3)
        .map(|i| {
            post(
                &format!("{i}.md"),
                &format!("title: Post {i}\nmotive: Motive {i}\ndate: 2025-01-0{i}"),
                "Plain body.",
            )
        })
        .collect();
    posts.push(post(
        "4.md",
        "title: Leasing a campus in Whitefield\nmotive: Why the move paid off\ntags: [Real Estate]\n\
         author: Ananya Rao\ndate: 2025-01-21\nimage: images/x.svg",
        "# A heading\n\nThe tenant saved **forty percent** on rent.",
    ));
    publish_all(&app, posts).await;
    app
}

async fn html(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (
        response.status().as_u16(),
        String::from_utf8_lossy(response.body()).into_owned(),
    )
}

/// The text between `open` (its end) and the next `close`.
fn between<'a>(html: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = html.find(open)? + open.len();
    let end = html[start..].find(close)?;
    Some(&html[start..start + end])
}

fn title(html: &str) -> &str {
    between(html, "<title>", "</title>").unwrap_or("")
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| {
            let text = &rest[..rest.find("</script>").expect("closed")];
            serde_json::from_str(text).unwrap_or_else(|e| panic!("JSON-LD ({e}): {text}"))
        })
        .collect()
}

fn page_data(html: &str) -> Value {
    let text = between(
        html,
        r#"<script type="application/json" id="corpsite-data">"#,
        "</script>",
    )
    .expect("the page's data");
    serde_json::from_str(text).expect("page data is JSON")
}

#[tokio::test]
async fn every_route_answers_its_finished_page_with_its_own_title() {
    let app = app_with_posts().await;
    let cases = [
        (
            "/",
            "Fidelitus Corp",
            "Spaces, projects and people that work.",
        ),
        (
            "/home",
            "Fidelitus Corp",
            "Spaces, projects and people that work.",
        ),
        ("/about/our_vision", "| Fidelitus Corp", "<h1"),
        ("/about/founder_message", "| Fidelitus Corp", "<h1"),
        ("/why-us", "Why Us | Fidelitus Corp", "<h1"),
        ("/blogs", "Blogs | Fidelitus Corp", "Post 1"),
        (
            "/blogs/detail/leasing-a-campus-in-whitefield",
            "Leasing a campus in Whitefield | Fidelitus Corp",
            "forty percent",
        ),
        ("/join_us", "Join Us | Fidelitus Corp", "Join Us</h1>"),
        ("/contact", "Contact Us | Fidelitus Corp", "Contact Us</h1>"),
        ("/projects", "| Fidelitus Corp", "<h1"),
        ("/real-estate", "| Fidelitus Corp", "<h1"),
        ("/hr-labs", "| Fidelitus Corp", "<h1"),
        ("/facility-management-services", "| Fidelitus Corp", "<h1"),
        ("/fidelitus_gallery", "| Fidelitus Corp", "<h1"),
        ("/shilpa_foundation", "| Fidelitus Corp", "<h1"),
    ];
    let mut titles = Vec::new();
    for (path, want_title, want_text) in cases {
        let (status, html) = html(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(
            title(&html).ends_with(want_title),
            "{path}: {}",
            title(&html)
        );
        assert_eq!(html.matches("<h1").count(), 1, "{path}: one h1");
        assert!(html.contains(want_text), "{path} lacks {want_text}");
        assert!(
            html.contains(r#"<header class="site-header">"#),
            "{path}: header"
        );
        assert!(
            html.contains(r#"<footer class="site-footer">"#),
            "{path}: footer"
        );
        assert!(
            !html.contains("<noscript>"),
            "{path}: no 'needs JavaScript' note"
        );
        let description =
            between(&html, r#"<meta name="description" content=""#, "\"").unwrap_or("");
        assert!(
            description.len() > 20,
            "{path}: description {description:?}"
        );
        let canonical = between(&html, r#"<link rel="canonical" href=""#, "\"").unwrap_or("");
        assert!(
            canonical.starts_with("http://"),
            "{path}: canonical {canonical:?}"
        );
        assert!(
            html.contains(r#"<meta property="og:title""#),
            "{path}: Open Graph"
        );
        assert!(
            html.contains(r#"<meta name="twitter:card" content="summary_large_image"/>"#),
            "{path}"
        );
        assert!(
            html.contains(r#"type="application/rss+xml""#),
            "{path}: feed link"
        );
        if path != "/home" {
            titles.push(title(&html).to_owned());
        }
    }
    let mut distinct = titles.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        titles.len(),
        "every page has its own title: {titles:?}"
    );
}

#[tokio::test]
async fn the_blog_list_renders_the_cards_of_the_asked_page_and_search() {
    let app = TestApp::with_settings(|s| s.page_size = 2);
    publish_all(
        &app,
        (1..=5)
            .map(|i| {
                post(
                    &format!("{i}.md"),
                    &format!("title: Story {i}\nmotive: M{i}\ndate: 2025-01-0{i}"),
                    "x",
                )
            })
            .collect(),
    )
    .await;
    let (_, first) = html(&app, "/blogs").await;
    assert!(first.contains("Story 5") && first.contains("Story 4") && !first.contains("Story 3"));
    let (_, second) = html(&app, "/blogs?page=2").await;
    assert!(
        second.contains("Story 3") && !second.contains("Story 5"),
        "page 2"
    );
    assert!(second.contains(r#"<link rel="canonical" href="http://localhost/blogs?page=2"/>"#));
    let (_, search) = html(&app, "/blogs?q=Story%202").await;
    assert!(search.contains("Story 2"), "the search's match");
    // The data the cards were made from travels with the page, as the browser will ask for it.
    let data = page_data(&second);
    assert_eq!(data["lists"][0]["page"], 2);
    assert_eq!(data["lists"][0]["text"], "");
    assert_eq!(data["lists"][0]["body"]["data"]["pagination"]["page"], 2);
}

#[tokio::test]
async fn every_cards_photo_loads_lazily_the_banner_is_the_largest_paint() {
    let app = app_with_posts().await;
    let (_, page) = html(&app, "/blogs").await;
    let cards: Vec<&str> = page
        .split("<img")
        .skip(1)
        .filter_map(|tag| tag.split('>').next())
        .filter(|tag| tag.contains("blog-card__image"))
        .collect();
    assert!(
        !cards.is_empty(),
        "the post with a picture has a card photo"
    );
    for card in cards {
        assert!(card.contains(r#"loading="lazy""#), "{card}");
    }
    // (Before the first `<img` is the head, whose inline styles name the class too.)
    let banner = page
        .split("<img")
        .skip(1)
        .find(|tag| tag.contains("page-hero__art"))
        .expect("the banner's art");
    assert!(banner.contains(r#"fetchpriority="high""#), "{banner}");
}

#[tokio::test]
async fn a_post_page_has_its_body_details_json_ld_and_similar_posts() {
    let app = app_with_posts().await;
    let (status, html) = html(&app, "/blogs/detail/leasing-a-campus-in-whitefield").await;
    assert_eq!(status, 200);
    for text in [
        "Leasing a campus in Whitefield</h1>",
        "Ananya Rao",
        "January 21, 2025",
        "min read",
        "Why the move paid off",
        "<strong>forty percent</strong>",
        // The body's own h1 is an h2 on the page: the title is the page's h1.
        "<h2>A heading</h2>",
        "Similar BLogs",
        "Post 2",
    ] {
        assert!(html.contains(text), "the post page lacks {text}");
    }
    assert!(html.contains(r#"<meta property="og:type" content="article"/>"#));
    assert!(html.contains(r#"<meta name="description" content="Why the move paid off"/>"#));
    let posting = json_ld(&html)
        .into_iter()
        .find(|item| item["@type"] == "BlogPosting")
        .expect("a BlogPosting");
    assert_eq!(posting["@context"], "https://schema.org");
    assert_eq!(posting["headline"], "Leasing a campus in Whitefield");
    assert_eq!(posting["author"]["name"], "Ananya Rao");
    assert_eq!(posting["publisher"]["name"], "Fidelitus Corp");
    assert!(posting["datePublished"]
        .as_str()
        .is_some_and(|d| d.starts_with("2025-01-21")));
    assert!(posting["image"][0]
        .as_str()
        .is_some_and(|i| i.starts_with("http://localhost/media/")));
    // The post is in the HTML; the page embeds none of it (its islands read nothing of it).
    assert_eq!(page_data(&html), serde_json::json!({}));
}

#[tokio::test]
async fn the_home_page_declares_the_organization_and_the_site() {
    let app = app_with_posts().await;
    let (_, html) = html(&app, "/").await;
    let types: Vec<Value> = json_ld(&html)
        .iter()
        .map(|item| item["@type"].clone())
        .collect();
    assert!(types.contains(&Value::from("Organization")), "{types:?}");
    assert!(types.contains(&Value::from("WebSite")), "{types:?}");
    assert!(
        html.contains("Leasing a campus in Whitefield"),
        "the featured stories"
    );
    // The three newest stories of the four, newest first; the page embeds none of them
    // (no island reads them).
    let at = |title: &str| html.find(&format!(">{title}<")).unwrap_or(usize::MAX);
    let order = ["Leasing a campus in Whitefield", "Post 3", "Post 2"].map(at);
    assert!(
        order[0] < order[1] && order[1] < order[2] && order[2] < usize::MAX,
        "{order:?}"
    );
    assert!(!html.contains(">Post 1<"), "a fourth story");
    assert_eq!(page_data(&html), serde_json::json!({}));
    // The hero video's poster, the largest paint, is preloaded from the head.
    let hero = between(&html, r#"<header class="home-hero">"#, "</header>").expect("the hero");
    let poster = between(hero, r#" poster=""#, "\"").expect("the poster");
    assert!(poster.starts_with("/assets/hero-poster-"), "{hero}");
    let head = between(&html, "<head>", "</head>").expect("a head");
    assert!(
        head.contains(&format!(r#"rel="preload" as="image" href="{poster}""#)),
        "{head}"
    );
    let (_, why) = self::html(&app, "/why-us").await;
    let crumbs = json_ld(&why)
        .into_iter()
        .find(|item| item["@type"] == "BreadcrumbList")
        .expect("a BreadcrumbList");
    assert_eq!(crumbs["itemListElement"][0]["item"], "http://localhost/");
    assert_eq!(crumbs["itemListElement"][1]["position"], 2);
}

/// The links of the similar stories' cards a post's page shows, in order.
fn similar_links(html: &str) -> Vec<String> {
    let section = between(html, r#"<section class="similar""#, "</section>").expect("similar");
    section
        .split(r#"href="/blogs/detail/"#)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .fold(Vec::new(), |mut ids, id| {
            if ids.last().is_none_or(|last: &String| last != id) {
                ids.push(id.to_owned());
            }
            ids
        })
}

#[tokio::test]
async fn a_post_page_shows_three_similar_stories_of_its_own_and_embeds_none() {
    let app = TestApp::new();
    let posts: Vec<PreparedPost> = (1..=12)
        .map(|i| {
            post(
                &format!("{i}.md"),
                &format!("title: Post {i}\nmotive: Motive {i}\ndate: 2025-02-{i:02}"),
                "Plain body.",
            )
        })
        .collect();
    publish_all(&app, posts).await;
    let mut picks = std::collections::HashSet::new();
    for id in ["post-1", "post-5", "post-9", "post-12"] {
        let (status, html) = html(&app, &format!("/blogs/detail/{id}")).await;
        assert_eq!(status, 200);
        let shown = similar_links(&html);
        assert_eq!(shown.len(), 3, "{id}: {shown:?}");
        assert!(
            !shown.contains(&id.to_owned()),
            "{id} is not its own similar story"
        );
        // The cards are the page's HTML alone: nothing of the list is embedded.
        assert_eq!(page_data(&html), serde_json::json!({}), "{id}");
        picks.insert(shown);
    }
    assert!(picks.len() > 1, "each post picks its own: {picks:?}");
}
#[tokio::test]
async fn unknown_posts_and_paths_answer_404_with_their_rendered_pages() {
    let app = app_with_posts().await;
    let (status, post) = html(&app, "/blogs/detail/no-such-post").await;
    assert_eq!(status, 404);
    assert!(
        post.contains("We couldn&#39;t find the blog")
            || post.contains("We couldn't find the blog")
    );
    assert!(post.contains(r#"<meta name="robots" content="noindex"/>"#));
    let (status, nowhere) = html(&app, "/no/such/page").await;
    assert_eq!(status, 404);
    assert!(nowhere.contains("Unexpected Application Error!</h1>"));
    assert!(nowhere.contains(r#"<meta name="robots" content="noindex"/>"#));
}

#[tokio::test]
async fn a_post_published_from_the_command_line_shows_in_the_rendered_html_within_a_second() {
    let app = app_with_posts().await;
    let (_, before) = html(&app, "/blogs").await;
    assert!(!before.contains("Published a moment ago"));
    let file = app.data_dir().join("new.md");
    std::fs::write(
        &file,
        "---\ntitle: Published a moment ago\nmotive: Fresh\n---\nBody.\n",
    )
    .expect("post file");
    assert_cmd::Command::cargo_bin("corpsite")
        .expect("binary")
        .args(["blog", "add"])
        .arg(&file)
        .arg("--data-dir")
        .arg(app.data_dir())
        .assert()
        .success();
    let start = Instant::now();
    loop {
        let (_, after) = html(&app, "/blogs").await;
        if after.contains("Published a moment ago") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the new post never showed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn rendered_pages_are_kept_until_the_data_changes() {
    let app = app_with_posts().await;
    let first = app.get("/blogs").await;
    let again = app.get("/blogs").await;
    assert_eq!(first.body(), again.body());
    assert_eq!(header(&first, "etag"), header(&again, "etag"));
    // Any other query leaves the page as it is (and out of the cache's way).
    let tracked = app.get("/blogs?utm_source=mail").await;
    assert_eq!(header(&tracked, "etag"), header(&first, "etag"));
    let gzipped = app
        .request(
            warp::test::request()
                .path("/blogs")
                .header("accept-encoding", "gzip"),
        )
        .await;
    assert_eq!(header(&gzipped, "content-encoding"), "gzip");
    assert_eq!(header(&gzipped, "vary"), "Accept-Encoding");
    assert!(gzipped.body().len() < first.body().len() / 2);
}

#[tokio::test]
async fn a_page_asked_for_again_gets_its_brotli_form_made_in_the_background() {
    let app = app_with_posts().await;
    let ask = |encoding: &'static str| {
        warp::test::request()
            .path("/blogs")
            .header("accept-encoding", encoding)
    };
    let plain = app.get("/blogs").await;
    // Asked for once: gzip, as it was made with the page.
    let first = app.request(ask("gzip, deflate, br")).await;
    assert_eq!(header(&first, "content-encoding"), "gzip");
    // Asked for again: brotli, as soon as it is made.
    let started = Instant::now();
    let br = loop {
        let answer = app.request(ask("gzip, deflate, br")).await;
        if header(&answer, "content-encoding") == "br" {
            break answer;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no brotli form after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(header(&br, "vary"), "Accept-Encoding");
    let mut unpacked = Vec::new();
    brotli::BrotliDecompress(&mut &br.body()[..], &mut unpacked).expect("a brotli stream");
    assert_eq!(unpacked, plain.body().to_vec());
    assert!(br.body().len() < first.body().len(), "smaller than gzip");
    // Each form has its own tag, and the policy is the page's in every form.
    let tags = [&plain, &first, &br].map(|answer| header(answer, "etag").to_owned());
    assert_eq!(tags[1], format!("{}-gzip\"", tags[0].trim_end_matches('"')));
    assert_eq!(tags[2], format!("{}-br\"", tags[0].trim_end_matches('"')));
    for answer in [&first, &br] {
        assert_eq!(
            header(answer, "content-security-policy"),
            header(&plain, "content-security-policy")
        );
    }
    let cached = app
        .request(ask("br").header("if-none-match", tags[2].as_str()))
        .await;
    assert_eq!(cached.status(), 304);
    // A client that takes gzip alone still gets gzip.
    let gzipped = app.request(ask("gzip")).await;
    assert_eq!(header(&gzipped, "content-encoding"), "gzip");
}

#[tokio::test]
async fn a_failed_render_answers_the_plain_shell_with_200_and_a_log_line() {
    let logs = crate::common::LogCapture::start();
    let app = TestApp::with_render_script(
        "globalThis.corpsiteRender = () => { throw new Error('the render broke'); };",
    );
    let started = Instant::now();
    let response = app.get("/why-us").await;
    assert!(started.elapsed() < Duration::from_secs(2), "never a hang");
    assert_eq!(response.status(), 200);
    let html = String::from_utf8_lossy(response.body());
    assert!(
        html.contains(r#"<div id="root"></div>"#),
        "the plain shell: {html}"
    );
    assert_eq!(header(&response, "cache-control"), "no-cache");
    let logged = logs.text();
    assert!(
        logged.contains("could not render the page") && logged.contains("the render broke"),
        "{logged}"
    );
    let (status, _) = self::html(&app, "/nowhere").await;
    assert_eq!(status, 404, "an unknown path stays a 404 with the shell");
}

#[tokio::test]
async fn a_render_that_never_ends_is_cut_off() {
    let app = TestApp::with_render_script("globalThis.corpsiteRender = () => { for (;;) {} };");
    let started = Instant::now();
    let response = app.get("/why-us").await;
    assert_eq!(response.status(), 200);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert!(String::from_utf8_lossy(response.body()).contains(r#"<div id="root"></div>"#));
}

#[tokio::test]
async fn hostile_titles_and_motives_stay_text_in_the_page_its_head_and_its_data() {
    let app = TestApp::new();
    let hostile = "</script><script>alert(1)</script>";
    let motive = "\"><img src=x onerror=alert(2)> & <!-- </title>";
    publish_all(
        &app,
        vec![post(
            "x.md",
            &format!(
                "title: '{hostile}'\nmotive: '{}'\ntags: ['</script>']\nauthor: '<b>Eve</b>'",
                motive.replace('\'', "''")
            ),
            "Body.",
        )],
    )
    .await;
    let id = {
        let body = crate::common::json(&app.get("/api/corp_website/blogs/get").await);
        body["data"]["datas"][0]["_id"]
            .as_str()
            .expect("id")
            .to_owned()
    };
    for path in [
        "/".to_owned(),
        "/blogs".to_owned(),
        format!("/blogs/detail/{id}"),
    ] {
        let (_, html) = html(&app, &path).await;
        assert!(
            !html.contains("<script>alert"),
            "{path}: a script broke out"
        );
        assert!(!html.contains("<img src=x"), "{path}: an element broke out");
        assert!(!html.contains("<b>Eve"), "{path}");
        // Every script element is one we wrote: the loader, the page data, JSON-LD.
        let mut loaders = 0;
        for script in html.split("<script").skip(1) {
            let tag = &script[..script.find('>').expect("tag end")];
            loaders += usize::from(tag.starts_with(" type=\"module\" data-entry="));
            assert!(
                tag.starts_with(" type=\"module\" data-entry=")
                    || tag.contains("application/json")
                    || tag.contains("application/ld+json"),
                "{path}: <script{tag}>"
            );
        }
        assert_eq!(loaders, 1, "{path}");
        // The blog list's island reads its cards from the page's data, which keeps the title
        // as it was.
        if path == "/blogs" {
            let listed = page_data(&html)["lists"][0]["body"]["data"]["datas"][0]["title"].clone();
            assert_eq!(
                listed, hostile,
                "{path}: the data keeps the title as it was"
            );
        }
        for item in json_ld(&html) {
            if item["@type"] == "BlogPosting" {
                assert_eq!(item["headline"], hostile);
                assert_eq!(item["description"], motive);
            }
        }
    }
    let (_, post) = html(&app, &format!("/blogs/detail/{id}")).await;
    let shown = title(&post);
    assert!(!shown.contains('<'), "{shown}");
    assert!(
        shown.starts_with("&lt;/script>&lt;script>alert(1)&lt;/script>"),
        "{shown}"
    );
    let og = between(&post, r#"<meta property="og:description" content=""#, "/>").expect("og");
    assert!(
        og.starts_with("&quot;&gt;&lt;img") || og.starts_with("&quot;>&lt;img"),
        "{og}"
    );
}

#[tokio::test]
async fn canonical_and_preview_urls_use_the_public_url_when_set() {
    let app = TestApp::with_settings(|s| {
        s.public_url = Some("https://www.example.com".parse().expect("url"))
    });
    let response = app
        .request(
            warp::test::request()
                .path("/why-us")
                .header("host", "evil.example"),
        )
        .await;
    let html = String::from_utf8_lossy(response.body());
    assert!(
        html.contains(r#"<link rel="canonical" href="https://www.example.com/why-us"/>"#),
        "{html}"
    );
    assert!(!html.contains("evil.example"));
    let plain = TestApp::new();
    let response = plain
        .request(
            warp::test::request()
                .path("/why-us")
                .header("host", "site.example:8080"),
        )
        .await;
    let html = String::from_utf8_lossy(response.body());
    assert!(html.contains(r#"<link rel="canonical" href="http://site.example:8080/why-us"/>"#));
    assert!(html.contains(
        r#"<meta property="og:image" content="http://site.example:8080/social-card.png"/>"#
    ));
}

#[tokio::test]
async fn a_private_page_is_answered_so_that_no_shared_cache_keeps_it() {
    let app = TestApp::new();
    let response = app.state.pages.private_page(&warp::http::HeaderMap::new());
    assert_eq!(response.status(), 200);
    let cache = response
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok());
    assert_eq!(cache, Some("private, no-store"));
}

#[tokio::test]
async fn pages_without_blog_data_are_not_rendered_again_when_a_post_changes() {
    let app = TestApp::with_render_script(
        "let n = 0; globalThis.corpsiteRender = () => JSON.stringify({head: '<title>t</title>', errors: []}) + '\\n<p>render ' + (++n) + '</p>';",
    );
    let first = html(&app, "/why-us").await.1;
    let list = html(&app, "/blogs").await.1;
    publish_all(&app, vec![post("n.md", "title: New\nmotive: M", "x")]).await;
    let start = Instant::now();
    loop {
        let again = html(&app, "/blogs").await.1;
        if again != list {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the list page never changed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(html(&app, "/why-us").await.1, first, "rendered once, kept");
}

#[tokio::test]
async fn the_engines_render_every_public_page_before_a_visitor_asks() {
    // Each render shows the pages its engine rendered before it.
    let app = TestApp::with_render_script(
        "const seen = new Set(); globalThis.corpsiteRender = (input) => { \
           const before = [...seen].join(' '); seen.add(JSON.parse(input).url); \
           return JSON.stringify({head: '<title>t</title>', errors: []}) + '\\n<p>[' + before + ']</p>'; };",
    );
    let origin = corpsite::domain::public_url::PublicUrl::localhost();
    let public = || {
        corpsite::http::site::assets::page_routes()
            .filter(|route| !route.private)
            .map(|route| route.path.clone())
    };
    // No post yet: every public page but the post's.
    let without_post = public().filter(|path| !path.contains(':')).count();
    assert_eq!(app.state.pages.warm_up(&origin).await, without_post);

    publish_all(&app, vec![post("n.md", "title: New\nmotive: M", "x")]).await;
    let newest = app.state.blogs.newest(1).await.expect("read");
    let id = newest[0].id.to_string();
    assert_eq!(app.state.pages.warm_up(&origin).await, public().count());
    let expected: Vec<String> = public().map(|path| path.replace(":id", &id)).collect();
    assert!(
        expected.contains(&format!("/blogs/detail/{id}")),
        "{expected:?}"
    );

    // The engine a visitor's page goes to has rendered them all.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut round = 0;
    loop {
        round += 1;
        // A new search each time: never a page from the cache.
        let (status, page) = html(&app, &format!("/blogs?q=round{round}")).await;
        assert_eq!(status, 200);
        let seen = between(&page, "<p>[", "]</p>").expect("the script's answer");
        let seen: Vec<&str> = seen.split(' ').collect();
        let missing: Vec<&String> = expected
            .iter()
            .filter(|path| !seen.contains(&path.as_str()))
            .collect();
        if missing.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "never rendered: {missing:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The footer's copyright names the office's year (the demo's zone, Asia/Kolkata): no year
/// written into the code goes stale.
#[tokio::test]
async fn the_footer_names_the_office_s_year() {
    let app = TestApp::new();
    let (status, html) = html(&app, "/why-us").await;
    assert_eq!(status, 200);
    let year = jiff::Timestamp::now()
        .in_tz("Asia/Kolkata")
        .expect("zone")
        .year();
    assert!(
        html.contains(&format!("© {year} ")),
        "the footer names {year}"
    );
}
