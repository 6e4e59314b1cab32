//! `/api/staff/readers/...` and `/api/staff/stories/{id}/mail`: the blog's readers as the
//! office handles them, beside the subscribers list of the inbox (which lists, filters and
//! exports them by state: `?subscription=pending|confirmed|unsubscribed`).
//!
//! - `GET readers/counts`: `{"confirmed", "pending", "unsubscribed"}` (area subscribers)
//! - `POST readers` `{email}`: adds an address by the subscribe form's own path, so it is
//!   pending until the person opens the confirmation link mailed to it: 201 when that mail
//!   is queued, 200 when one went out within the hour, 409 naming `email` when the address
//!   is a confirmed reader already, 422 naming `email` for a bad address
//! - `POST readers/{id}/unsubscribe`: the office ends a subscription (no more stories; its
//!   queued ones are dropped) -> `{"message"}`; 404 for no such subscriber
//! - `GET stories/{id}/mail`: what the story's mail did: `{"queued", "failed", "sent",
//!   "dead", "dropped", "unsubscribed"}` (area stories)
//!
//! Every change is written to the audit log in the same transaction.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;

use crate::domain::blog_id::BlogId;
use crate::domain::mail_token::ConfirmSecret;
use crate::domain::readers::parse_reader;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json, new_lead_id};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::store::audit;
use crate::store::readers::{self, Added};
use crate::store::StoreError;

const NOT_FOUND: &str = "This reader is not in the list (it may have been erased).";
const ALREADY_CONFIRMED: &str =
    "This address is a confirmed reader already: it gets every new story.";

/// `GET readers/counts`: how many subscriptions are in each state.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReaderCounts {
    /// They get every new story.
    confirmed: i64,
    /// Waiting for their confirmation link to be opened.
    pending: i64,
    unsubscribed: i64,
}

/// `POST readers`: the staff form "Add a reader".
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReaderForm {
    email: String,
}

/// What adding a reader did: a message for the office, and the subscription.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReaderAdded {
    message: &'static str,
    data: AddedReader,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AddedReader {
    #[serde(rename = "_id")]
    id: String,
    #[cfg_attr(test, ts(type = "SubscriptionState"))]
    subscription: &'static str,
}

/// `POST readers/{id}/unsubscribe`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReaderUnsubscribed {
    message: &'static str,
}

/// `GET stories/{id}/mail`: what the story's mail did.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct StoryMail {
    /// Still to be sent, `failed` among them.
    queued: i64,
    /// Still queued after at least one failed attempt (the sender tries again).
    failed: i64,
    sent: i64,
    /// Given up on (refused for good, or failing for 48 hours).
    dead: i64,
    /// Never sent: the reader left or was erased first.
    dropped: i64,
    /// Readers who left through the unsubscribe link in this story's mail.
    unsubscribed: i64,
}

pub(super) async fn counts(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let counts = call
        .state
        .db
        .read(|conn| Ok(readers::counts(conn)?))
        .await?;
    Ok(json(
        StatusCode::OK,
        &ReaderCounts {
            confirmed: counts.confirmed,
            pending: counts.pending,
            unsubscribed: counts.unsubscribed,
        },
    ))
}

pub(super) async fn add(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: ReaderForm = call.json().await?;
    let reader = parse_reader(&form.email).map_err(invalid)?;
    let id = new_lead_id()?;
    let confirm = ConfirmSecret::generate().map_err(ApiError::unexpected)?;
    let added = call
        .state
        .db
        .write(move |conn| -> Result<Added, StoreError> {
            let added = readers::add(conn, &id, &reader, &confirm)?;
            let (action, id) = match &added {
                Added::Asked { id } => ("added a reader", id),
                Added::AskedRecently { id } => ("added a reader (mail sent within the hour)", id),
                Added::AlreadyConfirmed { .. } => return Ok(added),
            };
            audit::record(
                conn,
                &staff.audit(action, &format!("subscriber {id}"), "confirmation asked"),
            )?;
            Ok(added)
        })
        .await?;
    let (status, message, id) = match added {
        Added::Asked { id } => (
            StatusCode::CREATED,
            "The address is added: it becomes a reader once the person opens the confirmation link mailed to it.",
            id,
        ),
        Added::AskedRecently { id } => (
            StatusCode::OK,
            "A confirmation link went to this address within the hour: the person can use that one. It becomes a reader once they do.",
            id,
        ),
        // A 409 shaped as every error is, naming the field the form shows it under.
        Added::AlreadyConfirmed { .. } => {
            return Ok(json(
                StatusCode::CONFLICT,
                &serde_json::json!({
                    "message": ALREADY_CONFIRMED,
                    "errors": { "email": ALREADY_CONFIRMED },
                }),
            ))
        }
    };
    Ok(json(
        status,
        &ReaderAdded {
            message,
            data: AddedReader {
                id,
                subscription: "pending",
            },
        },
    ))
}

pub(super) async fn unsubscribe(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let id = call.param("id").to_owned();
    let found = call
        .state
        .db
        .write(move |conn| -> Result<bool, StoreError> {
            let found = readers::unsubscribe(conn, &id)?;
            if found {
                audit::record(
                    conn,
                    &staff.audit("unsubscribed", &format!("subscriber {id}"), ""),
                )?;
            }
            Ok(found)
        })
        .await?;
    if !found {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    Ok(json(
        StatusCode::OK,
        &ReaderUnsubscribed {
            message: "Unsubscribed: no more stories will be mailed to this address.",
        },
    ))
}

pub(super) async fn story_mail(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let id = BlogId::parse(call.param("id")).ok_or_else(|| {
        ApiError::NotFound("This story is not there any more (it may have been deleted).".into())
    })?;
    let mail = call
        .state
        .db
        .read(move |conn| Ok(readers::story_mail(conn, id.as_str())?))
        .await?;
    Ok(json(
        StatusCode::OK,
        &StoryMail {
            queued: mail.queued,
            failed: mail.failed,
            sent: mail.sent,
            dead: mail.dead,
            dropped: mail.dropped,
            unsubscribed: mail.unsubscribed,
        },
    ))
}
