//! `GET /healthz` and `GET /metrics`: what a load balancer and Prometheus ask.
//!
//! `/healthz` is public and cheap enough to poll every second (one `SELECT 1` through the
//! store's readers and one `statvfs`): 200 while the site can take forms, 503 while the
//! database does not answer (or its file was lost) or the disk is below `--min-free-disk`.
//! A failed backup or certificate renewal does not stop the site: it reads `"degraded"`,
//! still 200, and says what failed.
//!
//! `/metrics` is served on the admin address (`admin_routes`), and on the site's address only
//! to a request bearing `--metrics-token`. Without it, the site's `/metrics` answers exactly
//! what any unknown path answers (the site's not-found page), so it does not tell that it
//! exists. The public `/healthz` names what failed but not the causes' text (paths, hosts);
//! the admin address's has them.

use std::time::Duration;

use jiff::Timestamp;
use serde::Serialize;
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::http::plumbing::disk;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::filters::{bearer, get_or_head};
use crate::http::state::AppState;
use crate::metrics::{OutboxState, Reading};
use crate::store::{outbox, StoreError};

/// How long `/healthz` and `/metrics` wait for the database before calling it down.
const DATABASE_WAIT: Duration = Duration::from_secs(2);

/// Said in place of a failure's text on the public address.
const SEE_THE_LOG: &str = "see the server's log";

/// How much a `/healthz` answer tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// The public address: what failed, not why.
    Public,
    /// The admin address: the failures' own text too.
    Full,
}

/// The body of `/healthz`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(description = "Whether the site can serve and take forms, and the state of its upkeep.")]
pub(crate) struct HealthBody {
    status: Status,
    /// What is wrong, when `failing`.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'static str>,
    /// `ok`, or what is wrong with the database.
    #[schema(example = "ok")]
    database: String,
    disk: DiskBody,
    backup: BackupBody,
    /// The HTTPS certificate served, or null when the site does not serve HTTPS itself.
    certificate: Option<CertificateBody>,
}

/// `ok`; `degraded` (still serving, but the last backup or certificate renewal failed);
/// `failing` (503: the database does not answer or the disk is below the minimum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    Ok,
    Degraded,
    Failing,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct DiskBody {
    /// Bytes still free on the data dir's disk; null when it cannot be read.
    free_bytes: Option<u64>,
    /// `--min-free-disk`: below it forms are refused and the status is `failing`.
    min_free_bytes: u64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct BackupBody {
    /// Whether the server makes backups on a schedule.
    scheduled: bool,
    /// When the last good backup finished (RFC 3339), or null.
    last_success: Option<String>,
    /// Seconds since then, or null.
    age_seconds: Option<i64>,
    /// The last backup's failure, when it came after the last success.
    failure: Option<FailureBody>,
    /// The uploads of the sets to `--backup-to`, or null when the sets stay on the machine.
    upload: Option<UploadBody>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct UploadBody {
    /// When the bucket last held every set it should (RFC 3339), or null.
    last_success: Option<String>,
    /// The last upload's failure, when it came after the last success: the sets wait on
    /// this machine and are tried again.
    failure: Option<FailureBody>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct CertificateBody {
    /// When it expires (RFC 3339).
    not_after: String,
    /// Seconds until then (negative once expired).
    seconds_left: i64,
    /// The last renewal's failure, while this certificate is still served.
    renewal_failure: Option<FailureBody>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct FailureBody {
    /// When (RFC 3339).
    at: String,
    /// Why (on the public address only that it failed: the log says why).
    error: String,
}

/// `/healthz` for everyone, and `/metrics` for a request with the token, on the site.
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let healthz = warp::path!("healthz")
        .and(get_or_head())
        .and(state.filter())
        .then(|state: AppState| async move { healthz(&state, Detail::Public).await });
    let token = state.settings.metrics_token.clone();
    let metrics = warp::path!("metrics")
        .and(get_or_head())
        .and(warp::header::optional::<String>("authorization"))
        .and(state.filter())
        .and_then(move |authorization: Option<String>, state: AppState| {
            let allowed = match (&token, authorization.as_deref().and_then(bearer)) {
                (Some(token), Some(offered)) => token.matches(offered),
                _ => false,
            };
            async move {
                if allowed {
                    Ok(state)
                } else {
                    // Falls through to the site, which answers its not-found page.
                    Err(warp::reject::not_found())
                }
            }
        })
        .then(|state: AppState| async move { error::reply(scrape(&state).await) });
    healthz.or(metrics).unify().boxed()
}

/// The admin address: `/metrics` and `/healthz` (with the failures' text); every other path
/// or method answers the JSON error of any unknown API path.
pub fn admin_routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let metrics = warp::path!("metrics")
        .and(get_or_head())
        .and(state.filter())
        .then(|state: AppState| async move { error::reply(scrape(&state).await) });
    let healthz = warp::path!("healthz")
        .and(get_or_head())
        .and(state.filter())
        .then(|state: AppState| async move { healthz(&state, Detail::Full).await });
    metrics
        .or(healthz)
        .unify()
        .recover(error::recover)
        .unify()
        .with(warp::log::custom(|info: warp::log::Info<'_>| {
            crate::http::plumbing::finish::log_request(
                info.method(),
                info.path(),
                info.status(),
                info.elapsed(),
            );
        }))
        .map(Reply::into_response)
        .boxed()
}

/// What `/healthz` answers.
pub async fn healthz(state: &AppState, detail: Detail) -> Response {
    let database = database_check(state).await;
    let free_bytes = state.disk.free().ok();
    let min_free_bytes = state.disk.min_free();
    let disk_full = free_bytes.is_some_and(|free| free < min_free_bytes);
    let now = Timestamp::now();
    let text = |why: String| match detail {
        Detail::Full => why,
        Detail::Public => SEE_THE_LOG.to_owned(),
    };
    let failure = |(at, why): (Timestamp, String)| FailureBody {
        at: at.to_string(),
        error: text(why),
    };

    let backup = state.health.backup();
    let backup_failed = backup.failure.is_some()
        || backup
            .upload
            .as_ref()
            .is_some_and(|upload| upload.failure.is_some());
    let backup = BackupBody {
        scheduled: backup.scheduled,
        last_success: backup.last_success.map(|(at, _)| at.to_string()),
        age_seconds: backup
            .last_success
            .map(|(at, _)| now.duration_since(at).as_secs()),
        failure: backup.failure.map(failure),
        upload: backup.upload.map(|upload| UploadBody {
            last_success: upload.last_success.map(|at| at.to_string()),
            failure: upload.failure.map(failure),
        }),
    };
    let certificate = state.health.certificate();
    let renewal_failed = certificate
        .as_ref()
        .is_some_and(|c| c.renewal_failure.is_some());
    let certificate = certificate.map(|c| CertificateBody {
        not_after: c.not_after.to_string(),
        seconds_left: c.not_after.duration_since(now).as_secs(),
        renewal_failure: c.renewal_failure.map(failure),
    });

    let (status, message) = match (&database, disk_full) {
        (Err(_), _) => (Status::Failing, Some("The database does not answer.")),
        (Ok(()), true) => (Status::Failing, Some("The disk is nearly full.")),
        _ if backup_failed || renewal_failed => (Status::Degraded, None),
        _ => (Status::Ok, None),
    };
    let body = HealthBody {
        status,
        message,
        database: match database {
            Ok(()) => "ok".to_owned(),
            Err(problem) => problem.describe(detail),
        },
        disk: DiskBody {
            free_bytes,
            min_free_bytes,
        },
        backup,
        certificate,
    };
    let code = if status == Status::Failing {
        StatusCode::SERVICE_UNAVAILABLE
    } else {
        StatusCode::OK
    };
    let mut response = warp::reply::with_status(warp::reply::json(&body), code).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Why the database is not fine.
enum DatabaseProblem {
    /// The file in the data dir is no longer the one open (`AppState::store_lost`).
    FileLost,
    /// No answer within `DATABASE_WAIT`.
    Slow,
    /// The read failed.
    Failed(StoreError),
}

impl DatabaseProblem {
    fn describe(self, detail: Detail) -> String {
        match self {
            DatabaseProblem::FileLost => {
                "the database file was deleted or replaced; restart corpsite".to_owned()
            }
            DatabaseProblem::Slow => "no answer in time".to_owned(),
            DatabaseProblem::Failed(err) => match detail {
                Detail::Full => format!("cannot read: {err}"),
                Detail::Public => format!("cannot read ({SEE_THE_LOG})"),
            },
        }
    }
}

/// One real read through the store's readers, bounded in time.
async fn database_check(state: &AppState) -> Result<(), DatabaseProblem> {
    if state.store_lost.get() == Some(1) {
        return Err(DatabaseProblem::FileLost);
    }
    let read = state.db.read(|conn| {
        conn.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))
            .map_err(StoreError::from)
    });
    match tokio::time::timeout(DATABASE_WAIT, read).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(err)) => {
            tracing::error!(error = %err, "health check: the database cannot be read");
            Err(DatabaseProblem::Failed(err))
        }
        Err(_) => Err(DatabaseProblem::Slow),
    }
}

/// The metrics text, with this moment's readings.
pub async fn scrape(state: &AppState) -> Result<Response, ApiError> {
    let reading = reading(state).await;
    let text = state
        .metrics
        .encode(&reading)
        .map_err(ApiError::unexpected)?;
    let mut response = Response::new(text.into());
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// What the metrics read at a scrape: the outbox (one grouped count) and the leads past their
/// retention rules, sizes on disk, and the
/// backups' and certificate's records.
async fn reading(state: &AppState) -> Reading {
    let lost = state.store_lost.get() == Some(1);
    let counted = state.db.read(|conn| {
        let status = outbox::status(conn)?;
        let past = crate::store::retention::past_count(conn)?;
        Ok::<_, StoreError>((status, past))
    });
    let (outbox, past_retention) = match tokio::time::timeout(DATABASE_WAIT, counted).await {
        Ok(Ok((status, past))) => (
            Some([
                (OutboxState::Queued, status.queued),
                (OutboxState::Sent, status.sent),
                (OutboxState::Dead, status.dead),
                (OutboxState::Dropped, status.dropped),
            ]),
            Some(past),
        ),
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "metrics: cannot count the outbox");
            (None, None)
        }
        Err(_) => (None, None),
    };
    let database = state.db.path().to_path_buf();
    let uploads = crate::store::uploads::uploads_dir(&state.settings.data_dir);
    let sizes = tokio::task::spawn_blocking(move || {
        let size = |path: &std::path::Path| std::fs::metadata(path).map(|m| m.len()).ok();
        let mut wal = database.clone().into_os_string();
        wal.push("-wal");
        let database_bytes =
            size(&database).map(|db| db + size(std::path::Path::new(&wal)).unwrap_or(0));
        (database_bytes, disk::folder_size(&uploads))
    })
    .await;
    let (database_bytes, uploads_bytes) = match sizes {
        Ok((database, uploads)) => (database, Some(uploads)),
        Err(_) => (None, None),
    };
    let backup = state.health.backup();
    let certificate = state.health.certificate();
    let purges = state.health.purges();
    Reading {
        database_up: outbox.is_some() && !lost,
        outbox,
        database_bytes,
        uploads_bytes,
        backups_scheduled: backup.scheduled,
        backup_last_success: backup.last_success.map(|(at, _)| at.as_second()),
        backup_failing: backup.failure.is_some()
            || backup.upload.is_some_and(|upload| upload.failure.is_some()),
        certificate_expiry: certificate.as_ref().map(|c| c.not_after.as_second()),
        certificate_renewal_failing: certificate.is_some_and(|c| c.renewal_failure.is_some()),
        edge_purges: purges
            .enabled
            .then_some((purges.sent, purges.failed, purges.dropped)),
        past_retention,
    }
}
