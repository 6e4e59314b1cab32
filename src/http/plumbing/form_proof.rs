//! The forms' proof of work as the server keeps it (`domain::form_proof` is what a challenge
//! and an answer are): the key challenges are signed with, the answers already taken (each
//! is taken once, and remembered until its challenge expires), and each client's posts of
//! the last hour, which set its next difficulty.
//!
//! The difficulty doubles with each post of a client (an IPv4 address, an IPv6 /64) within
//! the hour only while the form rate limit is on: with `--rate-limit 0` (the browser tests,
//! which post every form from one loopback client) every challenge has the first post's
//! difficulty. Both tables are bounded, so a flood cannot grow them without end.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use prometheus_client::metrics::counter::Counter;
use warp::http::HeaderMap;

use crate::domain::form_proof::{self, Challenge, ProofForm, ProofKey, Refusal};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::rate_limit::client_block;

/// Answers remembered at once (each until its challenge expires, 5 minutes): beyond this,
/// posts wait (503) rather than let memory grow.
const MAX_TAKEN: usize = 100_000;
/// Clients whose posts of the hour are remembered at once.
const MAX_CLIENTS: usize = 65_536;
/// How far back a client's posts count.
const HOUR: Duration = Duration::from_secs(3600);

/// What the visitor is told when a post's proof is refused. The browser fetches a new
/// challenge and sends once more when it sees `errors.proof`, so a visitor only reads this
/// when that fails too.
pub const REFUSED: &str = "This form could not be checked as sent by a person. Please try again; if it keeps failing, write to us by email.";

/// How a post stood with the proof, as its lead records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// A valid answer, solved in this many milliseconds (as the browser measured it).
    Passed { solve_ms: u32 },
    /// The server runs with `--form-proof off` (tests only).
    Off,
    /// A trusted caller's live API key took the proof's place (`store::api_keys`): the lead
    /// records no proof.
    Key,
}

impl Proof {
    /// The lead's `proof` column (none for a key's post).
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Proof::Passed { .. } => Some("passed"),
            Proof::Off => Some("off"),
            Proof::Key => None,
        }
    }

    /// The lead's `proof_ms` column.
    pub fn solve_ms(self) -> Option<u32> {
        match self {
            Proof::Passed { solve_ms } => Some(solve_ms),
            Proof::Off | Proof::Key => None,
        }
    }
}

/// The proof's state, one per server.
pub struct FormProofs {
    key: ProofKey,
    required: bool,
    /// Whether a client's posts of the hour raise its difficulty (the form limit is on).
    doubling: bool,
    taken: Mutex<Taken>,
    posts: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    /// Refusals by reason, for `/metrics`.
    refused: Vec<(Refusal, Counter)>,
}

#[derive(Default)]
struct Taken {
    /// Each answer's salt and when its challenge expires (Unix seconds).
    salts: HashMap<[u8; 16], u64>,
    last_sweep: u64,
}

impl FormProofs {
    /// `required` false: `--form-proof off`. `doubling`: the form rate limit is on.
    /// `refused` gives each reason's counter.
    pub fn new(
        required: bool,
        doubling: bool,
        refused: impl Fn(Refusal) -> Counter,
    ) -> Result<FormProofs, getrandom::Error> {
        Ok(FormProofs {
            key: ProofKey::generate()?,
            required,
            doubling,
            taken: Mutex::new(Taken::default()),
            posts: Mutex::new(HashMap::new()),
            refused: Refusal::ALL
                .into_iter()
                .map(|reason| (reason, refused(reason)))
                .collect(),
        })
    }

    /// A new challenge for `client`'s next post of `form`, with its signed token.
    pub fn challenge(
        &self,
        form: ProofForm,
        client: IpAddr,
    ) -> Result<(Challenge, String), ApiError> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt).map_err(ApiError::unexpected)?;
        let challenge = Challenge {
            form,
            expires: unix_now() + form_proof::VALID_SECS,
            bits: self.bits_for(client, Instant::now()),
            salt,
        };
        let token = challenge.token(&self.key);
        Ok((challenge, token))
    }

    /// Checks a post's `Form-Proof` for `form` and takes the answer, or refuses the post
    /// (403 with `errors.proof`, counted by reason). With the proof off, every post passes.
    pub fn take(
        &self,
        form: ProofForm,
        client: IpAddr,
        headers: &HeaderMap,
    ) -> Result<Proof, ApiError> {
        if !self.required {
            return Ok(Proof::Off);
        }
        let header = headers
            .get(form_proof::HEADER)
            .and_then(|value| value.to_str().ok());
        let now = Instant::now();
        let outcome = form_proof::check(&self.key, header, form, unix_now()).and_then(|solved| {
            if solved.challenge.bits < self.bits_for(client, now) {
                return Err(Refusal::TooEasy);
            }
            self.take_once(&solved.challenge)?;
            Ok(solved)
        });
        match outcome {
            Ok(solved) => {
                self.count_post(client, now);
                Ok(Proof::Passed {
                    solve_ms: solved.solve_ms,
                })
            }
            Err(reason) => {
                if let Some((_, counter)) = self.refused.iter().find(|(r, _)| *r == reason) {
                    counter.inc();
                }
                tracing::info!(
                    reason = reason.as_str(),
                    "form post refused: no valid proof of work"
                );
                Err(ApiError::ProofRefused {
                    message: REFUSED,
                    errors: [("proof".to_owned(), reason.as_str().to_owned())].into(),
                })
            }
        }
    }

    /// The difficulty `client` is given now.
    fn bits_for(&self, client: IpAddr, now: Instant) -> u8 {
        if !self.doubling {
            return form_proof::BASE_BITS;
        }
        let Ok(posts) = self.posts.lock() else {
            return form_proof::BASE_BITS;
        };
        let recent = posts.get(&client_block(client)).map_or(0, |times| {
            times
                .iter()
                .filter(|at| now.saturating_duration_since(**at) < HOUR)
                .count()
        });
        form_proof::bits_after(recent)
    }

    /// Remembers the answer's salt until its challenge expires; refuses one seen before.
    fn take_once(&self, challenge: &Challenge) -> Result<(), Refusal> {
        let Ok(mut taken) = self.taken.lock() else {
            // Only a panic elsewhere poisons the lock: refuse, as an answer cannot be
            // known to be new.
            return Err(Refusal::Used);
        };
        let now = unix_now();
        if taken.salts.len() >= MAX_TAKEN || now >= taken.last_sweep + 60 {
            taken.salts.retain(|_, expires| *expires > now);
            taken.last_sweep = now;
        }
        if taken.salts.len() >= MAX_TAKEN {
            // Every remembered answer is still live: the oldest would have to be forgotten
            // and could then be replayed. Refused as used; none of it is a person's pace.
            return Err(Refusal::Used);
        }
        match taken.salts.entry(challenge.salt) {
            std::collections::hash_map::Entry::Occupied(_) => Err(Refusal::Used),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(challenge.expires);
                Ok(())
            }
        }
    }

    fn count_post(&self, client: IpAddr, now: Instant) {
        if !self.doubling {
            return;
        }
        let Ok(mut posts) = self.posts.lock() else {
            return;
        };
        let key = client_block(client);
        if posts.len() >= MAX_CLIENTS && !posts.contains_key(&key) {
            posts.retain(|_, times| {
                times.retain(|at| now.saturating_duration_since(*at) < HOUR);
                !times.is_empty()
            });
            if posts.len() >= MAX_CLIENTS {
                // Still full of clients posting this hour: one is forgotten (its next
                // challenge is the first's again; the rate limit still holds it).
                if let Some(any) = posts.keys().next().copied() {
                    posts.remove(&any);
                }
            }
        }
        let times = posts.entry(key).or_default();
        times.retain(|at| now.saturating_duration_since(*at) < HOUR);
        // Only as many as can raise the difficulty are kept.
        if times.len() >= usize::from(form_proof::MAX_EXTRA_BITS) {
            times.pop_front();
        }
        times.push_back(now);
    }
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proofs(doubling: bool) -> FormProofs {
        FormProofs::new(true, doubling, |_| Counter::default()).expect("key")
    }

    fn answered(proofs: &FormProofs, client: IpAddr) -> HeaderMap {
        let (challenge, token) = proofs
            .challenge(ProofForm::Enquiry, client)
            .expect("challenge");
        let nonce = form_proof::solve(&token, challenge.bits);
        let mut headers = HeaderMap::new();
        headers.insert(
            form_proof::HEADER,
            format!("{token}.{nonce}.120").parse().expect("header"),
        );
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    fn reason(err: ApiError) -> String {
        match err {
            ApiError::ProofRefused { errors, .. } => errors["proof"].clone(),
            other => panic!("not a refusal: {other:?}"),
        }
    }

    #[test]
    fn an_answer_is_taken_once() {
        let proofs = proofs(true);
        let client = ip("203.0.113.7");
        let headers = answered(&proofs, client);
        assert_eq!(
            proofs
                .take(ProofForm::Enquiry, client, &headers)
                .expect("first"),
            Proof::Passed { solve_ms: 120 }
        );
        let again = proofs.take(ProofForm::Enquiry, ip("198.51.100.1"), &headers);
        assert_eq!(reason(again.expect_err("replayed")), "used");
    }

    #[test]
    fn each_post_within_the_hour_doubles_the_next_challenge_for_the_client_and_its_slash_64() {
        let proofs = proofs(true);
        let client = ip("2001:db8:1:2::1");
        let neighbour = ip("2001:db8:1:2::ff");
        for n in 0..8u8 {
            let bits = proofs
                .challenge(ProofForm::Enquiry, neighbour)
                .expect("challenge")
                .0
                .bits;
            assert_eq!(
                bits,
                form_proof::BASE_BITS + n.min(form_proof::MAX_EXTRA_BITS),
                "after {n} posts"
            );
            proofs
                .take(ProofForm::Enquiry, client, &answered(&proofs, client))
                .expect("taken");
        }
        let stranger = proofs
            .challenge(ProofForm::Enquiry, ip("2001:db8:1:3::1"))
            .expect("challenge")
            .0;
        assert_eq!(stranger.bits, form_proof::BASE_BITS, "another /64");
    }

    #[test]
    fn an_answer_easier_than_the_clients_posts_now_call_for_is_refused() {
        let proofs = proofs(true);
        let client = ip("203.0.113.7");
        let early = answered(&proofs, client);
        proofs
            .take(ProofForm::Enquiry, client, &answered(&proofs, client))
            .expect("first post");
        let late = proofs.take(ProofForm::Enquiry, client, &early);
        assert_eq!(reason(late.expect_err("too easy")), "too_easy");
    }

    #[test]
    fn without_the_rate_limit_the_difficulty_stays_the_first_posts() {
        let proofs = proofs(false);
        let client = ip("127.0.0.1");
        for _ in 0..5 {
            proofs
                .take(ProofForm::Enquiry, client, &answered(&proofs, client))
                .expect("taken");
        }
        let (challenge, _) = proofs
            .challenge(ProofForm::Enquiry, client)
            .expect("challenge");
        assert_eq!(challenge.bits, form_proof::BASE_BITS);
    }

    #[test]
    fn with_the_proof_off_every_post_passes() {
        let proofs = FormProofs::new(false, true, |_| Counter::default()).expect("key");
        let taken = proofs.take(ProofForm::Application, ip("192.0.2.1"), &HeaderMap::new());
        assert_eq!(taken.expect("passes"), Proof::Off);
    }
}
