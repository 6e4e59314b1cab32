//! corpsite: the public website of a corporate services group as one binary.
//!
//! Dependencies point one way: `cli` and `server` use `http` and `mail`; `http` uses
//! `publish` and `render` (the server-side rendering of the site's pages, which knows
//! neither warp nor SQLite); `publish` and `mail` use `store`, which uses `domain`.
//! `settings` (what the server runs with), `health` (the backups' and certificate's state),
//! `metrics` (the Prometheus counters) and `telemetry` are leaves any of them may use. `cli` holds the command line's grammar and the office's
//! commands; `server` runs the HTTP/1.1 listener with the connection limits plain
//! `warp::serve` lacks, and the long-lived background tasks.

pub mod cli;
pub mod domain;
pub mod health;
pub mod http;
pub mod mail;
pub mod memory;
pub mod metrics;
pub mod publish;
pub mod render;
pub mod server;
pub mod settings;
pub mod store;
pub mod telemetry;
pub mod tls;
