//! Structured logs on stderr; the level comes from RUST_LOG (default: info for corpsite).
//!
//! Two formats: `text`, one readable line an event, and `json`, one JSON object a line with
//! the event's fields (a request's method, path, status and latency_ms) as top-level keys,
//! for journald, Loki and the like. Text is coloured only when stderr is a terminal and
//! `NO_COLOR` is unset or empty (https://no-color.org): a file or the journal gets no
//! escape codes.

use std::ffi::OsStr;
use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// How log lines are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One readable line an event.
    #[default]
    Text,
    /// One JSON object a line, the event's fields as top-level keys.
    Json,
}

/// Whether text logs get colour: only on a terminal, and never when `NO_COLOR` holds any
/// value but the empty one.
fn colour(stderr_is_terminal: bool, no_color: Option<&OsStr>) -> bool {
    stderr_is_terminal && no_color.is_none_or(OsStr::is_empty)
}

pub fn init(format: LogFormat) {
    // rustls warns of every client's odd-but-harmless handshake (an IP address as SNI, as
    // scanners and benchmark tools send): a line per connection would drown the log.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("corpsite=info,rustls=error,warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false);
    // A second init (tests) keeps the first subscriber.
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(colour(
                std::io::stderr().is_terminal(),
                std::env::var_os("NO_COLOR").as_deref(),
            ))
            .try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_and_never_with_no_color_set() {
        let cases: &[(bool, Option<&str>, bool)] = &[
            (true, None, true),
            (true, Some(""), true),
            (true, Some("1"), false),
            (true, Some("0"), false),
            (true, Some("false"), false),
            (false, None, false),
            (false, Some(""), false),
            (false, Some("1"), false),
        ];
        for (terminal, no_color, expected) in cases {
            assert_eq!(
                colour(*terminal, no_color.map(OsStr::new)),
                *expected,
                "terminal {terminal}, NO_COLOR {no_color:?}"
            );
        }
    }

    #[test]
    fn the_formats_are_named_text_and_json() {
        use clap::ValueEnum;
        for (name, format) in [("text", LogFormat::Text), ("json", LogFormat::Json)] {
            assert_eq!(LogFormat::from_str(name, false), Ok(format), "{name}");
        }
        assert!(LogFormat::from_str("yaml", false).is_err());
        assert_eq!(LogFormat::default(), LogFormat::Text);
    }
}
