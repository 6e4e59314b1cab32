//! The HTTP rules of the site, through the real filters.

use crate::common::{header, json, policy_hash, TestApp};

/// Every public page of the one route table (`ui/src/app/route-table.json`), with `:id`
/// filled in as a story id and a made-up id.
fn page_routes() -> Vec<String> {
    routes_where(|route| route["private"].as_bool() != Some(true))
}

/// The private pages of the route table (staff pages, subscriber-link pages).
fn private_routes() -> Vec<String> {
    routes_where(|route| route["private"].as_bool() == Some(true))
}

fn routes_where(keep: impl Fn(&serde_json::Value) -> bool) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src/app/route-table.json");
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("route table")).expect("JSON");
    let mut paths = Vec::new();
    for route in table["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .filter(|r| keep(r))
    {
        let pattern = route["path"].as_str().expect("path");
        for id in ["some-story", "anything-at-all-42"] {
            let path = pattern.replace(":id", id);
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
    }
    paths
}

#[test]
fn the_route_table_holds_the_fifteen_public_routes() {
    let paths = page_routes();
    assert!(
        paths.len() >= 15,
        "the site has 15 public routes: {paths:?}"
    );
}

#[tokio::test]
async fn private_pages_answer_the_shell_never_indexed_or_shared() {
    let app = TestApp::new();
    let paths = private_routes();
    assert!(
        paths.contains(&"/blogs/unsubscribe".to_owned()),
        "{paths:?}"
    );
    for path in paths {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            header(&response, "cache-control"),
            "private, no-store",
            "{path}"
        );
        let html = String::from_utf8_lossy(response.body());
        assert!(
            html.contains(r#"<meta name="robots" content="noindex""#),
            "{path}: {html}"
        );
        assert!(
            !html.contains("corpsite-data"),
            "{path}: a private page carries no page data"
        );
    }
}

fn asset_paths(html: &str) -> Vec<String> {
    // An attribute may list several (the loader's `data-preload`).
    html.split('"')
        .flat_map(str::split_whitespace)
        .filter(|part| part.starts_with("/assets/"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn every_route_of_the_route_table_answers_its_page() {
    let app = TestApp::new();
    for path in page_routes() {
        let path = path.as_str();
        let response = app.get(path).await;
        // The database is empty: a post's or a job posting's page is the rendered "not found" page.
        let status = if path.starts_with("/blogs/detail/") || path.starts_with("/join_us/") {
            404
        } else {
            200
        };
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "text/html; charset=utf-8",
            "{path}"
        );
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=0, s-maxage=60, stale-while-revalidate=86400",
            "{path}"
        );
        assert!(
            String::from_utf8_lossy(response.body()).contains(r#"<div id="root"><"#),
            "{path}"
        );
    }
}

#[tokio::test]
async fn unknown_paths_answer_the_error_page_with_404() {
    let app = TestApp::new();
    for path in [
        "/nope",
        "/blogs/detail",
        "/blogs/detail/a/b",
        "/about",
        "/login/again",
        "/index.html",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "text/html; charset=utf-8",
            "{path}"
        );
        assert!(
            String::from_utf8_lossy(response.body()).contains(r#"<div id="root">"#),
            "{path}"
        );
    }
}

#[tokio::test]
async fn api_paths_that_do_not_exist_answer_json_404_never_html() {
    let app = TestApp::new();
    for path in [
        "/api",
        "/api/",
        "/api/nope",
        "/api/corp_website",
        "/api/blogs/detail/x",
        "/api/contact",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "application/json",
            "{path}"
        );
        assert!(
            json(&response)["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{path}"
        );
    }
}

#[tokio::test]
async fn other_methods_get_a_json_405() {
    let app = TestApp::new();
    for (method, path) in [
        ("POST", "/"),
        ("DELETE", "/contact"),
        ("PUT", "/assets/x.js"),
    ] {
        let response = app
            .request(warp::test::request().method(method).path(path))
            .await;
        assert_eq!(response.status(), 405, "{method} {path}");
        assert_eq!(header(&response, "allow"), "GET, HEAD", "{method} {path}");
        assert_eq!(header(&response, "content-type"), "application/json");
        assert!(json(&response)["message"].is_string());
    }
}

#[tokio::test]
async fn every_page_has_an_etag_that_answers_304() {
    let app = TestApp::new();
    for path in ["/", "/blogs", "/contact"] {
        let first = app.get(path).await;
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
        assert!(again.body().is_empty());
        let other = app
            .request(
                warp::test::request()
                    .path(path)
                    .header("if-none-match", "\"stale\""),
            )
            .await;
        assert_eq!(other.status(), 200, "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_immutable_typed_and_precompressed() {
    let app = TestApp::new();
    let index = app.get("/").await;
    // The page's scripts and styles (it links images and the hero video too).
    let assets: Vec<String> = asset_paths(&String::from_utf8_lossy(index.body()))
        .into_iter()
        .filter(|a| a.ends_with(".js") || a.ends_with(".css"))
        .collect();
    assert!(assets.iter().any(|a| a.ends_with(".js")), "{assets:?}");
    assert!(assets.iter().any(|a| a.ends_with(".css")), "{assets:?}");
    let mut compressed = 0;
    for asset in &assets {
        let plain = app.request(warp::test::request().path(asset)).await;
        assert_eq!(plain.status(), 200, "{asset}");
        assert_eq!(
            header(&plain, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&plain, "content-encoding"), "");
        let expected_type = if asset.ends_with(".js") {
            "text/javascript; charset=utf-8"
        } else {
            "text/css; charset=utf-8"
        };
        assert_eq!(header(&plain, "content-type"), expected_type, "{asset}");

        let br = app
            .request(
                warp::test::request()
                    .path(asset)
                    .header("accept-encoding", "gzip, deflate, br"),
            )
            .await;
        assert_eq!(header(&br, "vary"), "Accept-Encoding");
        let gz = app
            .request(
                warp::test::request()
                    .path(asset)
                    .header("accept-encoding", "gzip"),
            )
            .await;
        // A file of a few hundred bytes may come out of gzip longer than it went in: the build
        // keeps an encoding only when it is smaller, and the file is sent as it is otherwise.
        for (answer, encoding) in [(&br, "br"), (&gz, "gzip")] {
            match header(answer, "content-encoding") {
                "" => {
                    assert!(plain.body().len() < 1024, "{asset} is worth {encoding}");
                    assert_eq!(answer.body(), plain.body(), "{asset}");
                }
                served => {
                    assert_eq!(served, encoding, "{asset}");
                    assert!(answer.body().len() < plain.body().len(), "{asset}");
                }
            }
        }
        if header(&gz, "content-encoding") == "gzip" {
            assert!(gz.body().starts_with(&[0x1f, 0x8b]), "a gzip stream");
            assert_ne!(
                header(&gz, "etag"),
                header(&br, "etag"),
                "each encoding has its own tag"
            );
        }

        let cached = app
            .request(
                warp::test::request()
                    .path(asset)
                    .header("accept-encoding", "br")
                    .header("if-none-match", header(&br, "etag")),
            )
            .await;
        assert_eq!(cached.status(), 304);
        compressed += usize::from(header(&br, "content-encoding") == "br");
    }
    assert!(
        compressed >= 2,
        "the page's script and style go compressed: {assets:?}"
    );
}

/// The compiled hero video plays by byte ranges (Safari plays a video no other way); a
/// packed form (a script in brotli) is sent whole whatever the range.
#[tokio::test]
async fn the_compiled_video_is_answered_by_byte_ranges() {
    let app = TestApp::new();
    let index = app.get("/").await;
    let assets = asset_paths(&String::from_utf8_lossy(index.body()));
    let video = assets
        .iter()
        .find(|a| a.ends_with(".mp4"))
        .expect("the hero video");
    let whole = app.get(video).await;
    assert_eq!(header(&whole, "accept-ranges"), "bytes");
    let len = whole.body().len();
    let part = app
        .request(
            warp::test::request()
                .path(video)
                .header("range", "bytes=100-199"),
        )
        .await;
    assert_eq!(part.status(), 206);
    assert_eq!(
        header(&part, "content-range"),
        format!("bytes 100-199/{len}")
    );
    assert_eq!(part.body()[..], whole.body()[100..200]);
    let past = app
        .request(
            warp::test::request()
                .path(video)
                .header("range", format!("bytes={len}-")),
        )
        .await;
    assert_eq!(past.status(), 416);
    let script = assets
        .iter()
        .find(|a| a.ends_with(".js"))
        .expect("a script");
    let packed = app
        .request(
            warp::test::request()
                .path(script)
                .header("accept-encoding", "br")
                .header("range", "bytes=0-9"),
        )
        .await;
    assert_eq!(packed.status(), 200);
    assert_eq!(header(&packed, "content-encoding"), "br");
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_page() {
    let app = TestApp::new();
    let response = app.get("/assets/index-doesnotexist.js").await;
    assert_eq!(response.status(), 404);
    assert_eq!(header(&response, "content-type"), "application/json");
}

#[tokio::test]
async fn head_works_wherever_get_does() {
    let app = TestApp::new();
    let index = app.get("/").await;
    let asset = asset_paths(&String::from_utf8_lossy(index.body()))
        .into_iter()
        .next()
        .expect("an asset");
    for (path, status) in [
        ("/", 200),
        ("/blogs", 200),
        ("/blogs/detail/x", 404),
        ("/nope", 404),
        (asset.as_str(), 200),
        ("/favicon.svg", 200),
    ] {
        let response = app
            .request(warp::test::request().method("HEAD").path(path))
            .await;
        assert_eq!(response.status(), status, "HEAD {path}");
        assert!(!header(&response, "content-type").is_empty(), "HEAD {path}");
    }
    let api = app
        .request(warp::test::request().method("HEAD").path("/api/nope"))
        .await;
    assert_eq!(api.status(), 404);
}

/// The `'sha256-…'` of the code of the page's one `<script>` without a `src` that runs (the
/// loader), if it has one.
fn inline_loader_source(page: &str) -> Option<String> {
    let mut found = None;
    for rest in page.split("<script").skip(1) {
        let (tag, rest) = rest.split_once('>')?;
        if tag.contains("src=") || tag.contains("application/") {
            continue;
        }
        assert!(found.is_none(), "one inline script: {page}");
        let code = &rest[..rest.find("</script>")?];
        found = Some(policy_hash(code.as_bytes()));
    }
    found
}

#[tokio::test]
async fn security_headers_are_on_every_kind_of_response() {
    let app = TestApp::new();
    let index = app.get("/").await;
    let asset = asset_paths(&String::from_utf8_lossy(index.body())).remove(0);
    let responses = vec![
        ("page", index),
        ("404 page", app.get("/nope").await),
        ("asset", app.get(&asset).await),
        ("api 404", app.get("/api/nope").await),
        (
            "405",
            app.request(warp::test::request().method("POST").path("/"))
                .await,
        ),
    ];
    let rules = policy_hash(app.get("/speculation-rules.json").await.body());
    for (what, response) in responses {
        let csp = header(&response, "content-security-policy");
        // Scripts from the site's own files; inline, only a rendered page's loader, by the
        // hash of its code, and the islands' prefetch rules.
        let body = String::from_utf8_lossy(response.body()).into_owned();
        let loader = match what {
            "page" | "404 page" => {
                format!(
                    "{} ",
                    inline_loader_source(&body).expect("an inline loader")
                )
            }
            _ => String::new(),
        };
        assert!(
            csp.contains(&format!(
                "script-src 'self' {loader}{rules} 'inline-speculation-rules';"
            )),
            "{what}: {csp}"
        );
        assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
        assert!(
            csp.contains(
                "frame-src 'self' https://www.youtube-nocookie.com https://www.google.com;"
            ),
            "{what}: {csp}"
        );
        assert_eq!(
            header(&response, "x-content-type-options"),
            "nosniff",
            "{what}"
        );
        assert_eq!(
            header(&response, "referrer-policy"),
            "strict-origin-when-cross-origin",
            "{what}"
        );
        assert_eq!(
            header(&response, "cross-origin-resource-policy"),
            "same-origin",
            "{what}"
        );
    }
}

#[tokio::test]
async fn the_media_base_setting_reaches_the_page_and_the_csp() {
    let app =
        TestApp::with_settings(|s| s.media_base = "https://bucket.example.com/corpsite/".into());
    let page = app.get("/blogs").await;
    let html = String::from_utf8_lossy(page.body());
    assert!(
        html.contains(
            r#"<meta name="corpsite:media-base" content="https://bucket.example.com/corpsite/" />"#
        ),
        "{html}"
    );
    assert!(header(&page, "content-security-policy")
        .contains("img-src 'self' data: https://bucket.example.com;"));
}

#[tokio::test]
async fn a_rendered_pages_styles_are_inline_and_named_by_the_policy() {
    let app = TestApp::new();
    for path in ["/", "/contact", "/blogs", "/nope"] {
        let response = app.get(path).await;
        let csp = header(&response, "content-security-policy");
        let html = String::from_utf8_lossy(response.body()).into_owned();
        let head = &html[..html.find("</head>").expect("head")];
        // Nothing blocks the first paint but the document: no stylesheet, no script fetched.
        assert!(!head.contains("rel=\"stylesheet\""), "{path}: {head}");
        assert!(
            !head.contains("<link rel=\"modulepreload\""),
            "{path}: {head}"
        );
        assert_eq!(head.matches("<script type=\"module\"").count(), 1, "{path}");
        // The loader adds the islands' entry, never the app's.
        assert!(
            head.contains("data-entry=\"/assets/islands-"),
            "{path}: {head}"
        );
        let app_entry = head.split("/assets/index-").skip(1).any(|rest| {
            rest.split('"')
                .next()
                .is_some_and(|file| file.ends_with(".js"))
        });
        assert!(!app_entry, "{path}: {head}");
        let blocks: Vec<&str> = head
            .split("<style data-href=\"")
            .skip(1)
            .map(|rest| {
                let text = &rest[rest.find('>').expect("tag end") + 1..];
                &text[..text.find("</style>").expect("block end")]
            })
            .collect();
        assert!(blocks.len() >= 2 || path == "/nope", "{path}: {head}");
        // The page's policy names its own blocks and no other page's.
        let style_src = csp
            .split("; ")
            .find(|directive| directive.starts_with("style-src "))
            .unwrap_or_default();
        assert_eq!(
            style_src.matches("'sha256-").count(),
            blocks.len(),
            "{path}: {csp}"
        );
        for block in blocks {
            let hash = policy_hash(block.as_bytes());
            assert!(csp.contains(&format!(" {hash}")), "{path}: {csp}");
        }
    }
    // Answers without inline styles allow none: an asset, the API.
    for path in ["/api/corp_website/site", "/favicon.svg"] {
        let response = app.get(path).await;
        let csp = header(&response, "content-security-policy");
        assert!(csp.contains("; style-src 'self'; "), "{path}: {csp}");
    }
    // A staff page is index.html as built: its stylesheet linked, its script at once.
    let staff = String::from_utf8_lossy(app.get("/staff").await.body()).into_owned();
    assert!(staff.contains("rel=\"stylesheet\""), "{staff}");
    assert!(!staff.contains("<style"), "{staff}");
}

#[tokio::test]
async fn a_page_runs_one_inline_script_the_loader_and_its_policy_allows_that_code_alone() {
    let app = TestApp::new();
    for path in ["/", "/blogs", "/nope"] {
        let response = app.get(path).await;
        let html = String::from_utf8_lossy(response.body()).into_owned();
        let mut code = Vec::new();
        for script in html.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap_or("");
            // Data for the page (JSON, JSON-LD) is never executed.
            let data = tag.contains(r#"type="application/json""#)
                || tag.contains(r#"type="application/ld+json""#);
            if !data {
                assert!(!tag.contains("src="), "{path}: <script{script}");
                assert!(tag.contains("data-entry="), "{path}: <script{script}");
                code.push(tag);
            }
        }
        assert_eq!(code.len(), 1, "{path}: {html}");
        let loader = inline_loader_source(&html).expect("the loader");
        let rules = policy_hash(app.get("/speculation-rules.json").await.body());
        let csp = header(&response, "content-security-policy");
        let script_src = csp
            .split("; ")
            .find(|directive| directive.starts_with("script-src "))
            .unwrap_or_default();
        assert_eq!(
            script_src,
            format!("script-src 'self' {loader} {rules} 'inline-speculation-rules'"),
            "{path}"
        );
    }
}
