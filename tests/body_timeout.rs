//! A client that starts a form body and then goes quiet is answered 408 and loses its slot.

use crate::common::proof::{answer, APPLICATION, ENQUIRY};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::common::process::parse;
use crate::common::TestApp;
use corpsite::server::{run, Limits};
use tokio::net::TcpListener;

async fn serve(app: &TestApp) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let limits = Limits {
        max_connections: 16,
        max_connections_per_client: 0,
        trusted_proxies: Vec::new(),
        media_base: "/media/".into(),
        header_read_timeout: Duration::from_secs(10),
        shutdown_grace: Duration::from_secs(1),
        drain_limit: 6 * 1024 * 1024,
    };
    tokio::spawn(run(
        listener,
        app.routes.clone(),
        limits,
        std::future::pending(),
    ));
    addr
}

/// Sends the head and the first bytes of a body that promises more, then waits for an answer.
fn stall(addr: SocketAddr, head: &str, first_bytes: &[u8]) -> (Duration, String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream.write_all(head.as_bytes()).expect("head");
    stream.write_all(first_bytes).expect("first bytes");
    let started = Instant::now();
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    // The answer comes while the connection is still open: read until the JSON is complete.
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
        if raw.ends_with(b"}") {
            break;
        }
    }
    let response = parse(&raw);
    (started.elapsed(), response.head, response.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_enquiry_whose_body_stops_arriving_gets_a_408() {
    let app = TestApp::with_settings(|s| s.body_idle_timeout = Duration::from_millis(300));
    let addr = serve(&app).await;
    // With a real proof: the proof is checked before the body is read.
    let proof = answer(&app, ENQUIRY, [127, 0, 0, 1]).await;
    let head = format!(
        "POST /api/clients/create HTTP/1.1\r\nHost: {addr}\r\nForm-Proof: {proof}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    );
    let (waited, head, body) =
        tokio::task::spawn_blocking(move || stall(addr, &head, br#"{"name":"Asha","#))
            .await
            .expect("join");
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    let json: serde_json::Value = serde_json::from_slice(&body).expect("JSON body");
    assert!(
        json["message"]
            .as_str()
            .is_some_and(|m| m.contains("stopped arriving")),
        "{json}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_application_whose_body_stops_arriving_gets_a_408_and_leaves_no_file() {
    let app = TestApp::with_settings(|s| s.body_idle_timeout = Duration::from_millis(300));
    let addr = serve(&app).await;
    let proof = answer(&app, APPLICATION, [127, 0, 0, 1]).await;
    let head = format!(
        "POST /api/applicant/create HTTP/1.1\r\nHost: {addr}\r\nForm-Proof: {proof}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 100000\r\n\r\n"
    );
    let part = b"--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n";
    let (waited, head, _) = tokio::task::spawn_blocking(move || stall(addr, &head, part))
        .await
        .expect("join");
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    let uploads = app.data_dir().join("uploads");
    let left: Vec<_> = std::fs::read_dir(&uploads)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name())
                .collect()
        })
        .unwrap_or_default();
    assert!(left.is_empty(), "files left in uploads/: {left:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_trickles_a_byte_at_a_time_gets_a_408_once_its_rate_is_judged() {
    let app = TestApp::with_settings(|s| s.body_rate_grace = Duration::from_millis(800));
    let addr = serve(&app).await;
    let proof = answer(&app, ENQUIRY, [127, 0, 0, 1]).await;
    let (waited, head, body) = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .expect("timeout");
        let head = format!(
            "POST /api/clients/create HTTP/1.1\r\nHost: {addr}\r\nForm-Proof: {proof}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).expect("head");
        let started = Instant::now();
        let mut raw = Vec::new();
        let mut buf = [0u8; 4096];
        // One byte every 100 ms: never quiet for the 15 s idle limit, but 10 bytes a second.
        while started.elapsed() < Duration::from_secs(8) && !raw.ends_with(b"}") {
            if stream.write_all(b" ").is_err() {
                break;
            }
            if let Ok(n) = stream.read(&mut buf) {
                raw.extend_from_slice(&buf[..n]);
            }
        }
        let response = parse(&raw);
        (started.elapsed(), response.head, response.body)
    })
    .await
    .expect("join");
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert!(waited < Duration::from_secs(4), "{waited:?}");
    let json: serde_json::Value = serde_json::from_slice(&body).expect("JSON body");
    assert!(json["message"].is_string(), "{json}");
}
