//! A signed-in staff member for the tests of the staff API: an account, a session cookie and
//! its CSRF token, and requests that come from the site's own pages.

use std::net::SocketAddr;

use bytes::Bytes;
use corpsite::domain::roles::{Role, Roles};
use corpsite::domain::staff::NewPassword;
use corpsite::http::state::ClientAddr;
use corpsite::store::staff as accounts;
use serde_json::json as body;
use warp::http::{Response, StatusCode};

use super::{header, json, TestApp};

/// A request from `client` (the address the server would see).
fn from(client: [u8; 4]) -> warp::test::RequestBuilder {
    warp::test::request().extension(ClientAddr(SocketAddr::from((client, 40000))))
}

pub const HOST: &str = "corp.example";
pub const SITE: &str = "http://corp.example";
pub const EMAIL: &str = "office@corp.example";
pub const PASSWORD: &str = "a long office passphrase";

/// An owner's account, with a one-time password or one it has already chosen.
pub async fn add_staff(app: &TestApp, email: &str, password: &str, one_time: bool) {
    add_staff_as(app, email, password, one_time, Role::Owner).await;
}

/// An account holding `role`.
pub async fn add_staff_as(app: &TestApp, email: &str, password: &str, one_time: bool, role: Role) {
    let hash = NewPassword::parse(password)
        .expect("valid")
        .hash()
        .expect("hash");
    let email = email.to_owned();
    app.db()
        .write(move |conn| -> Result<(), corpsite::store::StoreError> {
            let roles = Roles::new([role]).expect("a role");
            let folded = email.to_lowercase();
            let new = accounts::NewAccount {
                email: &email,
                email_folded: &folded,
                name: "Office",
                password_hash: &hash,
                roles: &roles,
                chosen: !one_time,
            };
            accounts::add_account(conn, &new)?;
            let id = accounts::account_by_email(conn, &folded)?
                .map(|a| a.id)
                .unwrap_or(0);
            accounts::set_password(conn, id, &hash, one_time)?;
            Ok(())
        })
        .await
        .expect("add staff");
}

/// A request from the site's own pages.
pub fn site_request(method: &str, path: &str) -> warp::test::RequestBuilder {
    from([198, 51, 100, 7])
        .method(method)
        .path(path)
        .header("host", HOST)
        .header("origin", SITE)
}

pub async fn sign_in_as(app: &TestApp, email: &str, password: &str) -> Response<Bytes> {
    app.request(
        site_request("POST", "/api/staff/login")
            .json(&body!({ "email": email, "password": password })),
    )
    .await
}

/// A signed-in browser: its cookie and CSRF token.
pub struct Browser {
    pub cookie: String,
    pub csrf: String,
}

impl Browser {
    pub async fn sign_in(app: &TestApp) -> Browser {
        let response = sign_in_as(app, EMAIL, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
        Browser::from_response(&response)
    }

    pub fn from_response(response: &Response<Bytes>) -> Browser {
        let set_cookie = header(response, "set-cookie");
        let cookie = set_cookie.split(';').next().unwrap_or("").to_owned();
        let csrf = json(response)["csrf_token"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        Browser { cookie, csrf }
    }

    pub fn get(&self, path: &str) -> warp::test::RequestBuilder {
        site_request("GET", path).header("cookie", &self.cookie)
    }

    pub fn change(&self, method: &str, path: &str) -> warp::test::RequestBuilder {
        site_request(method, path)
            .header("cookie", &self.cookie)
            .header("x-csrf-token", &self.csrf)
    }
}
