//! The lead endpoints on the real binary: bodies streamed without Content-Length, and a
//! kill -9 in the middle of a burst of posts.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::process::{parse, RawResponse, Running, BINARY};
use crate::common::proof::{APPLICATION, ENQUIRY};
use crate::common::seeded::seeded_data_dir;
use crate::leads_support::{
    body_json, contact, multipart_content_type, proof_over_http, try_post, upload_files, BOUNDARY,
};
use corpsite::store::backup::integrity_problems;

/// Sends `start` and then `filler` bytes in chunked encoding (no Content-Length) until
/// `total` bytes went out or the server stopped reading, and returns the server's answer.
fn post_chunked(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    start: &[u8],
    total: usize,
) -> RawResponse {
    let mut reader = TcpStream::connect(addr).expect("connect");
    reader
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let mut writer = reader.try_clone().expect("clone");
    let form = if path == "/api/applicant/create" {
        APPLICATION
    } else {
        ENQUIRY
    };
    let proof = proof_over_http(addr, form).expect("a proof");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nForm-Proof: {proof}\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    let start = start.to_vec();
    // Write on another thread and read here, so the early answer is read as soon as it comes.
    let sender = std::thread::spawn(move || -> std::io::Result<usize> {
        writer.write_all(head.as_bytes())?;
        let mut sent = 0;
        let filler = vec![b'a'; 64 * 1024];
        let mut first = Some(start);
        while sent < total {
            let chunk = first.take().unwrap_or_else(|| filler.clone());
            writer.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())?;
            writer.write_all(&chunk)?;
            writer.write_all(b"\r\n")?;
            sent += chunk.len();
        }
        writer.write_all(b"0\r\n\r\n")?;
        Ok(sent)
    });
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let _ = sender.join();
    parse(&raw)
}

fn start_server(dir: &Path) -> Running {
    seeded_data_dir(&dir.join("data"));
    Running::start(
        Path::new(BINARY),
        &["--data-dir", "data", "--rate-limit", "0"],
        &[],
        dir,
    )
}

#[test]
fn an_oversize_json_body_streamed_without_content_length_is_cut_off_with_413() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_server(dir.path());
    let response = post_chunked(
        server.addr,
        "/api/clients/create",
        "application/json",
        b"{\"name\":\"",
        1024 * 1024,
    );
    assert_eq!(response.status, 413);
    assert!(body_json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("64 KB")));
}

#[test]
fn an_oversize_resume_streamed_without_content_length_is_cut_off_with_413_and_leaves_no_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_server(dir.path());
    let start = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nRavi\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.png\"\r\n\r\n"
    );
    let response = post_chunked(
        server.addr,
        "/api/applicant/create",
        &multipart_content_type(),
        start.as_bytes(),
        8 * 1024 * 1024,
    );
    assert_eq!(response.status, 413);
    assert!(body_json(&response)["message"]
        .as_str()
        .is_some_and(|m| m.contains("5 MB")));
    assert!(
        upload_files(&dir.path().join("data")).is_empty(),
        "the partial upload was removed"
    );
}

#[test]
fn kill_9_during_a_burst_of_posts_loses_no_acknowledged_enquiry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut server = start_server(dir.path());
    let addr = server.addr;
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..16)
        .map(|client| {
            let acknowledged = Arc::clone(&acknowledged);
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let mut body = contact();
                    body["name"] = serde_json::json!(format!("client {client} post {n}"));
                    let body = serde_json::to_vec(&body).expect("json");
                    let Some(response) =
                        try_post(addr, "/api/clients/create", "application/json", &body)
                    else {
                        continue;
                    };
                    if response.status == 201 {
                        let id = body_json(&response)["data"]["_id"]
                            .as_str()
                            .map(str::to_owned);
                        acknowledged.lock().expect("lock").push(id.expect("an _id"));
                    }
                }
            })
        })
        .collect();

    let started = Instant::now();
    while acknowledged.lock().expect("lock").len() < 300
        && started.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reap");
    stop.store(true, Ordering::Relaxed);
    for client in clients {
        client.join().expect("client thread");
    }

    let acknowledged = acknowledged.lock().expect("lock").clone();
    assert!(
        acknowledged.len() >= 300,
        "only {} acknowledged",
        acknowledged.len()
    );
    let conn = rusqlite::Connection::open(dir.path().join("data/corpsite.db")).expect("reopen");
    assert_eq!(
        integrity_problems(&conn).expect("integrity_check"),
        Vec::<String>::new()
    );
    let mut find = conn
        .prepare("SELECT count(*) FROM enquiries WHERE id = ?1")
        .expect("prepare");
    for id in &acknowledged {
        let found: i64 = find.query_row([id], |row| row.get(0)).expect("query");
        assert_eq!(found, 1, "acknowledged enquiry {id} is missing");
    }
    let stored: i64 = conn
        .query_row("SELECT count(*) FROM enquiries", [], |row| row.get(0))
        .expect("count");
    assert!(stored >= acknowledged.len() as i64);
    eprintln!(
        "crash test: {} acknowledged, {stored} stored, all acknowledged found",
        acknowledged.len()
    );
}

#[test]
fn env_vars_set_the_rate_limit_and_the_upload_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    let server = Running::start(
        Path::new(BINARY),
        &["--data-dir", "data"],
        &[
            ("CORPSITE_RATE_LIMIT", "2"),
            ("CORPSITE_MAX_UPLOAD_BYTES", "100"),
        ],
        dir.path(),
    );
    let png = crate::leads_support::fixture("resume.png");
    let body = crate::leads_support::multipart_body(&crate::leads_support::with_application(
        crate::leads_support::file("cv.png", png),
    ));
    let upload = try_post(
        server.addr,
        "/api/applicant/create",
        &multipart_content_type(),
        &body,
    )
    .expect("answer");
    assert_eq!(upload.status, 413, "a 318-byte file is over 100 bytes");
    assert!(body_json(&upload)["message"]
        .as_str()
        .is_some_and(|m| m.contains("100 bytes")));

    let json = serde_json::to_vec(&contact()).expect("json");
    let second = try_post(
        server.addr,
        "/api/clients/create",
        "application/json",
        &json,
    )
    .expect("answer");
    assert_eq!(
        second.status, 429,
        "2 a minute allow a burst of 1, and the upload took it"
    );
    assert!(second
        .header("retry-after")
        .is_some_and(|s| s.parse::<u64>().is_ok_and(|s| s >= 1)));
}

#[test]
fn serve_help_lists_the_lead_settings_with_their_env_vars() {
    let output = std::process::Command::new(BINARY)
        .args(["serve", "--help"])
        .output()
        .expect("run");
    let help = String::from_utf8_lossy(&output.stdout);
    for (flag, env) in [
        ("--rate-limit", "CORPSITE_RATE_LIMIT"),
        ("--trusted-proxy", "CORPSITE_TRUSTED_PROXY"),
        ("--max-upload-bytes", "CORPSITE_MAX_UPLOAD_BYTES"),
    ] {
        assert!(
            help.contains(flag) && help.contains(env),
            "help lacks {flag} / {env}:\n{help}"
        );
    }
}

#[test]
fn the_lead_flags_parse_into_settings_and_bad_values_are_refused() {
    use clap::Parser;
    use corpsite::cli::args::{Cli, Command};
    let parse = |args: &[&str]| Cli::try_parse_from([&["corpsite", "serve"], args].concat());
    let Ok(Cli {
        command: Some(Command::Serve(serve)),
        ..
    }) = parse(&[
        "--rate-limit",
        "0",
        "--trusted-proxy",
        "10.0.0.1,::1",
        "--max-upload-bytes",
        "1024",
    ])
    else {
        panic!("flags must parse");
    };
    let settings = serve.into_settings();
    assert_eq!(settings.rate_limit_per_minute, 0);
    assert_eq!(
        settings.trusted_proxies,
        [
            "10.0.0.1".parse::<std::net::IpAddr>().expect("ip"),
            "::1".parse().expect("ip")
        ]
    );
    assert_eq!(settings.max_upload_bytes, 1024);

    let defaults = corpsite::settings::Settings::for_data_dir("data");
    assert_eq!(
        (defaults.rate_limit_per_minute, defaults.max_upload_bytes),
        (10, 5 * 1024 * 1024)
    );
    assert!(defaults.trusted_proxies.is_empty());

    for bad in [
        &["--trusted-proxy", "proxy.local"][..],
        &["--max-upload-bytes", "0"],
        &["--rate-limit", "-1"],
    ] {
        assert!(parse(bad).is_err(), "{bad:?}");
    }
}

/// Reads one answer from a kept-alive connection: its head and its Content-Length body.
fn read_answer(stream: &mut TcpStream) -> RawResponse {
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).expect("read the head");
        assert_eq!(
            n,
            1,
            "the connection closed mid-head: {:?}",
            String::from_utf8_lossy(&raw)
        );
        raw.push(byte[0]);
    }
    let head = parse(&raw);
    let length: usize = head
        .header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("a Content-Length: {}", head.head));
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).expect("read the body");
    raw.extend_from_slice(&body);
    parse(&raw)
}

/// An HTTP/1.1 connection that is closed after an answer says so in that answer; one that is
/// kept takes the next request.
#[test]
fn an_http1_answer_says_connection_close_when_the_server_closes_and_a_kept_connection_answers_again(
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_server(dir.path());
    let connect = || {
        let stream = TcpStream::connect(server.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        stream
    };

    // A body over the limit by its Content-Length, sent kept-alive: refused before it is read,
    // so the connection closes, and the 413 says so.
    let mut stream = connect();
    let proof = proof_over_http(server.addr, ENQUIRY).expect("a proof");
    let head = format!(
        "POST /api/clients/create HTTP/1.1\r\nHost: {}\r\nForm-Proof: {proof}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        1024 * 1024
    );
    stream.write_all(head.as_bytes()).expect("write");
    let _ = stream.write_all(&vec![b' '; 16 * 1024]);
    let answer = read_answer(&mut stream);
    assert_eq!(answer.status, 413, "{}", answer.head);
    assert_eq!(
        answer.header("connection").as_deref(),
        Some("close"),
        "{}",
        answer.head
    );

    // Small bodies, refused early (another content type) or after reading (a bad field): the
    // connection stays, and the next request on it is answered.
    let mut stream = connect();
    for (content_type, body, status) in [
        ("text/plain", "{\"name\":\"Ravi\"}".to_owned(), 415),
        ("application/json", "{\"name\":\"\"}".to_owned(), 422),
    ] {
        let proof = proof_over_http(server.addr, ENQUIRY).expect("a proof");
        let request = format!(
            "POST /api/clients/create HTTP/1.1\r\nHost: {}\r\nForm-Proof: {proof}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{body}",
            server.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("write");
        let answer = read_answer(&mut stream);
        assert_eq!(answer.status, status, "{}", answer.head);
        assert_eq!(answer.header("connection"), None, "{}", answer.head);
    }
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    stream.write_all(request.as_bytes()).expect("write");
    let answer = read_answer(&mut stream);
    assert_eq!(answer.status, 200, "{}", answer.head);
}
