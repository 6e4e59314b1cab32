//! The newest endpoints on the road a browser takes: the binary serving its own HTTPS, each
//! request over HTTP/2 (ALPN h2), 64 of them at once on one connection as a browser
//! multiplexes them (curl `--parallel`). The page-view beacon answers every body cleanly and
//! counts the good views exactly; the analytics report answers the same to every request; 64
//! restores of one revision at once make exactly one new revision, the rest a 409.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::tls::{eventually, files_site, free_port, own_files, HttpsSite};

const NAME: &str = "corpsite.test";
const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const EMAIL: &str = "office@corp.example";
const ONE_TIME: &str = "a one-time password 42";
const PASSWORD: &str = "the office passphrase 2025";

/// One request: method, path, headers (`Name: value`) and body.
struct Ask {
    method: &'static str,
    path: String,
    headers: Vec<String>,
    body: Option<Vec<u8>>,
}

impl Ask {
    fn get(path: &str) -> Ask {
        Ask {
            method: "GET",
            path: path.to_owned(),
            headers: Vec::new(),
            body: None,
        }
    }

    fn post(path: &str, body: impl Into<Vec<u8>>) -> Ask {
        Ask {
            method: "POST",
            path: path.to_owned(),
            headers: Vec::new(),
            body: Some(body.into()),
        }
    }

    fn header(mut self, header: impl Into<String>) -> Ask {
        self.headers.push(header.into());
        self
    }
}

/// What one request got: status, HTTP version, head (lowercased) and body.
#[derive(Debug)]
struct Got {
    status: u16,
    version: String,
    head: String,
    body: String,
}

impl Got {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {:?}", self.status, self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim())
        })
    }
}

struct Site {
    site: HttpsSite,
    data: tempfile::TempDir,
    files: tempfile::TempDir,
    work: tempfile::TempDir,
}

impl Site {
    /// The binary serving HTTPS with the office's own certificate for `NAME`; no rate limits.
    fn start() -> Site {
        let data = tempfile::tempdir().expect("data");
        let files = tempfile::tempdir().expect("files");
        own_files(files.path(), &[NAME]);
        let site = files_site(
            data.path(),
            files.path(),
            free_port(),
            &["--rate-limit", "0"],
        );
        Site {
            site,
            data,
            files,
            work: tempfile::tempdir().expect("work"),
        }
    }

    fn origin(&self) -> String {
        format!("https://{NAME}:{}", self.site.https.port())
    }

    fn cert(&self) -> PathBuf {
        self.files.path().join("site.crt")
    }

    fn one(&self, ask: Ask) -> Got {
        self.all(vec![ask]).pop().expect("one answer")
    }

    /// Sends every request at once over one HTTP/2 connection, as a browser would, and
    /// answers what each got, in order.
    fn all(&self, asks: Vec<Ask>) -> Vec<Got> {
        let dir = tempfile::tempdir_in(self.work.path()).expect("dir");
        let port = self.site.https.port();
        let mut args: Vec<String> = Vec::new();
        if asks.len() > 1 {
            args.extend(["--parallel", "--parallel-max", "64"].map(String::from));
        }
        for (n, ask) in asks.iter().enumerate() {
            if n > 0 {
                args.push("--next".into());
            }
            let file = |suffix: &str| dir.path().join(format!("{n}.{suffix}"));
            args.extend(["-sS", "--http2", "--max-time", "60", "--cacert"].map(String::from));
            args.push(self.cert().display().to_string());
            args.push("--resolve".into());
            args.push(format!("{NAME}:{port}:127.0.0.1"));
            args.extend(["-X".into(), ask.method.into()]);
            args.extend(["-o".into(), file("body").display().to_string()]);
            args.extend(["-D".into(), file("head").display().to_string()]);
            for header in &ask.headers {
                args.extend(["-H".into(), header.clone()]);
            }
            if let Some(body) = &ask.body {
                std::fs::write(file("sent"), body).expect("write body");
                args.push("--data-binary".into());
                args.push(format!("@{}", file("sent").display()));
            }
            args.push(format!("https://{NAME}:{port}{}", ask.path));
        }
        let output = Command::new("curl").args(&args).output().expect("run curl");
        (0..asks.len())
            .map(|n| {
                let read = |suffix: &str| {
                    std::fs::read(dir.path().join(format!("{n}.{suffix}")))
                        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                        .unwrap_or_default()
                };
                // The last head (an interim 100 Continue comes first when there is one).
                let heads = read("head");
                let head = heads
                    .split("\r\n\r\n")
                    .filter(|head| !head.trim().is_empty())
                    .last()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                let mut status_line = head.lines().next().unwrap_or("").split_whitespace();
                let version = status_line.next().unwrap_or("").to_owned();
                let status = status_line.next().and_then(|s| s.parse().ok()).unwrap_or(0);
                assert!(
                    status != 0,
                    "request {n} ({} {}) got no answer: {}; log: {}",
                    asks[n].method,
                    asks[n].path,
                    String::from_utf8_lossy(&output.stderr),
                    self.site.log()
                );
                Got {
                    status,
                    version,
                    head,
                    body: read("body"),
                }
            })
            .collect()
    }

    /// A page view from the site's own page, by a browser whose user agent is `agent`.
    fn view(&self, body: impl Into<Vec<u8>>, agent: &str) -> Ask {
        Ask::post("/api/visits", body)
            .header(format!("Origin: {}", self.origin()))
            .header(format!("User-Agent: {agent}"))
            .header("Content-Type: text/plain;charset=UTF-8")
    }

    /// An owner signed in past its one-time password and a new authenticator, as the office
    /// adds one (`corpsite staff add`) and its first sign-in goes.
    fn sign_in(&self) -> Staff {
        let mut child = Command::new(crate::common::process::BINARY)
            .args([
                "staff",
                "add",
                EMAIL,
                "--name",
                "Office",
                "--password-stdin",
            ])
            .arg("--data-dir")
            .arg(self.data.path())
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("run corpsite staff add");
        std::io::Write::write_all(
            child.stdin.as_mut().expect("stdin"),
            format!("{ONE_TIME}\n").as_bytes(),
        )
        .expect("password");
        drop(child.stdin.take());
        assert!(child.wait().expect("wait").success());

        let signed = self.one(
            Ask::post(
                "/api/staff/login",
                json!({"email": EMAIL, "password": ONE_TIME}).to_string(),
            )
            .header("Content-Type: application/json")
            .header(format!("Origin: {}", self.origin())),
        );
        assert_eq!(signed.status, 200, "{}", signed.body);
        let mut staff = Staff {
            cookie: cookie_of(&signed).expect("a session cookie"),
            csrf: signed.json()["csrf_token"]
                .as_str()
                .expect("csrf")
                .to_owned(),
            origin: self.origin(),
        };
        let changed = self.one(staff.change(
            "/api/staff/password",
            json!({"current_password": ONE_TIME, "new_password": PASSWORD}),
        ));
        assert_eq!(changed.status, 200, "{}", changed.body);
        staff.follow(&changed);
        if changed.json()["second_factor"] != "done" {
            let begun = self.one(staff.change("/api/staff/account/authenticator", json!({})));
            assert_eq!(begun.status, 200, "{}", begun.body);
            let secret: String = begun.json()["secret"]
                .as_str()
                .unwrap_or("")
                .split_whitespace()
                .collect();
            let code = {
                use corpsite::domain::second_factor::{TotpSecret, STEP_SECS};
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .expect("after 1970")
                    .as_secs();
                TotpSecret::from_base32(&secret)
                    .expect("base32")
                    .code_at(now / STEP_SECS * STEP_SECS)
            };
            let confirmed = self.one(staff.change(
                "/api/staff/account/authenticator/confirm",
                json!({ "code": code }),
            ));
            assert_eq!(confirmed.status, 200, "{}", confirmed.body);
            staff.follow(&confirmed);
        }
        staff
    }
}

/// The `name=value` of a `Set-Cookie` in an answer, if it sets one.
fn cookie_of(got: &Got) -> Option<String> {
    got.header("set-cookie")
        .and_then(|value| value.split(';').next())
        .map(str::to_owned)
}

/// A signed-in browser's cookie and CSRF token.
struct Staff {
    cookie: String,
    csrf: String,
    origin: String,
}

impl Staff {
    fn get(&self, path: &str) -> Ask {
        Ask::get(path).header(format!("Cookie: {}", self.cookie))
    }

    fn send(&self, method: &'static str, path: &str, body: Value) -> Ask {
        let mut ask = Ask::post(path, body.to_string())
            .header("Content-Type: application/json")
            .header(format!("Origin: {}", self.origin))
            .header(format!("Cookie: {}", self.cookie))
            .header(format!("X-CSRF-Token: {}", self.csrf));
        ask.method = method;
        ask
    }

    fn change(&self, path: &str, body: Value) -> Ask {
        self.send("POST", path, body)
    }

    /// Takes a new cookie or CSRF token an answer gives.
    fn follow(&mut self, got: &Got) {
        if let Some(cookie) = cookie_of(got) {
            self.cookie = cookie;
        }
        if let Some(csrf) = got.json()["csrf_token"].as_str() {
            self.csrf = csrf.to_owned();
        }
    }
}

fn assert_no_5xx(answers: &[Got], what: &str) {
    let bad: Vec<_> = answers.iter().filter(|got| got.status >= 500).collect();
    assert!(bad.is_empty(), "{what}: {bad:?}");
}

#[test]
fn sixty_four_views_at_once_among_junk_over_http2_are_counted_exactly_and_reported_alike() {
    let site = Site::start();
    // Signed in first: the views then wait less for the next roll-up.
    let staff = site.sign_in();
    let mut asks: Vec<Ask> = (0..64)
        .map(|n| site.view(r#"{"p":"/","e":true}"#, &format!("{CHROME} n/{n}")))
        .collect();
    // Junk of every kind, sent with the good views, each twice.
    let junk: Vec<(Vec<u8>, u16)> = vec![
        (
            format!(r#"{{"p":"/{}"}}"#, "a".repeat(500)).into_bytes(),
            204,
        ),
        (b"{\"p\":\"/\xff\xfe\"}".to_vec(), 400),
        (
            format!(r#"{{"p":"/","x":"{}"}}"#, "a".repeat(3000)).into_bytes(),
            413,
        ),
        (vec![b'{'; 1024 * 1024], 413),
        (b"not json".to_vec(), 400),
        (b"[1,2]".to_vec(), 400),
        (br#"{"p":5}"#.to_vec(), 400),
        (b"".to_vec(), 400),
        (br#"{"p":"/wp-admin","e":true}"#.to_vec(), 204),
        (br#"{"p":"/staff/stories"}"#.to_vec(), 204),
    ];
    for (body, _) in junk.iter().chain(&junk) {
        asks.push(site.view(
            body.clone(),
            "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
        ));
    }
    let answers = site.all(asks);
    assert_no_5xx(&answers, "the beacon");
    for (n, got) in answers.iter().enumerate() {
        assert_eq!(got.version, "http/2", "request {n}");
        assert_eq!(got.header("cache-control"), Some("no-store"), "request {n}");
    }
    for got in &answers[..64] {
        assert_eq!((got.status, got.body.as_str()), (204, ""));
    }
    for (n, got) in answers[64..].iter().enumerate() {
        let expected = junk[n % junk.len()].1;
        assert_eq!(
            got.status,
            expected,
            "junk {}: {}",
            n % junk.len(),
            got.body
        );
        if expected != 204 {
            assert!(got.json()["message"].is_string(), "{}", got.body);
        }
    }

    // The server is still up and, once its visits thread has written and rolled the views up
    // (each second and each ten), reports the 64 good ones: 64 visitors, 64 visits.
    let mut report = Value::Null;
    let counted = eventually(Duration::from_secs(30), || {
        let got = site.one(staff.get("/api/staff/analytics"));
        assert_eq!(got.status, 200, "{}", got.body);
        report = got.json();
        report["totals"]["views"].as_i64().unwrap_or(0) >= 64
    });
    assert!(counted, "never counted 64 views: {report}");
    assert_eq!(
        report["totals"],
        json!({"views": 64, "visitors": 64, "visits": 64})
    );
    assert_eq!(report["pages"][0]["value"], "/", "{report}");
    assert_eq!(
        report["pages"].as_array().map(Vec::len),
        Some(1),
        "{report}"
    );

    // The report, asked 64 times at once, answers the same to each.
    let reports = site.all((0..64).map(|_| staff.get("/api/staff/analytics")).collect());
    let first = reports[0].json();
    assert_eq!(first["totals"], report["totals"]);
    for got in &reports {
        assert_eq!((got.status, got.version.as_str()), (200, "http/2"));
        assert_eq!(got.json(), first);
    }
    assert_eq!(site.one(Ask::get("/healthz")).status, 200);
}

fn story_form(title: &str) -> Value {
    json!({
        "title": title,
        "motive": "Why it matters to the office",
        "tags": ["Real Estate"],
        "author": "Office Writer",
        "body": format!("The text of {title}, with enough words to read."),
        "format": "markdown",
        "state": "draft",
    })
}

#[test]
fn sixty_four_restores_of_one_revision_at_once_over_http2_make_exactly_one_revision() {
    let site = Site::start();
    let staff = site.sign_in();
    let created = site.one(staff.change("/api/staff/stories", story_form("First words")));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.json()["data"]["_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let mut revision = created.json()["data"]["revision"]
        .as_i64()
        .expect("revision");
    for title in ["Second words", "Third words"] {
        let mut form = story_form(title);
        form["revision"] = revision.into();
        let saved = site.one(staff.send("PUT", &format!("/api/staff/stories/{id}"), form));
        assert_eq!(saved.status, 200, "{}", saved.body);
        revision = saved.json()["data"]["revision"].as_i64().expect("revision");
    }
    let base = format!("/api/staff/stories/{id}/revisions");

    // The list and a revision, 64 times at once each: all alike.
    let lists = site.all((0..64).map(|_| staff.get(&base)).collect());
    let list = lists[0].json();
    assert_eq!(list["total"], 3, "{list}");
    let numbers: Vec<i64> = list["data"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|line| line["number"].as_i64())
        .collect();
    assert_eq!(numbers.len(), 3, "{list}");
    assert_eq!(numbers[0], revision, "newest first: {list}");
    for got in &lists {
        assert_eq!((got.status, got.version.as_str()), (200, "http/2"));
        assert_eq!(got.json(), list);
    }
    let first = *numbers.last().expect("the first revision");
    let shown = site.all(
        (0..64)
            .map(|_| staff.get(&format!("{base}/{first}")))
            .collect(),
    );
    let one = shown[0].json();
    assert_eq!(one["data"]["form"]["title"], "First words", "{one}");
    for got in &shown {
        assert_eq!(got.status, 200);
        assert_eq!(got.json(), one);
    }
    // Unknown revisions and junk numbers are 404 in JSON, never 5xx.
    for path in [
        format!("{base}/999"),
        format!("{base}/0"),
        format!("{base}/-1"),
        format!("{base}/abc"),
        "/api/staff/stories/no-such-story/revisions".to_owned(),
    ] {
        let got = site.one(staff.get(&path));
        assert_eq!(got.status, 404, "{path}: {}", got.body);
        assert!(got.json()["message"].is_string(), "{path}: {}", got.body);
    }

    // 64 restores of the first revision at once, each from the revision the story is at:
    // the save's own rule takes the first and refuses the rest as stale (409).
    let restores = site.all(
        (0..64)
            .map(|_| {
                staff.change(
                    &format!("{base}/{first}/restore"),
                    json!({ "revision": revision }),
                )
            })
            .collect(),
    );
    assert_no_5xx(&restores, "the restores");
    let mut statuses: Vec<u16> = restores.iter().map(|got| got.status).collect();
    statuses.sort_unstable();
    let mut expected = vec![200];
    expected.extend([409; 63]);
    assert_eq!(statuses, expected);
    let won = restores
        .iter()
        .find(|got| got.status == 200)
        .expect("one restore");
    let restored = won.json()["data"]["revision"].as_i64().expect("revision");
    assert_eq!(restored, revision + 1);
    for got in restores.iter().filter(|got| got.status == 409) {
        assert!(got.json()["message"].is_string(), "{}", got.body);
    }

    // Nothing lost, nothing doubled: one new revision, the first one's text, the rest as was.
    let after = site.one(staff.get(&base)).json();
    assert_eq!(after["total"], 4, "{after}");
    let numbers_after: Vec<i64> = after["data"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|line| line["number"].as_i64())
        .collect();
    let mut expected_numbers = vec![restored];
    expected_numbers.extend(&numbers);
    assert_eq!(numbers_after, expected_numbers);
    assert_eq!(after["data"][0]["title"], "First words", "{after}");
    let story = site
        .one(staff.get(&format!("/api/staff/stories/{id}")))
        .json();
    assert_eq!(story["data"]["title"], "First words", "{story}");
    assert_eq!(story["data"]["revision"], restored, "{story}");

    // A restore from the revision the story is at now works again.
    let again = site.one(staff.change(
        &format!("{base}/{first}/restore"),
        json!({ "revision": restored }),
    ));
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(site
        .site
        .log()
        .lines()
        .all(|line| !line.contains("panicked")));
}
