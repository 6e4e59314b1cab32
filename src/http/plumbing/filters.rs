//! The filters the areas build their routes from: the read methods, the query string, and
//! a form's post with everything a form gets before its handler runs.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;

use warp::filters::BoxedFilter;
use warp::http::HeaderMap;
use warp::reply::Response;
use warp::Filter;

use crate::http::plumbing::{body, error, origin};
use crate::http::state::AppState;

/// GET, or HEAD (hyper sends HEAD answers without their body).
pub fn get_or_head() -> BoxedFilter<()> {
    warp::get().or(warp::head()).unify().boxed()
}

/// A form's `POST` at `path`: refused from other sites (403; CORS for allowed ones), one
/// token of the client's form limit (429 without one), then `handler` with the client's
/// address, the request's headers and body. `OPTIONS` at `path` answers allowed sites' CORS preflight.
pub fn form_post<F, Fut>(
    state: &AppState,
    path: BoxedFilter<()>,
    handler: F,
) -> BoxedFilter<(Response,)>
where
    F: Fn(AppState, IpAddr, HeaderMap, body::Body) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<Response, error::ApiError>> + Send,
{
    let post = warp::post()
        .and(state.filter())
        .and(state.client())
        .and(body::incoming(state.body_pace()))
        .then(move |state: AppState, client, headers: HeaderMap, body| {
            let handler = handler.clone();
            async move {
                let verdict = match state.origins.check(&headers) {
                    Ok(verdict) => verdict,
                    Err(err) => return err.into_response(),
                };
                let ready = state
                    .form_limit
                    .check(client)
                    .and_then(|()| state.check_writable());
                let outcome = match ready {
                    Ok(()) => handler(state, client, headers, body).await,
                    Err(err) => Err(err),
                };
                let mut response = error::reply(outcome);
                origin::allow(&mut response, &verdict);
                response
            }
        });
    let origins = Arc::clone(&state.origins);
    let preflight = warp::options()
        .and(warp::header::headers_cloned())
        .map(move |headers: HeaderMap| error::reply(origins.preflight(&headers)));
    path.and(post.or(preflight).unify()).boxed()
}

/// The query string, empty when there is none (never rejects: `query::raw` refuses an
/// absent one).
pub fn raw_query() -> BoxedFilter<(String,)> {
    warp::query::raw()
        .or(warp::any().map(String::new))
        .unify()
        .boxed()
}
