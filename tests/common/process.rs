//! The real binary, started as the office starts it, and a tiny HTTP/1.1 client.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

pub const BINARY: &str = env!("CARGO_BIN_EXE_corpsite");

/// Runs `corpsite ARGS --data-dir DATA_DIR` to its end, as the office runs a command.
pub fn run_in(args: &[&str], data_dir: &Path) -> Output {
    Command::new(BINARY)
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run corpsite")
}

/// `corpsite settings COMMAND FILE --data-dir DATA_DIR` (`export` or `import`).
pub fn settings(command: &str, file: &Path, data_dir: &Path) -> Output {
    run_in(
        &["settings", command, file.to_str().expect("path")],
        data_dir,
    )
}

/// `settings COMMAND FILE` that must succeed: what it printed, without the last newline.
pub fn settings_done(command: &str, file: &Path, data_dir: &Path) -> String {
    let output = settings(command, file, data_dir);
    assert!(output.status.success(), "{output:?}");
    stdout(&output).trim_end().to_owned()
}

/// `settings COMMAND FILE` that must fail: what it said (stderr), which must be no panic.
pub fn settings_refused(command: &str, file: &Path, data_dir: &Path) -> String {
    let output = settings(command, file, data_dir);
    assert!(!output.status.success(), "{output:?}");
    let said = stderr(&output);
    assert!(!said.contains("panicked"), "{said}");
    said
}

/// What a command printed, as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub struct Running {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Running {
    /// Starts `corpsite` with `args` on a free port and waits for its "serving" line.
    pub fn start(binary: &Path, args: &[&str], envs: &[(&str, &str)], cwd: &Path) -> Running {
        let mut command = Command::new(binary);
        command
            .args(args)
            .current_dir(cwd)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if !args.contains(&"--addr") && !envs.iter().any(|(k, _)| *k == "CORPSITE_ADDR") {
            command.env("CORPSITE_ADDR", "127.0.0.1:0");
        }
        // Never the default admin port: tests run side by side.
        if !args.contains(&"--admin-addr") && !envs.iter().any(|(k, _)| *k == "CORPSITE_ADMIN_ADDR")
        {
            command.env("CORPSITE_ADMIN_ADDR", "127.0.0.1:0");
        }
        for (key, value) in envs {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("start corpsite");
        let addr = serving_addr(&mut child);
        Running { child, addr }
    }

    pub fn terminate(&mut self) {
        // SAFETY-free: the kill command sends SIGTERM like a service manager does.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The address in the "serving http://ADDRESS/" line a started `corpsite serve` prints first
/// on its stdout.
pub fn serving_addr(child: &mut Child) -> SocketAddr {
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read the serving line");
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
}

pub struct RawResponse {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }
}

/// Sends one request on a new connection (Connection: close) and reads the whole answer.
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra_headers: &[(&str, &str)],
) -> RawResponse {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (key, value) in extra_headers {
        request.push_str(&format!("{key}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).expect("write");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read");
    parse(&raw)
}

pub fn parse(raw: &[u8]) -> RawResponse {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    RawResponse {
        status,
        head,
        body: raw[split + 4..].to_vec(),
    }
}
