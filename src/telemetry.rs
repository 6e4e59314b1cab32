//! Structured logs on stderr; the level comes from RUST_LOG (default: info for corpsite).

use tracing_subscriber::EnvFilter;

pub fn init() {
    // rustls warns of every client's odd-but-harmless handshake (an IP address as SNI, as
    // scanners and benchmark tools send): a line per connection would drown the log.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("corpsite=info,rustls=error,warn"));
    // A second init (tests) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}
