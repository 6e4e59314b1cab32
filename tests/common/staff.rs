//! A signed-in staff member for the tests of the staff API: an account, a session cookie and
//! its CSRF token, and requests that come from the site's own pages.

use std::net::SocketAddr;

use bytes::Bytes;
use corpsite::domain::roles::{Role, Roles};
use corpsite::domain::staff::NewPassword;
use corpsite::http::plumbing::marks::ClientAddr;
use corpsite::store::accounts;
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
    /// The owner `EMAIL` signed in, past its second factor.
    pub async fn sign_in(app: &TestApp) -> Browser {
        Browser::sign_in_with(app, EMAIL, PASSWORD).await
    }

    /// `email` signed in with `password`, past its second factor.
    pub async fn sign_in_with(app: &TestApp, email: &str, password: &str) -> Browser {
        let response = sign_in_as(app, email, password).await;
        assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
        Browser::ready(app, &response).await
    }

    /// The browser a sign-in answer made, past its second factor: it sets up an
    /// authenticator app when the account must have one and has none, or gives a code of
    /// the one it has (`code_for`).
    pub async fn ready(app: &TestApp, response: &Response<Bytes>) -> Browser {
        let browser = Browser::from_response(response);
        if json(response)["must_change_password"] == true {
            // The one-time password is changed first; the answer to that is ready()'d.
            return browser;
        }
        match json(response)["second_factor"].as_str() {
            Some("set_up") => {
                set_up_authenticator(app, &browser).await;
                browser
            }
            Some("give") => {
                let email = json(response)["email"].as_str().unwrap_or("").to_owned();
                let code = code_for(app, &email).await;
                let given = app
                    .request(
                        browser
                            .change("POST", "/api/staff/login/code")
                            .json(&body!({ "code": code })),
                    )
                    .await;
                assert_eq!(given.status(), StatusCode::OK, "{:?}", given.body());
                browser
            }
            _ => browser,
        }
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

/// Sets up an authenticator app for `browser`'s account, as its holder would: the secret
/// given, then a first code of it.
/// Uploads `bytes` into the media `folder` as the staff screens do; answers the stored
/// media path, after checking the upload was taken (201).
pub async fn upload_image(
    app: &TestApp,
    browser: &Browser,
    folder: &str,
    bytes: Vec<u8>,
) -> String {
    let response = app
        .request(
            browser
                .change("POST", &format!("/api/staff/media?folder={folder}"))
                .body(bytes),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{:?}",
        response.body()
    );
    json(&response)["path"].as_str().expect("path").to_owned()
}

pub async fn set_up_authenticator(app: &TestApp, browser: &Browser) {
    let begun = app
        .request(browser.change("POST", "/api/staff/account/authenticator"))
        .await;
    assert_eq!(begun.status(), StatusCode::OK, "{:?}", begun.body());
    let secret: String = json(&begun)["secret"]
        .as_str()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let code = code_of(&secret, 0).await;
    let confirmed = app
        .request(
            browser
                .change("POST", "/api/staff/account/authenticator/confirm")
                .json(&body!({ "code": code })),
        )
        .await;
    assert_eq!(confirmed.status(), StatusCode::OK, "{:?}", confirmed.body());
}

/// The authenticator code `email`'s app would show now, for a step it has not used yet
/// (waiting for the next step when the current one is spent).
pub async fn code_for(app: &TestApp, email: &str) -> String {
    let email = email.to_lowercase();
    let (secret, last_used) = app
        .db()
        .read(move |conn| {
            Ok(conn.query_row(
                "SELECT t.secret, t.last_used_step FROM staff_totp t JOIN staff a ON a.id = t.staff_id
                 WHERE a.email_folded = ?1",
                [&email],
                |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)),
            )?)
        })
        .await
        .expect("the account has an authenticator");
    code_of(&secret, u64::try_from(last_used).unwrap_or(0)).await
}

/// A code of `secret` for the first step after `last_used` the server accepts now (the
/// current step or the next), waiting when both are spent.
pub async fn code_of(secret: &str, last_used: u64) -> String {
    use corpsite::domain::second_factor::{TotpSecret, STEP_SECS};
    let secret = TotpSecret::from_base32(secret).expect("a base32 secret");
    loop {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_secs();
        let step = (now / STEP_SECS).max(last_used + 1);
        if step <= now / STEP_SECS + 1 {
            return secret.code_at(step * STEP_SECS);
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

/// Sample paths of a staff endpoint table row's pattern: `{list}` as each inbox list, any
/// other `{param}` an id that names nothing.
pub fn sample_paths(pattern: &str) -> Vec<String> {
    let fill = |pattern: &str| {
        pattern
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    "0123456789abcdef0123456789abcdef"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    if pattern.contains("{list}") {
        return ["enquiries", "subscribers", "applicants"]
            .iter()
            .map(|list| fill(&pattern.replace("{list}", list)))
            .collect();
    }
    vec![fill(pattern)]
}
