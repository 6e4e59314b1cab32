//! The one way tests get a running app: a fresh data dir, the real store and the real filters.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use bytes::Bytes;
use corpsite::http::{self, AppState};
use corpsite::server::Background;
use corpsite::settings::Settings;
use corpsite::store::Db;
use tempfile::TempDir;
use warp::filters::BoxedFilter;
use warp::http::Response;
use warp::reply::Response as Reply;

pub struct TestApp {
    pub dir: TempDir,
    pub state: AppState,
    pub routes: BoxedFilter<(Reply,)>,
    /// The server's background tasks (the blog version watch), as the real server runs them.
    pub background: Background,
}

impl TestApp {
    /// A new, migrated database in a temp dir, with default settings.
    pub fn new() -> TestApp {
        TestApp::with_settings(|_| {})
    }

    /// As `new`, after `adjust` has changed the settings.
    pub fn with_settings(adjust: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        // A copy of the run's one migrated database, as a new one is after its migrations.
        seeded::migrated_data_dir(dir.path());
        let mut settings = Settings::for_data_dir(dir.path());
        // An empty database unless a test asks for the demo content.
        settings.seed_demo_content = false;
        adjust(&mut settings);
        TestApp::open(dir, settings)
    }

    /// As `with_settings`, on a data dir that holds the demo content as a first start leaves
    /// it (a copy of the one published once for the whole run: see `seeded`).
    pub fn with_demo_content(adjust: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        seeded::seeded_data_dir(dir.path());
        let mut settings = Settings::for_data_dir(dir.path());
        adjust(&mut settings);
        TestApp::open(dir, settings)
    }

    fn open(dir: tempfile::TempDir, settings: Settings) -> TestApp {
        let db = corpsite::server::open_store(&settings).expect("open db");
        let background = Background::start(&db, &settings, settings.addr);
        let state = AppState::new(db, settings, background.watches()).expect("randomness");
        let routes = http::routes(&state);
        TestApp {
            dir,
            state,
            routes,
            background,
        }
    }

    /// As `new`, with pages rendered by `script` in place of the site's server bundle.
    pub fn with_render_script(script: &str) -> TestApp {
        let mut app = TestApp::new();
        app.state.pages = Arc::new(corpsite::http::site::pages::Pages::with_script(
            Arc::clone(&app.state.index),
            Arc::clone(&app.state.blogs),
            Arc::clone(&app.state.site),
            &app.state.settings.media_base,
            script.into(),
            &app.state.metrics,
        ));
        app.routes = http::routes(&app.state);
        app
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }

    pub fn db(&self) -> &Arc<Db> {
        &self.state.db
    }

    pub async fn get(&self, path: &str) -> Response<Bytes> {
        warp::test::request()
            .method("GET")
            .path(path)
            .reply(&self.routes)
            .await
    }

    /// The page at `route`, once it holds `words` (within a second, as the site shows a
    /// change the command line made).
    pub async fn shown_within_a_second(&self, route: &str, words: &str) -> String {
        let start = std::time::Instant::now();
        loop {
            let page = String::from_utf8_lossy(self.get(route).await.body()).into_owned();
            if page.contains(words) {
                return page;
            }
            assert!(
                start.elapsed() < std::time::Duration::from_secs(1),
                "{words} not shown at {route} within a second"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    pub async fn request(&self, request: warp::test::RequestBuilder) -> Response<Bytes> {
        request.reply(&self.routes).await
    }
}

pub fn header<'a>(response: &'a Response<Bytes>, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// The content-security-policy source that allows exactly `bytes` inline: `'sha256-…'`.
pub fn policy_hash(bytes: &[u8]) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(bytes))
    )
}

pub fn json(response: &Response<Bytes>) -> serde_json::Value {
    serde_json::from_slice(response.body()).unwrap_or_else(|e| {
        panic!(
            "body is not JSON ({e}): {}",
            String::from_utf8_lossy(response.body())
        )
    })
}

pub mod process;
pub mod proof;
pub mod seeded;
pub mod staff;
pub mod tls;

/// What the code under test logs on this thread, while it lives.
pub struct LogCapture {
    text: Arc<std::sync::Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

struct CaptureWriter(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for CaptureWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut text) = self.0.lock() {
            text.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogCapture {
    pub fn start() -> LogCapture {
        let text = Arc::new(std::sync::Mutex::new(Vec::new()));
        let writer = Arc::clone(&text);
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_max_level(tracing::Level::DEBUG)
            .with_writer(move || CaptureWriter(Arc::clone(&writer)))
            .finish();
        LogCapture {
            text,
            _guard: tracing::subscriber::set_default(subscriber),
        }
    }

    pub fn text(&self) -> String {
        self.text
            .lock()
            .map(|text| String::from_utf8_lossy(&text).into_owned())
            .unwrap_or_default()
    }
}

/// A tiny tmpfs mounted for the test, unmounted when dropped. Mounting needs root (as the
/// test runs here and in CI); if it cannot be mounted the test fails, it never skips.
pub struct TinyDisk {
    dir: tempfile::TempDir,
}

impl TinyDisk {
    pub fn mount(bytes: u64) -> TinyDisk {
        let dir = tempfile::tempdir().expect("mount point");
        let output = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={bytes},mode=0700"),
                "tmpfs",
            ])
            .arg(dir.path())
            .output()
            .expect("run mount");
        assert!(
            output.status.success(),
            "the disk-full test needs to mount a tmpfs (run as root): {}",
            String::from_utf8_lossy(&output.stderr)
        );
        TinyDisk { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}
