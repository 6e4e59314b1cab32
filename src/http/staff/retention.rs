//! `GET/PUT /api/staff/retention`: how long each list of the inbox keeps a lead once its
//! purpose is served (the owners': the team's area). `PUT` takes `{months: {LIST: n|null}}`
//! (1 to 120 months, null to keep) and answers as `GET` does: every list's rule, what it
//! counts from, and how many leads are past the rules now (the day's erasure takes them).

use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::domain::retention::{counted_from, RulesForm};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::office::retention as operations;
use crate::store::retention;

/// One list's rule.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RetentionRule"))]
pub(crate) struct RuleJson {
    #[cfg_attr(test, ts(type = "'enquiries' | 'subscribers' | 'applicants'"))]
    list: &'static str,
    /// Months after `counted_from`; null: kept until erased by hand.
    months: Option<u32>,
    counted_from: &'static str,
}

/// `GET /api/staff/retention`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct RetentionBody {
    rules: Vec<RuleJson>,
    /// Leads past the rules now, which the day's erasure takes.
    past: u64,
}

async fn answer(state: &AppState) -> Result<Response, ApiError> {
    let (rules, past) = state
        .db
        .read(|conn| Ok((retention::rules(conn)?, retention::past_count(conn)?)))
        .await?;
    let rules = rules
        .into_iter()
        .map(|rule| RuleJson {
            list: rule.list.name(),
            months: rule.months,
            counted_from: counted_from(rule.list),
        })
        .collect();
    Ok(json(StatusCode::OK, &RetentionBody { rules, past }))
}

pub(super) async fn read(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    answer(&call.state).await
}

pub(super) async fn save(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: RulesForm = call.json().await?;
    let rules = form.parse().map_err(invalid)?;
    let actor = staff.actor();
    call.state
        .run_office(move |db, _| operations::set_rules(db, actor, rules))
        .await??;
    answer(&call.state).await
}
