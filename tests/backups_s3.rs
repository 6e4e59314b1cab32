//! Backup sets off the machine, against a real S3-compatible server: moto's (`moto_server`,
//! pinned in `.ci/run`'s venv), started here on a free port with a bucket made here. The
//! bucket is read back with plain S3 requests, not with the code under test.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::BINARY;
use crate::common::{json, TestApp};
use crate::leads_support::{contact, post_json};
use corpsite::store::backup_set::{list_sets, MANIFEST_FILE};
use corpsite::store::remote_backup::RemoteConfig;
use corpsite::store::DB_FILE;
use serde_json::json;

const BUCKET: &str = "office-backups";
const PREFIX: &str = "corpsite/prod";

/// moto's server on one port; stopped when dropped.
struct Moto {
    child: Child,
    addr: SocketAddr,
}

impl Moto {
    fn start() -> Moto {
        let port = TcpListener::bind("127.0.0.1:0")
            .expect("a free port")
            .local_addr()
            .expect("addr")
            .port();
        Moto::start_on(port)
    }

    fn start_on(port: u16) -> Moto {
        let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-venv/bin/moto_server");
        let child = Command::new(&server)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| {
                panic!(
                    "cannot start {} ({err}): install moto[server] in target/test-venv (.ci/run does)",
                    server.display()
                )
            });
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let moto = Moto { child, addr };
        assert!(
            eventually(Duration::from_secs(20), || request(addr, "GET", "/", b"")
                .is_some()),
            "moto_server answers on {addr}"
        );
        moto
    }

    fn endpoint(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn create_bucket(&self) {
        let (status, body) =
            request(self.addr, "PUT", &format!("/{BUCKET}"), b"").expect("put bucket");
        assert_eq!(status, 200, "{body}");
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Every key under the prefix.
    fn keys(&self) -> Vec<String> {
        let path = format!("/{BUCKET}?list-type=2&max-keys=1000&prefix={PREFIX}/");
        let (status, body) = request(self.addr, "GET", &path, b"").expect("list");
        assert_eq!(status, 200, "{body}");
        let mut keys: Vec<String> = body
            .split("<Key>")
            .skip(1)
            .filter_map(|rest| rest.split_once("</Key>").map(|(key, _)| key.to_owned()))
            .collect();
        keys.sort();
        keys
    }

    /// The sets whose manifest is in the bucket, oldest first.
    fn whole_sets(&self) -> Vec<String> {
        self.keys()
            .iter()
            .filter_map(|key| {
                key.strip_prefix(&format!("{PREFIX}/"))?
                    .strip_suffix(&format!("/{MANIFEST_FILE}"))
                    .map(str::to_owned)
            })
            .collect()
    }

    /// An object's bytes; `None` when it is not there (any more).
    fn try_get(&self, key: &str) -> Option<Vec<u8>> {
        let (status, body) =
            raw_request(self.addr, "GET", &format!("/{BUCKET}/{key}"), b"").expect("get object");
        match status {
            200 => Some(body),
            404 => None,
            _ => panic!("{key}: {status} {}", String::from_utf8_lossy(&body)),
        }
    }

    fn put(&self, key: &str, body: &[u8]) {
        let (status, _) =
            request(self.addr, "PUT", &format!("/{BUCKET}/{key}"), body).expect("put");
        assert_eq!(status, 200, "{key}");
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        self.stop();
    }
}

/// moto checks no signature, but keeps private objects from anonymous requests.
const FAKE_AUTH: &str = "Authorization: AWS4-HMAC-SHA256 Credential=testing/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0";

/// One HTTP/1.1 request, signed with nothing (moto does not check); `None` when nothing
/// answers.
fn raw_request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Option<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{FAKE_AUTH}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body).ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    let response = crate::common::process::parse(&raw);
    Some((response.status, response.body))
}

fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Option<(u16, String)> {
    raw_request(addr, method, path, body)
        .map(|(status, body)| (status, String::from_utf8_lossy(&body).into_owned()))
}

fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}

/// The bucket's keys in a file only its owner reads, as the office keeps them.
fn credentials_file(dir: &Path) -> PathBuf {
    let path = dir.join("s3-credentials");
    std::fs::write(
        &path,
        "[default]\naws_access_key_id = testing\naws_secret_access_key = testing-secret\n",
    )
    .expect("write credentials");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    path
}

/// A server that makes a set every second and uploads it to moto.
fn uploading_app(moto: &Moto, keys: &Path, keep: u32) -> TestApp {
    let config = RemoteConfig {
        url: format!("s3://{BUCKET}/{PREFIX}").parse().expect("s3 url"),
        endpoint: Some(moto.endpoint().parse().expect("endpoint")),
        region: "us-east-1".into(),
        credentials_file: Some(credentials_file(keys)),
    };
    TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = Some(Duration::from_secs(1));
        s.backup_keep = keep;
        s.backup_to = Some(config);
    })
}

fn emails_in(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("open");
    let mut stmt = conn
        .prepare("SELECT email FROM enquiries ORDER BY email")
        .expect("query");
    let rows = stmt.query_map([], |row| row.get(0)).expect("rows");
    rows.collect::<Result<_, _>>().expect("emails")
}

async fn post_enquiry(app: &TestApp, email: &str) {
    let mut body = contact();
    body["email"] = json!(email);
    assert_eq!(post_json(app, &body).await.status(), 201, "{email}");
}

fn restore(source: &str, data_dir: &Path, moto: &Moto, envs: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BINARY);
    command
        .args([
            "restore",
            source,
            "--backup-s3-endpoint",
            &moto.endpoint(),
            "--data-dir",
        ])
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .env_remove("AWS_ACCESS_KEY_ID")
        .env_remove("AWS_SECRET_ACCESS_KEY")
        .env_remove("AWS_SESSION_TOKEN")
        .env_remove("CORPSITE_BACKUP_S3_CREDENTIALS");
    for (key, value) in envs {
        command.env(key, value);
    }
    command.output().expect("run corpsite restore")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn sets_go_up_whole_the_bucket_keeps_the_newest_and_a_restore_from_it_gives_the_same_leads() {
    let moto = Moto::start();
    moto.create_bucket();
    let keys = tempfile::tempdir().expect("keys dir");
    let app = uploading_app(&moto, keys.path(), 2);
    // A file above the 8 MiB part size: it goes up in parts and comes back whole.
    let big: Vec<u8> = (0..9 * 1024 * 1024 + 7)
        .map(|i| (i * 31 % 251) as u8)
        .collect();
    std::fs::create_dir_all(app.data_dir().join("media")).expect("media dir");
    std::fs::write(app.data_dir().join("media/big-photo.webp"), &big).expect("big file");
    for email in ["asha@example.com", "ravi@example.com", "meera@example.com"] {
        post_enquiry(&app, email).await;
    }

    // The first scheduled set goes up: every file, the manifest among them.
    assert!(
        eventually(Duration::from_secs(20), || !moto.whole_sets().is_empty()),
        "a set is uploaded; the bucket holds {:?}",
        moto.keys()
    );
    // Sets come and go every second: read one whole before the prune takes it, made after the
    // three enquiries (on a loaded machine the first sets can be older than the posts).
    let mut read = None;
    assert!(
        eventually(Duration::from_secs(20), || {
            read = moto.whole_sets().pop().and_then(|set| {
                let base = format!("{PREFIX}/{set}");
                let manifest = moto.try_get(&format!("{base}/{MANIFEST_FILE}"))?;
                let db = moto.try_get(&format!("{base}/{DB_FILE}"))?;
                // A file of its own for each set read: SQLite keeps files beside a database.
                let uploaded_db = keys.path().join(format!("{set}.db"));
                std::fs::write(&uploaded_db, &db).expect("write");
                (emails_in(&uploaded_db).len() == 3).then_some((set, manifest, db))
            });
            read.is_some()
        }),
        "a whole set with the three enquiries can be read back"
    );
    let (first, manifest, db) = read.expect("a set read back");
    let manifest: serde_json::Value = serde_json::from_slice(&manifest).expect("manifest");
    assert_eq!(manifest["database_bytes"].as_u64(), Some(db.len() as u64));

    // A set a second: the oldest leave the bucket, --backup-keep 2 stay.
    assert!(
        eventually(Duration::from_secs(20), || {
            let sets = moto.whole_sets();
            sets.len() == 2 && !sets.contains(&first)
        }),
        "the bucket is pruned to 2 sets; it holds {:?}",
        moto.whole_sets()
    );
    let health = app.state.health.backup();
    let upload = health.upload.expect("uploads are reported");
    assert!(upload.last_success.is_some());
    assert_eq!(upload.failure, None);

    let expected = emails_in(&app.data_dir().join(DB_FILE));
    let TestApp {
        dir: served,
        state,
        background,
        ..
    } = app;
    background.stop();
    state.db.close();
    let sets = moto.whole_sets();
    assert!(!sets.is_empty());

    // A half-uploaded set, newer than any whole one: never taken for a set.
    moto.put(
        &format!("{PREFIX}/corpsite-2099-01-01T000000Z/{DB_FILE}"),
        b"half an upload",
    );

    // A new VM: an empty data dir, the keys in the environment.
    let fresh = tempfile::tempdir().expect("fresh data dir");
    let data = fresh.path().join("data");
    let env = [
        ("AWS_ACCESS_KEY_ID", "testing"),
        ("AWS_SECRET_ACCESS_KEY", "testing-secret"),
    ];
    let output = restore(&format!("s3://{BUCKET}/{PREFIX}"), &data, &moto, &env);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let newest = sets.last().expect("a set");
    assert!(
        text(&output.stdout).contains(newest.as_str()),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(emails_in(&data.join(DB_FILE)), expected);
    assert_eq!(expected.len(), 3);
    assert!(
        std::fs::read(data.join("media/big-photo.webp")).expect("big file restored") == big,
        "the big file comes back byte for byte"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&data)
        .expect("data dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".download"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // A named set, into a data dir that has one: the old one is kept aside.
    let output = restore(
        &format!("s3://{BUCKET}/{PREFIX}/{}", sets[0]),
        &data,
        &moto,
        &env,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("replaced-"),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(emails_in(&data.join(DB_FILE)), expected);

    // A set the bucket does not hold whole, and no keys at all: refused, nothing changed.
    let before = std::fs::read(data.join(DB_FILE)).expect("db");
    let output = restore(
        &format!("s3://{BUCKET}/{PREFIX}/corpsite-2099-01-01T000000Z"),
        &data,
        &moto,
        &env,
    );
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("no whole set named corpsite-2099-01-01T000000Z"),
        "{}",
        text(&output.stderr)
    );
    let output = restore(&format!("s3://{BUCKET}/{PREFIX}"), &data, &moto, &[]);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("AWS_ACCESS_KEY_ID"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read(data.join(DB_FILE)).expect("db"), before);
    drop(served);
}

#[tokio::test]
async fn a_store_that_goes_away_leaves_the_sets_here_says_degraded_and_gets_them_later() {
    let mut moto = Moto::start();
    moto.create_bucket();
    let port = moto.addr.port();
    let keys = tempfile::tempdir().expect("keys dir");
    let app = uploading_app(&moto, keys.path(), 20);
    post_enquiry(&app, "asha@example.com").await;
    assert!(
        eventually(Duration::from_secs(20), || !moto.whole_sets().is_empty()),
        "the first set goes up"
    );

    // The store disappears: the sets made meanwhile stay here, and /healthz says so.
    moto.stop();
    let failed = |app: &TestApp| {
        app.state
            .health
            .backup()
            .upload
            .and_then(|upload| upload.failure)
    };
    assert!(
        eventually(Duration::from_secs(20), || failed(&app).is_some()),
        "the failed upload is reported"
    );
    let (_, reason) = failed(&app).expect("failure");
    assert!(
        reason.contains("s3://office-backups/corpsite/prod"),
        "{reason}"
    );
    let backups = app.data_dir().join("backups");
    let (_, waiting) = list_sets(&backups)
        .expect("sets")
        .pop()
        .expect("a local set");
    let waiting_name = waiting
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    assert!(waiting.join(DB_FILE).is_file() && waiting.join(MANIFEST_FILE).is_file());
    let health = json(&app.get("/healthz").await);
    assert_eq!(health["status"], "degraded", "{health}");
    assert!(
        health["backup"]["upload"]["failure"].is_object(),
        "{health}"
    );
    assert!(
        health["backup"]["failure"].is_null(),
        "the local sets are fine: {health}"
    );

    // It comes back empty (as a store that refuses: no such bucket), then with its bucket.
    let moto = Moto::start_on(port);
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        failed(&app).is_some(),
        "a bucket that is not there is a failure too"
    );
    assert!(waiting.is_dir(), "the set waits here");
    moto.create_bucket();
    assert!(
        eventually(Duration::from_secs(20), || moto
            .whole_sets()
            .contains(&waiting_name)),
        "the waiting set {waiting_name} goes up on a later try; the bucket holds {:?}",
        moto.whole_sets()
    );
    assert!(
        eventually(Duration::from_secs(10), || failed(&app).is_none()),
        "the failure clears"
    );
    let health = json(&app.get("/healthz").await);
    assert_eq!(health["status"], "ok", "{health}");
    assert!(
        health["backup"]["upload"]["last_success"].is_string(),
        "{health}"
    );
}

#[test]
fn a_credentials_file_others_can_read_stops_the_server_at_start() {
    let dir = tempfile::tempdir().expect("dir");
    let keys = credentials_file(dir.path());
    std::fs::set_permissions(&keys, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let output = Command::new(BINARY)
        .args([
            "serve",
            "--backup-to",
            "s3://office-backups/corpsite",
            "--backup-s3-credentials",
        ])
        .arg(&keys)
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .env("RUST_LOG", "warn")
        .env("CORPSITE_ADDR", "127.0.0.1:0")
        .env("CORPSITE_ADMIN_ADDR", "off")
        .output()
        .expect("run corpsite");
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("can be read by others (mode 644)"),
        "{stderr}"
    );
    assert!(stderr.contains("chmod 600"), "{stderr}");
}

/// An object corpsite did not write, whose key `object_store` cannot read as a path.
const STRAY_KEY: &str = "x/../y";

#[tokio::test]
async fn a_stray_object_under_the_prefix_stops_neither_uploads_nor_a_restore_of_a_named_set() {
    let moto = Moto::start();
    moto.create_bucket();
    moto.put(&format!("{PREFIX}/{STRAY_KEY}"), b"left by someone else");
    assert!(
        moto.keys().contains(&format!("{PREFIX}/{STRAY_KEY}")),
        "the stray key is planted as it is: {:?}",
        moto.keys()
    );
    let keys = tempfile::tempdir().expect("keys dir");
    let app = uploading_app(&moto, keys.path(), 5);
    post_enquiry(&app, "asha@example.com").await;
    assert!(
        eventually(Duration::from_secs(20), || moto.whole_sets().len() >= 2),
        "sets go up beside the stray key; the bucket holds {:?}, the upload says {:?}",
        moto.keys(),
        app.state.health.backup().upload
    );
    let upload = app.state.health.backup().upload.expect("uploads reported");
    assert_eq!(upload.failure, None);
    let expected = emails_in(&app.data_dir().join(DB_FILE));
    let TestApp {
        dir: served,
        state,
        background,
        ..
    } = app;
    background.stop();
    state.db.close();

    let named = moto.whole_sets().first().cloned().expect("a whole set");
    let fresh = tempfile::tempdir().expect("fresh data dir");
    let data = fresh.path().join("data");
    let env = [
        ("AWS_ACCESS_KEY_ID", "testing"),
        ("AWS_SECRET_ACCESS_KEY", "testing-secret"),
    ];
    let output = restore(
        &format!("s3://{BUCKET}/{PREFIX}/{named}"),
        &data,
        &moto,
        &env,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(emails_in(&data.join(DB_FILE)), expected);
    // The newest set too, found by listing the sets.
    let output = restore(&format!("s3://{BUCKET}/{PREFIX}"), &data, &moto, &env);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        moto.keys().contains(&format!("{PREFIX}/{STRAY_KEY}")),
        "what corpsite did not write is left alone"
    );
    drop(served);
}

#[tokio::test]
async fn corpsite_backup_to_a_bucket_sends_a_whole_set_a_restore_takes_back() {
    let moto = Moto::start();
    moto.create_bucket();
    let keys = tempfile::tempdir().expect("keys dir");
    let app = TestApp::with_settings(|s| {
        s.rate_limit_per_minute = 0;
        s.backup_every = None;
    });
    post_enquiry(&app, "asha@example.com").await;
    std::fs::create_dir_all(app.data_dir().join("media")).expect("media dir");
    std::fs::write(app.data_dir().join("media/portrait.webp"), b"a portrait").expect("media");

    // While the site runs, with the keys in a file.
    let output = Command::new(BINARY)
        .args([
            "backup",
            &format!("s3://{BUCKET}/{PREFIX}"),
            "--backup-s3-endpoint",
            &moto.endpoint(),
            "--backup-s3-credentials",
        ])
        .arg(credentials_file(keys.path()))
        .arg("--data-dir")
        .arg(app.data_dir())
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite backup");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let sets = moto.whole_sets();
    assert_eq!(sets.len(), 1, "{:?}", moto.keys());
    assert!(
        text(&output.stdout).contains(&format!("s3://{BUCKET}/{PREFIX}/{}", sets[0])),
        "{}",
        text(&output.stdout)
    );
    assert!(moto
        .try_get(&format!("{PREFIX}/{}/media/portrait.webp", sets[0]))
        .is_some());
    let leftovers: Vec<_> = std::fs::read_dir(app.data_dir())
        .expect("data dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".upload"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let expected = emails_in(&app.data_dir().join(DB_FILE));
    drop(app);

    let fresh = tempfile::tempdir().expect("fresh data dir");
    let data = fresh.path().join("data");
    let env = [
        ("AWS_ACCESS_KEY_ID", "testing"),
        ("AWS_SECRET_ACCESS_KEY", "testing-secret"),
    ];
    let output = restore(
        &format!("s3://{BUCKET}/{PREFIX}/{}", sets[0]),
        &data,
        &moto,
        &env,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(emails_in(&data.join(DB_FILE)), expected);
    assert_eq!(
        std::fs::read(data.join("media/portrait.webp")).expect("portrait"),
        b"a portrait"
    );
}
