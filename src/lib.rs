//! corpsite: the public website of a corporate services group as one binary.
//!
//! The layers, lowest first; a module uses only those below it (`tests/layers.rs` reads
//! every `crate::` path and fails on one that points up):
//!
//! - `domain`: validated values, pure rules; nothing of the crate but itself.
//! - `store`: SQLite (rusqlite, refinery migrations); uses `domain`.
//! - `content` (post files, the media folder, the demo seed), `render` (the server-side
//!   rendering of the site's pages, which knows neither warp nor SQLite) and `mail` (what
//!   the site sends and the outbox's sender): `store` and `domain`.
//! - `http`: the routes and their handlers; everything above but `cli` and `server`.
//! - `cli`: the command line's grammar and the office's commands; not `http` nor `server`.
//! - `server` and `tls`: the listener with the connection limits plain `warp::serve` lacks,
//!   HTTPS, and the long-lived background tasks; they start everything.
//!
//! `settings` (what the server runs with), `desktop` (a start as a desktop program: data
//! folder, browser), `health` (the backups' and certificate's state), `metrics` (the
//! Prometheus counters) and `telemetry` are leaves the upper layers may use.
//!
//! Under everything but `domain`, `platform` holds what differs between operating systems
//! (file modes, signals, the open-files limit, the allocator); no other module names one.

pub mod cli;
pub mod content;
pub mod desktop;
pub mod domain;
pub mod health;
pub mod http;
pub mod mail;
pub mod metrics;
pub mod office;
pub mod platform;
pub mod render;
pub mod server;
pub mod settings;
pub mod store;
pub mod telemetry;
pub mod tls;
