//! The links in subscriber mail (double opt-in and unsubscribe):
//!
//! - `POST /api/corp_website/subscribers/confirm` `{"token"}`: the confirmation page posts the
//!   token of its link; 200 with a message, or 400 saying what is wrong with the link.
//! - `POST /api/corp_website/subscribers/unsubscribe` `{"token"}`: the unsubscribe page's one
//!   button.
//! - `POST /blogs/unsubscribe?token=` (RFC 8058 one-click): what a mail client's own
//!   "Unsubscribe" button posts, from the mail provider's servers, with no page in between.
//!
//! Tokens are checked in constant time (`domain::mail_token`); a wrong, expired or reused
//! link gets a clear answer, never a 5xx.

use std::net::IpAddr;

use serde::{Deserialize, Serialize};
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::domain::mail_token;
use crate::http::plumbing::body::Body;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::json_body::read_json;
use crate::http::state::AppState;
use crate::store::subscriptions::{self, Confirmation};
use crate::store::{outbox, StoreError};

const CONFIRMED: &str = "Your subscription is confirmed: new stories will reach you by mail.";
const ALREADY_CONFIRMED: &str = "Your subscription was already confirmed.";
const INVALID_LINK: &str =
    "This link is not valid. Copy the whole link from the mail, or subscribe again.";
const EXPIRED_LINK: &str =
    "This confirmation link has expired. Subscribe again on the blog page to get a new one.";

/// The body of the two JSON posts.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(optional_fields))]
pub(crate) struct TokenForm {
    token: Option<String>,
    /// An unsubscribe link from a story mail names the story (its blog slug), so the
    /// story's mail counts know who left through it; links without it work the same.
    story: Option<String>,
}

/// The answer of the three posts.
#[derive(Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MessageBody {
    message: String,
}

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let confirm = state.form_post(
        warp::path!("corp_website" / "subscribers" / "confirm").boxed(),
        confirm,
    );
    let unsubscribe = state.form_post(
        warp::path!("corp_website" / "subscribers" / "unsubscribe").boxed(),
        unsubscribe_by_form,
    );
    confirm.or(unsubscribe).unify().boxed()
}

/// `POST /blogs/unsubscribe?token=`: RFC 8058's one-click post. Not behind the per-client
/// form limit: the posts come from a few mail providers' servers, and the token is the
/// proof. A limit of its own, thirty times the forms' (300 a minute by default), still keeps
/// one client from making the server check tokens without end.
pub fn one_click(state: &AppState) -> BoxedFilter<(Response,)> {
    let raw_query = crate::http::plumbing::filters::raw_query();
    warp::path!("blogs" / "unsubscribe")
        .and(warp::post())
        .and(state.filter())
        .and(state.client())
        .and(raw_query)
        .then(
            |state: AppState, client: IpAddr, query: String| async move {
                let value = |name: &str| {
                    form_urlencoded::parse(query.as_bytes())
                        .find(|(key, _)| key == name)
                        .map(|(_, value)| value.into_owned())
                };
                let (token, story) = (value("token"), value("story"));
                error::reply(
                    async {
                        state.unsubscribe_limit.check(client)?;
                        state.check_writable()?;
                        unsubscribe(&state, token, story).await
                    }
                    .await,
                )
            },
        )
        .boxed()
}

async fn confirm(
    state: AppState,
    _client: IpAddr,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let form: TokenForm = read_json(&headers, body).await?;
    let token = form.token.unwrap_or_default();
    let outcome = state
        .db
        .write(move |conn| subscriptions::confirm(conn, &token).map_err(StoreError::from))
        .await?;
    match outcome {
        Confirmation::Confirmed => Ok(message(CONFIRMED)),
        Confirmation::AlreadyConfirmed => Ok(message(ALREADY_CONFIRMED)),
        Confirmation::Expired => Err(ApiError::BadRequest(EXPIRED_LINK.into())),
        Confirmation::Invalid => Err(ApiError::BadRequest(INVALID_LINK.into())),
    }
}

async fn unsubscribe_by_form(
    state: AppState,
    _client: IpAddr,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let form: TokenForm = read_json(&headers, body).await?;
    unsubscribe(&state, form.token, form.story).await
}

async fn unsubscribe(
    state: &AppState,
    token: Option<String>,
    story: Option<String>,
) -> Result<Response, ApiError> {
    let token = token.unwrap_or_default();
    let left = state
        .db
        .write(move |conn| {
            let key = outbox::link_key(conn)?;
            match mail_token::verify_unsubscribe(&key, &token) {
                Some(id) => subscriptions::unsubscribe(conn, id, story.as_deref()),
                None => Ok(None),
            }
            .map_err(StoreError::from)
        })
        .await?;
    match left {
        // The link came in that address's mail: naming it tells the holder nothing new, and
        // tells a person with several addresses which one left.
        Some(email) => Ok(message(&format!(
            "{email} is unsubscribed: no more blog updates will be sent to this address."
        ))),
        None => Err(ApiError::BadRequest(INVALID_LINK.into())),
    }
}

fn message(text: &str) -> Response {
    let body = MessageBody {
        message: text.to_owned(),
    };
    warp::reply::with_status(warp::reply::json(&body), StatusCode::OK).into_response()
}
