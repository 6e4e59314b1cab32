//! The mail settings (`--smtp-url`, `--mail-from`, `--notify-to`, `--mail-rate`), parsed
//! once at start.

use std::fmt;
use std::str::FromStr;

use lettre::message::Mailbox;
use lettre::transport::smtp::{PoolConfig, SmtpTransport};

pub const DEFAULT_MAIL_RATE: u32 = 400;

#[derive(Debug, Clone, Default)]
pub struct MailSettings {
    /// The relay; without it, mail waits in the outbox.
    pub smtp_url: Option<SmtpUrl>,
    pub from: Option<Mailbox>,
    pub notify_to: Vec<NotifyRule>,
    /// Most mails handed to the relay a second.
    pub per_second: u32,
}

impl MailSettings {
    pub fn new() -> MailSettings {
        MailSettings {
            per_second: DEFAULT_MAIL_RATE,
            ..MailSettings::default()
        }
    }
}

/// A relay URL in `lettre`'s form (`smtps://user:pass@host:465`, `smtp://host:587?tls=required`,
/// `smtp://127.0.0.1:25`). Its password never reaches a log: `Debug` and `Display` hide it.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpUrl(String);

impl SmtpUrl {
    /// A transport to the relay holding up to `connections` connections open.
    pub fn transport(
        &self,
        connections: u32,
    ) -> Result<SmtpTransport, lettre::transport::smtp::Error> {
        let pool = PoolConfig::new().max_size(connections);
        Ok(SmtpTransport::from_url(&self.0)?
            .timeout(Some(std::time::Duration::from_secs(30)))
            .pool_config(pool)
            .build())
    }
}

impl FromStr for SmtpUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        SmtpTransport::from_url(text).map_err(|err| {
            format!("not a relay URL ({err}): write it like smtps://user:pass@mail.example.com:465, smtp://mail.example.com:587?tls=required or smtp://127.0.0.1:25")
        })?;
        Ok(SmtpUrl(text.to_owned()))
    }
}

impl fmt::Display for SmtpUrl {
    /// The URL without its user and password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.split_once("://") {
            Some((scheme, rest)) => {
                let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
                write!(f, "{scheme}://{host}")
            }
            None => f.write_str("(relay)"),
        }
    }
}

impl fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SmtpUrl({self})")
    }
}

/// Where lead notifications go: `office@example.com` for every lead, or
/// `Corp Careers=hr@example.com` for the leads of one `department_website`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotifyRule {
    pub department: Option<String>,
    pub to: Mailbox,
}

impl FromStr for NotifyRule {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (department, address) = match text.split_once('=') {
            Some((department, address)) => (Some(department.trim().to_owned()), address),
            None => (None, text),
        };
        let to = address.trim().parse::<Mailbox>().map_err(|err| {
            format!("{address:?} is not a mail address ({err}); write office@example.com or \"Corp Careers=hr@example.com\"")
        })?;
        if department.as_deref() == Some("") {
            return Err(format!("{text:?}: the department before '=' is empty"));
        }
        Ok(NotifyRule { department, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_url_never_shows_its_password() {
        let url: SmtpUrl = "smtps://office:s3cret@mail.example.com:465"
            .parse()
            .expect("url");
        assert_eq!(url.to_string(), "smtps://mail.example.com:465");
        assert!(!format!("{url:?}").contains("s3cret"));
        assert!("http://mail.example.com".parse::<SmtpUrl>().is_err());
        assert!("smtp://127.0.0.1:2525".parse::<SmtpUrl>().is_ok());
    }

    #[test]
    fn notify_rules_name_a_department_or_none() {
        let all: NotifyRule = "office@example.com".parse().expect("rule");
        assert_eq!(all.department, None);
        let careers: NotifyRule = "Corp Careers=hr@example.com".parse().expect("rule");
        assert_eq!(careers.department.as_deref(), Some("Corp Careers"));
        assert_eq!(careers.to.email.to_string(), "hr@example.com");
        for bad in [
            "",
            "not an address",
            "=hr@example.com",
            "Corp Careers=",
            "a@b\r\nBcc: x@y",
        ] {
            assert!(bad.parse::<NotifyRule>().is_err(), "{bad:?}");
        }
    }
}
