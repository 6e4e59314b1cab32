//! Helpers for the lead tests: forms as the site sends them, fixtures, and what got stored.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use bytes::Bytes;
use corpsite::http::plumbing::marks::ClientAddr;
use corpsite::store::applicants::{applicants_since, ApplicantRow};
use corpsite::store::leads::{enquiries_since, EnquiryRow};
use corpsite::store::uploads::uploads_dir;
use serde_json::{json, Value};
use warp::http::Response;

use crate::common::process::{parse, RawResponse};
use crate::common::proof::{self, proven};
use crate::common::TestApp;

pub const BOUNDARY: &str = "----corpsite-test-7MA4YWxkTrZu0gW";

/// The contact form's payload, filled in.
/// The enquiries export's columns, in order, as the browser and the command line write them.
pub const ENQUIRY_HEADERS: [&str; 24] = [
    "Reference",
    "Received",
    "Name",
    "Email",
    "Phone",
    "Requirement",
    "Department",
    "Service",
    "Status",
    "Set by",
    "Status changed",
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
    "Proof solving time (ms)",
];

pub fn contact() -> Value {
    json!({
        "name": "Asha Rao",
        "mobile": "+91 98450 12345",
        "email": "asha@example.com",
        "requirment": "We need 20,000 sq ft of office space in Whitefield.",
        "department_website": "Corp Team",
        "website": ""
    })
}

/// The subscribe form's payload: every field sent, only email filled.
pub fn subscription(email: &str) -> Value {
    json!({
        "name": "", "mobile": "", "email": email, "requirment": "",
        "department_website": "Corp Blogs", "service": "", "website": ""
    })
}

/// A request from `client` (the address the server would see).
pub fn from(client: [u8; 4]) -> warp::test::RequestBuilder {
    warp::test::request().extension(ClientAddr(SocketAddr::from((client, 40000))))
}

/// The enquiry `body` from 192.0.2.1, with a real proof of work.
pub async fn post_json(app: &TestApp, body: &Value) -> Response<Bytes> {
    let request = from([192, 0, 2, 1])
        .method("POST")
        .path("/api/clients/create")
        .json(body);
    app.request(proven(app, request, proof::ENQUIRY, [192, 0, 2, 1]).await)
        .await
}

pub struct Part {
    pub name: String,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

pub fn text(name: &str, value: &str) -> Part {
    Part {
        name: name.into(),
        file_name: None,
        content_type: None,
        body: value.as_bytes().to_vec(),
    }
}

pub fn file(file_name: &str, body: Vec<u8>) -> Part {
    Part {
        name: "file".into(),
        file_name: Some(file_name.into()),
        content_type: Some("application/octet-stream".into()),
        body,
    }
}

/// The Join Us form's text parts, filled in.
pub fn application_fields() -> Vec<Part> {
    vec![
        text("name", "Ravi Kumar"),
        text("mobile", "9845012345"),
        text("email", "ravi@example.com"),
        text("experience", "4"),
        text("previous_company", "Acme Facilities"),
        text("query", "Looking for a facility management role."),
        text("department_website", "Corp Careers"),
        text("website", ""),
    ]
}

/// The Join Us form's parts with `file_part` as the resume.
pub fn with_application(file_part: Part) -> Vec<Part> {
    let mut parts = application_fields();
    parts.push(file_part);
    parts
}

pub fn multipart_body(parts: &[Part]) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        let mut disposition = format!("Content-Disposition: form-data; name=\"{}\"", part.name);
        if let Some(file_name) = &part.file_name {
            disposition.push_str(&format!("; filename=\"{file_name}\""));
        }
        body.extend_from_slice(disposition.as_bytes());
        body.extend_from_slice(b"\r\n");
        if let Some(content_type) = &part.content_type {
            body.extend_from_slice(format!("Content-Type: {content_type}\r\n").as_bytes());
        }
        body.extend_from_slice(b"\r\n");
        body.extend_from_slice(&part.body);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub fn multipart_content_type() -> String {
    format!("multipart/form-data; boundary={BOUNDARY}")
}

/// A job application of `parts`, ready for more headers.
pub fn application_request(parts: &[Part]) -> warp::test::RequestBuilder {
    from([192, 0, 2, 1])
        .method("POST")
        .path("/api/applicant/create")
        .header("content-type", multipart_content_type())
        .body(multipart_body(parts))
}

/// `request` from `client`, with a real proof of work for `form`.
pub async fn post_proven(
    app: &TestApp,
    request: warp::test::RequestBuilder,
    form: &str,
    client: [u8; 4],
) -> Response<Bytes> {
    app.request(proven(app, request, form, client).await).await
}

/// The application of `parts` from 192.0.2.1, with a real proof of work.
pub async fn post_application(app: &TestApp, parts: &[Part]) -> Response<Bytes> {
    let request = application_request(parts);
    app.request(proven(app, request, proof::APPLICATION, [192, 0, 2, 1]).await)
        .await
}

pub fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

pub fn enquiries(app: &TestApp) -> Vec<EnquiryRow> {
    app.db()
        .read_blocking(|conn| Ok(enquiries_since(conn, None)?))
        .expect("read enquiries")
}

pub fn applicants(app: &TestApp) -> Vec<ApplicantRow> {
    app.db()
        .read_blocking(|conn| Ok(applicants_since(conn, None)?))
        .expect("read applicants")
}

/// Every file in the uploads folder, temp files included.
pub fn upload_files(data_dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(uploads_dir(data_dir)) {
        Ok(entries) => entries.map(|e| e.expect("entry").path()).collect(),
        Err(_) => Vec::new(),
    }
}

/// One POST on a new connection to a real server, with a real proof of work when `path` is a
/// form's (asked of the server on a connection of its own); `None` if a connection failed (as
/// it will once the server is killed).
pub fn try_post(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    body: &[u8],
) -> Option<RawResponse> {
    let form = match path {
        "/api/clients/create" => Some(proof::ENQUIRY),
        "/api/applicant/create" => Some(proof::APPLICATION),
        _ => None,
    };
    let proof_line = match form {
        Some(form) => format!("Form-Proof: {}\r\n", proof_over_http(addr, form)?),
        None => String::new(),
    };
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .ok()?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{proof_line}Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body).ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    raw.windows(4)
        .any(|w| w == b"\r\n\r\n")
        .then(|| parse(&raw))
}

/// A challenge for `form` asked of the server at `addr`, solved: the `Form-Proof` value.
pub fn proof_over_http(addr: SocketAddr, form: &str) -> Option<String> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .ok()?;
    let head = format!(
        "GET /api/form-proof?form={form} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    // A server killed mid-answer leaves a partial one: no proof then, as no answer.
    if !raw.windows(4).any(|w| w == b"\r\n\r\n") {
        return None;
    }
    let response = parse(&raw);
    let challenge: Value = serde_json::from_slice(&response.body).ok()?;
    (response.status == 200).then(|| proof::solve(&challenge))
}

pub fn body_json(response: &RawResponse) -> Value {
    serde_json::from_slice(&response.body).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&response.body)
        )
    })
}
