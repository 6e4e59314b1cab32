//! `POST /api/applicant/create`: a multipart job application with a resume (an image or a
//! PDF).
//!
//! Every limit holds while the body streams, whatever Content-Length says (multer counts the
//! bytes): the whole request `max_upload_bytes` + 1 MiB, the file `max_upload_bytes`, any
//! other part 16 KB, at most 11 parts. The file streams into a temp file in the uploads
//! folder while its first and last bytes are sniffed (an SVG is also held whole); once it
//! has all arrived, a JPEG, PNG or WebP is read back and decoded, and the temp file's
//! contents are replaced by the re-encoded image (or the sanitized SVG). A PDF is read back
//! and judged (`domain::resume`), and kept as sent if accepted. The file is fsynced and
//! renamed to `<_id>.<jpg|pdf|png|svg|webp>` before the row commits, and removed if anything
//! fails. A refused PDF is a 422 with the reason on `file`; a file that is no accepted image
//! (nor a PDF) a 415.
//!
//! Its proof of work (`Form-Proof`) is checked and taken before a byte of the body is read
//! (`AppState::lead_post`): without a valid one, 403 and nothing stored.
//!
//! A `source` part may say where the visit came from (JSON text,
//! `domain::analytics::lead_source`); it is stored with the applicant, and a bad one is
//! dropped, never refused.

use std::io::{Read, Seek};
use std::net::IpAddr;

use multer::{Constraints, Field, Multipart, SizeLimit};
use tokio::io::{AsyncSeekExt, AsyncWriteExt};
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap};
use warp::reply::Response;
use warp::Filter;

use crate::domain::analytics::lead_source::{LeadSource, LeadSourceForm};
use crate::domain::applicant::{ApplicantForm, ApplicationError, NewApplicant, UploadedFile};
use crate::domain::fields::FieldErrors;
use crate::domain::form_proof::ProofForm;
use crate::domain::image::{Accepted, RejectedFile, Sniffer};
use crate::domain::resume::{self, ResumeRefusal, ResumeType};
use crate::http::plumbing::body::{declared_length, header_text, is_stall, Body};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::form_proof::Proof;
use crate::http::plumbing::reply::{created, invalid, new_lead_id};
use crate::http::site::assets::public_page;
use crate::http::state::AppState;
use crate::metrics::LeadKind;
use crate::store::analytics::lead_sources;
use crate::store::leads::{self, LeadTable};
use crate::store::uploads::{self, PendingUpload};
use crate::store::{applicants, StoreError};

const APPLICATION_RECEIVED: &str = "Your application was submitted successfully.";
const FILE_FIELD: &str = "file";
const SOURCE_FIELD: &str = "source";
pub const TEXT_PART_LIMIT: u64 = 16 * 1024;
pub const MAX_PARTS: usize = 11;
/// Room for the text parts and multipart framing beside the file.
const REQUEST_OVERHEAD: u64 = 1024 * 1024;

#[derive(Clone, Copy)]
struct Limits {
    file: u64,
    request: u64,
}

/// The resume as received: a temp file not yet persisted.
struct Incoming {
    pending: PendingUpload,
    file: tokio::fs::File,
}

/// `POST /api/applicant/create`, behind the per-client form limit.
pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    state.lead_post(
        warp::path!("applicant" / "create").boxed(),
        ProofForm::Application,
        create_applicant,
    )
}

async fn create_applicant(
    state: AppState,
    client: IpAddr,
    headers: HeaderMap,
    body: Body,
    proof: Proof,
) -> Result<Response, ApiError> {
    let limits = Limits {
        file: state.settings.max_upload_bytes,
        request: state
            .settings
            .max_upload_bytes
            .saturating_add(REQUEST_OVERHEAD),
    };
    let boundary = boundary(header_text(&headers, header::CONTENT_TYPE))?;
    let declared = declared_length(&headers);
    if declared.is_some_and(|length| length > limits.request) {
        return Err(request_too_large(limits));
    }
    // Room for the largest resume this request can bring, reserved before a byte of it is
    // stored (given back if the application fails; trimmed to the stored size if not).
    let room = state
        .disk
        .reserve(declared.map_or(limits.file, |length| length.min(limits.file)))?;
    let uploads_dir = uploads::uploads_dir(&state.settings.data_dir);
    let (form, incoming) = receive(body, &boundary, limits, &uploads_dir).await?;

    // A robot's bad fields or file get the same answer as a person's: a different one would
    // tell it which field is the honeypot.
    let applicant = NewApplicant::parse(&form).map_err(|err| match err {
        ApplicationError::Invalid(errors) => invalid(errors),
        ApplicationError::UnsupportedFile(why) => {
            ApiError::UnsupportedMediaType(ResumeRefusal::Image(why).to_string())
        }
    })?;
    // The opening applied for must be open now (a robot's too: the same answer).
    let job_id = match form.job.trim() {
        "" => None,
        slug => Some(state.jobs.open_id(slug).await?.ok_or_else(|| {
            invalid(FieldErrors::one(
                "job",
                "This opening is closed or no longer there: see the open roles, or send a general application.",
            ))
        })?),
    };
    let Some(Incoming { pending, file }) = incoming else {
        return Err(ApiError::broken("an accepted application has no file"));
    };
    let size = applicant.resume.size;

    let id = new_lead_id()?;
    let resume_file = format!("{id}.{}", applicant.resume.resume_type.extension());
    let file = file.into_std().await;
    let name = resume_file.clone();
    let stored = tokio::task::spawn_blocking(move || pending.persist(file, &name))
        .await
        .map_err(ApiError::unexpected)?
        .map_err(|err| upload_failed("cannot save a resume", err))?;
    let stored_id = id.to_string();
    let client = client.to_string();
    let source = LeadSource::check(
        form.source.as_ref(),
        public_page,
        header_text(&headers, header::ORIGIN),
    );
    let store = move |conn: &_| {
        applicants::insert_applicant(conn, &id, &applicant, &resume_file, &client)?;
        applicants::set_job(conn, &id, job_id)?;
        leads::record_proof(
            conn,
            LeadTable::Applicants,
            &id,
            proof.as_str(),
            proof.solve_ms(),
        )?;
        lead_sources::record(conn, id.as_str(), "application", &source).map_err(StoreError::from)
    };
    if form.is_from_a_robot() {
        // A robot's application costs what a real one costs, so the honeypot cannot be told
        // by timing: its resume was saved like any other, its row is written on the writer
        // and undone there (`Db::rehearse`), and then its file goes with `stored`.
        tracing::info!("honeypot filled: application dropped");
        state.db.rehearse(store).await?;
        drop(stored);
        return Ok(created(APPLICATION_RECEIVED, &stored_id));
    }
    // If the row fails, `stored` is dropped on the way out and takes the file with it.
    state.db.write(store).await?;
    stored.keep();
    room.keep(size);
    state.metrics.lead_received(LeadKind::Application);
    Ok(created(APPLICATION_RECEIVED, &stored_id))
}

/// An upload that could not be written: 507 at a full disk, else our fault.
fn upload_failed(doing: &'static str, source: std::io::Error) -> ApiError {
    crate::http::plumbing::disk::write_failed(
        doing,
        "The site cannot take applications right now because its storage is full. Please try again later or write to us by email.",
        source,
    )
}

/// The multipart boundary, from a `multipart/form-data` content type only.
fn boundary(content_type: Option<&str>) -> Result<String, ApiError> {
    let unsupported =
        || ApiError::UnsupportedMediaType("Send this form as multipart/form-data.".into());
    let content_type = content_type.ok_or_else(unsupported)?;
    multer::parse_boundary(content_type).map_err(|err| match err {
        multer::Error::NoBoundary => {
            ApiError::BadRequest("The multipart content type has no boundary.".into())
        }
        _ => unsupported(),
    })
}

/// Reads every part: text into the form, the file into a temp file.
async fn receive(
    body: Body,
    boundary: &str,
    limits: Limits,
    uploads_dir: &std::path::Path,
) -> Result<(ApplicantForm, Option<Incoming>), ApiError> {
    let constraints = Constraints::new().size_limit(
        SizeLimit::new()
            .whole_stream(limits.request)
            .per_field(TEXT_PART_LIMIT)
            .for_field(FILE_FIELD, limits.file),
    );
    let mut multipart = Multipart::with_constraints(body, boundary, constraints);
    let mut form = ApplicantForm::default();
    let mut incoming = None;
    let mut parts = 0;
    let mut file_parts = 0;
    let mut seen = std::collections::HashSet::new();
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e, limits))?
    {
        parts += 1;
        if parts > MAX_PARTS {
            return Err(ApiError::PayloadTooLarge(format!(
                "The form may have at most {MAX_PARTS} parts."
            )));
        }
        let name = field.name().unwrap_or_default().to_owned();
        if name == FILE_FIELD {
            file_parts += 1;
            if file_parts > 1 {
                return Err(ApiError::BadRequest("Send one resume file only.".into()));
            }
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let (received, sniffer) = receive_file(&mut field, limits, uploads_dir).await?;
            if let Some(mut received) = received {
                let sent_size = sniffer.bytes_seen();
                let verdict = judge(sniffer, &mut received.file).await?;
                let (sniffed, size) = match verdict {
                    Ok(Judged::Image(accepted)) => {
                        // Only the decoded and re-encoded image (or the rebuilt SVG) is kept.
                        replace_contents(&mut received.file, &accepted.bytes).await?;
                        (
                            Ok(ResumeType::Image(accepted.image_type)),
                            accepted.bytes.len() as u64,
                        )
                    }
                    // A PDF is kept as sent: the temp file already holds it.
                    Ok(Judged::Pdf) => (Ok(ResumeType::Pdf), sent_size),
                    Err(rejected) => (Err(rejected), sent_size),
                };
                form.file = Some(UploadedFile {
                    file_name,
                    size,
                    sniffed,
                });
                incoming = Some(received);
            }
            continue;
        }
        let bytes = field
            .bytes()
            .await
            .map_err(|e| multipart_error(e, limits))?;
        if name == SOURCE_FIELD {
            // Where the visit came from is a help, never a reason to refuse: a part that is
            // not UTF-8 JSON of the right shape is no source.
            form.source = std::str::from_utf8(&bytes)
                .ok()
                .and_then(LeadSourceForm::from_json_text);
            continue;
        }
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| ApiError::BadRequest(format!("The field {name} is not UTF-8 text.")))?;
        let slot = match name.as_str() {
            "name" => &mut form.name,
            "mobile" => &mut form.mobile,
            "email" => &mut form.email,
            "experience" => &mut form.experience,
            "previous_company" => &mut form.previous_company,
            "query" => &mut form.query,
            "department_website" => &mut form.department_website,
            "job" => &mut form.job,
            "website" => &mut form.website,
            // Parts the form does not have are read (and counted) but not kept.
            _ => continue,
        };
        // Each field is one text, as the published form says: a second part of the same name
        // would silently replace the first.
        if !seen.insert(name.clone()) {
            return Err(ApiError::BadRequest(format!(
                "The field {name} was sent more than once."
            )));
        }
        *slot = text;
    }
    Ok((form, incoming))
}

/// Streams the file part to a temp file (created at its first byte: an empty part, which is
/// what a browser sends when no file was chosen, leaves nothing).
async fn receive_file(
    field: &mut Field<'static>,
    limits: Limits,
    uploads_dir: &std::path::Path,
) -> Result<(Option<Incoming>, Sniffer), ApiError> {
    let mut sniffer = Sniffer::default();
    let mut incoming: Option<Incoming> = None;
    while let Some(chunk) = field
        .chunk()
        .await
        .map_err(|e| multipart_error(e, limits))?
    {
        if chunk.is_empty() {
            continue;
        }
        let sink = match incoming.as_mut() {
            Some(sink) => sink,
            None => {
                let dir = uploads_dir.to_path_buf();
                let (pending, file) = tokio::task::spawn_blocking(move || uploads::begin(&dir))
                    .await
                    .map_err(ApiError::unexpected)?
                    .map_err(|err| upload_failed("cannot create an upload file", err))?;
                incoming.insert(Incoming {
                    pending,
                    file: tokio::fs::File::from_std(file),
                })
            }
        };
        sniffer.feed(&chunk);
        sink.file
            .write_all(&chunk)
            .await
            .map_err(|err| upload_failed("cannot write an upload", err))?;
    }
    Ok((incoming, sniffer))
}

/// What the received file turned out to be.
enum Judged {
    /// An image, with what to store instead of the bytes sent.
    Image(Accepted),
    /// An accepted PDF, stored as sent.
    Pdf,
}

/// The resume check on the received file: its ends were sniffed as it streamed; a raster
/// image is then read back from the temp file and decoded, a PDF read back and judged, all
/// off the async threads.
async fn judge(
    sniffer: Sniffer,
    file: &mut tokio::fs::File,
) -> Result<Result<Judged, ResumeRefusal>, ApiError> {
    // flush first: it waits for the streamed writes, which the read must see.
    file.flush()
        .await
        .map_err(|err| upload_failed("cannot write an upload", err))?;
    let mut reader = file
        .try_clone()
        .await
        .map_err(|err| upload_failed("cannot read an upload back", err))?
        .into_std()
        .await;
    // Decoding waits for its pixels in the one budget every image shares (`image::budget`).
    let judged = tokio::task::spawn_blocking(move || {
        let mut sent = Vec::new();
        if resume::looks_like_pdf(sniffer.head()) {
            reader.rewind()?;
            reader.read_to_end(&mut sent)?;
            return Ok(resume::check_pdf(&sent)
                .map(|()| Judged::Pdf)
                .map_err(ResumeRefusal::Pdf));
        }
        let sniffed = match sniffer.finish() {
            Ok(sniffed) => sniffed,
            Err(rejected) => return Ok(Err(ResumeRefusal::Image(rejected))),
        };
        if sniffed.needs_the_file() {
            reader.rewind()?;
            reader.read_to_end(&mut sent)?;
        }
        Ok(sniffed
            .accept(&sent)
            .map(Judged::Image)
            .map_err(ResumeRefusal::Image))
    })
    .await
    .map_err(ApiError::unexpected)?
    .map_err(|err| upload_failed("cannot read an upload back", err))?;
    match judged {
        Err(ResumeRefusal::Image(RejectedFile::Busy)) => {
            Err(crate::http::plumbing::reply::images_busy())
        }
        judged => Ok(judged),
    }
}

/// Swaps what was received for `bytes` (the re-encoded image or the sanitized SVG), so only
/// they reach the disk under the upload's final name.
async fn replace_contents(file: &mut tokio::fs::File, bytes: &[u8]) -> Result<(), ApiError> {
    let rewrite = async {
        // flush first: it waits for the streamed writes, which must not land after these.
        file.flush().await?;
        file.set_len(0).await?;
        file.rewind().await?;
        file.write_all(bytes).await?;
        file.flush().await
    };
    rewrite
        .await
        .map_err(|err| upload_failed("cannot write a sanitized upload", err))
}

fn multipart_error(err: multer::Error, limits: Limits) -> ApiError {
    match err {
        multer::Error::StreamSizeExceeded { .. } => request_too_large(limits),
        multer::Error::FieldSizeExceeded { field_name, .. }
            if field_name.as_deref() == Some(FILE_FIELD) =>
        {
            ApiError::PayloadTooLarge(format!(
                "The resume file is larger than {}.",
                size_text(limits.file)
            ))
        }
        multer::Error::FieldSizeExceeded { field_name, .. } => ApiError::PayloadTooLarge(format!(
            "The field {} is larger than {}.",
            field_name.unwrap_or_default(),
            size_text(TEXT_PART_LIMIT)
        )),
        multer::Error::StreamReadFailed(cause) if is_stall(cause.as_ref()) => {
            ApiError::RequestTimeout
        }
        multer::Error::StreamReadFailed(_) => {
            ApiError::BadRequest("The request body could not be read.".into())
        }
        other => ApiError::BadRequest(format!("The form data is not valid multipart: {other}.")),
    }
}

fn request_too_large(limits: Limits) -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The application is larger than {}.",
        size_text(limits.request)
    ))
}

/// 5242880 -> "5 MB", 16384 -> "16 KB".
fn size_text(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes.is_multiple_of(MB) {
        format!("{} MB", bytes / MB)
    } else if bytes.is_multiple_of(1024) {
        format!("{} KB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size_text(5 * 1024 * 1024), "5 MB");
        assert_eq!(size_text(6 * 1024 * 1024), "6 MB");
        assert_eq!(size_text(16 * 1024), "16 KB");
        assert_eq!(size_text(1000), "1000 bytes");
    }

    #[test]
    fn only_multipart_form_data_with_a_boundary_is_taken() {
        assert_eq!(
            boundary(Some("multipart/form-data; boundary=abc"))
                .ok()
                .as_deref(),
            Some("abc")
        );
        for content_type in [None, Some("application/json"), Some("text/plain"), Some("")] {
            assert!(boundary(content_type).is_err(), "{content_type:?}");
        }
    }
}
