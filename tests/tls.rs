//! HTTPS by the binary itself, end to end with real parts: certificates from Debian's
//! pebble (an ACME CA for tests) over HTTP-01, HTTP/2 and HTTP/1.1 checked by curl against
//! the CA's root, renewals, a CA that goes away, the office's own certificate files
//! reloaded on SIGHUP, the HTTP port's redirects, and clients that do not speak TLS.

use std::time::Duration;

use crate::common::tls::{
    curl, curl_body, eventually, exchange, files_site, first_certificate, free_port, own_files,
    presented_certificate, self_signed, silent_http2_client, HttpsSite, Pebble,
};

const DOMAIN: &str = "corpsite.test";

#[test]
fn a_certificate_is_obtained_served_over_http2_renewed_and_kept_when_the_ca_is_gone() {
    let mut pebble = Pebble::start();
    let data = tempfile::tempdir().expect("data dir");
    let http_addr = format!("127.0.0.1:{}", pebble.http_port);
    let directory_url = pebble.directory_url.clone();
    let ca_root = pebble.ca_root.to_str().expect("path").to_owned();
    let args = [
        "--domain",
        DOMAIN,
        "--https-addr",
        "127.0.0.1:0",
        "--http-addr",
        &http_addr,
        "--acme-directory",
        &directory_url,
        "--acme-ca-root",
        &ca_root,
        // Longer than pebble's certificates last: every certificate is due for renewal,
        // and renewals come every two seconds.
        "--acme-renew-within",
        "3000d",
        "--acme-retry-after",
        "2s",
    ];
    let kept = data.path().join("tls/certificate.pem");
    let mut site = HttpsSite::start(data.path(), &args);

    // Issued, and served.
    let served_kept = || {
        let kept = first_certificate(&kept);
        kept.is_some() && presented_certificate(site.https, DOMAIN) == kept
    };
    assert!(
        eventually(Duration::from_secs(60), served_kept),
        "no certificate served; log:\n{}",
        site.log()
    );
    let root = pebble.issuing_root();
    let h2 = curl(&root, DOMAIN, site.https, "/", &["--http2"]);
    assert_eq!(
        (h2.status, h2.http_version.as_str()),
        (200, "2"),
        "{}",
        h2.head
    );
    assert!(
        h2.head.contains(
            "strict-transport-security: max-age=63072000; includeSubDomains"
                .to_ascii_lowercase()
                .as_str()
        ),
        "{}",
        h2.head
    );
    let csp = h2
        .head
        .lines()
        .find(|line| line.starts_with("content-security-policy:"))
        .unwrap_or_default();
    assert!(
        csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    let h1 = curl(&root, DOMAIN, site.https, "/blogs", &["--http1.1"]);
    assert_eq!((h1.status, h1.http_version.as_str()), (200, "1.1"));

    // A lead from the site's own page, over HTTP/2 as a browser sends it.
    let origin = format!("Origin: https://{DOMAIN}:{}", site.https.port());
    let challenge = curl_body(&root, DOMAIN, site.https, "/api/form-proof?form=enquiry");
    let challenge: serde_json::Value = serde_json::from_str(&challenge).expect("JSON");
    let proof = format!("Form-Proof: {}", crate::common::proof::solve(&challenge));
    let enquiry = curl(
        &root,
        DOMAIN,
        site.https,
        "/api/clients/create",
        &[
            "--http2",
            "-H",
            "Content-Type: application/json",
            "-H",
            &origin,
            "-H",
            &proof,
            "--data",
            crate::forms_http2::ENQUIRY,
        ],
    );
    assert_eq!((enquiry.status, enquiry.http_version.as_str()), (201, "2"));

    // SIGHUP: nothing to re-read with --domain; logged, and the site serves on.
    site.signal("-HUP");
    assert!(
        eventually(Duration::from_secs(10), || site
            .log()
            .contains("SIGHUP: nothing to reload")),
        "log:\n{}",
        site.log()
    );
    assert!(site.running(), "the server stopped on SIGHUP");

    // Renewed without a restart: a new certificate is kept and served.
    let first = first_certificate(&kept).expect("kept");
    let renewed = || {
        let now = first_certificate(&kept);
        now.as_ref() != Some(&first) && presented_certificate(site.https, DOMAIN) == now
    };
    assert!(
        eventually(Duration::from_secs(60), renewed),
        "not renewed; log:\n{}",
        site.log()
    );

    // The CA goes away: renewals fail, are logged, and the certificate served stays.
    pebble.stop();
    let failures_before = site.log().matches("could not obtain a certificate").count();
    assert!(
        eventually(Duration::from_secs(30), || {
            site.log().matches("could not obtain a certificate").count() > failures_before
        }),
        "no failed renewal logged; log:\n{}",
        site.log()
    );
    let last = first_certificate(&kept).expect("kept");
    assert_eq!(
        presented_certificate(site.https, DOMAIN),
        Some(last.clone())
    );
    assert_eq!(curl(&root, DOMAIN, site.https, "/", &[]).status, 200);
    assert!(site.running());
    // /healthz names the certificate served and the failed renewal, and the site serves on.
    let health: serde_json::Value =
        serde_json::from_str(&curl_body(&root, DOMAIN, site.https, "/healthz")).expect("json");
    assert_eq!(health["status"], "degraded", "{health}");
    assert!(health["certificate"]["not_after"].is_string(), "{health}");
    assert!(
        !health["certificate"]["renewal_failure"].is_null(),
        "{health}"
    );

    // A restart serves the kept certificate at once, CA or not.
    drop(site);
    let site = HttpsSite::start(data.path(), &args);
    assert_eq!(presented_certificate(site.https, DOMAIN), Some(last));
}

#[test]
fn the_offices_own_certificate_is_reloaded_on_sighup_and_a_bad_one_keeps_the_served_one() {
    let data = tempfile::tempdir().expect("data");
    let files = tempfile::tempdir().expect("files");
    let (first, _) = own_files(files.path(), &["www.example.com"]);
    let mut site = files_site(data.path(), files.path(), free_port(), &[]);
    let der = |pem: &str| {
        let path = files.path().join("check.pem");
        std::fs::write(&path, pem).expect("write");
        first_certificate(&path)
    };
    assert_eq!(
        presented_certificate(site.https, "www.example.com"),
        der(&first)
    );

    let (second, _) = own_files(files.path(), &["www.example.com"]);
    site.signal("-HUP");
    assert!(
        eventually(Duration::from_secs(10), || {
            presented_certificate(site.https, "www.example.com") == der(&second)
        }),
        "not reloaded; log:\n{}",
        site.log()
    );

    // A key that does not match: refused, logged, the second certificate stays.
    let (_, other_key) = self_signed(&["www.example.com"]);
    std::fs::write(files.path().join("site.key"), other_key).expect("key");
    site.signal("-HUP");
    assert!(
        eventually(Duration::from_secs(10), || site
            .log()
            .contains("cannot reload the certificate files")),
        "log:\n{}",
        site.log()
    );
    assert_eq!(
        presented_certificate(site.https, "www.example.com"),
        der(&second)
    );
    assert!(site.running());
}

#[test]
fn a_certificate_file_that_cannot_be_used_stops_the_start_with_its_name() {
    let data = tempfile::tempdir().expect("data");
    let files = tempfile::tempdir().expect("files");
    own_files(files.path(), &["www.example.com"]);
    let (_, other_key) = self_signed(&["www.example.com"]);
    std::fs::write(files.path().join("site.key"), other_key).expect("key");
    let output = std::process::Command::new(crate::common::process::BINARY)
        .arg("serve")
        .arg("--data-dir")
        .arg(data.path())
        .arg("--tls-cert")
        .arg(files.path().join("site.crt"))
        .arg("--tls-key")
        .arg(files.path().join("site.key"))
        .args(["--https-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0"])
        .env("CORPSITE_ADMIN_ADDR", "off")
        .output()
        .expect("run");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("does not belong to the certificate") && stderr.contains("site.crt"),
        "{stderr}"
    );
}

#[test]
fn the_http_port_sends_every_request_to_https_and_answers_only_pending_challenges() {
    let data = tempfile::tempdir().expect("data");
    let files = tempfile::tempdir().expect("files");
    own_files(files.path(), &["www.example.com"]);
    let http_port = free_port();
    let site = files_site(
        data.path(),
        files.path(),
        http_port,
        &["--public-url", "https://www.example.com"],
    );
    let http_addr = std::net::SocketAddr::from(([127, 0, 0, 1], http_port));
    let ask = |request: &str| {
        let raw = exchange(http_addr, request.as_bytes(), Duration::from_secs(5));
        crate::common::process::parse(&raw)
    };
    let port = site.https.port();
    let cases: &[(&str, &str)] = &[
        ("www.example.com", "/blogs?page=2"),
        ("www.example.com:80", "/api/clients/create"),
        // Another host, or none usable: the site's own, never the one asked for.
        ("evil.example.net.", "/"),
        ("10.1.2.3", "/x"),
    ];
    for (host, path) in cases {
        let answer = ask(&format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(answer.status, 308, "{host}{path}: {}", answer.head);
        assert_eq!(
            answer.header("location").as_deref(),
            Some(format!("https://www.example.com:{port}{path}").as_str()),
            "{host}{path}"
        );
    }
    let challenge = ask(
        "GET /.well-known/acme-challenge/abc HTTP/1.1\r\nHost: www.example.com\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(challenge.status, 404);
    assert!(String::from_utf8_lossy(&challenge.body).contains("\"message\""));
}

#[test]
fn plain_http_and_silent_clients_on_the_https_port_are_cut_off_and_never_block_others() {
    let data = tempfile::tempdir().expect("data");
    let files = tempfile::tempdir().expect("files");
    own_files(files.path(), &["www.example.com"]);
    let site = files_site(data.path(), files.path(), free_port(), &[]);

    // Plain HTTP is told, in the JSON error shape, to use https.
    let raw = exchange(
        site.https,
        b"GET / HTTP/1.1\r\nHost: www.example.com\r\n\r\n",
        Duration::from_secs(5),
    );
    let answer = crate::common::process::parse(&raw);
    assert_eq!(answer.status, 400);
    assert!(String::from_utf8_lossy(&answer.body).contains("https://"));

    // Clients that connect and never finish a handshake hold nobody up...
    let silent: Vec<std::net::TcpStream> = (0..40)
        .map(|_| std::net::TcpStream::connect(site.https).expect("connect"))
        .collect();
    let mut half_hello = std::net::TcpStream::connect(site.https).expect("connect");
    std::io::Write::write_all(&mut half_hello, &[0x16, 0x03, 0x01, 0x02, 0x00]).expect("write");
    assert!(presented_certificate(site.https, "www.example.com").is_some());
    // ...and are closed once the header timeout (10 s) has passed.
    for mut stream in silent.into_iter().chain([half_hello]) {
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let mut buf = [0u8; 16];
        let read = std::io::Read::read(&mut stream, &mut buf);
        assert!(
            matches!(read, Ok(0))
                || read.is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
            "the server kept a silent connection open"
        );
    }
}

#[test]
fn an_http2_client_that_never_acknowledges_settings_is_cut_off_at_the_header_timeout() {
    let data = tempfile::tempdir().expect("data");
    let files = tempfile::tempdir().expect("files");
    own_files(files.path(), &["www.example.com"]);
    let site = files_site(data.path(), files.path(), free_port(), &[]);
    // The header timeout is 10 s, and a silent connection then has 1 s to close; before,
    // such a connection lived until the keep-alive ping gave up, 40 s.
    let lived = silent_http2_client(site.https, "www.example.com", Duration::from_secs(30));
    assert!(
        lived < Duration::from_secs(15),
        "the connection lived {lived:?}"
    );
}
