//! The lead forms, behind one per-client rate limit:
//! `POST /api/clients/create` (JSON: contact enquiries and blog subscriptions) and
//! `POST /api/applicant/create` (multipart: job applications, see `applicants`).
//! Each answers 201 `{"message","data":{"_id"}}` only after its row has committed.
//!
//! The hidden honeypot field is `website`: when it holds text the post is from a robot, and
//! it is answered 201 like any other while nothing is stored.

use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

use super::applicants;
use super::error::{self, ApiError};
use super::json_body::json_body;
use super::rate_limit;
use super::AppState;
use crate::domain::enquiry::{EnquiryForm, NewEnquiry};
use crate::domain::fields::FieldErrors;
use crate::domain::lead_id::LeadId;
use crate::store::leads;

const ENQUIRY_RECEIVED: &str = "Your query was submitted successfully.";
const SUBSCRIBED: &str = "You are subscribed to our blog updates.";

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let settings = &state.settings;
    let limit = rate_limit::limit(
        settings.rate_limit_per_minute,
        settings.trusted_proxies.clone(),
    );
    let state = state.clone();
    let with_state = warp::any().map(move || state.clone());

    let enquiries = limit
        .clone()
        .and(with_state.clone())
        .and(json_body::<EnquiryForm>(settings.body_idle_timeout))
        .and_then(create_enquiry);
    let applications = limit
        .and(with_state)
        .and(warp::header::optional::<String>("content-type"))
        .and(warp::header::optional::<u64>("content-length"))
        .and(warp::body::stream())
        .and_then(applicants::create_applicant);
    post_endpoint(warp::path!("clients" / "create").boxed(), enquiries.boxed())
        .or(post_endpoint(
            warp::path!("applicant" / "create").boxed(),
            applications.boxed(),
        ))
        .unify()
        .boxed()
}

/// Once `path` matches, this answers every outcome itself, errors (and other methods, 405)
/// included, so what a form post gets never depends on how warp ranks its rejections
/// against those of the other API areas.
fn post_endpoint(
    path: BoxedFilter<()>,
    handler: BoxedFilter<(Response,)>,
) -> BoxedFilter<(Response,)> {
    path.and(warp::post().and(handler).recover(error::recover).unify())
        .boxed()
}

async fn create_enquiry(state: AppState, form: EnquiryForm) -> Result<Response, Rejection> {
    let parsed = NewEnquiry::parse(&form);
    if form.is_from_a_robot() {
        tracing::info!("honeypot filled: enquiry dropped");
        let message = match parsed {
            Ok(NewEnquiry::Subscription(_)) => SUBSCRIBED,
            _ => ENQUIRY_RECEIVED,
        };
        return Ok(created(message, &new_id()?.to_string()));
    }
    let enquiry = parsed.map_err(|errors| reject(invalid(errors)))?;
    let id = new_id()?;
    let (message, stored_id) = state
        .db
        .write(move |conn| match &enquiry {
            NewEnquiry::Contact(contact) => leads::insert_contact(conn, &id, contact)
                .map(|()| (ENQUIRY_RECEIVED, id.to_string())),
            NewEnquiry::Subscription(subscription) => {
                leads::subscribe(conn, &id, subscription).map(|stored| (SUBSCRIBED, stored))
            }
        })
        .await
        .map_err(|err| reject(err.into()))?
        .map_err(|err| reject(ApiError::unexpected(err)))?;
    Ok(created(message, &stored_id))
}

/// 201 with the stored (or, for a robot, a made-up) id.
pub(super) fn created(message: &str, id: &str) -> Response {
    let body = serde_json::json!({ "message": message, "data": { "_id": id } });
    warp::reply::with_status(warp::reply::json(&body), StatusCode::CREATED).into_response()
}

pub(super) fn invalid(errors: FieldErrors) -> ApiError {
    ApiError::Validation {
        message: "Please correct the fields listed in errors.".into(),
        errors: errors.into_map(),
    }
}

pub(super) fn new_id() -> Result<LeadId, Rejection> {
    LeadId::generate().map_err(|err| reject(ApiError::unexpected(err)))
}

pub(super) fn reject(err: ApiError) -> Rejection {
    warp::reject::custom(err)
}
