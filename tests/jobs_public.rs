//! Job openings on the site, through the real filters and the server's render: `/join_us`
//! lists the open roles (filtered by the query string, no `JobPosting` on the list), each
//! posting's page carries `JobPosting` JSON-LD whose required properties are there and whose
//! dates and salary are the ones the page shows, the sitemap lists open postings with
//! `lastmod`, the API answers them; at its closing time the scheduler closes a posting by
//! itself (its page 410 with the way to the open roles, out of the sitemap), and an
//! application for a closed one is refused naming `job`.

use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::Browser;
use crate::common::{json, TestApp};
use crate::leads_support::{application_fields, file, fixture, post_application, text};
use crate::staff_jobs::{form, recruiter, saved, send};

fn page(response: &warp::http::Response<bytes::Bytes>) -> String {
    String::from_utf8_lossy(response.body()).into_owned()
}

async fn get(app: &TestApp, path: &str) -> warp::http::Response<bytes::Bytes> {
    app.request(warp::test::request().method("GET").path(path))
        .await
}

/// Every JSON-LD object of a page.
fn structured(html: &str) -> Vec<Value> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<script type=\"application/ld+json\">") {
        let after = &rest[at + "<script type=\"application/ld+json\">".len()..];
        let end = after.find("</script>").expect("the script ends");
        found.push(serde_json::from_str(&after[..end]).expect("JSON-LD is JSON"));
        rest = &after[end..];
    }
    found
}

/// Publishes `form` as a new opening; answers its slug.
async fn published(app: &TestApp, browser: &Browser, form: &Value) -> String {
    let (id, revision) = saved(
        &send(app, browser, "POST", "/api/staff/jobs", form).await,
        StatusCode::CREATED,
    );
    saved(
        &send(
            app,
            browser,
            "POST",
            &format!("/api/staff/jobs/{id}/publish"),
            &body!({ "revision": revision }),
        )
        .await,
        StatusCode::OK,
    );
    let opened = json(
        &app.request(browser.get(&format!("/api/staff/jobs/{id}")))
            .await,
    );
    opened["data"]["slug"].as_str().expect("slug").to_owned()
}

/// Waits for the content version watch to hand the caches a change.
async fn settle() {
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
}

#[tokio::test]
async fn open_roles_are_listed_filtered_and_each_posting_carries_job_posting_data_the_page_shows() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    let engineer = published(&app, &recruiter, &form("Site engineer")).await;
    let mut analyst = form("HR analyst");
    analyst["department"] = body!("HR Labs");
    analyst["location"] = body!("Head office");
    analyst["salary_min"] = Value::Null;
    analyst["salary_max"] = Value::Null;
    analyst["closes_at"] = Value::Null;
    let analyst = published(&app, &recruiter, &analyst).await;
    // A draft is nowhere public.
    saved(
        &send(
            &app,
            &recruiter,
            "POST",
            "/api/staff/jobs",
            &form("Draft role"),
        )
        .await,
        StatusCode::CREATED,
    );
    settle().await;

    let list = get(&app, "/join_us").await;
    assert_eq!(list.status(), StatusCode::OK);
    let html = page(&list);
    assert!(
        html.contains(&format!("href=\"/join_us/{engineer}\"")),
        "{html}"
    );
    assert!(html.contains(&format!("href=\"/join_us/{analyst}\"")));
    assert!(!html.contains("Draft role"), "a draft is not listed");
    assert!(
        html.contains("id=\"apply-form-title\""),
        "the general form stays"
    );
    assert!(
        structured(&html)
            .iter()
            .all(|item| item["@type"] != "JobPosting"),
        "no JobPosting on the list"
    );
    let filtered = page(&get(&app, "/join_us?location=Whitefield").await);
    assert!(filtered.contains(&format!("href=\"/join_us/{engineer}\"")));
    assert!(
        !filtered.contains(&format!("href=\"/join_us/{analyst}\"")),
        "filtered out"
    );
    let by_department = page(&get(&app, "/join_us?department=HR+Labs").await);
    assert!(!by_department.contains(&format!("href=\"/join_us/{engineer}\"")));
    assert!(by_department.contains(&format!("href=\"/join_us/{analyst}\"")));

    // Every published posting's JSON-LD: the required properties, agreeing with the page.
    for slug in [&engineer, &analyst] {
        let response = get(&app, &format!("/join_us/{slug}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{slug}");
        let html = page(&response);
        let postings: Vec<Value> = structured(&html)
            .into_iter()
            .filter(|item| item["@type"] == "JobPosting")
            .collect();
        assert_eq!(postings.len(), 1, "{slug}: one JobPosting");
        let posting = &postings[0];
        for property in [
            "title",
            "description",
            "datePosted",
            "hiringOrganization",
            "jobLocation",
            "employmentType",
            "directApply",
            "identifier",
        ] {
            assert!(
                !posting[property].is_null(),
                "{slug}: {property} in {posting}"
            );
        }
        assert_eq!(posting["directApply"], true);
        assert_eq!(posting["identifier"]["value"], slug.as_str());
        let organization = &posting["hiringOrganization"];
        for property in ["name", "logo", "sameAs"] {
            assert!(
                organization[property].is_string(),
                "{property} in {organization}"
            );
        }
        let address = &posting["jobLocation"]["address"];
        assert!(address["streetAddress"]
            .as_str()
            .is_some_and(|street| !street.is_empty()));
        // Each value the page shows too.
        let title = posting["title"].as_str().expect("title");
        assert!(
            html.contains(&format!(">{title}</h1>")),
            "{slug}: the title shown"
        );
        let posted = posting["datePosted"].as_str().expect("datePosted");
        assert!(
            html.contains(&format!("datetime=\"{posted}\"")),
            "{slug}: the day posted shown"
        );
        assert!(html.contains(address["streetAddress"].as_str().unwrap_or("-")));
        assert!(
            html.contains(&format!(">{slug}<")),
            "{slug}: the reference shown"
        );
        let api = json(&get(&app, &format!("/api/corp_website/jobs/{slug}")).await);
        assert!(
            html.contains(api["data"]["employment_type_label"].as_str().expect("type")),
            "{slug}: the employment type shown"
        );
        match posting.get("validThrough") {
            Some(until) => {
                let until = until.as_str().expect("validThrough");
                assert!(
                    html.contains(&format!("datetime=\"{until}\"")),
                    "{slug}: closing shown"
                );
            }
            None => assert!(api["data"]["closes_at"].is_null(), "{slug}: closes by hand"),
        }
        match posting.get("baseSalary") {
            Some(salary) => {
                assert_eq!(salary["currency"], "INR");
                let text = api["data"]["salary"]["text"].as_str().expect("salary text");
                assert!(html.contains(text), "{slug}: the salary shown");
                assert_eq!(salary["value"]["minValue"], api["data"]["salary"]["min"]);
                assert_eq!(salary["value"]["maxValue"], api["data"]["salary"]["max"]);
            }
            None => assert!(api["data"]["salary"].is_null(), "{slug}: no salary given"),
        }
    }
    let engineer_page = page(&get(&app, &format!("/join_us/{engineer}")).await);
    assert!(engineer_page.contains("₹6,00,000 – ₹9,00,000 a year"));
    assert!(
        !engineer_page.contains("onerror"),
        "the description is sanitized"
    );

    let sitemap = page(&get(&app, "/sitemap.xml").await);
    assert!(
        sitemap.contains(&format!("/join_us/{engineer}</loc><lastmod>")),
        "{sitemap}"
    );
    let api = json(&get(&app, "/api/corp_website/jobs?location=Whitefield").await);
    assert_eq!(api["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(api["data"][0]["slug"], engineer.as_str());
    assert_eq!(api["locations"], body!(["Head office", "Whitefield"]));
    let missing = get(&app, "/join_us/no-such-role").await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_posting_closes_by_itself_at_its_time_and_then_takes_no_application() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    let zone = jiff::tz::TimeZone::get("Asia/Kolkata").expect("zone");
    let closes = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(8);
    let mut soon = form("Night shift supervisor");
    soon["closes_at"] = body!(closes
        .to_zoned(zone)
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string());
    let slug = published(&app, &recruiter, &soon).await;
    settle().await;
    assert_eq!(
        get(&app, &format!("/join_us/{slug}")).await.status(),
        StatusCode::OK
    );
    assert!(page(&get(&app, "/sitemap.xml").await).contains(&format!("/join_us/{slug}<")));

    // The scheduler closes it within a second of its time.
    let closed_by = closes + jiff::SignedDuration::from_millis(1500);
    loop {
        let state = app
            .db()
            .read_blocking(|conn| {
                Ok(conn.query_row("SELECT state FROM jobs", [], |r| r.get::<_, String>(0))?)
            })
            .expect("state");
        if state == "closed" {
            break;
        }
        assert!(
            jiff::Timestamp::now() < closed_by,
            "not closed a second after its time"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    settle().await;
    let gone = get(&app, &format!("/join_us/{slug}")).await;
    assert_eq!(gone.status(), StatusCode::GONE);
    let html = page(&gone);
    assert!(html.contains("This position is closed"), "{html}");
    assert!(
        html.contains("href=\"/join_us\""),
        "the way to the open roles"
    );
    assert!(!structured(&html)
        .iter()
        .any(|item| item["@type"] == "JobPosting"));
    assert!(!page(&get(&app, "/sitemap.xml").await).contains(&format!("/join_us/{slug}<")));
    let api = get(&app, &format!("/api/corp_website/jobs/{slug}")).await;
    assert_eq!(api.status(), StatusCode::GONE);
    assert_eq!(json(&api)["message"], "This position is closed");
    let audited: i64 = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT count(*) FROM audit_log WHERE actor = 'scheduler' AND action = 'closed job opening at its closing time'",
                [],
                |r| r.get(0),
            )?)
        })
        .expect("audit");
    assert_eq!(audited, 1);

    // An application for it is refused naming `job`, and nothing is stored.
    let mut parts = application_fields();
    parts.push(text("job", &slug));
    parts.push(file("cv.pdf", fixture("resume.pdf")));
    let refused = post_application(&app, &parts).await;
    assert_eq!(
        refused.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        refused.body()
    );
    assert!(json(&refused)["errors"]["job"].is_string());
    let mut parts = application_fields();
    parts.push(text("job", "no-such-role"));
    parts.push(file("cv.pdf", fixture("resume.pdf")));
    let refused = post_application(&app, &parts).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(crate::leads_support::applicants(&app).is_empty());
}

#[tokio::test]
async fn an_application_for_an_open_role_is_tied_to_it() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    let slug = published(&app, &recruiter, &form("Site engineer")).await;
    let mut parts = application_fields();
    parts.push(text("job", &slug));
    parts.push(file("cv.pdf", fixture("resume.pdf")));
    let made = post_application(&app, &parts).await;
    assert_eq!(made.status(), StatusCode::CREATED, "{:?}", made.body());
    let tied: Option<String> = app
        .db()
        .read_blocking(|conn| {
            Ok(conn.query_row(
                "SELECT j.slug FROM applicants a LEFT JOIN jobs j ON j.id = a.job_id",
                [],
                |r| r.get(0),
            )?)
        })
        .expect("applicant");
    assert_eq!(tied.as_deref(), Some(slug.as_str()));
    // And a general application beside it.
    let mut parts = application_fields();
    parts.push(file("cv.pdf", fixture("resume.pdf")));
    let general = post_application(&app, &parts).await;
    assert_eq!(
        general.status(),
        StatusCode::CREATED,
        "{:?}",
        general.body()
    );

    // The applicants list filters and names them by role; the counts are on the openings.
    let names = |body: &Value| -> Vec<Value> {
        body["data"]
            .as_array()
            .expect("leads")
            .iter()
            .map(|lead| lead["job"].clone())
            .collect()
    };
    let by_role = json(
        &app.request(recruiter.get(&format!("/api/staff/inbox/applicants?job={slug}")))
            .await,
    );
    assert_eq!(names(&by_role), [body!("Site engineer")]);
    let general = json(
        &app.request(recruiter.get("/api/staff/inbox/applicants?job=general"))
            .await,
    );
    assert_eq!(names(&general), [Value::Null]);
    let bad = app
        .request(recruiter.get("/api/staff/inbox/applicants?job=Not%20a%20slug"))
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let export = app
        .request(recruiter.get(&format!(
            "/api/staff/inbox/applicants/export.csv?job={slug}"
        )))
        .await;
    assert_eq!(export.status(), StatusCode::OK);
    let csv = page(&export);
    assert!(
        csv.lines().next().unwrap_or("").contains("Job opening"),
        "{csv}"
    );
    assert!(csv.contains("Site engineer"), "{csv}");
    let openings = json(&app.request(recruiter.get("/api/staff/jobs")).await);
    assert_eq!(openings["data"][0]["applications"], 1);
    assert_eq!(openings["general_applications"], 1);
    // An opening with applications is closed, not deleted.
    let list = json(&app.request(recruiter.get("/api/staff/jobs")).await);
    let (id, revision) = (
        list["data"][0]["id"].as_i64().expect("id"),
        list["data"][0]["revision"].as_i64().expect("revision"),
    );
    let refused = app
        .request(recruiter.change(
            "DELETE",
            &format!("/api/staff/jobs/{id}?revision={revision}"),
        ))
        .await;
    assert_eq!(
        refused.status(),
        StatusCode::CONFLICT,
        "{:?}",
        refused.body()
    );
}
