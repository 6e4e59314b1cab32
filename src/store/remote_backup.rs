//! Backup sets off the machine: a copy of each finished set (`store::backup_set`) in an S3
//! bucket, or any S3-compatible store (`--backup-to s3://BUCKET/PREFIX`,
//! `--backup-s3-endpoint`), and back from it for `corpsite restore s3://…`.
//!
//! A set is the objects `PREFIX/corpsite-<time>/…`, one per file of the local set, with
//! `manifest.json` written last: a set without its manifest is an upload that did not finish
//! (a store that refused or vanished part-way, a stopped server) and is never listed, pruned
//! as a whole or restored; the next upload writes it again from the start, and a prune
//! deletes what is left of it. A pruned set loses its manifest first, so it stops being a
//! set before its files go.
//!
//! Only corpsite's own keys are read: the folders under the prefix named like a set, one
//! folder level at a time. `object_store` fails a whole listing page on a key it cannot
//! read as a path (`PREFIX/x/../y`), so an object someone else left under the prefix must
//! never be on a page these calls read; it is ignored, and never deleted.
//!
//! Requests are signed and retried by `object_store` (rustls, Mozilla's roots built in). The
//! calls here block: they run on the backup thread and in the `restore` command, each on a
//! small runtime of its own, never on the server's.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{StreamExt, TryStreamExt};
use jiff::Timestamp;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::list::{PaginatedListOptions, PaginatedListStore};
use object_store::path::{Path as Key, PathPart, DELIMITER};
use object_store::{
    BackoffConfig, ClientOptions, ListResult, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig,
    WriteMultipart,
};
use url::Url;

pub use crate::domain::backup_target::{RemoteConfig, S3Url, DEFAULT_REGION};

use super::backup_set::{parse_set_name, MANIFEST_FILE, SET_PREFIX};
use super::permissions::{create_private_dir, create_private_file, readable_by_others};

/// Files larger than this go up in parts of this size (S3's parts are at least 5 MiB).
const PART_BYTES: usize = 8 * 1024 * 1024;
/// Parts in flight at once for one file.
const PARTS_IN_FLIGHT: usize = 2;

/// For `corpsite restore s3://BUCKET/PREFIX/SET`: the address of the sets and the set
/// named last, when the last folder is a set's name.
pub fn split_set(url: &S3Url) -> (S3Url, Option<String>) {
    match url.prefix.rsplit_once('/').unwrap_or(("", &url.prefix)) {
        (rest, last) if parse_set_name(last).is_some() => (
            S3Url {
                bucket: url.bucket.clone(),
                prefix: rest.to_owned(),
            },
            Some(last.to_owned()),
        ),
        _ => (url.clone(), None),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    #[error("no credentials for the backup bucket: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones), or give --backup-s3-credentials FILE")]
    NoCredentials,
    #[error("the credentials file {path} can be read by others (mode {mode:03o}); make it the service user's only: chmod 600 {path}")]
    CredentialsReadable { path: PathBuf, mode: u32 },
    #[error("cannot read the credentials file {path}: {source}")]
    CredentialsFile { path: PathBuf, source: io::Error },
    #[error("the credentials file {0} has no aws_access_key_id and aws_secret_access_key (in [default] or before any [section])")]
    CredentialsIncomplete(PathBuf),
    #[error("--backup-s3-endpoint must be an http:// or https:// address, not {0}")]
    Endpoint(Url),
    #[error("the backup store {url}: {source}")]
    Store {
        url: String,
        source: object_store::Error,
    },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("the backup store {0} holds no whole backup set")]
    NoSet(String),
    #[error("the backup store {url} holds no whole set named {name} (none, or its upload never finished)")]
    NoSuchSet { url: String, name: String },
    #[error("the backup store {url} holds an object {key} that is no file of a set; nothing was restored")]
    StrangeKey { url: String, key: String },
    #[error("cannot start the backup store's client: {0}")]
    Runtime(io::Error),
    #[error("the upload was stopped: the server is shutting down")]
    Stopped,
}

/// Access keys, read from the environment or a private file. Never printed.
#[derive(Clone, PartialEq, Eq)]
struct Credentials {
    key_id: String,
    secret: String,
    token: Option<String>,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("key_id", &self.key_id)
            .finish_non_exhaustive()
    }
}

fn read_credentials(file: Option<&Path>) -> Result<Credentials, RemoteError> {
    if let Some(path) = file {
        let file_error = |source| RemoteError::CredentialsFile {
            path: path.to_path_buf(),
            source,
        };
        let opened = std::fs::File::open(path).map_err(file_error)?;
        if let Some(mode) = readable_by_others(&opened).map_err(file_error)? {
            return Err(RemoteError::CredentialsReadable {
                path: path.to_path_buf(),
                mode,
            });
        }
        let mut text = String::new();
        opened
            .take(64 * 1024)
            .read_to_string(&mut text)
            .map_err(file_error)?;
        return parse_credentials_file(&text)
            .ok_or_else(|| RemoteError::CredentialsIncomplete(path.to_path_buf()));
    }
    let var = |name| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    match (var("AWS_ACCESS_KEY_ID"), var("AWS_SECRET_ACCESS_KEY")) {
        (Some(key_id), Some(secret)) => Ok(Credentials {
            key_id,
            secret,
            token: var("AWS_SESSION_TOKEN"),
        }),
        _ => Err(RemoteError::NoCredentials),
    }
}

/// The keys of an AWS credentials file: its `[default]` profile, or lines before any
/// profile.
fn parse_credentials_file(text: &str) -> Option<Credentials> {
    let (mut key_id, mut secret, mut token) = (None, None, None);
    let mut in_default = true;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(['#', ';']) {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            in_default = section.trim() == "default";
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if !in_default {
            continue;
        }
        let value = Some(value.trim().to_owned()).filter(|v| !v.is_empty());
        match key.trim().to_ascii_lowercase().as_str() {
            "aws_access_key_id" => key_id = value,
            "aws_secret_access_key" => secret = value,
            "aws_session_token" => token = value,
            _ => {}
        }
    }
    Some(Credentials {
        key_id: key_id?,
        secret: secret?,
        token,
    })
}

/// What one upload sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Uploaded {
    pub files: u64,
    pub bytes: u64,
}

/// A connected store (no request made yet).
pub struct Remote {
    store: Arc<AmazonS3>,
    url: S3Url,
    root: Key,
    runtime: tokio::runtime::Runtime,
}

/// The sets under the prefix, whole or not, oldest first.
#[derive(Debug, Default)]
struct Listing {
    /// Name, time, and whether its manifest is there.
    sets: Vec<(String, Timestamp, bool)>,
}

impl Listing {
    fn whole(&self) -> impl Iterator<Item = &(String, Timestamp, bool)> {
        self.sets.iter().filter(|(_, _, whole)| *whole)
    }
}

impl Remote {
    /// Reads the credentials and builds the client; refuses a readable credentials file.
    pub fn connect(config: &RemoteConfig) -> Result<Remote, RemoteError> {
        let credentials = read_credentials(config.credentials_file.as_deref())?;
        // Short of the 3 minutes `object_store` allows by default: a failed upload is tried
        // again by the schedule, and a store that is down shows in /healthz at once.
        let retry = RetryConfig {
            backoff: BackoffConfig {
                init_backoff: Duration::from_millis(200),
                max_backoff: Duration::from_secs(5),
                base: 2.0,
            },
            max_retries: 3,
            retry_timeout: Duration::from_secs(30),
        };
        let options = ClientOptions::new()
            .with_connect_timeout(Duration::from_secs(5))
            .with_timeout(Duration::from_secs(120));
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.url.bucket)
            .with_region(&config.region)
            .with_access_key_id(credentials.key_id)
            .with_secret_access_key(credentials.secret)
            .with_retry(retry)
            .with_client_options(options);
        if let Some(token) = credentials.token {
            builder = builder.with_token(token);
        }
        if let Some(endpoint) = &config.endpoint {
            match endpoint.scheme() {
                "https" => {}
                "http" => builder = builder.with_allow_http(true),
                _ => return Err(RemoteError::Endpoint(endpoint.clone())),
            }
            builder = builder.with_endpoint(endpoint.as_str().trim_end_matches('/'));
        }
        let store = builder.build().map_err(|source| RemoteError::Store {
            url: config.url.to_string(),
            source,
        })?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(RemoteError::Runtime)?;
        Ok(Remote {
            store: Arc::new(store),
            root: Key::from(config.url.prefix.as_str()),
            url: config.url.clone(),
            runtime,
        })
    }

    pub fn url(&self) -> &S3Url {
        &self.url
    }

    fn store_error(&self) -> impl Fn(object_store::Error) -> RemoteError + '_ {
        |source| RemoteError::Store {
            url: self.url.to_string(),
            source,
        }
    }

    fn set_key(&self, name: &str) -> Key {
        self.root.clone().join(name)
    }

    /// The raw key prefix `tail` has under the prefix (`PREFIX/tail`, or `tail` at the
    /// bucket's root).
    fn raw_prefix(&self, tail: &str) -> String {
        if self.root.as_ref().is_empty() {
            tail.to_owned()
        } else {
            format!("{}/{tail}", self.root.as_ref())
        }
    }

    /// One level of the keys starting with the raw `prefix`: the objects there and the
    /// folders below, every page. Only keys starting with `prefix` are ever read: a key
    /// `object_store` cannot parse fails the page it is on, so an object corpsite did not
    /// write (`PREFIX/x/../y`) must never be on one.
    fn level(&self, prefix: &str) -> Result<ListResult, RemoteError> {
        let mut level = ListResult {
            common_prefixes: Vec::new(),
            objects: Vec::new(),
        };
        let mut page_token = None;
        loop {
            let options = PaginatedListOptions {
                delimiter: Some(DELIMITER.into()),
                page_token: page_token.take(),
                ..PaginatedListOptions::default()
            };
            let page = self
                .runtime
                .block_on(self.store.list_paginated(Some(prefix), options))
                .map_err(self.store_error())?;
            level.objects.extend(page.result.objects);
            level.common_prefixes.extend(page.result.common_prefixes);
            match page.page_token {
                Some(token) => page_token = Some(token),
                None => return Ok(level),
            }
        }
    }

    /// Every set under the prefix, whole or not: the folders named as sets are, each whole
    /// when its manifest is there. Nothing else under the prefix is read.
    fn listing(&self) -> Result<Listing, RemoteError> {
        let folders = self.level(&self.raw_prefix(SET_PREFIX))?.common_prefixes;
        let mut sets: Vec<(String, Timestamp, bool)> = Vec::new();
        for folder in folders {
            let Some(name) = folder.prefix_match(&self.root).and_then(|mut parts| {
                let name = parts.next()?;
                parts.next().is_none().then(|| name.as_ref().to_owned())
            }) else {
                continue;
            };
            let Some(at) = parse_set_name(&name) else {
                continue;
            };
            let manifest = self.set_key(&name).join(MANIFEST_FILE);
            let whole = match self.runtime.block_on(self.store.head(&manifest)) {
                Ok(_) => true,
                Err(object_store::Error::NotFound { .. }) => false,
                Err(err) => return Err(self.store_error()(err)),
            };
            sets.push((name, at, whole));
        }
        sets.sort_by_key(|(_, at, _)| *at);
        Ok(Listing { sets })
    }

    /// Every object in the set folder `base`, level by level (so a key that cannot be read
    /// in one folder of it spoils no other).
    fn objects_under(&self, base: &Key) -> Result<Vec<object_store::ObjectMeta>, RemoteError> {
        let mut objects = Vec::new();
        let mut folders = vec![base.clone()];
        while let Some(folder) = folders.pop() {
            let level = self.level(&format!("{}{DELIMITER}", folder.as_ref()))?;
            objects.extend(level.objects);
            folders.extend(
                level
                    .common_prefixes
                    .into_iter()
                    // Always below `folder`: a store that answers otherwise is not walked on.
                    .filter(|below| {
                        below
                            .prefix_match(&folder)
                            .is_some_and(|mut p| p.next().is_some())
                    }),
            );
        }
        Ok(objects)
    }

    /// The whole sets in the store (their manifest written), oldest first.
    pub fn whole_sets(&self) -> Result<Vec<String>, RemoteError> {
        Ok(self
            .listing()?
            .whole()
            .map(|(name, _, _)| name.clone())
            .collect())
    }

    /// Uploads the local set at `set` (a folder `store::backup_set` finished) file by file,
    /// its manifest last. `stopped` is asked between files.
    pub fn upload_set(
        &self,
        set: &Path,
        stopped: &dyn Fn() -> bool,
    ) -> Result<Uploaded, RemoteError> {
        let name = set
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| parse_set_name(n).is_some())
            .ok_or_else(|| RemoteError::Io {
                path: set.to_path_buf(),
                source: io::Error::new(io::ErrorKind::InvalidInput, "not a backup set's folder"),
            })?;
        let base = self.set_key(name);
        let mut files = Vec::new();
        walk(set, &mut Vec::new(), &mut files).map_err(|source| RemoteError::Io {
            path: set.to_path_buf(),
            source,
        })?;
        // The manifest says the set is whole: it goes last.
        files.sort_by_key(|parts| parts.len() == 1 && parts[0] == MANIFEST_FILE);
        let mut uploaded = Uploaded::default();
        for parts in files {
            if stopped() {
                return Err(RemoteError::Stopped);
            }
            let path = parts.iter().fold(set.to_path_buf(), |p, part| p.join(part));
            let key = parts.iter().fold(base.clone(), |key, part| {
                key.join(PathPart::from(part.as_str()))
            });
            uploaded.bytes += self.upload_file(&path, &key)?;
            uploaded.files += 1;
        }
        Ok(uploaded)
    }

    fn upload_file(&self, path: &Path, key: &Key) -> Result<u64, RemoteError> {
        let io_error = |source| RemoteError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = std::fs::File::open(path).map_err(io_error)?;
        let size = file.metadata().map_err(io_error)?.len();
        if size <= PART_BYTES as u64 {
            let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
            file.read_to_end(&mut bytes).map_err(io_error)?;
            let sent = bytes.len() as u64;
            self.runtime
                .block_on(self.store.put(key, PutPayload::from(bytes)))
                .map_err(self.store_error())?;
            return Ok(sent);
        }
        self.runtime.block_on(async {
            let upload = self
                .store
                .put_multipart(key)
                .await
                .map_err(self.store_error())?;
            let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
            let mut sent = 0u64;
            let mut buffer = vec![0u8; PART_BYTES];
            let failed = loop {
                let read = match file.read(&mut buffer) {
                    Ok(0) => break None,
                    Ok(read) => read,
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                    Err(err) => break Some(io_error(err)),
                };
                if let Err(err) = writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                    break Some(self.store_error()(err));
                }
                writer.write(&buffer[..read]);
                sent += read as u64;
            };
            if let Some(err) = failed {
                // The parts sent so far are deleted, not left to be billed (best effort:
                // a store that is gone keeps them until the bucket's lifecycle rule).
                let _ = writer.abort().await;
                return Err(err);
            }
            writer.finish().await.map_err(self.store_error())?;
            Ok(sent)
        })
    }

    /// Deletes the whole sets beyond the newest `keep` (at least one is kept), each
    /// manifest first, and what unfinished uploads left; answers the deleted sets' names.
    pub fn prune(&self, keep: u32) -> Result<Vec<String>, RemoteError> {
        let listing = self.listing()?;
        let whole: Vec<&String> = listing.whole().map(|(name, _, _)| name).collect();
        let keep = usize::try_from(keep.max(1)).unwrap_or(usize::MAX);
        let excess = whole.len().saturating_sub(keep);
        let mut deleted = Vec::new();
        for name in whole.into_iter().take(excess) {
            let base = self.set_key(name);
            self.runtime
                .block_on(self.store.delete(&base.clone().join(MANIFEST_FILE)))
                .map_err(self.store_error())?;
            self.delete_under(&base)?;
            deleted.push(name.clone());
        }
        for (name, _, _) in listing.sets.iter().filter(|(_, _, whole)| !whole) {
            self.delete_under(&self.set_key(name))?;
        }
        Ok(deleted)
    }

    fn delete_under(&self, base: &Key) -> Result<(), RemoteError> {
        let keys: Vec<Key> = self
            .objects_under(base)?
            .into_iter()
            .map(|meta| meta.location)
            .collect();
        self.runtime
            .block_on(async {
                let keys = futures_util::stream::iter(keys.into_iter().map(Ok)).boxed();
                self.store.delete_stream(keys).try_collect::<Vec<_>>().await
            })
            .map(drop)
            .map_err(self.store_error())
    }

    /// Downloads the whole set `name` (or the newest) into `into`, a new folder created
    /// owner-only, as `store::backup_set::restore` reads a set; answers the set's name.
    pub fn download_set(&self, name: Option<&str>, into: &Path) -> Result<String, RemoteError> {
        let listing = self.listing()?;
        let name = match name {
            Some(name) => listing
                .whole()
                .find(|(n, _, _)| n == name)
                .map(|(n, _, _)| n.clone())
                .ok_or_else(|| RemoteError::NoSuchSet {
                    url: self.url.to_string(),
                    name: name.to_owned(),
                })?,
            None => listing
                .whole()
                .last()
                .map(|(n, _, _)| n.clone())
                .ok_or_else(|| RemoteError::NoSet(self.url.to_string()))?,
        };
        let base = self.set_key(&name);
        let objects = self.objects_under(&base)?;
        let io_error = |path: &Path| {
            let path = path.to_path_buf();
            move |source| RemoteError::Io { path, source }
        };
        create_private_dir(into).map_err(io_error(into))?;
        for object in objects {
            let strange = || RemoteError::StrangeKey {
                url: self.url.to_string(),
                key: object.location.to_string(),
            };
            let parts: Vec<PathPart<'_>> = object
                .location
                .prefix_match(&base)
                .ok_or_else(strange)?
                .collect();
            // Each part is one plain file or folder name: never up, never absolute.
            let safe = !parts.is_empty()
                && parts.iter().all(|p| {
                    let p = p.as_ref();
                    !p.is_empty() && p != "." && p != ".." && !p.contains(['/', '\\', '\0'])
                });
            if !safe {
                return Err(strange());
            }
            let target = parts
                .iter()
                .fold(into.to_path_buf(), |path, part| path.join(part.as_ref()));
            if let Some(parent) = target.parent() {
                create_private_dir(parent).map_err(io_error(parent))?;
            }
            let mut file = create_private_file(&target).map_err(io_error(&target))?;
            self.runtime.block_on(async {
                let mut stream = self
                    .store
                    .get(&object.location)
                    .await
                    .map_err(self.store_error())?
                    .into_stream();
                while let Some(chunk) = stream.try_next().await.map_err(self.store_error())? {
                    file.write_all(&chunk).map_err(io_error(&target))?;
                }
                Ok::<(), RemoteError>(())
            })?;
            file.sync_all().map_err(io_error(&target))?;
        }
        Ok(name)
    }
}

/// Every file under `dir`, as its names from `dir` down (links and other kinds left out).
fn walk(dir: &Path, prefix: &mut Vec<String>, found: &mut Vec<Vec<String>>) -> io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        let kind = entry.file_type()?;
        prefix.push(name);
        if kind.is_dir() {
            walk(&entry.path(), prefix, found)?;
        } else if kind.is_file() {
            found.push(prefix.clone());
        }
        prefix.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_named_last_is_split_off_for_a_restore() {
        let url: S3Url = "s3://bucket/site/corpsite-2026-11-23T031500Z"
            .parse()
            .expect("url");
        let (sets, name) = split_set(&url);
        assert_eq!(sets.to_string(), "s3://bucket/site");
        assert_eq!(name.as_deref(), Some("corpsite-2026-11-23T031500Z"));
        let bare: S3Url = "s3://bucket/corpsite-2026-11-23T031500Z"
            .parse()
            .expect("url");
        assert_eq!(split_set(&bare).0.prefix, "");
        let plain: S3Url = "s3://bucket/site".parse().expect("url");
        assert_eq!(split_set(&plain), (plain.clone(), None));
    }

    #[test]
    fn the_default_profile_of_a_credentials_file_is_read() {
        let text = "# office keys\n[other]\naws_access_key_id = WRONG\n\n[default]\n\
                    aws_access_key_id = AKIDEXAMPLE\naws_secret_access_key=s3cr3t/+x=\n";
        let credentials = parse_credentials_file(text).expect("read");
        assert_eq!(credentials.key_id, "AKIDEXAMPLE");
        assert_eq!(credentials.secret, "s3cr3t/+x=");
        assert_eq!(credentials.token, None);
        assert!(!format!("{credentials:?}").contains("s3cr3t"));
        let bare = parse_credentials_file(
            "aws_access_key_id=A\naws_secret_access_key=B\naws_session_token=C\n",
        )
        .expect("bare");
        assert_eq!(bare.token.as_deref(), Some("C"));
        assert!(parse_credentials_file("[default]\naws_access_key_id=A\n").is_none());
        assert!(
            parse_credentials_file("[prod]\naws_access_key_id=A\naws_secret_access_key=B\n")
                .is_none()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_credentials_file_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("credentials");
        std::fs::write(&path, "aws_access_key_id=A\naws_secret_access_key=B\n").expect("write");
        for mode in [0o640, 0o604, 0o644] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
            let err = read_credentials(Some(&path)).expect_err("refused");
            assert!(
                matches!(err, RemoteError::CredentialsReadable { mode: m, .. } if m == mode),
                "{err}"
            );
            assert!(err.to_string().contains("chmod 600"), "{err}");
        }
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        assert_eq!(read_credentials(Some(&path)).expect("read").key_id, "A");
    }
}
