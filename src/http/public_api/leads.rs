//! `POST /api/clients/create` (JSON): contact enquiries and blog subscriptions, behind the
//! per-client form limit. Answers 201 `{"message","data":{"_id"}}` only after the row has
//! committed.
//!
//! Beside its fields a post may carry `source`, where the visitor's visit came from
//! (`domain::analytics::lead_source`), stored with the lead; a bad one is dropped, never refused.
//!
//! Each post carries its proof of work (`Form-Proof`, checked and taken by
//! `AppState::lead_post` before the body is read: without a valid one, 403, nothing stored
//! and no mail); the lead records that it passed and how long the solving took.
//!
//! The hidden honeypot field is `website`: when it holds text the post is from a robot, and
//! it is answered exactly like any other (422 for bad fields, else 201 after the same work)
//! while nothing is stored.

use std::net::IpAddr;

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::reply::Response;
use warp::Filter;

use crate::domain::analytics::lead_source::LeadSource;
use crate::domain::enquiry::{EnquiryForm, NewEnquiry};
use crate::domain::form_proof::ProofForm;
use crate::domain::mail_token::ConfirmSecret;
use crate::http::plumbing::body::{header_text, Body};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::form_proof::Proof;
use crate::http::plumbing::json_body::read_json;
use crate::http::plumbing::rate_limit;
use crate::http::plumbing::reply::{created, invalid, new_lead_id};
use crate::http::site::assets::public_page;
use crate::http::state::AppState;
use crate::metrics::LeadKind;
use crate::store::leads::LeadTable;
use crate::store::{leads, StoreError};

const ENQUIRY_RECEIVED: &str = "Your query was submitted successfully.";
/// True whatever the address's state (the answer must not tell whether it is on file): a
/// new or returning address is mailed a link, one mailed within the hour has its link, and a
/// confirmed one is subscribed already.
const SUBSCRIBED: &str = "Please confirm with the link we mail to this address. If it is subscribed already, nothing changes.";

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    state.lead_post(
        warp::path!("clients" / "create").boxed(),
        ProofForm::Enquiry,
        create_enquiry,
    )
}

async fn create_enquiry(
    state: AppState,
    client: IpAddr,
    headers: HeaderMap,
    body: Body,
    proof: Proof,
) -> Result<Response, ApiError> {
    let started = tokio::time::Instant::now();
    let form: EnquiryForm = read_json(&headers, body).await?;
    // A robot's bad fields get the same 422 as a person's: a different answer would tell it
    // which field is the honeypot.
    let enquiry = NewEnquiry::parse(&form).map_err(invalid)?;
    let (message, kind) = match enquiry {
        NewEnquiry::Contact(_) => (ENQUIRY_RECEIVED, LeadKind::Enquiry),
        NewEnquiry::Subscription(_) => (SUBSCRIBED, LeadKind::Subscription),
    };
    // Every 201 carries the id this request generated: a new row's, or, for a repeated
    // subscription, one that is stored nowhere (the row on file keeps its own). Ids are
    // random, so the answer tells no one whether the address was subscribed already.
    let id = new_lead_id()?;
    let answer_id = id.to_string();
    let client_block = rate_limit::client_block(client).to_string();
    let client = client.to_string();
    let confirm = ConfirmSecret::generate().map_err(ApiError::unexpected)?;
    // Where the visit came from: checked and bounded, a bad part dropped, never a refusal.
    let source = LeadSource::check(
        form.source.as_ref(),
        public_page,
        header_text(&headers, warp::http::header::ORIGIN),
    );
    let store = move |conn: &_| {
        leads::insert_enquiry(
            conn,
            &id,
            &enquiry,
            &client,
            &client_block,
            &source,
            &confirm,
        )?;
        leads::record_proof(
            conn,
            LeadTable::Enquiries,
            &id,
            proof.as_str(),
            proof.solve_ms(),
        )
        .map_err(StoreError::from)
    };
    if form.is_from_a_robot() {
        // A robot's post does a real post's work on the writer and has it undone there
        // (`Db::rehearse`), so its answer takes as long as a real one's and the honeypot
        // cannot be told by timing; nothing is stored.
        tracing::info!("honeypot filled: enquiry dropped");
        state.db.rehearse(store).await?;
    } else {
        state.db.write(store).await?;
        state.metrics.lead_received(kind);
    }
    if kind == LeadKind::Subscription {
        // A new address and one on file take different writes (a row and a confirmation
        // mail, or a rehearsal undone; a mail only if none went out within the hour), so
        // their times differ by a fraction of a millisecond, enough to tell who is
        // subscribed. Every subscription is answered at the same moment after it arrived,
        // far beyond either.
        tokio::time::sleep_until(started + SUBSCRIPTION_ANSWER_AFTER).await;
    }
    Ok(created(message, &answer_id))
}

/// When a subscription is answered, counted from its arrival: well past the time its write
/// takes on a loaded VM, short enough that no visitor notices.
pub const SUBSCRIPTION_ANSWER_AFTER: std::time::Duration = std::time::Duration::from_millis(40);
