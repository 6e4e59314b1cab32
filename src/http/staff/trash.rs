//! `/api/staff/trash...`: what the inbox's erases and the stories' deletions put in the
//! trash, for the days the owners set (30 unless they set another).
//!
//! - `GET trash`: the items of the lists and the stories the session reaches, newest first
//!   (at most `LISTED`), with `total` and the trash's `days`
//! - `POST trash/{kind}/{id}/restore`: back exactly as it was -> 200 with the item; 404 when
//!   it is not in the trash, 409 when a story took its address meanwhile
//! - `DELETE trash/{kind}/{id}`: erased for good now, with its files -> 204
//! - `PUT trash/days` `{days}`: how long the trash keeps (owners: the team's area), 1 to 365
//!
//! `kind` is `enquiries`, `subscribers`, `applicants` or `stories`: an item of a kind the
//! session's roles do not reach is answered as not there.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::fields::FieldErrors;
use crate::domain::roles::Area;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::office::trash as operations;
use crate::store::trash::{self, Kind, Refused};
use crate::store::StoreError;

/// How many items the list shows at most (the newest).
const LISTED: u32 = 500;

const NOT_IN_TRASH: &str =
    "This item is not in the trash (it may have been restored or erased already).";

/// The area that reaches items of `kind`.
fn area(kind: Kind) -> Area {
    match kind {
        Kind::Lead(list) => list.area(),
        Kind::Stories => Area::Stories,
    }
}

/// One item of the trash.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TrashItem"))]
pub(crate) struct ItemJson {
    #[cfg_attr(
        test,
        ts(type = "'enquiries' | 'subscribers' | 'applicants' | 'stories'")
    )]
    kind: &'static str,
    id: String,
    /// A lead's name (or address), a story's title.
    title: String,
    deleted_by: String,
    deleted_at: String,
    /// When it leaves the trash for good.
    erased_at: String,
}

/// `GET /api/staff/trash`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TrashBody {
    items: Vec<ItemJson>,
    /// How many the trash holds of what the session reaches (the list shows the newest).
    total: u64,
    days: u32,
    /// Whether this session may set the days (an owner's).
    may_set_days: bool,
}

/// `PUT /api/staff/trash/days`.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TrashDays {
    #[cfg_attr(test, ts(type = "number"))]
    days: serde_json::Value,
}

/// What a restore answers: the item, back where it was.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TrashRestored {
    #[cfg_attr(
        test,
        ts(type = "'enquiries' | 'subscribers' | 'applicants' | 'stories'")
    )]
    kind: &'static str,
    id: String,
    title: String,
}

pub(super) async fn list(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|kind| staff.roles.may(area(*kind)))
        .collect();
    let may_set_days = staff.roles.may(Area::Team);
    let (lines, total, days) = call
        .state
        .db
        .read(move |conn| {
            let (lines, total) = trash::list(conn, &kinds, LISTED)?;
            Ok((lines, total, trash::days(conn)?))
        })
        .await?;
    let items = lines
        .into_iter()
        .map(|line| ItemJson {
            kind: line.kind.as_str(),
            id: line.id,
            title: line.title,
            deleted_by: line.deleted_by,
            deleted_at: line.deleted_at,
            erased_at: line.erased_at,
        })
        .collect();
    Ok(json(
        StatusCode::OK,
        &TrashBody {
            items,
            total,
            days,
            may_set_days,
        },
    ))
}

/// The path's kind, when the session reaches it; otherwise the item is not there for it.
fn reached(call: &Call, staff: &Staff) -> Result<Kind, ApiError> {
    Kind::parse(call.param("kind"))
        .filter(|kind| staff.roles.may(area(*kind)))
        .ok_or_else(|| ApiError::NotFound(NOT_IN_TRASH.into()))
}

pub(super) async fn restore(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let kind = reached(&call, &staff)?;
    let id = call.param("id").to_owned();
    let actor = staff.actor();
    let restored = call
        .state
        .run_office(move |db, _| operations::restore(db, actor, kind, id))
        .await??;
    match restored {
        Ok(restored) => Ok(json(
            StatusCode::OK,
            &TrashRestored {
                kind: restored.kind.as_str(),
                id: restored.id,
                title: restored.title,
            },
        )),
        Err(Refused::NotFound) => Err(ApiError::NotFound(NOT_IN_TRASH.into())),
        Err(Refused::Taken) => Err(ApiError::Conflict(
            "A story published since has this address: rename or delete that one first, then restore this."
                .into(),
        )),
    }
}

pub(super) async fn erase(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let kind = reached(&call, &staff)?;
    let id = call.param("id").to_owned();
    let actor = staff.actor();
    let found = call
        .state
        .run_office(move |db, data_dir| operations::erase_now(db, data_dir, actor, kind, id))
        .await??;
    if !found {
        return Err(ApiError::NotFound(NOT_IN_TRASH.into()));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

pub(super) async fn set_days(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: TrashDays = call.json().await?;
    let days = form
        .days
        .as_u64()
        .and_then(|days| u32::try_from(days).ok())
        .filter(|days| (1..=trash::MAX_DAYS).contains(days));
    let Some(days) = days else {
        let errors = FieldErrors::one(
            "days",
            format!(
                "Choose a whole number of days from 1 to {}.",
                trash::MAX_DAYS
            ),
        );
        return Err(invalid(errors));
    };
    let actor = staff.actor();
    call.state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            trash::set_days(conn, days)?;
            crate::store::audit::record(
                conn,
                &actor.audit("set the trash's days", "the trash", &days.to_string()),
            )?;
            Ok(())
        })
        .await?;
    Ok(json(StatusCode::OK, &TrashDays { days: days.into() }))
}
