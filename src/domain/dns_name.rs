//! A domain the site is served at over HTTPS (`--domain`): a DNS name a public CA can
//! issue a certificate for by HTTP-01, so no wildcard, no IP address, no bare label.

use std::fmt;
use std::str::FromStr;

/// A lower-case DNS name of at least two labels, e.g. `www.example.com`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DnsName(String);

impl DnsName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for DnsName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for DnsName {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
        let label_ok = |label: &str| {
            (1..=63).contains(&label.len())
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        };
        let labels: Vec<&str> = name.split('.').collect();
        let all_digits = labels
            .last()
            .is_some_and(|top| top.chars().all(|c| c.is_ascii_digit()));
        if name.len() > 253 || labels.len() < 2 || !labels.iter().all(|l| label_ok(l)) || all_digits
        {
            return Err(format!(
                "{text:?} is not a domain a certificate can be issued for: write a DNS name \
                 such as www.example.com (no scheme, port, wildcard or IP address)"
            ));
        }
        Ok(DnsName(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_dns_names_of_two_labels_or_more_are_domains() {
        let cases: &[(&str, Option<&str>)] = &[
            ("www.example.com", Some("www.example.com")),
            ("Example.COM", Some("example.com")),
            ("example.com.", Some("example.com")),
            ("xn--bcher-kva.example", Some("xn--bcher-kva.example")),
            ("corpsite.test", Some("corpsite.test")),
            ("localhost", None),
            ("*.example.com", None),
            ("https://example.com", None),
            ("example.com:443", None),
            ("192.168.0.1", None),
            ("-bad.example.com", None),
            ("bad-.example.com", None),
            ("a..example.com", None),
            ("", None),
            ("exa mple.com", None),
        ];
        for (text, expected) in cases {
            let parsed = text.parse::<DnsName>().ok();
            assert_eq!(parsed.as_ref().map(DnsName::as_str), *expected, "{text}");
        }
    }
}
