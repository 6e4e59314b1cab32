//! corpsite: the public website of a corporate services group as one binary.
//!
//! `config` reads settings, `domain` parses form input, `store` keeps data in SQLite, `http`
//! answers requests, `cli` holds the office's commands (exports, backup) and `server` runs
//! the HTTP/1.1 listener with the connection limits plain `warp::serve` lacks.

pub mod cli;
pub mod config;
pub mod domain;
pub mod http;
pub mod server;
pub mod store;
pub mod telemetry;
