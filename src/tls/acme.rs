//! Certificates from an ACME CA (RFC 8555; Let's Encrypt unless `--acme-directory` says
//! otherwise), proved with HTTP-01 challenges answered on the HTTP port.
//!
//! The keeper is one task for the server's life: it serves the certificate kept in
//! `DATA_DIR/tls/` if it is still good, obtains one when there is none (or it no longer
//! covers the domains), and renews it `renew_within` before it expires. A failed attempt
//! is logged, shown in `/healthz`, and retried with a growing pause (starting at
//! `retry_after`, doubling up to six hours) while the old certificate stays served.
//! The account key and the certificate's key are written owner-only, and replaced by
//! rename, so a crash never leaves half a key.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount,
    NewOrder, OrderStatus, RetryPolicy,
};
use jiff::Timestamp;
use tokio::sync::watch;

use super::certs::{CertError, CertSlot, LoadedCert};
use crate::health::Health;
use crate::settings::AcmeSettings;

/// The longest pause between failed attempts.
const MAX_RETRY: Duration = Duration::from_secs(6 * 60 * 60);
/// How long one whole attempt (order, challenges, certificate) may take.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(5 * 60);
/// The keeper looks again at least this often, so a changed clock cannot make it sleep
/// through a renewal.
const LOOK_EVERY: Duration = Duration::from_secs(12 * 60 * 60);

#[derive(Debug, thiserror::Error)]
pub enum AcmeError {
    #[error("the ACME CA answered: {0}")]
    Acme(#[from] instant_acme::Error),
    #[error("the ACME CA offers no HTTP-01 challenge for {0}")]
    NoHttpChallenge(String),
    #[error("the CA did not validate {identifier}: authorization is {status:?}")]
    NotAuthorized {
        identifier: String,
        status: AuthorizationStatus,
    },
    #[error("the order ended {0:?}: the CA could not fetch the challenge answers from this server's HTTP port (is port 80 reachable from the internet, and does DNS point here?)")]
    OrderFailed(OrderStatus),
    #[error("--acme-ca-root: {0}")]
    CaRoot(instant_acme::Error),
    #[error(transparent)]
    Cert(#[from] CertError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the account file {path} cannot be read: {reason}")]
    Account { path: PathBuf, reason: String },
    #[error("no answer from the ACME CA within {0:?}")]
    TimedOut(Duration),
}

/// The HTTP-01 answers waiting to be fetched: token -> key authorization.
#[derive(Debug, Default)]
pub struct Challenges {
    answers: RwLock<HashMap<String, String>>,
}

impl Challenges {
    pub fn new() -> Arc<Challenges> {
        Arc::new(Challenges::default())
    }

    /// The answer for `token`, while a validation is under way.
    pub fn answer(&self, token: &str) -> Option<String> {
        self.answers.read().ok()?.get(token).cloned()
    }

    fn set(&self, token: String, answer: String) {
        if let Ok(mut answers) = self.answers.write() {
            answers.insert(token, answer);
        }
    }

    fn clear(&self, tokens: &[String]) {
        if let Ok(mut answers) = self.answers.write() {
            for token in tokens {
                answers.remove(token);
            }
        }
    }
}

/// Where the account and the certificate are kept.
struct Files {
    dir: PathBuf,
}

impl Files {
    fn account(&self) -> PathBuf {
        self.dir.join("acme-account.json")
    }
    fn chain(&self) -> PathBuf {
        self.dir.join("certificate.pem")
    }
    fn key(&self) -> PathBuf {
        self.dir.join("certificate.key")
    }
}

/// The account file: the credentials for one CA directory.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredAccount {
    directory: String,
    credentials: AccountCredentials,
}

pub struct Keeper {
    settings: AcmeSettings,
    files: Files,
    slot: Arc<CertSlot>,
    challenges: Arc<Challenges>,
    health: Arc<Health>,
    account: Option<Account>,
}

impl Keeper {
    /// Serves the certificate kept in `data_dir` at once, if there is a good one for the
    /// domains; the keeper (`run`) does the rest.
    pub fn new(
        settings: AcmeSettings,
        data_dir: &Path,
        slot: Arc<CertSlot>,
        challenges: Arc<Challenges>,
        health: Arc<Health>,
    ) -> Keeper {
        let keeper = Keeper {
            settings,
            files: Files {
                dir: data_dir.join("tls"),
            },
            slot,
            challenges,
            health,
            account: None,
        };
        match keeper.stored_certificate() {
            Some(cert) => {
                tracing::info!(not_after = %cert.not_after, "https: serving the kept certificate");
                keeper.serve(cert);
            }
            None => tracing::info!(
                domains = ?keeper.settings.domains,
                "https: no certificate kept yet; asking the ACME CA for one"
            ),
        }
        keeper
    }

    /// Keeps a good certificate served until `stop` turns true.
    pub async fn run(mut self, mut stop: watch::Receiver<bool>) {
        let mut failures = 0u32;
        loop {
            let wait = match self.slot.current() {
                Some(cert) => until(cert.not_after - self.settings.renew_within),
                None => Duration::ZERO,
            };
            if !wait.is_zero() {
                tracing::debug!(?wait, "https: next certificate check");
                if sleep_or_stop(wait.min(LOOK_EVERY), &mut stop).await {
                    return;
                }
                continue;
            }
            let attempt = tokio::time::timeout(ATTEMPT_TIMEOUT, self.obtain());
            let outcome = tokio::select! {
                outcome = attempt => outcome.unwrap_or(Err(AcmeError::TimedOut(ATTEMPT_TIMEOUT))),
                _ = stop.wait_for(|stop| *stop) => return,
            };
            let pause = match outcome {
                Ok(cert) => {
                    failures = 0;
                    tracing::info!(not_after = %cert.not_after, domains = ?self.settings.domains, "https: obtained a certificate");
                    let next_due = cert.not_after - self.settings.renew_within;
                    self.serve(cert);
                    if until(next_due).is_zero() {
                        // Asked to renew more than a certificate lasts: pace it.
                        tracing::warn!("https: --acme-renew-within is longer than the CA's certificates last; renewing every {:?}", self.settings.retry_after);
                        self.settings.retry_after
                    } else {
                        Duration::ZERO
                    }
                }
                Err(err) => {
                    failures = failures.saturating_add(1);
                    let pause = retry_pause(self.settings.retry_after, failures);
                    tracing::error!(error = %err, retry_in = ?pause, served = self.slot.current().is_some(), "https: could not obtain a certificate; the one served (if any) stays");
                    self.health
                        .renewal_failed(Timestamp::now(), err.to_string());
                    pause
                }
            };
            if !pause.is_zero() && sleep_or_stop(pause, &mut stop).await {
                return;
            }
        }
    }

    fn serve(&self, cert: LoadedCert) {
        self.health.certificate_served(cert.not_after);
        self.slot.replace(cert);
    }

    /// The kept certificate, if it covers every domain.
    fn stored_certificate(&self) -> Option<LoadedCert> {
        let chain = std::fs::read(self.files.chain()).ok()?;
        let key = std::fs::read(self.files.key()).ok()?;
        let what = self.files.chain().display().to_string();
        let cert = match LoadedCert::from_pem(&chain, &key, &what) {
            Ok(cert) => cert,
            Err(err) => {
                tracing::warn!(error = %err, "https: the kept certificate cannot be used; getting a new one");
                return None;
            }
        };
        let names = leaf_names(&chain);
        let covers = self
            .settings
            .domains
            .iter()
            .all(|domain| names.iter().any(|name| name.eq_ignore_ascii_case(domain)));
        if !covers {
            tracing::info!(kept = ?names, wanted = ?self.settings.domains, "https: the kept certificate is for other domains; getting a new one");
            return None;
        }
        Some(cert)
    }

    /// One whole attempt: order, prove each domain over HTTP-01, fetch the certificate.
    async fn obtain(&mut self) -> Result<LoadedCert, AcmeError> {
        let account = self.account().await?;
        let identifiers: Vec<Identifier> = self
            .settings
            .domains
            .iter()
            .map(|domain| Identifier::Dns(domain.clone()))
            .collect();
        let mut order = account.new_order(&NewOrder::new(&identifiers)).await?;
        let mut tokens = Vec::new();
        let proved = self.answer_challenges(&mut order, &mut tokens).await;
        let status = match proved {
            Ok(()) => {
                order
                    .poll_ready(&RetryPolicy::new().timeout(Duration::from_secs(90)))
                    .await
            }
            Err(err) => {
                self.challenges.clear(&tokens);
                return Err(err);
            }
        };
        self.challenges.clear(&tokens);
        let status = status?;
        if status != OrderStatus::Ready {
            return Err(AcmeError::OrderFailed(status));
        }
        let key_pem = order.finalize().await?;
        let chain_pem = order
            .poll_certificate(&RetryPolicy::new().timeout(Duration::from_secs(90)))
            .await?;
        let cert = LoadedCert::from_pem(
            chain_pem.as_bytes(),
            key_pem.as_bytes(),
            "the CA's certificate",
        )?;
        self.write(&self.files.key(), key_pem.as_bytes())?;
        self.write(&self.files.chain(), chain_pem.as_bytes())?;
        Ok(cert)
    }

    async fn answer_challenges(
        &self,
        order: &mut instant_acme::Order,
        tokens: &mut Vec<String>,
    ) -> Result<(), AcmeError> {
        let mut authorizations = order.authorizations();
        while let Some(authorization) = authorizations.next().await {
            let mut authorization = authorization?;
            match authorization.status {
                AuthorizationStatus::Pending => {}
                AuthorizationStatus::Valid => continue,
                status => {
                    return Err(AcmeError::NotAuthorized {
                        identifier: authorization.identifier().to_string(),
                        status,
                    })
                }
            }
            let identifier = authorization.identifier().to_string();
            let mut challenge = authorization
                .challenge(ChallengeType::Http01)
                .ok_or(AcmeError::NoHttpChallenge(identifier))?;
            let token = challenge.token.clone();
            self.challenges.set(
                token.clone(),
                challenge.key_authorization().as_str().to_owned(),
            );
            tokens.push(token);
            challenge.set_ready().await?;
        }
        Ok(())
    }

    /// The account: the kept one for this CA, or a new one (kept for next time).
    async fn account(&mut self) -> Result<Account, AcmeError> {
        if let Some(account) = &self.account {
            return Ok(account.clone());
        }
        let builder = match &self.settings.ca_root {
            Some(root) => Account::builder_with_root(root).map_err(AcmeError::CaRoot)?,
            None => Account::builder()?,
        };
        let path = self.files.account();
        let stored =
            match std::fs::read(&path) {
                Ok(bytes) => Some(serde_json::from_slice::<StoredAccount>(&bytes).map_err(
                    |err| AcmeError::Account {
                        path: path.clone(),
                        reason: err.to_string(),
                    },
                )?),
                Err(_) => None,
            };
        let account = match stored {
            Some(stored) if stored.directory == self.settings.directory => {
                builder.from_credentials(stored.credentials).await?
            }
            _ => {
                let contact = self
                    .settings
                    .email
                    .as_ref()
                    .map(|email| format!("mailto:{email}"));
                let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
                let (account, credentials) = builder
                    .create(
                        &NewAccount {
                            contact: &contacts,
                            terms_of_service_agreed: true,
                            only_return_existing: false,
                        },
                        self.settings.directory.clone(),
                        None,
                    )
                    .await?;
                let stored = StoredAccount {
                    directory: self.settings.directory.clone(),
                    credentials,
                };
                let json = serde_json::to_vec_pretty(&stored).map_err(|err| AcmeError::Write {
                    path: path.clone(),
                    source: std::io::Error::other(err),
                })?;
                self.write(&path, &json)?;
                tracing::info!(directory = %self.settings.directory, "https: created an ACME account");
                account
            }
        };
        self.account = Some(account.clone());
        Ok(account)
    }

    /// Writes `bytes` to `path` by way of an owner-only temp file, synced, and a rename, so
    /// the file is whole or as it was. (A crash between the key and the chain leaves a pair
    /// that does not match: it is refused at the next start and a new one obtained.)
    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), AcmeError> {
        use crate::store::permissions::{create_private_dir, create_private_file};
        use std::io::Write;
        let failed = |source| AcmeError::Write {
            path: path.to_path_buf(),
            source,
        };
        create_private_dir(&self.files.dir).map_err(failed)?;
        let temp = path.with_extension("tmp");
        let mut file = create_private_file(&temp).map_err(failed)?;
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(failed)?;
        std::fs::rename(&temp, path).map_err(failed)
    }
}

/// The DNS names a PEM chain's leaf certificate is for.
fn leaf_names(chain_pem: &[u8]) -> Vec<String> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::CertificateDer;
    let Some(Ok(leaf)) = CertificateDer::pem_slice_iter(chain_pem).next() else {
        return Vec::new();
    };
    let Ok((_, parsed)) = x509_parser::parse_x509_certificate(leaf.as_ref()) else {
        return Vec::new();
    };
    let Ok(Some(names)) = parsed.subject_alternative_name() else {
        return Vec::new();
    };
    names
        .value
        .general_names
        .iter()
        .filter_map(|name| match name {
            x509_parser::extensions::GeneralName::DNSName(dns) => Some((*dns).to_owned()),
            _ => None,
        })
        .collect()
}

/// How long from now until `at` (zero when it has passed).
fn until(at: Timestamp) -> Duration {
    Duration::try_from(at.duration_since(Timestamp::now())).unwrap_or(Duration::ZERO)
}

/// The pause after the `failures`-th failure in a row: `first`, doubling, at most six hours.
fn retry_pause(first: Duration, failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(16);
    first
        .saturating_mul(1 << doublings)
        .min(MAX_RETRY.max(first))
}

/// Sleeps `wait`; true when told to stop meanwhile.
async fn sleep_or_stop(wait: Duration, stop: &mut watch::Receiver<bool>) -> bool {
    let stopped = tokio::select! {
        () = tokio::time::sleep(wait) => None,
        _ = stop.wait_for(|stop| *stop) => Some(true),
    };
    stopped.unwrap_or_else(|| *stop.borrow())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_start_at_the_first_pause_and_double_up_to_six_hours() {
        let minute = Duration::from_secs(60);
        assert_eq!(retry_pause(minute, 1), minute);
        assert_eq!(retry_pause(minute, 2), 2 * minute);
        assert_eq!(retry_pause(minute, 4), 8 * minute);
        assert_eq!(retry_pause(minute, 30), MAX_RETRY);
        assert_eq!(
            retry_pause(Duration::from_secs(1), 3),
            Duration::from_secs(4)
        );
    }

    #[test]
    fn a_time_past_is_due_now_and_a_time_ahead_is_waited_for() {
        let now = Timestamp::now();
        assert_eq!(
            until(now - jiff::SignedDuration::from_hours(1)),
            Duration::ZERO
        );
        let ahead = until(now + jiff::SignedDuration::from_hours(1));
        assert!(ahead > Duration::from_secs(3590) && ahead <= Duration::from_secs(3600));
    }

    #[test]
    fn the_names_of_a_certificate_are_read_from_its_leaf() {
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec![
            "www.example.com".to_owned(),
            "example.com".to_owned(),
        ])
        .expect("params")
        .self_signed(&key)
        .expect("cert");
        assert_eq!(
            leaf_names(cert.pem().as_bytes()),
            ["www.example.com", "example.com"]
        );
        assert!(leaf_names(b"not pem").is_empty());
    }

    #[test]
    fn a_challenge_answer_is_served_only_while_it_is_set() {
        let challenges = Challenges::default();
        challenges.set("token-1".into(), "token-1.thumb".into());
        assert_eq!(
            challenges.answer("token-1").as_deref(),
            Some("token-1.thumb")
        );
        assert_eq!(challenges.answer("token-2"), None);
        challenges.clear(&["token-1".into()]);
        assert_eq!(challenges.answer("token-1"), None);
    }
}
