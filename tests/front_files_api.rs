//! `http::site::front` for the kept answers that are not pages: the build's hashed files,
//! media files and the blog API's kept lists, searches and posts. Each must be the filters'
//! own answer, byte for byte and header for header, and what is not kept must go on to them.

use std::path::Path;

use corpsite::http::site::front::Front;
use warp::http::Method;

use crate::blogs_media::drawing;
use crate::common::{header, json, TestApp};
use crate::pages_front::{addr, app, seen, Asked, PROXY};
use crate::pages_render::{post, posts_in, publish_all};

const LIST: &str = "/api/corp_website/blogs/get";
const POST: &str = "/api/corp_website/blogs/get/leasing-a-campus-in-whitefield";

/// Asks the filters, then the short way: one answer, its status, every header and the body.
async fn answered_alike(app: &TestApp, front: &Front, asked: &Asked) {
    let what = format!("{} {} {:?}", asked.method, asked.uri, asked.headers);
    let expected = asked.of_filters(app).await;
    let answered = asked
        .of_front(front)
        .await
        .unwrap_or_else(|| panic!("{what}: kept, yet not answered ahead"));
    assert_eq!(answered.status(), expected.status(), "{what}");
    assert_eq!(answered.headers(), expected.headers(), "{what}");
    assert_eq!(answered.body(), expected.body(), "{what}");
}

/// The ways a browser, a proxy or a cache asks for `uri`: each encoding it may take, HEAD,
/// and each of `etags` as `If-None-Match` (a 304 for its own encoding, a 200 for the others).
fn variants(uri: &str, etags: &[String]) -> Vec<Asked> {
    let encodings = [
        "gzip",
        "br",
        "gzip, deflate, br",
        "br;q=0, gzip",
        "identity",
    ];
    let mut asked = vec![
        Asked::get(uri),
        Asked {
            method: Method::HEAD,
            ..Asked::get(uri)
        },
        Asked {
            method: Method::HEAD,
            ..Asked::get(uri)
        }
        .with("accept-encoding", "br"),
        Asked::get(uri).with("if-none-match", "*"),
        Asked {
            peer: addr(PROXY),
            ..Asked::get(uri)
        }
        .with("host", "www.example.com")
        .with("x-forwarded-proto", "https")
        .with("accept-encoding", "gzip"),
    ];
    for encoding in encodings {
        asked.push(Asked::get(uri).with("accept-encoding", encoding));
    }
    for etag in etags {
        asked.push(Asked::get(uri).with("if-none-match", etag));
        asked.push(Asked::get(uri).with("if-none-match", &format!("W/{etag}, \"other\"")));
        for encoding in encodings {
            asked.push(
                Asked::get(uri)
                    .with("accept-encoding", encoding)
                    .with("if-none-match", etag),
            );
        }
        asked.push(
            Asked {
                method: Method::HEAD,
                ..Asked::get(uri)
            }
            .with("accept-encoding", "gzip")
            .with("if-none-match", etag),
        );
    }
    asked
}

/// The tag of each form the filters answer `uri` in.
async fn etags_of(app: &TestApp, uri: &str) -> Vec<String> {
    let mut etags = Vec::new();
    for encoding in ["identity", "gzip", "br"] {
        let answer = Asked::get(uri)
            .with("accept-encoding", encoding)
            .of_filters(app)
            .await;
        assert_eq!(answer.status(), 200, "{uri} {encoding}");
        let etag = header(&answer, "etag").to_owned();
        if !etags.contains(&etag) {
            etags.push(etag);
        }
    }
    etags
}

/// A file of the build under `/assets/` whose name ends with `suffix`, and whether the build
/// packed it with brotli and gzip.
fn built_asset(suffix: &str) -> (String, bool) {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist/assets");
    let mut names: Vec<String> = std::fs::read_dir(&assets)
        .expect("ui/dist/assets (the build)")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(suffix))
        .collect();
    names.sort();
    let name = names.first().expect("such a file in the build").clone();
    let packed =
        assets.join(format!("{name}.br")).exists() && assets.join(format!("{name}.gz")).exists();
    (format!("/assets/{name}"), packed)
}

#[tokio::test]
async fn a_hashed_asset_is_answered_ahead_of_the_filters_as_they_answer_it() {
    let app = app().await;
    let front = Front::new(&app.state);
    let (script, packed) = built_asset(".js");
    assert!(packed, "{script}: the build packs scripts");
    let (picture, packed) = built_asset(".webp");
    assert!(!packed, "{picture}: the build leaves pictures as they are");
    for asset in [script, picture] {
        let etags = etags_of(&app, &asset).await;
        for asked in variants(&asset, &etags) {
            answered_alike(&app, &front, &asked).await;
        }
    }
    let (script, _) = built_asset(".js");
    let gzipped = Asked::get(&script)
        .with("accept-encoding", "gzip")
        .of_front(&front)
        .await
        .expect("answered");
    assert_eq!(header(&gzipped, "content-encoding"), "gzip");
    assert_eq!(header(&gzipped, "vary"), "Accept-Encoding");
    assert_eq!(
        header(&gzipped, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(header(&gzipped, "x-content-type-options"), "nosniff");
}

#[tokio::test]
async fn a_media_file_is_answered_ahead_of_the_filters_as_they_answer_it() {
    let app = app().await;
    let media = app.data_dir().join("media");
    std::fs::create_dir_all(media.join("blogs")).expect("media dir");
    std::fs::write(media.join("blogs/3f9a0c1d2e3f4a5b.svg"), drawing()).expect("hashed drawing");
    std::fs::write(media.join("blogs/office.png"), b"\x89PNG\r\n\x1a\nrest").expect("image");
    let front = Front::new(&app.state);
    for file in [
        "/media/blogs/3f9a0c1d2e3f4a5b.svg",
        "/media/blogs/office.png",
        "/media/blogs/office%2Epng",
    ] {
        let etags = etags_of(&app, file).await;
        // A drawing goes packed too (brotli, gzip); a photo has one form.
        let forms = if file.ends_with(".svg") { 3 } else { 1 };
        assert_eq!(etags.len(), forms, "{file}: {etags:?}");
        for asked in variants(file, &etags) {
            answered_alike(&app, &front, &asked).await;
        }
    }
}

#[tokio::test]
async fn a_kept_blog_list_page_or_search_is_answered_ahead_of_the_filters_as_they_answer_it() {
    let app = app().await;
    let front = Front::new(&app.state);
    let first = format!("{LIST}?page=1&text=");
    assert!(
        Asked::get(&first).of_front(&front).await.is_none(),
        "nothing is kept before the filters made it"
    );
    for uri in [
        first.clone(),
        LIST.to_owned(),
        format!("{LIST}?page=abc&utm_source=mail"),
        format!("{LIST}?page=2&text="),
        format!("{LIST}?text=Leasing+campus&page=1"),
        // The same search in other words: one key, one kept answer.
        format!("{LIST}?text=%20leasing%2C%20CAMPUS"),
        format!("{LIST}?page=1&text=post&page=9&text=other"),
    ] {
        let answer = Asked::get(&uri).of_filters(&app).await;
        assert_eq!(answer.status(), 200, "{uri}");
        let etags = vec![header(&answer, "etag").to_owned()];
        for asked in variants(&uri, &etags) {
            answered_alike(&app, &front, &asked).await;
        }
    }
    let searched = Asked::get(&format!("{LIST}?utm=x&text=LEASING++campus!"))
        .of_front(&front)
        .await
        .expect("the same search, spelled otherwise");
    assert_eq!(
        json(&searched)["data"]["datas"][0]["_id"],
        "leasing-a-campus-in-whitefield"
    );
}

#[tokio::test]
async fn a_kept_post_is_answered_ahead_of_the_filters_as_they_answer_it() {
    let app = app().await;
    let front = Front::new(&app.state);
    assert!(
        Asked::get(POST).of_front(&front).await.is_none(),
        "nothing is kept before the filters made it"
    );
    let answer = Asked::get(POST).of_filters(&app).await;
    assert_eq!(answer.status(), 200);
    let etags = vec![header(&answer, "etag").to_owned()];
    for asked in variants(POST, &etags) {
        answered_alike(&app, &front, &asked).await;
    }
}

#[tokio::test]
async fn what_no_one_keeps_goes_on_to_the_filters_unchanged() {
    let app = app().await;
    let media = app.data_dir().join("media");
    std::fs::create_dir_all(media.join("blogs")).expect("media dir");
    std::fs::write(app.data_dir().join("secret.txt"), b"secret").expect("a file outside media");
    let front = Front::new(&app.state);
    let (script, _) = built_asset(".js");
    let cases = [
        // A missing file, a packed form asked for by name, no file at all: the filters' 404s.
        ("/assets/no-such-file-abc123.js".to_owned(), 404),
        (format!("{script}.gz"), 404),
        ("/assets/".to_owned(), 404),
        ("/media/blogs/missing.png".to_owned(), 404),
        ("/media/../secret.txt".to_owned(), 404),
        ("/media/%2e%2e/secret.txt".to_owned(), 404),
        ("/media/".to_owned(), 404),
        ("/media".to_owned(), 404),
        // An unknown post, an id that is no id, a path below a post's.
        (format!("{LIST}/no-such-post"), 404),
        (format!("{LIST}/Not%20An%20Id"), 404),
        (format!("{POST}/more"), 404),
        // The list's own path with a slash: the filters answer it (a list) every time.
        (format!("{LIST}/"), 200),
        ("/api/corp_website/blogs".to_owned(), 404),
        ("/api/corp_website/site".to_owned(), 200),
        // A built file that is not a hashed asset.
        ("/favicon.svg".to_owned(), 200),
    ];
    for (uri, status) in cases {
        // Twice through the filters: whatever they keep, they have kept.
        Asked::get(&uri).of_filters(&app).await;
        let answer = Asked::get(&uri).of_filters(&app).await;
        assert_eq!(answer.status(), status, "{uri}");
        assert!(Asked::get(&uri).of_front(&front).await.is_none(), "{uri}");
    }
    // Only GET and HEAD are kept.
    Asked::get(POST).of_filters(&app).await;
    for method in [Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS] {
        for uri in [POST, LIST, script.as_str()] {
            let asked = Asked {
                method: method.clone(),
                ..Asked::get(uri)
            };
            assert!(asked.of_front(&front).await.is_none(), "{method} {uri}");
        }
    }
    // A search nobody made yet is the filters' (with its rate limit), until they keep it.
    let search = Asked::get(&format!("{LIST}?text=whitefield"));
    assert!(search.of_front(&front).await.is_none());
    search.of_filters(&app).await;
    assert!(search.of_front(&front).await.is_some());
}

#[tokio::test]
async fn a_rate_limited_search_goes_on_to_the_filters_and_a_kept_one_is_answered() {
    // One new search a minute per client.
    let app = posts_in(TestApp::with_settings(|s| {
        s.search_rate_limit_per_minute = 1;
    }))
    .await;
    seen(&app).await;
    let front = Front::new(&app.state);
    let kept = Asked::get(&format!("{LIST}?text=office"));
    assert_eq!(kept.of_filters(&app).await.status(), 200);
    let new = Asked::get(&format!("{LIST}?text=warehouse"));
    assert!(
        new.of_front(&front).await.is_none(),
        "not kept: the filters'"
    );
    let refused = new.of_filters(&app).await;
    assert_eq!(
        refused.status(),
        429,
        "the filters count it against the limit"
    );
    assert!(
        new.of_front(&front).await.is_none(),
        "a refusal is never kept"
    );
    answered_alike(&app, &front, &kept).await;
}

#[tokio::test]
async fn kept_blog_answers_are_let_go_when_the_content_changes() {
    let app = app().await;
    let front = Front::new(&app.state);
    let list = Asked::get(LIST);
    let detail = Asked::get(POST);
    list.of_filters(&app).await;
    detail.of_filters(&app).await;
    let old = list.of_front(&front).await.expect("kept");
    assert!(detail.of_front(&front).await.is_some());
    publish_all(&app, vec![post("n.md", "title: Just out\nmotive: M", "x")]).await;
    // The version watch sees the write within a moment; from then on the filters read again.
    let start = std::time::Instant::now();
    while list.of_front(&front).await.is_some() || detail.of_front(&front).await.is_some() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "an old answer was still given"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let fresh = list.of_filters(&app).await;
    assert_ne!(header(&fresh, "etag"), header(&old, "etag"));
    assert_eq!(json(&fresh)["data"]["datas"][0]["title"], "Just out");
    let kept = list.of_front(&front).await.expect("kept again");
    assert_eq!(kept.body(), fresh.body());
}

#[tokio::test]
async fn answers_ahead_of_the_filters_are_counted_and_logged_in_their_route_groups() {
    let app = app().await;
    let media = app.data_dir().join("media");
    std::fs::create_dir_all(media.join("blogs")).expect("media dir");
    std::fs::write(media.join("blogs/office.png"), b"\x89PNG\r\n\x1a\nrest").expect("image");
    let front = Front::new(&app.state);
    let (script, _) = built_asset(".js");
    let metrics = |app: &TestApp| {
        app.state
            .metrics
            .encode(&corpsite::metrics::Reading::default())
            .expect("metrics")
    };
    // One sample of the metrics text by its series (0 before it was first counted).
    let sample = |text: &str, series: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .map_or(0.0, |value| value.parse::<f64>().expect("a number"))
    };
    let requests = |group: &str, status: u16| {
        format!("corpsite_http_requests_total{{group=\"{group}\",status=\"{status}\"}}")
    };
    let hits =
        |cache: &str| format!("corpsite_cache_requests_total{{cache=\"{cache}\",result=\"hit\"}}");
    let misses =
        |cache: &str| format!("corpsite_cache_requests_total{{cache=\"{cache}\",result=\"miss\"}}");
    for uri in [LIST, POST] {
        Asked::get(uri).of_filters(&app).await;
    }
    let cases = [
        (LIST, "api_blogs", Some("blog_list")),
        (POST, "api_blogs", Some("blog_post")),
        (script.as_str(), "assets", None),
        ("/media/blogs/office.png", "media", None),
    ];
    for (uri, group, cache) in cases {
        let before = metrics(&app);
        let logs = crate::common::LogCapture::start();
        assert!(Asked::get(uri).of_front(&front).await.is_some(), "{uri}");
        let after = metrics(&app);
        let series = requests(group, 200);
        assert_eq!(
            sample(&after, &series),
            sample(&before, &series) + 1.0,
            "{uri}: counted in {group}"
        );
        if let Some(cache) = cache {
            assert_eq!(
                sample(&after, &hits(cache)),
                sample(&before, &hits(cache)) + 1.0,
                "{uri}: its cache hit, once"
            );
            assert_eq!(
                sample(&after, &misses(cache)),
                sample(&before, &misses(cache)),
                "{uri}: no miss"
            );
        }
        let text = logs.text();
        assert!(
            text.contains("request")
                && text.contains(&format!("path=\"{uri}\""))
                && text.contains("status=200"),
            "{uri}: {text}"
        );
    }
    // A look-up that finds nothing counts nothing: the filters then count their miss.
    let before = metrics(&app);
    let new = Asked::get(&format!("{LIST}?page=3"));
    assert!(new.of_front(&front).await.is_none());
    let after = metrics(&app);
    assert_eq!(
        sample(&after, &misses("blog_list")),
        sample(&before, &misses("blog_list"))
    );
    assert_eq!(
        sample(&after, &hits("blog_list")),
        sample(&before, &hits("blog_list"))
    );
}
