//! Retention rules: the owners set how long each list keeps a lead once its purpose is
//! served; the daily erasure takes what is past them (rows and resume files, one audit line)
//! and leaves what is within them; `/metrics` counts what waits, 0 after the run.

use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};
use crate::leads_support::{application_fields, file, fixture, post_application, upload_files};

const TOKEN: &str = "retention-metrics-token-0123456789";

/// The leads past their rules, as `/metrics` says.
async fn past_in_metrics(app: &TestApp) -> String {
    let response = app
        .request(
            warp::test::request()
                .path("/metrics")
                .header("authorization", format!("Bearer {TOKEN}")),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = String::from_utf8(response.body().to_vec()).expect("UTF-8");
    text.lines()
        .find(|line| line.starts_with("corpsite_leads_past_retention "))
        .unwrap_or("")
        .to_owned()
}

/// The day's erasure, as the server's housekeeping runs it (on a blocking thread).
async fn day(app: &TestApp) -> corpsite::office::retention::Erased {
    let (db, data_dir) = (std::sync::Arc::clone(app.db()), app.data_dir());
    tokio::task::spawn_blocking(move || corpsite::office::retention::run(db.as_ref(), &data_dir))
        .await
        .expect("the task")
        .expect("the day's erasure")
}

async fn applicant_ids(app: &TestApp, browser: &Browser) -> Vec<String> {
    let list = json(
        &app.request(browser.get("/api/staff/inbox/applicants"))
            .await,
    );
    list["data"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| row["_id"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn what_is_past_the_rules_is_erased_with_its_files_and_what_is_within_stays() {
    let app = TestApp::with_settings(|s| s.metrics_token = Some(TOKEN.parse().expect("token")));
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    for _ in 0..3 {
        let mut parts = application_fields();
        parts.push(file("cv.png", fixture("resume.png")));
        assert_eq!(
            post_application(&app, &parts).await.status(),
            StatusCode::CREATED
        );
    }
    let ids = applicant_ids(&app, &browser).await;
    assert_eq!((ids.len(), upload_files(&app.data_dir()).len()), (3, 3));
    // The clock moved: the first was decided 7 months ago, the second 5; the third is open.
    let (old, recent, open) = (ids[0].clone(), ids[1].clone(), ids[2].clone());
    let (aged, young) = (old.clone(), recent.clone());
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE applicants SET status = 'hired', status_by = 'o@x.in',
                        status_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 months') WHERE id = ?1",
                [&aged],
            )?;
            conn.execute(
                "UPDATE applicants SET status = 'rejected', status_by = 'o@x.in',
                        status_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 months') WHERE id = ?1",
                [&young],
            )?;
            Ok(())
        })
        .await
        .expect("the clock moved");

    let rules = json(&app.request(browser.get("/api/staff/retention")).await);
    assert_eq!(rules["past"], 0, "no rule, nothing past it");
    assert_eq!(
        past_in_metrics(&app).await,
        "corpsite_leads_past_retention 0"
    );
    let bad = app
        .request(
            browser
                .change("PUT", "/api/staff/retention")
                .json(&body!({"months": {"applicants": 0}})),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&bad)["errors"]["months.applicants"].is_string());
    let set = app
        .request(
            browser
                .change("PUT", "/api/staff/retention")
                .json(&body!({"months": {"applicants": 6, "enquiries": 24, "subscribers": null}})),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    let set = json(&set);
    let months: Vec<Value> = set["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|rule| rule["months"].clone())
        .collect();
    assert_eq!(months, [body!(24), Value::Null, body!(6)]);
    assert_eq!(set["past"], 1);
    assert_eq!(
        past_in_metrics(&app).await,
        "corpsite_leads_past_retention 1"
    );

    let erased = day(&app).await;
    assert_eq!(erased.applicants, 1);
    let left = applicant_ids(&app, &browser).await;
    assert!(!left.contains(&old), "past its rule: erased");
    assert!(
        left.contains(&recent) && left.contains(&open),
        "within it, and open: kept"
    );
    assert_eq!(
        upload_files(&app.data_dir()).len(),
        2,
        "its resume went with it"
    );
    assert_eq!(
        past_in_metrics(&app).await,
        "corpsite_leads_past_retention 0"
    );
    let lines: Vec<(String, String)> = app
        .db()
        .read_blocking(|conn| {
            Ok(conn
                .prepare("SELECT action, detail FROM audit_log WHERE action LIKE '%retention%' ORDER BY id")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?)
        })
        .expect("audit");
    assert_eq!(
        lines,
        [
            (
                "set the retention rules".to_owned(),
                "enquiries: 24 months, subscribers: kept, applicants: 6 months".to_owned()
            ),
            (
                "erased by the retention rules".to_owned(),
                "0 enquiries, 0 subscribers, 1 application".to_owned()
            ),
        ]
    );
    let trash = json(&app.request(browser.get("/api/staff/trash")).await);
    assert_eq!(
        trash["total"], 0,
        "final, as a privacy erasure: not in the trash"
    );
    let again = day(&app).await;
    assert_eq!(again.total(), 0);
}
