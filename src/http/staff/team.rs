//! `/api/staff/team/...`: the team in the browser: accounts and their roles, invites, and the
//! set-up link that makes the first owner. (Being built.)

use warp::filters::BoxedFilter;
use warp::reply::Response;
use warp::Filter;

use crate::http::state::AppState;

pub fn routes(_state: &AppState) -> BoxedFilter<(Response,)> {
    warp::any()
        .and_then(|| async { Err::<Response, _>(warp::reject::not_found()) })
        .boxed()
}
