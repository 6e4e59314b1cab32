//! `GET /api/staff/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD` (area analytics): what visitors
//! did over a period of office days (the last 30 by default, two years at most) and the
//! period of the same length before it: views, visitors and visits, each day's counts, and
//! the top pages, stories, referring sites, sources, campaigns, entry pages and screens; and
//! the leads that arrived (enquiries, subscriptions, applications) by source, campaign,
//! referring site, landing page and story read, beside the visitors each brought, so the
//! office sees what turns visitors into leads; and the forms' posts refused by the proof of
//! work each day beside those accepted (the spam share), with the p95 of the accepted leads'
//! solving times.
//! Read from the roll-ups only (the visits' and the leads': whole months and the edge days,
//! `store::analytics::roll_ups`), so a year answers about as fast as a month; today's
//! counts are at most ten seconds old. A bad date is 422 naming `from` or `to`.

use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::domain::analytics::report::ReportRange;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::store::analytics::lead_sources::{self, LeadLine};
use crate::store::analytics::refusals::{self, PostDay};
use crate::store::analytics::visits::{self, DayCount, Line, Totals};

/// A period's report.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct AnalyticsBody {
    /// The period's first and last office days (YYYY-MM-DD).
    from: String,
    to: String,
    /// The period of the same length just before it.
    previous_from: String,
    previous_to: String,
    #[cfg_attr(test, ts(type = "VisitTotals"))]
    totals: Totals,
    #[cfg_attr(test, ts(type = "VisitTotals"))]
    previous: Totals,
    /// Every day of the period, a day without views at 0.
    #[cfg_attr(test, ts(type = "Array<VisitDay>"))]
    days: Vec<DayCount>,
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    pages: Vec<Line>,
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    stories: Vec<Line>,
    /// Referring sites' origins (a visit's first page's).
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    referrers: Vec<Line>,
    /// `utm_source` (or `ref`) of a visit's first page.
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    sources: Vec<Line>,
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    campaigns: Vec<Line>,
    /// The pages visits began on.
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    entries: Vec<Line>,
    /// mobile, tablet, desktop.
    #[cfg_attr(test, ts(type = "Array<VisitLine>"))]
    devices: Vec<Line>,
    leads: LeadCounts,
    proof: ProofCounts,
    /// How fast enquiries and applicants were first answered: per department and office
    /// week, the median and 90th percentile wait and how many waited over a working day.
    first_replies: Vec<crate::domain::reply::FirstReplyWeek>,
}

/// The forms' posts of a period and the proof of work: refused (spam, `form_refusal_days`)
/// and accepted (leads), and how long the accepted leads' browsers took to solve it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ProofCounts {
    /// The days with a refused or an accepted post, in order (a day with neither left out).
    #[cfg_attr(test, ts(type = "Array<FormPostDay>"))]
    days: Vec<PostDay>,
    /// The period's sums of `days`.
    refused: i64,
    accepted: i64,
    /// The 95th percentile of the solving times of the period's leads that passed the proof,
    /// in milliseconds; null without one.
    solve_p95_ms: Option<i64>,
    /// How many solving times it is read from.
    solved: usize,
}

/// The period's form posts and solving times.
fn proof_counts(
    conn: &rusqlite::Connection,
    from: &str,
    to: &str,
) -> Result<ProofCounts, crate::store::StoreError> {
    let days = refusals::per_day(conn, from, to)?;
    let times = refusals::solve_times(conn, from, to)?;
    Ok(ProofCounts {
        refused: days.iter().map(|day| day.refused).sum(),
        accepted: days.iter().map(|day| day.accepted).sum(),
        days,
        solve_p95_ms: refusals::p95(&times),
        solved: times.len(),
    })
}

/// The leads of a period, and what brought them: each list's lines by leads, with the
/// visitors of the same value (conversion is leads per 100 of them).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct LeadCounts {
    /// Leads that arrived in the period, and in the period before it.
    total: i64,
    previous: i64,
    /// `utm_source` (or `ref`) of the visit's landing.
    #[cfg_attr(test, ts(type = "Array<LeadLine>"))]
    sources: Vec<LeadLine>,
    #[cfg_attr(test, ts(type = "Array<LeadLine>"))]
    campaigns: Vec<LeadLine>,
    /// Referring sites' origins.
    #[cfg_attr(test, ts(type = "Array<LeadLine>"))]
    referrers: Vec<LeadLine>,
    /// The visit's first page.
    #[cfg_attr(test, ts(type = "Array<LeadLine>"))]
    landings: Vec<LeadLine>,
    /// Stories read before the lead was sent.
    #[cfg_attr(test, ts(type = "Array<LeadLine>"))]
    stories: Vec<LeadLine>,
}

pub(super) async fn report(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    let Call { state, query, .. } = call;
    let (mut from, mut to) = (None, None);
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "from" => from = Some(value.into_owned()),
            "to" => to = Some(value.into_owned()),
            _ => {}
        }
    }
    let zone = state.office_zone().await?;
    let today = jiff::Timestamp::now()
        .to_zoned(zone.time_zone().clone())
        .date();
    let range = ReportRange::parse(from.as_deref(), to.as_deref(), today).map_err(invalid)?;
    // The period's first instant and the one after its last day, as times are stored.
    let (first_instant, after_instant) = (
        zone.day_start(&range.from.to_string()).unwrap_or_default(),
        range
            .to
            .tomorrow()
            .ok()
            .and_then(|day| zone.day_start(&day.to_string()))
            .unwrap_or_default(),
    );
    let body = state
        .db
        .read(move |conn| {
            let (from, to) = (range.from.to_string(), range.to.to_string());
            let (previous_from, previous_to) = (
                range.previous_from.to_string(),
                range.previous_to.to_string(),
            );
            let counted = visits::per_day(conn, &from, &to)?;
            let mut counted = counted.into_iter().peekable();
            let days = range
                .days()
                .into_iter()
                .map(|day| {
                    let day = day.to_string();
                    match counted.next_if(|count| count.day == day) {
                        Some(count) => count,
                        None => DayCount {
                            day,
                            views: 0,
                            visitors: 0,
                        },
                    }
                })
                .collect();
            let top = |kind: &str| visits::top(conn, kind, &from, &to);
            let tops = lead_sources::tops(conn, &from, &to)?;
            let answered =
                crate::store::replies::answered_between(conn, &first_instant, &after_instant)?;
            let waited: Vec<crate::domain::reply::Waited<'_>> = answered
                .iter()
                .map(|lead| crate::domain::reply::Waited {
                    department: &lead.department,
                    created_at: &lead.created_at,
                    first_reply_at: lead.first_reply_at.as_deref(),
                })
                .collect();
            let first_replies =
                crate::domain::reply::first_reply_weeks(&waited, &zone, jiff::Timestamp::now());
            Ok(AnalyticsBody {
                first_replies,
                totals: visits::totals(conn, &from, &to)?,
                previous: visits::totals(conn, &previous_from, &previous_to)?,
                days,
                pages: top("page")?,
                stories: top("story")?,
                referrers: top("referrer")?,
                sources: top("source")?,
                campaigns: top("campaign")?,
                entries: top("entry")?,
                devices: top("device")?,
                leads: LeadCounts {
                    total: lead_sources::count(conn, &from, &to)?,
                    previous: lead_sources::count(conn, &previous_from, &previous_to)?,
                    sources: tops.sources,
                    campaigns: tops.campaigns,
                    referrers: tops.referrers,
                    landings: tops.landings,
                    stories: tops.stories,
                },
                proof: proof_counts(conn, &from, &to)?,
                from,
                to,
                previous_from,
                previous_to,
            })
        })
        .await?;
    Ok(warp::reply::with_status(warp::reply::json(&body), StatusCode::OK).into_response())
}
