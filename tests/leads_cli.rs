//! The office's commands on the real binary: CSV exports and the online backup (the
//! workbook exports: `exports.rs`).

use std::path::Path;
use std::process::Output;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::common::process::run_in as corpsite;
use crate::common::TestApp;
use crate::leads_support::{
    contact, file, fixture, post_application, post_json, subscription, with_application,
    ENQUIRY_HEADERS,
};
use corpsite::store::backup::integrity_problems;
use corpsite::store::uploads::uploads_dir;
use corpsite::store::{Db, StoreError};
use serde_json::json;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Reads RFC 4180 CSV: quoted cells may hold commas, CRLFs and doubled quotes.
pub(crate) fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let (mut row, mut cell) = (Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') if chars.peek() == Some(&'\n') => {
                chars.next();
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    assert!(
        !quoted && cell.is_empty() && row.is_empty(),
        "CSV must end with CRLF: {text:?}"
    );
    rows
}

#[tokio::test]
async fn leads_export_writes_a_header_and_rfc_4180_rows_that_spreadsheets_cannot_run() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let mut tricky = contact();
    tricky["name"] = json!("=HYPERLINK(\"http://evil.example\",\"Click\")");
    tricky["requirment"] = json!("Two lines,\r\nwith \"quotes\" and, commas");
    tricky["service"] = json!("@SUM(A1:A9)");
    assert_eq!(post_json(&app, &tricky).await.status(), 201);
    assert_eq!(
        post_json(&app, &subscription("रीडर@example.com"))
            .await
            .status(),
        201
    );

    let output = corpsite(&["leads", "export"], &app.data_dir());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = parse_csv(&stdout(&output));
    // The export's enquiry columns (the browser's export writes them too), for people.
    assert_eq!(rows[0], ENQUIRY_HEADERS);
    assert_eq!(rows.len(), 2, "enquiries only: {rows:?}");
    let contact_row = &rows[1];
    assert_eq!(
        contact_row[2],
        "'=HYPERLINK(\"http://evil.example\",\"Click\")"
    );
    assert_eq!(contact_row[4], "'+91 98450 12345");
    assert_eq!(contact_row[5], "Two lines,\r\nwith \"quotes\" and, commas");
    assert_eq!(contact_row[7], "'@SUM(A1:A9)");
    assert_eq!(contact_row[8], "New");
    for row in &rows[1..] {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "unguarded cell {cell:?}"
            );
        }
    }

    let output = corpsite(
        &["leads", "export", "--list", "subscribers"],
        &app.data_dir(),
    );
    assert!(output.status.success());
    let rows = parse_csv(&stdout(&output));
    assert_eq!(
        rows[0][..6],
        [
            "Reference",
            "Received",
            "Email",
            "Department",
            "Service",
            "Subscription"
        ]
    );
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1][2], "रीडर@example.com");
    assert_eq!(rows[1][5], "Pending");
}

#[tokio::test]
async fn leads_export_quotes_every_cell_so_a_semicolon_spreadsheet_cannot_split_one() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let mut body = contact();
    body["name"] = json!("Asha;=cmd|' /C calc'!A0");
    assert_eq!(post_json(&app, &body).await.status(), 201);

    let output = corpsite(&["leads", "export"], &app.data_dir());
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.contains(",\"Asha;=cmd|' /C calc'!A0\","),
        "the name is one quoted cell: {text}"
    );
    for line in text.split_terminator("\r\n") {
        assert!(
            line.starts_with('"') && line.ends_with('"'),
            "every cell quoted: {line}"
        );
    }
    assert_eq!(parse_csv(&text)[1][2], "Asha;=cmd|' /C calc'!A0");
}

#[tokio::test]
async fn exports_since_a_day_keep_only_what_arrived_from_that_day_on() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    for name in ["January", "February"] {
        let mut body = contact();
        body["name"] = json!(name);
        assert_eq!(post_json(&app, &body).await.status(), 201);
    }
    app.db()
        .write(|conn| {
            conn.execute_batch(
                "UPDATE enquiries SET created_at = '2025-01-31T23:59:59.999Z' WHERE name = 'January';
                 UPDATE enquiries SET created_at = '2025-02-01T00:00:00.000Z' WHERE name = 'February';",
            )
            .map_err(StoreError::from)
        })
        .await
        .expect("backdate");
    let names = |since: &str| -> Vec<String> {
        let output = corpsite(&["leads", "export", "--since", since], &app.data_dir());
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        parse_csv(&stdout(&output))
            .into_iter()
            .skip(1)
            .map(|row| row[2].clone())
            .collect()
    };
    assert_eq!(names("2025-01-01"), ["January", "February"]);
    assert_eq!(names("2025-02-01"), ["February"]);
    assert_eq!(names("2025-02-02"), Vec::<String>::new());

    let bad = corpsite(
        &["leads", "export", "--since", "1 Feb 2025"],
        &app.data_dir(),
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("YYYY-MM-DD"));
}

#[tokio::test]
async fn applicants_export_lists_applicants_and_copies_each_resume_named_after_its_id() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    for (name, bytes) in [
        ("cv.png", fixture("resume.png")),
        ("-photo.jpg", fixture("resume.jpg")),
    ] {
        let response = post_application(&app, &with_application(file(name, bytes))).await;
        assert_eq!(response.status(), 201);
    }
    let resumes = app.data_dir().join("exported resumes");
    let output = corpsite(
        &[
            "applicants",
            "export",
            "--resumes",
            resumes.to_str().expect("path"),
        ],
        &app.data_dir(),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = parse_csv(&stdout(&output));
    // The export's applicant columns, as the browser's export writes them.
    assert_eq!(
        rows[0],
        [
            "Reference",
            "Received",
            "Name",
            "Phone",
            "Email",
            "Experience (years)",
            "Previous company",
            "Query",
            "Department",
            "Job opening",
            "Resume file",
            "Resume type",
            "Resume size (bytes)",
            "Stage",
            "Stage set by",
            "Stage changed",
            "Assigned to",
            "Follow up",
            "Notes",
            "First reply",
            "Replies",
            "Sent from",
            "Form page",
            "Landing page",
            "Referring site",
            "Campaign",
            "Stories read",
            "Proof of work",
            "Proof solving time (ms)"
        ]
    );
    assert_eq!(rows.len(), 3);
    let column = |name: &str| rows[0].iter().position(|c| c == name).expect(name);
    let (id, original, kind) = (
        column("Reference"),
        column("Resume file"),
        column("Resume type"),
    );
    assert_eq!(
        (rows[1][original].as_str(), rows[1][kind].as_str()),
        ("cv.png", "image/png")
    );
    assert_eq!(
        (rows[2][original].as_str(), rows[2][kind].as_str()),
        ("'-photo.jpg", "image/jpeg")
    );
    for (row, extension) in [(&rows[1], "png"), (&rows[2], "jpg")] {
        let name = format!("{}.{extension}", row[id]);
        assert_eq!(
            std::fs::read(resumes.join(&name)).expect("copy"),
            std::fs::read(uploads_dir(&app.data_dir()).join(&name)).expect("stored resume"),
            "{name}"
        );
    }
}

#[tokio::test]
async fn resumes_are_never_exported_onto_themselves() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let png = fixture("resume.png");
    let response = post_application(&app, &with_application(file("cv.png", png.clone()))).await;
    assert_eq!(response.status(), 201);
    let uploads = app.data_dir().join("uploads");
    let read_all = || -> Vec<Vec<u8>> {
        std::fs::read_dir(&uploads)
            .expect("uploads")
            .map(|e| std::fs::read(e.expect("entry").path()).expect("read"))
            .collect()
    };
    let before = read_all();
    assert_eq!(before.len(), 1);
    let output = corpsite(
        &[
            "applicants",
            "export",
            "--resumes",
            uploads.join(".").to_str().expect("path"),
        ],
        &app.data_dir(),
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("uploads folder itself"));
    assert_eq!(read_all(), before, "the resume is whole");
}

#[tokio::test]
async fn bom_starts_either_export_with_a_byte_order_mark_for_excel_and_nothing_else_changes() {
    let app = TestApp::with_settings(|s| s.rate_limit_per_minute = 0);
    let mut accented = contact();
    accented["name"] = json!("José Müller");
    assert_eq!(post_json(&app, &accented).await.status(), 201);
    let response = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(response.status(), 201);

    for command in ["leads", "applicants"] {
        let plain = corpsite(&[command, "export"], &app.data_dir());
        let marked = corpsite(&[command, "export", "--bom"], &app.data_dir());
        assert!(
            plain.status.success() && marked.status.success(),
            "{command}"
        );
        assert!(
            plain.stdout.starts_with(b"\"Reference\","),
            "{command}: no mark by default"
        );
        assert_eq!(
            marked.stdout.strip_prefix("\u{feff}".as_bytes()),
            Some(plain.stdout.as_slice()),
            "{command}: the mark, then the same CSV"
        );
    }
    let rows = parse_csv(&stdout(&corpsite(&["leads", "export"], &app.data_dir())));
    assert_eq!(rows[1][2], "José Müller");
}

#[test]
fn exports_and_backups_without_a_database_fail_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("no-such-data");
    for args in [
        vec!["leads", "export"],
        vec!["applicants", "export"],
        vec![
            "backup-database",
            dir.path().join("copy.db").to_str().expect("path"),
        ],
    ] {
        let output = corpsite(&args, &missing);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("no database at"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    assert!(
        !missing.exists(),
        "a typo in --data-dir must not create a database"
    );
    assert!(!dir.path().join("copy.db").exists());
}

#[test]
fn a_backup_into_a_missing_folder_fails_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    Db::open(dir.path()).expect("open").close();
    let target = dir.path().join("no/such/folder/copy.db");
    let output = corpsite(
        &["backup-database", target.to_str().expect("path")],
        dir.path(),
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("copy.db"), "{stderr}");
    assert!(!target.exists());
}

#[test]
fn a_backup_taken_while_the_server_writes_is_consistent_and_passes_integrity_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = Db::open(dir.path()).expect("open");
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, stop) = (Arc::clone(&db), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                db.write_blocking(move |conn| {
                    conn.execute(
                        "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
                         VALUES (?1, 'contact', 'Load', 'l@x.in', 'l@x.in', '1', 'r', 'Corp Team', '')",
                        [format!("{n:032x}")],
                    )
                    .map_err(StoreError::from)
                })
                .expect("insert");
            }
            n
        })
    };
    let count = |path: &Path| -> i64 {
        let conn = rusqlite::Connection::open(path).expect("open");
        assert_eq!(
            integrity_problems(&conn).expect("integrity_check"),
            Vec::<String>::new()
        );
        conn.query_row("SELECT count(*) FROM enquiries", [], |row| row.get(0))
            .expect("count")
    };
    let target = dir.path().join("backups").join("corpsite-copy.db");
    std::fs::create_dir_all(target.parent().expect("parent")).expect("dir");
    let mut copied = Vec::new();
    for _ in 0..3 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let output = corpsite(
            &["backup-database", target.to_str().expect("path")],
            dir.path(),
        );
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout(&output).contains("integrity check ok"));
        copied.push(count(&target));
    }
    stop.store(true, Ordering::Relaxed);
    let written = writer.join().expect("writer thread") as i64;
    assert!(copied.windows(2).all(|w| w[0] <= w[1]), "{copied:?}");
    assert!(
        copied[0] > 0 && copied[2] <= written,
        "{copied:?} of {written}"
    );
    let leftovers: Vec<_> = std::fs::read_dir(target.parent().expect("parent"))
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(
        leftovers,
        ["corpsite-copy.db"],
        "no temp files beside the backup"
    );
}
