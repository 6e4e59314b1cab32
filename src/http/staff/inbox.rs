//! `/api/staff/inbox/{list}/...`: the staff inbox over `enquiries`, `subscribers` and
//! `applicants`, every endpoint behind `staff::gate` (401 without a session, 403 for a
//! change without the site's origin and CSRF token).
//!
//! - `GET {list}?q&status&department&from&to&page`: one page newest first,
//!   `{"data": [...], "pagination": {"total", "capped", "limit", "page"}, "new": n}`, and on
//!   the applicants list `stages`, each role's applications counted per stage of the pipeline
//! - `GET {list}/export.csv?...` and `GET {list}/export.xlsx?...`: every row the same
//!   filters match, as CSV or an Excel workbook (the command line's columns and writers),
//!   named `{list}-{office's date}.{csv|xlsx}`
//! - `GET {list}/{id}`: `{"data": {...}, "notes": [...]}`
//! - `POST {list}/{id}/status` `{status}` (one of the list's: an applicant's is a stage), `POST {list}/{id}/notes` `{text}`
//! - `POST {list}/{id}/assign` and `.../follow-up`: see `staff::assign`
//! - `DELETE {list}/{id}`: erases the lead, its notes and its resume file
//! - `GET applicants/{id}/resume[?download=1]`: the stored resume, sandboxed: an image on a
//!   page of its own (or downloaded), a PDF always downloaded
//!
//! Every change is written to the audit log in the same transaction.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Reply;

use crate::domain::assign::{Assigned, Due};
use crate::domain::export::{file_name, ExportFormat};
use crate::domain::inbox::{parse_note, parse_status, InboxList, InboxQuery, Status, PAGE_SIZE};
use crate::domain::utc::parse_day;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{attachment, invalid};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::office::leads::{self, Erasure, Picked};
use crate::store::audit;
use crate::store::export;
use crate::store::inbox::{self, Note};
use crate::store::jobs;
use crate::store::uploads::uploads_dir;
use crate::store::StoreError;

const NO_SUCH_LIST: &str = "There is no such list: choose enquiries, subscribers or applicants.";
const NOT_FOUND: &str = "This item is not in the list (it may have been erased).";

/// The list the path's `{list}` names (the gate has let only a known one through).
pub(super) fn which(call: &Call) -> Result<InboxList, ApiError> {
    InboxList::parse(call.param("list")).ok_or_else(|| ApiError::NotFound(NO_SUCH_LIST.into()))
}

/// `GET {list}`: one page of leads, where it sits, and how many are new.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadPage"))]
pub(crate) struct PageBody<'a> {
    #[cfg_attr(test, ts(as = "Vec<crate::store::inbox::Lead>"))]
    data: &'a [Map<String, Value>],
    pagination: Pagination,
    /// Leads of the whole list still `new`, whatever the filters (counted up to the cap).
    new: i64,
    /// The applicants list only: how many applications each role has in each stage of the
    /// pipeline, whatever the filters.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    stages: Option<Vec<RoleStagesJson>>,
}

/// The applications of one role, counted by stage.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RoleStages"))]
pub(crate) struct RoleStagesJson {
    /// The opening's slug, as the list's `job` filter takes it; null: the general
    /// applications (`job=general`).
    job: Option<String>,
    /// The opening's title, or "General applications".
    title: String,
    /// How many applications are in each stage; a stage with none is left out.
    #[cfg_attr(test, ts(type = "Partial<Record<LeadStatus, number>>"))]
    counts: Map<String, Value>,
    total: i64,
}

impl From<jobs::RoleStages> for RoleStagesJson {
    fn from(role: jobs::RoleStages) -> RoleStagesJson {
        let (job, title) = match role.job {
            Some((slug, title)) => (Some(slug), title),
            None => (None, "General applications".to_owned()),
        };
        RoleStagesJson {
            job,
            title,
            total: role.counts.iter().map(|(_, count)| count).sum(),
            counts: role
                .counts
                .into_iter()
                .map(|(status, count)| (status.as_str().to_owned(), Value::from(count)))
                .collect(),
        }
    }
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "InboxPagination"))]
pub(crate) struct Pagination {
    total: i64,
    /// `total` stopped at its cap: "1,000+" for a search, "10,000+" otherwise.
    capped: bool,
    limit: u32,
    page: u32,
}

pub(super) async fn list_page(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let query = InboxQuery::parse_in(list, &call.query).map_err(invalid)?;
    let query = resolve(&call.state, &staff, query).await?;
    let page_number = query.page;
    let (page, stages) = call
        .state
        .db
        .read(move |conn| {
            let stages = match list {
                InboxList::Applicants => Some(jobs::stage_counts(conn)?),
                InboxList::Enquiries | InboxList::Subscribers => None,
            };
            Ok((inbox::page(conn, list, &query)?, stages))
        })
        .await?;
    Ok(warp::reply::json(&PageBody {
        data: &page.rows,
        pagination: Pagination {
            total: page.total,
            capped: page.capped,
            limit: PAGE_SIZE,
            page: page_number,
        },
        new: page.new,
        stages: stages.map(|roles| roles.into_iter().map(RoleStagesJson::from).collect()),
    })
    .into_response())
}

/// `GET {list}/{id}` (and what a change answers): one lead, its notes, oldest first, and
/// where it came from (null for a lead from before sources were kept).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadDetail"))]
pub(crate) struct ItemBody {
    #[cfg_attr(test, ts(as = "crate::store::inbox::Lead"))]
    data: Map<String, Value>,
    notes: Vec<NoteBody>,
    source: Option<crate::store::analytics::lead_sources::SourceRow>,
    /// Every reply, oldest first, with its delivery (`store::replies`).
    replies: Vec<crate::store::replies::ReplyRow>,
    /// When the lead was first answered (a mail reply or a WhatsApp chat opened); null while
    /// nobody has.
    first_reply_at: Option<String>,
    /// When this was read (the server's clock): a reply's `seen`, so a note or a reply someone
    /// else adds after it stops the send.
    read_at: String,
    /// The subject a reply starts with ("Re: Your enquiry to ..."); null for a list that
    /// takes no replies (subscribers).
    reply_subject: Option<String>,
    /// After a status change only: the token that undoes it (`POST .../bulk/undo`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    undo: Option<String>,
    /// Every change of its status (an applicant's stage), oldest first: who, when, to what.
    moves: Vec<MoveBody>,
}

/// One change of a lead's status, from the audit log.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StatusMove"))]
pub(crate) struct MoveBody {
    /// The account's name (or the address, for one gone).
    by: String,
    at: String,
    /// The status set; null for an Undo, which put back what was before.
    #[cfg_attr(test, ts(type = "LeadStatus | null"))]
    status: Option<&'static str>,
    /// Part of a change of many at once.
    bulk: bool,
}

fn moves_json(lines: Vec<audit::AuditLine>) -> Vec<MoveBody> {
    lines
        .into_iter()
        .map(|line| MoveBody {
            status: (line.action == "set status")
                .then(|| {
                    line.detail
                        .split_whitespace()
                        .next()
                        .and_then(Status::parse)
                })
                .flatten()
                .map(Status::as_str),
            bulk: line.detail.contains("bulk of"),
            by: line.actor_name,
            at: line.at,
        })
        .collect()
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "Note"))]
pub(crate) struct NoteBody {
    author: String,
    text: String,
    created_at: String,
}

fn notes_json(notes: Vec<Note>) -> Vec<NoteBody> {
    notes
        .into_iter()
        .map(|n| NoteBody {
            author: n.author,
            text: n.body,
            created_at: n.created_at,
        })
        .collect()
}

/// One lead and its notes, as `GET {list}/{id}` answers them.
pub(super) async fn read_item(
    state: &AppState,
    list: InboxList,
    id: String,
) -> Result<Response, ApiError> {
    read_item_with(state, list, id, None).await
}

/// `read_item`, with the token that undoes the change just made (`undo`).
async fn read_item_with(
    state: &AppState,
    list: InboxList,
    id: String,
    undo: Option<String>,
) -> Result<Response, ApiError> {
    let read_at = crate::domain::reply::stored_time(jiff::Timestamp::now());
    state
        .db
        .read(move |conn| {
            let Some(item) = inbox::item(conn, list, &id)? else {
                return Ok(None);
            };
            let replies = crate::store::replies::of_lead(conn, list, &id)?;
            let first = crate::store::replies::first_reply_at(conn, list, &id)?;
            let moves = audit::status_moves(conn, &format!("{} {id}", list.item()))?;
            Ok(Some((item, replies, first, moves)))
        })
        .await?
        .map(|(item, replies, first_reply_at, moves)| {
            let department = item
                .row
                .get("department_website")
                .and_then(Value::as_str)
                .unwrap_or("");
            let reply_subject = crate::domain::reply::replies_to(list).then(|| {
                crate::domain::reply::default_subject(
                    list,
                    department,
                    crate::mail::compose::SITE_NAME,
                )
            });
            warp::reply::json(&ItemBody {
                reply_subject,
                data: item.row,
                notes: notes_json(item.notes),
                source: item.source,
                replies,
                first_reply_at,
                read_at,
                undo,
                moves: moves_json(moves),
            })
            .into_response()
        })
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

pub(super) async fn item(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let id = call.param("id").to_owned();
    read_item(&call.state, list, id).await
}

/// `POST {list}/{id}/status`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct StatusForm {
    #[cfg_attr(test, ts(type = "LeadStatus"))]
    status: String,
}

/// `POST {list}/{id}/notes`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct NoteForm {
    text: String,
}

/// `POST {list}/{id}/status`: answers the item as `GET {list}/{id}` would, with the token
/// that undoes the change (`undo`).
pub(super) async fn set_status(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let id = call.param("id").to_owned();
    let form: StatusForm = call.json().await?;
    let status = parse_status(list, &form.status).map_err(invalid)?;
    let (set, undo) =
        set_status_of(&call.state, staff, list, Picked::One(id.clone()), status).await?;
    if set == 0 {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    read_item_with(&call.state, list, id, undo).await
}

/// Sets the status of leads of `list` (`office::leads::set_status`, as every status change
/// is); answers how many, and the token that undoes a change of many.
pub(super) async fn set_status_of(
    state: &AppState,
    staff: Staff,
    list: InboxList,
    picked: Picked,
    status: Status,
) -> Result<(u64, Option<String>), ApiError> {
    Ok(state
        .db
        .write(move |conn| -> Result<(u64, Option<String>), StoreError> {
            Ok(leads::set_status(
                conn,
                &staff.actor(),
                list,
                &picked,
                status,
            )?)
        })
        .await?)
}

/// `POST {list}/{id}/notes`: answers the item as `GET {list}/{id}` would.
pub(super) async fn add_note(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let id = call.param("id").to_owned();
    let subject = format!("{} {id}", list.item());
    let form: NoteForm = call.json().await?;
    let text = parse_note(&form.text).map_err(invalid)?;
    let lookup = id.clone();
    let found = call
        .state
        .db
        .write(move |conn| -> Result<bool, StoreError> {
            let found = inbox::add_note(conn, list, &lookup, &staff.email, &text)?;
            if found {
                audit::record(conn, &staff.audit("added a note", &subject, ""))?;
            }
            Ok(found)
        })
        .await?;
    changed(&call.state, list, id, found).await
}

/// What a change of lead `id` answers (`status`, `notes`, and `staff::assign`'s `assign` and
/// `follow-up`): the item as `GET {list}/{id}` would, or 404 when the lead was not there.
pub(super) async fn changed(
    state: &AppState,
    list: InboxList,
    id: String,
    found: bool,
) -> Result<Response, ApiError> {
    if !found {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    read_item(state, list, id).await
}

/// Erases one lead: its row, its notes, its search entry and its resume file; the audit log
/// keeps that it happened, by whom, and the lead's id (nothing personal).
pub(super) async fn erase(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let picked = Picked::One(call.param("id").to_owned());
    if erase_leads(&call.state, staff, list, picked).await?.0 == 0 {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Moves leads of `list` into the trash with everything kept on them
/// (`office::leads::erase`, as every erasure goes); answers how many, and the trash's name
/// for them, which the bulk "Undo" sends back.
pub(super) async fn erase_leads(
    state: &AppState,
    staff: Staff,
    list: InboxList,
    picked: Picked,
) -> Result<(u64, Option<String>), ApiError> {
    let erasure = Erasure::Leads(list, picked);
    let erased = state
        .run_office(move |db, data_dir| leads::erase(db, data_dir, staff.actor(), erasure))
        .await??;
    Ok((erased.count(), erased.batch))
}

/// What "Erase for privacy" erased: every record of the lead's address, in every list and
/// in the trash.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PrivacyErased {
    enquiries: u64,
    applicants: u64,
}

/// `POST {list}/{id}/erase-for-privacy`: the person asked to be erased. Every enquiry,
/// subscription and application of the lead's address goes at once, the trash's too, with
/// the resume files; it is final (no trash, no undo) and written to the erasure ledger, so
/// that restoring an older backup brings no one back. A resume file that could not be
/// deleted is a 500 (the rows are erased).
pub(super) async fn erase_for_privacy(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let id = call.param("id").to_owned();
    let email = call
        .state
        .db
        .read(move |conn| Ok(inbox::item(conn, list, &id)?))
        .await?
        .and_then(|item| {
            item.row
                .get("email")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let email = crate::domain::fields::Email::parse(&email)
        .map_err(|_| ApiError::NotFound(NOT_FOUND.into()))?;
    let erasure = Erasure::Person(email);
    let erased = call
        .state
        .run_office(move |db, data_dir| leads::erase(db, data_dir, staff.actor(), erasure))
        .await??;
    if let Some((_, err)) = erased.files_left.into_iter().next() {
        return Err(ApiError::unexpected(err));
    }
    Ok(warp::reply::json(&PrivacyErased {
        enquiries: erased.enquiries,
        applicants: erased.applicants,
    })
    .into_response())
}

/// Every row the filters match, newest first, in the export's columns
/// (`domain::export`, which the command line writes too), as CSV or as a workbook.
pub(super) async fn export_csv(call: Call, staff: Staff) -> Result<Response, ApiError> {
    export(call, staff, ExportFormat::Csv).await
}

pub(super) async fn export_xlsx(call: Call, staff: Staff) -> Result<Response, ApiError> {
    export(call, staff, ExportFormat::Xlsx).await
}

async fn export(call: Call, staff: Staff, format: ExportFormat) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let query = InboxQuery::parse_in(list, &call.query).map_err(invalid)?;
    let query = resolve(&call.state, &staff, query).await?;
    // Rows go from the database into the writer one at a time (a workbook's in
    // constant-memory mode); only the finished file is held.
    let (bytes, name) = call
        .state
        .db
        .read(move |conn| {
            let mut out = std::io::Cursor::new(Vec::new());
            let rows = export::Rows::Filtered(&query);
            let written = match format {
                ExportFormat::Csv => export::write_csv(conn, list, rows, true, &mut out),
                ExportFormat::Xlsx => export::write_xlsx(conn, list, rows, &mut out),
            };
            let name = file_name(
                list,
                format,
                &crate::store::company_details::office_zone(conn),
            );
            Ok(written.map(|_| (out.into_inner(), name)))
        })
        .await?
        .map_err(ApiError::unexpected)?;
    Ok(attachment(bytes, format.content_type(), &name))
}

/// The resume, for staff only, never sniffed and sandboxed so even a crafted file could run
/// nothing in the site's origin. A PDF only ever downloads (`attachment`: a browser's PDF
/// viewer never opens it in the site's origin). An image is shown on a small page of the
/// server's own (the image inside it as a `data:` URL, centred and scaled down to the window
/// by one style the page's policy names by its hash: the site's policy allows no inline
/// style, which is what broke the browser's own image view), or downloads with `download=1`.
pub(super) async fn resume(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let state = &call.state;
    let id = call.param("id").to_owned();
    let download =
        form_urlencoded::parse(call.query.as_bytes()).any(|(k, v)| k == "download" && v == "1");
    let lookup = id.clone();
    let (file, kind, _original) = state
        .db
        .read(move |conn| Ok(inbox::resume(conn, &lookup)?))
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let Some(name) = std::path::Path::new(&file).file_name() else {
        return Err(ApiError::broken("a stored resume has no file name"));
    };
    let path = uploads_dir(&state.settings.data_dir).join(name);
    let bytes = match tokio::fs::read(&path).await {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(ApiError::NotFound(
                "This resume's file is missing from the uploads folder.".into(),
            ))
        }
        Err(err) => return Err(ApiError::unexpected(err)),
    };
    let (kind, extension) = match kind.as_str() {
        "image/jpeg" => ("image/jpeg", "jpg"),
        "image/png" => ("image/png", "png"),
        "image/webp" => ("image/webp", "webp"),
        "image/svg+xml" => ("image/svg+xml", "svg"),
        "application/pdf" => ("application/pdf", "pdf"),
        _ => ("application/octet-stream", "bin"),
    };
    // Named by the server (letters and digits only): the applicant's own file name never
    // reaches a header.
    let safe_id: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(32)
        .collect();
    let is_image = kind.starts_with("image/");
    let mut response = if download || !is_image {
        attachment(bytes, kind, &format!("resume-{safe_id}.{extension}"))
    } else {
        let mut response = Response::new(resume_page(&safe_id, kind, &bytes).into());
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    let policy = if download || !is_image {
        HeaderValue::from_static(DOWNLOAD_POLICY)
    } else {
        HeaderValue::from_str(&resume_page_policy()).map_err(ApiError::unexpected)?
    };
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    Ok(response)
}

/// A downloaded resume's policy: sandboxed, nothing loads.
const DOWNLOAD_POLICY: &str = "sandbox; default-src 'none'; frame-ancestors 'none'";

/// The resume page's one style: the image centred, scaled down (never up) to the window.
const RESUME_PAGE_STYLE: &str = "html,body{height:100%;margin:0;background:#fff}\
body{display:flex;align-items:center;justify-content:center}\
img{display:block;max-width:100%;max-height:100%;object-fit:contain}";

/// The resume page's policy: sandboxed, its `data:` image and its style (by hash) and nothing
/// else, not even the site's own scripts.
fn resume_page_policy() -> String {
    let style = crate::render::document::hash_source(RESUME_PAGE_STYLE);
    format!(
        "sandbox; default-src 'none'; img-src data:; style-src {style}; \
         frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    )
}

/// The page an image resume is viewed on: no script, one style (named by its hash in the
/// page's policy). Its icon is empty: the page's origin is opaque
/// (`sandbox`), so the site's own icon would be refused as another origin's.
fn resume_page(safe_id: &str, kind: &str, image: &[u8]) -> String {
    use base64::Engine as _;
    let data = base64::engine::general_purpose::STANDARD.encode(image);
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Resume {safe_id}</title><link rel=\"icon\" href=\"data:,\">\
         <style>{RESUME_PAGE_STYLE}</style></head>\
         <body><img src=\"data:{kind};base64,{data}\" alt=\"Resume {safe_id}\"></body></html>"
    )
}
/// A list query as its asker and the office's clock mean it: `assigned=me` as the asker,
/// `due=today` as the office's today, and `from`/`to` as the office's days (in Kolkata, 26
/// November begins at 18:30 UTC the day before).
pub(crate) async fn resolve(
    state: &AppState,
    staff: &Staff,
    mut query: InboxQuery,
) -> Result<InboxQuery, ApiError> {
    query.assigned = query.assigned.map(|a: Assigned| a.resolve(staff.id));
    let zone = state.office_zone().await?;
    if query.due == Some(Due::Today) {
        let today = parse_day(&zone.today()).ok_or_else(|| ApiError::broken("the office's day"))?;
        query.due = Some(Due::Today.resolve(today));
    }
    if query.from.is_some() || query.to.is_some() {
        query.days = Some((
            query.from.and_then(|day| zone.day_start(&day.to_string())),
            query
                .to
                .and_then(|day| day.tomorrow().ok())
                .and_then(|day| zone.day_start(&day.to_string())),
        ));
    }
    Ok(query)
}
