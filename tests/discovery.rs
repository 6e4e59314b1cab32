//! The sitemap, robots.txt and the feed, read back with a real XML parser.

use crate::common::{header, policy_hash, TestApp};
use corpsite::content::{self, PreparedPost};
use jiff::civil::date;
use quick_xml::events::Event;
use quick_xml::{Reader, XmlVersion};

fn post(file: &str, front: &str) -> PreparedPost {
    let text = format!("---\n{front}\n---\nBody.\n");
    content::prepare(file, &text, date(2025, 6, 1), |_| {
        Ok(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
    })
    .expect("a valid post")
}

async fn app_with(posts: Vec<PreparedPost>) -> TestApp {
    let app = TestApp::new();
    app.db()
        .write(move |conn| content::insert_all(conn, &posts))
        .await
        .expect("insert");
    app
}

/// An element: its path from the root (`rss/channel/item`), attributes and text.
type Element = (String, Vec<(String, String)>, String);

/// Every element of the document, in order.
fn elements(xml: &str) -> Vec<Element> {
    let mut reader = Reader::from_str(xml);
    let mut path: Vec<String> = Vec::new();
    let mut out: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    loop {
        let event = reader.read_event().expect("well-formed XML");
        let (start, empty) = match &event {
            Event::Start(start) => (Some(start), false),
            Event::Empty(start) => (Some(start), true),
            _ => (None, false),
        };
        if let Some(start) = start {
            let name = String::from_utf8_lossy(start.name().as_ref()).into_owned();
            let attributes = start
                .attributes()
                .map(|a| {
                    let a = a.expect("attribute");
                    (
                        String::from_utf8_lossy(a.key.as_ref()).into_owned(),
                        a.normalized_value(XmlVersion::Implicit1_0)
                            .expect("attribute value")
                            .into_owned(),
                    )
                })
                .collect();
            path.push(name);
            out.push((path.join("/"), attributes, String::new()));
            if empty {
                path.pop();
            } else {
                open.push(out.len() - 1);
            }
            continue;
        }
        match event {
            Event::Text(text) => {
                if let Some(&index) = open.last() {
                    out[index].2.push_str(&text.decode().expect("text"));
                }
            }
            Event::GeneralRef(reference) => {
                if let Some(&index) = open.last() {
                    let text = match reference.decode().expect("reference").as_ref() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("unexpected entity {other}"),
                    };
                    out[index].2.push_str(text);
                }
            }
            Event::End(_) => {
                path.pop();
                open.pop();
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn texts(tree: &[Element], path: &str) -> Vec<String> {
    tree.iter()
        .filter(|(p, _, _)| p == path)
        .map(|(_, _, t)| t.clone())
        .collect()
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_and_every_post_with_absolute_urls() {
    let app = app_with(vec![
        post("a.md", "title: First post\nmotive: M\ndate: 2025-01-02"),
        post("b.md", "title: Second post\nmotive: M\ndate: 2025-03-04"),
    ])
    .await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        header(&response, "content-type"),
        "application/xml; charset=utf-8"
    );
    let xml = String::from_utf8_lossy(response.body()).into_owned();
    let tree = elements(&xml);
    let root = &tree[0];
    assert_eq!(root.0, "urlset");
    assert!(root.1.contains(&(
        "xmlns".into(),
        "http://www.sitemaps.org/schemas/sitemap/0.9".into()
    )));
    let locs = texts(&tree, "urlset/url/loc");
    for page in [
        "/",
        "/blogs",
        "/why-us",
        "/contact",
        "/join_us",
        "/shilpa_foundation",
        "/privacy",
    ] {
        assert!(
            locs.contains(&format!("http://localhost{page}")),
            "{page} in {locs:?}"
        );
    }
    assert!(
        !locs.iter().any(|l| l.ends_with("/home")),
        "/home is / (its canonical)"
    );
    assert!(!locs.iter().any(|l| l.contains(":id")));
    assert!(locs.contains(&"http://localhost/blogs/detail/first-post".to_owned()));
    assert_eq!(
        texts(&tree, "urlset/url/lastmod"),
        ["2025-03-04", "2025-01-02"]
    );
    assert!(locs.iter().all(|l| l.starts_with("http://localhost/")));
    // The route table's 16 paths less /home (it is /) and the post pattern, and the posts.
    assert_eq!(locs.len(), 14 + 2, "{locs:?}");

    let etag = header(&response, "etag").to_owned();
    let again = app
        .request(
            warp::test::request()
                .path("/sitemap.xml")
                .header("if-none-match", &etag),
        )
        .await;
    assert_eq!(again.status(), 304);
    assert_eq!(
        app.get("/sitemap-1.xml").await.status(),
        404,
        "not split below 50,000 URLs"
    );
}

#[tokio::test]
async fn robots_txt_names_the_sitemap() {
    let app = TestApp::with_settings(|s| {
        s.public_url = Some("https://www.example.com".parse().expect("url"))
    });
    let response = app.get("/robots.txt").await;
    assert_eq!(
        header(&response, "content-type"),
        "text/plain; charset=utf-8"
    );
    let text = String::from_utf8_lossy(response.body());
    assert!(text.contains("User-agent: *"));
    assert!(
        text.lines()
            .any(|l| l == "Sitemap: https://www.example.com/sitemap.xml"),
        "{text}"
    );
}

#[tokio::test]
async fn the_feed_is_rss_2_of_the_newest_twenty_posts() {
    let mut posts: Vec<PreparedPost> = (1..=22)
        .map(|i| {
            post(
                &format!("{i}.md"),
                &format!("title: Story {i}\nmotive: Motive {i}\ndate: 2025-01-{i:02}\ntags: [Leasing]\nimage: images/{i}.svg"),
            )
        })
        .collect();
    posts.push(post(
        "hostile.md",
        "title: 'Tags <b>& \"quotes\"</b>'\nmotive: 'a < b && c > d'\ndate: 2025-02-01",
    ));
    let app = app_with(posts).await;
    let response = app.get("/blogs/feed.xml").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        header(&response, "content-type"),
        "application/rss+xml; charset=utf-8"
    );
    let xml = String::from_utf8_lossy(response.body()).into_owned();
    let tree = elements(&xml);
    assert_eq!(tree[0].0, "rss");
    assert!(tree[0].1.contains(&("version".into(), "2.0".into())));
    for field in ["title", "link", "description"] {
        let text = texts(&tree, &format!("rss/channel/{field}"));
        assert!(
            text.len() == 1 && !text[0].is_empty(),
            "channel {field}: {text:?}"
        );
    }
    let titles = texts(&tree, "rss/channel/item/title");
    assert_eq!(titles.len(), 20, "the newest 20");
    assert_eq!(
        titles[0], "Tags <b>& \"quotes\"</b>",
        "text as written, after parsing"
    );
    assert_eq!(
        texts(&tree, "rss/channel/item/description")[0],
        "a < b && c > d"
    );
    assert!(!titles.contains(&"Story 1".to_owned()) && !titles.contains(&"Story 2".to_owned()));
    let links = texts(&tree, "rss/channel/item/link");
    assert_eq!(texts(&tree, "rss/channel/item/guid"), links);
    assert!(links
        .iter()
        .all(|l| l.starts_with("http://localhost/blogs/detail/")));
    for date in texts(&tree, "rss/channel/item/pubDate") {
        jiff::fmt::rfc2822::parse(&date).unwrap_or_else(|e| panic!("{date}: {e}"));
    }
    let images: Vec<&Vec<(String, String)>> = tree
        .iter()
        .filter(|(p, _, _)| p == "rss/channel/item/media:content")
        .map(|(_, a, _)| a)
        .collect();
    assert_eq!(
        images.len(),
        19,
        "every post with an image but the hostile one"
    );
    assert!(images.iter().all(|a| a
        .iter()
        .any(|(k, v)| k == "url" && v.starts_with("http://localhost/media/"))));
}

#[tokio::test]
async fn the_rules_that_prefetch_the_next_public_page_are_served_for_the_islands_to_add() {
    let app = app_with(vec![]).await;
    let response = app.get("/speculation-rules.json").await;
    // The islands add the rules as they come, a script whose text is the answer's body:
    // every policy lets exactly that text through, by its hash. Chromium ignores the keyword
    // once a directive names a hash, as a rendered page's does (its loader's).
    let rules_hash = policy_hash(response.body());
    for page in ["/", "/blogs", "/contact", "/no-such-page", "/api/nope"] {
        let answer = app.get(page).await;
        // No header: the browser would fetch its rules before the page's first picture.
        assert!(
            answer.headers().get("speculation-rules").is_none(),
            "{page}"
        );
        let policy = header(&answer, "content-security-policy");
        assert!(
            policy.contains(&format!(" {rules_hash} 'inline-speculation-rules';")),
            "{page}: {policy}"
        );
    }

    assert_eq!(response.status(), 200);
    assert_eq!(
        header(&response, "content-type"),
        "application/speculationrules+json"
    );
    let rules: serde_json::Value = serde_json::from_slice(response.body()).expect("JSON");
    let rule = &rules["prefetch"][0];
    assert_eq!(rule["eagerness"], "moderate");
    let kept_out: Vec<&str> = rule["where"]["and"]
        .as_array()
        .expect("and")
        .iter()
        .filter_map(|part| part["not"]["href_matches"].as_str())
        .collect();
    for path in ["/staff*", "/login*", "/api/*", "/blogs/unsubscribe*"] {
        assert!(kept_out.contains(&path), "{path} in {kept_out:?}");
    }
}
