//! The site's own paths that the server writes into links (the sitemap, the feed, mail), each
//! from its entry in the one route table (`ui/src/app/route-table.json`, which the UI's router
//! and `http::site::assets` read too). A test holds each pattern to the table, so a route
//! renamed there fails here instead of sending readers to a 404.

use super::blog_id::BlogId;

/// The one route table, as the UI ships it.
pub const ROUTE_TABLE: &str = include_str!("../../ui/src/app/route-table.json");

/// The list of posts (the feed's own link).
pub const BLOG_LIST: &str = "/blogs";

/// A post's page; `:id` is its `_id`.
const POST: &str = "/blogs/detail/:id";

/// The page a subscription's confirmation link opens (`?token=`).
pub const SUBSCRIPTION_CONFIRM: &str = "/blogs/subscribe/confirm";

/// The page an unsubscribe link opens (`?token=`); its one-click form posts there too.
pub const UNSUBSCRIBE: &str = "/blogs/unsubscribe";

/// The path of a post's page: `/blogs/detail/{id}`. A `BlogId` is URL-safe as it is
/// (lowercase letters, digits and hyphens), so nothing needs escaping.
pub fn post_path(id: &BlogId) -> String {
    POST.replacen(":id", id.as_str(), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's `path` of each `page`.
    fn table_paths() -> Vec<(String, String)> {
        let table: serde_json::Value = serde_json::from_str(ROUTE_TABLE).expect("route table");
        table["routes"]
            .as_array()
            .expect("routes")
            .iter()
            .map(|route| {
                (
                    route["page"].as_str().expect("page").to_owned(),
                    route["path"].as_str().expect("path").to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn every_path_the_server_links_to_is_a_route_of_the_table() {
        let table = table_paths();
        for (page, pattern) in [
            ("blog-list-page", BLOG_LIST),
            ("blog-detail-page", POST),
            ("subscription-confirm-page", SUBSCRIPTION_CONFIRM),
            ("unsubscribe-page", UNSUBSCRIBE),
        ] {
            assert!(
                table.iter().any(|(p, path)| p == page && path == pattern),
                "the route table has no {page} at {pattern}"
            );
        }
    }

    #[test]
    fn a_post_path_fills_the_id_into_the_pattern() {
        let id = BlogId::parse("office-space-2").expect("id");
        assert_eq!(post_path(&id), "/blogs/detail/office-space-2");
    }
}
