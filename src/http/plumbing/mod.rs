//! What every answer goes through, whichever room made it: errors and replies, request
//! bodies and their limits, the client limits, the forms' proof of work, the origins that may
//! post, room on disk, the security headers, the response cache, the site's URL, the marks the listener puts on
//! each request, the filters routes are built from, and the finish every answer gets.
//! Nothing here knows a room's routes.

pub mod allow;
pub mod body;
pub mod byte_range;
pub mod disk;
pub mod error;
pub mod filters;
pub mod finish;
pub mod form_proof;
pub mod json_body;
pub mod marks;
pub mod origin;
pub mod rate_limit;
pub mod reply;
pub mod response_cache;
pub mod security;
pub mod site_url;
