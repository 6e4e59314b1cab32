//! Staff passwords and session secrets.
//!
//! Passwords are hashed with Argon2id at the parameters of OWASP's Password Storage Cheat
//! Sheet (19 MiB of memory, 2 passes, 1 lane), stored as a PHC string that carries its own
//! parameters, so raising them later still verifies the old hashes. Session tokens and CSRF
//! tokens are 256 random bits in hex; the database keeps only a token's SHA-256.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use sha2::{Digest, Sha256};

/// Shortest password taken (OWASP: at least 8; the issue asks 12).
pub const PASSWORD_MIN_CHARS: usize = 12;
/// Longest password taken: enough for any passphrase, short of a hashing-cost attack.
pub const PASSWORD_MAX_CHARS: usize = 256;

/// OWASP's first Argon2id configuration: m=19456 KiB, t=2, p=1.
const MEMORY_KIB: u32 = 19_456;
const PASSES: u32 = 2;
const LANES: u32 = 1;

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("the system's random number source failed: {0}")]
    Random(getrandom::Error),
    #[error("cannot hash the password: {0}")]
    Hash(argon2::password_hash::Error),
}

/// Why a new password was refused; the text is what the staff member reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum PasswordRule {
    TooShort,
    TooLong,
}

impl PasswordRule {
    pub fn message(&self) -> &'static str {
        match self {
            PasswordRule::TooShort => "Use at least 12 characters.",
            PasswordRule::TooLong => "Use at most 256 characters.",
        }
    }
}

/// A password that meets the rules, ready to hash.
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str) -> Result<NewPassword, PasswordRule> {
        let chars = raw.chars().count();
        if chars < PASSWORD_MIN_CHARS {
            return Err(PasswordRule::TooShort);
        }
        if chars > PASSWORD_MAX_CHARS {
            return Err(PasswordRule::TooLong);
        }
        Ok(NewPassword(raw.to_owned()))
    }

    /// A fresh one-time password: 16 characters from an alphabet without look-alikes
    /// (about 82 bits), for `staff add` and `staff reset-password` to print.
    pub fn generate() -> Result<NewPassword, SecretError> {
        const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        let mut random = [0u8; 16];
        getrandom::fill(&mut random).map_err(SecretError::Random)?;
        // 256 % 55 leaves a bias of under 1% per character: irrelevant at 82 bits.
        let text = random
            .iter()
            .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
            .collect();
        Ok(NewPassword(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The PHC string to store.
    pub fn hash(&self) -> Result<String, SecretError> {
        hash_password(&self.0)
    }
}

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None)
        .expect("OWASP's Argon2 parameters are within the crate's bounds");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn hash_password(password: &str) -> Result<String, SecretError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(SecretError::Random)?;
    let salt = SaltString::encode_b64(&salt).map_err(SecretError::Hash)?;
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(SecretError::Hash)
}

/// Does `password` match the stored PHC string? A malformed hash matches nothing.
pub fn verify_password(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    hasher()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

/// Spends the time one verification takes, for a sign-in whose account does not exist, so
/// its answer comes as late as a wrong password's.
pub fn verify_nothing(password: &str) {
    static DECOY: OnceLock<Option<String>> = OnceLock::new();
    let decoy = DECOY.get_or_init(|| hash_password("a decoy that no account has").ok());
    if let Some(decoy) = decoy {
        let _ = verify_password(password, decoy);
    }
}

/// 256 random bits, hex: a session token or a CSRF token.
pub fn random_token() -> Result<String, SecretError> {
    let mut random = [0u8; 32];
    getrandom::fill(&mut random).map_err(SecretError::Random)?;
    Ok(hex::encode(random))
}

/// What the database keeps of a session token.
pub fn token_digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Compares two secrets in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hashed_password_verifies_and_no_other_does() {
        let password = NewPassword::parse("correct horse battery").expect("valid");
        let stored = password.hash().expect("hash");
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify_password("correct horse battery", &stored));
        assert!(!verify_password("correct horse batterY", &stored));
        assert!(!verify_password("", &stored));
        assert!(!verify_password("correct horse battery", "not a hash"));
    }

    #[test]
    fn two_hashes_of_one_password_differ_by_their_salt() {
        let password = NewPassword::parse("correct horse battery").expect("valid");
        assert_ne!(password.hash().expect("a"), password.hash().expect("b"));
    }

    #[test]
    fn passwords_are_held_to_their_length_in_characters() {
        let cases: &[(&str, Option<PasswordRule>)] = &[
            ("", Some(PasswordRule::TooShort)),
            ("elevenchars", Some(PasswordRule::TooShort)),
            ("twelve chars", None),
            // Twelve characters, more bytes: counted as characters.
            ("ééééééééééé", Some(PasswordRule::TooShort)),
            ("éééééééééééé", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(NewPassword::parse(raw).err(), *expected, "{raw:?}");
        }
        let long = "x".repeat(PASSWORD_MAX_CHARS + 1);
        assert_eq!(NewPassword::parse(&long).err(), Some(PasswordRule::TooLong));
    }

    #[test]
    fn generated_passwords_meet_the_rules_and_differ() {
        let a = NewPassword::generate().expect("a");
        let b = NewPassword::generate().expect("b");
        assert!(NewPassword::parse(a.as_str()).is_ok());
        assert_ne!(a.as_str(), b.as_str());
    }

    #[test]
    fn tokens_are_256_bits_of_hex_and_only_their_digest_is_kept() {
        let token = random_token().expect("token");
        assert_eq!(token.len(), 64);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(token_digest(&token), token);
        assert_eq!(token_digest(&token), token_digest(&token));
        assert!(same_secret(&token, &token.clone()));
        assert!(!same_secret(&token, &random_token().expect("other")));
        assert!(!same_secret(&token, &token[..63]));
    }
}
