//! Second factors that are not passkeys: authenticator codes (TOTP, RFC 6238: HMAC-SHA1, six
//! digits, 30-second steps, one step of clock drift either way) and recovery codes. A code
//! is accepted once: the step it matched is returned, and the caller keeps the last one used
//! so the same code, or an older one, is refused next time.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, TOTP};

/// Seconds a code stands for.
pub const STEP_SECS: u64 = 30;
/// Digits of a code.
pub const DIGITS: usize = 6;
/// Recovery codes made at once.
pub const RECOVERY_CODES: usize = 10;

/// Why a secret or a code could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FactorError {
    #[error("no randomness from the system: {0}")]
    Random(String),
    #[error("the stored authenticator secret is not valid: {0}")]
    Secret(String),
}

/// An authenticator's shared secret: 160 random bits (RFC 4226's recommendation).
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl std::fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TotpSecret(..)")
    }
}

impl TotpSecret {
    pub fn generate() -> Result<TotpSecret, FactorError> {
        let mut bytes = vec![0u8; 20];
        getrandom::fill(&mut bytes).map_err(|err| FactorError::Random(err.to_string()))?;
        Ok(TotpSecret(bytes))
    }

    /// The secret as stored and as typed into an app: RFC 4648 base32, no padding.
    pub fn base32(&self) -> String {
        base32::encode(base32::Alphabet::Rfc4648 { padding: false }, &self.0)
    }

    pub fn from_base32(text: &str) -> Result<TotpSecret, FactorError> {
        base32::decode(base32::Alphabet::Rfc4648 { padding: false }, text)
            .filter(|bytes| bytes.len() >= 16)
            .map(TotpSecret)
            .ok_or_else(|| FactorError::Secret("not base32 of at least 128 bits".into()))
    }

    fn totp(&self, issuer: &str, account: &str) -> Result<TOTP, FactorError> {
        // The URL's label may not hold a colon; the issuer says who it is for.
        let account = account.replace(':', " ");
        let issuer = issuer.replace(':', " ");
        TOTP::new(
            Algorithm::SHA1,
            DIGITS,
            1,
            STEP_SECS,
            self.0.clone(),
            Some(issuer),
            account,
        )
        .map_err(|err| FactorError::Secret(err.to_string()))
    }

    /// The `otpauth://totp/...` URL an authenticator app reads from the QR code.
    pub fn otpauth_url(&self, issuer: &str, account: &str) -> Result<String, FactorError> {
        Ok(self.totp(issuer, account)?.get_url())
    }

    /// The QR code of `otpauth_url`, drawn here as SVG (no network, no image library).
    pub fn qr_svg(&self, issuer: &str, account: &str) -> Result<String, FactorError> {
        let url = self.otpauth_url(issuer, account)?;
        let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M)
            .map_err(|err| FactorError::Secret(err.to_string()))?;
        Ok(code
            .render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build())
    }

    /// The code of the step `unix_secs` falls in.
    pub fn code_at(&self, unix_secs: u64) -> String {
        // The issuer and account do not enter the code.
        self.totp("", "x")
            .map(|totp| totp.generate(unix_secs))
            .unwrap_or_default()
    }

    /// The step `typed` matches at `unix_secs` (the current one, or one either side), if it
    /// is later than `last_used_step`: a code is good once, and never after a later one.
    pub fn accept(&self, typed: &str, unix_secs: u64, last_used_step: u64) -> Option<u64> {
        let code = normalised_code(typed)?;
        let now_step = unix_secs / STEP_SECS;
        [now_step.saturating_sub(1), now_step, now_step + 1]
            .into_iter()
            .filter(|step| *step > last_used_step)
            .find(|step| {
                let expected = self.code_at(step * STEP_SECS);
                same_digits(&expected, &code)
            })
    }
}

/// Six digits out of what was typed or pasted (spaces and dashes dropped), else nothing.
fn normalised_code(typed: &str) -> Option<String> {
    let digits: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    (digits.len() == DIGITS && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

fn same_digits(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A set of recovery codes as shown once (`xxxx-xxxx-xxxx`, 60 random bits each in base32
/// lower case), to be stored as `recovery_digest`s.
pub fn recovery_codes() -> Result<Vec<String>, FactorError> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; 8];
            getrandom::fill(&mut bytes).map_err(|err| FactorError::Random(err.to_string()))?;
            let text =
                base32::encode(base32::Alphabet::Rfc4648 { padding: false }, &bytes).to_lowercase();
            let text: String = text.chars().take(12).collect();
            Ok(format!("{}-{}-{}", &text[0..4], &text[4..8], &text[8..12]))
        })
        .collect()
}

/// The stored form of a recovery code: SHA-256 of its letters and digits, lower case, so a
/// code typed with or without dashes, in any case, finds its row. (The codes are random
/// enough that a fast hash is safe.)
pub fn recovery_digest(typed: &str) -> Option<String> {
    let kept: String = typed
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (kept.len() == 12).then(|| hex::encode(Sha256::digest(kept.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rfc_secret() -> TotpSecret {
        // RFC 6238's SHA-1 test secret.
        TotpSecret(b"12345678901234567890".to_vec())
    }

    #[test]
    fn codes_are_rfc_6238s_six_digit_ones() {
        // The RFC's 8-digit values, cut to their last six.
        let cases = [
            (59, "287082"),
            (1_111_111_109, "081804"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ];
        for (time, code) in cases {
            assert_eq!(rfc_secret().code_at(time), code, "at {time}");
        }
    }

    #[test]
    fn a_code_is_good_in_its_step_and_one_either_side_and_only_once() {
        let secret = rfc_secret();
        let now = 1_234_567_890;
        let step = now / STEP_SECS;
        let code = secret.code_at(now);
        assert_eq!(secret.accept(&code, now, 0), Some(step));
        assert_eq!(
            secret.accept(&code, now + STEP_SECS, 0),
            Some(step),
            "a step late"
        );
        assert_eq!(
            secret.accept(&code, now - STEP_SECS, 0),
            Some(step),
            "a step early"
        );
        assert_eq!(
            secret.accept(&code, now + 2 * STEP_SECS, 0),
            None,
            "two steps late"
        );
        assert_eq!(secret.accept(&code, now, step), None, "replayed");
        let previous = secret.code_at(now - STEP_SECS);
        assert_eq!(
            secret.accept(&previous, now, step),
            None,
            "older than the last used"
        );
    }

    #[test]
    fn a_pasted_code_with_spaces_counts_and_anything_else_does_not() {
        let secret = rfc_secret();
        let now = 59;
        assert!(secret.accept(" 287 082 ", now, 0).is_some());
        assert!(secret.accept("287-082", now, 0).is_some());
        for bad in ["", "28708", "2870822", "28708a", "２８７０８２"] {
            assert!(secret.accept(bad, now, 0).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn a_secret_reads_back_from_base32_and_draws_its_qr_code() {
        let secret = TotpSecret::generate().expect("random");
        assert_eq!(secret.base32().len(), 32);
        let back = TotpSecret::from_base32(&secret.base32()).expect("base32");
        assert_eq!(back, secret);
        assert!(TotpSecret::from_base32("not base32!").is_err());
        let url = secret
            .otpauth_url("Fidelitus Corp", "office@corp.example")
            .expect("url");
        assert!(url.starts_with("otpauth://totp/"), "{url}");
        assert!(
            url.contains(&format!("secret={}", secret.base32())),
            "{url}"
        );
        let svg = secret
            .qr_svg("Fidelitus Corp", "office@corp.example")
            .expect("svg");
        assert!(
            svg.starts_with("<?xml") || svg.starts_with("<svg"),
            "{}",
            &svg[..40]
        );
        assert!(svg.contains("<path") || svg.contains("<rect"));
    }

    #[test]
    fn recovery_codes_are_ten_different_ones_that_find_their_digest_however_typed() {
        let codes = recovery_codes().expect("random");
        assert_eq!(codes.len(), RECOVERY_CODES);
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), RECOVERY_CODES);
        let code = &codes[0];
        assert_eq!(code.len(), 14, "{code}");
        let digest = recovery_digest(code).expect("digest");
        assert_eq!(
            recovery_digest(&code.replace('-', "").to_uppercase()),
            Some(digest)
        );
        assert_eq!(recovery_digest("too-short"), None);
    }
}
