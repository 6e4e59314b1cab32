//! Form posts from other sites are refused; the group's allowed sites get CORS answers.

use crate::common::proof::{proven, ENQUIRY};
use crate::common::{header, json, TestApp};
use crate::leads_support::{
    applicants, application_request, contact, enquiries, file, fixture, from, upload_files,
    with_application,
};

const SISTER: &str = "https://projects.example.com";

fn app() -> TestApp {
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.allowed_origins = vec![SISTER.to_owned()];
    })
}

fn enquiry_from(origin: Option<&str>, fetch_site: Option<&str>) -> warp::test::RequestBuilder {
    let mut request = from([192, 0, 2, 1])
        .method("POST")
        .path("/api/clients/create")
        .header("host", "www.example.com")
        .json(&contact());
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    if let Some(site) = fetch_site {
        request = request.header("sec-fetch-site", site);
    }
    request
}

#[tokio::test]
async fn an_application_posted_from_another_site_gets_403_and_nothing_is_stored() {
    let app = app();
    let response = app
        .request(
            application_request(&with_application(file("cv.png", fixture("resume.png"))))
                .header("host", "www.example.com")
                .header("origin", "https://evil.example")
                .header("sec-fetch-site", "cross-site"),
        )
        .await;
    assert_eq!(response.status(), 403);
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("our own website")));
    assert!(applicants(&app).is_empty());
    assert!(upload_files(&app.data_dir()).is_empty());
}

#[tokio::test]
async fn enquiries_are_taken_from_this_site_from_tools_and_from_allowed_sites_only() {
    let app = app();
    let cases: &[(&str, Option<&str>, Option<&str>, u16)] = &[
        (
            "this site",
            Some("https://www.example.com"),
            Some("same-origin"),
            201,
        ),
        ("curl", None, None, 201),
        (
            "fetch metadata says cross-site",
            None,
            Some("cross-site"),
            403,
        ),
        (
            "another site",
            Some("https://evil.example"),
            Some("cross-site"),
            403,
        ),
        (
            "an allowed sister site",
            Some(SISTER),
            Some("cross-site"),
            201,
        ),
    ];
    for (case, origin, fetch_site, status) in cases {
        let request = proven(
            &app,
            enquiry_from(*origin, *fetch_site),
            ENQUIRY,
            [192, 0, 2, 1],
        );
        let response = app.request(request.await).await;
        assert_eq!(response.status(), *status, "{case}: {}", json(&response));
        let cors = header(&response, "access-control-allow-origin");
        let expected_cors = if *case == "an allowed sister site" {
            SISTER
        } else {
            ""
        };
        assert_eq!(cors, expected_cors, "{case}");
    }
    assert_eq!(enquiries(&app).len(), 3);
}

#[tokio::test]
async fn a_sister_site_reads_its_challenge_with_cors_and_another_sites_page_is_refused_one() {
    let app = app();
    let challenge = |origin: &'static str, fetch_site: &'static str| {
        from([192, 0, 2, 1])
            .path("/api/form-proof?form=enquiry")
            .header("host", "www.example.com")
            .header("origin", origin)
            .header("sec-fetch-site", fetch_site)
    };
    let sister = app.request(challenge(SISTER, "cross-site")).await;
    assert_eq!(sister.status(), 200);
    assert_eq!(header(&sister, "access-control-allow-origin"), SISTER);
    assert_eq!(header(&sister, "cache-control"), "no-store");
    assert!(json(&sister)["challenge"]
        .as_str()
        .is_some_and(|c| c.starts_with("v1.enquiry.")));

    let own = app
        .request(challenge("https://www.example.com", "same-origin"))
        .await;
    assert_eq!(own.status(), 200);
    assert_eq!(header(&own, "access-control-allow-origin"), "");

    let evil = app
        .request(challenge("https://evil.example", "cross-site"))
        .await;
    assert_eq!(evil.status(), 403);
    assert_eq!(header(&evil, "access-control-allow-origin"), "");
}

#[tokio::test]
async fn a_preflight_is_answered_for_allowed_sites_only() {
    let app = app();
    let preflight = |origin: &'static str| {
        from([192, 0, 2, 1])
            .method("OPTIONS")
            .path("/api/clients/create")
            .header("host", "www.example.com")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
    };
    let allowed = app.request(preflight(SISTER)).await;
    assert_eq!(allowed.status(), 204);
    assert_eq!(header(&allowed, "access-control-allow-origin"), SISTER);
    assert_eq!(header(&allowed, "access-control-allow-methods"), "POST");
    assert_eq!(
        header(&allowed, "access-control-allow-headers"),
        "content-type, form-proof"
    );

    let refused = app.request(preflight("https://evil.example")).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(header(&refused, "access-control-allow-origin"), "");
}

#[tokio::test]
async fn one_click_unsubscribes_have_a_limit_of_their_own() {
    // One form post a minute: thirty one-click posts a minute, fifteen at once.
    let app = crate::common::TestApp::with_settings(|s| s.rate_limit_per_minute = 1);
    let mut statuses = Vec::new();
    for _ in 0..20 {
        let response = app
            .request(
                crate::leads_support::from([192, 0, 2, 77])
                    .method("POST")
                    .path("/blogs/unsubscribe?token=not-a-real-token"),
            )
            .await;
        statuses.push(response.status().as_u16());
    }
    assert!(statuses[..15].iter().all(|s| *s == 400), "{statuses:?}");
    assert!(statuses[15..].iter().all(|s| *s == 429), "{statuses:?}");
    // Another client is not held up.
    let other = app
        .request(
            crate::leads_support::from([192, 0, 2, 78])
                .method("POST")
                .path("/blogs/unsubscribe?token=not-a-real-token"),
        )
        .await;
    assert_eq!(other.status().as_u16(), 400);
}
