//! Where backup sets go off the machine (`--backup-to s3://BUCKET/PREFIX` and the store's
//! address, region and keys file): parsed and checked here, used by `store::remote_backup`.

use std::fmt;
use std::path::PathBuf;

use url::Url;

/// The region signed for when none is given: what most S3-compatible stores accept.
pub const DEFAULT_REGION: &str = "us-east-1";

/// `s3://BUCKET/PREFIX`: where the sets go. The prefix may be empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Url {
    pub bucket: String,
    /// Folder names, joined by `/`, without a leading or trailing one.
    pub prefix: String,
}

impl std::str::FromStr for S3Url {
    type Err = String;

    fn from_str(text: &str) -> Result<S3Url, String> {
        let rest = text
            .strip_prefix("s3://")
            .ok_or_else(|| format!("{text:?} is not an s3://BUCKET/PREFIX address"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        let bucket_ok = (3..=63).contains(&bucket.len())
            && bucket
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
            && !bucket.starts_with(['.', '-'])
            && !bucket.ends_with(['.', '-']);
        if !bucket_ok {
            return Err(format!(
                "{bucket:?} is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)"
            ));
        }
        let prefix = prefix.trim_matches('/');
        if !prefix.is_empty()
            && prefix.split('/').any(|part| {
                part.is_empty()
                    || part == "."
                    || part == ".."
                    || part.chars().any(|c| c.is_control() || c == '\\')
            })
        {
            return Err(format!(
                "{prefix:?} is not a prefix: folder names joined by single slashes"
            ));
        }
        Ok(S3Url {
            bucket: bucket.to_owned(),
            prefix: prefix.to_owned(),
        })
    }
}

impl fmt::Display for S3Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.prefix.is_empty() {
            write!(f, "s3://{}", self.bucket)
        } else {
            write!(f, "s3://{}/{}", self.bucket, self.prefix)
        }
    }
}

/// Where and how to reach the store; the credentials are read when connecting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteConfig {
    pub url: S3Url,
    /// An S3-compatible store's address (`https://…`, or `http://…` on a private network);
    /// `None`: Amazon S3 itself.
    pub endpoint: Option<Url>,
    pub region: String,
    /// A credentials file (the AWS format) only the service's user can read; `None`: the
    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN` variables.
    pub credentials_file: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s3_addresses_are_read_and_bad_ones_refused() {
        let ok = |text: &str| text.parse::<S3Url>().expect(text);
        assert_eq!(
            ok("s3://office-backups/corpsite/prod"),
            S3Url {
                bucket: "office-backups".into(),
                prefix: "corpsite/prod".into()
            }
        );
        assert_eq!(ok("s3://office-backups/").prefix, "");
        assert_eq!(ok("s3://office-backups").prefix, "");
        assert_eq!(ok("s3://b.example/x/").to_string(), "s3://b.example/x");
        for bad in [
            "https://bucket/x",
            "s3://",
            "s3://ab/x",
            "s3://Office/x",
            "s3://bucket_name/x",
            "s3://-bucket/x",
            "s3://bucket/a//b",
            "s3://bucket/a/../b",
            "s3://bucket/./b",
        ] {
            assert!(bad.parse::<S3Url>().is_err(), "{bad}");
        }
    }
}
