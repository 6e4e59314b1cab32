//! The marks the listener puts on each request (its client's address, whether it came over
//! TLS), for the filters that read them.

use std::net::SocketAddr;

/// The client's address, put on each request by the server (warp's own `addr::remote()`
/// only works under `warp::serve`).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub SocketAddr);

/// Put on a request by the server when it terminated TLS for it (`--domain`, `--tls-cert`):
/// the request reached the site over https.
#[derive(Debug, Clone, Copy)]
pub struct OverTls;
