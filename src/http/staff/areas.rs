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

pub use crate::http::staff::call::Need;

/// Every staff endpoint's pattern (as `ROUTE_METHODS` writes it) and its need.
pub const STAFF_AREAS: &[(&str, Need)] = &[
    ("/api/staff/login", Need::Open),
    ("/api/staff/session", Need::Session),
    ("/api/staff/logout", Need::Session),
    ("/api/staff/password", Need::Password),
    // the team: accounts, roles, invites, the set-up link
    ("/api/staff/team", Need::Area(Area::Team)),
    ("/api/staff/team/accounts/*", Need::Area(Area::Team)),
    ("/api/staff/team/accounts/*/roles", Need::Area(Area::Team)),
    (
        "/api/staff/team/accounts/*/lead-mail",
        Need::Area(Area::Team),
    ),
    ("/api/staff/team/invites", Need::Area(Area::Team)),
    ("/api/staff/team/invites/*", Need::Area(Area::Team)),
    ("/api/staff/team/invites/*/resend", Need::Area(Area::Team)),
    ("/api/staff/invite/check", Need::Open),
    ("/api/staff/invite/accept", Need::Open),
    ("/api/staff/setup/check", Need::Open),
    ("/api/staff/setup", Need::Open),
    // one's account: forgotten passwords, sessions; the audit log
    ("/api/staff/password/forgot", Need::Open),
    ("/api/staff/password/reset/check", Need::Open),
    ("/api/staff/password/reset", Need::Open),
    ("/api/staff/account/sessions", Need::Account),
    ("/api/staff/account/sessions/*", Need::Account),
    ("/api/staff/team/sessions", Need::Area(Area::Team)),
    ("/api/staff/team/sessions/*", Need::Area(Area::Team)),
    ("/api/staff/team/audit", Need::Area(Area::Team)),
    ("/api/staff/team/audit.csv", Need::Area(Area::Team)),
    // second factors: signing in with them, setting them up, the team's rule
    ("/api/staff/passkey/options", Need::Open),
    ("/api/staff/passkey/sign-in", Need::Open),
    ("/api/staff/login/code", Need::Factor),
    ("/api/staff/account/factors", Need::SetUp),
    ("/api/staff/account/authenticator", Need::SetUp),
    ("/api/staff/account/authenticator/confirm", Need::SetUp),
    ("/api/staff/account/passkeys", Need::SetUp),
    ("/api/staff/account/passkeys/options", Need::SetUp),
    ("/api/staff/account/passkeys/*", Need::SetUp),
    ("/api/staff/account/recovery-codes", Need::SetUp),
    ("/api/staff/account/confirm", Need::SetUp),
    ("/api/staff/team/second-factor", Need::Area(Area::Team)),
    (
        "/api/staff/team/accounts/*/reset-factors",
        Need::Area(Area::Team),
    ),
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
        let cases = [
            ("/api/staff/session", Required::Session),
            // (the staff endpoints' table's rows say their own: `staff::dispatch`)
            ("/api/staff/inbox/everyone", Required::Unknown),
            ("/api/staff/login", Required::Open),
            ("/api/staff/nothing-here", Required::Unknown),
        ];
        for (path, required_here) in cases {
            assert_eq!(required(path), required_here, "{path}");
        }
    }
}
