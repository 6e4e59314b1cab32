//! The proof of work every public form carries: what a challenge is, how its answer is
//! written and checked. Stateless: the server keeps no challenge, only its key (and, apart
//! from here, the answers already taken and each client's recent posts).
//!
//! A challenge is a token the server signs:
//! `v1.<form>.<expires>.<bits>.<salt>.<mac>`, with `form` the endpoint it is for (`enquiry`
//! or `application`), `expires` a Unix time in seconds, `bits` the difficulty, `salt` 16
//! random bytes in hex and `mac` the HMAC-SHA-256, in hex, of everything before it (the text
//! `v1.<form>.<expires>.<bits>.<salt>`) under the server's key. Its answer is a decimal
//! `nonce` such that SHA-256 of the text `<token>.<nonce>` starts with at least `bits` zero
//! bits; the form's post sends `Form-Proof: <token>.<nonce>.<ms>`, `ms` being how long the
//! solving took, as the browser measured it (kept with the lead, never trusted for anything).
//! Each bit doubles the expected work: `bits` 12 takes 4,096 hashes on average.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The request header that carries a form's answer.
pub const HEADER: &str = "form-proof";
/// The version prefix of every token this code signs.
const VERSION: &str = "v1";
/// How long a challenge can be answered after it is given.
pub const VALID_SECS: u64 = 300;
/// The difficulty of a client's first post of the hour: about 0.1 to 0.3 s on a low-end
/// phone (docs/performance.md has the figures).
pub const BASE_BITS: u8 = 13;
/// How many times each further post within the hour may double it: 2^6 = 64 times the
/// first's work at most.
pub const MAX_EXTRA_BITS: u8 = 6;
/// The most a solving time is recorded as: the challenge's whole life.
const MAX_SOLVE_MS: u64 = VALID_SECS * 1000;

/// The endpoint a challenge is for: its answer is taken by no other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProofForm {
    /// `POST /api/clients/create`: contact enquiries and subscriptions.
    Enquiry,
    /// `POST /api/applicant/create`: job applications.
    Application,
}

impl ProofForm {
    pub const ALL: [ProofForm; 2] = [ProofForm::Enquiry, ProofForm::Application];

    pub fn as_str(self) -> &'static str {
        match self {
            ProofForm::Enquiry => "enquiry",
            ProofForm::Application => "application",
        }
    }

    pub fn parse(text: &str) -> Option<ProofForm> {
        ProofForm::ALL
            .into_iter()
            .find(|form| form.as_str() == text)
    }
}

/// Why an answer was refused: the label of `/metrics`' refusals, and what the visitor's
/// browser is told (it fetches a new challenge and tries once more).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// No `Form-Proof` header.
    Missing,
    /// A header that is not `<token>.<nonce>.<ms>`.
    Malformed,
    /// A token this server did not sign, or signed for another form.
    Forged,
    /// A token past its expiry.
    Expired,
    /// An answer that was taken already.
    Used,
    /// A token easier than this client's posts of the hour call for now.
    TooEasy,
    /// A nonce whose hash does not start with enough zero bits.
    Wrong,
}

impl Refusal {
    pub const ALL: [Refusal; 7] = [
        Refusal::Missing,
        Refusal::Malformed,
        Refusal::Forged,
        Refusal::Expired,
        Refusal::Used,
        Refusal::TooEasy,
        Refusal::Wrong,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Missing => "missing",
            Refusal::Malformed => "malformed",
            Refusal::Forged => "forged",
            Refusal::Expired => "expired",
            Refusal::Used => "used",
            Refusal::TooEasy => "too_easy",
            Refusal::Wrong => "wrong",
        }
    }
}

/// The server's signing key: random at each start, so a restart ends every challenge given
/// before it (and with it any chance to replay an answer the restart forgot).
pub struct ProofKey([u8; 32]);

impl ProofKey {
    pub fn generate() -> Result<ProofKey, getrandom::Error> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key)?;
        Ok(ProofKey(key))
    }

    #[cfg(test)]
    pub fn fixed(byte: u8) -> ProofKey {
        ProofKey([byte; 32])
    }

    fn mac(&self, signed: &str) -> [u8; 32] {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            unreachable!("HMAC takes a key of any length");
        };
        mac.update(signed.as_bytes());
        mac.finalize().into_bytes().into()
    }
}

/// A challenge as given: its parts, and the token that carries them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub form: ProofForm,
    /// Unix seconds.
    pub expires: u64,
    pub bits: u8,
    pub salt: [u8; 16],
}

impl Challenge {
    /// The signed token: what the client hashes with its nonce.
    pub fn token(&self, key: &ProofKey) -> String {
        let signed = self.signed_text();
        let mac = hex::encode(key.mac(&signed));
        format!("{signed}.{mac}")
    }

    fn signed_text(&self) -> String {
        format!(
            "{VERSION}.{}.{}.{}.{}",
            self.form.as_str(),
            self.expires,
            self.bits,
            hex::encode(self.salt)
        )
    }
}

/// An answer that holds: its challenge and the solving time the browser reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    pub challenge: Challenge,
    pub solve_ms: u32,
}

/// Checks an answer (`Form-Proof`'s value) to a challenge for `form` at Unix second `now`:
/// signature, form, expiry, then the work. Whether it was taken before and whether it is hard
/// enough for its client are the caller's to judge.
pub fn check(
    key: &ProofKey,
    header: Option<&str>,
    form: ProofForm,
    now: u64,
) -> Result<Solved, Refusal> {
    let header = header.ok_or(Refusal::Missing)?;
    // <token: 6 parts>.<nonce>.<ms>
    let mut parts = header.rsplitn(3, '.');
    let (Some(ms), Some(nonce), Some(token)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(Refusal::Malformed);
    };
    let solve_ms = decimal(ms).ok_or(Refusal::Malformed)?;
    decimal(nonce).ok_or(Refusal::Malformed)?;
    let challenge = parse_token(key, token, form)?;
    if now >= challenge.expires {
        return Err(Refusal::Expired);
    }
    if leading_zero_bits(&Sha256::digest(format!("{token}.{nonce}"))) < u32::from(challenge.bits) {
        return Err(Refusal::Wrong);
    }
    Ok(Solved {
        challenge,
        solve_ms: u32::try_from(solve_ms.min(MAX_SOLVE_MS)).unwrap_or(u32::MAX),
    })
}

/// A token's parts, once its MAC holds and it names `form`.
fn parse_token(key: &ProofKey, token: &str, form: ProofForm) -> Result<Challenge, Refusal> {
    let (signed, mac) = token.rsplit_once('.').ok_or(Refusal::Malformed)?;
    let mac: [u8; 32] = hex::decode(mac)
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .ok_or(Refusal::Malformed)?;
    let expected = key.mac(signed);
    // Compared in constant time: a timing difference would leak the MAC a byte at a time.
    if !same_bytes(&mac, &expected) {
        return Err(Refusal::Forged);
    }
    let parts: Vec<&str> = signed.split('.').collect();
    let [VERSION, named, expires, bits, salt] = parts[..] else {
        return Err(Refusal::Malformed);
    };
    if ProofForm::parse(named) != Some(form) {
        return Err(Refusal::Forged);
    }
    let salt: [u8; 16] = hex::decode(salt)
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .ok_or(Refusal::Malformed)?;
    Ok(Challenge {
        form,
        expires: decimal(expires).ok_or(Refusal::Malformed)?,
        bits: bits.parse().map_err(|_| Refusal::Malformed)?,
        salt,
    })
}

/// Equal bytes, compared without an early exit.
fn same_bytes(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// Digits only (no sign, no space), at most 19 of them.
fn decimal(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 19 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// How many zero bits a hash starts with.
pub fn leading_zero_bits(hash: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in hash {
        if *byte == 0 {
            bits += 8;
        } else {
            return bits + byte.leading_zeros();
        }
    }
    bits
}

/// The difficulty for a client that has posted `posts` forms within the hour: each doubles
/// the work, up to `MAX_EXTRA_BITS` doublings.
pub fn bits_after(posts: usize) -> u8 {
    BASE_BITS + u8::try_from(posts.min(usize::from(MAX_EXTRA_BITS))).unwrap_or(MAX_EXTRA_BITS)
}

/// Finds an answer by trying each nonce from 0: for tests and for clients written in Rust.
pub fn solve(token: &str, bits: u8) -> u64 {
    let mut prefix = Sha256::new();
    prefix.update(token.as_bytes());
    prefix.update(b".");
    let mut digits = [0u8; 20];
    (0u64..)
        .find(|nonce| {
            let mut hasher = prefix.clone();
            hasher.update(decimal_digits(*nonce, &mut digits));
            leading_zero_bits(&hasher.finalize()) >= u32::from(bits)
        })
        .unwrap_or(0)
}

/// `n` in decimal, written at the end of `buffer`.
fn decimal_digits(mut n: u64, buffer: &mut [u8; 20]) -> &[u8] {
    let mut at = buffer.len();
    loop {
        at -= 1;
        buffer[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buffer[at..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenge(bits: u8) -> Challenge {
        Challenge {
            form: ProofForm::Enquiry,
            expires: 1_000,
            bits,
            salt: [7; 16],
        }
    }

    fn answer(key: &ProofKey, challenge: &Challenge) -> String {
        let token = challenge.token(key);
        let nonce = solve(&token, challenge.bits);
        format!("{token}.{nonce}.250")
    }

    #[test]
    fn a_solved_challenge_is_accepted_with_its_solving_time() {
        let key = ProofKey::fixed(1);
        let header = answer(&key, &challenge(8));
        let solved = check(&key, Some(&header), ProofForm::Enquiry, 999).expect("accepted");
        assert_eq!(solved.challenge, challenge(8));
        assert_eq!(solved.solve_ms, 250);
    }

    #[test]
    fn every_broken_answer_is_refused_with_its_reason() {
        let key = ProofKey::fixed(1);
        let good = answer(&key, &challenge(8));
        let token = challenge(8).token(&key);
        let wrong_nonce = (0u64..)
            .find(|n| leading_zero_bits(&Sha256::digest(format!("{token}.{n}"))) < 8)
            .expect("some nonce fails");
        let other_key = answer(&ProofKey::fixed(2), &challenge(8));
        let lowered = good.replacen(".8.", ".0.", 1);
        let cases: &[(&str, Option<&str>, ProofForm, u64, Refusal)] = &[
            ("no header", None, ProofForm::Enquiry, 999, Refusal::Missing),
            (
                "empty",
                Some(""),
                ProofForm::Enquiry,
                999,
                Refusal::Malformed,
            ),
            (
                "words",
                Some("please let me in"),
                ProofForm::Enquiry,
                999,
                Refusal::Malformed,
            ),
            (
                "signed by another key",
                Some(&other_key),
                ProofForm::Enquiry,
                999,
                Refusal::Forged,
            ),
            (
                "difficulty edited",
                Some(&lowered),
                ProofForm::Enquiry,
                999,
                Refusal::Forged,
            ),
            (
                "for another form",
                Some(&good),
                ProofForm::Application,
                999,
                Refusal::Forged,
            ),
            (
                "expired",
                Some(&good),
                ProofForm::Enquiry,
                1_000,
                Refusal::Expired,
            ),
            (
                "nonce that does not hold",
                Some(&format!("{token}.{wrong_nonce}.10")),
                ProofForm::Enquiry,
                999,
                Refusal::Wrong,
            ),
            (
                "signed nonce",
                Some(&format!("{token}.-1.10")),
                ProofForm::Enquiry,
                999,
                Refusal::Malformed,
            ),
        ];
        for (case, header, form, now, reason) in cases {
            assert_eq!(check(&key, *header, *form, *now), Err(*reason), "{case}");
        }
    }

    #[test]
    fn each_post_of_the_hour_doubles_the_work_up_to_the_bound() {
        assert_eq!(bits_after(0), BASE_BITS);
        assert_eq!(bits_after(1), BASE_BITS + 1);
        assert_eq!(bits_after(3), BASE_BITS + 3);
        assert_eq!(bits_after(1_000), BASE_BITS + MAX_EXTRA_BITS);
    }

    #[test]
    fn zero_bits_are_counted_across_bytes() {
        assert_eq!(leading_zero_bits(&[0, 0, 0b0001_0000, 0xff]), 19);
        assert_eq!(leading_zero_bits(&[0x80]), 0);
        assert_eq!(leading_zero_bits(&[0, 0]), 16);
    }
}
