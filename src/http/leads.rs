//! `POST /api/clients/create` (JSON): contact enquiries and blog subscriptions, behind the
//! per-client form limit. Answers 201 `{"message","data":{"_id"}}` only after the row has
//! committed.
//!
//! The hidden honeypot field is `website`: when it holds text the post is from a robot, and
//! it is answered 201 like any other while nothing is stored.

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::reply::Response;
use warp::Filter;

use super::body::Body;
use super::error::ApiError;
use super::json_body::read_json;
use super::reply::{created, invalid, new_lead_id};
use super::{form_post, AppState};
use crate::domain::enquiry::{EnquiryForm, NewEnquiry};
use crate::store::{leads, StoreError};

const ENQUIRY_RECEIVED: &str = "Your query was submitted successfully.";
const SUBSCRIBED: &str = "You are subscribed to our blog updates.";

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    form_post(
        state,
        warp::path!("clients" / "create").boxed(),
        create_enquiry,
    )
}

async fn create_enquiry(
    state: AppState,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let form: EnquiryForm = read_json(&headers, body).await?;
    let parsed = NewEnquiry::parse(&form);
    if form.is_from_a_robot() {
        tracing::info!("honeypot filled: enquiry dropped");
        let message = match parsed {
            Ok(NewEnquiry::Subscription(_)) => SUBSCRIBED,
            _ => ENQUIRY_RECEIVED,
        };
        return Ok(created(message, new_lead_id()?.as_str()));
    }
    let enquiry = parsed.map_err(invalid)?;
    let id = new_lead_id()?;
    let (message, stored_id) = state
        .db
        .write(move |conn| -> Result<_, StoreError> {
            Ok(match &enquiry {
                NewEnquiry::Contact(contact) => {
                    leads::insert_contact(conn, &id, contact)?;
                    (ENQUIRY_RECEIVED, id.to_string())
                }
                NewEnquiry::Subscription(subscription) => {
                    (SUBSCRIBED, leads::subscribe(conn, &id, subscription)?)
                }
            })
        })
        .await?;
    Ok(created(message, &stored_id))
}
