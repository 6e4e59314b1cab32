//! The site behind an edge cache: Debian's Varnish with the VCL the project ships
//! (`deploy/varnish/corpsite.vcl`, only its backend port changed), in front of the binary
//! started with `--purge-url`. Pages are answered from the edge within their minute, stale
//! ones while the origin is down, the forms and the staff's side never from it, and a story
//! published, edited or withdrawn, or the company's details changed, show at the edge within
//! 2 s (where its minute would otherwise keep the old page), because corpsite told it; a
//! second edge that is down all along changes none of that, and its failures are counted.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::{parse, run_in, send, RawResponse, Running, BINARY};
use crate::common::seeded::seeded_data_dir;

const VCL: &str = include_str!("../deploy/varnish/corpsite.vcl");
/// The shipped VCL's backend port, which the test replaces with the origin's.
const SHIPPED_PORT: &str = ".port = \"8080\";";

/// The one change to the shipped rules: `/why-us` lives one second at the edge instead of
/// sixty, so its copy goes stale (and grace is what serves it) within the test.
const SHORT_LIVED: &str = r#"
sub vcl_backend_response {
    if (bereq.url == "/why-us") {
        set beresp.ttl = 1s;
    }
}
"#;

/// A port no one listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

struct Varnish {
    child: Child,
    addr: SocketAddr,
    workdir: PathBuf,
}

impl Varnish {
    /// `varnishd` in the foreground, its own working dir under `dir`, on a free port, with
    /// the shipped VCL in front of `origin_port`. `-j none`: no jail, so it runs as root (CI)
    /// and as anyone else alike, with files in a temp dir only its user can read.
    fn start(dir: &Path, origin_port: u16) -> Varnish {
        assert_eq!(
            VCL.matches(SHIPPED_PORT).count(),
            1,
            "the shipped VCL names its backend's port once"
        );
        let vcl = VCL.replace(SHIPPED_PORT, &format!(".port = \"{origin_port}\";")) + SHORT_LIVED;
        let vcl_path = dir.join("corpsite.vcl");
        std::fs::write(&vcl_path, vcl).expect("write the VCL");
        let workdir = dir.join("varnish");
        let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
        let child = Command::new("varnishd")
            .arg("-F")
            .args(["-j", "none"])
            .arg("-n")
            .arg(&workdir)
            .args(["-a", &addr.to_string()])
            .args(["-T", "127.0.0.1:0"])
            .arg("-f")
            .arg(&vcl_path)
            .args(["-s", "malloc,64m"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start varnishd (Debian's varnish package; .ci/run installs it)");
        let varnish = Varnish {
            child,
            addr,
            workdir,
        };
        let started = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "varnishd does not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        varnish
    }

    fn get(&self, path: &str) -> Answer {
        Answer(send(self.addr, "GET", path, &[]))
    }

    /// What `varnishadm ban.list` says.
    fn bans(&self) -> String {
        let out = Command::new("varnishadm")
            .arg("-n")
            .arg(&self.workdir)
            .arg("ban.list")
            .output()
            .expect("run varnishadm");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for Varnish {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Answer(RawResponse);

impl Answer {
    /// The body, its chunks joined when it came chunked (a miss streams the origin's answer).
    fn text(&self) -> String {
        let chunked = self
            .0
            .header("transfer-encoding")
            .is_some_and(|te| te.eq_ignore_ascii_case("chunked"));
        if !chunked {
            return String::from_utf8_lossy(&self.0.body).into_owned();
        }
        let mut rest = &self.0.body[..];
        let mut body = Vec::new();
        while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = std::str::from_utf8(&rest[..end])
                .ok()
                .and_then(|line| usize::from_str_radix(line.split(';').next()?.trim(), 16).ok())
                .expect("a chunk size");
            if size == 0 {
                break;
            }
            let start = end + 2;
            body.extend_from_slice(&rest[start..start + size]);
            rest = &rest[start + size + 2..];
        }
        String::from_utf8_lossy(&body).into_owned()
    }

    /// Served from the edge's copy: Varnish's hit counter, and its two request ids (this
    /// request's and the one that fetched the copy).
    fn served_by_the_edge(&self) -> bool {
        self.0.header("x-cache").as_deref() == Some("hit")
            && self
                .0
                .header("x-varnish")
                .is_some_and(|ids| ids.split_whitespace().count() == 2)
    }

    fn age(&self) -> u64 {
        self.0
            .header("age")
            .and_then(|age| age.parse().ok())
            .unwrap_or(0)
    }
}

/// Sends `method path` with a body and reads the answer.
fn send_body(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (key, value) in headers {
        request.push_str(&format!("{key}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).expect("write");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read");
    Answer(parse(&raw))
}

/// How long `check` took to hold, asked every 50 ms; `None` when it did not within `limit`.
fn within(limit: Duration, mut check: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// The first request fetches the page into the edge, the second is answered from it.
fn kept_at_the_edge(edge: &Varnish, path: &str) -> String {
    let first = edge.get(path);
    let second = edge.get(path);
    assert!(
        second.served_by_the_edge(),
        "{path} is kept at the edge: {}",
        second.0.head
    );
    assert!(first.text() == second.text(), "{path}: the same page");
    second.text()
}

fn ok(output: &std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_edge_keeps_public_pages_drops_changed_ones_at_once_and_serves_stale_while_the_origin_is_down(
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    seeded_data_dir(&data);
    let data_arg = data.to_str().expect("utf-8 path");
    let origin_port = free_port();
    let admin_port = free_port();
    let edge = Varnish::start(dir.path(), origin_port);
    let purge_url = format!("http://{}", edge.addr);
    // A second edge that is down: it must hold up neither the site nor the first edge.
    let dead_edge = format!("http://127.0.0.1:{}", free_port());
    let origin_addr = format!("127.0.0.1:{origin_port}");
    let admin_addr = format!("127.0.0.1:{admin_port}");
    let mut origin = Running::start(
        Path::new(BINARY),
        &[
            "serve",
            "--addr",
            &origin_addr,
            "--admin-addr",
            &admin_addr,
            "--data-dir",
            data_arg,
            "--purge-url",
            &purge_url,
            "--purge-url",
            &dead_edge,
        ],
        &[],
        dir.path(),
    );
    let admin: SocketAddr = admin_addr.parse().expect("admin address");
    let metrics = || {
        let answer = send(admin, "GET", "/metrics", &[]);
        String::from_utf8_lossy(&answer.body).into_owned()
    };
    // A start drops the whole site at the edge (pages of the build before, changes made
    // while it was stopped), and the edge took it.
    assert!(
        within(Duration::from_secs(10), || metrics()
            .contains("corpsite_edge_purges_sent_total 1\n"))
        .is_some(),
        "the start's purge reached the edge: {}",
        metrics()
    );
    assert!(
        edge.bans().contains("obj.http.x-path ~ ^/\n"),
        "{}",
        edge.bans()
    );

    // Pages are answered from the edge within their lifetime.
    let vision = kept_at_the_edge(&edge, "/about/our_vision");
    assert!(vision.contains("+91 80 0000 1234"), "the demo phone");
    kept_at_the_edge(&edge, "/blogs");
    kept_at_the_edge(&edge, "/");
    kept_at_the_edge(&edge, "/sitemap.xml");
    kept_at_the_edge(&edge, "/api/corp_website/blogs/get");
    let story_path = "/blogs/detail/fresh-from-the-edge";
    let missing = edge.get(story_path);
    assert_eq!(missing.0.status, 404);
    assert!(
        edge.get(story_path).served_by_the_edge(),
        "a 404 is kept a minute too"
    );

    // Forms, writes and the staff's side are never kept, nor a signed-in person's pages.
    for _ in 0..2 {
        let enquiry = send_body(
            edge.addr,
            "POST",
            "/api/clients/create",
            &[
                ("Content-Type", "application/json"),
                ("Origin", &format!("http://{}", edge.addr)),
            ],
            "{}",
        );
        assert!(
            (400..500).contains(&enquiry.0.status),
            "the origin's answer: {}",
            enquiry.0.head
        );
        assert!(!enquiry.served_by_the_edge(), "{}", enquiry.0.head);
        let visit = send_body(
            edge.addr,
            "POST",
            "/api/visits",
            &[("Content-Type", "application/json")],
            "{}",
        );
        assert!(!visit.served_by_the_edge(), "{}", visit.0.head);
        for path in [
            "/staff",
            "/staff/stories",
            "/login",
            "/api/staff/session",
            "/api/staff/inbox/enquiries",
        ] {
            let answer = edge.get(path);
            assert!(!answer.served_by_the_edge(), "{path}: {}", answer.0.head);
        }
        let signed_in = Answer(send(
            edge.addr,
            "GET",
            "/blogs",
            &[("Cookie", "theme=dark; corpsite_staff=some-session")],
        ));
        assert!(!signed_in.served_by_the_edge(), "{}", signed_in.0.head);
    }

    // A story published from the command line (as from the editor or the scheduler: all
    // move the content version): its page, the list, the home page, the sitemap and the
    // API show it at the edge within 2 s, though their copies had most of a minute left.
    let post = dir.path().join("post.md");
    std::fs::write(
        &post,
        "---\ntitle: Fresh from the edge\nmotive: Shown at once\ndate: 2099-01-01\n---\n\nA story the edge must not hide.\n",
    )
    .expect("write the post");
    let id = ok(&run_in(
        &["blog", "add", post.to_str().expect("utf-8")],
        &data,
    ));
    assert_eq!(id.lines().last(), Some("fresh-from-the-edge"));
    for path in [
        story_path,
        "/blogs",
        "/",
        "/sitemap.xml",
        "/api/corp_website/blogs/get",
    ] {
        assert!(
            within(Duration::from_secs(2), || {
                let answer = edge.get(path);
                answer.0.status == 200 && answer.text().contains("fresh-from-the-edge")
            })
            .is_some(),
            "{path} shows the new story at the edge within 2 s"
        );
    }
    // Pages that show no story were left alone.
    assert!(edge.get("/about/our_vision").served_by_the_edge());

    // Edited.
    std::fs::write(
        &post,
        "---\ntitle: Edited at the edge\nmotive: Shown at once\ndate: 2099-01-01\n---\n\nA story the edge must not hide.\n",
    )
    .expect("write the post");
    ok(&run_in(
        &[
            "blog",
            "update",
            "fresh-from-the-edge",
            post.to_str().expect("utf-8"),
        ],
        &data,
    ));
    for path in [story_path, "/blogs"] {
        assert!(
            within(Duration::from_secs(2), || edge
                .get(path)
                .text()
                .contains("Edited at the edge"))
            .is_some(),
            "{path} shows the edited story at the edge within 2 s"
        );
    }

    // Withdrawn.
    ok(&run_in(&["blog", "remove", "fresh-from-the-edge"], &data));
    assert!(
        within(Duration::from_secs(2), || edge.get(story_path).0.status
            == 404)
        .is_some(),
        "the withdrawn story's page is gone from the edge within 2 s"
    );
    assert!(
        within(Duration::from_secs(2), || !edge
            .get("/blogs")
            .text()
            .contains("fresh-from-the-edge"))
        .is_some(),
        "the list drops it within 2 s"
    );
    assert!(!edge.get("/blogs").text().contains("Edited at the edge"));

    // The company's details: every page shows them, so every page follows.
    let site = send(origin.addr, "GET", "/api/corp_website/site", &[]);
    let mut details: serde_json::Value = serde_json::from_slice(&site.body).expect("details");
    let mut details = details["data"].take();
    details["phone"] = "+91 80 4444 5555".into();
    let file = dir.path().join("details.json");
    std::fs::write(&file, details.to_string()).expect("write details");
    assert!(
        edge.get("/about/our_vision").served_by_the_edge(),
        "kept before the change"
    );
    ok(&run_in(
        &["settings", "import", file.to_str().expect("utf-8")],
        &data,
    ));
    for path in ["/about/our_vision", "/contact", "/"] {
        assert!(
            within(Duration::from_secs(2), || edge
                .get(path)
                .text()
                .contains("+91 80 4444 5555"))
            .is_some(),
            "{path} shows the new phone at the edge within 2 s"
        );
    }
    // A page's words published from the page editor (its office call, as the editor's and
    // the scheduler's are): the public page at the edge shows them within a second.
    {
        use corpsite::office::{pages, Actor};
        let conn = corpsite::store::open_for_cli(&data).expect("the database");
        let home = corpsite::domain::pages::catalog::page("home").expect("the home page");
        let fields =
            serde_json::json!({ "homeContent.hero.headline": "Offices at the edge, at once." });
        let revision = pages::save(
            &conn,
            &data,
            Actor::command_line(),
            home,
            0,
            fields.as_object().expect("fields"),
            pages::How::Save,
        )
        .expect("the draft saved");
        assert!(
            edge.get("/").served_by_the_edge(),
            "kept before the publish"
        );
        pages::publish(&conn, Actor::command_line(), home, revision, None).expect("published");
        let took = within(Duration::from_secs(1), || {
            edge.get("/")
                .text()
                .contains("Offices at the edge, at once.")
        });
        assert!(
            took.is_some(),
            "the home page shows the published words at the edge within 1 s"
        );

        // Scheduled: nothing at the edge before its time, the words within a second after.
        let fields = serde_json::json!({ "homeContent.hero.headline": "Offices on the hour." });
        let revision = pages::save(
            &conn,
            &data,
            Actor::command_line(),
            home,
            corpsite::store::pages::get(&conn, "home")
                .expect("the page")
                .revision,
            fields.as_object().expect("fields"),
            pages::How::Save,
        )
        .expect("the draft saved");
        // A time is kept to the second: the instant is a whole second 2 to 3 s ahead, and the
        // test's clock waits for that very instant (not "now + 2 s", which the text rounds down).
        let now = jiff::Timestamp::now();
        let whole = jiff::Timestamp::from_second(now.as_second() + 3).expect("a time");
        let at = corpsite::domain::story::utc_text(whole);
        let ahead = Duration::try_from(whole.duration_since(now)).expect("ahead");
        let due = Instant::now() + ahead;
        pages::publish(&conn, Actor::command_line(), home, revision, Some(&at)).expect("scheduled");
        while Instant::now() + Duration::from_millis(300) < due {
            assert!(
                !edge.get("/").text().contains("Offices on the hour."),
                "not at the edge before its time"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        let took = within(Duration::from_secs(1), || {
            edge.get("/").text().contains("Offices on the hour.")
        });
        assert!(
            took.is_some(),
            "the scheduled words are at the edge within 1 s of their time"
        );
    }

    // The dead edge's purges failed, were counted and are still retried (not yet a minute).
    let counted = metrics();
    assert!(
        counted.contains("corpsite_edge_purge_failures_total ")
            && !counted.contains("corpsite_edge_purge_failures_total 0\n"),
        "{counted}"
    );
    assert!(
        counted.contains("corpsite_edge_purges_dropped_total 0\n"),
        "{counted}"
    );

    // The origin stops: a page whose copy went stale is still served from the edge (grace),
    // while one the edge never had cannot be.
    let why_us = edge.get("/why-us");
    assert_eq!(why_us.0.status, 200);
    origin.terminate();
    let _ = origin.child.wait();
    assert!(
        TcpStream::connect(origin_addr.as_str()).is_err(),
        "the origin is down"
    );
    std::thread::sleep(Duration::from_millis(2100));
    for _ in 0..2 {
        let stale = edge.get("/why-us");
        assert_eq!(stale.0.status, 200, "{}", stale.0.head);
        assert!(stale.served_by_the_edge(), "{}", stale.0.head);
        assert!(
            stale.age() >= 2,
            "older than its 1 s lifetime: {}",
            stale.0.head
        );
        assert!(stale.text() == why_us.text(), "the page as it was");
    }
    assert_eq!(
        edge.get("/join_us").0.status,
        503,
        "never kept: the origin is needed"
    );
}
