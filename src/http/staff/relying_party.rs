//! The relying party staff passkeys are made for (WebAuthn, with webauthn-rs): the site's
//! name, built once at start (`AppState::passkeys`), or why passkeys cannot work here.
//!
//! The relying party is the site's name: the host of `--public-url`, else the first
//! `--domain` of its own HTTPS, else `localhost` (any port) for a laptop. Browsers refuse
//! passkeys on bare IP addresses.

use std::net::IpAddr;

use webauthn_rs::prelude::{Url, Webauthn, WebauthnBuilder};

use crate::http::plumbing::error::ApiError;
use crate::settings::{CertSource, Settings, TlsSettings};

/// The relying party passkeys are made for: the site's name, or why there is none.
pub struct RelyingParty {
    webauthn: Result<Webauthn, String>,
}

impl RelyingParty {
    pub fn for_site(settings: &Settings) -> RelyingParty {
        RelyingParty {
            webauthn: build(settings),
        }
    }

    pub(super) fn webauthn(&self) -> Result<&Webauthn, ApiError> {
        self.webauthn
            .as_ref()
            .map_err(|why| ApiError::Conflict(why.clone()))
    }
}

fn build(settings: &Settings) -> Result<Webauthn, String> {
    let acme_domain = match &settings.tls {
        Some(TlsSettings {
            certificate: CertSource::Acme(acme),
            ..
        }) => acme.domains.first().cloned(),
        _ => None,
    };
    let (origin, any_port) = match (&settings.public_url, acme_domain) {
        (Some(url), _) => (url.as_str().to_owned(), false),
        (None, Some(domain)) => (format!("https://{domain}"), true),
        (None, None) => ("http://localhost".to_owned(), true),
    };
    let origin = Url::parse(&origin).map_err(|err| err.to_string())?;
    let host = origin.host_str().unwrap_or("").to_owned();
    if host.parse::<IpAddr>().is_ok() || host.trim_matches(['[', ']']).parse::<IpAddr>().is_ok() {
        return Err(format!(
            "Passkeys need the site to be opened by its name, not an IP address ({host}). \
             Sign in with your password and an authenticator code."
        ));
    }
    let mut builder = WebauthnBuilder::new(&host, &origin)
        .map_err(|err| err.to_string())?
        .rp_name(crate::mail::compose::SITE_NAME)
        .allow_any_port(any_port);
    let https_too;
    if host == "localhost" && origin.scheme() == "http" {
        // The binary's own HTTPS on a laptop (`--tls-cert`) is reached at https://localhost.
        https_too = Url::parse("https://localhost").map_err(|err| err.to_string())?;
        builder = builder.append_allowed_origin(&https_too);
    }
    builder.build().map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::AcmeSettings;
    use std::time::Duration;

    fn rp_of(adjust: impl FnOnce(&mut Settings)) -> Result<Webauthn, String> {
        let mut settings = Settings::for_data_dir("/tmp/unused");
        adjust(&mut settings);
        build(&settings)
    }

    #[test]
    fn the_relying_party_is_the_sites_name_and_never_an_ip_address() {
        let laptop = rp_of(|_| {}).expect("localhost");
        let origins: Vec<String> = laptop
            .get_allowed_origins()
            .iter()
            .map(|u| u.to_string())
            .collect();
        assert_eq!(origins, ["http://localhost/", "https://localhost/"]);

        let public = rp_of(|s| s.public_url = Some("https://corp.example".parse().expect("url")))
            .expect("named");
        assert_eq!(
            public.get_allowed_origins()[0].as_str(),
            "https://corp.example/"
        );

        let acme = rp_of(|s| {
            s.tls = Some(TlsSettings {
                https_addr: "127.0.0.1:443".parse().expect("addr"),
                http_addr: "127.0.0.1:80".parse().expect("addr"),
                certificate: CertSource::Acme(AcmeSettings {
                    domains: vec!["www.corp.example".into()],
                    directory: "https://acme.example/dir".into(),
                    ca_root: None,
                    email: None,
                    renew_within: Duration::from_secs(1),
                    retry_after: Duration::from_secs(1),
                }),
            })
        })
        .expect("the ACME domain");
        assert_eq!(
            acme.get_allowed_origins()[0].as_str(),
            "https://www.corp.example/"
        );

        let by_ip = rp_of(|s| s.public_url = Some("http://192.0.2.10:8080".parse().expect("url")))
            .expect_err("no passkeys on an IP address");
        assert!(by_ip.contains("not an IP address"), "{by_ip}");
    }
}
