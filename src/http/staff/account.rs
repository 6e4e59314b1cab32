//! `/api/staff/password/...` and `/api/staff/account/...`: forgotten passwords, one's own
//! sessions, everyone's sessions and the audit log for the team area. (Being built.)

use warp::filters::BoxedFilter;
use warp::reply::Response;
use warp::Filter;

use crate::http::state::AppState;

pub fn routes(_state: &AppState) -> BoxedFilter<(Response,)> {
    warp::any()
        .and_then(|| async { Err::<Response, _>(warp::reject::not_found()) })
        .boxed()
}
