//! The `Allow` header of a 405 names exactly the methods its path answers, on every path.

use std::collections::BTreeSet;

use crate::common::staff::sample_paths;
use crate::common::{header, json, TestApp};

const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/// Staff paths whose id is also the name of another row (a story named `preview`, an inbox
/// item named `export.csv`), besides a sample path of every row of the staff endpoint table.
const STAFF_PATHS: &[&str] = &[
    "/api/staff/inbox/enquiries/export.csv",
    "/api/staff/inbox/enquiries/export.xlsx",
    "/api/staff/stories/",
    "/api/staff/stories/choices",
    "/api/staff/stories/preview",
];

/// Paths outside `/api` that take more than a page's GET, and a page for comparison.
const SITE_PATHS: &[&str] = &["/blogs/unsubscribe", "/contact", "/healthz"];

/// Every path of the published API document, `{id}`-style parameters filled in.
async fn documented_paths(app: &TestApp) -> Vec<String> {
    let doc = json(&app.get("/api/openapi.json").await);
    doc["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .map(|path| {
            path.split('/')
                .map(|segment| {
                    if segment.starts_with('{') {
                        "some-id"
                    } else {
                        segment
                    }
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect()
}

async fn status(app: &TestApp, method: &str, path: &str) -> u16 {
    app.request(warp::test::request().method(method).path(path))
        .await
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_405_allows_exactly_the_methods_its_path_answers() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let mut paths = documented_paths(&app).await;
    assert!(paths.len() >= 8, "{paths:?}");
    paths.extend(STAFF_PATHS.iter().map(|p| (*p).to_owned()));
    for row in corpsite::http::staff::endpoints::ENDPOINTS {
        paths.extend(sample_paths(row.path));
    }
    paths.sort();
    paths.dedup();
    paths.extend(SITE_PATHS.iter().map(|p| (*p).to_owned()));
    for path in &paths {
        let mut answered = BTreeSet::new();
        let mut refused = Vec::new();
        for method in METHODS {
            if status(&app, method, path).await == 405 {
                refused.push(method);
            } else {
                answered.insert(method.to_owned());
            }
        }
        assert!(!answered.is_empty(), "{path} answers no method");
        assert!(!refused.is_empty(), "{path} answers every method");
        for method in refused {
            let response = app
                .request(warp::test::request().method(method).path(path))
                .await;
            assert_eq!(header(&response, "content-type"), "application/json");
            let allowed: BTreeSet<String> = header(&response, "allow")
                .split(',')
                .map(|m| m.trim().to_owned())
                .collect();
            assert_eq!(allowed, answered, "Allow of {method} {path}");
        }
    }
}

#[tokio::test]
async fn an_api_path_no_route_has_is_404_whatever_the_method() {
    let app = TestApp::new();
    for path in [
        "/api",
        "/api/",
        "/api/nothing",
        "/api/staff",
        "/api/staff/inbox",
        "/api/staff/stories/some-story/more",
        "/api/clients/create/more",
        "/api/corp_website/blogs",
    ] {
        for method in METHODS {
            let response = app
                .request(warp::test::request().method(method).path(path))
                .await;
            assert_eq!(response.status(), 404, "{method} {path}");
            if method != "HEAD" {
                assert!(json(&response)["message"].is_string(), "{method} {path}");
            }
        }
    }
}
