//! A per-client token bucket for the form POSTs.
//!
//! Each client address gets a bucket of `ceil(N/2)` tokens that refills at N a minute; a
//! request takes one token or is answered 429 with Retry-After. It is kept as the generic cell
//! rate algorithm (one instant per client, exact in nanoseconds). IPv6 clients are counted
//! per /64, the block one subscriber controls. Buckets that have refilled are forgotten, and
//! the table never holds more than `MAX_TRACKED` clients, so memory stays bounded under a flood.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use prometheus_client::metrics::counter::Counter;
use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::Filter;

use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::marks::ClientAddr;

const MAX_TRACKED: usize = 65_536;
const SWEEP_EVERY: Duration = Duration::from_secs(60);

#[derive(Debug)]
struct Table {
    /// When each client's bucket will be full again (its "theoretical arrival time").
    full_at: HashMap<IpAddr, Instant>,
    last_sweep: Instant,
}

#[derive(Debug)]
pub struct RateLimiter {
    /// Time for one token to come back.
    interval: Duration,
    /// How far ahead of now a bucket's `full_at` may be and still hold a token.
    burst_allowance: Duration,
    table: Mutex<Table>,
}

impl RateLimiter {
    /// `None` when `per_minute` is 0: no limit.
    pub fn new(per_minute: u32, now: Instant) -> Option<RateLimiter> {
        if per_minute == 0 {
            return None;
        }
        let interval = Duration::from_secs(60) / per_minute;
        let capacity = per_minute.div_ceil(2);
        Some(RateLimiter {
            interval,
            burst_allowance: interval * (capacity - 1),
            table: Mutex::new(Table {
                full_at: HashMap::new(),
                last_sweep: now,
            }),
        })
    }

    /// Takes a token for `client`, or says how long until one is available.
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let key = client_block(client);
        let Ok(mut table) = self.table.lock() else {
            // Only a panic elsewhere poisons the lock; fail open rather than refuse every lead.
            return Ok(());
        };
        if now.saturating_duration_since(table.last_sweep) >= SWEEP_EVERY
            || (table.full_at.len() >= MAX_TRACKED && !table.full_at.contains_key(&key))
        {
            sweep(&mut table, now);
        }
        let full_at = table.full_at.entry(key).or_insert(now);
        let start = (*full_at).max(now);
        let ahead = start.duration_since(now);
        if ahead > self.burst_allowance {
            return Err(ahead - self.burst_allowance);
        }
        *full_at = start + self.interval;
        Ok(())
    }

    #[cfg(test)]
    fn tracked_clients(&self) -> usize {
        self.table.lock().map(|t| t.full_at.len()).unwrap_or(0)
    }
}

/// Forgets full buckets (a new one is the same); if the table is still full, forgets the
/// client closest to full to make room.
fn sweep(table: &mut Table, now: Instant) {
    table.last_sweep = now;
    table.full_at.retain(|_, full_at| *full_at > now);
    if table.full_at.len() >= MAX_TRACKED {
        let soonest = table
            .full_at
            .iter()
            .min_by_key(|(_, full_at)| **full_at)
            .map(|(key, _)| *key);
        if let Some(soonest) = soonest {
            table.full_at.remove(&soonest);
        }
    }
}

/// The block a client is counted by: an IPv4 address, or an IPv6 address's /64 (the block
/// one subscriber controls: counting single IPv6 addresses would let one client take as many
/// turns as it has addresses).
pub fn client_block(client: IpAddr) -> IpAddr {
    match client.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// The client's address: the peer, or when the peer is a trusted proxy, the right-most
/// X-Forwarded-For entry that is not a trusted proxy (entries further left are whatever the
/// client chose to send). An unreadable entry stops the walk at the proxy itself.
pub fn client_ip(peer: IpAddr, forwarded_for: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted.contains(&peer) {
        return peer;
    }
    let entries = forwarded_for
        .iter()
        .rev()
        .flat_map(|header| header.rsplit(','));
    for entry in entries {
        match parse_forwarded_ip(entry.trim()) {
            Some(ip) if trusted.contains(&ip) => continue,
            Some(ip) => return ip,
            None => return peer,
        }
    }
    peer
}

/// `203.0.113.7`, `2001:db8::1`, and the forms with a port: `203.0.113.7:4711`, `[2001:db8::1]:4711`.
fn parse_forwarded_ip(entry: &str) -> Option<IpAddr> {
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Ok(addr) = entry.parse::<std::net::SocketAddr>() {
        return Some(addr.ip().to_canonical());
    }
    let bracketed = entry.strip_prefix('[')?.split(']').next()?;
    bracketed.parse::<IpAddr>().ok().map(|ip| ip.to_canonical())
}

/// A per-client limit as the handlers use it: the form posts share one
/// (`AppState::form_limit`), searches have their own (`AppState::search_limit`).
pub struct ClientLimit {
    limiter: Option<RateLimiter>,
    /// Counts the refusals, for `/metrics`.
    refused: Counter,
}

impl ClientLimit {
    /// `per_minute` 0: no limit. Each refusal bumps `refused`.
    pub fn new(per_minute: u32, refused: Counter) -> ClientLimit {
        ClientLimit {
            limiter: RateLimiter::new(per_minute, Instant::now()),
            refused,
        }
    }

    /// Takes one token for `client`, or answers 429 with the wait.
    pub fn check(&self, client: IpAddr) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check(client, Instant::now()).map_err(|wait| {
            self.refused.inc();
            ApiError::TooManyRequests {
                retry_after_secs: wait.as_secs_f64().ceil() as u64,
            }
        })
    }
}

/// The client's address (see `client_ip`). Never rejects: without a peer (not over the real
/// server) every request counts as 0.0.0.0.
pub fn client(trusted: Arc<Vec<IpAddr>>) -> BoxedFilter<(IpAddr,)> {
    warp::ext::optional::<ClientAddr>()
        .and(warp::header::headers_cloned())
        .map(move |peer: Option<ClientAddr>, headers: HeaderMap| {
            let peer = peer.map_or(IpAddr::from([0, 0, 0, 0]), |ClientAddr(addr)| addr.ip());
            let forwarded: Vec<&str> = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .collect();
            client_ip(peer, &forwarded, &trusted)
        })
        .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    #[test]
    fn ten_a_minute_allows_a_burst_of_five_then_one_every_six_seconds() {
        let start = Instant::now();
        let limiter = RateLimiter::new(10, start).expect("limited");
        let client = ip("203.0.113.7");
        for n in 1..=5 {
            assert_eq!(limiter.check(client, start), Ok(()), "request {n}");
        }
        let wait = limiter.check(client, start).expect_err("sixth is refused");
        assert_eq!(wait.as_secs_f64().ceil(), 6.0);
        assert!(limiter
            .check(client, start + Duration::from_secs(5))
            .is_err());
        assert_eq!(
            limiter.check(client, start + Duration::from_secs(6)),
            Ok(())
        );
        assert!(limiter
            .check(client, start + Duration::from_secs(6))
            .is_err());
    }

    #[test]
    fn clients_have_their_own_buckets_but_an_ipv6_slash_64_shares_one() {
        let start = Instant::now();
        let limiter = RateLimiter::new(2, start).expect("limited");
        assert_eq!(limiter.check(ip("198.51.100.1"), start), Ok(()));
        assert!(limiter.check(ip("198.51.100.1"), start).is_err());
        assert_eq!(limiter.check(ip("198.51.100.2"), start), Ok(()));
        assert_eq!(limiter.check(ip("2001:db8:1:2::1"), start), Ok(()));
        assert!(
            limiter.check(ip("2001:db8:1:2:ffff::9"), start).is_err(),
            "same /64"
        );
        assert_eq!(limiter.check(ip("2001:db8:1:3::1"), start), Ok(()));
        assert!(
            limiter.check(ip("::ffff:198.51.100.1"), start).is_err(),
            "IPv4-mapped is the same client"
        );
    }

    #[test]
    fn zero_turns_the_limit_off() {
        assert!(RateLimiter::new(0, Instant::now()).is_none());
    }

    #[test]
    fn idle_clients_are_forgotten_and_the_table_never_outgrows_its_bound() {
        let start = Instant::now();
        let limiter = RateLimiter::new(60, start).expect("limited");
        for n in 0..(MAX_TRACKED as u32 + 100) {
            let client = IpAddr::from(n.to_be_bytes());
            assert_eq!(limiter.check(client, start), Ok(()));
        }
        assert!(limiter.tracked_clients() <= MAX_TRACKED);
        // A minute later every bucket has refilled; the next request sweeps them away.
        let later = start + SWEEP_EVERY;
        assert_eq!(limiter.check(ip("192.0.2.1"), later), Ok(()));
        assert_eq!(limiter.tracked_clients(), 1);
    }

    #[test]
    fn the_client_address_comes_from_forwarded_for_only_behind_a_trusted_proxy() {
        let proxy = ip("10.0.0.2");
        let trusted = [proxy, ip("10.0.0.3")];
        // (case, peer, X-Forwarded-For headers, trusted proxies, expected client)
        type Case<'a> = (&'a str, IpAddr, &'a [&'a str], &'a [IpAddr], &'a str);
        let cases: &[Case] = &[
            (
                "no proxy configured",
                ip("203.0.113.9"),
                &["198.51.100.1"],
                &[],
                "203.0.113.9",
            ),
            (
                "peer is not the proxy",
                ip("203.0.113.9"),
                &["198.51.100.1"],
                &trusted,
                "203.0.113.9",
            ),
            (
                "one hop",
                proxy,
                &["198.51.100.1"],
                &trusted,
                "198.51.100.1",
            ),
            (
                "spoofed left entries are ignored",
                proxy,
                &["1.1.1.1, 198.51.100.1"],
                &trusted,
                "198.51.100.1",
            ),
            (
                "two trusted hops",
                proxy,
                &["198.51.100.1, 10.0.0.3"],
                &trusted,
                "198.51.100.1",
            ),
            (
                "several headers read as one list",
                proxy,
                &["6.6.6.6", "198.51.100.1"],
                &trusted,
                "198.51.100.1",
            ),
            (
                "ports and brackets",
                proxy,
                &["[2001:db8::7]:443"],
                &trusted,
                "2001:db8::7",
            ),
            (
                "ipv4 with port",
                proxy,
                &["198.51.100.1:5555"],
                &trusted,
                "198.51.100.1",
            ),
            (
                "garbage stops at the proxy",
                proxy,
                &["198.51.100.1, unknown"],
                &trusted,
                "10.0.0.2",
            ),
            ("no header", proxy, &[], &trusted, "10.0.0.2"),
            ("only proxies", proxy, &["10.0.0.3"], &trusted, "10.0.0.2"),
        ];
        for (case, peer, headers, trusted, expected) in cases {
            assert_eq!(client_ip(*peer, headers, trusted), ip(expected), "{case}");
        }
    }
}
