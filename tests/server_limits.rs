//! The connection rules plain `warp::serve` lacks, on a real socket.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::common::process::{parse, send};
use corpsite::server::{run, Limits};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use warp::Filter;

fn limits(max_connections: usize, header_read_timeout: Duration) -> Limits {
    Limits {
        max_connections,
        max_connections_per_client: 0,
        trusted_proxies: Vec::new(),
        media_base: "/media/".into(),
        header_read_timeout,
        shutdown_grace: Duration::from_secs(5),
        drain_limit: 6 * 1024 * 1024,
    }
}

/// A server whose `/slow` takes 700 ms, so a request can be in flight during shutdown.
async fn start(limits: Limits) -> (SocketAddr, oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let routes = warp::path("slow")
        .and_then(|| async {
            tokio::time::sleep(Duration::from_millis(700)).await;
            Ok::<_, std::convert::Infallible>("finished")
        })
        .or(warp::any().map(|| "hello"))
        .map(warp::Reply::into_response)
        .boxed();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = oneshot::channel::<()>();
    let handle = tokio::spawn(run(listener, routes, limits, async {
        let _ = stopped.await;
    }));
    (addr, stop, handle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_at_shutdown_finishes_then_the_server_stops() {
    let (addr, stop, handle) = start(limits(16, Duration::from_secs(10))).await;
    let request = tokio::task::spawn_blocking(move || send(addr, "GET", "/slow", &[]));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _ = stop.send(());
    let response = request.await.expect("join");
    assert_eq!(response.status, 200);
    assert_eq!(response.body, b"finished");
    tokio::time::timeout(Duration::from_secs(5), handle)
        .await
        .expect("server stopped in time")
        .expect("join");
    assert!(TcpStream::connect(addr).is_err(), "no longer listening");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_finishes_its_headers_is_cut_off() {
    let (addr, _stop, _handle) = start(limits(16, Duration::from_millis(300))).await;
    let outcome = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).expect("connect");
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
            .expect("write");
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        let started = Instant::now();
        let mut buf = Vec::new();
        let _ = stream.read_to_end(&mut buf);
        (started.elapsed(), buf)
    })
    .await
    .expect("join");
    let (waited, answer) = outcome;
    assert!(
        waited < Duration::from_secs(3),
        "closed after the timeout, not the client's: {waited:?}"
    );
    let text = String::from_utf8_lossy(&answer);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_wait_for_a_free_slot() {
    let (addr, _stop, _handle) = start(limits(1, Duration::from_secs(10))).await;
    let answered_late = tokio::task::spawn_blocking(move || {
        // The one slot, held by an idle keep-alive connection.
        let mut holder = TcpStream::connect(addr).expect("connect");
        holder
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            .expect("write");
        let mut first = [0u8; 256];
        let n = holder.read(&mut first).expect("first answer");
        assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"));

        let mut waiting = TcpStream::connect(addr).expect("the backlog still accepts");
        waiting
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .expect("write");
        waiting
            .set_read_timeout(Some(Duration::from_millis(400)))
            .expect("timeout");
        let mut buf = [0u8; 256];
        let early = waiting.read(&mut buf);
        assert!(early.is_err(), "served while the cap was reached");

        drop(holder);
        waiting
            .set_read_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        let mut rest = Vec::new();
        waiting
            .read_to_end(&mut rest)
            .expect("read after the slot freed");
        parse(&rest).status
    })
    .await
    .expect("join");
    assert_eq!(answered_late, 200);
}

/// An idle keep-alive connection from `source` that has had one answer.
async fn idle_connection(addr: SocketAddr, source: &str) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(format!("{source}:0").parse().expect("source"))
        .expect("bind");
    let mut stream = socket.connect(addr).await.expect("connect");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("write");
    let mut buf = [0u8; 256];
    let n = stream.read(&mut buf).await.expect("answer");
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    stream
}

/// True when the server closes `stream` within `within`.
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 64];
    matches!(
        tokio::time::timeout(within, stream.read(&mut buf)).await,
        Ok(Ok(0) | Err(_))
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_hold_more_than_its_share_of_connections() {
    let mut capped = limits(16, Duration::from_secs(10));
    capped.max_connections_per_client = 3;
    let (addr, _stop, _handle) = start(capped).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(idle_connection(addr, "127.0.0.1").await);
    }
    let mut fourth = tokio::net::TcpStream::connect(addr).await.expect("connect");
    assert!(
        closed_within(&mut fourth, Duration::from_secs(2)).await,
        "a fourth connection from the same client is closed"
    );
    // Another client is served while the first holds its share.
    let _other = idle_connection(addr, "127.0.0.2").await;
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let _again = idle_connection(addr, "127.0.0.1").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_slots_run_short_idle_keep_alive_connections_are_closed() {
    let (addr, _stop, _handle) = start(limits(8, Duration::from_secs(10))).await;
    let mut idle = Vec::new();
    for _ in 0..7 {
        idle.push(idle_connection(addr, "127.0.0.1").await);
    }
    // The last slot: the server asks the open connections to close.
    let _last = idle_connection(addr, "127.0.0.1").await;
    for stream in &mut idle {
        assert!(closed_within(stream, Duration::from_secs(2)).await);
    }
}

/// Sends `raw` bytes and reads the whole answer (the server closes after an error).
fn exchange(addr: SocketAddr, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    // The server may answer and close before it has read everything: ignore a reset.
    let _ = stream.write_all(raw);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_hyper_cannot_parse_get_our_json_error_and_headers() {
    let (addr, _stop, _handle) = start(limits(16, Duration::from_secs(10))).await;
    let long_uri = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "b".repeat(500_000)
    );
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("not HTTP", b"HELLO THERE\r\n\r\n".to_vec(), "HTTP/1.1 400"),
        ("address too long", long_uri.into_bytes(), "HTTP/1.1 414"),
        (
            "headers too large",
            huge_header.into_bytes(),
            "HTTP/1.1 431",
        ),
    ];
    for (case, raw, status) in cases {
        let answer = tokio::task::spawn_blocking(move || exchange(addr, &raw))
            .await
            .expect("join");
        assert!(answer.starts_with(status), "{case}: {answer:.200}");
        let lower = answer.to_ascii_lowercase();
        assert!(
            lower.contains("content-type: application/json"),
            "{case}: {answer}"
        );
        assert!(
            lower.contains("content-security-policy: "),
            "{case}: {answer}"
        );
        assert!(
            lower.contains("x-content-type-options: nosniff"),
            "{case}: {answer}"
        );
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(body).expect("a JSON body");
        assert!(json["message"].is_string(), "{case}: {body}");
    }
}
