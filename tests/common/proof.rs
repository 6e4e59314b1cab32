//! A real proof of work for a test's form post: the challenge asked of the server, as the
//! browser asks it, and solved, as the browser solves it (in Rust, with SHA-256).

use corpsite::domain::form_proof;
use corpsite::http::plumbing::marks::ClientAddr;
use serde_json::Value;

use super::{json, TestApp};

/// The forms' names as `GET /api/form-proof?form=` takes them.
pub const ENQUIRY: &str = "enquiry";
pub const APPLICATION: &str = "application";

/// The `Form-Proof` header's value answering `challenge` (a `GET /api/form-proof` answer).
pub fn solve(challenge: &Value) -> String {
    let token = challenge["challenge"].as_str().expect("a challenge");
    let bits = challenge["bits"]
        .as_u64()
        .and_then(|bits| u8::try_from(bits).ok())
        .expect("bits");
    let nonce = form_proof::solve(token, bits);
    format!("{token}.{nonce}.42")
}

/// A challenge of `app` for `form`, asked from `client`, solved.
pub async fn answer(app: &TestApp, form: &str, client: [u8; 4]) -> String {
    let response = app
        .request(
            warp::test::request()
                .extension(ClientAddr(std::net::SocketAddr::from((client, 40000))))
                .path(&format!("/api/form-proof?form={form}")),
        )
        .await;
    assert_eq!(response.status(), 200, "a challenge for {form}");
    solve(&json(&response))
}

/// `request` with a solved challenge of `app` for `form` from `client` (the address the
/// request is sent from: the difficulty is that client's).
pub async fn proven(
    app: &TestApp,
    request: warp::test::RequestBuilder,
    form: &str,
    client: [u8; 4],
) -> warp::test::RequestBuilder {
    request.header(form_proof::HEADER, answer(app, form, client).await)
}
