//! Roles, walked as a table: every staff endpoint (each pattern and method of the route table)
//! against every role. An account whose roles lack the endpoint's area gets 403 with a
//! message naming it; one that has it is never refused for its role. An endpoint that
//! declares no area fails here and in `http::staff::areas`' own test.

use corpsite::domain::roles::{Area, Role, Roles};
use corpsite::http::plumbing::allow::ROUTE_METHODS;
use corpsite::http::staff::areas::{required, Required};
use serde_json::json as body;
use warp::http::StatusCode;

use crate::common::staff::{add_staff_as, sign_in_as, Browser};
use crate::common::{json, TestApp};

const PASSWORD: &str = "a long office passphrase";

/// Sample paths of a pattern: the inbox's list segment as each list, any other `*` an id
/// that names nothing.
fn paths_of(pattern: &str) -> Vec<String> {
    // The inbox's paths, and who its leads may be given to, name a list.
    if pattern.starts_with("/api/staff/inbox/*") || pattern == "/api/staff/assignees/*" {
        return ["enquiries", "subscribers", "applicants"]
            .iter()
            .map(|list| {
                pattern
                    .replacen('*', list, 1)
                    .replace('*', "0123456789abcdef0123456789abcdef")
            })
            .collect();
    }
    vec![pattern.replace('*', "0123456789abcdef0123456789abcdef")]
}

#[tokio::test]
async fn every_staff_endpoint_answers_each_role_by_its_area() {
    let app = TestApp::new();
    // The calls below, signing out last (it ends the session the others ride on).
    let mut calls: Vec<(String, String)> = Vec::new();
    for (pattern, methods) in ROUTE_METHODS {
        if !pattern.starts_with("/api/staff/") {
            continue;
        }
        for method in methods.iter().filter(|m| **m != "HEAD" && **m != "OPTIONS") {
            for path in paths_of(pattern) {
                calls.push(((*method).to_owned(), path));
            }
        }
    }
    calls.sort_by_key(|(_, path)| path.ends_with("/logout"));
    let mut refused = 0;
    let mut let_through = 0;
    for role in Role::ALL {
        let roles = Roles::new([role]).expect("a role");
        let email = format!("{role}@corp.example");
        add_staff_as(&app, &email, PASSWORD, false, role).await;
        let signed_in = sign_in_as(&app, &email, PASSWORD).await;
        assert_eq!(signed_in.status(), StatusCode::OK, "{role} signs in");
        let browser = Browser::ready(&app, &signed_in).await;
        for (method, path) in &calls {
            let request = if method == "GET" {
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
            match required(path) {
                Required::Areas(areas) => {
                    let missing: Vec<Area> =
                        areas.iter().copied().filter(|a| !roles.may(*a)).collect();
                    if let Some(area) = missing.first() {
                        refused += 1;
                        assert_eq!(status, StatusCode::FORBIDDEN, "{role}: {method} {path}");
                        let message = json(&response)["message"].as_str().unwrap_or("").to_owned();
                        assert!(
                            message.contains(area.label()),
                            "{role}: {method} {path} says {message:?}, not naming {}",
                            area.label()
                        );
                    } else {
                        let_through += 1;
                        assert_ne!(
                            status,
                            StatusCode::FORBIDDEN,
                            "{role}: {method} {path} refused {:?}",
                            response.body()
                        );
                    }
                }
                Required::Session
                | Required::Account
                | Required::Password
                | Required::Factor
                | Required::SetUp => {
                    let_through += 1;
                    assert_ne!(status, StatusCode::FORBIDDEN, "{role}: {method} {path}");
                }
                Required::Open => {}
                Required::Unknown => panic!("{method} {path} declares no area"),
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
    assert_eq!(session["areas"], body!(["applicants"]));
}
