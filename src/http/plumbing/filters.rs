//! The filters the areas build their routes from: the read methods and the query string (a
//! form's post, which needs the state, is `AppState::form_post`).

use warp::filters::BoxedFilter;
use warp::Filter;

/// GET, or HEAD (hyper sends HEAD answers without their body).
pub fn get_or_head() -> BoxedFilter<()> {
    warp::get().or(warp::head()).unify().boxed()
}

/// The query string, empty when there is none (never rejects: `query::raw` refuses an
/// absent one).
pub fn raw_query() -> BoxedFilter<(String,)> {
    warp::query::raw()
        .or(warp::any().map(String::new))
        .unify()
        .boxed()
}
