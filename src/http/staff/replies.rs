//! Replies from the inbox and the templates they start from.
//!
//! - `POST /api/staff/inbox/{list}/{id}/replies` `{subject, text, template?, seen, channel?}`:
//!   a reply to an enquiry or an applicant, 201 with the reply. A mail reply is queued in the
//!   outbox (from `--mail-from`, Reply-To the staff member or the mail screen's reply address,
//!   threaded with the lead's earlier replies); `channel: "whatsapp"` logs the WhatsApp chat
//!   the composer opened with the same words. 409 naming who, when someone else added a note
//!   or a reply after `seen` (the detail's `read_at` when the composer opened).
//! - `GET /api/staff/templates`: the templates of the lists the session reaches;
//!   `PUT /api/staff/templates` `{list, templates}`: one list's whole set, each checked (an
//!   unknown placeholder is refused, named).
//! - `GET/PUT /api/staff/mail/reply-address`: the Reply-To of every reply, or none.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;

use crate::domain::inbox::InboxList;
use crate::domain::reply::{self, parse_reply, parse_templates, Channel, NewReply};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json};
use crate::http::staff::call::Call;
use crate::http::staff::inbox::which;
use crate::http::staff::session::Staff;
use crate::store::replies::{self, ReplyRow, Since, TemplateRow, Writer};
use crate::store::{audit, StoreError};

const NOT_FOUND: &str = "This item is not in the list (it may have been erased).";

/// `POST {list}/{id}/replies`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReplyForm {
    subject: String,
    text: String,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    template: Option<String>,
    /// The detail's `read_at` when the composer opened.
    seen: String,
    /// `mail` (the default) or `whatsapp`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional, type = "'mail' | 'whatsapp'"))]
    channel: Option<String>,
}

/// What sending answers: the reply as the detail lists it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReplySent {
    reply: ReplyRow,
    /// When the lead was first answered (this reply, if it was the first).
    first_reply_at: Option<String>,
}

enum Outcome {
    Written(Box<ReplyRow>, Option<String>),
    Collided(Since),
    NotFound,
    NoAddress(&'static str),
}

pub(super) async fn send(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    if !reply::replies_to(list) {
        return Err(ApiError::NotFound(
            "Replies are for enquiries and applicants.".into(),
        ));
    }
    let id = call.param("id").to_owned();
    let form: ReplyForm = call.json().await?;
    let reply: NewReply = parse_reply(
        form.channel.as_deref().unwrap_or(""),
        &form.subject,
        &form.text,
        form.template.as_deref(),
        &form.seen,
    )
    .map_err(invalid)?;
    let domain = call.state.settings.mail.from.as_ref().map_or_else(
        || "localhost".to_owned(),
        |from| from.email.domain().to_owned(),
    );
    let zone = call.state.office_zone().await?;
    let staff_email = staff.email.clone();
    let lead = id.clone();
    let outcome = call
        .state
        .db
        .write(move |conn| -> Result<Outcome, StoreError> {
            let Some(contact) = replies::contact(conn, list, &lead)? else {
                return Ok(Outcome::NotFound);
            };
            if let Some(since) = replies::added_since(conn, list, &lead, &reply.seen, &staff_email)?
            {
                return Ok(Outcome::Collided(since));
            }
            let to = match reply.channel {
                Channel::Mail if contact.email.trim().is_empty() => {
                    return Ok(Outcome::NoAddress("This lead left no email address."))
                }
                Channel::Mail => contact.email.clone(),
                Channel::WhatsApp if contact.mobile.trim().is_empty() => {
                    return Ok(Outcome::NoAddress("This lead left no phone number."))
                }
                Channel::WhatsApp => contact.mobile.clone(),
            };
            let reply_to = replies::reply_address(conn)?.unwrap_or_else(|| staff_email.clone());
            let row = replies::insert(
                conn,
                list,
                &lead,
                &to,
                &reply,
                &Writer {
                    author: &staff_email,
                    reply_to: &reply_to,
                    domain: &domain,
                },
            )?;
            let action = match reply.channel {
                Channel::Mail => "replied by mail",
                Channel::WhatsApp => "opened a WhatsApp reply",
            };
            let subject = format!("{} {lead}", list.item());
            audit::record(conn, &staff.audit(action, &subject, ""))?;
            let first = replies::first_reply_at(conn, list, &lead)?;
            Ok(Outcome::Written(Box::new(row), first))
        })
        .await?;
    match outcome {
        Outcome::Written(reply, first_reply_at) => Ok(json(
            StatusCode::CREATED,
            &ReplySent {
                reply: *reply,
                first_reply_at,
            },
        )),
        Outcome::NotFound => Err(ApiError::NotFound(NOT_FOUND.into())),
        Outcome::NoAddress(why) => Err(invalid(crate::domain::fields::FieldErrors::one(
            "channel", why,
        ))),
        Outcome::Collided(since) => {
            let when = zone.for_people(&since.at).unwrap_or(since.at);
            let what = if since.what == "note" {
                "added a note"
            } else {
                "replied"
            };
            Err(ApiError::Conflict(format!(
                "{} {what} at {when}, after you opened this reply. Read it first; your text is kept here.",
                since.who
            )))
        }
    }
}

/// `GET /api/staff/templates`: the templates of every list the session reaches.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TemplatesBody {
    templates: Vec<TemplateRow>,
    /// The lists this session may keep templates of.
    #[cfg_attr(test, ts(type = "Array<'enquiries' | 'applicants'>"))]
    lists: Vec<&'static str>,
    /// The placeholders a template may hold.
    placeholders: Vec<&'static str>,
}

/// `PUT /api/staff/templates`: one list's whole set.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TemplatesForm {
    #[cfg_attr(test, ts(type = "'enquiries' | 'applicants'"))]
    list: String,
    templates: Vec<TemplateForm>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TemplateForm {
    #[serde(default)]
    department: String,
    name: String,
    #[serde(default)]
    subject: String,
    text: String,
}

/// The lists `staff` may keep templates of: those of its areas that take replies.
fn template_lists(staff: &Staff) -> Vec<InboxList> {
    InboxList::ALL
        .into_iter()
        .filter(|list| reply::replies_to(*list) && staff.roles.may(list.area()))
        .collect()
}

async fn templates_body(
    state: &crate::http::state::AppState,
    lists: Vec<InboxList>,
) -> Result<Response, ApiError> {
    let names = lists.iter().map(|list| list.name()).collect();
    let templates = state
        .db
        .read(move |conn| Ok(replies::templates(conn, &lists)?))
        .await?;
    Ok(json(
        StatusCode::OK,
        &TemplatesBody {
            templates,
            lists: names,
            placeholders: reply::PLACEHOLDERS.to_vec(),
        },
    ))
}

pub(super) async fn templates(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let lists = template_lists(&staff);
    templates_body(&call.state, lists).await
}

pub(super) async fn save_templates(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: TemplatesForm = call.json().await?;
    let Some(list) = InboxList::parse(&form.list).filter(|list| reply::replies_to(*list)) else {
        return Err(invalid(crate::domain::fields::FieldErrors::one(
            "list",
            "Choose enquiries or applicants.",
        )));
    };
    if !staff.roles.may(list.area()) {
        return Err(ApiError::Forbidden(format!(
            "Your roles do not include {}: ask an owner.",
            list.area().label()
        )));
    }
    let given: Vec<(String, String, String, String)> = form
        .templates
        .into_iter()
        .map(|t| (t.department, t.name, t.subject, t.text))
        .collect();
    let templates = parse_templates(list, &given).map_err(invalid)?;
    let by = staff.email.clone();
    let lists = template_lists(&staff);
    call.state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            let changed = replies::save_templates(conn, list, &templates, &by)?;
            if changed > 0 {
                let detail = format!("{} kept", templates.len());
                audit::record(
                    conn,
                    &staff.audit("saved reply templates", list.name(), &detail),
                )?;
            }
            Ok(())
        })
        .await?;
    templates_body(&call.state, lists).await
}

/// `GET/PUT /api/staff/mail/reply-address`.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ReplyAddress {
    /// Where a visitor's answer to a reply goes; null: the staff member who wrote it.
    address: Option<String>,
}

pub(super) async fn reply_address(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let address = call
        .state
        .db
        .read(|conn| Ok(replies::reply_address(conn)?))
        .await?;
    Ok(json(StatusCode::OK, &ReplyAddress { address }))
}

pub(super) async fn set_reply_address(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: ReplyAddress = call.json().await?;
    let address = match form
        .address
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        None => None,
        Some(text) => match crate::domain::fields::Email::parse(text) {
            Ok(email) => Some(email.as_ref().to_owned()),
            Err(err) => {
                let mut errors = crate::domain::fields::FieldErrors::default();
                errors.add("address", err);
                return Err(invalid(errors));
            }
        },
    };
    let saved = address.clone();
    call.state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            replies::set_reply_address(conn, saved.as_deref())?;
            audit::record(
                conn,
                &staff.audit(
                    "set the reply address",
                    saved.as_deref().unwrap_or("each staff member's own"),
                    "",
                ),
            )?;
            Ok(())
        })
        .await?;
    Ok(json(StatusCode::OK, &ReplyAddress { address }))
}
