//! The company's details for the public: `GET /api/corp_website/site` answers
//! `{"data": CompanyDetails}`, the details every page shows, cached until the content version
//! (`blog_version`) moves, like the blog list (`company_details_cache::CompanyDetailsApi`).
//! The rendered pages embed the same answer. The office edits them through
//! `staff::company_details`.

use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::Filter;

use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::tagged;
use crate::http::state::AppState;

pub fn routes(state: &AppState) -> BoxedFilter<(Response,)> {
    let public = warp::path!("corp_website" / "site")
        .and(get_or_head())
        .and(state.filter())
        .and(warp::header::headers_cloned())
        .then(|state: AppState, headers: HeaderMap| async move {
            match state.site.json().await {
                Ok(site) => tagged(
                    StatusCode::OK,
                    "application/json",
                    &site.body,
                    &site.etag,
                    &headers,
                ),
                Err(err) => err.into_response(),
            }
        });
    public.boxed()
}
