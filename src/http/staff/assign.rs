//! Assignment and follow-up in the inbox, and one's morning digest:
//!
//! - `GET /api/staff/assignees/{list}`: the accounts a lead of the list may be given to
//!   (those whose roles see it), and which one is the asker: `{"data": [{id, name}], "me"}`
//! - `POST /api/staff/inbox/{list}/{id}/assign` `{"to": id | null}`: gives the lead to that
//!   account (or to nobody); 422 `errors.to` for an account that does not exist or whose
//!   roles do not see the list. The account is mailed the link, unless it is the asker.
//! - `POST /api/staff/inbox/{list}/{id}/follow-up` `{"follow_up": "YYYY-MM-DD" | null}`:
//!   sets or clears the day to come back to it; 422 `errors.follow_up` for a bad day.
//! - `GET` and `PUT /api/staff/account/digest` `{"on": bool}`: one's morning digest.
//!
//! The two inbox changes are answered by `inbox::changed` (as the status and notes are), and
//! every change is written to the audit log in the same transaction.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use warp::reply::Response;
use warp::Reply;

use crate::domain::assign::parse_follow_up;
use crate::domain::inbox::InboxList;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::inbox::{changed, which};
use crate::http::staff::session::Staff;
use crate::store::assign::{self, AssignOutcome};
use crate::store::audit;
use crate::store::StoreError;

/// `GET /api/staff/assignees/{list}`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AssigneesBody {
    data: Vec<AssigneeJson>,
    /// The asker's account id ("Mine").
    me: i64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AssigneeJson {
    id: i64,
    name: String,
}

pub(super) async fn assignees(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = InboxList::parse(call.param("list")).ok_or_else(|| {
        ApiError::NotFound(
            "There is no such list: choose enquiries, subscribers or applicants.".into(),
        )
    })?;
    let found = call
        .state
        .db
        .read(move |conn| Ok(assign::assignees(conn, list)?))
        .await?;
    Ok(warp::reply::json(&AssigneesBody {
        data: found
            .into_iter()
            .map(|a| AssigneeJson {
                id: a.id,
                name: a.name,
            })
            .collect(),
        me: staff.id,
    })
    .into_response())
}

/// `POST {list}/{id}/assign`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AssignForm {
    /// The account's id, or `null` for nobody.
    #[serde(default)]
    to: Option<i64>,
}

/// `POST {list}/{id}/follow-up`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FollowUpForm {
    /// `YYYY-MM-DD` in the office's zone; `null` or empty clears it.
    #[serde(default)]
    follow_up: Option<String>,
}

fn field_error(field: &str, message: String) -> ApiError {
    ApiError::Validation {
        message: format!("Please check: {field}."),
        errors: BTreeMap::from([(field.to_owned(), message)]),
    }
}

/// `POST {list}/{id}/assign`: gives the lead to the form's account, and answers the item as
/// `GET {list}/{id}` would (404 if the lead is not in this list).
pub(super) async fn assign(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let lead = call.param("id").to_owned();
    let form: AssignForm = call.json().await?;
    let (id, to) = (lead.clone(), form.to);
    let outcome = call
        .state
        .db
        .write(move |conn| -> Result<AssignOutcome, StoreError> {
            let outcome = assign::assign(conn, list, &id, to)?;
            if let AssignOutcome::Assigned {
                to: assignee,
                changed: true,
            } = &outcome
            {
                let subject = format!("{} {id}", list.item());
                let detail = match assignee {
                    Some(a) => format!("to {} ({})", a.name, a.email),
                    None => "to nobody".to_owned(),
                };
                audit::record(conn, &staff.audit("assigned", &subject, &detail))?;
                if let Some(assignee) = assignee.as_ref().filter(|a| a.id != staff.id) {
                    assign::enqueue_assigned(conn, &id, assignee, &staff.name)?;
                }
            }
            Ok(outcome)
        })
        .await?;
    let found =
        match outcome {
            AssignOutcome::NoLead => false,
            AssignOutcome::NoAccount => return Err(field_error(
                "to",
                "There is no such account (it may have been removed): choose someone on the team."
                    .into(),
            )),
            AssignOutcome::CannotSee(name) => {
                return Err(field_error(
                    "to",
                    format!(
                        "{name} cannot see {}: choose someone whose role includes them.",
                        list.area().label()
                    ),
                ))
            }
            AssignOutcome::Assigned { .. } => true,
        };
    changed(&call.state, list, lead, found).await
}

/// `POST {list}/{id}/follow-up`: sets or clears the lead's follow-up day, and answers the
/// item as `GET {list}/{id}` would (404 if the lead is not in this list).
pub(super) async fn follow_up(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let lead = call.param("id").to_owned();
    let form: FollowUpForm = call.json().await?;
    let day = parse_follow_up(form.follow_up.as_deref())
        .map_err(invalid)?
        .map(|day| day.to_string());
    let id = lead.clone();
    let found = call
        .state
        .db
        .write(move |conn| -> Result<bool, StoreError> {
            let found = assign::set_follow_up(conn, list, &id, day.as_deref())?;
            if found {
                let subject = format!("{} {id}", list.item());
                let (action, detail) = match &day {
                    Some(day) => ("set follow-up", day.as_str()),
                    None => ("cleared follow-up", ""),
                };
                audit::record(conn, &staff.audit(action, &subject, detail))?;
            }
            Ok(found)
        })
        .await?;
    changed(&call.state, list, lead, found).await
}

/// `GET` and `PUT /api/staff/account/digest`.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DigestSetting {
    /// The morning digest mail: at 08:00 in the office's time zone.
    on: bool,
}

pub(super) async fn digest(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let on = call
        .state
        .db
        .read(move |conn| Ok(assign::digest_on(conn, staff.id)?))
        .await?;
    Ok(warp::reply::json(&DigestSetting { on }).into_response())
}

pub(super) async fn set_digest(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: DigestSetting = call.json().await?;
    let on = form.on;
    call.state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            assign::set_digest(conn, staff.id, on)?;
            let detail = if on { "on" } else { "off" };
            audit::record(conn, &staff.audit("morning digest", "", detail))?;
            Ok(())
        })
        .await?;
    Ok(warp::reply::json(&DigestSetting { on }).into_response())
}
