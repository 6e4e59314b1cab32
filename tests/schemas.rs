//! What search engines read, checked against the standards' own definitions: the sitemap
//! against the Sitemaps protocol's schema (`xmllint`, Debian's libxml2-utils, with
//! tests/support/sitemaps.xsd), and every page's JSON-LD against schema.org's types: each
//! `@type` is one of schema.org's, each property one schema.org gives that type (or a type it
//! inherits from), and each value of a kind the property takes.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use crate::common::TestApp;
use corpsite::content::{self, PreparedPost};
use corpsite::domain::utc::{parse_day, parse_rfc3339};
use jiff::civil::date;
use serde_json::Value;

fn post(file: &str, front: &str) -> PreparedPost {
    let text = format!("---\n{front}\n---\nThe body of the post.\n");
    content::prepare(file, &text, date(2025, 6, 1), |_| {
        Ok(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
    })
    .expect("a valid post")
}

async fn app_with_posts() -> TestApp {
    let app = TestApp::new();
    let posts = vec![
        post(
            "plain.md",
            "title: A plain post\nmotive: No author, no image\ndate: 2025-01-02",
        ),
        post(
            "full.md",
            "title: Leasing a campus\nmotive: Why the move paid off\ntags: [Real Estate, Offices]\n\
             author: Ananya Rao\ndate: 2025-01-21\nimage: images/x.svg",
        ),
    ];
    app.db()
        .write(move |conn| content::insert_all(conn, &posts))
        .await
        .expect("insert");
    app
}

async fn body(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    String::from_utf8_lossy(response.body()).into_owned()
}

/// `xmllint --schema`'s verdict on `xml`: None when it validates, else what it said.
fn sitemap_schema_errors(xml: &str) -> Option<String> {
    let schema = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/sitemaps.xsd");
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("sitemap.xml");
    std::fs::write(&file, xml).expect("write the sitemap");
    let output = Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(&schema)
        .arg(&file)
        .output()
        .expect("xmllint runs (Debian's libxml2-utils; .ci/run installs it)");
    (!output.status.success()).then(|| String::from_utf8_lossy(&output.stderr).into_owned())
}

#[tokio::test]
async fn the_sitemap_is_valid_against_the_sitemaps_protocol_schema() {
    let app = app_with_posts().await;
    let xml = body(&app, "/sitemap.xml").await;
    assert_eq!(sitemap_schema_errors(&xml), None, "{xml}");
    assert!(
        xml.contains("/blogs/detail/leasing-a-campus</loc>"),
        "{xml}"
    );
    // The check can fail: a relative location and an unknown element are refused.
    let relative = xml.replacen("<loc>http://localhost/", "<loc>/", 1);
    assert!(sitemap_schema_errors(&relative).is_some());
    let stray = xml.replacen("<url>", "<url><title>x</title>", 1);
    assert!(sitemap_schema_errors(&stray).is_some());
}

/// A type schema.org defines: the type it is a kind of, and the properties it adds with the
/// kinds of value each takes ("Text", "URL", "Date", "DateTime", "Integer" or a type). From
/// schema.org's definitions of the types the site writes and those their values may be.
struct SchemaType {
    parent: Option<&'static str>,
    properties: Properties,
}

/// Each property with the kinds of value it takes.
type Properties = &'static [(&'static str, &'static [&'static str])];

fn vocabulary() -> HashMap<&'static str, SchemaType> {
    let types: [(&str, Option<&str>, Properties); 17] = [
        (
            "Thing",
            None,
            &[
                ("name", &["Text"]),
                ("alternateName", &["Text"]),
                ("description", &["Text"]),
                ("url", &["URL"]),
                ("image", &["URL", "ImageObject"]),
                ("sameAs", &["URL"]),
                ("identifier", &["Text", "URL"]),
                ("mainEntityOfPage", &["URL", "CreativeWork"]),
                ("potentialAction", &["Action"]),
            ],
        ),
        (
            "CreativeWork",
            Some("Thing"),
            &[
                ("headline", &["Text"]),
                ("author", &["Organization", "Person"]),
                ("publisher", &["Organization", "Person"]),
                ("datePublished", &["Date", "DateTime"]),
                ("dateModified", &["Date", "DateTime"]),
                ("keywords", &["Text", "URL"]),
                ("inLanguage", &["Text"]),
                ("thumbnailUrl", &["URL"]),
                ("about", &["Thing"]),
                ("timeRequired", &["Duration"]),
            ],
        ),
        (
            "Article",
            Some("CreativeWork"),
            &[
                ("articleBody", &["Text"]),
                ("articleSection", &["Text"]),
                ("wordCount", &["Integer"]),
            ],
        ),
        ("SocialMediaPosting", Some("Article"), &[]),
        ("BlogPosting", Some("SocialMediaPosting"), &[]),
        ("WebSite", Some("CreativeWork"), &[("issn", &["Text"])]),
        (
            "WebPage",
            Some("CreativeWork"),
            &[("breadcrumb", &["BreadcrumbList", "Text"])],
        ),
        (
            "MediaObject",
            Some("CreativeWork"),
            &[
                ("contentUrl", &["URL"]),
                ("encodingFormat", &["Text", "URL"]),
                ("width", &["Distance", "QuantitativeValue"]),
                ("height", &["Distance", "QuantitativeValue"]),
            ],
        ),
        (
            "ImageObject",
            Some("MediaObject"),
            &[("caption", &["Text"])],
        ),
        (
            "Organization",
            Some("Thing"),
            &[
                ("logo", &["URL", "ImageObject"]),
                ("email", &["Text"]),
                ("telephone", &["Text"]),
                ("address", &["PostalAddress", "Text"]),
                ("contactPoint", &["ContactPoint"]),
                ("legalName", &["Text"]),
                ("founder", &["Person", "Organization"]),
                ("subOrganization", &["Organization"]),
                ("parentOrganization", &["Organization"]),
            ],
        ),
        (
            "Person",
            Some("Thing"),
            &[
                ("jobTitle", &["Text"]),
                ("worksFor", &["Organization"]),
                ("affiliation", &["Organization"]),
                ("email", &["Text"]),
                ("telephone", &["Text"]),
            ],
        ),
        ("Intangible", Some("Thing"), &[]),
        (
            "ItemList",
            Some("Intangible"),
            &[
                ("itemListElement", &["ListItem", "Thing", "Text"]),
                ("numberOfItems", &["Integer"]),
            ],
        ),
        ("BreadcrumbList", Some("ItemList"), &[]),
        (
            "ListItem",
            Some("Intangible"),
            &[
                ("position", &["Integer", "Text"]),
                ("item", &["Thing"]),
                ("nextItem", &["ListItem"]),
                ("previousItem", &["ListItem"]),
            ],
        ),
        (
            "ContactPoint",
            Some("Intangible"),
            &[
                ("telephone", &["Text"]),
                ("email", &["Text"]),
                ("contactType", &["Text"]),
                ("areaServed", &["Text", "Place"]),
            ],
        ),
        (
            "PostalAddress",
            Some("ContactPoint"),
            &[
                ("streetAddress", &["Text"]),
                ("addressLocality", &["Text"]),
                ("addressRegion", &["Text"]),
                ("postalCode", &["Text"]),
                ("addressCountry", &["Text", "Country"]),
            ],
        ),
    ];
    types
        .into_iter()
        .map(|(name, parent, properties)| (name, SchemaType { parent, properties }))
        .collect()
}

struct Checker {
    types: HashMap<&'static str, SchemaType>,
    problems: Vec<String>,
}

impl Checker {
    /// `name` and the types it is a kind of, itself first.
    fn lineage(&self, name: &str) -> Vec<&'static str> {
        let mut chain = Vec::new();
        let mut next = self.types.get_key_value(name).map(|(k, _)| *k);
        while let Some(current) = next {
            chain.push(current);
            next = self.types[current].parent;
        }
        chain
    }

    fn ranges_of(&self, type_name: &str, property: &str) -> Option<&'static [&'static str]> {
        self.lineage(type_name).into_iter().find_map(|t| {
            self.types[t]
                .properties
                .iter()
                .find(|(p, _)| *p == property)
                .map(|(_, ranges)| *ranges)
        })
    }

    fn node(&mut self, at: &str, node: &Value, ranges: &[&str]) {
        match node {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.node(&format!("{at}[{i}]"), item, ranges);
                }
            }
            Value::Object(object) => {
                if object.len() == 1 && object.contains_key("@id") {
                    if !is_url(&object["@id"]) {
                        self.problems.push(format!("{at}: @id is no absolute URL"));
                    }
                    return;
                }
                let Some(type_name) = object.get("@type").and_then(Value::as_str) else {
                    self.problems.push(format!("{at}: an object without @type"));
                    return;
                };
                let lineage = self.lineage(type_name);
                if lineage.is_empty() {
                    self.problems
                        .push(format!("{at}: {type_name} is no schema.org type we know"));
                    return;
                }
                if !ranges.iter().any(|range| lineage.contains(range)) {
                    self.problems
                        .push(format!("{at}: a {type_name} where {ranges:?} is expected"));
                }
                for (key, value) in object {
                    match key.as_str() {
                        "@type" | "@context" => {}
                        "@id" if is_url(value) => {}
                        "@id" => self.problems.push(format!("{at}: @id is no absolute URL")),
                        property => match self.ranges_of(type_name, property) {
                            Some(ranges) => self.node(&format!("{at}.{property}"), value, ranges),
                            None => self
                                .problems
                                .push(format!("{at}: {type_name} has no property {property}")),
                        },
                    }
                }
            }
            Value::String(text) => {
                let fits = ranges.iter().any(|range| match *range {
                    "Text" => true,
                    "Date" => parse_day(text).is_some(),
                    "DateTime" => parse_rfc3339(text).is_some(),
                    "Integer" => text.parse::<i64>().is_ok(),
                    "Duration" => text.starts_with('P'),
                    // A URL, or the URL of a thing where a thing is expected.
                    _ => is_url(node),
                });
                if !fits {
                    self.problems
                        .push(format!("{at}: {text:?} is none of {ranges:?}"));
                }
            }
            Value::Number(number) => {
                if !(ranges.contains(&"Integer") && number.is_i64()) {
                    self.problems
                        .push(format!("{at}: {number} is none of {ranges:?}"));
                }
            }
            other => self
                .problems
                .push(format!("{at}: {other} is none of {ranges:?}")),
        }
    }
}

fn is_url(value: &Value) -> bool {
    value.as_str().is_some_and(|text| {
        (text.starts_with("https://") || text.starts_with("http://"))
            && text.len() > "https://".len()
            && !text.contains(char::is_whitespace)
    })
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|rest| {
            let text = &rest[..rest.find("</script>").expect("script end")];
            serde_json::from_str(text).expect("JSON-LD parses")
        })
        .collect()
}

/// What is wrong with the page's JSON-LD by schema.org's definitions.
fn schema_problems(blocks: &[Value]) -> Vec<String> {
    let mut checker = Checker {
        types: vocabulary(),
        problems: Vec::new(),
    };
    for (i, block) in blocks.iter().enumerate() {
        if block["@context"] != "https://schema.org" {
            checker
                .problems
                .push(format!("block {i}: @context is {}", block["@context"]));
        }
        checker.node(&format!("block {i}"), block, &["Thing"]);
    }
    checker.problems
}

#[tokio::test]
async fn every_pages_json_ld_is_made_of_schema_org_types_and_their_properties() {
    let app = app_with_posts().await;
    let table: Value =
        serde_json::from_str(include_str!("../ui/src/app/route-table.json")).expect("table");
    let mut paths: Vec<String> = table["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .filter(|route| route["private"] != true)
        .map(|route| route["path"].as_str().expect("path").to_owned())
        .filter(|path| !path.contains(':'))
        .collect();
    paths.push("/blogs/detail/leasing-a-campus".into());
    paths.push("/blogs/detail/a-plain-post".into());
    let mut types_seen = Vec::new();
    for path in &paths {
        let blocks = json_ld(&body(&app, path).await);
        assert!(!blocks.is_empty(), "{path} has JSON-LD");
        assert_eq!(schema_problems(&blocks), Vec::<String>::new(), "{path}");
        types_seen.extend(blocks.iter().map(|b| b["@type"].to_string()));
    }
    for wanted in ["Organization", "WebSite", "BreadcrumbList", "BlogPosting"] {
        assert!(
            types_seen.iter().any(|t| t.contains(wanted)),
            "{wanted} in {types_seen:?}"
        );
    }
}

#[test]
fn the_schema_check_finds_what_schema_org_does_not_allow() {
    let problems = schema_problems(&[serde_json::json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": "A post",
        "datePublished": "last week",
        "author": { "@type": "BreadcrumbList" },
        "publisher": { "@type": "Organisation", "name": "x" },
        "image": "/relative.png",
        "rating": 5,
        "mainEntityOfPage": { "@id": "not a url" }
    })]);
    for expected in [
        "datePublished: \"last week\"",
        "a BreadcrumbList where",
        "Organisation is no schema.org type",
        "image: \"/relative.png\"",
        "BlogPosting has no property rating",
        "@id is no absolute URL",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected} in {problems:?}"
        );
    }
}
