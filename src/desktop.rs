//! Starting like a desktop program (`corpsite demo`, or the binary double-clicked in a file
//! manager): the system's application-data folder, the ports tried in turn, and the default
//! browser. Nothing here reaches the network.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::platform;

/// The folder name under the system's application-data folder.
const APP_FOLDER: &str = "corpsite";

/// The first port `corpsite demo` tries, and the last: a demo laptop running something on
/// 8080 (or a second copy) gets 8081, then 8082...
pub const DEMO_FIRST_PORT: u16 = 8080;
pub const DEMO_LAST_PORT: u16 = 8099;

/// The system's application-data folder for corpsite: `$XDG_DATA_HOME/corpsite`, else
/// `$HOME/.local/share/corpsite` (Linux and other Unix); `~/Library/Application Support/corpsite`
/// (macOS); `%APPDATA%\corpsite` (Windows). `None` when the variables it is built from are
/// unset or empty.
pub fn app_data_dir() -> Option<PathBuf> {
    app_data_dir_from(|name| std::env::var_os(name))
}

fn app_data_dir_from(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    Some(platform::app_data_base(var)?.join(APP_FOLDER))
}

/// Whether the binary was started as a desktop program rather than from a shell or by a
/// service manager: no argument, neither stdin nor stdout a terminal, and no `CORPSITE_*`
/// variable set (a service unit that configures corpsite by its environment gets `serve`).
pub fn started_from_desktop() -> bool {
    let no_arguments = std::env::args_os().len() == 1;
    let configured = std::env::vars_os().any(|(name, _)| {
        name.to_str()
            .is_some_and(|name| name.starts_with("CORPSITE_"))
    });
    no_arguments
        && !configured
        && !std::io::stdin().is_terminal()
        && !std::io::stdout().is_terminal()
}

/// Opens `url` in the default browser: the program `$BROWSER` names (given the URL as its
/// argument), else the system's opener. Does not wait for it; a failure is one log line.
pub fn open_in_browser(url: &str) {
    let (program, args) = browser_command(std::env::var_os("BROWSER"));
    let spawned = Command::new(&program)
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match spawned {
        Ok(mut child) => {
            tracing::info!(url, browser = ?program, "asked the browser to open the site");
            // Reaped when it ends, so no zombie is left while the site serves.
            std::thread::spawn(move || {
                if let Ok(status) = child.wait() {
                    if !status.success() {
                        tracing::warn!(%status, browser = ?program, "the browser did not open the site; open it by hand");
                    }
                }
            });
        }
        Err(err) => {
            tracing::warn!(url, browser = ?program, error = %err, "cannot open a browser; open the site by hand")
        }
    }
}

/// The program and its first arguments (the URL comes after them).
fn browser_command(browser: Option<OsString>) -> (OsString, Vec<&'static str>) {
    if let Some(browser) = browser.filter(|value| !value.is_empty()) {
        return (browser, Vec::new());
    }
    platform::url_opener()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::test_vars as vars;

    #[test]
    fn the_data_folder_is_corpsite_in_the_systems_folder() {
        let all = [
            ("XDG_DATA_HOME", "/x/data"),
            ("HOME", "/home/a"),
            ("APPDATA", "/home/a/AppData/Roaming"),
        ];
        let base = platform::app_data_base(vars(&all)).expect("a folder");
        assert_eq!(app_data_dir_from(vars(&all)), Some(base.join("corpsite")));
        assert_eq!(app_data_dir_from(vars(&[])), None);
    }

    #[test]
    fn the_browser_variable_wins_over_the_systems_opener() {
        let (program, args) = browser_command(Some("/opt/my browser".into()));
        assert_eq!(program, OsString::from("/opt/my browser"));
        assert!(args.is_empty());
        let (program, _) = browser_command(Some("".into()));
        assert_ne!(program, OsString::from(""));
        assert_eq!(browser_command(None), platform::url_opener());
    }
}
