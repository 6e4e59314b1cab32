//! Leads on the road real visitors take: every form over HTTPS served by the binary itself,
//! over HTTP/2 (what every browser negotiates) as well as HTTP/1.1, sent by curl with the
//! site's own page as its `Origin`. An HTTP/2 request names the site in `:authority` and has
//! no `Host`: each form must still be taken as the site's own, and a post from another site
//! must get its 403 answer, not a reset stream.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::tls::{files_site, free_port, own_files, HttpsSite};
use crate::leads_support::fixture;

const NAME: &str = "corpsite.test";

/// What curl got for one request: status, HTTP version, body, and its exit code (non-zero
/// when the stream was reset or the connection failed).
struct Sent {
    status: u16,
    version: String,
    body: String,
    exit: i32,
}

impl Sent {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

/// One request to `site` with curl, trusting the site's own certificate; `args` say the
/// rest (method, headers, body, protocol).
fn send(site: &HttpsSite, cert: &Path, path: &str, args: &[&str]) -> Sent {
    let port = site.https.port();
    let output = Command::new("curl")
        .args(["-sS", "-o", "-", "-w", "\n%{http_code} %{http_version}"])
        .arg("--cacert")
        .arg(cert)
        .arg("--resolve")
        .arg(format!("{NAME}:{port}:127.0.0.1"))
        .args(args)
        .arg(format!("https://{NAME}:{port}{path}"))
        .output()
        .expect("run curl");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let (body, last) = text.rsplit_once('\n').unwrap_or(("", &text));
    let mut parts = last.split_whitespace();
    Sent {
        status: parts.next().and_then(|s| s.parse().ok()).unwrap_or(0),
        version: parts.next().unwrap_or("").to_owned(),
        body: body.to_owned(),
        exit: output.status.code().unwrap_or(-1),
    }
}

struct Site {
    site: HttpsSite,
    http_port: u16,
    _data: tempfile::TempDir,
    files: tempfile::TempDir,
}

impl Site {
    /// The binary serving HTTPS with the office's own certificate for `NAME`, with `extra`
    /// flags; no rate limits, so each case is judged on its own.
    fn start(extra: &[&str]) -> Site {
        let data = tempfile::tempdir().expect("data");
        let files = tempfile::tempdir().expect("files");
        own_files(files.path(), &[NAME]);
        let mut args = vec!["--rate-limit", "0"];
        args.extend_from_slice(extra);
        let http_port = free_port();
        let site = files_site(data.path(), files.path(), http_port, &args);
        Site {
            site,
            http_port,
            _data: data,
            files,
        }
    }

    fn origin(&self) -> String {
        format!("https://{NAME}:{}", self.site.https.port())
    }

    fn send(&self, path: &str, args: &[&str]) -> Sent {
        send(&self.site, &self.files.path().join("site.crt"), path, args)
    }

    /// A `Form-Proof: ...` header line answering a challenge for `form` asked of the site.
    fn proof_header(&self, form: &str) -> String {
        let challenge = self.send(&format!("/api/form-proof?form={form}"), &[]);
        assert_eq!(challenge.status, 200, "{}", challenge.body);
        format!(
            "Form-Proof: {}",
            crate::common::proof::solve(&challenge.json())
        )
    }
}

pub const ENQUIRY: &str = r#"{"name":"Asha Rao","mobile":"+91 98450 12345","email":"asha@example.com","requirment":"We need 20,000 sq ft of office space in Whitefield.","department_website":"Corp Team","website":""}"#;
const SUBSCRIPTION: &str = r#"{"name":"","mobile":"","email":"reader@example.com","requirment":"","department_website":"Corp Blogs","service":"","website":""}"#;

#[test]
fn every_form_from_the_sites_own_page_is_taken_over_http2_and_http11() {
    let site = Site::start(&[]);
    let origin = format!("Origin: {}", site.origin());
    let resume = tempfile::NamedTempFile::new().expect("resume");
    std::fs::write(resume.path(), fixture("resume.png")).expect("write resume");
    let resume_part = format!("file=@{};filename=resume.png", resume.path().display());
    for protocol in ["--http2", "--http1.1"] {
        let expected_version = if protocol == "--http2" { "2" } else { "1.1" };
        let json = ["-H", "Content-Type: application/json", "-H", &origin];
        let proof = site.proof_header("enquiry");
        let mut enquiry = json.to_vec();
        enquiry.extend([protocol, "-H", &proof, "--data", ENQUIRY]);
        let sent = site.send("/api/clients/create", &enquiry);
        assert_eq!(
            (sent.status, sent.version.as_str()),
            (201, expected_version),
            "enquiry {protocol}: {}",
            sent.body
        );

        let proof = site.proof_header("enquiry");
        let mut subscription = json.to_vec();
        subscription.extend([protocol, "-H", &proof, "--data", SUBSCRIPTION]);
        let sent = site.send("/api/clients/create", &subscription);
        assert!(
            matches!(sent.status, 200 | 201),
            "subscription {protocol}: {} {}",
            sent.status,
            sent.body
        );

        let proof = site.proof_header("application");
        let application = [
            protocol,
            "-H",
            &origin,
            "-H",
            &proof,
            "-F",
            "name=Ravi Kumar",
            "-F",
            "mobile=9845012345",
            "-F",
            "email=ravi@example.com",
            "-F",
            "experience=4",
            "-F",
            "previous_company=Acme Facilities",
            "-F",
            "query=Looking for a facility management role.",
            "-F",
            "department_website=Corp Careers",
            "-F",
            "website=",
            "-F",
            &resume_part,
        ];
        let sent = site.send("/api/applicant/create", &application);
        assert_eq!(sent.status, 201, "application {protocol}: {}", sent.body);

        // Sign-in is judged (401 for an unknown account), not refused as another site's.
        let mut sign_in = json.to_vec();
        sign_in.extend([
            protocol,
            "--data",
            r#"{"email":"nobody@example.com","password":"not a real password"}"#,
        ]);
        let sent = site.send("/api/staff/login", &sign_in);
        assert_eq!(sent.status, 401, "sign-in {protocol}: {}", sent.body);
    }
}

#[test]
fn a_post_from_another_site_gets_its_403_answer_over_http2_whatever_its_body() {
    let site = Site::start(&[]);
    // A body the server never reads: the refusal comes first. Large enough that the client
    // is still sending when the answer comes.
    let big = format!(
        r#"{{"name":"x","requirment":"{}","email":"a@example.com"}}"#,
        "y".repeat(2 * 1024 * 1024)
    );
    let body_file = tempfile::NamedTempFile::new().expect("body");
    std::fs::write(body_file.path(), &big).expect("write body");
    let from_file = format!("@{}", body_file.path().display());
    for body in [ENQUIRY, from_file.as_str()] {
        for _ in 0..3 {
            let sent = site.send(
                "/api/clients/create",
                &[
                    "--http2",
                    "-H",
                    "Content-Type: application/json",
                    "-H",
                    "Origin: https://evil.example",
                    "--data-binary",
                    body,
                ],
            );
            assert_eq!(
                (sent.exit, sent.status, sent.version.as_str()),
                (0, 403, "2"),
                "{}",
                sent.body
            );
            assert_eq!(
                sent.json()["message"],
                "This form can only be sent from our own website."
            );
        }
    }
}

#[test]
fn links_over_http2_name_the_authority_and_https_without_a_public_url() {
    let site = Site::start(&[]);
    let sent = site.send("/blogs", &["--http2"]);
    assert_eq!((sent.status, sent.version.as_str()), (200, "2"));
    let canonical = format!(r#"<link rel="canonical" href="{}/blogs""#, site.origin());
    assert!(sent.body.contains(&canonical), "no {canonical} in the page");
    assert!(!sent.body.contains("http://localhost"));
    let sitemap = site.send("/sitemap.xml", &["--http2"]);
    assert!(
        sitemap
            .body
            .contains(&format!("<loc>{}/blogs</loc>", site.origin())),
        "{}",
        sitemap.body
    );
}

#[test]
fn the_http_port_never_sends_a_visitor_off_the_certificates_names() {
    let site = Site::start(&[]);
    let http = std::net::SocketAddr::from(([127, 0, 0, 1], site.http_port));
    for host in ["evil.example.net", "10.1.2.3", NAME] {
        let raw = crate::common::tls::exchange(
            http,
            format!("GET /contact HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
            std::time::Duration::from_secs(5),
        );
        let answer = crate::common::process::parse(&raw);
        assert_eq!(answer.status, 308, "{host}");
        assert_eq!(
            answer.header("location").as_deref(),
            Some(format!("{}/contact", site.origin()).as_str()),
            "{host}"
        );
    }
}
