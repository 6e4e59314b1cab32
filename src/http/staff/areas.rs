//! Which area of the office's side each staff endpoint belongs to: the one table the gate
//! (`sign_in::gate`) reads on every request. A role reaches an endpoint when it holds the
//! endpoint's area (`domain::roles`); anyone else gets 403 naming what is missing.
//!
//! Every staff pattern of `plumbing::allow::ROUTE_METHODS` has its row here (a test holds
//! the two tables together, and another walks every row against every role). A path under
//! `/api/staff` that no row names is refused by the gate: an endpoint that forgets to
//! declare its area is closed to everyone, never open to everyone.

use crate::domain::inbox::InboxList;
use crate::domain::roles::Area;
use crate::http::plumbing::allow::matches_pattern;

pub use crate::http::staff::dispatch::Need;

/// Every staff endpoint's pattern (as `ROUTE_METHODS` writes it) and its need.
pub const STAFF_AREAS: &[(&str, Need)] = &[
    ("/api/staff/settings", Need::Area(Area::Company)),
    ("/api/staff/media", Need::Area(Area::Stories)),
    ("/api/staff/inbox/*", Need::List),
    ("/api/staff/inbox/*/export.csv", Need::List),
    ("/api/staff/inbox/*/export.xlsx", Need::List),
    ("/api/staff/inbox/*/*", Need::List),
    (
        "/api/staff/inbox/applicants/*/resume",
        Need::Area(Area::Applicants),
    ),
    ("/api/staff/inbox/*/*/*", Need::List),
    // assignment: who a list's leads may be given to; one's morning digest
    ("/api/staff/assignees/*", Need::List),
    ("/api/staff/account/digest", Need::Account),
    ("/api/staff/inbox/*/bulk", Need::List),
    ("/api/staff/stories", Need::Area(Area::Stories)),
    ("/api/staff/stories/choices", Need::Area(Area::Stories)),
    ("/api/staff/stories/preview", Need::Area(Area::Stories)),
    ("/api/staff/stories/*", Need::Area(Area::Stories)),
    ("/api/staff/stories/*/revisions", Need::Area(Area::Stories)),
    (
        "/api/staff/stories/*/revisions/*",
        Need::Area(Area::Stories),
    ),
    (
        "/api/staff/stories/*/revisions/*/restore",
        Need::Area(Area::Stories),
    ),
    // what visitors did (`staff::analytics`)
    ("/api/staff/analytics", Need::Area(Area::Analytics)),
    // mail: the outbox and who gets which lead
    ("/api/staff/mail", Need::Area(Area::Mail)),
    ("/api/staff/mail/retry", Need::Area(Area::Mail)),
    ("/api/staff/mail/*/retry", Need::Area(Area::Mail)),
    ("/api/staff/mail/test", Need::Area(Area::Mail)),
    ("/api/staff/mail/routes", Need::Area(Area::Mail)),
    // the backup sets: their state, and one made now
    ("/api/staff/backups", Need::Area(Area::Backups)),
];

/// What a request's path asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Required {
    /// Nothing: the endpoint is for people without a session, and never asks the gate.
    Open,
    /// Any session, even before the password change.
    Session,
    /// Any account past its one-time password and its second factor.
    Account,
    /// The password change (`Need::Password`).
    Password,
    /// Giving the second factor (`Need::Factor`).
    Factor,
    /// Setting up second factors (`Need::SetUp`).
    SetUp,
    /// These areas, every one.
    Areas(Vec<Area>),
    /// No row names the path, or the list it names does not exist.
    Unknown,
}

/// The needs of every row `path` matches, taken together.
pub fn required(path: &str) -> Required {
    let path = path
        .strip_suffix('/')
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    let mut areas: Vec<Area> = Vec::new();
    let mut session_only = true;
    let mut matched = false;
    let mut special = None;
    for (pattern, need) in STAFF_AREAS {
        if !matches_pattern(path, pattern) {
            continue;
        }
        matched = true;
        match need {
            Need::Open => return Required::Open,
            Need::Session => {}
            Need::Account => session_only = false,
            Need::Password => special = Some(Required::Password),
            Need::Factor => special = Some(Required::Factor),
            Need::SetUp => special = Some(Required::SetUp),
            Need::Area(area) => areas.push(*area),
            Need::List => match path.split('/').nth(4).and_then(InboxList::parse) {
                Some(list) => areas.push(list.area()),
                None => return Required::Unknown,
            },
        }
    }
    if !matched {
        return Required::Unknown;
    }
    if let Some(special) = special {
        // One row each: the patterns of these endpoints match nothing else.
        return special;
    }
    if !areas.is_empty() {
        areas.sort();
        areas.dedup();
        return Required::Areas(areas);
    }
    if session_only {
        Required::Session
    } else {
        Required::Account
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::plumbing::allow::ROUTE_METHODS;

    #[test]
    fn every_staff_route_declares_its_area_and_no_row_is_left_over() {
        let routes: Vec<&str> = ROUTE_METHODS
            .iter()
            .map(|(pattern, _)| *pattern)
            .filter(|pattern| pattern.starts_with("/api/staff/"))
            .collect();
        let declared: Vec<&str> = STAFF_AREAS.iter().map(|(pattern, _)| *pattern).collect();
        for route in &routes {
            assert!(
                declared.contains(route),
                "{route} declares no area in STAFF_AREAS"
            );
        }
        for row in &declared {
            assert!(
                routes.contains(row),
                "{row} is in STAFF_AREAS but no route has it"
            );
        }
    }

    #[test]
    fn a_path_requires_the_area_of_what_it_names() {
        // The session and sign-in moved to the endpoint table: `dispatch`'s test
        // `a_row_asks_the_gate_for_its_need` holds their needs.
        let cases = [
            (
                "/api/staff/stories/abc",
                Required::Areas(vec![Area::Stories]),
            ),
            (
                "/api/staff/inbox/enquiries",
                Required::Areas(vec![Area::Enquiries]),
            ),
            (
                "/api/staff/inbox/subscribers/abc/notes",
                Required::Areas(vec![Area::Subscribers]),
            ),
            (
                "/api/staff/inbox/applicants/abc/resume",
                Required::Areas(vec![Area::Applicants]),
            ),
            ("/api/staff/inbox/everyone", Required::Unknown),
            ("/api/staff/nothing-here", Required::Unknown),
        ];
        for (path, required_here) in cases {
            assert_eq!(required(path), required_here, "{path}");
        }
    }
}
