//! The inbox's bulk actions through the real filters: a status set on ticked ids or on
//! every row a filter matches (acting on what still qualifies, and saying how many), an
//! erase that takes notes to the trash and resume files with them as the single erase does, the export of the
//! ticked rows, the 422s that change nothing, the 403 of a role without the list's area,
//! and an audit row for every lead changed.

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::proof::{self, proven};
use crate::common::staff::{add_staff, add_staff_as, sign_in_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{
    application_fields, file, fixture, from, multipart_body, multipart_content_type, upload_files,
};

/// `n` contact enquiries `e1`...: the odd ones ask about "Whitefield", the even ones about
/// "Hebbal"; every one has a note.
async fn seed_enquiries(app: &TestApp, n: u32) {
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(&format!(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})
                 INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                        department_website, service, created_at)
                 SELECT printf('e%031d', i), 'contact', 'Visitor ' || i, 'v' || i || '@example.com',
                        'v' || i || '@example.com', '98450',
                        CASE i % 2 WHEN 1 THEN 'Office in Whitefield' ELSE 'Office in Hebbal' END,
                        'Corp Team', '', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes')
                   FROM n;
                 INSERT INTO lead_notes (lead_kind, lead_id, author, body)
                 SELECT 'enquiry', id, '{EMAIL}', 'Called back' FROM enquiries;"
            ))?;
            Ok(())
        })
        .await
        .expect("seed");
}

fn id(i: u32) -> String {
    format!("e{i:031}")
}

fn statuses(app: &TestApp) -> Vec<(String, String)> {
    app.db()
        .read_blocking(|conn| {
            Ok(conn
                .prepare("SELECT id, status FROM enquiries ORDER BY id")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?)
        })
        .expect("statuses")
}

fn count(app: &TestApp, sql: &'static str) -> i64 {
    app.db()
        .read_blocking(move |conn| Ok(conn.query_row(sql, [], |row| row.get(0))?))
        .expect("count")
}

/// The audit rows of bulk actions: (action, subject, detail), by subject.
fn audited(app: &TestApp) -> Vec<(String, String, String)> {
    app.db()
        .read_blocking(|conn| {
            Ok(conn
                .prepare(
                    "SELECT action, subject, detail FROM audit_log
                     WHERE detail LIKE '%bulk of%' ORDER BY subject, id",
                )?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                .collect::<rusqlite::Result<_>>()?)
        })
        .expect("audit")
}

async fn bulk(app: &TestApp, browser: &Browser, list: &str, form: Value) -> (StatusCode, Value) {
    let response = app
        .request(
            browser
                .change("POST", &format!("/api/staff/inbox/{list}/bulk"))
                .json(&form),
        )
        .await;
    (response.status(), json(&response))
}

#[tokio::test]
async fn a_status_set_on_ticked_ids_changes_those_still_in_the_list_and_audits_each() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed_enquiries(&app, 6).await;
    let browser = Browser::sign_in(&app).await;
    // e3 is erased before the bulk action arrives; the subscriber's id is another list's.
    app.request(browser.change("DELETE", &format!("/api/staff/inbox/enquiries/{}", id(3))))
        .await;
    let (status, answer) = bulk(
        &app,
        &browser,
        "enquiries",
        body!({"action": "status", "status": "spam", "ids": [id(1), id(2), id(3)]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["done"], 2);
    let undo = answer["undo"].as_str().expect("an undo token").to_owned();
    let spam: Vec<String> = statuses(&app)
        .into_iter()
        .filter(|(_, s)| s == "spam")
        .map(|(id, _)| id)
        .collect();
    assert_eq!(spam, [id(1), id(2)]);
    // Each is shown as set by whom, as the single change shows it.
    let page = json(
        &app.request(browser.get("/api/staff/inbox/enquiries?status=spam"))
            .await,
    );
    assert_eq!(page["pagination"]["total"], 2);
    assert!(page["data"][0]["status_by"]
        .as_str()
        .is_some_and(|by| !by.is_empty()));
    assert_eq!(
        audited(&app),
        [
            (
                "set status".into(),
                format!("enquiry {}", id(1)),
                "spam (bulk of 2)".into()
            ),
            (
                "set status".into(),
                format!("enquiry {}", id(2)),
                "spam (bulk of 2)".into()
            ),
        ]
    );

    // Undo: both are new again; the token is used once, and only in its own list.
    let undo_in = |list: &str| {
        browser
            .change("POST", &format!("/api/staff/inbox/{list}/bulk/undo"))
            .json(&body!({ "undo": undo }))
    };
    let elsewhere = app.request(undo_in("subscribers")).await;
    assert_eq!(elsewhere.status(), StatusCode::CONFLICT);
    let undone = app.request(undo_in("enquiries")).await;
    assert_eq!(undone.status(), StatusCode::OK, "{:?}", undone.body());
    assert_eq!(json(&undone), body!({ "done": 2 }));
    assert!(statuses(&app).iter().all(|(_, status)| status == "new"));
    let again = app.request(undo_in("enquiries")).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert!(json(&again)["message"]
        .as_str()
        .is_some_and(|m| m.contains("too late to undo")));
    assert_eq!(
        audited(&app)
            .iter()
            .filter(|(action, _, detail)| action == "undid set status" && detail == "bulk of 2")
            .count(),
        2
    );

    // One lead's status change answers its own undo: the lead is as it was, never handled.
    let set = app
        .request(
            browser
                .change(
                    "POST",
                    &format!("/api/staff/inbox/enquiries/{}/status", id(4)),
                )
                .json(&body!({ "status": "done" })),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    let undo = json(&set)["undo"].as_str().expect("its undo").to_owned();
    let undone = app
        .request(
            browser
                .change("POST", "/api/staff/inbox/enquiries/bulk/undo")
                .json(&body!({ "undo": undo })),
        )
        .await;
    assert_eq!(json(&undone), body!({ "done": 1 }));
    let read = json(
        &app.request(browser.get(&format!("/api/staff/inbox/enquiries/{}", id(4))))
            .await,
    );
    assert_eq!(read["data"]["status"], "new");
    assert!(read["data"]["status_by"].is_null(), "{read}");
    assert!(read.get("undo").is_none(), "only a change answers one");
}

#[tokio::test]
async fn a_status_set_by_filter_acts_on_what_matches_now_not_on_what_was_expected() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed_enquiries(&app, 10).await;
    let browser = Browser::sign_in(&app).await;
    let filter = "q=whitefield&status=new";
    let seen = json(
        &app.request(browser.get(&format!("/api/staff/inbox/enquiries?{filter}")))
            .await,
    );
    assert_eq!(seen["pagination"]["total"], 5);
    // Meanwhile someone handles two of them: they no longer match.
    for i in [1, 3] {
        app.request(
            browser
                .change(
                    "POST",
                    &format!("/api/staff/inbox/enquiries/{}/status", id(i)),
                )
                .json(&body!({"status": "done"})),
        )
        .await;
    }
    let (status, answer) = bulk(
        &app,
        &browser,
        "enquiries",
        body!({"action": "status", "status": "spam", "filter": format!("{filter}&page=1"), "expected": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["done"], 3);
    let by_id: std::collections::BTreeMap<String, String> = statuses(&app).into_iter().collect();
    for i in 1..=10 {
        let expected = match i {
            1 | 3 => "done",
            5 | 7 | 9 => "spam",
            _ => "new",
        };
        assert_eq!(by_id[&id(i)], expected, "{}", id(i));
    }
    assert_eq!(audited(&app).len(), 3);
}

/// An application from its own client address (each address may post a few).
async fn apply(app: &TestApp, client: u8, name: &str) {
    let mut parts = application_fields();
    parts[0] = crate::leads_support::text("name", name);
    parts.push(file("cv.png", fixture("resume.png")));
    let request = from([192, 0, 2, client])
        .method("POST")
        .path("/api/applicant/create")
        .header("content-type", multipart_content_type())
        .body(multipart_body(&parts));
    let request = proven(app, request, proof::APPLICATION, [192, 0, 2, client]).await;
    let response = app.request(request).await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{:?}",
        response.body()
    );
}

#[tokio::test]
async fn a_bulk_erase_takes_rows_notes_search_entries_and_resume_files() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed_enquiries(&app, 4).await;
    let browser = Browser::sign_in(&app).await;
    apply(&app, 11, "Ravi Kumar").await;
    apply(&app, 12, "Meera Nair").await;
    apply(&app, 13, "Kiran Shah").await;
    assert_eq!(upload_files(&app.data_dir()).len(), 3);
    let applicants = json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    );
    let ids: Vec<String> = applicants["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|row| row["name"] != "Kiran Shah")
        .map(|row| row["_id"].as_str().expect("id").to_owned())
        .collect();
    for id in &ids {
        app.request(
            browser
                .change("POST", &format!("/api/staff/inbox/applicants/{id}/notes"))
                .json(&body!({"text": "Strong CV"})),
        )
        .await;
    }
    let (status, answer) = bulk(
        &app,
        &browser,
        "applicants",
        body!({"action": "erase", "ids": ids}),
    )
    .await;
    assert_eq!((status, answer["done"].clone()), (StatusCode::OK, body!(2)));
    assert!(answer["undo"].is_string(), "{answer}");
    assert_eq!(
        upload_files(&app.data_dir()).len(),
        3,
        "the resume files are kept while the trash keeps their applicants"
    );
    for id in &ids {
        let gone = app
            .request(browser.change("DELETE", &format!("/api/staff/trash/applicants/{id}")))
            .await;
        assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(
        upload_files(&app.data_dir()).len(),
        1,
        "erased from the trash: two resume files gone, one kept"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM lead_notes WHERE lead_kind = 'applicant'"
        ),
        0
    );
    let left = json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    );
    assert_eq!(left["pagination"]["total"], 1);
    assert_eq!(left["data"][0]["name"], "Kiran Shah");
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/applicants?q=meera"))
                .await
        )["pagination"]["total"],
        0,
        "the search no longer finds an erased applicant"
    );

    // By filter: every Hebbal enquiry, with its notes and search entries.
    let (status, answer) = bulk(
        &app,
        &browser,
        "enquiries",
        body!({"action": "erase", "filter": "q=hebbal", "expected": 2}),
    )
    .await;
    assert_eq!((status, answer["done"].clone()), (StatusCode::OK, body!(2)));
    assert_eq!(count(&app, "SELECT count(*) FROM enquiries"), 2);
    assert_eq!(count(&app, "SELECT count(*) FROM lead_notes"), 2);
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/enquiries?q=hebbal"))
                .await
        )["pagination"]["total"],
        0
    );
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/enquiries?q=whitefield"))
                .await
        )["pagination"]["total"],
        2
    );
    let erased: Vec<String> = audited(&app)
        .into_iter()
        .filter(|(action, _, _)| action == "erased")
        .map(|(_, subject, _)| subject)
        .collect();
    assert_eq!(erased.len(), 4, "{erased:?}");
    assert!(erased.contains(&format!("enquiry {}", id(2))));
    assert!(erased.contains(&format!("applicant {}", ids[0])));
    // And a single erase still works after the bulk one set its trigger aside and back.
    let one = app
        .request(browser.change("DELETE", &format!("/api/staff/inbox/enquiries/{}", id(1))))
        .await;
    assert_eq!(one.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/enquiries?q=whitefield"))
                .await
        )["pagination"]["total"],
        1
    );
}

#[tokio::test]
async fn the_export_of_ticked_ids_holds_those_rows_only() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed_enquiries(&app, 5).await;
    let browser = Browser::sign_in(&app).await;
    let csv = app
        .request(browser.get(&format!(
            "/api/staff/inbox/enquiries/export.csv?ids={},{}",
            id(2),
            id(4)
        )))
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    let text = String::from_utf8_lossy(csv.body()).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "a header and two rows: {text}");
    assert!(
        text.contains("Visitor 2") && text.contains("Visitor 4"),
        "{text}"
    );
    assert!(
        !text.contains("Visitor 1,") && !text.contains("Visitor 3"),
        "{text}"
    );
    // With a filter too, both apply.
    let xlsx = app
        .request(browser.get(&format!(
            "/api/staff/inbox/enquiries/export.xlsx?q=whitefield&ids={},{}",
            id(2),
            id(3)
        )))
        .await;
    assert_eq!(xlsx.status(), StatusCode::OK);
    let bad = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv?ids=a%20b"))
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&bad)["errors"]["ids"].is_string());
}

#[tokio::test]
async fn bad_bulk_requests_are_422s_naming_the_field_and_change_nothing() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed_enquiries(&app, 3).await;
    let browser = Browser::sign_in(&app).await;
    let before = statuses(&app);
    let many: Vec<String> = (0..501).map(|i| format!("x{i}")).collect();
    for (form, field) in [
        (body!({"action": "archive", "ids": [id(1)]}), "action"),
        (
            body!({"action": "status", "status": "closed", "ids": [id(1)]}),
            "status",
        ),
        (body!({"action": "status", "ids": [id(1)]}), "status"),
        (body!({"action": "erase", "ids": []}), "ids"),
        (body!({"action": "erase", "ids": many}), "ids"),
        (body!({"action": "erase"}), "ids"),
        (
            body!({"action": "erase", "filter": "status=closed"}),
            "filter",
        ),
        (
            body!({"action": "erase", "filter": "from=yesterday"}),
            "filter",
        ),
    ] {
        let (status, answer) = bulk(&app, &browser, "enquiries", form.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{form}: {answer}");
        assert!(answer["errors"][field].is_string(), "{form}: {answer}");
    }
    assert_eq!(statuses(&app), before);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM audit_log WHERE subject LIKE 'enquiry %'"
        ),
        0
    );
    let (status, _) = bulk(
        &app,
        &browser,
        "everyone",
        body!({"action": "erase", "ids": [id(1)]}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Without the CSRF token: refused, nothing changed.
    let forged = app
        .request(
            crate::common::staff::site_request("POST", "/api/staff/inbox/enquiries/bulk")
                .header("cookie", &browser.cookie)
                .json(&body!({"action": "erase", "ids": [id(1)]})),
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert_eq!(count(&app, "SELECT count(*) FROM enquiries"), 3);
}

#[tokio::test]
async fn a_role_without_the_lists_area_is_refused_and_nothing_changes() {
    let app = TestApp::new();
    seed_enquiries(&app, 2).await;
    add_staff_as(&app, "hr@corp.example", PASSWORD, false, Role::Recruiter).await;
    let signed_in = sign_in_as(&app, "hr@corp.example", PASSWORD).await;
    let recruiter = Browser::ready(&app, &signed_in).await;
    for form in [
        body!({"action": "erase", "filter": ""}),
        body!({"action": "status", "status": "spam", "ids": [id(1)]}),
    ] {
        let (status, answer) = bulk(&app, &recruiter, "enquiries", form).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    }
    assert_eq!(
        count(&app, "SELECT count(*) FROM enquiries WHERE status = 'new'"),
        2
    );
    // Its own list it may act on.
    let (status, answer) = bulk(
        &app,
        &recruiter,
        "applicants",
        body!({"action": "erase", "filter": ""}),
    )
    .await;
    assert_eq!((status, answer), (StatusCode::OK, body!({"done": 0})));
}
