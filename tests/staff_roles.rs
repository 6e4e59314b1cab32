//! Roles, walked as a table: every row of the staff endpoint table (`staff::endpoints`),
//! each of its sample paths, against every role. An account whose roles lack the row's area
//! gets 403 with a message naming it; one that has it is never refused for its role; no
//! answer is a 5xx (a handler asking for a `{param}` its row lacks would be).

use corpsite::domain::inbox::InboxList;
use corpsite::domain::roles::{Area, Role, Roles};
use corpsite::http::staff::call::Verb;
use corpsite::http::staff::endpoints::ENDPOINTS;
use corpsite::http::staff::session::Need;
use serde_json::json as body;
use warp::http::StatusCode;

use crate::common::staff::{add_staff_as, sample_paths, sign_in_as, Browser};
use crate::common::{json, TestApp};

const PASSWORD: &str = "a long office passphrase";

/// The area a call of a row at `path` needs, if it is an area's.
fn area_of(need: Need, path: &str) -> Option<Area> {
    match need {
        Need::Area(area) => Some(area),
        Need::List => {
            let list = path.split('/').nth(4).and_then(InboxList::parse);
            Some(list.expect("a sample path names a list").area())
        }
        _ => None,
    }
}

#[tokio::test]
async fn every_staff_endpoint_answers_each_role_by_its_area() {
    let app = TestApp::new();
    // Every row's calls but the open ones (which ask for no session), signing out last (it
    // ends the session the others ride on).
    let mut calls: Vec<(Verb, String, Need)> = Vec::new();
    for row in ENDPOINTS.iter().filter(|row| row.need != Need::Open) {
        for path in sample_paths(row.path) {
            calls.push((row.verb, path, row.need));
        }
    }
    assert!(calls.len() > ENDPOINTS.len() / 2, "{} calls", calls.len());
    calls.sort_by_key(|(_, path, _)| path.ends_with("/logout"));
    let mut refused = 0;
    let mut let_through = 0;
    for role in Role::ALL {
        let roles = Roles::new([role]).expect("a role");
        let email = format!("{role}@corp.example");
        add_staff_as(&app, &email, PASSWORD, false, role).await;
        let signed_in = sign_in_as(&app, &email, PASSWORD).await;
        assert_eq!(signed_in.status(), StatusCode::OK, "{role} signs in");
        let browser = Browser::ready(&app, &signed_in).await;
        for (verb, path, need) in &calls {
            let method = verb.as_str();
            let request = if *verb == Verb::Get {
                browser.get(path)
            } else {
                browser.change(method, path).json(&body!({}))
            };
            let response = app.request(request).await;
            let status = response.status();
            assert!(
                !status.is_server_error(),
                "{role}: {method} {path} answered {status}"
            );
            match area_of(*need, path).filter(|area| !roles.may(*area)) {
                Some(area) => {
                    refused += 1;
                    assert_eq!(status, StatusCode::FORBIDDEN, "{role}: {method} {path}");
                    let message = json(&response)["message"].as_str().unwrap_or("").to_owned();
                    assert!(
                        message.contains(area.label()),
                        "{role}: {method} {path} says {message:?}, not naming {}",
                        area.label()
                    );
                }
                None => {
                    let_through += 1;
                    assert_ne!(
                        status,
                        StatusCode::FORBIDDEN,
                        "{role}: {method} {path} refused {:?}",
                        response.body()
                    );
                }
            }
        }
    }
    // Each role is refused somewhere and let through somewhere (the owner everywhere).
    assert!(
        refused > 0 && let_through > 0,
        "{refused} refused, {let_through} let through"
    );
}

#[tokio::test]
async fn the_session_says_which_roles_and_areas_it_holds() {
    let app = TestApp::new();
    add_staff_as(&app, "hr@corp.example", PASSWORD, false, Role::Recruiter).await;
    let response = sign_in_as(&app, "hr@corp.example", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let session = json(&response);
    assert_eq!(session["roles"], body!(["recruiter"]));
    assert_eq!(session["areas"], body!(["applicants", "jobs"]));
}
