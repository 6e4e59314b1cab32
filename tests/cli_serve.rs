//! The binary as the office runs it: flags, env vars, start-up failures, shutdown.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::process::{send, Running, BINARY};
use crate::common::seeded::seeded_data_dir;

fn run(args: &[&str], envs: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(BINARY);
    command.args(args);
    for (key, value) in envs {
        command.env(key, value);
    }
    command.output().expect("run corpsite")
}

#[test]
fn help_explains_every_serve_flag_with_its_env_var() {
    for args in [&["--help"][..], &["serve", "--help"][..]] {
        let out = run(args, &[]);
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        for (flag, env) in [
            ("--addr", "CORPSITE_ADDR"),
            ("--data-dir", "CORPSITE_DATA_DIR"),
            ("--max-connections", "CORPSITE_MAX_CONNECTIONS"),
            ("--media-base", "CORPSITE_MEDIA_BASE"),
            ("--admin-addr", "CORPSITE_ADMIN_ADDR"),
            ("--metrics-token", "CORPSITE_METRICS_TOKEN"),
            ("--log-format", "CORPSITE_LOG_FORMAT"),
        ] {
            assert!(help.contains(flag), "{args:?} help lacks {flag}:\n{help}");
            assert!(help.contains(env), "{args:?} help lacks {env}:\n{help}");
        }
        assert!(
            help.contains("127.0.0.1:8080") && help.contains("./data"),
            "defaults shown"
        );
    }
}

#[test]
fn env_vars_set_the_address_and_data_dir_and_flags_win_over_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let from_env = dir.path().join("from-env");
    let from_flag = dir.path().join("from-flag");
    seeded_data_dir(&from_env);
    seeded_data_dir(&from_flag);
    // A running server keeps its database's write-ahead log open: the folder it serves from.
    let serves_from = |data: &Path| data.join("corpsite.db-wal").is_file();
    let server = Running::start(
        Path::new(BINARY),
        &[],
        &[
            ("CORPSITE_ADDR", "127.0.0.1:0"),
            ("CORPSITE_DATA_DIR", from_env.to_str().expect("utf-8")),
        ],
        dir.path(),
    );
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);
    assert!(serves_from(&from_env) && !serves_from(&from_flag));
    drop(server);

    let server = Running::start(
        Path::new(BINARY),
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            from_flag.to_str().expect("utf-8"),
        ],
        &[
            ("CORPSITE_ADDR", "127.0.0.1:1"),
            ("CORPSITE_DATA_DIR", from_env.to_str().expect("utf-8")),
        ],
        dir.path(),
    );
    assert_eq!(send(server.addr, "GET", "/contact", &[]).status, 200);
    assert!(serves_from(&from_flag));
}

#[test]
fn a_data_dir_that_cannot_be_created_stops_the_start_with_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("occupied");
    std::fs::write(&file, "a file, not a folder").expect("write");
    let data_dir = file.join("data");
    let out = run(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            data_dir.to_str().expect("utf-8"),
        ],
        &[("RUST_LOG", "warn")],
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("cannot create the data directory"),
        "{stderr}"
    );
}

#[test]
fn a_failing_migration_stops_the_start_with_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    rusqlite::Connection::open(dir.path().join("corpsite.db"))
        .and_then(|c| c.execute_batch("CREATE TABLE app_meta (x INTEGER);"))
        .expect("prepare");
    let out = run(
        &[
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            dir.path().to_str().expect("utf-8"),
        ],
        &[("RUST_LOG", "warn")],
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].contains("migration failed"), "{stderr}");
}

#[test]
fn sigterm_stops_the_server_with_exit_code_0_within_5_seconds() {
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    let mut server = Running::start(Path::new(BINARY), &["--data-dir", "data"], &[], dir.path());
    // An idle keep-alive connection must not hold the shutdown up.
    let _idle = std::net::TcpStream::connect(server.addr).expect("connect");
    assert_eq!(send(server.addr, "GET", "/", &[]).status, 200);
    let started = Instant::now();
    server.terminate();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "still running after 5 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
}

#[test]
fn the_page_views_of_the_last_second_are_written_when_the_server_stops() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    let mut server = Running::start(Path::new(BINARY), &["--data-dir", "data"], &[], dir.path());
    let body = r#"{"p":"/contact","e":true}"#;
    let mut stream = std::net::TcpStream::connect(server.addr).expect("connect");
    let origin = format!("http://{}", server.addr);
    write!(
        stream,
        "POST /api/visits HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    )
    .expect("write");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    assert!(answer.starts_with("HTTP/1.1 204"), "{answer}");
    // At once, before the writer's next second: the stop writes the view itself.
    server.terminate();
    let status = server.child.wait().expect("wait");
    assert_eq!(status.code(), Some(0), "the stop failed (101 is a panic)");
    let db = rusqlite::Connection::open(dir.path().join("data/corpsite.db")).expect("open");
    let paths: Vec<String> = db
        .prepare("SELECT path FROM visits")
        .and_then(|mut query| {
            query
                .query_map([], |row| row.get(0))?
                .collect::<Result<_, _>>()
        })
        .expect("read the views");
    assert_eq!(paths, ["/contact"]);
}

#[test]
fn the_binary_alone_in_an_empty_folder_serves_the_whole_site() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lonely = dir.path().join("corpsite");
    std::fs::copy(BINARY, &lonely).expect("copy the binary");
    let server = Running::start(&lonely, &[], &[], dir.path());
    let page = send(server.addr, "GET", "/about/our_vision", &[]);
    assert_eq!(page.status, 200);
    let html = String::from_utf8_lossy(&page.body).into_owned();
    // An attribute may list several (the loader's `data-preload`).
    let assets: Vec<&str> = html
        .split('"')
        .flat_map(str::split_whitespace)
        .filter(|p| p.starts_with("/assets/"))
        .collect();
    assert!(!assets.is_empty(), "{html}");
    for asset in assets {
        let response = send(server.addr, "GET", asset, &[("Accept-Encoding", "br")]);
        assert_eq!(response.status, 200, "{asset}");
        assert_eq!(response.header("content-encoding").as_deref(), Some("br"));
    }
    assert!(
        dir.path().join("data/corpsite.db").is_file(),
        "the default data dir is ./data"
    );
}

#[test]
fn head_answers_headers_without_a_body_on_the_wire() {
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    let server = Running::start(Path::new(BINARY), &["--data-dir", "data"], &[], dir.path());
    let response = send(server.addr, "HEAD", "/blogs", &[]);
    assert_eq!(response.status, 200);
    assert!(response.header("content-length").is_some_and(|l| l != "0"));
    assert!(response.body.is_empty());
}

/// Serves with stderr to a pipe (as under systemd or `2>file`), answers one `GET path` and
/// stops; answers everything the server logged.
fn log_of_one_request(path: &str, args: &[&str], envs: &[(&str, &str)]) -> String {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    let mut command = Command::new(BINARY);
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--admin-addr", "off"])
        .args(["--data-dir", "data"])
        .args(args)
        .current_dir(dir.path())
        .env("RUST_LOG", "corpsite=info")
        .env_remove("NO_COLOR")
        .env_remove("CORPSITE_LOG_FORMAT")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in envs {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("start corpsite");
    let addr = crate::common::process::serving_addr(&mut child);
    assert_eq!(send(addr, "GET", path, &[]).status, 200);
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let mut log = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut log)
        .expect("read the log");
    let _ = child.wait();
    log
}

#[test]
fn a_log_that_is_not_a_terminal_has_no_colour_codes() {
    for envs in [&[][..], &[("CORPSITE_LOG_FORMAT", "text")]] {
        let log = log_of_one_request("/contact", &[], envs);
        assert!(
            log.contains("request"),
            "{envs:?}: no request line in {log:?}"
        );
        assert!(!log.contains("\x1b["), "{envs:?}: colour codes in {log:?}");
    }
}

#[test]
fn the_json_log_has_a_line_a_request_with_its_fields_as_keys() {
    let from_flag = log_of_one_request("/blogs", &["--log-format", "json"], &[]);
    let from_env = log_of_one_request("/blogs", &[], &[("CORPSITE_LOG_FORMAT", "json")]);
    for log in [from_flag, from_env] {
        assert!(!log.contains("\x1b["), "colour codes in {log:?}");
        let lines: Vec<serde_json::Value> = log
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line:?}")))
            .collect();
        let request = lines
            .iter()
            .find(|line| line["path"] == "/blogs")
            .unwrap_or_else(|| panic!("no request line in {log}"));
        assert_eq!(request["method"], "GET", "{request}");
        assert_eq!(request["status"], 200, "{request}");
        assert!(request["latency_ms"].is_number(), "{request}");
        assert_eq!(request["level"], "INFO", "{request}");
        assert_eq!(request["message"], "request", "{request}");
    }
}

#[test]
fn the_other_commands_log_json_with_the_env_var() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data_dir = dir.path().join("data");
    let out = run(
        &[
            "staff",
            "list",
            "--data-dir",
            data_dir.to_str().expect("utf-8"),
        ],
        &[
            ("CORPSITE_LOG_FORMAT", "json"),
            ("RUST_LOG", "corpsite=info"),
        ],
    );
    assert!(out.status.success());
    let log = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<serde_json::Value> = log
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line:?}")))
        .collect();
    assert!(
        lines
            .iter()
            .any(|line| line["message"] == "applied migration" && line["version"] == 1),
        "{log}"
    );
}

#[test]
fn a_log_format_that_is_not_text_or_json_is_refused() {
    let out = run(&["serve", "--log-format", "yaml"], &[]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--log-format"), "{stderr}");
}

#[test]
fn the_serving_line_names_the_public_url_when_it_is_set() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    seeded_data_dir(&dir.path().join("data"));
    for (public_url, expected) in [
        (
            Some("https://www.example.com"),
            Some("; visitors reach it at https://www.example.com)"),
        ),
        (None, None),
    ] {
        let mut command = Command::new(BINARY);
        command
            .args(["serve", "--addr", "127.0.0.1:0", "--admin-addr", "off"])
            .arg("--data-dir")
            .arg(dir.path().join("data"))
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(url) = public_url {
            command.args(["--public-url", url]);
        }
        let mut child = command.spawn().expect("start corpsite");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the serving line");
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            line.starts_with("corpsite is serving http://127.0.0.1:"),
            "{line}"
        );
        match expected {
            Some(words) => assert!(line.trim_end().ends_with(words), "{line}"),
            None => assert!(!line.contains("visitors reach it"), "{line}"),
        }
    }
}
