//! corpsite: the public website of a corporate services group as one binary.
//!
//! `config` reads settings, `domain` parses input, `store` keeps data in SQLite, `http` answers
//! requests, `cli` holds the office's commands (blog publishing, exports, backup), `publish`
//! turns post files into blogs and `server` runs the HTTP/1.1 listener with the connection
//! limits plain `warp::serve` lacks.

pub mod cli;
pub mod config;
pub mod domain;
pub mod http;
pub mod publish;
pub mod server;
pub mod store;
pub mod telemetry;
