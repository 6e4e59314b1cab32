//! The trash: leads erased in the inbox come back exactly (the export's rows, notes, replies,
//! sources and their roll-ups, resume files), by the bulk "Undo" or one by one; erasing
//! from the trash is final, with the files; "Erase for privacy" skips the trash, takes the
//! person's entries out of it too, and is written to the erasure ledger, which `corpsite
//! restore` applies again so that an older backup brings no one back.

use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::process::{run_in as corpsite, stdout};
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{application_fields, file, fixture, post_application, upload_files};

/// `n` contact enquiries `t01`...: each with a note, a mail reply (with its outbox row, sent)
/// and where it came from (`lead_sources`, which the analytics roll up).
async fn seed(app: &TestApp, n: u32) {
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(&format!(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})
                 INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment,
                                        department_website, service, created_at, status, status_by, status_at)
                 SELECT printf('t%02d', i), 'contact', 'Visitor ' || i, 'v' || i || '@example.com',
                        'v' || i || '@example.com', '98450', 'An office for ' || i || ' people',
                        'Corp Team', '', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes'),
                        'in_progress', '{EMAIL}', '2025-02-01T10:00:00.000Z'
                   FROM n;
                 INSERT INTO lead_notes (lead_kind, lead_id, author, body)
                 SELECT 'enquiry', id, '{EMAIL}', 'Called back' FROM enquiries;
                 INSERT INTO lead_sources (lead_id, kind, day, page, source, medium, campaign)
                 SELECT id, 'contact', '2025-01-01', '/contact', 'newsletter', 'email', 'spring' FROM enquiries;
                 INSERT INTO outbox (kind, lead_id, state, to_addr, sent_at)
                 SELECT 'reply', id, 'sent', email, '2025-02-01T10:00:00.000Z' FROM enquiries;
                 INSERT INTO lead_replies (lead_kind, lead_id, channel, author, to_addr, subject, body, outbox_id)
                 SELECT 'enquiry', o.lead_id, 'mail', '{EMAIL}', o.to_addr, 'Re: your enquiry', 'Happy to help', o.id
                   FROM outbox o WHERE o.kind = 'reply';
                 UPDATE enquiries SET first_reply_at = '2025-02-01T10:00:00.000Z';"
            ))?;
            Ok(())
        })
        .await
        .expect("seed");
}

/// Every row of the tables a lead is made of, as text, in a fixed order: what "exactly"
/// means.
fn everything(app: &TestApp) -> Vec<String> {
    app.db()
        .read_blocking(|conn| {
            let mut all = Vec::new();
            for sql in [
                "SELECT id, kind, name, email, requirment, status, status_by, status_at, created_at, first_reply_at FROM enquiries ORDER BY id",
                "SELECT id, lead_id, author, body, created_at FROM lead_notes ORDER BY id",
                "SELECT id, lead_id, subject, body, outbox_id, created_at FROM lead_replies ORDER BY id",
                "SELECT id, lead_id, state, sent_at FROM outbox WHERE kind = 'reply' ORDER BY id",
                "SELECT lead_id, page, source, medium, campaign FROM lead_sources ORDER BY lead_id",
                "SELECT day, kind, value, leads FROM lead_days ORDER BY day, kind, value",
            ] {
                let mut stmt = conn.prepare(sql)?;
                let columns = stmt.column_count();
                let rows = stmt.query_map([], |row| {
                    let cells: Vec<String> = (0..columns)
                        .map(|i| {
                            row.get::<_, Option<rusqlite::types::Value>>(i)
                                .map(|v| format!("{v:?}"))
                        })
                        .collect::<rusqlite::Result<_>>()?;
                    Ok(cells.join("|"))
                })?;
                for row in rows {
                    all.push(row?);
                }
            }
            Ok(all)
        })
        .expect("rows")
}

async fn export(app: &TestApp, browser: &Browser) -> String {
    let response = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    String::from_utf8(response.body().to_vec()).expect("UTF-8")
}

/// The ids a search finds, in the order the list shows them (the search's own).
async fn found(app: &TestApp, browser: &Browser, words: &str) -> Vec<Value> {
    let page = json(
        &app.request(browser.get(&format!("/api/staff/inbox/enquiries?q={words}")))
            .await,
    );
    page["data"]
        .as_array()
        .map(|rows| rows.iter().map(|r| r["_id"].clone()).collect())
        .unwrap_or_default()
}

async fn trash(app: &TestApp, browser: &Browser) -> Value {
    json(&app.request(browser.get("/api/staff/trash")).await)
}

#[tokio::test]
async fn thirty_leads_erased_in_bulk_come_back_exactly_by_undo_and_one_from_the_trash() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed(&app, 30).await;
    let browser = Browser::sign_in(&app).await;
    let before_rows = everything(&app);
    let before_export = export(&app, &browser).await;
    let before_search = found(&app, &browser, "visitor").await;
    assert_eq!(before_search.len(), 30, "a page of matches");
    assert_eq!(before_export.lines().count(), 31, "a header and 30 rows");

    let ids: Vec<String> = (1..=30).map(|i| format!("t{i:02}")).collect();
    let erased = app
        .request(
            browser
                .change("POST", "/api/staff/inbox/enquiries/bulk")
                .json(&body!({"action": "erase", "ids": ids})),
        )
        .await;
    assert_eq!(erased.status(), StatusCode::OK);
    let erased = json(&erased);
    assert_eq!(erased["done"], 30);
    let undo = erased["undo"].as_str().expect("an undo token").to_owned();
    let list = json(&app.request(browser.get("/api/staff/inbox/enquiries")).await);
    assert_eq!(list["pagination"]["total"], 0);
    let kept = trash(&app, &browser).await;
    assert_eq!(
        (kept["total"].clone(), kept["days"].clone()),
        (body!(30), body!(30))
    );
    assert_eq!(kept["items"][0]["kind"], "enquiries");
    assert!(kept["items"][0]["title"]
        .as_str()
        .is_some_and(|t| t.starts_with("Visitor ")));
    assert_ne!(
        everything(&app),
        before_rows,
        "the rows are gone from the inbox"
    );

    let undone = app
        .request(
            browser
                .change("POST", "/api/staff/inbox/enquiries/bulk/undo")
                .json(&body!({ "undo": undo })),
        )
        .await;
    assert_eq!(undone.status(), StatusCode::OK);
    assert_eq!(json(&undone)["done"], 30);
    assert_eq!(everything(&app), before_rows, "every row back, ids and all");
    assert_eq!(export(&app, &browser).await, before_export);
    assert_eq!(
        found(&app, &browser, "visitor").await,
        before_search,
        "found in the same order"
    );
    assert_eq!(trash(&app, &browser).await["total"], 0);
    let again = app
        .request(
            browser
                .change("POST", "/api/staff/inbox/enquiries/bulk/undo")
                .json(&body!({ "undo": undo })),
        )
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT, "an undo runs once");
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/enquiries?q=t07"))
                .await
        )["pagination"]["total"],
        0
    );
    assert_eq!(
        json(
            &app.request(browser.get("/api/staff/inbox/enquiries?q=visitor"))
                .await
        )["pagination"]["total"],
        30,
        "the search finds them again"
    );

    // One erased, then restored from the trash by hand.
    let one = app
        .request(browser.change("DELETE", "/api/staff/inbox/enquiries/t07"))
        .await;
    assert_eq!(one.status(), StatusCode::NO_CONTENT);
    let restored = app
        .request(browser.change("POST", "/api/staff/trash/enquiries/t07/restore"))
        .await;
    assert_eq!(restored.status(), StatusCode::OK);
    assert_eq!(json(&restored)["title"], "Visitor 7");
    assert_eq!(everything(&app), before_rows);
    assert_eq!(found(&app, &browser, "visitor").await, before_search);
    let twice = app
        .request(browser.change("POST", "/api/staff/trash/enquiries/t07/restore"))
        .await;
    assert_eq!(twice.status(), StatusCode::NOT_FOUND);
    assert!(json(&twice)["message"]
        .as_str()
        .is_some_and(|m| m.contains("not in the trash")));
}

#[tokio::test]
async fn an_applicant_from_the_trash_has_its_resume_and_erasing_it_there_is_final() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let mut parts = application_fields();
    parts.push(file("cv.png", fixture("resume.png")));
    assert_eq!(
        post_application(&app, &parts).await.status(),
        StatusCode::CREATED
    );
    let list = json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    );
    let id = list["data"][0]["_id"].as_str().expect("id").to_owned();
    let resume = format!("/api/staff/inbox/applicants/{id}/resume");
    let before = app.request(browser.get(&resume)).await;
    assert_eq!(before.status(), StatusCode::OK);

    app.request(browser.change("DELETE", &format!("/api/staff/inbox/applicants/{id}")))
        .await;
    assert_eq!(upload_files(&app.data_dir()).len(), 1, "kept for the trash");
    let back = app
        .request(browser.change("POST", &format!("/api/staff/trash/applicants/{id}/restore")))
        .await;
    assert_eq!(back.status(), StatusCode::OK);
    let after = app.request(browser.get(&resume)).await;
    assert_eq!(after.status(), StatusCode::OK);
    assert_eq!(after.body(), before.body(), "the same resume");

    // A kind the path does not know, or the wrong list's, is not there.
    for path in [
        "/api/staff/trash/nothing/x/restore",
        "/api/staff/trash/enquiries/x/restore",
    ] {
        let answer = app.request(browser.change("POST", path)).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
    }
    app.request(browser.change("DELETE", &format!("/api/staff/inbox/applicants/{id}")))
        .await;
    let gone = app
        .request(browser.change("DELETE", &format!("/api/staff/trash/applicants/{id}")))
        .await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    assert!(
        upload_files(&app.data_dir()).is_empty(),
        "the resume is gone for good"
    );
    let later = app
        .request(browser.change("POST", &format!("/api/staff/trash/applicants/{id}/restore")))
        .await;
    assert_eq!(later.status(), StatusCode::NOT_FOUND);

    // The days: owners set them, within 1 to 365.
    let bad = app
        .request(
            browser
                .change("PUT", "/api/staff/trash/days")
                .json(&body!({"days": 0})),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&bad)["errors"]["days"].is_string());
    let set = app
        .request(
            browser
                .change("PUT", "/api/staff/trash/days")
                .json(&body!({"days": 7})),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(trash(&app, &browser).await["days"], 7);
}

#[tokio::test]
async fn erasing_a_person_for_privacy_skips_the_trash_and_empties_it_of_them() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    seed(&app, 3).await;
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute_batch(
                "UPDATE enquiries SET email = 'Asha@Example.com', email_folded = 'asha@example.com'
                 WHERE id IN ('t01', 't02')",
            )?;
            Ok(())
        })
        .await
        .expect("one person, two enquiries");
    let browser = Browser::sign_in(&app).await;
    app.request(browser.change("DELETE", "/api/staff/inbox/enquiries/t01"))
        .await;
    assert_eq!(trash(&app, &browser).await["total"], 1);

    let erased = app
        .request(browser.change("POST", "/api/staff/inbox/enquiries/t02/erase-for-privacy"))
        .await;
    assert_eq!(erased.status(), StatusCode::OK);
    assert_eq!(json(&erased)["enquiries"], 1);
    assert_eq!(
        trash(&app, &browser).await["total"],
        0,
        "out of the trash too"
    );
    let left = json(&app.request(browser.get("/api/staff/inbox/enquiries")).await);
    assert_eq!(left["pagination"]["total"], 1);
    assert_eq!(left["data"][0]["_id"], "t03");
    let ledger: Vec<String> = app
        .db()
        .read_blocking(|conn| Ok(corpsite::store::trash::ledger(conn)?))
        .expect("ledger");
    assert_eq!(
        ledger,
        [corpsite::store::trash::ledger_hash("asha@example.com")]
    );
    assert!(!ledger[0].contains("asha"), "the ledger keeps no address");
    let missing = app
        .request(browser.change("POST", "/api/staff/inbox/enquiries/t02/erase-for-privacy"))
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[test]
fn a_restored_older_backup_brings_back_no_one_erased_for_privacy_since() {
    let data = tempfile::tempdir().expect("data dir");
    {
        let conn = corpsite::store::open_for_cli(data.path()).expect("a database");
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('p1', 'contact', 'Asha', 'Asha@Example.com', 'asha@example.com', '98450', 'An office', 'Corp Team', ''),
                    ('p2', 'contact', 'Ravi', 'ravi@example.com', 'ravi@example.com', '98450', 'A lease', 'Corp Team', ''),
                    ('p3', 'subscription', '', 'asha@example.com', 'asha@example.com', '', '', 'Corp Blogs', 'Blogs');",
        )
        .expect("leads");
    }
    let sets = tempfile::tempdir().expect("backup dir");
    let made = corpsite(
        &["backup", sets.path().to_str().expect("path")],
        data.path(),
    );
    assert!(made.status.success(), "{made:?}");
    let backup = std::fs::read_dir(sets.path())
        .expect("the sets")
        .map(|entry| entry.expect("a set").path())
        .find(|path| path.is_dir())
        .expect("a whole backup set");
    let erased = corpsite(&["leads", "erase", "ASHA@example.com"], data.path());
    assert!(erased.status.success(), "{erased:?}");

    let restored = corpsite(&["restore", backup.to_str().expect("path")], data.path());
    assert!(restored.status.success(), "{restored:?}");
    assert!(
        stdout(&restored).contains("erased again the records of 1 person(s)"),
        "{}",
        stdout(&restored)
    );
    let conn = corpsite::store::open_for_cli(data.path()).expect("the restored database");
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM enquiries ORDER BY id")
        .and_then(|mut stmt| stmt.query_map([], |row| row.get(0))?.collect())
        .expect("ids");
    assert_eq!(ids, ["p2"], "Asha is not back; Ravi is");
    assert_eq!(
        corpsite::store::trash::ledger(&conn).expect("ledger"),
        [corpsite::store::trash::ledger_hash("asha@example.com")],
        "the restored database keeps the ledger for the next restore"
    );
}
