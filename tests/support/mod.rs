//! A real SMTP server for the mail tests (`smtp_server.py`, aiosmtpd) and the mail it got.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use mail_parser::{Message, MessageParser, MimeHeaders};

use crate::common::TestApp;

/// The Python with aiosmtpd: `CORPSITE_TEST_PYTHON`, else the venv `.ci/run` makes.
pub fn python() -> PathBuf {
    if let Some(python) = std::env::var_os("CORPSITE_TEST_PYTHON") {
        return python.into();
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-venv/bin/python");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

pub struct SmtpServer {
    child: Child,
    _stdin: ChildStdin,
    pub port: u16,
    pub dir: tempfile::TempDir,
}

impl SmtpServer {
    pub fn start() -> SmtpServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_server.py");
        let mut child = Command::new(python())
            .arg(&script)
            .arg(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the SMTP test server (python3 with aiosmtpd: .ci/run installs it)");
        let stdin = child.stdin.take().expect("stdin");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the listening line");
        let port = line
            .strip_prefix("listening ")
            .and_then(|port| port.trim().parse().ok())
            .unwrap_or_else(|| {
                panic!("the SMTP test server did not start ({line:?}); install aiosmtpd: pip install aiosmtpd==1.4.6 (.ci/run does)")
            });
        SmtpServer {
            child,
            _stdin: stdin,
            port,
            dir,
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// accept | tempfail | permfail | drop | slow (see smtp_server.py).
    pub fn set_mode(&self, mode: &str) {
        std::fs::write(self.dir.path().join("mode"), mode).expect("write the mode");
    }

    /// Every message received so far, in order, raw.
    pub fn received(&self) -> Vec<Vec<u8>> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("read the mail dir")
            .map(|entry| entry.expect("entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "eml"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|path| std::fs::read(path).expect("read a mail"))
            .collect()
    }

    /// Waits until at least `count` messages arrived (at most `within`), and returns them all.
    pub fn wait_for(&self, count: usize, within: Duration) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + within;
        loop {
            let received = self.received();
            if received.len() >= count || Instant::now() > deadline {
                assert!(
                    received.len() >= count,
                    "{} of {count} mails arrived within {within:?}",
                    received.len()
                );
                return received;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn parse(raw: &[u8]) -> Message<'_> {
    MessageParser::default()
        .parse(raw)
        .expect("a parsable mail")
}

/// A header's raw text (unfolded, trimmed), if present.
pub fn raw_header(raw: &[u8], name: &str) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text
        .split("\r\n\r\n")
        .next()
        .unwrap_or("")
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ");
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_owned())
    })
}

/// The header names of a mail's top level, lower-cased.
pub fn header_names(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or("").to_owned();
    head.lines()
        .filter(|line| !line.starts_with(' ') && !line.starts_with('\t'))
        .filter_map(|line| {
            line.split_once(':')
                .map(|(key, _)| key.to_ascii_lowercase())
        })
        .collect()
}

pub fn text_body(message: &Message<'_>) -> String {
    message
        .body_text(0)
        .map(|t| t.into_owned())
        .unwrap_or_default()
}

pub fn html_body(message: &Message<'_>) -> String {
    message
        .body_html(0)
        .map(|t| t.into_owned())
        .unwrap_or_default()
}

/// The attachments: (file name, content type, bytes).
pub fn attachments(message: &Message<'_>) -> Vec<(String, String, Vec<u8>)> {
    message
        .attachments()
        .map(|part| {
            let name = part.attachment_name().unwrap_or_default().to_owned();
            let kind = part
                .content_type()
                .map(|t| format!("{}/{}", t.ctype(), t.subtype().unwrap_or_default()))
                .unwrap_or_default();
            (name, kind, part.contents().to_vec())
        })
        .collect()
}

/// The link after `prefix` in a mail's text part.
pub fn link(message: &Message<'_>, prefix: &str) -> String {
    let text = text_body(message);
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} link in {text}"));
    text[start..]
        .split_whitespace()
        .next()
        .expect("a link")
        .to_owned()
}

/// The `--public-url` of `app_sending_to`'s links.
pub const MAIL_SITE: &str = "https://www.example.com";

/// An app whose mail goes to `smtp`, from `Fidelitus Corp <hello@corp.example.com>`, lead
/// mail to `notify_to` (`--notify-to`'s rules), links built from `SITE`, and no per-client
/// form limit (the tests post several forms from one client).
pub fn app_sending_to(smtp: &SmtpServer, notify_to: &[&str]) -> TestApp {
    TestApp::with_settings(|settings| {
        settings.mail.smtp_url = Some(smtp.url().parse().expect("relay url"));
        settings.mail.from = Some(
            "Fidelitus Corp <hello@corp.example.com>"
                .parse()
                .expect("from"),
        );
        settings.mail.notify_to = notify_to
            .iter()
            .map(|rule| rule.parse().expect("rule"))
            .collect();
        settings.public_url = Some(MAIL_SITE.parse().expect("public url"));
        // Every test posts several forms from one client.
        settings.rate_limit_per_minute = 0;
    })
}

/// Forgets the security notices ("A second factor was added to your account") that the
/// sign-in fixture's set-up of an authenticator queued, for the tests of other mail that count
/// every mail: with `smtp`, once they are delivered, their rows and the mails received; without
/// a relay, their queued rows.
pub async fn forget_set_up_notices(app: &TestApp, smtp: Option<&SmtpServer>) {
    let notices = |sql: &'static str| {
        app.db()
            .read_blocking(move |conn| Ok(conn.query_row(sql, [], |row| row.get::<_, i64>(0))?))
            .expect("count notices")
    };
    if let Some(smtp) = smtp {
        let queued = "SELECT count(*) FROM outbox WHERE kind = 'notice' AND state <> 'sent'";
        let deadline = Instant::now() + Duration::from_secs(10);
        while notices(queued) > 0 {
            assert!(Instant::now() < deadline, "a set-up notice was not sent");
            std::thread::sleep(Duration::from_millis(20));
        }
        for entry in std::fs::read_dir(smtp.dir.path()).expect("read the mail dir") {
            let path = entry.expect("entry").path();
            let raw = std::fs::read(&path).unwrap_or_default();
            if path.extension().is_some_and(|e| e == "eml")
                && parse(&raw).subject() == Some("A second factor was added to your account")
            {
                std::fs::remove_file(&path).expect("forget the notice");
            }
        }
    }
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "DELETE FROM outbox WHERE kind = 'notice' AND notice = 'factor-added'",
                [],
            )?;
            Ok(())
        })
        .await
        .expect("forget the notices");
}
