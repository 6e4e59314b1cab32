//! Second factors through the real endpoints: the sign-in step, authenticator codes computed
//! here from the secret the server gave, recovery codes, passkeys made and used by
//! webauthn-authenticator-rs's software passkey, the team's rule and resets.

use corpsite::domain::roles::Role;
use corpsite::domain::second_factor::{TotpSecret, STEP_SECS};
use serde_json::{json as body, Value};
use warp::http::StatusCode;
use webauthn_authenticator_rs::prelude::Url;
use webauthn_authenticator_rs::softpasskey::SoftPasskey;
use webauthn_authenticator_rs::WebauthnAuthenticator;
use webauthn_rs::prelude::{CreationChallengeResponse, RequestChallengeResponse};

use crate::common::staff::{
    add_staff, add_staff_as, code_for, code_of, sign_in_as, site_request, Browser, EMAIL, PASSWORD,
};
use crate::common::{json, TestApp};

const FINISH: &str = "Please finish signing in with your second factor.";
/// The origin the software passkey says it is on: the relying party of an app without
/// `--public-url` is `localhost`, any port.
const PASSKEY_ORIGIN: &str = "http://localhost:8080";

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
}

async fn outbox_notices(app: &TestApp) -> Vec<(String, String)> {
    app.db()
        .read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT coalesce(to_addr, ''), coalesce(notice, '') FROM outbox WHERE kind = 'notice' ORDER BY id",
            )?;
            let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
        .expect("outbox")
}

async fn audit_actions(app: &TestApp) -> Vec<String> {
    app.db()
        .read(|conn| Ok(corpsite::store::audit::audit_log(conn, 100)?))
        .await
        .expect("audit")
        .into_iter()
        .map(|line| line.action)
        .collect()
}

#[tokio::test]
async fn an_owner_sets_up_an_authenticator_before_anything_else_and_gives_a_code_each_sign_in() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let signed_in = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    assert_eq!(json(&signed_in)["second_factor"], "set_up");
    let browser = Browser::from_response(&signed_in);

    // Nothing but the set-up works.
    let inbox = app.request(browser.get("/api/staff/inbox/enquiries")).await;
    assert_eq!(inbox.status(), StatusCode::FORBIDDEN);
    assert_eq!(json(&inbox)["message"], FINISH);
    let session = app.request(browser.get("/api/staff/session")).await;
    assert_eq!(session.status(), StatusCode::OK);

    let begun = app
        .request(browser.change("POST", "/api/staff/account/authenticator"))
        .await;
    assert_eq!(begun.status(), StatusCode::OK);
    let setup = json(&begun);
    let secret: String = setup["secret"]
        .as_str()
        .expect("secret")
        .split_whitespace()
        .collect();
    assert!(setup["otpauth_url"]
        .as_str()
        .expect("url")
        .starts_with("otpauth://totp/"));
    assert!(setup["qr_svg"].as_str().expect("svg").contains("<svg"));

    // A wrong code leaves it unconfirmed.
    let wrong = app
        .request(
            browser
                .change("POST", "/api/staff/account/authenticator/confirm")
                .json(&body!({ "code": "000000" })),
        )
        .await;
    let code = code_of(&secret, 0).await;
    if code != "000000" {
        assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(json(&wrong)["errors"]["code"].is_string());
    }
    let confirmed = app
        .request(
            browser
                .change("POST", "/api/staff/account/authenticator/confirm")
                .json(&body!({ "code": code })),
        )
        .await;
    assert_eq!(confirmed.status(), StatusCode::OK, "{:?}", confirmed.body());
    let codes = json(&confirmed)["recovery_codes"].clone();
    assert_eq!(codes.as_array().map(Vec::len), Some(10), "{codes}");
    let inbox = app.request(browser.get("/api/staff/inbox/enquiries")).await;
    assert_eq!(
        inbox.status(),
        StatusCode::OK,
        "the set-up finished the sign-in"
    );

    // The next sign-in asks for a code; the one that confirmed the set-up is spent.
    let again = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert_eq!(json(&again)["second_factor"], "give");
    assert_eq!(json(&again)["second_factor_ways"], body!(["code"]));
    let second = Browser::from_response(&again);
    let replayed = app
        .request(
            second
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": code })),
        )
        .await;
    assert_eq!(replayed.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        app.request(second.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    // Outside the window of one step either way: refused.
    let totp = TotpSecret::from_base32(&secret).expect("secret");
    for far in [unix_now() + 3 * STEP_SECS, unix_now() - 3 * STEP_SECS] {
        let far_code = totp.code_at(far);
        if far_code == code_of(&secret, 0).await {
            continue;
        }
        let refused = app
            .request(
                second
                    .change("POST", "/api/staff/login/code")
                    .json(&body!({ "code": far_code })),
            )
            .await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    let fresh = code_for(&app, EMAIL).await;
    let given = app
        .request(
            second
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": format!("{} {}", &fresh[..3], &fresh[3..]) })),
        )
        .await;
    assert_eq!(given.status(), StatusCode::OK, "{:?}", given.body());
    assert_eq!(json(&given)["second_factor"], "done");
    assert_eq!(
        app.request(second.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::OK
    );
    let actions = audit_actions(&app).await;
    for action in [
        "set up an authenticator app",
        "made recovery codes",
        "second factor failed",
        "gave second factor",
    ] {
        assert!(actions.iter().any(|a| a == action), "{action}: {actions:?}");
    }
}

#[tokio::test]
async fn a_recovery_code_works_once_and_is_mailed_to_the_account() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let signed_in = sign_in_as(&app, EMAIL, PASSWORD).await;
    let browser = Browser::from_response(&signed_in);
    let begun = app
        .request(browser.change("POST", "/api/staff/account/authenticator"))
        .await;
    let secret: String = json(&begun)["secret"]
        .as_str()
        .expect("secret")
        .split_whitespace()
        .collect();
    let confirmed = app
        .request(
            browser
                .change("POST", "/api/staff/account/authenticator/confirm")
                .json(&body!({ "code": code_of(&secret, 0).await })),
        )
        .await;
    let codes: Vec<String> =
        serde_json::from_value(json(&confirmed)["recovery_codes"].clone()).expect("codes");

    let first = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let used = app
        .request(
            first
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": codes[3].to_uppercase() })),
        )
        .await;
    assert_eq!(used.status(), StatusCode::OK, "{:?}", used.body());
    let second = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let again = app
        .request(
            second
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": codes[3] })),
        )
        .await;
    assert_eq!(again.status(), StatusCode::UNPROCESSABLE_ENTITY, "spent");
    assert_eq!(
        outbox_notices(&app).await,
        vec![
            (EMAIL.to_owned(), "factor-added".to_owned()),
            (EMAIL.to_owned(), "recovery-code-used".to_owned())
        ],
        "the authenticator set up at the first sign-in, then the code used"
    );
    assert!(audit_actions(&app)
        .await
        .iter()
        .any(|a| a == "used a recovery code"));
    let factors = app.request(first.get("/api/staff/account/factors")).await;
    assert_eq!(json(&factors)["recovery_codes_left"], 9);
}

#[tokio::test]
async fn wrong_codes_are_throttled_like_wrong_passwords() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(&app).await;
    let waiting = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let mut statuses = Vec::new();
    for _ in 0..7 {
        let answer = app
            .request(
                waiting
                    .change("POST", "/api/staff/login/code")
                    .json(&body!({ "code": "12345" })),
            )
            .await;
        statuses.push(answer.status());
    }
    assert_eq!(statuses[0], StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(statuses[6], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    // Throttled, a right code waits too.
    let right = app
        .request(
            waiting
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": code_for(&app, EMAIL).await })),
        )
        .await;
    assert_eq!(right.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn the_team_chooses_which_roles_need_a_second_factor() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "sales@corp.example", PASSWORD, false, Role::Sales).await;
    let sales = sign_in_as(&app, "sales@corp.example", PASSWORD).await;
    assert_eq!(json(&sales)["second_factor"], "done", "sales needs none");

    let owner = Browser::sign_in(&app).await;
    let policy = app
        .request(owner.get("/api/staff/team/second-factor"))
        .await;
    assert_eq!(
        json(&policy)["required_roles"],
        body!(["owner", "recruiter"])
    );
    let bad = app
        .request(
            owner
                .change("PUT", "/api/staff/team/second-factor")
                .json(&body!({ "required_roles": ["owner", "boss"] })),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let set = app
        .request(
            owner
                .change("PUT", "/api/staff/team/second-factor")
                .json(&body!({ "required_roles": ["sales", "owner", "recruiter"] })),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(
        json(&set)["required_roles"],
        body!(["owner", "recruiter", "sales"])
    );
    let sales = sign_in_as(&app, "sales@corp.example", PASSWORD).await;
    assert_eq!(json(&sales)["second_factor"], "set_up");
    let sales = Browser::from_response(&sales);
    assert_eq!(
        app.request(sales.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    // Only the team area sets the rule.
    let sales = Browser::sign_in_with(&app, "sales@corp.example", PASSWORD).await;
    let refused = app
        .request(
            sales
                .change("PUT", "/api/staff/team/second-factor")
                .json(&body!({ "required_roles": [] })),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_owner_resets_another_accounts_factors_and_the_last_factor_is_kept() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "hr@corp.example", PASSWORD, false, Role::Recruiter).await;
    let owner = Browser::sign_in(&app).await;
    let hr = Browser::sign_in_with(&app, "hr@corp.example", PASSWORD).await;

    // Its only factor, while its role needs one: kept.
    let removed = app
        .request(hr.change("DELETE", "/api/staff/account/authenticator"))
        .await;
    assert_eq!(removed.status(), StatusCode::CONFLICT);
    let factors = app.request(hr.get("/api/staff/account/factors")).await;
    assert_eq!(json(&factors)["authenticator"], true);
    assert_eq!(json(&factors)["required"], true);

    let team = app.request(owner.get("/api/staff/team")).await;
    let hr_id = json(&team)["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|m| m["email"] == "hr@corp.example")
        .map(|m| {
            assert_eq!(m["second_factor"], true);
            m["id"].as_i64().expect("id")
        })
        .expect("hr is listed");
    let own_id = json(&team)["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|m| m["you"] == true)
        .and_then(|m| m["id"].as_i64())
        .expect("own row");
    let own = app
        .request(owner.change(
            "POST",
            &format!("/api/staff/team/accounts/{own_id}/reset-factors"),
        ))
        .await;
    assert_eq!(own.status(), StatusCode::CONFLICT);
    let reset = app
        .request(owner.change(
            "POST",
            &format!("/api/staff/team/accounts/{hr_id}/reset-factors"),
        ))
        .await;
    assert_eq!(reset.status(), StatusCode::NO_CONTENT, "{:?}", reset.body());
    assert_eq!(
        app.request(hr.get("/api/staff/session")).await.status(),
        StatusCode::UNAUTHORIZED,
        "its sessions ended"
    );
    assert_eq!(
        outbox_notices(&app).await.last(),
        Some(&("hr@corp.example".to_owned(), "factors-reset".to_owned()))
    );
    let again = sign_in_as(&app, "hr@corp.example", PASSWORD).await;
    assert_eq!(json(&again)["second_factor"], "set_up");
    assert!(audit_actions(&app)
        .await
        .iter()
        .any(|a| a == "reset second factor"));
}

/// Registers a software passkey for `browser`'s account; answers its credential ID.
async fn add_passkey(app: &TestApp, browser: &Browser, key: &mut SoftPasskey) -> (String, Value) {
    let options = app
        .request(browser.change("POST", "/api/staff/account/passkeys/options"))
        .await;
    assert_eq!(options.status(), StatusCode::OK, "{:?}", options.body());
    let challenge = json(&options);
    let creation: CreationChallengeResponse =
        serde_json::from_value(challenge["options"].clone()).expect("creation options");
    let credential = key
        .do_registration(Url::parse(PASSKEY_ORIGIN).expect("url"), creation)
        .expect("the software passkey registers");
    let added = app
        .request(
            browser
                .change("POST", "/api/staff/account/passkeys")
                .json(&body!({
                    "challenge_id": challenge["challenge_id"],
                    "name": "Office laptop",
                    "credential": credential,
                })),
        )
        .await;
    assert_eq!(added.status(), StatusCode::CREATED, "{:?}", added.body());
    (credential.id.clone(), json(&added))
}

/// A passkey sign-in's challenge and the software passkey's answer, as a browser holding a
/// discoverable credential would give it (the software passkey needs its ID named).
async fn passkey_answer(
    app: &TestApp,
    key: &mut SoftPasskey,
    credential_id: &str,
    origin: &str,
    rp_id: Option<&str>,
) -> (String, Value) {
    let options = app
        .request(site_request("POST", "/api/staff/passkey/options").json(&body!({})))
        .await;
    assert_eq!(options.status(), StatusCode::OK, "{:?}", options.body());
    let challenge = json(&options);
    let mut request = challenge["options"].clone();
    assert_eq!(
        request["publicKey"]["allowCredentials"],
        body!([]),
        "no account is named before the passkey answers"
    );
    request["publicKey"]["allowCredentials"] =
        body!([{ "type": "public-key", "id": credential_id }]);
    if let Some(rp_id) = rp_id {
        request["publicKey"]["rpId"] = body!(rp_id);
    }
    let request: RequestChallengeResponse =
        serde_json::from_value(request).expect("request options");
    let answer = key
        .do_authentication(Url::parse(origin).expect("url"), request)
        .expect("the software passkey signs");
    (
        challenge["challenge_id"].as_str().unwrap_or("").to_owned(),
        serde_json::to_value(answer).expect("json"),
    )
}

async fn passkey_sign_in(
    app: &TestApp,
    challenge_id: &str,
    credential: &Value,
) -> warp::http::Response<bytes::Bytes> {
    app.request(
        site_request("POST", "/api/staff/passkey/sign-in")
            .json(&body!({ "challenge_id": challenge_id, "credential": credential })),
    )
    .await
}

#[tokio::test]
async fn a_passkey_signs_in_alone_once_per_challenge_and_only_from_the_site() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let signed_in = sign_in_as(&app, EMAIL, PASSWORD).await;
    let browser = Browser::from_response(&signed_in);
    let mut key = SoftPasskey::new(true);
    // The first factor, set up with a passkey: the recovery codes come with it.
    let (credential_id, added) = add_passkey(&app, &browser, &mut key).await;
    assert_eq!(added["passkey"]["name"], "Office laptop");
    assert_eq!(added["recovery_codes"].as_array().map(Vec::len), Some(10));
    assert_eq!(
        app.request(browser.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::OK
    );

    let (challenge, answer) =
        passkey_answer(&app, &mut key, &credential_id, PASSKEY_ORIGIN, None).await;
    let signed = passkey_sign_in(&app, &challenge, &answer).await;
    assert_eq!(signed.status(), StatusCode::OK, "{:?}", signed.body());
    assert_eq!(json(&signed)["email"], EMAIL);
    assert_eq!(json(&signed)["second_factor"], "done");
    let by_passkey = Browser::from_response(&signed);
    assert_eq!(
        app.request(by_passkey.get("/api/staff/inbox/enquiries"))
            .await
            .status(),
        StatusCode::OK
    );
    let factors = app
        .request(by_passkey.get("/api/staff/account/factors"))
        .await;
    assert!(json(&factors)["passkeys"][0]["last_used_at"].is_string());

    // The same challenge again, with a new signature: refused.
    let (_, replay) = passkey_answer(&app, &mut key, &credential_id, PASSKEY_ORIGIN, None).await;
    assert_eq!(
        passkey_sign_in(&app, &challenge, &replay).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Signed for another site: refused.
    let (challenge, elsewhere) = passkey_answer(
        &app,
        &mut key,
        &credential_id,
        "https://evil.example",
        Some("evil.example"),
    )
    .await;
    let refused = passkey_sign_in(&app, &challenge, &elsewhere).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        json(&refused)["message"],
        "This passkey did not sign you in. Try again, or sign in with your password."
    );
    // Not from the site's own pages: refused before anything.
    let foreign = app
        .request(
            site_request("POST", "/api/staff/passkey/options")
                .header("origin", "https://evil.example")
                .json(&body!({})),
        )
        .await;
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_cloned_passkey_whose_counter_goes_back_is_refused() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let mut key = SoftPasskey::new(true);
    let (credential_id, _) = add_passkey(&app, &browser, &mut key).await;
    let (challenge, answer) =
        passkey_answer(&app, &mut key, &credential_id, PASSKEY_ORIGIN, None).await;
    assert_eq!(
        passkey_sign_in(&app, &challenge, &answer).await.status(),
        StatusCode::OK
    );
    // Another copy of the key signed in meanwhile, further on: the stored counter is ahead
    // of this one's.
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE staff_passkeys SET passkey = json_set(passkey, '$.cred.counter', 50)",
                [],
            )?;
            Ok(())
        })
        .await
        .expect("counter");
    let (challenge, behind) =
        passkey_answer(&app, &mut key, &credential_id, PASSKEY_ORIGIN, None).await;
    assert_eq!(
        passkey_sign_in(&app, &challenge, &behind).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn after_the_password_a_passkey_gives_the_second_factor_and_ends_the_waiting_session() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let mut key = SoftPasskey::new(true);
    let (credential_id, _) = add_passkey(&app, &browser, &mut key).await;

    let waiting = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert_eq!(json(&waiting)["second_factor"], "give");
    assert_eq!(
        json(&waiting)["second_factor_ways"],
        body!(["code", "passkey"])
    );
    let waiting = Browser::from_response(&waiting);
    // The waiting session's passkeys are named in the challenge: a key that keeps no
    // credential of its own (as this software one) is found by them.
    let options = app
        .request(
            site_request("POST", "/api/staff/passkey/options")
                .header("cookie", &waiting.cookie)
                .json(&body!({})),
        )
        .await;
    let challenge = json(&options);
    assert_eq!(
        challenge["options"]["publicKey"]["allowCredentials"][0]["id"],
        credential_id.as_str()
    );
    let request: RequestChallengeResponse =
        serde_json::from_value(challenge["options"].clone()).expect("request options");
    let answer = key
        .do_authentication(Url::parse(PASSKEY_ORIGIN).expect("url"), request)
        .expect("the software passkey signs");
    let challenge = challenge["challenge_id"].as_str().unwrap_or("").to_owned();
    let signed = app
        .request(
            site_request("POST", "/api/staff/passkey/sign-in")
                .header("cookie", &waiting.cookie)
                .json(&body!({ "challenge_id": challenge, "credential": answer })),
        )
        .await;
    assert_eq!(signed.status(), StatusCode::OK);
    assert_eq!(
        app.request(waiting.get("/api/staff/session"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED,
        "the session that waited is replaced"
    );
    let done = Browser::from_response(&signed);
    // Renamed, then removable only while another factor remains (recovery codes do not count).
    let factors = app.request(done.get("/api/staff/account/factors")).await;
    let id = json(&factors)["passkeys"][0]["id"].as_i64().expect("id");
    let renamed = app
        .request(
            done.change("PATCH", &format!("/api/staff/account/passkeys/{id}"))
                .json(&body!({ "name": "  Work phone " })),
        )
        .await;
    assert_eq!(json(&renamed)["name"], "Work phone");
    let empty = app
        .request(
            done.change("PATCH", &format!("/api/staff/account/passkeys/{id}"))
                .json(&body!({ "name": " " })),
        )
        .await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let last = app
        .request(done.change("DELETE", &format!("/api/staff/account/passkeys/{id}")))
        .await;
    assert_eq!(last.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_command_line_resets_the_factors_of_the_last_owner() {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    Browser::sign_in(&app).await;
    let data_dir = app.data_dir();
    let output = assert_cmd::Command::cargo_bin("corpsite")
        .expect("binary")
        .args(["staff", "reset-factors", EMAIL, "--data-dir"])
        .arg(&data_dir)
        .output()
        .expect("run");
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("removed the second factors"));
    let again = sign_in_as(&app, EMAIL, PASSWORD).await;
    assert_eq!(json(&again)["second_factor"], "set_up");
    let unknown = assert_cmd::Command::cargo_bin("corpsite")
        .expect("binary")
        .args([
            "staff",
            "reset-factors",
            "nobody@corp.example",
            "--data-dir",
        ])
        .arg(&data_dir)
        .output()
        .expect("run");
    assert!(!unknown.status.success());
}

#[tokio::test]
async fn the_security_notices_are_mailed_to_the_account_without_a_link() {
    use crate::support::{app_sending_to, html_body, parse, text_body, SmtpServer};
    let smtp = SmtpServer::start();
    let app = app_sending_to(&smtp, &[]);
    add_staff(&app, EMAIL, PASSWORD, false).await;
    add_staff_as(&app, "hr@corp.example", PASSWORD, false, Role::Recruiter).await;
    let owner = Browser::sign_in(&app).await;
    Browser::sign_in_with(&app, "hr@corp.example", PASSWORD).await;
    let codes = app
        .request(owner.change("POST", "/api/staff/account/recovery-codes"))
        .await;
    let code = json(&codes)["recovery_codes"][0]
        .as_str()
        .expect("a code")
        .to_owned();
    let waiting = Browser::from_response(&sign_in_as(&app, EMAIL, PASSWORD).await);
    let used = app
        .request(
            waiting
                .change("POST", "/api/staff/login/code")
                .json(&body!({ "code": code })),
        )
        .await;
    assert_eq!(used.status(), StatusCode::OK);
    let team = app.request(owner.get("/api/staff/team")).await;
    let hr_id = json(&team)["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .find(|m| m["email"] == "hr@corp.example")
        .and_then(|m| m["id"].as_i64())
        .expect("hr");
    let reset = app
        .request(owner.change(
            "POST",
            &format!("/api/staff/team/accounts/{hr_id}/reset-factors"),
        ))
        .await;
    assert_eq!(reset.status(), StatusCode::NO_CONTENT);

    // Each account's authenticator set up at its first sign-in, the new recovery codes, the
    // code used, the reset.
    let received = smtp.wait_for(5, std::time::Duration::from_secs(10));
    let mut mails: Vec<(String, String, String, String)> = received
        .iter()
        .map(|raw| {
            let mail = parse(raw);
            let to = mail
                .to()
                .and_then(|to| to.first())
                .and_then(|a| a.address())
                .unwrap_or("")
                .to_owned();
            (
                to,
                mail.subject().unwrap_or("").to_owned(),
                text_body(&mail),
                html_body(&mail),
            )
        })
        .collect();
    mails.sort();
    let sent: Vec<(&str, &str)> = mails
        .iter()
        .map(|(to, subject, _, _)| (to.as_str(), subject.as_str()))
        .collect();
    assert_eq!(
        sent,
        [
            (
                "hr@corp.example",
                "A second factor was added to your account"
            ),
            ("hr@corp.example", "Your second factor was reset"),
            (EMAIL, "A recovery code was used to sign in"),
            (EMAIL, "A second factor was added to your account"),
            (EMAIL, "New recovery codes were made"),
        ]
    );
    for (_, _, text, html) in &mails {
        assert!(text.contains("/staff/account"), "{text}");
        assert!(!html.contains("<a "), "no link to click: {html}");
    }
}

/// Moves every session's last confirmation (its password or factor) past the 5 minutes
/// in which it may change factors without giving one again.
async fn confirmed_long_ago(app: &TestApp) {
    app.db()
        .write(|conn| -> Result<(), corpsite::store::StoreError> {
            conn.execute(
                "UPDATE staff_sessions SET confirmed_at = confirmed_at - 301",
                [],
            )?;
            Ok(())
        })
        .await
        .expect("age the sessions");
}

const CONFIRM_FIRST: &str =
    "Please confirm it is you: type your password, or a code from your authenticator app.";

#[tokio::test]
async fn a_session_changes_its_factors_only_after_giving_its_password_again_and_each_change_is_mailed(
) {
    use crate::support::{html_body, parse, text_body, SmtpServer};
    let smtp = SmtpServer::start();
    let app = TestApp::with_settings(|settings| {
        settings.mail.smtp_url = Some(smtp.url().parse().expect("relay url"));
        settings.mail.from = Some(
            "Fidelitus Corp <hello@corp.example.com>"
                .parse()
                .expect("from"),
        );
    });
    let email = "sales@corp.example";
    add_staff_as(&app, email, PASSWORD, false, Role::Sales).await;
    // A session cookie taken from a browser that signed in a while ago.
    let stolen = Browser::sign_in_with(&app, email, PASSWORD).await;
    confirmed_long_ago(&app).await;
    for path in [
        "/api/staff/account/passkeys/options",
        "/api/staff/account/authenticator",
        "/api/staff/account/recovery-codes",
    ] {
        let refused = app.request(stolen.change("POST", path)).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{path}");
        assert_eq!(json(&refused)["message"], CONFIRM_FIRST, "{path}");
    }
    let factors = app.request(stolen.get("/api/staff/account/factors")).await;
    assert_eq!(json(&factors)["passkeys"], body!([]));

    // A wrong password is a wrong sign-in; the right one opens the next 5 minutes.
    let confirm = |password: &str| {
        stolen
            .change("POST", "/api/staff/account/confirm")
            .json(&body!({ "password": password }))
    };
    let wrong = app.request(confirm("not the password at all")).await;
    assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        json(&wrong)["errors"]["password"],
        "This is not your password."
    );
    let empty = app
        .request(
            stolen
                .change("POST", "/api/staff/account/confirm")
                .json(&body!({})),
        )
        .await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let right = app.request(confirm(PASSWORD)).await;
    assert_eq!(right.status(), StatusCode::NO_CONTENT, "{:?}", right.body());
    let mut key = SoftPasskey::new(true);
    add_passkey(&app, &stolen, &mut key).await;
    let actions = audit_actions(&app).await;
    assert!(actions.iter().any(|a| a == "confirmation failed"));
    assert!(actions.iter().any(|a| a == "confirmed it was them"));

    let received = smtp.wait_for(1, std::time::Duration::from_secs(10));
    let mail = parse(&received[0]);
    assert_eq!(
        mail.subject(),
        Some("A second factor was added to your account")
    );
    let to = mail
        .to()
        .and_then(|to| to.first())
        .and_then(|a| a.address());
    assert_eq!(to, Some(email));
    let text = text_body(&mail);
    assert!(
        text.contains("A passkey named \u{201c}Office laptop\u{201d} was added"),
        "{text}"
    );
    assert!(text.contains("change your password at once"), "{text}");
    assert!(text.contains("/staff/account"), "{text}");
    assert!(!html_body(&mail).contains("<a "), "no link to click");

    // Removing it asks again too once the 5 minutes are over, and is mailed.
    let id = json(&app.request(stolen.get("/api/staff/account/factors")).await)["passkeys"][0]
        ["id"]
        .as_i64()
        .expect("the passkey");
    confirmed_long_ago(&app).await;
    let path = format!("/api/staff/account/passkeys/{id}");
    let refused = app.request(stolen.change("DELETE", &path)).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        app.request(confirm(PASSWORD)).await.status(),
        StatusCode::NO_CONTENT
    );
    let removed = app.request(stolen.change("DELETE", &path)).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let received = smtp.wait_for(2, std::time::Duration::from_secs(10));
    let subjects: Vec<String> = received
        .iter()
        .map(|raw| parse(raw).subject().unwrap_or("").to_owned())
        .collect();
    assert!(
        subjects.contains(&"A second factor was removed from your account".to_owned()),
        "{subjects:?}"
    );
}

#[tokio::test]
async fn a_password_change_removes_the_passkeys_ticked_and_they_no_longer_sign_in() {
    let app = TestApp::new();
    add_staff_as(&app, "sales@corp.example", PASSWORD, false, Role::Sales).await;
    let browser = Browser::sign_in_with(&app, "sales@corp.example", PASSWORD).await;
    let mut key = SoftPasskey::new(true);
    let (credential_id, added) = add_passkey(&app, &browser, &mut key).await;
    let id = added["passkey"]["id"].as_i64().expect("id");
    let factors = json(&app.request(browser.get("/api/staff/account/factors")).await);
    let signed_in_at = factors["signed_in_at"].as_str().expect("when").to_owned();
    let created_at = factors["passkeys"][0]["created_at"]
        .as_str()
        .expect("added");
    assert!(
        created_at >= signed_in_at.as_str(),
        "{created_at} {signed_in_at}"
    );

    let change = |remove: Value| {
        browser.change("POST", "/api/staff/password").json(&body!({
            "current_password": PASSWORD,
            "new_password": "a brand new passphrase",
            "remove_passkeys": remove,
        }))
    };
    let unknown = app.request(change(body!([id + 100]))).await;
    assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(json(&unknown)["errors"]["remove_passkeys"].is_string());
    let changed = app.request(change(body!([id]))).await;
    assert_eq!(changed.status(), StatusCode::OK, "{:?}", changed.body());
    let now = Browser::from_response(&changed);
    let factors = json(&app.request(now.get("/api/staff/account/factors")).await);
    assert_eq!(factors["passkeys"], body!([]));
    let (challenge, answer) =
        passkey_answer(&app, &mut key, &credential_id, PASSKEY_ORIGIN, None).await;
    assert_eq!(
        passkey_sign_in(&app, &challenge, &answer).await.status(),
        StatusCode::UNAUTHORIZED,
        "the removed passkey signs in no more"
    );
    assert!(outbox_notices(&app)
        .await
        .contains(&("sales@corp.example".to_owned(), "factor-removed".to_owned())));
}
