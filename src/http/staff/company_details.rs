//! The company's details for the office (area company):
//!
//! - `GET /api/staff/settings`: `{"data", "demo", "saved_at", "saved_by"}` (`saved_by`: the account's name).
//! - `PUT /api/staff/settings` `CompanyDetails`: checks every field (422 naming each bad one,
//!   nothing saved), then saves them as an import does (`office::company_details::save`: the
//!   audit entry naming the changed fields in the same transaction); answers as the GET does.
//!   The public answer (`public_api::company_details`) follows when the content version
//!   moves.

use bytes::Bytes;
use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::domain::company_details::{CompanyDetails, CompanyDetailsForm};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json_bytes};
use crate::http::public_api::company_details_cache::read;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::office;
use crate::office::company_details::{SaveError, Saving, FROM_THE_SCREEN};
use crate::store::company_details::StoredDetails;

/// The staff screen's answer: the details and where they came from.
#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct StaffCompanyDetailsBody<'a> {
    #[schema(value_type = CompanyDetailsForm)]
    #[cfg_attr(test, ts(as = "CompanyDetailsForm"))]
    data: &'a CompanyDetails,
    /// Nothing was saved yet: these are the demo details shipped with the site.
    demo: bool,
    saved_at: Option<&'a str>,
    /// The name of the account that saved last (its email if the account is gone, or
    /// "command line").
    saved_by: Option<&'a str>,
}

pub(super) async fn staff_read(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let stored = read(&call.state.db).await?;
    details_reply(&stored)
}

pub(super) async fn staff_save(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: CompanyDetailsForm = call.json().await?;
    let state = call.state;
    let details = CompanyDetails::parse(form).map_err(invalid)?;
    let saving = Saving {
        details,
        images: Vec::new(),
        from: FROM_THE_SCREEN.to_owned(),
    };
    state
        .run_office(move |db, data_dir| {
            office::company_details::save(db, data_dir, staff.actor(), saving)
        })
        .await?
        .map_err(|err| match err {
            SaveError::Store(err) => err.into(),
            err => ApiError::unexpected(err),
        })?;
    let stored = read(&state.db).await?;
    // Visits are counted by the office's days: a new time zone counts from now on.
    state.visits.set_zone(
        stored.details.office_zone(),
        jiff::Timestamp::now().as_second(),
    );
    details_reply(&stored)
}

fn details_reply(stored: &StoredDetails) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(&StaffCompanyDetailsBody {
        data: &stored.details,
        demo: stored.demo,
        saved_at: stored.saved_at.as_deref(),
        saved_by: stored.saved_by.as_deref(),
    })
    .map_err(ApiError::unexpected)?;
    Ok(json_bytes(StatusCode::OK, Bytes::from(body)))
}
