//! The command line's grammar: every command and flag, each flag with its `CORPSITE_*`
//! environment variable. Defaults come from `settings`, which this turns flags into.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use jiff::civil::Date;

use lettre::message::Mailbox;

use crate::domain::dns_name::DnsName;
use crate::domain::edge_url::EdgeUrl;
use crate::domain::interval::{parse_duration, Interval};
use crate::domain::mail_settings::{self as mail_settings, MailSettings, NotifyRule, SmtpUrl};
use crate::domain::metrics_token::MetricsToken;
use crate::domain::public_url::PublicUrl;
use crate::domain::roles::Role;
use crate::settings::{self, AcmeSettings, CertSource, Settings, TlsSettings};
use crate::store::remote_backup::{self, RemoteConfig, S3Url};
use crate::telemetry::LogFormat;

#[derive(Debug, Parser)]
#[command(
    name = "corpsite",
    version,
    about = "The corporate group's public website: web server, JSON API and SQLite store in one binary.",
    long_about = "The corporate group's public website: web server, JSON API and SQLite store in one binary.\n\n\
                  With no subcommand it runs `serve`. Every flag can also be set with the environment \
                  variable shown beside it.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// `serve`'s flags, for when no subcommand is given.
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site and its API (the default when no subcommand is given).
    Serve(Box<ServeArgs>),
    /// Serve the site on this computer only and open it in the browser, like a desktop
    /// program: for demo laptops with no internet. What a start with no subcommand, no
    /// argument, no terminal and no CORPSITE_* variable (a double-click in a file manager)
    /// does too.
    ///
    /// The data lives in the system's application-data folder ($XDG_DATA_HOME/corpsite or
    /// ~/.local/share/corpsite on Linux, ~/Library/Application Support/corpsite on macOS,
    /// %APPDATA%\corpsite on Windows); the site on 127.0.0.1:8080, or the first free port up to
    /// 8099; the admin address on 127.0.0.1:9090 unless that port is taken. No certificate is
    /// asked for and mail is sent only with --smtp-url; the demo content is published on the
    /// first start.
    Demo(Box<DemoArgs>),
    /// Contact enquiries and blog subscriptions.
    Leads(LeadsArgs),
    /// Job applicants and their resumes.
    Applicants(ApplicantsArgs),
    /// Make a whole backup set while the site runs: the database (checked), the resumes and
    /// the media, in a folder of its own named by the time (corpsite-2026-11-23T031500Z),
    /// in DIR or uploaded to an S3 bucket. `corpsite restore` puts one back.
    Backup(BackupArgs),
    /// Copy the database alone to FILE while the site runs, then check the copy's
    /// integrity. It holds no resume and no image: for a whole backup, `corpsite backup`.
    BackupDatabase(BackupDatabaseArgs),
    /// Put a backup set (or a database file made by `backup-database`) in place of the data dir's
    /// database, resumes and media, after checking it; only while no server runs on the data
    /// dir. What it replaces is moved aside into replaced-<time>/ in the data dir.
    Restore(RestoreArgs),
    /// The outbox: what mail waits, what failed, and a test of the relay.
    #[command(subcommand)]
    Mail(MailCommand),
    /// Publish and manage the blogs (success stories). Works while the site runs; the site
    /// shows the change within a second.
    #[command(subcommand)]
    Blog(BlogCommand),
    /// Staff accounts for the inbox at /staff, their sessions and the audit log.
    #[command(subcommand)]
    Staff(StaffCommand),
    /// The company's details (addresses, numbers, links, leaders...), the page editor's pages
    /// and their images in one file, for moving a configuration between machines. The site
    /// shows an import within a second.
    #[command(subcommand)]
    Settings(CompanyDetailsCommand),
}

#[derive(Debug, Subcommand)]
pub enum CompanyDetailsCommand {
    /// Write the company's details (the demo ones until the office saves its own), every
    /// page's published values (and its draft when it differs) and every image and video they
    /// name (the leaders' portraits, the pages' uploaded pictures, the hero's video) to FILE,
    /// one gzipped tar: `details.json`, `pages.json` and `media/<path>` for each file. The same
    /// details and pages give the same bytes.
    Export {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Replace the company's details and the pages FILE names with FILE's (an export's
    /// archive, or a plain JSON file of the details), after checking everything: every field,
    /// every page's values against its schema, and every image or video a field names, which
    /// FILE must carry or this site must already have. A carried image or video is checked and
    /// stored as an upload is, under its own name here; a page's published values are
    /// published. One
    /// problem saves nothing and is named (a page's field by page and path). An archive
    /// without pages leaves them alone. Written to the audit log as done by the command line.
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        data: DataDirArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum StaffCommand {
    /// Create an account and print its one-time password, which must be changed at the
    /// first sign-in.
    Add {
        /// The address the staff member signs in with.
        email: String,
        /// The name the inbox shows.
        #[arg(long)]
        name: String,
        /// A role the account holds: owner (everything), editor (stories and media),
        /// recruiter (applicants and resumes) or sales (enquiries and subscribers). Give it
        /// once per role; owner when none is given.
        #[arg(long = "role", value_name = "ROLE", value_parser = parse_role)]
        roles: Vec<Role>,
        /// Read the one-time password from the first line of stdin instead of making one.
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Print every account: email, name, roles, created, and whether its password is
    /// one-time.
    List {
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Delete an account and end its sessions (the audit log keeps its entries).
    Remove {
        email: String,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// End an account's sessions and print a new one-time password for it.
    ResetPassword {
        email: String,
        /// Read the one-time password from the first line of stdin instead of making one.
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Remove an account's second factors (passkeys, authenticator app, recovery codes) and
    /// end its sessions: for the last owner who lost them all. It signs in with its password
    /// and sets up a second factor again if its role needs one.
    ResetFactors {
        email: String,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Print the open sessions, or end some with --revoke.
    Sessions {
        /// End the session whose key (as listed) starts with this, or every session of
        /// this email address.
        #[arg(long, value_name = "KEY|EMAIL")]
        revoke: Option<String>,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Print the audit log, newest first: sign-ins, sign-outs and every change.
    Audit {
        /// How many entries.
        #[arg(long, default_value_t = 100, value_name = "N")]
        limit: u32,
        #[command(flatten)]
        data: DataDirArg,
    },
}

#[derive(Debug, Args)]
pub struct LeadsArgs {
    #[command(subcommand)]
    pub command: LeadsCommand,
}

#[derive(Debug, Subcommand)]
pub enum LeadsCommand {
    /// Write contact enquiries (or, with --list subscribers, subscriptions) to stdout, oldest
    /// first: CSV (RFC 4180, UTF-8) or an Excel workbook, in the inbox export's columns.
    Export(LeadsExportArgs),
    /// Erase for privacy every enquiry, subscription and application of one email address, with
    /// their notes, replies and resume files, and their entries in the trash; final at once.
    /// The audit log records that it happened, and the erasure ledger keeps the address's hash
    /// so that `corpsite restore` erases it again from an older backup.
    Erase {
        /// The address, in any case.
        email: String,
        #[command(flatten)]
        data: DataDirArg,
    },
}

#[derive(Debug, Args)]
pub struct ApplicantsArgs {
    #[command(subcommand)]
    pub command: ApplicantsCommand,
}

#[derive(Debug, Subcommand)]
pub enum ApplicantsCommand {
    /// Write applicants to stdout, oldest first: CSV (RFC 4180, UTF-8) or an Excel workbook,
    /// in the inbox export's columns.
    Export(ApplicantsExportArgs),
}

#[derive(Debug, Clone, Args)]
pub struct LeadsExportArgs {
    /// Which list: the contact form's enquiries, or the newsletter's subscriptions.
    #[arg(long, value_enum, default_value_t = LeadsList::Enquiries)]
    pub list: LeadsList,

    /// With --list subscribers: only the subscriptions in this double opt-in state
    /// (confirmed: the readers new stories are mailed to).
    #[arg(long, value_enum)]
    pub subscription: Option<ReaderState>,

    #[command(flatten)]
    pub export: ExportArgs,
}

/// A subscription's double opt-in state, as `--subscription` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReaderState {
    /// Waiting for the confirmation link to be opened.
    Pending,
    /// Gets every new story.
    Confirmed,
    Unsubscribed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LeadsList {
    Enquiries,
    Subscribers,
}

/// The file an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFileFormat {
    /// RFC 4180 CSV in UTF-8; cells a spreadsheet would run as formulas start with '.
    Csv,
    /// An Excel workbook (.xlsx) with typed cells: times in the office's time zone.
    Xlsx,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Only what arrived on or after this day (UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_day)]
    pub since: Option<Date>,

    /// csv, or xlsx for an Excel workbook (redirect stdout to a file:
    /// `> enquiries-2026-11-26.xlsx`).
    #[arg(long, value_enum, default_value_t = ExportFileFormat::Csv)]
    pub format: ExportFileFormat,

    /// Start a CSV with a UTF-8 byte-order mark, so Excel shows accented and non-Latin names
    /// correctly when the file is opened with a double-click (a workbook needs none).
    #[arg(long)]
    pub bom: bool,

    #[command(flatten)]
    pub data: DataDirArg,
}

#[derive(Debug, Clone, Args)]
pub struct ApplicantsExportArgs {
    #[command(flatten)]
    pub export: ExportArgs,

    /// Also copy each exported applicant's resume into DIR, named <_id>.<pdf|jpg|png|svg|webp>.
    #[arg(long, value_name = "DIR")]
    pub resumes: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// Where the set goes: a folder (created owner-only, 0700, when missing; best on another
    /// disk than the data dir), or s3://BUCKET/PREFIX (the same place --backup-to names).
    #[arg(value_name = "DIR|s3://BUCKET/PREFIX")]
    pub target: PathBuf,

    #[command(flatten)]
    pub data: DataDirArg,

    // A set on the data dir's own disk is not started when it would leave less than this
    // free there, as the server's backups do (the same flag and variable as `serve`).
    #[command(flatten)]
    pub min_free: MinFreeDiskArg,

    #[command(flatten)]
    pub backup_s3: S3Flags,
}

/// `--min-free-disk`: shared by `serve` (the forms and the scheduled backups) and `backup`.
#[derive(Debug, Clone, Args)]
pub struct MinFreeDiskArg {
    /// Free space the data dir's disk must keep, in bytes: below it every form post is
    /// answered 507 (and logged), so the database never meets a full disk; a backup set on
    /// that disk is not started when it would leave less.
    #[arg(long, env = "CORPSITE_MIN_FREE_DISK", default_value_t = settings::DEFAULT_MIN_FREE_DISK, value_name = "BYTES")]
    pub min_free_disk: u64,
}

#[derive(Debug, Clone, Args)]
pub struct BackupDatabaseArgs {
    /// Where to write the copy; an existing file is replaced only by a copy that checked out.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    #[command(flatten)]
    pub data: DataDirArg,
}

#[derive(Debug, Clone, Args)]
pub struct RestoreArgs {
    /// A backup set's folder (such as backups/corpsite-2026-11-23T031500Z), a database file,
    /// or s3://BUCKET/PREFIX for the newest whole set in that bucket (s3://BUCKET/PREFIX/SET
    /// for the named one).
    #[arg(value_name = "BACKUP")]
    pub backup: PathBuf,

    #[command(flatten)]
    pub data: DataDirArg,

    #[command(flatten)]
    pub backup_s3: S3Flags,
}

/// How to reach the backups' bucket: shared by `serve` (`--backup-to`), `backup` and
/// `restore`.
#[derive(Debug, Clone, Args)]
pub struct S3Flags {
    /// An S3-compatible store's address (e.g. https://s3.eu-central-003.backblazeb2.com or
    /// http://127.0.0.1:9000); without it, Amazon S3.
    #[arg(long, env = "CORPSITE_BACKUP_S3_ENDPOINT", value_name = "URL")]
    pub backup_s3_endpoint: Option<url::Url>,

    /// The bucket's region, as the store names it.
    #[arg(long, env = "CORPSITE_BACKUP_S3_REGION", default_value = remote_backup::DEFAULT_REGION, value_name = "REGION")]
    pub backup_s3_region: String,

    /// A file with the bucket's keys (the AWS credentials format: aws_access_key_id and
    /// aws_secret_access_key under [default]) that only the service's user can read;
    /// without it, the AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN
    /// variables.
    #[arg(long, env = "CORPSITE_BACKUP_S3_CREDENTIALS", value_name = "FILE")]
    pub backup_s3_credentials: Option<PathBuf>,
}

impl S3Flags {
    pub fn config(&self, url: S3Url) -> RemoteConfig {
        RemoteConfig {
            url,
            endpoint: self.backup_s3_endpoint.clone(),
            region: self.backup_s3_region.clone(),
            credentials_file: self.backup_s3_credentials.clone(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum BlogCommand {
    /// Publish a post from a Markdown (.md) or HTML (.html) file with YAML front matter
    /// (title, motive, tags, author, author_photo, date, color, image, min_read). Prints the
    /// new post's id as its last line.
    Add {
        /// The post file.
        file: PathBuf,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Replace a post with the contents of FILE, keeping its id.
    Update {
        /// The id of the post, as `blog list` shows it.
        id: String,
        /// The post file.
        file: PathBuf,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Print every post: id, date and title, newest first.
    List {
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Delete a post, and any image only it used.
    Remove {
        /// The id of the post, as `blog list` shows it.
        id: String,
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Publish every post file (.md, .html) in DIR in one go: one bad file rejects them all.
    Import {
        /// The folder of post files.
        dir: PathBuf,
        #[command(flatten)]
        data: DataDirArg,
    },
}

/// Where the database, uploads and media live.
#[derive(Debug, Clone, Args)]
pub struct DataDirArg {
    /// Folder for the SQLite database, uploaded resumes and media; created when missing.
    #[arg(
        long,
        env = "CORPSITE_DATA_DIR",
        default_value = settings::DEFAULT_DATA_DIR,
        value_name = "DIR"
    )]
    pub data_dir: PathBuf,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address and port to listen on. Use 0.0.0.0:8080 to accept connections from other hosts,
    /// port 0 for any free port.
    #[arg(
        long,
        env = "CORPSITE_ADDR",
        default_value = settings::DEFAULT_ADDR,
        value_name = "HOST:PORT"
    )]
    pub addr: SocketAddr,

    #[command(flatten)]
    pub data: DataDirArg,

    /// Most connections served at once; further clients wait until one closes. Lowered at start
    /// when the open-files limit leaves less room (logged).
    #[arg(long, env = "CORPSITE_MAX_CONNECTIONS", default_value_t = settings::DEFAULT_MAX_CONNECTIONS, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Most connections one client address may hold at once, so one client cannot take
    /// every slot (trusted proxies are not capped); 0 turns the cap off.
    #[arg(
        long,
        env = "CORPSITE_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = settings::DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
        value_name = "N"
    )]
    pub max_connections_per_client: u32,

    /// Enquiries and applications one client address may send a minute (half of them at
    /// once); over it, 429 with Retry-After. 0 turns the limit off.
    #[arg(
        long,
        env = "CORPSITE_RATE_LIMIT",
        default_value_t = settings::DEFAULT_RATE_LIMIT,
        value_name = "N"
    )]
    pub rate_limit: u32,

    /// Whether every form's post must carry a proof of work (Form-Proof, solved by the
    /// browser in the background): off is for the contract and load tests only, is refused
    /// with --domain or --tls-cert, and is logged at start. With it on, a client's first form
    /// of the hour costs about 0.1 to 0.3 s on a low-end phone, and while --rate-limit is on,
    /// each further post from the same client (an IPv6 /64) within the hour doubles that, six
    /// times at most.
    #[arg(
        long,
        env = "CORPSITE_FORM_PROOF",
        value_enum,
        default_value_t = OnOff::On,
        value_name = "on|off"
    )]
    pub form_proof: OnOff,

    /// Blog searches one client address may run a minute (half of them at once); searches
    /// answered from the cache do not count. 0 turns the limit off.
    #[arg(
        long,
        env = "CORPSITE_SEARCH_RATE_LIMIT",
        default_value_t = settings::DEFAULT_SEARCH_RATE_LIMIT,
        value_name = "N"
    )]
    pub search_rate_limit: u32,

    /// Page views one client address (an IPv6 /64) may have counted a minute (half of them at
    /// once); past it the beacon still answers 204, after a pause of 250 ms (16 of one
    /// client's at once), and the view is not counted, so one client can neither fill the disk
    /// nor take the server's cores. 0 turns the limit off.
    #[arg(
        long,
        env = "CORPSITE_VISIT_RATE_LIMIT",
        default_value_t = settings::DEFAULT_VISIT_RATE_LIMIT,
        value_name = "N"
    )]
    pub visit_rate_limit: u32,

    /// Reverse proxies whose X-Forwarded-For is believed: the client is then the right-most
    /// address in it that is not one of these. Comma-separated IP addresses.
    #[arg(
        long,
        env = "CORPSITE_TRUSTED_PROXY",
        value_delimiter = ',',
        value_name = "IP[,IP...]"
    )]
    pub trusted_proxy: Vec<IpAddr>,

    /// Other sites whose pages may post the contact and Join Us forms here (the group's
    /// sister sites), answered with CORS; form posts from any other site get 403.
    /// Comma-separated origins such as https://projects.example.com.
    #[arg(
        long,
        env = "CORPSITE_ALLOWED_ORIGINS",
        value_delimiter = ',',
        value_name = "URL[,URL...]"
    )]
    pub allowed_origins: Vec<String>,

    /// The site's address as visitors reach it, such as https://www.example.com: absolute
    /// links (canonical URLs, link previews, sitemap, feed, mail) are built from it, and
    /// staff cookies are marked Secure when it is https. Without it, links are built from
    /// each request's Host (https only when a --trusted-proxy says so in X-Forwarded-Proto).
    #[arg(long, env = "CORPSITE_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<PublicUrl>,

    /// An edge cache in front of the site (Varnish with deploy/varnish/corpsite.vcl, or a
    /// relay to a CDN's purge API: docs/cdn.md), told of each content change: a published,
    /// edited or withdrawn story bans the blog's pages, the home page, the sitemap and the
    /// blog API; a change of the company's details, or a start, bans every page. Sent as
    /// HTTP BAN requests in the background, retried for a minute. Repeat the flag (or
    /// comma-separate the variable) for several edges, e.g. http://10.0.0.5:6081.
    #[arg(
        long = "purge-url",
        env = "CORPSITE_PURGE_URL",
        value_delimiter = ',',
        value_name = "URL"
    )]
    pub purge_urls: Vec<EdgeUrl>,

    /// Largest resume file accepted, in bytes; a whole application may be 1 MiB more.
    #[arg(long, env = "CORPSITE_MAX_UPLOAD_BYTES", default_value_t = settings::DEFAULT_MAX_UPLOAD_BYTES, value_name = "BYTES",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_upload_bytes: u64,

    /// The most all stored resumes together may take, in bytes; applications over it are
    /// answered 507 (and logged) until room is made.
    #[arg(long, env = "CORPSITE_UPLOADS_QUOTA", default_value_t = settings::DEFAULT_UPLOADS_QUOTA, value_name = "BYTES")]
    pub uploads_quota: u64,

    #[command(flatten)]
    pub min_free: MinFreeDiskArg,

    /// Base URL of blog images and other media: a path on this server or a public bucket URL.
    #[arg(
        long,
        env = "CORPSITE_MEDIA_BASE",
        default_value = settings::DEFAULT_MEDIA_BASE,
        value_name = "URL"
    )]
    pub media_base: String,

    #[command(flatten)]
    pub mail: MailFlags,

    /// Blogs per page of the blog list API (1 to 100).
    #[arg(long, env = "CORPSITE_PAGE_SIZE", default_value_t = settings::DEFAULT_PAGE_SIZE, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub page_size: u32,

    /// How often to make a backup set (the database, checked, with the resumes and media)
    /// while serving: a number and s, m, h or d, e.g. 24h or 90m; off (or 0) makes none.
    #[arg(long, env = "CORPSITE_BACKUP_EVERY", default_value = settings::DEFAULT_BACKUP_EVERY, value_name = "INTERVAL")]
    pub backup_every: Interval,

    /// How many backup sets to keep; the oldest beyond this are deleted once a new set is
    /// made.
    #[arg(long, env = "CORPSITE_BACKUP_KEEP", default_value_t = settings::DEFAULT_BACKUP_KEEP, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub backup_keep: u32,

    /// Folder for the backup sets (created owner-only, 0700, when missing); without it,
    /// backups in the data dir.
    #[arg(long, env = "CORPSITE_BACKUP_DIR", value_name = "DIR")]
    pub backup_dir: Option<PathBuf>,

    /// Also upload each finished backup set to this S3 bucket and prefix (any S3-compatible
    /// store with --backup-s3-endpoint), keeping the newest --backup-keep there too. A set
    /// that cannot go up stays here, /healthz says degraded, and it is tried again.
    #[arg(long, env = "CORPSITE_BACKUP_TO", value_name = "s3://BUCKET/PREFIX")]
    pub backup_to: Option<S3Url>,

    #[command(flatten)]
    pub backup_s3: S3Flags,

    /// How many days each counted page view is kept (its day, page, visitor number and
    /// campaign; never an address); after that only the counts per day and hour remain.
    #[arg(long, env = "CORPSITE_VISIT_DAYS", default_value_t = settings::DEFAULT_VISIT_DAYS, value_name = "DAYS",
          value_parser = clap::value_parser!(u32).range(1..=3660))]
    pub visit_days: u32,

    /// Address for operators only, apart from the site: GET /metrics (Prometheus) and
    /// /healthz. Keep it off the public internet; `off` serves no such address. A start that
    /// cannot listen there stops.
    #[arg(
        long,
        env = "CORPSITE_ADMIN_ADDR",
        default_value = settings::DEFAULT_ADMIN_ADDR,
        value_name = "HOST:PORT|off"
    )]
    pub admin_addr: AdminAddr,

    /// A secret (at least 16 printable characters, e.g. `openssl rand -hex 24`) that also opens
    /// /metrics on the site's address, sent as `Authorization: Bearer TOKEN`; without it
    /// /metrics is only on --admin-addr.
    #[arg(
        long,
        env = "CORPSITE_METRICS_TOKEN",
        value_name = "TOKEN",
        hide_env_values = true
    )]
    pub metrics_token: Option<MetricsToken>,

    #[command(flatten)]
    pub https: HttpsFlags,

    /// How log lines are written: text (one readable line an event, coloured only on a
    /// terminal and without NO_COLOR) or json (one JSON object a line with the event's fields
    /// as keys, for journald or Loki). Every command reads CORPSITE_LOG_FORMAT.
    #[arg(
        long,
        env = "CORPSITE_LOG_FORMAT",
        value_enum,
        default_value_t = LogFormat::Text,
        value_name = "FORMAT"
    )]
    pub log_format: LogFormat,
}

/// HTTPS by the server itself: with a certificate from an ACME CA (`--domain`) or the
/// office's own files (`--tls-cert`, `--tls-key`). Without either, plain HTTP on `--addr`.
#[derive(Debug, Clone, Args)]
pub struct HttpsFlags {
    /// Serve HTTPS for DOMAIN, with a certificate obtained and renewed over ACME (Let's
    /// Encrypt unless --acme-directory says otherwise); repeat or comma-separate for more
    /// names. Each must resolve to this machine and port 80 must reach --http-addr. The
    /// site is then served on --https-addr (and --addr is not used); --public-url defaults
    /// to https://DOMAIN (the first).
    #[arg(
        long = "domain",
        env = "CORPSITE_DOMAIN",
        value_delimiter = ',',
        value_name = "DOMAIN"
    )]
    pub domains: Vec<DnsName>,

    /// Serve HTTPS with this PEM certificate chain (leaf first) instead of ACME; reloaded
    /// on SIGHUP.
    #[arg(
        long,
        env = "CORPSITE_TLS_CERT",
        value_name = "FILE",
        requires = "tls_key",
        conflicts_with = "domains"
    )]
    pub tls_cert: Option<PathBuf>,

    /// The private key (PEM) of --tls-cert; reloaded on SIGHUP.
    #[arg(
        long,
        env = "CORPSITE_TLS_KEY",
        value_name = "FILE",
        requires = "tls_cert"
    )]
    pub tls_key: Option<PathBuf>,

    /// Where HTTPS is served (HTTP/2 and HTTP/1.1), with --domain or --tls-cert.
    #[arg(long, env = "CORPSITE_HTTPS_ADDR", default_value = settings::DEFAULT_HTTPS_ADDR, value_name = "HOST:PORT")]
    pub https_addr: SocketAddr,

    /// Where plain HTTP answers ACME challenges and sends everything else to https (308),
    /// with --domain or --tls-cert.
    #[arg(long, env = "CORPSITE_HTTP_ADDR", default_value = settings::DEFAULT_HTTP_ADDR, value_name = "HOST:PORT")]
    pub http_addr: SocketAddr,

    /// The ACME CA's directory URL, e.g. Let's Encrypt's staging
    /// https://acme-staging-v02.api.letsencrypt.org/directory while trying things out.
    #[arg(long, env = "CORPSITE_ACME_DIRECTORY", default_value = settings::DEFAULT_ACME_DIRECTORY, value_name = "URL")]
    pub acme_directory: String,

    /// Trust this PEM root for the ACME CA's own HTTPS (a private or test CA); without
    /// it, the system's trusted roots.
    #[arg(long, env = "CORPSITE_ACME_CA_ROOT", value_name = "FILE")]
    pub acme_ca_root: Option<PathBuf>,

    /// The ACME account's contact address, for the CA's notices.
    #[arg(long, env = "CORPSITE_ACME_EMAIL", value_name = "ADDRESS")]
    pub acme_email: Option<lettre::Address>,

    /// Renew a certificate when this little of its life is left (e.g. 30d, 720h).
    #[arg(long, env = "CORPSITE_ACME_RENEW_WITHIN", default_value = settings::DEFAULT_ACME_RENEW_WITHIN,
          value_name = "DURATION", value_parser = parse_duration)]
    pub acme_renew_within: Duration,

    /// The pause after a failed ACME attempt, doubling while they keep failing (at most 6h).
    #[arg(long, env = "CORPSITE_ACME_RETRY_AFTER", default_value = "1m", value_name = "DURATION",
          value_parser = parse_duration, hide = true)]
    pub acme_retry_after: Duration,
}

impl HttpsFlags {
    fn into_settings(self) -> Option<TlsSettings> {
        let certificate = if !self.domains.is_empty() {
            CertSource::Acme(AcmeSettings {
                domains: self.domains.iter().map(ToString::to_string).collect(),
                directory: self.acme_directory,
                ca_root: self.acme_ca_root,
                email: self.acme_email.map(|address| address.to_string()),
                renew_within: self.acme_renew_within,
                retry_after: self.acme_retry_after,
            })
        } else {
            CertSource::Files {
                cert: self.tls_cert?,
                key: self.tls_key?,
            }
        };
        Some(TlsSettings {
            https_addr: self.https_addr,
            http_addr: self.http_addr,
            certificate,
        })
    }
}

/// A switch given as `on` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

/// `--admin-addr`: an address, or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdminAddr(pub Option<SocketAddr>);

impl std::str::FromStr for AdminAddr {
    type Err = std::net::AddrParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.eq_ignore_ascii_case("off") {
            return Ok(AdminAddr(None));
        }
        text.parse().map(|addr| AdminAddr(Some(addr)))
    }
}

impl ServeArgs {
    pub fn into_settings(self) -> Settings {
        Settings {
            addr: self.addr,
            max_connections: self.max_connections as usize,
            max_connections_per_client: self.max_connections_per_client as usize,
            rate_limit_per_minute: self.rate_limit,
            form_proof: self.form_proof == OnOff::On,
            search_rate_limit_per_minute: self.search_rate_limit,
            visit_rate_limit_per_minute: self.visit_rate_limit,
            trusted_proxies: self.trusted_proxy,
            allowed_origins: self.allowed_origins,
            max_upload_bytes: self.max_upload_bytes,
            uploads_quota: self.uploads_quota,
            min_free_disk: self.min_free.min_free_disk,
            media_base: self.media_base,
            page_size: u64::from(self.page_size),
            mail: self.mail.into_settings(),
            public_url: self.public_url.or_else(|| {
                let domain = self.https.domains.first()?;
                format!("https://{domain}").parse().ok()
            }),
            purge_urls: self.purge_urls,
            tls: self.https.into_settings(),
            backup_every: self.backup_every.duration(),
            backup_keep: self.backup_keep,
            visit_days: self.visit_days,
            backup_dir: self.backup_dir,
            backup_to: self.backup_to.map(|url| self.backup_s3.config(url)),
            admin_addr: self.admin_addr.0,
            metrics_token: self.metrics_token,
            ..Settings::for_data_dir(self.data.data_dir)
        }
    }
}

/// `demo`'s flags; a `Parser` too, for the start with none (a double-click).
#[derive(Debug, Clone, Parser)]
pub struct DemoArgs {
    /// Address and port to listen on, as given (no other port is tried); a loopback address
    /// only, such as 127.0.0.1:8090. Without it, 127.0.0.1:8080 or the first free port after it.
    #[arg(long, env = "CORPSITE_ADDR", value_name = "HOST:PORT", value_parser = parse_loopback)]
    pub addr: Option<SocketAddr>,

    /// Folder for the SQLite database, uploaded resumes and media; created when missing.
    /// Without it, the system's application-data folder.
    #[arg(long, env = "CORPSITE_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    /// Do not open the browser; the address to open is printed all the same.
    #[arg(long, env = "CORPSITE_NO_BROWSER")]
    pub no_browser: bool,

    #[command(flatten)]
    pub mail: MailFlags,
}

impl DemoArgs {
    pub fn into_settings(self) -> Settings {
        let data_dir = self
            .data_dir
            .or_else(crate::desktop::app_data_dir)
            .unwrap_or_else(|| PathBuf::from(settings::DEFAULT_DATA_DIR));
        let defaults = Settings::for_data_dir(data_dir);
        Settings {
            addr: self.addr.unwrap_or(SocketAddr::from((
                [127, 0, 0, 1],
                crate::desktop::DEMO_FIRST_PORT,
            ))),
            mail: self.mail.into_settings(),
            desktop: Some(settings::Desktop {
                last_port: self
                    .addr
                    .is_none()
                    .then_some(crate::desktop::DEMO_LAST_PORT),
                open_browser: !self.no_browser,
            }),
            ..defaults
        }
    }
}

/// A loopback address: a demo serves this computer only.
fn parse_loopback(text: &str) -> Result<SocketAddr, String> {
    let addr: SocketAddr = text
        .parse()
        .map_err(|_| format!("{text:?} is not HOST:PORT, such as 127.0.0.1:8090"))?;
    if addr.ip().is_loopback() {
        Ok(addr)
    } else {
        Err(format!(
            "{addr}: a demo serves this computer only, so a loopback address (127.0.0.1:PORT); `corpsite serve` serves others"
        ))
    }
}

#[derive(Debug, Subcommand)]
pub enum MailCommand {
    /// Counts of queued, sent, dead and dropped mail, and the latest errors.
    Status {
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Put every dead mail back in the queue (after fixing the relay or an address).
    Retry {
        #[command(flatten)]
        data: DataDirArg,
    },
    /// Send a test mail to ADDRESS through --smtp-url, print the relay's answer, and note it
    /// in the audit log of the data dir (when it has a database).
    Test {
        /// Where the test mail goes.
        address: Mailbox,
        #[command(flatten)]
        mail: MailFlags,
        #[command(flatten)]
        data: DataDirArg,
    },
}

/// Where mail goes and how: shared by `serve` and `mail test`.
#[derive(Debug, Clone, Args)]
pub struct MailFlags {
    /// The mail relay, e.g. smtps://user:pass@mail.example.com:465 (TLS),
    /// smtp://mail.example.com:587?tls=required (STARTTLS) or smtp://127.0.0.1:25 (a relay on
    /// this machine). Without it nothing is sent: mail waits in the outbox
    /// (`corpsite mail status`) and goes out once a relay is set.
    #[arg(long, env = "CORPSITE_SMTP_URL", value_name = "URL")]
    pub smtp_url: Option<SmtpUrl>,

    /// The sender of every mail, e.g. "Fidelitus Corp <hello@example.com>"; needed with
    /// --smtp-url.
    #[arg(long, env = "CORPSITE_MAIL_FROM", value_name = "ADDRESS")]
    pub mail_from: Option<Mailbox>,

    /// Who hears of new enquiries and applications: addresses for every lead, and
    /// DEPARTMENT=ADDRESS for the leads of one department_website (e.g. "Corp
    /// Careers=hr@example.com"). Comma-separated; without it, the --mail-from address.
    #[arg(
        long,
        env = "CORPSITE_NOTIFY_TO",
        value_delimiter = ',',
        value_name = "ADDRESS[,DEPARTMENT=ADDRESS...]"
    )]
    pub notify_to: Vec<NotifyRule>,

    /// Most mails handed to the relay a second (0: no limit).
    #[arg(long, env = "CORPSITE_MAIL_RATE", default_value_t = mail_settings::DEFAULT_MAIL_RATE, value_name = "N")]
    pub mail_rate: u32,
}

impl MailFlags {
    pub fn into_settings(self) -> MailSettings {
        MailSettings {
            smtp_url: self.smtp_url,
            from: self.mail_from,
            notify_to: self.notify_to,
            per_second: self.mail_rate,
        }
    }
}

/// A calendar day written `YYYY-MM-DD`, as `--since` takes it.
fn parse_day(text: &str) -> Result<Date, String> {
    crate::domain::utc::parse_day(text)
        .ok_or_else(|| format!("{text:?} is not a date: write it as YYYY-MM-DD, e.g. 2025-04-01"))
}

fn parse_role(text: &str) -> Result<Role, String> {
    Role::parse(text)
        .ok_or_else(|| format!("{text:?} is not a role: choose owner, editor, recruiter or sales"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_calendar_days_in_iso_form_are_taken() {
        let cases: &[(&str, bool)] = &[
            ("2025-04-01", true),
            ("2024-02-29", true),
            ("2000-02-29", true),
            ("2025-12-31", true),
            ("2025-02-29", false),
            ("1900-02-29", false),
            ("2025-04-31", false),
            ("2025-13-01", false),
            ("2025-00-10", false),
            ("2025-01-00", false),
            ("2025-4-1", false),
            ("01-04-2025", false),
            ("2025/04/01", false),
            ("2025-04-01T00:00", false),
            ("", false),
            ("\u{ff12}\u{ff10}\u{ff12}\u{ff15}-04-01", false),
        ];
        for (text, valid) in cases {
            assert_eq!(parse_day(text).is_ok(), *valid, "{text}");
        }
    }

    #[test]
    fn a_parsed_day_reads_back_as_written() {
        assert_eq!(
            parse_day("2025-04-01").map(|d| d.to_string()),
            Ok("2025-04-01".to_owned())
        );
    }

    #[test]
    fn backup_flags_reach_the_settings_and_bad_values_are_refused() {
        let settings = |args: &[&str]| {
            Cli::try_parse_from(std::iter::once("corpsite").chain(args.iter().copied()))
                .map(|cli| cli.serve.into_settings())
        };
        let set = settings(&[
            "--backup-every",
            "90m",
            "--backup-keep",
            "3",
            "--backup-dir",
            "/srv/b",
        ])
        .expect("valid flags");
        assert_eq!(
            set.backup_every,
            Some(std::time::Duration::from_secs(90 * 60))
        );
        assert_eq!(set.backup_keep, 3);
        assert_eq!(set.backup_dir(), PathBuf::from("/srv/b"));
        let off = settings(&["--backup-every", "off"]).expect("off");
        assert_eq!(off.backup_every, None);
        assert_eq!(off.backup_dir(), PathBuf::from("./data/backups"));
        for bad in [
            &["--backup-every", "24"][..],
            &["--backup-every", "daily"],
            &["--backup-keep", "0"],
            &["--backup-keep", "-1"],
        ] {
            assert!(settings(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn serve_defaults_are_the_settings_defaults() {
        let from_flags = Cli::parse_from(["corpsite"]).serve.into_settings();
        let defaults = Settings::for_data_dir(settings::DEFAULT_DATA_DIR);
        assert_eq!(format!("{from_flags:?}"), format!("{defaults:?}"));
    }

    #[test]
    fn demo_serves_this_computer_only_and_searches_a_port_only_without_addr() {
        let demo = |args: &[&str]| -> Result<Settings, clap::Error> {
            match Cli::try_parse_from(args)?.command {
                Some(Command::Demo(demo)) => Ok(demo.into_settings()),
                other => panic!("{other:?}"),
            }
        };
        let plain = demo(&["corpsite", "demo", "--data-dir", "/d"]).expect("demo");
        assert_eq!(plain.addr, "127.0.0.1:8080".parse().expect("address"));
        assert_eq!(plain.data_dir, PathBuf::from("/d"));
        assert!(plain.tls.is_none() && plain.mail.smtp_url.is_none());
        let desktop = plain.desktop.expect("desktop");
        assert_eq!(desktop.last_port, Some(crate::desktop::DEMO_LAST_PORT));
        assert!(desktop.open_browser);

        let given = demo(&[
            "corpsite",
            "demo",
            "--addr",
            "127.0.0.1:8090",
            "--no-browser",
        ])
        .expect("demo");
        assert_eq!(given.addr.port(), 8090);
        let desktop = given.desktop.expect("desktop");
        assert_eq!(desktop.last_port, None);
        assert!(!desktop.open_browser);

        for refused in [
            &["corpsite", "demo", "--addr", "0.0.0.0:8080"][..],
            &["corpsite", "demo", "--domain", "www.example.com"][..],
        ] {
            assert!(demo(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn the_admin_address_can_be_turned_off_and_a_short_metrics_token_is_refused() {
        let off = Cli::parse_from(["corpsite", "--admin-addr", "off"]);
        assert_eq!(off.serve.into_settings().admin_addr, None);
        let short =
            Cli::try_parse_from(["corpsite", "--metrics-token", "short"]).expect_err("too short");
        assert!(
            short.to_string().contains("at least 16 characters"),
            "{short}"
        );
        let long = Cli::parse_from(["corpsite", "--metrics-token", "0123456789abcdef"]);
        assert!(long.serve.into_settings().metrics_token.is_some());
    }
}
