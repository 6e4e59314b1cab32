//! The binary started like a desktop program on a demo laptop (`corpsite demo`, or no
//! argument and no terminal): the application-data folder, the next free port, the admin
//! address left off when taken, and the browser opened on the site.

use std::fs;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::process::{send, serving_addr, BINARY};
use crate::common::tls::eventually;

/// A started copy, its log, and the process ended when dropped.
struct Demo {
    child: std::process::Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl Demo {
    /// Starts `corpsite ARGS` with nothing of the test's environment but PATH: HOME and
    /// XDG_DATA_HOME in `home`, BROWSER a script that appends the URL it is given to
    /// `home/opened`. Stdin and stdout are not terminals.
    fn start(home: &Path, args: &[&str], name: &str) -> Demo {
        let log = home.join(format!("{name}.log"));
        let mut child = Command::new(BINARY)
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("xdg"))
            .env("BROWSER", home.join("browser.sh"))
            .env("RUST_LOG", "info")
            .current_dir(home)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start corpsite");
        let addr = serving_addr(&mut child);
        Demo { child, addr, log }
    }

    /// Stops it (SIGTERM, as closing it does) and returns its whole log.
    fn stop(mut self) -> String {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
        fs::read_to_string(&self.log).expect("log")
    }
}

impl Drop for Demo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn opened(home: &Path) -> Vec<String> {
    fs::read_to_string(home.join("opened"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// One test: ports 8080 and 9090 are the machine's, so the cases must not race each other.
#[test]
fn a_demo_start_finds_a_free_port_keeps_its_data_in_the_users_folder_and_opens_the_browser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let home = dir.path();
    let script = home.join("browser.sh");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$1\" >> '{}'\n",
            home.join("opened").display()
        ),
    )
    .expect("browser script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    // Held by the test, as another program on the laptop would. Either may already be
    // someone else's: the demo then skips it all the same.
    let site_port = TcpListener::bind("127.0.0.1:8080").ok();
    let admin_port = TcpListener::bind("127.0.0.1:9090").ok();

    let first = Demo::start(home, &["demo"], "first");
    if site_port.is_some() {
        assert_ne!(first.addr.port(), 8080, "8080 is held by the test");
    }
    assert!((8080..=8099).contains(&first.addr.port()), "{}", first.addr);
    assert!(first.addr.ip().is_loopback(), "{}", first.addr);
    assert_eq!(send(first.addr, "GET", "/", &[]).status, 200);
    let url = format!("http://{}/", first.addr);
    assert!(
        eventually(Duration::from_secs(10), || opened(home) == [url.clone()]),
        "the browser was given {:?}, not {url}",
        opened(home)
    );
    assert!(home.join("xdg/corpsite/corpsite.db").is_file());
    assert!(!home.join(".local/share/corpsite").exists());

    // A second copy, started with no argument at all and no terminal (a double-click in a
    // file manager), starts as `demo` does, on a port after the first's.
    let second = Demo::start(home, &[], "second");
    assert!(
        second.addr.port() > first.addr.port() && second.addr.port() <= 8099,
        "{} after {}",
        second.addr,
        first.addr
    );
    assert_eq!(send(second.addr, "GET", "/contact", &[]).status, 200);
    let second_url = format!("http://{}/", second.addr);
    assert!(
        eventually(Duration::from_secs(10), || opened(home)
            == [url.clone(), second_url.clone()]),
        "{:?}",
        opened(home)
    );

    // --no-browser: served and announced, no browser.
    let quiet = Demo::start(home, &["demo", "--no-browser"], "quiet");
    assert_eq!(send(quiet.addr, "GET", "/", &[]).status, 200);
    let quiet_log = quiet.stop();
    assert!(!quiet_log.contains("browser"), "{quiet_log}");

    for (log, name) in [(first.stop(), "first"), (second.stop(), "second")] {
        let admin_off = log
            .lines()
            .filter(|line| line.contains("admin address (/metrics, /healthz) is off"))
            .count();
        // The first copy finds 9090 taken (by the test or by another program); the second
        // finds it taken by the test, another program or the first copy.
        assert_eq!(admin_off, 1, "{name}: {log}");
        assert!(
            log.contains("asked the browser to open the site"),
            "{name}: {log}"
        );
    }
    assert_eq!(
        opened(home).len(),
        2,
        "--no-browser opened one: {:?}",
        opened(home)
    );
    drop((site_port, admin_port));
}
