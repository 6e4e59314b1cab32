//! The inbox's exports as a person opens them: the Excel workbook read back by openpyxl
//! (`support/read_xlsx.py`), typed cells in the office's time zone, and the same columns from
//! the browser and the command line, in either format.

use std::path::Path;
use std::process::Command;

use crate::common::process::BINARY;
use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
use crate::common::{header, json, TestApp};
use crate::leads_support::{
    contact, file, fixture, post_application, post_json, subscription, with_application,
    ENQUIRY_HEADERS,
};
use corpsite::domain::office_time::OfficeZone;
use corpsite::store::StoreError;
use serde_json::{json, Value};
use warp::http::StatusCode;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The first sheet of a workbook as openpyxl reads it: `{"sheet", "rows": [[cell|null]]}`.
fn read_xlsx(bytes: &[u8]) -> Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("export.xlsx");
    std::fs::write(&path, bytes).expect("write workbook");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/read_xlsx.py");
    let output = Command::new(crate::support::python())
        .arg(script)
        .arg(&path)
        .output()
        .expect("run read_xlsx.py");
    assert!(
        output.status.success(),
        "openpyxl could not read the workbook: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON from read_xlsx.py")
}

fn headers(sheet: &Value) -> Vec<String> {
    sheet["rows"][0]
        .as_array()
        .expect("header row")
        .iter()
        .map(|cell| {
            assert_eq!(cell["type"], "s", "a header is text: {cell}");
            cell["value"].as_str().expect("header").to_owned()
        })
        .collect()
}

/// The cell of row `row` under `header`.
fn cell<'a>(sheet: &'a Value, row: usize, header: &str) -> &'a Value {
    let at = headers(sheet)
        .iter()
        .position(|h| h == header)
        .unwrap_or_else(|| panic!("no column {header}"));
    &sheet["rows"][row][at]
}

fn cli(args: &[&str], data_dir: &Path) -> Vec<u8> {
    let output = Command::new(BINARY)
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn csv_header(bytes: &[u8]) -> String {
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8");
    text.trim_start_matches('\u{feff}')
        .split("\r\n")
        .next()
        .expect("header")
        .to_owned()
}

async fn sign_in(app: &TestApp) -> Browser {
    add_staff(app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(app).await
}

/// One enquiry whose name looks like a formula, received at a known time, with two notes.
async fn enquiry_with_notes(app: &TestApp, browser: &Browser) -> String {
    let mut body = contact();
    body["name"] = json!("=HYPERLINK(\"http://evil.example\",\"Click\")");
    assert_eq!(post_json(app, &body).await.status(), 201);
    app.db()
        .write(|conn| {
            conn.execute(
                "UPDATE enquiries SET created_at = '2026-11-26T04:06:12.345Z'",
                [],
            )
            .map_err(StoreError::from)
        })
        .await
        .expect("set the time");
    let list = json(&app.request(browser.get("/api/staff/inbox/enquiries")).await);
    let id = list["data"][0]["_id"].as_str().expect("id").to_owned();
    for text in ["Called back", "Sent the brochure"] {
        let noted = app
            .request(
                browser
                    .change("POST", &format!("/api/staff/inbox/enquiries/{id}/notes"))
                    .json(&json!({ "text": text })),
            )
            .await;
        assert_eq!(noted.status(), StatusCode::OK, "{:?}", noted.body());
    }
    id
}

#[tokio::test]
async fn the_workbook_has_typed_cells_in_the_office_time_zone_and_never_a_formula() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let browser = sign_in(&app).await;
    let id = enquiry_with_notes(&app, &browser).await;
    let followed = app
        .request(
            browser
                .change(
                    "POST",
                    &format!("/api/staff/inbox/enquiries/{id}/follow-up"),
                )
                .json(&json!({ "follow_up": "2999-01-01" })),
        )
        .await;
    assert_eq!(followed.status(), StatusCode::OK, "{:?}", followed.body());

    let response = app
        .request(browser.get("/api/staff/inbox/enquiries/export.xlsx"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), XLSX);
    let today = OfficeZone::default_zone().today();
    assert_eq!(
        header(&response, "content-disposition"),
        format!("attachment; filename=\"enquiries-{today}.xlsx\"")
    );
    let sheet = read_xlsx(response.body());
    assert_eq!(sheet["sheet"], "Enquiries");
    assert_eq!(headers(&sheet), ENQUIRY_HEADERS);
    assert_eq!(sheet["rows"].as_array().expect("rows").len(), 2);

    // 04:06 UTC is 09:36 in Kolkata: a real date-time cell, shown as one.
    let received = cell(&sheet, 1, "Received");
    assert_eq!(received["type"], "d", "{received}");
    assert_eq!(received["value"], "2026-11-26T09:36:12.345000");
    assert!(
        received["format"].as_str().expect("format").contains("yy"),
        "{received}"
    );
    // The follow-up day is a date cell, shown without a time.
    assert_eq!(
        cell(&sheet, 1, "Follow up"),
        &json!({"type": "d", "value": "2999-01-01T00:00:00", "format": "dd mmm yyyy"})
    );
    // Text as stored: no apostrophe, and a formula-looking name is not a formula.
    assert_eq!(
        cell(&sheet, 1, "Phone"),
        &json!({"type": "s", "value": "+91 98450 12345", "format": "General"})
    );
    assert_eq!(cell(&sheet, 1, "Reference")["value"], id.as_str());
    assert_eq!(cell(&sheet, 1, "Reference")["type"], "s");
    let name = cell(&sheet, 1, "Name");
    assert_eq!(name["type"], "s", "{name}");
    assert_eq!(
        name["value"],
        "=HYPERLINK(\"http://evil.example\",\"Click\")"
    );
    assert_eq!(cell(&sheet, 1, "Status")["value"], "New");
    // Every note, oldest first, with its author and the office's time.
    let notes = cell(&sheet, 1, "Notes")["value"]
        .as_str()
        .expect("notes")
        .to_owned();
    let lines: Vec<&str> = notes.lines().collect();
    assert_eq!(lines.len(), 2, "{notes}");
    assert!(
        lines[0].ends_with(": Called back") && lines[1].ends_with(": Sent the brochure"),
        "{notes}"
    );
    assert!(lines[0].contains(" IST, "), "{notes}");
    for row in sheet["rows"].as_array().expect("rows") {
        for cell in row.as_array().expect("cells") {
            assert_ne!(cell["type"], "f", "no formulas: {cell}");
        }
    }
}

#[tokio::test]
async fn the_office_time_zone_of_the_company_details_moves_the_exported_times() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let browser = sign_in(&app).await;
    enquiry_with_notes(&app, &browser).await;
    let mut details =
        serde_json::to_value(corpsite::domain::company_details::CompanyDetails::demo().form())
            .expect("json");
    details["time_zone"] = "America/New_York".into();
    let saved = app
        .request(browser.change("PUT", "/api/staff/settings").json(&details))
        .await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.body());

    let sheet = read_xlsx(
        app.request(browser.get("/api/staff/inbox/enquiries/export.xlsx"))
            .await
            .body(),
    );
    // 04:06 UTC is 23:06 the day before in New York (EST in November).
    assert_eq!(
        cell(&sheet, 1, "Received")["value"],
        "2026-11-25T23:06:12.345000"
    );
    let notes = cell(&sheet, 1, "Notes")["value"].as_str().expect("notes");
    assert!(notes.contains(" EST, "), "{notes}");
    let csv = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv"))
        .await;
    let text = String::from_utf8_lossy(csv.body());
    assert!(text.contains("\"2026-11-25 23:06:12\""), "{text}");
}

#[tokio::test]
async fn the_browser_and_the_command_line_write_the_same_columns_in_either_format() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let browser = sign_in(&app).await;
    enquiry_with_notes(&app, &browser).await;
    assert_eq!(
        post_json(&app, &subscription("reader@example.com"))
            .await
            .status(),
        201
    );
    let applied = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(applied.status(), 201);

    for (list, args) in [
        ("enquiries", vec!["leads", "export"]),
        (
            "subscribers",
            vec!["leads", "export", "--list", "subscribers"],
        ),
        ("applicants", vec!["applicants", "export"]),
    ] {
        let browser_xlsx = read_xlsx(
            app.request(browser.get(&format!("/api/staff/inbox/{list}/export.xlsx")))
                .await
                .body(),
        );
        let mut xlsx_args = args.clone();
        xlsx_args.extend(["--format", "xlsx"]);
        let cli_xlsx = read_xlsx(&cli(&xlsx_args, &app.data_dir()));
        assert_eq!(headers(&browser_xlsx), headers(&cli_xlsx), "{list}");
        assert_eq!(
            browser_xlsx["rows"], cli_xlsx["rows"],
            "{list}: one row, the same cells"
        );

        let browser_csv = app
            .request(browser.get(&format!("/api/staff/inbox/{list}/export.csv")))
            .await;
        let cli_csv = cli(&args, &app.data_dir());
        let header_row = csv_header(&cli_csv);
        assert_eq!(csv_header(browser_csv.body()), header_row, "{list}");
        let expected: Vec<String> = headers(&cli_xlsx)
            .iter()
            .map(|h| format!("\"{h}\""))
            .collect();
        assert_eq!(header_row, expected.join(","), "{list}: CSV and workbook");
        assert!(!header_row.contains('_'), "{list}: {header_row}");
    }

    let subscribers = read_xlsx(
        app.request(browser.get("/api/staff/inbox/subscribers/export.xlsx"))
            .await
            .body(),
    );
    assert_eq!(cell(&subscribers, 1, "Subscription")["value"], "Pending");
    let applicants = read_xlsx(
        app.request(browser.get("/api/staff/inbox/applicants/export.xlsx"))
            .await
            .body(),
    );
    let size = cell(&applicants, 1, "Resume size (bytes)");
    assert_eq!(size["type"], "n", "{size}");
    assert!(size["value"].as_f64().expect("size") > 0.0);
}

#[tokio::test]
async fn the_csv_keeps_its_formula_guard_and_the_workbook_takes_the_same_filters() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let browser = sign_in(&app).await;
    enquiry_with_notes(&app, &browser).await;
    let mut other = contact();
    other["name"] = json!("Ravi Kumar");
    assert_eq!(post_json(&app, &other).await.status(), 201);

    let csv = app
        .request(browser.get("/api/staff/inbox/enquiries/export.csv?q=hyperlink"))
        .await;
    let text = String::from_utf8_lossy(csv.body()).into_owned();
    assert!(
        text.contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Click\"\")\""),
        "{text}"
    );
    assert!(text.contains("\"'+91 98450 12345\""), "{text}");
    assert!(!text.contains("Ravi Kumar"), "filtered: {text}");

    let filtered = read_xlsx(
        app.request(browser.get("/api/staff/inbox/enquiries/export.xlsx?q=ravi"))
            .await
            .body(),
    );
    assert_eq!(filtered["rows"].as_array().expect("rows").len(), 2);
    assert_eq!(cell(&filtered, 1, "Name")["value"], "Ravi Kumar");
    assert_eq!(cell(&filtered, 1, "Notes"), &Value::Null, "no notes: empty");

    let bad = app
        .request(browser.get("/api/staff/inbox/enquiries/export.xlsx?status=maybe"))
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let nowhere = app
        .request(browser.get("/api/staff/inbox/nowhere/export.xlsx"))
        .await;
    assert_eq!(nowhere.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_workbook_export_is_for_signed_in_staff_only() {
    let app = TestApp::new();
    let response = app
        .request(crate::common::staff::site_request(
            "GET",
            "/api/staff/inbox/enquiries/export.xlsx",
        ))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
