//! The filters the areas build their routes from: the read methods and the query string (a
//! form's post, which needs the state, is `AppState::form_post`).

use warp::filters::BoxedFilter;
use warp::Filter;

/// The token of an `Authorization: Bearer TOKEN` header (`/metrics`' token, a trusted
/// caller's API key on a form post).
pub fn bearer(authorization: &str) -> Option<&str> {
    let (scheme, token) = authorization.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bearer_authorization_offers_a_token() {
        let cases = [
            ("Bearer abc", Some("abc")),
            ("bearer  abc ", Some("abc")),
            ("Basic abc", None),
            ("Bearer", None),
            ("", None),
        ];
        for (header, token) in cases {
            assert_eq!(bearer(header), token, "{header:?}");
        }
    }
}
