//! The tokens in subscriber mail links: `{subscription id}.{secret}`.
//!
//! - Confirmation (double opt-in): the secret is 256 random bits; only its SHA-256 is
//!   stored, and a link is good for `CONFIRM_VALID_DAYS`.
//! - Unsubscribe: the secret is an HMAC-SHA256 of the subscription id under the database's
//!   own key, so every story mail can carry a link without storing one per mail.
//!
//! Both are checked in constant time; the id part only says which row to check against.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use super::lead_id::IdError;

pub const CONFIRM_VALID_DAYS: i64 = 7;

/// The random part of a new confirmation link: 256 bits.
#[derive(Clone)]
pub struct ConfirmSecret(String);

impl ConfirmSecret {
    pub fn generate() -> Result<ConfirmSecret, IdError> {
        let mut random = [0u8; 32];
        getrandom::fill(&mut random).map_err(IdError)?;
        Ok(ConfirmSecret(hex::encode(random)))
    }

    /// What is stored: the secret's SHA-256.
    pub fn hash(&self) -> String {
        hash_secret(&self.0)
    }

    /// The link's token for subscription `subscription_id`.
    pub fn token_for(&self, subscription_id: &str) -> String {
        format!("{subscription_id}.{}", self.0)
    }
}

impl std::fmt::Debug for ConfirmSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ConfirmSecret(..)")
    }
}

/// A token as a link carried it: the subscription it names and its secret part. `None` for
/// anything that is not of the right shape (so nothing odd reaches a query).
pub fn split(token: &str) -> Option<(&str, &str)> {
    let (id, secret) = token.trim().split_once('.')?;
    let hex_of = |text: &str, len: usize| {
        text.len() == len && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    };
    (hex_of(id, 32) && hex_of(secret, 64)).then_some((id, secret))
}

/// The stored form of a confirmation secret.
pub fn hash_secret(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Does `secret` hash to `stored`? In constant time.
pub fn confirm_secret_matches(secret: &str, stored: &str) -> bool {
    constant_time_eq(hash_secret(secret).as_bytes(), stored.as_bytes())
}

/// The unsubscribe token of a subscription.
pub fn unsubscribe_token(key: &[u8], subscription_id: &str) -> String {
    format!(
        "{subscription_id}.{}",
        hex::encode(mac(key, subscription_id).finalize().into_bytes())
    )
}

/// The subscription an unsubscribe token names, if it was made with `key`.
pub fn verify_unsubscribe<'a>(key: &[u8], token: &'a str) -> Option<&'a str> {
    let (id, secret) = split(token)?;
    let signature = hex::decode(secret).ok()?;
    mac(key, id).verify_slice(&signature).ok().map(|()| id)
}

fn mac(key: &[u8], subscription_id: &str) -> Hmac<Sha256> {
    // HMAC takes a key of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC accepts any key length");
    mac.update(subscription_id.as_bytes());
    mac
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_confirmation_token_matches_only_its_own_hash() {
        let first = ConfirmSecret::generate().expect("secret");
        let second = ConfirmSecret::generate().expect("secret");
        let token = first.token_for(ID);
        assert_ne!(token, second.token_for(ID));
        let (id, secret) = split(&token).expect("shape");
        assert_eq!(id, ID);
        assert!(confirm_secret_matches(secret, &first.hash()));
        assert!(!confirm_secret_matches(secret, &second.hash()));
        assert!(
            !token.contains(&first.hash()),
            "the link never carries the stored hash"
        );
    }

    #[test]
    fn tokens_of_the_wrong_shape_are_refused() {
        let good = ConfirmSecret::generate().expect("secret").token_for(ID);
        for bad in [
            "",
            ".",
            ID,
            &good[..good.len() - 1],
            &format!("{good}0"),
            &good.to_uppercase(),
            &good.replace('.', ""),
            &format!("{}'.{}", &ID[..31], &good[33..]),
        ] {
            assert_eq!(split(bad), None, "{bad}");
        }
    }

    #[test]
    fn unsubscribe_tokens_verify_only_under_their_key_and_id() {
        let token = unsubscribe_token(b"key one", ID);
        assert_eq!(verify_unsubscribe(b"key one", &token), Some(ID));
        assert_eq!(verify_unsubscribe(b"key two", &token), None);
        let other = "fedcba9876543210fedcba9876543210";
        let moved = format!("{other}{}", &token[32..]);
        assert_eq!(verify_unsubscribe(b"key one", &moved), None);
        let mut flipped = token.clone().into_bytes();
        let last = flipped.len() - 1;
        flipped[last] = if flipped[last] == b'0' { b'1' } else { b'0' };
        let flipped = String::from_utf8(flipped).expect("ascii");
        assert_eq!(verify_unsubscribe(b"key one", &flipped), None);
    }
}
