//! The settings the server runs with, and their defaults: the one source for both the
//! command line's defaults (`cli::args`) and the settings tests and tools build.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use crate::domain::edge_url::EdgeUrl;
use crate::domain::mail_settings::MailSettings;
use crate::domain::metrics_token::MetricsToken;
use crate::domain::public_url::PublicUrl;

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATA_DIR: &str = "./data";
pub const DEFAULT_MAX_CONNECTIONS: u32 = 1024;
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: u32 = 64;
pub const DEFAULT_RATE_LIMIT: u32 = 10;
pub const DEFAULT_SEARCH_RATE_LIMIT: u32 = 300;
/// Page views one client may have counted a minute: far above a reader's pace.
pub const DEFAULT_VISIT_RATE_LIMIT: u32 = 240;
pub const DEFAULT_MAX_UPLOAD_BYTES: u64 = 5 * 1024 * 1024;
pub const DEFAULT_MEDIA_BASE: &str = "/media/";
pub const DEFAULT_UPLOADS_QUOTA: u64 = 2 * 1024 * 1024 * 1024;
pub const DEFAULT_MIN_FREE_DISK: u64 = 256 * 1024 * 1024;
pub const DEFAULT_PAGE_SIZE: u32 = 12;
pub const DEFAULT_HTTPS_ADDR: &str = "0.0.0.0:443";
pub const DEFAULT_HTTP_ADDR: &str = "0.0.0.0:80";
/// Let's Encrypt's production directory.
pub const DEFAULT_ACME_DIRECTORY: &str = "https://acme-v02.api.letsencrypt.org/directory";
/// Renew when this little of a certificate's life is left (Let's Encrypt's last third).
pub const DEFAULT_ACME_RENEW_WITHIN: &str = "30d";
/// A backup set a day, as `--backup-every` writes it.
pub const DEFAULT_BACKUP_EVERY: &str = "24h";
pub const DEFAULT_BACKUP_EVERY_SECONDS: u64 = 24 * 3600;
/// Two weeks of daily sets.
pub const DEFAULT_BACKUP_KEEP: u32 = 14;
pub const DEFAULT_ADMIN_ADDR: &str = "127.0.0.1:9090";
/// A month of page views, then only their roll-ups.
pub const DEFAULT_VISIT_DAYS: u32 = 30;

#[derive(Debug, Clone)]
pub struct Settings {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub max_connections: usize,
    /// Connections one client address may hold at once (trusted proxies excepted); 0: no cap.
    pub max_connections_per_client: usize,
    /// Lead and application POSTs per client address a minute; 0 means unlimited (and then
    /// the proof of work's difficulty no longer doubles with a client's posts).
    pub rate_limit_per_minute: u32,
    /// Whether the forms' posts must carry a proof of work (`Form-Proof`); off only for the
    /// contract and load tests, never with HTTPS (`--form-proof off`).
    pub form_proof: bool,
    /// Blog searches that miss the cache, per client address a minute; 0 means unlimited.
    pub search_rate_limit_per_minute: u32,
    /// Page views counted per client address (an IPv6 /64) a minute; 0 means unlimited.
    pub visit_rate_limit_per_minute: u32,
    pub trusted_proxies: Vec<IpAddr>,
    /// Other sites (`scheme://host[:port]`) whose pages may post the forms, with CORS.
    pub allowed_origins: Vec<String>,
    /// The site's address as visitors reach it; without it, absolute URLs are built from
    /// the request's Host (and a trusted proxy's X-Forwarded-Proto).
    pub public_url: Option<PublicUrl>,
    /// Edge caches (a CDN's or Varnish's) told of each content change (`server::purge`);
    /// none by default.
    pub purge_urls: Vec<EdgeUrl>,
    pub max_upload_bytes: u64,
    /// The most all stored resumes together may take.
    pub uploads_quota: u64,
    /// Form posts are refused (507) while the data dir's disk has less than this free.
    pub min_free_disk: u64,
    pub header_read_timeout: Duration,
    /// A request body that sends nothing for this long is cut off (408).
    pub body_idle_timeout: Duration,
    /// A request body slower than `body_min_rate` bytes a second on average, once
    /// `body_rate_grace` has passed, is cut off (408).
    pub body_min_rate: u64,
    pub body_rate_grace: Duration,
    pub shutdown_grace: Duration,
    pub media_base: String,
    pub page_size: u64,
    /// The relay, the sender and recipients of mail, and its pace.
    pub mail: MailSettings,
    /// Publish the demo blogs on the first start of a new database.
    pub seed_demo_content: bool,
    /// How often the server makes a backup set; `None`: never.
    pub backup_every: Option<Duration>,
    /// How many backup sets are kept (at least 1); older ones are deleted after a new one
    /// succeeds.
    pub backup_keep: u32,
    /// Where backup sets go; `None`: `<data-dir>/backups`.
    pub backup_dir: Option<PathBuf>,
    /// The bucket each finished set is uploaded to (`--backup-to`), pruned to `backup_keep`
    /// there too; `None`: the sets stay on this machine.
    pub backup_to: Option<crate::domain::backup_target::RemoteConfig>,
    /// How many days each counted page view is kept before only its day's and hour's
    /// roll-ups remain.
    pub visit_days: u32,
    /// HTTPS by the server itself (`--domain` or `--tls-cert`); `None`: plain HTTP on `addr`.
    pub tls: Option<TlsSettings>,
    /// Where `/metrics` and `/healthz` are served for operators, apart from the site; None:
    /// no such listener (`--admin-addr off`).
    pub admin_addr: Option<SocketAddr>,
    /// A bearer token that opens `/metrics` on the site's own address too.
    pub metrics_token: Option<MetricsToken>,
    /// How a start as a desktop program (`corpsite demo`) differs; `None` for `serve`.
    pub desktop: Option<Desktop>,
}

/// A start on a demo laptop: a busy port is not the end of it (a taken admin address is
/// left off, with one log line, instead of stopping the start), and the browser opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Desktop {
    /// While `addr`'s port is taken, the ports after it up to this one are tried in turn;
    /// `None`: `addr` as given (an explicit `--addr`).
    pub last_port: Option<u16>,
    /// Open the site in the default browser once it serves.
    pub open_browser: bool,
}

/// Where HTTPS is served and where its certificate comes from.
#[derive(Debug, Clone)]
pub struct TlsSettings {
    /// The site, over HTTPS (HTTP/2 and HTTP/1.1).
    pub https_addr: SocketAddr,
    /// ACME challenges, and a 308 to https for everything else.
    pub http_addr: SocketAddr,
    pub certificate: CertSource,
}

#[derive(Debug, Clone)]
pub enum CertSource {
    /// The office's own PEM files, reloaded on SIGHUP.
    Files { cert: PathBuf, key: PathBuf },
    /// Obtained and renewed over ACME.
    Acme(AcmeSettings),
}

#[derive(Debug, Clone)]
pub struct AcmeSettings {
    /// The names the certificate is for; the first is the site's own.
    pub domains: Vec<String>,
    /// The CA's ACME directory URL.
    pub directory: String,
    /// A PEM root to trust for the CA's own HTTPS (a private or test CA).
    pub ca_root: Option<PathBuf>,
    /// The account's contact, for the CA's expiry notices.
    pub email: Option<String>,
    /// Renew when this little of the certificate's life is left.
    pub renew_within: Duration,
    /// The pause after a failed attempt (doubling while they keep failing).
    pub retry_after: Duration,
}

impl Settings {
    /// The defaults, with the data in `data_dir`.
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        Settings {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: data_dir.into(),
            max_connections: DEFAULT_MAX_CONNECTIONS as usize,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT as usize,
            rate_limit_per_minute: DEFAULT_RATE_LIMIT,
            form_proof: true,
            search_rate_limit_per_minute: DEFAULT_SEARCH_RATE_LIMIT,
            visit_rate_limit_per_minute: DEFAULT_VISIT_RATE_LIMIT,
            trusted_proxies: Vec::new(),
            allowed_origins: Vec::new(),
            public_url: None,
            purge_urls: Vec::new(),
            max_upload_bytes: DEFAULT_MAX_UPLOAD_BYTES,
            uploads_quota: DEFAULT_UPLOADS_QUOTA,
            min_free_disk: DEFAULT_MIN_FREE_DISK,
            header_read_timeout: Duration::from_secs(10),
            body_idle_timeout: Duration::from_secs(15),
            body_min_rate: 1024,
            body_rate_grace: Duration::from_secs(5),
            shutdown_grace: Duration::from_secs(5),
            media_base: DEFAULT_MEDIA_BASE.to_owned(),
            page_size: u64::from(DEFAULT_PAGE_SIZE),
            mail: MailSettings::new(),
            seed_demo_content: true,
            backup_every: Some(Duration::from_secs(DEFAULT_BACKUP_EVERY_SECONDS)),
            backup_keep: DEFAULT_BACKUP_KEEP,
            backup_dir: None,
            backup_to: None,
            visit_days: DEFAULT_VISIT_DAYS,
            tls: None,
            admin_addr: Some(SocketAddr::from(([127, 0, 0, 1], 9090))),
            metrics_token: None,
            desktop: None,
        }
    }

    /// Where backup sets go: `--backup-dir`, or `backups` in the data dir.
    pub fn backup_dir(&self) -> PathBuf {
        self.backup_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("backups"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_address_constant_and_the_default_settings_agree() {
        let parsed: SocketAddr = DEFAULT_ADDR.parse().expect("address");
        assert_eq!(Settings::for_data_dir(DEFAULT_DATA_DIR).addr, parsed);
        let admin: SocketAddr = DEFAULT_ADMIN_ADDR.parse().expect("address");
        assert_eq!(
            Settings::for_data_dir(DEFAULT_DATA_DIR).admin_addr,
            Some(admin)
        );
    }

    #[test]
    fn the_default_backup_interval_text_and_seconds_agree() {
        let parsed =
            crate::domain::interval::Interval::parse(DEFAULT_BACKUP_EVERY).expect("interval");
        assert_eq!(
            parsed.duration(),
            Settings::for_data_dir(DEFAULT_DATA_DIR).backup_every
        );
    }
}
