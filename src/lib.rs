//! corpsite: the public website of a corporate services group as one binary.
//!
//! `config` reads settings, `store` keeps data in SQLite, `http` answers requests and
//! `server` runs the HTTP/1.1 listener with the connection limits plain `warp::serve` lacks.

pub mod cli;
pub mod config;
pub mod domain;
pub mod http;
pub mod publish;
pub mod server;
pub mod store;
pub mod telemetry;
