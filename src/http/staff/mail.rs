//! `/api/staff/mail/...`: the outbox seen from the browser, retries, a test mail, and who gets
//! which lead. (Being built.)

use warp::filters::BoxedFilter;
use warp::reply::Response;
use warp::Filter;

use crate::http::state::AppState;

pub fn routes(_state: &AppState) -> BoxedFilter<(Response,)> {
    warp::any()
        .and_then(|| async { Err::<Response, _>(warp::reject::not_found()) })
        .boxed()
}
