//! `GET /api/form-proof?form=enquiry|application`: a new proof-of-work challenge for the
//! client's next post of that form (`domain::form_proof` says what it is and how it is
//! answered; `plumbing::form_proof` keeps the key, the answers taken and the difficulty).
//!
//! Never cached (each is new, and its difficulty is this client's). A sister site named in
//! `--allowed-origins` reads it with CORS like the form's own answer (a plain GET needs no
//! preflight); other sites' pages are refused (403) as their posts are.

use std::net::IpAddr;

use serde::Serialize;
use warp::filters::BoxedFilter;
use warp::http::{header, HeaderMap, HeaderValue, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::domain::form_proof::ProofForm;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::filters::{get_or_head, raw_query};
use crate::http::plumbing::origin;
use crate::http::plumbing::reply::json;
use crate::http::state::AppState;

/// A challenge as the API gives it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[schema(
    description = "A proof-of-work challenge: find a decimal `nonce` such that SHA-256 of \
                        the text `{challenge}.{nonce}` starts with at least `bits` zero bits, \
                        then post the form with the header `Form-Proof: \
                        {challenge}.{nonce}.{ms}` (`ms`: how long the solving took, a whole \
                        number). Each challenge is for one post of its form, before `expires_at`."
)]
pub struct ChallengeBody {
    /// The signed token to hash, as given (`v1.<form>.<expires>.<bits>.<salt>.<mac>`).
    pub challenge: String,
    /// How many leading zero bits the hash needs: each one doubles the expected work.
    pub bits: u8,
    /// When the challenge stops being accepted (RFC 3339, UTC).
    pub expires_at: String,
    /// The header the answer goes in: `Form-Proof`.
    pub header: &'static str,
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    warp::path!("form-proof")
        .and(get_or_head())
        .and(state.filter())
        .and(state.client())
        .and(warp::header::headers_cloned())
        .and(raw_query())
        .map(
            |state: AppState, client: IpAddr, headers: HeaderMap, query: String| {
                let verdict = match state.origins.check(&headers) {
                    Ok(verdict) => verdict,
                    Err(err) => return err.into_response(),
                };
                let mut response = error::reply(challenge(&state, client, &query));
                origin::allow(&mut response, &verdict);
                response
            },
        )
        .boxed()
}

fn challenge(state: &AppState, client: IpAddr, query: &str) -> Result<Response, ApiError> {
    let form = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("form="))
        .and_then(ProofForm::parse)
        .ok_or_else(|| {
            ApiError::BadRequest("Say which form: ?form=enquiry or ?form=application.".into())
        })?;
    let (challenge, token) = state.form_proofs.challenge(form, client)?;
    let expires_at = jiff::Timestamp::from_second(i64::try_from(challenge.expires).unwrap_or(0))
        .map_err(ApiError::unexpected)?;
    let mut response = json(
        StatusCode::OK,
        &ChallengeBody {
            challenge: token,
            bits: challenge.bits,
            expires_at: expires_at.to_string(),
            header: "Form-Proof",
        },
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
