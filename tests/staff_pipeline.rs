//! The applicants' hiring pipeline through the real filters: each list takes its own
//! statuses (a stage on an enquiry, or Done on an applicant, is a 422 naming `status` and
//! listing the list's, and changes nothing); a move keeps who made it and when; the list
//! counts each role's applications per stage; a bulk move and its Undo; the exports and a
//! follow-up day read the stages.

use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::staff_jobs::{form, recruiter, saved, send, RECRUITER};

/// A draft opening titled `title`; answers its slug.
async fn opening(app: &TestApp, browser: &Browser, title: &str) -> (i64, String) {
    let (id, _) = saved(
        &send(app, browser, "POST", "/api/staff/jobs", &form(title)).await,
        StatusCode::CREATED,
    );
    let opened = json(
        &app.request(browser.get(&format!("/api/staff/jobs/{id}")))
            .await,
    );
    (
        id,
        opened["data"]["slug"].as_str().expect("slug").to_owned(),
    )
}

/// Applicants `ids`, each for opening `job` (None: general) in `status`, oldest first.
async fn applicants(app: &TestApp, job: Option<i64>, rows: &[(&str, &str)]) {
    let rows: Vec<(String, String)> = rows
        .iter()
        .map(|(id, status)| ((*id).to_owned(), (*status).to_owned()))
        .collect();
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            for (id, status) in &rows {
                conn.execute(
                    "INSERT INTO applicants (id, name, mobile, email, experience, previous_company,
                                             query, department_website, resume_file,
                                             resume_original_name, resume_type, resume_size,
                                             status, job_id)
                     VALUES (?1, 'Applicant ' || ?1, '98450 12345', ?1 || '@example.com', 3,
                             'Acme', 'Hello', 'Corp Careers', ?1 || '.pdf', 'cv.pdf',
                             'application/pdf', 100, ?2, ?3)",
                    rusqlite::params![id, status, job],
                )?;
            }
            Ok(())
        })
        .await
        .expect("applicants");
}

fn stages_of(app: &TestApp) -> Vec<(String, String, Option<String>)> {
    app.db()
        .read_blocking(|conn| {
            Ok(conn
                .prepare("SELECT id, status, status_by FROM applicants ORDER BY id")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                .collect::<rusqlite::Result<_>>()?)
        })
        .expect("stages")
}

async fn post(app: &TestApp, browser: &Browser, path: &str, form: Value) -> (StatusCode, Value) {
    let response = app.request(browser.change("POST", path).json(&form)).await;
    (response.status(), json(&response))
}

/// The list's counts per role and stage: (title, job, counts, total).
async fn counts(app: &TestApp, browser: &Browser) -> Vec<(String, Value, Value, i64)> {
    let page = json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    );
    page["stages"]
        .as_array()
        .expect("the applicants list counts its stages")
        .iter()
        .map(|role| {
            (
                role["title"].as_str().expect("title").to_owned(),
                role["job"].clone(),
                role["counts"].clone(),
                role["total"].as_i64().expect("total"),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_applicant_moves_through_the_stages_and_each_list_refuses_the_others_statuses() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let recruiter = recruiter(&app).await;
    applicants(&app, None, &[("a1", "new")]).await;
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(
                "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                        department_website, service)
                 VALUES ('e1', 'contact', 'Asha', 'a@x.in', 'a@x.in', '98450', 'Office', 'Corp Team', '')",
            )?;
            Ok(())
        })
        .await
        .expect("an enquiry");

    let (status, moved) = post(
        &app,
        &recruiter,
        "/api/staff/inbox/applicants/a1/status",
        body!({"status": "interview"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["data"]["status"], "interview");
    // Who made the move and when, as every status change keeps them.
    assert!(moved["data"]["status_by"].as_str().is_some(), "{moved}");
    assert!(moved["data"]["status_at"].as_str().is_some(), "{moved}");
    assert_eq!(stages_of(&app)[0].2.as_deref(), Some(RECRUITER));
    assert!(moved["undo"].as_str().is_some(), "{moved}");
    // The detail lists each move: to what, by whom, when.
    let moves = moved["moves"].as_array().expect("the moves");
    assert_eq!(moves.len(), 1, "{moved}");
    assert_eq!(moves[0]["status"], "interview");
    assert_eq!(moves[0]["by"], moved["data"]["status_by"]);
    assert!(moves[0]["at"].as_str().is_some(), "{moved}");
    assert_eq!(moves[0]["bulk"], false);

    // A status of the enquiries' list is not an applicant's, and the 422 lists the stages.
    for wrong in ["done", "in_progress", "hired!"] {
        let (status, refused) = post(
            &app,
            &recruiter,
            "/api/staff/inbox/applicants/a1/status",
            body!({ "status": wrong }),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{wrong}: {refused}"
        );
        let said = refused["errors"]["status"].as_str().unwrap_or_default();
        assert!(
            said.contains("new, shortlisted, interview, offer, hired, rejected, spam"),
            "{refused}"
        );
    }
    assert_eq!(
        stages_of(&app)[0].1,
        "interview",
        "a refusal changes nothing"
    );

    // And the pipeline's stages are not an enquiry's.
    let (status, refused) = post(
        &app,
        &owner,
        "/api/staff/inbox/enquiries/e1/status",
        body!({"status": "interview"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let said = refused["errors"]["status"].as_str().unwrap_or_default();
    assert!(said.contains("new, in_progress, done, spam"), "{refused}");
    let (status, done) = post(
        &app,
        &owner,
        "/api/staff/inbox/enquiries/e1/status",
        body!({"status": "done"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{done}");

    // The list's filter by stage, and by a status the list does not have.
    let interviews = json(
        &app.request(recruiter.get("/api/staff/inbox/applicants?status=interview"))
            .await,
    );
    assert_eq!(interviews["pagination"]["total"], 1, "{interviews}");
    for bad in ["status=done", "status=in_progress"] {
        let refused = app
            .request(recruiter.get(&format!("/api/staff/inbox/applicants?{bad}")))
            .await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(json(&refused)["errors"]["status"].is_string());
    }
    let refused = app
        .request(owner.get("/api/staff/inbox/enquiries?status=offer"))
        .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // The audit log says each move with its stage.
    let audited: Vec<(String, String, String)> = app
        .db()
        .read_blocking(|conn| {
            Ok(conn
                .prepare("SELECT actor, subject, detail FROM audit_log WHERE action = 'set status' ORDER BY id")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                .collect::<rusqlite::Result<_>>()?)
        })
        .expect("audit");
    assert_eq!(
        audited,
        [
            (
                RECRUITER.to_owned(),
                "applicant a1".to_owned(),
                "interview".to_owned()
            ),
            (EMAIL.to_owned(), "enquiry e1".to_owned(), "done".to_owned()),
        ]
    );
}

#[tokio::test]
async fn the_list_counts_each_roles_applications_per_stage_and_a_move_changes_them() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    let (engineer, engineer_slug) = opening(&app, &recruiter, "Site engineer").await;
    let (_, _) = opening(&app, &recruiter, "Accountant").await;
    applicants(
        &app,
        Some(engineer),
        &[("a1", "new"), ("a2", "new"), ("a3", "interview")],
    )
    .await;
    applicants(&app, None, &[("g1", "rejected"), ("g2", "spam")]).await;

    let before = counts(&app, &recruiter).await;
    assert_eq!(
        before,
        [
            (
                "Site engineer".to_owned(),
                body!(engineer_slug),
                body!({"new": 2, "interview": 1}),
                3
            ),
            (
                "General applications".to_owned(),
                Value::Null,
                body!({"rejected": 1, "spam": 1}),
                2
            ),
        ],
        "an opening without applications has no row"
    );
    // The counts are the whole list's, whatever the page's filters.
    let filtered = json(
        &app.request(recruiter.get("/api/staff/inbox/applicants?job=general&status=spam"))
            .await,
    );
    assert_eq!(filtered["pagination"]["total"], 1);
    assert_eq!(filtered["stages"].as_array().map(Vec::len), Some(2));

    let (status, _) = post(
        &app,
        &recruiter,
        "/api/staff/inbox/applicants/a1/status",
        body!({"status": "interview"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let after = counts(&app, &recruiter).await;
    assert_eq!(after[0].2, body!({"new": 1, "interview": 2}));
    assert_eq!(after[0].3, 3);

    // Only the applicants list counts stages.
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let owner = Browser::sign_in(&app).await;
    let enquiries = json(&app.request(owner.get("/api/staff/inbox/enquiries")).await);
    assert!(enquiries.get("stages").is_none(), "{enquiries}");
}

#[tokio::test]
async fn a_bulk_move_to_a_stage_is_undone_and_a_status_of_the_other_list_is_refused() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    applicants(
        &app,
        None,
        &[("a1", "new"), ("a2", "shortlisted"), ("a3", "new")],
    )
    .await;
    let (status, moved) = post(
        &app,
        &recruiter,
        "/api/staff/inbox/applicants/bulk",
        body!({"action": "status", "status": "rejected", "ids": ["a1", "a2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["done"], 2);
    let rejected = |by: &str| ("rejected".to_owned(), Some(by.to_owned()));
    let now: Vec<(String, Option<String>)> = stages_of(&app)
        .into_iter()
        .map(|(_, status, by)| (status, by))
        .collect();
    assert_eq!(
        now,
        [
            rejected(RECRUITER),
            rejected(RECRUITER),
            ("new".to_owned(), None)
        ]
    );

    let (status, undone) = post(
        &app,
        &recruiter,
        "/api/staff/inbox/applicants/bulk/undo",
        body!({"undo": moved["undo"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    assert_eq!(undone["done"], 2);
    // The move and its undo are in the applicant's history.
    let detail = json(
        &app.request(recruiter.get("/api/staff/inbox/applicants/a2"))
            .await,
    );
    let moves: Vec<(Value, Value)> = detail["moves"]
        .as_array()
        .expect("the moves")
        .iter()
        .map(|step| (step["status"].clone(), step["bulk"].clone()))
        .collect();
    assert_eq!(
        moves,
        [(body!("rejected"), body!(true)), (Value::Null, body!(true))],
        "{detail}"
    );
    let back: Vec<(String, String)> = stages_of(&app)
        .into_iter()
        .map(|(id, status, _)| (id, status))
        .collect();
    assert_eq!(
        back,
        [
            ("a1".to_owned(), "new".to_owned()),
            ("a2".to_owned(), "shortlisted".to_owned()),
            ("a3".to_owned(), "new".to_owned()),
        ]
    );

    // A bulk move by filter to the next stage; then the enquiries' statuses, refused.
    let (status, moved) = post(
        &app,
        &recruiter,
        "/api/staff/inbox/applicants/bulk",
        body!({"action": "status", "status": "offer", "filter": "status=shortlisted", "expected": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["done"], 1);
    for (form, field) in [
        (
            body!({"action": "status", "status": "done", "ids": ["a3"]}),
            "status",
        ),
        (
            body!({"action": "status", "status": "hired", "filter": "status=in_progress"}),
            "filter",
        ),
    ] {
        let (status, refused) =
            post(&app, &recruiter, "/api/staff/inbox/applicants/bulk", form).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(refused["errors"][field].is_string(), "{refused}");
    }
    assert_eq!(
        stages_of(&app)[2].1,
        "new",
        "a refused bulk move changes nothing"
    );
}

#[tokio::test]
async fn the_export_names_the_stage_and_a_follow_up_day_counts_the_open_stages() {
    let app = TestApp::new();
    let recruiter = recruiter(&app).await;
    applicants(
        &app,
        None,
        &[("a1", "interview"), ("a2", "hired"), ("a3", "offer")],
    )
    .await;
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch("UPDATE applicants SET follow_up = '2020-01-01'")?;
            Ok(())
        })
        .await
        .expect("follow-up days");

    let export = app
        .request(recruiter.get("/api/staff/inbox/applicants/export.csv?status=interview"))
        .await;
    assert_eq!(export.status(), StatusCode::OK);
    let csv = String::from_utf8_lossy(export.body()).into_owned();
    let rows = crate::leads_cli::parse_csv(csv.trim_start_matches('\u{feff}'));
    let at = rows[0]
        .iter()
        .position(|header| header == "Stage")
        .unwrap_or_else(|| panic!("a Stage column: {:?}", rows[0]));
    assert_eq!(rows.len(), 2, "{csv}");
    assert_eq!(rows[1][at], "Interview", "{csv}");

    // Interview and Offer are still open, so their follow-up day has come; Hired is decided.
    let due = json(
        &app.request(recruiter.get("/api/staff/inbox/applicants?due=today"))
            .await,
    );
    let mut ids: Vec<&str> = due["data"]
        .as_array()
        .expect("leads")
        .iter()
        .map(|lead| lead["_id"].as_str().expect("id"))
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, ["a1", "a3"], "{due}");
}
