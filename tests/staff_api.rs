//! The staff API through the real filters: sign-in, sessions, throttling, CSRF, the 401/403
//! shapes, and the inbox (lists, status, notes, resume, export, erase) with its audit log.

use crate::common::staff::{add_staff, sign_in_as, site_request, Browser, EMAIL, HOST, PASSWORD};
use crate::common::{header, json, TestApp};
use crate::leads_support::{
    application_fields, contact, file, fixture, from, post_application, post_json, subscription,
    upload_files, Part,
};
use bytes::Bytes;
use corpsite::store::audit;
use corpsite::store::sessions;
use serde_json::{json as body, Value};
use warp::http::{Response, StatusCode};

fn assert_json_error(response: &Response<Bytes>, status: StatusCode, case: &str) {
    assert_eq!(response.status(), status, "{case}: {:?}", response.body());
    let message = json(response)["message"].as_str().map(str::to_owned);
    assert!(message.is_some_and(|m| !m.is_empty()), "{case}: a message");
    assert_eq!(
        header(response, "cache-control"),
        "private, no-store",
        "{case}"
    );
}

const ENDPOINTS: &[(&str, &str)] = &[
    ("GET", "/api/staff/session"),
    ("POST", "/api/staff/logout"),
    ("POST", "/api/staff/password"),
    ("GET", "/api/staff/inbox/enquiries"),
    ("POST", "/api/staff/media?folder=blogs"),
    ("GET", "/api/staff/inbox/subscribers"),
    ("GET", "/api/staff/inbox/applicants?q=asha&status=new"),
    ("GET", "/api/staff/inbox/enquiries/export.csv"),
    ("GET", "/api/staff/inbox/enquiries/export.xlsx"),
    (
        "GET",
        "/api/staff/inbox/enquiries/0123456789abcdef0123456789abcdef",
    ),
    (
        "DELETE",
        "/api/staff/inbox/enquiries/0123456789abcdef0123456789abcdef",
    ),
    (
        "POST",
        "/api/staff/inbox/enquiries/0123456789abcdef0123456789abcdef/status",
    ),
    (
        "POST",
        "/api/staff/inbox/applicants/0123456789abcdef0123456789abcdef/notes",
    ),
    (
        "GET",
        "/api/staff/inbox/applicants/0123456789abcdef0123456789abcdef/resume",
    ),
    ("GET", "/api/staff/inbox/nonsense"),
];

#[tokio::test]
async fn every_staff_endpoint_answers_401_json_without_a_session_or_with_a_dead_one() {
    let app = TestApp::new();
    for (method, path) in ENDPOINTS {
        let bare = app
            .request(site_request(method, path).json(&body!({})))
            .await;
        assert_json_error(&bare, StatusCode::UNAUTHORIZED, &format!("{method} {path}"));
        let forged = app
            .request(
                site_request(method, path)
                    .header("cookie", "corpsite_staff=00ff")
                    .json(&body!({})),
            )
            .await;
        assert_json_error(
            &forged,
            StatusCode::UNAUTHORIZED,
            &format!("forged {method} {path}"),
        );
    }
}

#[tokio::test]
async fn signing_in_sets_a_strict_http_only_session_cookie_and_reads_back() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let response = sign_in_as(&app, "Office@Corp.Example", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = header(&response, "set-cookie");
    let token = cookie
        .split(';')
        .next()
        .and_then(|c| c.strip_prefix("corpsite_staff="))
        .unwrap_or("");
    assert_eq!(token.len(), 64, "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(cookie.contains(attribute), "{cookie} lacks {attribute}");
    }
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    assert_eq!(header(&response, "cache-control"), "private, no-store");
    let browser = Browser::from_response(&response);
    let session = app.request(browser.get("/api/staff/session")).await;
    assert_eq!(session.status(), StatusCode::OK);
    assert_eq!(json(&session)["email"], EMAIL);
    assert_eq!(json(&session)["must_change_password"], false);
    let audit = app
        .db()
        .read_blocking(|conn| Ok(audit::audit_log(conn, 10)?))
        .expect("audit");
    assert_eq!(audit[0].action, "signed in");
    assert_eq!(audit[0].client_addr, "198.51.100.7");
}

#[tokio::test]
async fn the_cookie_is_secure_when_the_public_url_is_https_or_a_proxy_says_https() {
    let app = TestApp::with_settings(|s| {
        s.public_url = Some("https://corp.example".parse().expect("url"))
    });
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let response = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert!(header(&response, "set-cookie").ends_with("; Secure"));

    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let proxied = app
        .request(
            site_request("POST", "/api/staff/login")
                .header("x-forwarded-proto", "https")
                .json(&body!({ "email": EMAIL, "password": PASSWORD })),
        )
        .await;
    assert!(header(&proxied, "set-cookie").ends_with("; Secure"));
}

#[tokio::test]
async fn signing_out_over_https_clears_the_cookie_with_secure_as_sign_in_set_it() {
    // HTTPS served by corpsite itself, with no --public-url: sign-in's cookie is Secure, and
    // so must be the one that clears it, or the browser keeps the session's.
    let app = TestApp::with_settings(|s| {
        s.tls = Some(corpsite::settings::TlsSettings {
            https_addr: "127.0.0.1:0".parse().expect("addr"),
            http_addr: "127.0.0.1:0".parse().expect("addr"),
            certificate: corpsite::settings::CertSource::Files {
                cert: "site.crt".into(),
                key: "site.key".into(),
            },
        })
    });
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let signed_in = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert!(header(&signed_in, "set-cookie").ends_with("; Secure"));
    let browser = Browser::ready(&app, &signed_in).await;
    let out = app
        .request(browser.change("POST", "/api/staff/logout"))
        .await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    let cleared = header(&out, "set-cookie");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert!(cleared.ends_with("; Secure"), "{cleared}");
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer_and_are_audited() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let wrong = sign_in_as(&app, EMAIL, "not the password at all").await;
    let unknown = sign_in_as(&app, "nobody@corp.example", PASSWORD).await;
    assert_json_error(&wrong, StatusCode::UNAUTHORIZED, "wrong password");
    assert_eq!(wrong.body(), unknown.body());
    assert!(header(&wrong, "set-cookie").is_empty());
    let audit = app
        .db()
        .read_blocking(|conn| Ok(audit::audit_log(conn, 10)?))
        .expect("audit");
    let failed: Vec<&str> = audit
        .iter()
        .filter(|e| e.action == "sign-in failed")
        .map(|e| e.actor.as_str())
        .collect();
    assert_eq!(failed, ["nobody@corp.example", EMAIL]);
}

#[tokio::test]
async fn five_failures_throttle_the_account_and_the_right_password_does_not_get_through() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    for _ in 0..5 {
        let response = sign_in_as(&app, EMAIL, "wrong wrong wrong").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let throttled = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert_json_error(&throttled, StatusCode::TOO_MANY_REQUESTS, "throttled");
    let wait: u64 = header(&throttled, "retry-after").parse().expect("seconds");
    assert!((890..=900).contains(&wait), "{wait}");
    assert!(json(&throttled)["message"]
        .as_str()
        .unwrap_or("")
        .contains("15 minute"));
    assert!(header(&throttled, "set-cookie").is_empty());
    let metrics = app
        .state
        .metrics
        .encode(&corpsite::metrics::Reading::default())
        .expect("metrics");
    assert!(
        metrics.contains("corpsite_rate_limited_total{limit=\"sign_in\"} 1\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn twenty_failures_from_one_client_throttle_it_for_every_account() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    for n in 0..20 {
        let response =
            sign_in_as(&app, &format!("guess{n}@corp.example"), "wrong wrong wrong").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        sign_in_as(&app, EMAIL, PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn a_change_without_the_csrf_token_or_from_another_site_is_refused_with_403() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    post_json(&app, &contact()).await;
    let browser = Browser::sign_in(&app).await;
    let list = json(&app.request(browser.get("/api/staff/inbox/enquiries")).await);
    let id = list["data"][0]["_id"].as_str().expect("id").to_owned();
    let path = format!("/api/staff/inbox/enquiries/{id}/status");
    let status = body!({ "status": "done" });

    let no_token = site_request("POST", &path)
        .header("cookie", &browser.cookie)
        .json(&status);
    assert_json_error(
        &app.request(no_token).await,
        StatusCode::FORBIDDEN,
        "no token",
    );
    let wrong_token = site_request("POST", &path)
        .header("cookie", &browser.cookie)
        .header("x-csrf-token", "0".repeat(64))
        .json(&status);
    assert_json_error(
        &app.request(wrong_token).await,
        StatusCode::FORBIDDEN,
        "wrong token",
    );
    let cross_site = from([198, 51, 100, 7])
        .method("POST")
        .path(&path)
        .header("host", HOST)
        .header("origin", "https://evil.example")
        .header("cookie", &browser.cookie)
        .header("x-csrf-token", &browser.csrf)
        .json(&status);
    assert_json_error(
        &app.request(cross_site).await,
        StatusCode::FORBIDDEN,
        "cross-site",
    );
    let cross_site_login = from([198, 51, 100, 7])
        .method("POST")
        .path("/api/staff/login")
        .header("host", HOST)
        .header("origin", "https://evil.example")
        .json(&body!({ "email": EMAIL, "password": PASSWORD }));
    assert_json_error(
        &app.request(cross_site_login).await,
        StatusCode::FORBIDDEN,
        "cross-site sign-in",
    );
    let unchanged = json(
        &app.request(browser.get(&format!("/api/staff/inbox/enquiries/{id}")))
            .await,
    );
    assert_eq!(unchanged["data"]["status"], "new");

    let allowed = app
        .request(browser.change("POST", &path).json(&status))
        .await;
    assert_eq!(allowed.status(), StatusCode::OK, "{:?}", allowed.body());
    assert_eq!(json(&allowed)["data"]["status"], "done");
    assert_eq!(
        json(&allowed)["data"]["status_by"],
        "Office",
        "the account's name"
    );
}

#[tokio::test]
async fn a_one_time_password_opens_nothing_until_changed_and_the_change_ends_old_sessions() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, true).await;
    let first = Browser::sign_in(&app).await;
    assert_json_error(
        &app.request(first.get("/api/staff/inbox/enquiries")).await,
        StatusCode::FORBIDDEN,
        "before change",
    );
    let other = Browser::sign_in(&app).await;

    let short = app
        .request(
            first
                .change("POST", "/api/staff/password")
                .json(&body!({ "current_password": PASSWORD, "new_password": "short" })),
        )
        .await;
    assert_eq!(short.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&short)["errors"]["new_password"].is_string());
    let wrong_current = app
        .request(first.change("POST", "/api/staff/password").json(&body!({ "current_password": "not it at all", "new_password": "a brand new passphrase" })))
        .await;
    assert!(json(&wrong_current)["errors"]["current_password"].is_string());

    let changed = app
        .request(first.change("POST", "/api/staff/password").json(
            &body!({ "current_password": PASSWORD, "new_password": "a brand new passphrase" }),
        ))
        .await;
    assert_eq!(changed.status(), StatusCode::OK, "{:?}", changed.body());
    let renewed = Browser::ready(&app, &changed).await;
    assert_eq!(
        app.request(renewed.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::OK
    );
    for old in [&first, &other] {
        assert_eq!(
            app.request(old.get("/api/staff/session")).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        sign_in_as(&app, EMAIL, PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        sign_in_as(&app, EMAIL, "a brand new passphrase")
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn signing_out_ends_the_session_and_clears_the_cookie() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let out = app
        .request(browser.change("POST", "/api/staff/logout"))
        .await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert!(header(&out, "set-cookie").contains("Max-Age=0"));
    assert_eq!(
        app.request(browser.get("/api/staff/session"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn an_expired_session_is_refused() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE staff_sessions SET last_seen_at = last_seen_at - ?1",
                [sessions::IDLE_SECS],
            )?;
            Ok(())
        })
        .await
        .expect("age");
    assert_eq!(
        app.request(browser.get("/api/staff/session"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_inbox_lists_newest_first_searches_filters_and_shows_markup_as_text() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let mut script = contact();
    script["name"] = Value::from("<script>alert(1)</script> Zoë");
    script["requirment"] = Value::from("<img src=x onerror=alert(1)>");
    post_json(&app, &contact()).await;
    post_json(&app, &script).await;
    post_json(&app, &subscription("reader@example.com")).await;
    let browser = Browser::sign_in(&app).await;

    let list = app.request(browser.get("/api/staff/inbox/enquiries")).await;
    assert_eq!(list.status(), StatusCode::OK);
    assert_eq!(header(&list, "cache-control"), "private, no-store");
    let list = json(&list);
    assert_eq!(list["pagination"]["total"], 2);
    assert_eq!(list["new"], 2);
    assert_eq!(
        list["data"][0]["name"], "<script>alert(1)</script> Zoë",
        "newest first, stored as typed"
    );
    assert_eq!(list["data"][0]["department_website"], "Corp Team");
    assert_eq!(
        list["data"][0]["client_addr"], "192.0.2.1",
        "the address it was sent from"
    );

    let search = json(
        &app.request(browser.get("/api/staff/inbox/enquiries?q=zoe"))
            .await,
    );
    assert_eq!(search["pagination"]["total"], 1);
    let none = json(
        &app.request(browser.get("/api/staff/inbox/enquiries?q=zoe&status=done"))
            .await,
    );
    assert_eq!(none["pagination"]["total"], 0);
    let subscribers = json(
        &app.request(browser.get("/api/staff/inbox/subscribers"))
            .await,
    );
    assert_eq!(subscribers["data"][0]["email"], "reader@example.com");

    let bad = app
        .request(browser.get("/api/staff/inbox/enquiries?status=closed&page=0"))
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(json(&bad)["errors"].as_object().map(|e| e.len()), Some(2));
    let unknown = app.request(browser.get("/api/staff/inbox/nonsense")).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_inbox_date_filters_are_the_offices_days() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    post_json(&app, &contact()).await;
    // 01:30 on 2 March in Kolkata (the demo details' zone), still 1 March in UTC.
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE enquiries SET created_at = '2026-03-01T20:00:00.000Z'",
                [],
            )?;
            Ok(())
        })
        .await
        .expect("dated");
    let browser = Browser::sign_in(&app).await;
    let total = |query: &'static str| {
        let app = &app;
        let browser = &browser;
        async move {
            let list = app
                .request(browser.get(&format!("/api/staff/inbox/enquiries?{query}")))
                .await;
            assert_eq!(list.status(), StatusCode::OK, "{query}");
            json(&list)["pagination"]["total"].as_i64()
        }
    };
    assert_eq!(total("from=2026-03-02&to=2026-03-02").await, Some(1));
    assert_eq!(total("to=2026-03-01").await, Some(0));
    assert_eq!(total("from=2026-03-03").await, Some(0));
    // The export reads the same days.
    let csv = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv?from=2026-03-02&to=2026-03-02"))
        .await;
    assert_eq!(
        String::from_utf8_lossy(csv.body()).lines().count(),
        2,
        "a header and the row"
    );
}

#[tokio::test]
async fn notes_show_who_and_when_and_are_audited() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    post_json(&app, &contact()).await;
    let browser = Browser::sign_in(&app).await;
    let id = json(&app.request(browser.get("/api/staff/inbox/enquiries")).await)["data"][0]["_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let noted = app
        .request(
            browser
                .change("POST", &format!("/api/staff/inbox/enquiries/{id}/notes"))
                .json(&body!({ "text": "Called back, visit on Monday" })),
        )
        .await;
    assert_eq!(noted.status(), StatusCode::OK);
    let note = &json(&noted)["notes"][0];
    assert_eq!(note["author"], "Office", "the account's name");
    assert_eq!(note["text"], "Called back, visit on Monday");
    assert!(note["created_at"]
        .as_str()
        .is_some_and(|at| at.ends_with('Z')));
    let empty = app
        .request(
            browser
                .change("POST", &format!("/api/staff/inbox/enquiries/{id}/notes"))
                .json(&body!({ "text": "  " })),
        )
        .await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let audit = app
        .db()
        .read_blocking(|conn| Ok(audit::audit_log(conn, 1)?))
        .expect("audit");
    assert_eq!(
        (audit[0].action.as_str(), audit[0].subject.clone()),
        ("added a note", format!("enquiry {id}"))
    );
}

async fn one_applicant(app: &TestApp, browser: &Browser) -> String {
    let mut parts: Vec<Part> = application_fields();
    parts.push(file("my cv.png", fixture("resume.png")));
    let posted = post_application(app, &parts).await;
    assert_eq!(posted.status(), StatusCode::CREATED, "{:?}", posted.body());
    json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    )["data"][0]["_id"]
        .as_str()
        .expect("id")
        .to_owned()
}

#[tokio::test]
async fn a_resume_is_shown_sandboxed_and_downloads_under_a_safe_name() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let id = one_applicant(&app, &browser).await;
    let path = format!("/api/staff/inbox/applicants/{id}/resume");
    let inline = app.request(browser.get(&path)).await;
    assert_eq!(inline.status(), StatusCode::OK);
    // Shown on a page of the server's own, the image inside it.
    assert_eq!(header(&inline, "content-type"), "text/html; charset=utf-8");
    assert_eq!(header(&inline, "x-content-type-options"), "nosniff");
    let policies: Vec<&str> = inline
        .headers()
        .get_all("content-security-policy")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    // One policy of its own, stricter than the site's: sandboxed, its image and its one
    // hashed style, no script at all (not even the site's).
    assert_eq!(policies.len(), 1, "{policies:?}");
    assert!(
        policies[0].starts_with("sandbox; default-src 'none'"),
        "{policies:?}"
    );
    assert!(policies[0].contains("img-src data:"), "{policies:?}");
    assert!(policies[0].contains("style-src 'sha256-"), "{policies:?}");
    assert!(!policies[0].contains("script-src"), "{policies:?}");
    assert_eq!(header(&inline, "cache-control"), "private, no-store");
    let page = String::from_utf8_lossy(inline.body());
    assert!(page.starts_with("<!doctype html>"), "{page}");
    // The style the policy allows is the page's own, byte for byte.
    let style = page
        .split_once("<style>")
        .and_then(|(_, rest)| rest.split_once("</style>"))
        .map(|(style, _)| style)
        .expect("the page's style");
    assert!(
        policies[0].contains(&crate::common::policy_hash(style.as_bytes())),
        "{policies:?}"
    );
    let download = app
        .request(browser.get(&format!("{path}?download=1")))
        .await;
    assert_eq!(
        header(&download, "content-disposition"),
        format!("attachment; filename=\"resume-{id}.png\"")
    );
    assert!(download.body().starts_with(b"\x89PNG"));
    assert_eq!(
        header(&download, "content-security-policy"),
        "sandbox; default-src 'none'; frame-ancestors 'none'"
    );
    let anonymous = app.request(site_request("GET", &path)).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn erasing_an_applicant_moves_the_row_its_notes_and_its_resume_file_to_the_trash() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let id = one_applicant(&app, &browser).await;
    app.request(
        browser
            .change("POST", &format!("/api/staff/inbox/applicants/{id}/notes"))
            .json(&body!({ "text": "Strong CV" })),
    )
    .await;
    assert_eq!(upload_files(&app.data_dir()).len(), 1);
    let erased = app
        .request(browser.change("DELETE", &format!("/api/staff/inbox/applicants/{id}")))
        .await;
    assert_eq!(erased.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        upload_files(&app.data_dir()).len(),
        1,
        "the resume file is kept for the trash"
    );
    let notes: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row("SELECT count(*) FROM lead_notes", [], |r| r.get(0))?)
        })
        .expect("notes");
    assert_eq!(notes, 0);
    assert_eq!(
        app.request(browser.get(&format!("/api/staff/inbox/applicants/{id}")))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let audit = app
        .db()
        .read_blocking(|conn| Ok(audit::audit_log(conn, 1)?))
        .expect("audit");
    assert_eq!(
        (audit[0].action.as_str(), audit[0].actor.as_str()),
        ("erased", EMAIL)
    );
    let again = app
        .request(browser.change("DELETE", &format!("/api/staff/inbox/applicants/{id}")))
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    let gone = app
        .request(browser.change("DELETE", &format!("/api/staff/trash/applicants/{id}")))
        .await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    assert!(
        upload_files(&app.data_dir()).is_empty(),
        "erased from the trash, the resume file is gone"
    );
}

#[tokio::test]
async fn the_export_is_the_filtered_list_as_formula_safe_csv() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let mut formula = contact();
    formula["name"] = Value::from("=HYPERLINK(\"http://evil\")");
    post_json(&app, &formula).await;
    let browser = Browser::sign_in(&app).await;
    let csv = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv?q=hyperlink"))
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(header(&csv, "content-type"), "text/csv; charset=utf-8");
    assert_eq!(
        header(&csv, "content-disposition"),
        format!(
            "attachment; filename=\"enquiries-{}.csv\"",
            corpsite::domain::office_time::OfficeZone::default_zone().today()
        )
    );
    let text = String::from_utf8(csv.body().to_vec()).expect("utf-8");
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert!(
        lines[0].starts_with("\"Reference\",\"Received\",\"Name\""),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("\"'=HYPERLINK(\"\"http://evil\"\")\""),
        "{}",
        lines[1]
    );
    let none = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv?q=nobody"))
        .await;
    assert_eq!(
        String::from_utf8_lossy(none.body())
            .trim_end()
            .lines()
            .count(),
        1
    );
}

#[tokio::test]
async fn staff_pages_are_never_cached_by_a_shared_cache_and_not_indexed() {
    let app = TestApp::new();
    for path in ["/login", "/staff", "/api/staff/nowhere"] {
        let response = app.get(path).await;
        assert_eq!(
            header(&response, "cache-control"),
            "private, no-store",
            "{path}"
        );
        assert_eq!(header(&response, "x-robots-tag"), "noindex", "{path}");
    }
    let public = app.get("/contact").await;
    assert_ne!(header(&public, "cache-control"), "private, no-store");
}
