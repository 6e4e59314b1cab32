//! The certificate served over HTTPS, swappable while the server runs: a renewal or a
//! SIGHUP reload replaces it for the next handshake, and connections already open keep
//! the one they started with. Also the one rustls server configuration (TLS 1.2 and 1.3,
//! ring's suites: AEAD only, forward secret only; ALPN h2 then http/1.1).

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use jiff::Timestamp;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls::ServerConfig;

#[derive(Debug, thiserror::Error)]
pub enum CertError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{what} holds no PEM certificate")]
    NoCertificate { what: String },
    #[error("{what} holds no usable private key (PEM, PKCS#8, PKCS#1 or SEC1): {reason}")]
    BadKey { what: String, reason: String },
    #[error("the private key does not belong to the certificate in {what}: {reason}")]
    Mismatch { what: String, reason: String },
    #[error("the certificate in {what} cannot be read: {reason}")]
    BadCertificate { what: String, reason: String },
    #[error("cannot set up TLS: {0}")]
    Config(rustls::Error),
}

/// A certificate chain and its key, ready to serve, with when it expires.
#[derive(Debug, Clone)]
pub struct LoadedCert {
    pub key: Arc<CertifiedKey>,
    pub not_after: Timestamp,
    /// The DNS names the leaf is for (its subject alternative names), lower case.
    pub names: Vec<String>,
}

impl LoadedCert {
    /// From PEM texts: the chain (leaf first) and its private key. `what` names them in errors.
    pub fn from_pem(chain_pem: &[u8], key_pem: &[u8], what: &str) -> Result<LoadedCert, CertError> {
        let chain = CertificateDer::pem_slice_iter(chain_pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|err| CertError::BadCertificate {
                what: what.to_owned(),
                reason: err.to_string(),
            })?;
        let Some(leaf) = chain.first() else {
            return Err(CertError::NoCertificate {
                what: what.to_owned(),
            });
        };
        let (not_after, names) =
            validity_and_names(leaf).map_err(|reason| CertError::BadCertificate {
                what: what.to_owned(),
                reason,
            })?;
        let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(|err| CertError::BadKey {
            what: what.to_owned(),
            reason: err.to_string(),
        })?;
        let provider = rustls::crypto::ring::default_provider();
        let key =
            CertifiedKey::from_der(chain, key, &provider).map_err(|err| CertError::Mismatch {
                what: what.to_owned(),
                reason: err.to_string(),
            })?;
        Ok(LoadedCert {
            key: Arc::new(key),
            not_after,
            names,
        })
    }

    /// From a certificate file and a key file (`--tls-cert`, `--tls-key`).
    pub fn from_files(cert: &Path, key: &Path) -> Result<LoadedCert, CertError> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|source| CertError::Read {
                path: path.to_path_buf(),
                source,
            })
        };
        let what = format!("{} and {}", cert.display(), key.display());
        LoadedCert::from_pem(&read(cert)?, &read(key)?, &what)
    }
}

/// When a DER certificate stops being valid, and the DNS names it is for.
fn validity_and_names(leaf: &CertificateDer<'_>) -> Result<(Timestamp, Vec<String>), String> {
    let (_, parsed) =
        x509_parser::parse_x509_certificate(leaf.as_ref()).map_err(|err| err.to_string())?;
    // A certificate "with no well-defined expiration" (RFC 5280) ends at 9999-12-31T23:59:59Z,
    // a day past the last instant jiff holds: it is read as that last second.
    let not_after = parsed
        .validity()
        .not_after
        .timestamp()
        .min(Timestamp::MAX.as_second());
    let not_after = Timestamp::from_second(not_after).map_err(|err| err.to_string())?;
    let names = match parsed.subject_alternative_name() {
        Ok(Some(san)) => san
            .value
            .general_names
            .iter()
            .filter_map(|name| match name {
                x509_parser::extensions::GeneralName::DNSName(dns) => {
                    Some(dns.to_ascii_lowercase())
                }
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok((not_after, names))
}

/// The certificate every handshake gets; none until the first one is obtained (handshakes
/// fail meanwhile, as they must: there is nothing honest to present).
#[derive(Debug, Default)]
pub struct CertSlot {
    current: RwLock<Option<LoadedCert>>,
}

impl CertSlot {
    pub fn new() -> Arc<CertSlot> {
        Arc::new(CertSlot::default())
    }

    pub fn replace(&self, cert: LoadedCert) {
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(cert);
    }

    pub fn current(&self) -> Option<LoadedCert> {
        self.current
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

impl ResolvesServerCert for CertSlot {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.current
            .read()
            .ok()?
            .as_ref()
            .map(|cert| Arc::clone(&cert.key))
    }
}

/// The server's TLS configuration: protocol versions 1.3 and 1.2 only; ring's cipher suites
/// (AES-GCM and ChaCha20-Poly1305 with ECDHE: nothing weak to switch off); HTTP/2 offered
/// first; stateless session tickets so returning clients skip the full handshake.
pub fn server_config(slot: Arc<CertSlot>) -> Result<Arc<ServerConfig>, CertError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(CertError::Config)?
        .with_no_client_auth()
        .with_cert_resolver(slot);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    config.ticketer = rustls::crypto::ring::Ticketer::new().map_err(CertError::Config)?;
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn self_signed(name: &str) -> (String, String) {
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec![name.to_owned()])
            .expect("params")
            .self_signed(&key)
            .expect("cert");
        (cert.pem(), key.serialize_pem())
    }

    #[test]
    fn a_certificate_and_its_key_load_with_the_expiry_of_the_leaf() {
        let (cert, key) = self_signed("www.example.com");
        let loaded = LoadedCert::from_pem(cert.as_bytes(), key.as_bytes(), "test").expect("load");
        // rcgen's default validity runs to 4096-01-01.
        assert_eq!(loaded.not_after.to_string(), "4096-01-01T00:00:00Z");
    }

    #[test]
    fn a_certificate_without_an_expiry_lasts_to_the_last_second_held() {
        let key = rcgen::KeyPair::generate().expect("key");
        let mut params =
            rcgen::CertificateParams::new(vec!["www.example.com".to_owned()]).expect("params");
        params.not_after = rcgen::date_time_ymd(9999, 12, 31);
        let cert = params.self_signed(&key).expect("cert");
        let pem = key.serialize_pem();
        let loaded =
            LoadedCert::from_pem(cert.pem().as_bytes(), pem.as_bytes(), "test").expect("load");
        assert_eq!(loaded.not_after.to_string(), "9999-12-30T22:00:00Z");
    }

    #[test]
    fn a_key_of_another_certificate_is_refused_by_name() {
        let (cert, _) = self_signed("www.example.com");
        let (_, other_key) = self_signed("www.example.com");
        let err = LoadedCert::from_pem(cert.as_bytes(), other_key.as_bytes(), "site.pem")
            .expect_err("mismatch");
        assert!(matches!(err, CertError::Mismatch { .. }), "{err}");
        assert!(err.to_string().contains("site.pem"), "{err}");
    }

    #[test]
    fn files_without_a_certificate_or_a_key_are_refused() {
        let (cert, key) = self_signed("www.example.com");
        let no_cert = LoadedCert::from_pem(b"", key.as_bytes(), "a").expect_err("no cert");
        assert!(
            matches!(no_cert, CertError::NoCertificate { .. }),
            "{no_cert}"
        );
        let no_key = LoadedCert::from_pem(cert.as_bytes(), b"", "b").expect_err("no key");
        assert!(matches!(no_key, CertError::BadKey { .. }), "{no_key}");
    }

    #[test]
    fn the_configuration_offers_http2_first_and_only_tls_1_2_and_1_3() {
        let config = server_config(CertSlot::new()).expect("config");
        assert_eq!(config.alpn_protocols[0], b"h2");
        let versions: Vec<_> = config
            .crypto_provider()
            .cipher_suites
            .iter()
            .map(|suite| suite.version().version)
            .collect();
        assert!(versions.iter().all(|v| matches!(
            v,
            rustls::ProtocolVersion::TLSv1_2 | rustls::ProtocolVersion::TLSv1_3
        )));
    }
}
