//! `POST /api/clients/create` through the real filters: contact enquiries and subscriptions.

use std::collections::HashSet;
use std::sync::Arc;

use crate::common::proof::{self, proven};
use crate::common::{header, json, TestApp};
use crate::leads_support::{contact, enquiries, from, post_json, post_proven, subscription};
use serde_json::{json, Value};

fn app_without_rate_limit() -> TestApp {
    TestApp::with_settings(|s| s.rate_limit_per_minute = 0)
}

#[tokio::test]
async fn a_contact_enquiry_is_stored_trimmed_and_answered_201_with_its_id() {
    let app = TestApp::new();
    let mut body = contact();
    body["name"] = json!("  Asha Rao \t");
    let response = post_json(&app, &body).await;
    assert_eq!(response.status(), 201);
    assert_eq!(header(&response, "content-type"), "application/json");
    let answer = json(&response);
    assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    let id = answer["data"]["_id"].as_str().expect("an _id");

    let rows = enquiries(&app);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id, id);
    assert_eq!(rows[0].kind, "contact");
    assert_eq!(rows[0].name, "Asha Rao");
    assert_eq!(rows[0].department_website, "Corp Team");
    assert!(rows[0].created_at.ends_with('Z'), "{}", rows[0].created_at);
}

#[tokio::test]
async fn a_subscription_is_stored_once_per_email_whatever_its_case() {
    let app = TestApp::new();
    let first = post_json(&app, &subscription("Reader@Example.com")).await;
    assert_eq!(first.status(), 201);
    let id = json(&first)["data"]["_id"].clone();
    for repeat in [
        "reader@example.com",
        " READER@EXAMPLE.COM ",
        "Reader@Example.com",
    ] {
        assert_eq!(post_json(&app, &subscription(repeat)).await.status(), 201);
    }
    let rows = enquiries(&app);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id, id.as_str().expect("an _id"));
    assert_eq!(rows[0].kind, "subscription");
    assert_eq!(rows[0].email, "Reader@Example.com");
    assert_eq!(rows[0].department_website, "Corp Blogs");
}

#[tokio::test]
async fn a_repeated_subscription_is_answered_like_a_new_one_with_an_id_stored_nowhere() {
    let app = TestApp::new();
    let first = post_json(&app, &subscription("reader@example.com")).await;
    assert_eq!(first.status(), 201);
    let first = json(&first);
    let wal = app.data_dir().join("corpsite.db-wal");
    let wal_size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    let mut answered = HashSet::new();
    for repeat in ["reader@example.com", "Reader@Example.com"] {
        let before = wal_size();
        let again = post_json(&app, &subscription(repeat)).await;
        assert!(
            wal_size() > before,
            "{repeat}: a repeat commits writes as a new one does"
        );
        assert_eq!(again.status(), 201, "{repeat}");
        let again = json(&again);
        assert_eq!(again["message"], first["message"], "{repeat}");
        assert_eq!(
            again.as_object().map(|o| o.len()),
            first.as_object().map(|o| o.len())
        );
        let id = again["data"]["_id"].as_str().expect("an _id").to_owned();
        assert_eq!(id.len(), 32, "{id}");
        assert_ne!(again["data"]["_id"], first["data"]["_id"], "{repeat}");
        answered.insert(id);
    }
    assert_eq!(answered.len(), 2, "each answer has its own id");
    let stored: HashSet<String> = enquiries(&app).into_iter().map(|row| row.id).collect();
    assert!(
        answered.is_disjoint(&stored),
        "no stored id is given away: {answered:?} {stored:?}"
    );
}

#[tokio::test]
async fn a_contact_from_a_subscribed_address_is_still_stored() {
    let app = TestApp::new();
    assert_eq!(
        post_json(&app, &subscription("asha@example.com"))
            .await
            .status(),
        201
    );
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    assert_eq!(post_json(&app, &contact()).await.status(), 201);
    assert_eq!(enquiries(&app).len(), 3);
}

#[tokio::test]
async fn each_bad_field_is_named_in_a_422_and_nothing_is_stored() {
    let app = app_without_rate_limit();
    let cases: &[(&str, Value, &str)] = &[
        ("name", json!(""), "This field is required."),
        ("name", json!("   \t "), "This field is required."),
        (
            "name",
            json!("n".repeat(121)),
            "This field must be at most 120 characters.",
        ),
        (
            "name",
            json!("ज".repeat(121)),
            "This field must be at most 120 characters.",
        ),
        (
            "name",
            json!("Asha\u{0}Rao"),
            "This field must not contain control characters.",
        ),
        (
            "name",
            json!("Asha\nRao"),
            "This field must not contain control characters.",
        ),
        ("mobile", json!(" "), "This field is required."),
        (
            "mobile",
            json!("9".repeat(33)),
            "This field must be at most 32 characters.",
        ),
        (
            "mobile",
            json!("98450\u{1b}12345"),
            "This field must not contain control characters.",
        ),
        ("email", json!(""), "This field is required."),
        (
            "email",
            json!("asha"),
            "Enter an email address like name@example.com.",
        ),
        (
            "email",
            json!("asha@"),
            "Enter an email address like name@example.com.",
        ),
        (
            "email",
            json!("@example.com"),
            "Enter an email address like name@example.com.",
        ),
        (
            "email",
            json!("a@b@c"),
            "Enter an email address like name@example.com.",
        ),
        (
            "email",
            json!(format!("{}@example.com", "a".repeat(243))),
            "This field must be at most 254 characters.",
        ),
        ("requirment", json!("\n\n "), "This field is required."),
        (
            "requirment",
            json!("r".repeat(5001)),
            "This field must be at most 5000 characters.",
        ),
        (
            "requirment",
            json!("bell\u{7}"),
            "This field must not contain control characters.",
        ),
        (
            "department_website",
            json!("d".repeat(201)),
            "This field must be at most 200 characters.",
        ),
        (
            "service",
            json!("s".repeat(201)),
            "This field must be at most 200 characters.",
        ),
        (
            "service",
            json!("a\u{85}b"),
            "This field must not contain control characters.",
        ),
    ];
    for (field, value, message) in cases {
        let mut body = contact();
        body[*field] = value.clone();
        let response = post_json(&app, &body).await;
        assert_eq!(response.status(), 422, "{field}: {value}");
        let answer = json(&response);
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
        let errors = answer["errors"].as_object().expect("errors");
        assert_eq!(errors.len(), 1, "{field}: {answer}");
        assert_eq!(errors[*field], *message, "{field}: {value}");
    }
    assert!(enquiries(&app).is_empty());
}

#[tokio::test]
async fn values_at_their_bounds_in_any_script_are_accepted() {
    let app = TestApp::new();
    let mut body = contact();
    body["name"] = json!("ज़".repeat(60)); // 120 characters, 360 bytes
    body["mobile"] = json!(format!("+{}", "٩".repeat(31)));
    body["email"] = json!(format!("{}@उदाहरण.भारत", "अ".repeat(240)));
    body["requirment"] = json!(format!("{}\r\n{}", "é".repeat(2499), "字".repeat(2499)));
    let response = post_json(&app, &body).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let rows = enquiries(&app);
    assert_eq!(rows[0].name.chars().count(), 120);
    assert_eq!(rows[0].requirment.chars().count(), 5000);
}

#[tokio::test]
async fn invisible_characters_are_stripped_from_names_and_refused_in_emails_and_mobiles() {
    let app = app_without_rate_limit();
    let mut body = contact();
    body["name"] = json!("\u{feff}Asha\u{200b} \u{202e}Rao\u{2066}");
    body["requirment"] = json!("Office space\u{2028}in Whitefield\u{200d}");
    let response = post_json(&app, &body).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let rows = enquiries(&app);
    assert_eq!(rows[0].name, "Asha Rao");
    assert_eq!(rows[0].requirment, "Office space\nin Whitefield");

    let invisible =
        "This field must not contain invisible characters (zero-width spaces, direction marks or line separators).";
    let mut body = contact();
    body["email"] = json!("z\u{200b}w@example.com");
    body["mobile"] = json!("\u{202e}54321 05489 19+");
    let response = post_json(&app, &body).await;
    assert_eq!(response.status(), 422);
    let answer = json(&response);
    assert_eq!(answer["errors"]["email"], invisible, "{answer}");
    assert_eq!(answer["errors"]["mobile"], invisible, "{answer}");
    assert_eq!(answer["message"], "Please check: email, mobile.");

    let response = post_json(&app, &subscription("reader\u{2060}@example.com")).await;
    assert_eq!(response.status(), 422);
    assert_eq!(json(&response)["errors"]["email"], invisible);
    assert_eq!(
        enquiries(&app).len(),
        1,
        "only the cleaned contact is stored"
    );
}

#[tokio::test]
async fn a_contact_form_with_only_a_name_names_every_other_required_field() {
    let app = TestApp::new();
    let response = post_json(
        &app,
        &json!({"name": "Asha", "department_website": "Corp Team"}),
    )
    .await;
    assert_eq!(response.status(), 422);
    let errors = json(&response)["errors"].clone();
    let names: Vec<&String> = errors.as_object().expect("errors").keys().collect();
    assert_eq!(names, ["email", "mobile", "requirment"]);
}

#[tokio::test]
async fn a_body_that_is_not_declared_json_gets_415() {
    let app = app_without_rate_limit();
    let body = serde_json::to_vec(&contact()).expect("json");
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonx"),
        None,
    ] {
        let mut request = from([192, 0, 2, 9])
            .method("POST")
            .path("/api/clients/create")
            .body(&body);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        let response = post_proven(&app, request, proof::ENQUIRY, [192, 0, 2, 9]).await;
        assert_eq!(response.status(), 415, "{content_type:?}");
        assert!(json(&response)["message"]
            .as_str()
            .is_some_and(|m| m.contains("application/json")));
    }
    let charset = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 9])
                    .method("POST")
                    .path("/api/clients/create")
                    .header("content-type", "application/json; charset=UTF-8")
                    .body(&body),
                proof::ENQUIRY,
                [192, 0, 2, 9],
            )
            .await,
        )
        .await;
    assert_eq!(charset.status(), 201);
    assert_eq!(enquiries(&app).len(), 1);
}

#[tokio::test]
async fn a_body_that_is_not_the_form_as_json_gets_400() {
    let app = app_without_rate_limit();
    let bodies: &[&[u8]] = &[
        b"",
        b"{\"name\":",
        b"not json",
        b"[1,2,3]",
        b"\"just a string\"",
        b"{\"name\": 42}",
        b"{\"email\": [\"a@b\"]}",
        b"{\"name\": \"\xff\xfe\"}",
    ];
    for body in bodies {
        let response = app
            .request(
                proven(
                    &app,
                    from([192, 0, 2, 9])
                        .method("POST")
                        .path("/api/clients/create")
                        .header("content-type", "application/json")
                        .body(body),
                    proof::ENQUIRY,
                    [192, 0, 2, 9],
                )
                .await,
            )
            .await;
        assert_eq!(response.status(), 400, "{}", String::from_utf8_lossy(body));
        assert!(json(&response)["message"]
            .as_str()
            .is_some_and(|m| m.contains("JSON")));
    }
    assert!(enquiries(&app).is_empty());
}

#[tokio::test]
async fn a_body_over_64_kb_gets_413_and_one_at_the_limit_is_read() {
    let app = app_without_rate_limit();
    let mut body = contact();
    body["requirment"] = json!(" ".repeat(70 * 1024));
    let response = post_json(&app, &body).await;
    assert_eq!(response.status(), 413);
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("64 KB")));

    // Exactly 64 KB of JSON (trailing spaces are valid JSON) gets through to validation.
    let mut exact = serde_json::to_vec(&contact()).expect("json");
    exact.resize(64 * 1024, b' ');
    let response = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 9])
                    .method("POST")
                    .path("/api/clients/create")
                    .header("content-type", "application/json")
                    .body(&exact),
                proof::ENQUIRY,
                [192, 0, 2, 9],
            )
            .await,
        )
        .await;
    assert_eq!(response.status(), 201);
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_201_and_nothing_is_stored() {
    let app = TestApp::new();
    let mut robot = contact();
    robot["website"] = json!("http://cheap-pills.example");
    let response = post_json(&app, &robot).await;
    assert_eq!(response.status(), 201);
    assert_eq!(
        json(&response)["data"]["_id"].as_str().map(str::len),
        Some(32)
    );

    // Bad fields get the same 422 with or without the honeypot: the answer must not tell a
    // robot which field gives it away.
    let invalid_person = json!({"email": "not an email"});
    let mut invalid_robot = invalid_person.clone();
    invalid_robot["website"] = json!("x");
    let (person, robot) = (
        post_json(&app, &invalid_person).await,
        post_json(&app, &invalid_robot).await,
    );
    assert_eq!(robot.status(), 422);
    assert_eq!(json(&robot), json(&person));
    assert!(enquiries(&app).is_empty());

    let mut robot_subscriber = subscription("robot@example.com");
    robot_subscriber["website"] = json!("x");
    assert_eq!(post_json(&app, &robot_subscriber).await.status(), 201);
    assert!(enquiries(&app).is_empty());

    let mut human = contact();
    human["website"] = json!("   ");
    assert_eq!(post_json(&app, &human).await.status(), 201);
    assert_eq!(enquiries(&app).len(), 1, "a blank honeypot is a person");
}

#[tokio::test]
async fn a_robots_post_does_a_real_posts_write_and_commit_so_its_timing_tells_nothing() {
    let app = TestApp::new();
    let wal = app.data_dir().join("corpsite.db-wal");
    let wal_size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    for body in [contact(), subscription("robot@example.com")] {
        let mut robot = body;
        robot["website"] = json!("http://cheap-pills.example");
        let before = wal_size();
        assert_eq!(post_json(&app, &robot).await.status(), 201);
        // The rehearsed row's pages are written to the log and synced like a real row's
        // (then undone), so the answer waits for the same disk work.
        assert!(
            wal_size() > before,
            "{robot}: the robot's post wrote nothing"
        );
    }
    assert!(enquiries(&app).is_empty());
}

#[tokio::test]
async fn other_methods_get_a_json_405() {
    let app = TestApp::new();
    for method in ["GET", "PUT", "DELETE"] {
        for path in ["/api/clients/create", "/api/applicant/create"] {
            let response = app
                .request(warp::test::request().method(method).path(path))
                .await;
            assert_eq!(response.status(), 405, "{method} {path}");
            assert_eq!(
                header(&response, "allow"),
                "POST, OPTIONS",
                "{method} {path}"
            );
            assert!(json(&response)["message"].is_string());
        }
    }
}

#[tokio::test]
async fn the_rate_limit_answers_429_json_with_retry_after_per_client() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 4);
    // 4 a minute: a burst of 2, then one every 15 s.
    let started = std::time::Instant::now();
    assert_eq!(posted(&app, [198, 51, 100, 1]).await.status(), 201);
    assert_eq!(posted(&app, [198, 51, 100, 1]).await.status(), 201);
    let limited = posted(&app, [198, 51, 100, 1]).await;
    assert_eq!(limited.status(), 429);
    let retry_after: u64 = header(&limited, "retry-after")
        .parse()
        .expect("Retry-After seconds");
    // Less the time the posts took (their proofs are solved between them).
    let took = started.elapsed().as_secs();
    assert!(
        (14 - took..=15).contains(&retry_after),
        "{retry_after} after {took} s"
    );
    assert!(json(&limited)["message"].is_string());
    // The applications share the bucket (refused before their proof is looked at, so this one
    // carries none); another client has its own.
    let application = app
        .request(
            proven(
                &app,
                from([198, 51, 100, 1])
                    .method("POST")
                    .path("/api/applicant/create"),
                proof::APPLICATION,
                [198, 51, 100, 1],
            )
            .await,
        )
        .await;
    assert_eq!(application.status(), 429);
    assert_eq!(posted(&app, [198, 51, 100, 2]).await.status(), 201);
    assert_eq!(enquiries(&app).len(), 3);
}

/// The contact form from `client`, with a real proof of work.
async fn posted(app: &TestApp, client: [u8; 4]) -> warp::http::Response<bytes::Bytes> {
    let request = from(client)
        .method("POST")
        .path("/api/clients/create")
        .json(&contact());
    post_proven(app, request, proof::ENQUIRY, client).await
}

/// The status of `request`, sent for `client` (as a proxy forwards it) with a real proof.
async fn proxied(app: &TestApp, request: warp::test::RequestBuilder, client: [u8; 4]) -> u16 {
    post_proven(app, request, proof::ENQUIRY, client)
        .await
        .status()
        .as_u16()
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_limit_follows_the_forwarded_client() {
    let proxy = [10, 0, 0, 2];
    let app = TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 2;
        s.trusted_proxies = vec![std::net::IpAddr::from(proxy)];
    });
    let via_proxy = |forwarded: &str| {
        from(proxy)
            .method("POST")
            .path("/api/clients/create")
            .header("x-forwarded-for", forwarded)
            .json(&contact())
    };
    assert_eq!(
        proxied(&app, via_proxy("203.0.113.5"), [203, 0, 113, 5]).await,
        201
    );
    assert_eq!(
        proxied(&app, via_proxy("203.0.113.5"), [203, 0, 113, 5]).await,
        429
    );
    // A spoofed left-most entry does not earn a fresh bucket.
    assert_eq!(
        proxied(&app, via_proxy("1.2.3.4, 203.0.113.5"), [203, 0, 113, 5]).await,
        429
    );
    assert_eq!(
        proxied(&app, via_proxy("203.0.113.6"), [203, 0, 113, 6]).await,
        201
    );

    // A client that is not the proxy cannot pick its address with the header.
    let direct = |forwarded: &str| {
        from([203, 0, 113, 7])
            .method("POST")
            .path("/api/clients/create")
            .header("x-forwarded-for", forwarded)
            .json(&contact())
    };
    assert_eq!(
        proxied(&app, direct("9.9.9.1"), [203, 0, 113, 7]).await,
        201
    );
    assert_eq!(
        proxied(&app, direct("9.9.9.2"), [203, 0, 113, 7]).await,
        429
    );
}

#[tokio::test]
async fn a_rate_limit_of_0_turns_the_limit_off() {
    let app = app_without_rate_limit();
    for _ in 0..30 {
        assert_eq!(post_json(&app, &contact()).await.status(), 201);
    }
    assert_eq!(enquiries(&app).len(), 30);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_hundred_concurrent_enquiries_are_all_answered_201_and_stored_exactly_once() {
    let app = Arc::new(app_without_rate_limit());
    let tasks: Vec<_> = (0..400)
        .map(|n| {
            let app = Arc::clone(&app);
            tokio::spawn(async move {
                let mut body = contact();
                body["name"] = json!(format!("Client {n}"));
                let response = post_json(&app, &body).await;
                (
                    n,
                    response.status(),
                    json(&response)["data"]["_id"].as_str().map(str::to_owned),
                )
            })
        })
        .collect();
    let mut acknowledged = HashSet::new();
    for task in tasks {
        let (n, status, id) = task.await.expect("join");
        assert_eq!(status, 201, "request {n}");
        assert!(acknowledged.insert(id.expect("an _id")), "duplicate id");
    }
    let rows = enquiries(&app);
    assert_eq!(rows.len(), 400);
    let stored_ids: HashSet<String> = rows.iter().map(|r| r.id.clone()).collect();
    assert_eq!(stored_ids, acknowledged);
    let names: HashSet<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names.len(), 400, "each enquiry once");
}

#[tokio::test]
async fn a_new_and_a_repeated_subscription_are_answered_at_the_same_moment_after_arrival() {
    // A repeat does other writes than a new address; its answer must not come sooner or
    // later for it. Both wait for the one moment, which is past either's work.
    let app = app_without_rate_limit();
    let floor = corpsite::http::public_api::leads::SUBSCRIPTION_ANSWER_AFTER;
    for round in ["new", "repeated", "repeated again"] {
        let started = std::time::Instant::now();
        let response = post_json(&app, &subscription("timing@example.com")).await;
        let took = started.elapsed();
        assert_eq!(response.status(), 201, "{round}");
        assert!(took >= floor, "{round}: answered after {took:?}");
    }
}
