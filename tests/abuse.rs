//! What anyone can send in parallel must not cost without bound: sign-ins (Argon2 takes
//! 19 MiB and tens of milliseconds each), the throttle that must judge no more than its limit
//! however many tries arrive at once, and a server that keeps running on SIGHUP.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::future::join_all;
use serde_json::json;
use warp::http::StatusCode;

use crate::common::process::BINARY;
use crate::common::seeded::seeded_data_dir;
use crate::common::staff::{add_staff, site_request, EMAIL, PASSWORD};
use crate::common::TestApp;

/// Sign-ins sent all at once through the real filters; the statuses, sorted.
async fn sign_ins_at_once(app: &TestApp, tries: Vec<(String, [u8; 4])>) -> Vec<u16> {
    let requests = tries.into_iter().map(|(email, client)| {
        let request = site_request("POST", "/api/staff/login")
            .extension(corpsite::http::plumbing::marks::ClientAddr(
                SocketAddr::from((client, 40000)),
            ))
            .json(&json!({ "email": email, "password": "a wrong password, long" }));
        app.request(request)
    });
    let mut statuses: Vec<u16> = join_all(requests)
        .await
        .iter()
        .map(|response| response.status().as_u16())
        .collect();
    statuses.sort_unstable();
    statuses
}

fn judged(statuses: &[u16]) -> usize {
    statuses.iter().filter(|s| **s == 401).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_wrong_passwords_at_once_for_one_account_judge_at_most_five() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let tries = (0..30u8)
        .map(|n| (EMAIL.to_owned(), [203, 0, 113, n + 1]))
        .collect();
    let statuses = sign_ins_at_once(&app, tries).await;
    assert!(judged(&statuses) <= 5, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| matches!(s, 401 | 429 | 503)),
        "{statuses:?}"
    );
    // The limit holds afterwards too: the right password is not let through.
    let right = app
        .request(
            site_request("POST", "/api/staff/login")
                .json(&json!({ "email": EMAIL, "password": PASSWORD })),
        )
        .await;
    assert_eq!(right.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_sign_ins_at_once_from_one_address_judge_at_most_twenty() {
    let app = TestApp::new();
    let tries = (0..60)
        .map(|n| (format!("nobody{n}@corp.example"), [198, 51, 100, 9]))
        .collect();
    let statuses = sign_ins_at_once(&app, tries).await;
    assert!(judged(&statuses) <= 20, "{statuses:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_ipv6_client_is_throttled_by_its_slash_64() {
    let app = TestApp::new();
    // Twenty-five addresses of one /64, one try each: the block counts as one client.
    let mut statuses = Vec::new();
    for n in 0..25u16 {
        let client = std::net::Ipv6Addr::new(0x2001, 0xdb8, 7, 7, n, 1, 2, 3);
        let response = app
            .request(
                site_request("POST", "/api/staff/login")
                    .extension(corpsite::http::plumbing::marks::ClientAddr(SocketAddr::from((client, 40000))))
                    .json(&json!({ "email": format!("x{n}@corp.example"), "password": "a wrong password, long" })),
            )
            .await;
        statuses.push(response.status().as_u16());
    }
    assert_eq!(judged(&statuses), 20, "{statuses:?}");
    assert_eq!(statuses[20..], [429; 5]);
}

/// The server as the office runs it, behind a trusted proxy on loopback (so each try can
/// come from its own address), its log in a pipe.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: std::sync::Arc<std::sync::Mutex<String>>,
    _data: tempfile::TempDir,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let data = tempfile::tempdir().expect("data");
        seeded_data_dir(&data.path().join("data"));
        let mut child = Command::new(BINARY)
            .args(["serve", "--addr", "127.0.0.1:0", "--admin-addr", "off"])
            .arg("--data-dir")
            .arg(data.path().join("data"))
            .args(["--trusted-proxy", "127.0.0.1", "--rate-limit", "0"])
            .args(extra)
            .env("RUST_LOG", "corpsite=info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start corpsite");
        let addr = crate::common::process::serving_addr(&mut child);
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let stderr = child.stderr.take().expect("stderr");
        let sink = std::sync::Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut log) = sink.lock() {
                    log.push_str(&line);
                    log.push('\n');
                }
            }
        });
        Server {
            child,
            addr,
            log,
            _data: data,
        }
    }

    /// Peak resident memory so far (VmHWM), in MB.
    fn peak_mb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("proc status");
        let kb: u64 = status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .expect("VmHWM");
        kb / 1024
    }

    fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    fn log(&self) -> String {
        self.log.lock().map(|log| log.clone()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One sign-in from `client` (through the trusted proxy); the status, 0 if none came.
fn sign_in_from(addr: SocketAddr, client: &str, email: &str) -> u16 {
    let body = json!({ "email": email, "password": "a wrong password, long" }).to_string();
    let request = format!(
        "POST /api/staff/login HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nX-Forwarded-For: {client}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return 0;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    if stream.write_all(request.as_bytes()).is_err() {
        return 0;
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or(0)
}

#[test]
fn hundreds_of_sign_ins_at_once_stay_within_a_bounded_memory() {
    let server = Server::start(&[]);
    let before = server.peak_mb();
    let addr = server.addr;
    // 256 tries at once, each from its own address and for its own unknown email: no
    // throttle stops them, only the bound on checks running at once.
    let tries: Vec<_> = (0..256)
        .map(|n| {
            std::thread::spawn(move || {
                sign_in_from(
                    addr,
                    &format!("10.9.{}.{}", n / 200, n % 200 + 1),
                    &format!("x{n}@corp.example"),
                )
            })
        })
        .collect();
    let statuses: Vec<u16> = tries
        .into_iter()
        .map(|t| t.join().expect("thread"))
        .collect();
    assert!(
        statuses.iter().all(|s| matches!(s, 401 | 503)),
        "{statuses:?}"
    );
    assert!(statuses.contains(&401), "{statuses:?}");
    let peak = server.peak_mb();
    // Unbounded, this took the server to several gigabytes; a few checks at 19 MiB each
    // fit well within 256 MB beside what the server holds anyway.
    assert!(
        peak < 256,
        "peak {peak} MB (before the sign-ins: {before} MB)"
    );
}

#[test]
fn sighup_never_stops_a_plain_http_server() {
    let mut server = Server::start(&[]);
    let status = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let mut said = false;
    for _ in 0..50 {
        if server.log().contains("SIGHUP: nothing to reload") {
            said = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(said, "log:\n{}", server.log());
    assert!(server.running(), "the server stopped on SIGHUP");
    // And it still answers.
    assert_eq!(sign_in_from(server.addr, "10.1.1.1", "a@corp.example"), 401);
}
