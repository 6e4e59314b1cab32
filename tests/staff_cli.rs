//! `corpsite staff ...` and `corpsite leads erase` on the real binary.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::process::BINARY;
use crate::common::TestApp;
use crate::leads_support::{
    contact, enquiries, file, fixture, post_application, post_json, subscription, upload_files,
    with_application,
};
use corpsite::domain::staff::verify_password;
use corpsite::store::accounts;
use corpsite::store::sessions;

fn corpsite(args: &[&str], data_dir: &Path, stdin: Option<&str>) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run corpsite");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("wait")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn staff_add_prints_a_one_time_password_that_verifies_and_must_be_changed() {
    let dir = tempfile::tempdir().expect("dir");
    let added = corpsite(
        &[
            "staff",
            "add",
            "Office@Corp.Example",
            "--name",
            "Front Office",
        ],
        dir.path(),
        None,
    );
    assert!(added.status.success(), "{added:?}");
    let printed = stdout(&added);
    let password = printed
        .lines()
        .last()
        .expect("password line")
        .trim()
        .to_owned();
    assert_eq!(password.chars().count(), 16, "{printed}");

    let conn = corpsite::store::open_for_cli(dir.path()).expect("open");
    let account = accounts::account_by_email(&conn, "office@corp.example")
        .expect("read")
        .expect("account");
    assert!(account.must_change_password);
    assert!(verify_password(&password, &account.password_hash));
    assert!(account.password_hash.starts_with("$argon2id$"));

    let again = corpsite(
        &["staff", "add", "office@corp.example", "--name", "Twice"],
        dir.path(),
        None,
    );
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already an account"));

    let listed = stdout(&corpsite(&["staff", "list"], dir.path(), None));
    assert!(
        listed.contains("Office@Corp.Example\tFront Office\t"),
        "{listed}"
    );
    assert!(listed.contains("one-time password"), "{listed}");
}

#[test]
fn a_password_from_stdin_is_held_to_the_rules_and_reset_password_replaces_it() {
    let dir = tempfile::tempdir().expect("dir");
    let short = corpsite(
        &[
            "staff",
            "add",
            "a@corp.example",
            "--name",
            "A",
            "--password-stdin",
        ],
        dir.path(),
        Some("too short\n"),
    );
    assert!(!short.status.success());
    assert!(String::from_utf8_lossy(&short.stderr).contains("at least 12"));
    let added = corpsite(
        &[
            "staff",
            "add",
            "a@corp.example",
            "--name",
            "A",
            "--role",
            "Editor",
            "--password-stdin",
        ],
        dir.path(),
        Some("a long enough passphrase\n"),
    );
    assert!(added.status.success(), "{added:?}");
    let listed = stdout(&corpsite(&["staff", "list"], dir.path(), None));
    assert_eq!(listed.split('\t').nth(2), Some("editor"), "{listed}");
    assert!(
        !stdout(&added).contains("a long enough passphrase"),
        "the password is not echoed"
    );

    let reset = corpsite(
        &["staff", "reset-password", "A@corp.example"],
        dir.path(),
        None,
    );
    assert!(reset.status.success(), "{reset:?}");
    let new_password = stdout(&reset)
        .lines()
        .last()
        .unwrap_or("")
        .trim()
        .to_owned();
    let conn = corpsite::store::open_for_cli(dir.path()).expect("open");
    let account = accounts::account_by_email(&conn, "a@corp.example")
        .expect("read")
        .expect("account");
    assert!(verify_password(&new_password, &account.password_hash));
    assert!(!verify_password(
        "a long enough passphrase",
        &account.password_hash
    ));

    let removed = corpsite(&["staff", "remove", "a@corp.example"], dir.path(), None);
    assert!(removed.status.success(), "{removed:?}");
    assert!(stdout(&corpsite(&["staff", "list"], dir.path(), None)).is_empty());
    let audit = stdout(&corpsite(&["staff", "audit"], dir.path(), None));
    let actions: Vec<&str> = audit.lines().filter_map(|l| l.split('\t').nth(2)).collect();
    assert_eq!(
        actions,
        [
            "removed an account",
            "reset password",
            "added staff account"
        ]
    );
    assert!(
        !corpsite(&["staff", "remove", "a@corp.example"], dir.path(), None)
            .status
            .success()
    );
}

#[test]
fn the_last_owner_is_never_removed_and_a_role_must_exist() {
    let dir = tempfile::tempdir().expect("dir");
    let owner = corpsite(
        &["staff", "add", "boss@corp.example", "--name", "Boss"],
        dir.path(),
        None,
    );
    assert!(owner.status.success(), "{owner:?}");
    let listed = stdout(&corpsite(&["staff", "list"], dir.path(), None));
    assert_eq!(
        listed.split('\t').nth(2),
        Some("owner"),
        "owner by default: {listed}"
    );
    let refused = corpsite(&["staff", "remove", "boss@corp.example"], dir.path(), None);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("at least one owner"),
        "{refused:?}"
    );
    let unknown = corpsite(
        &[
            "staff",
            "add",
            "x@corp.example",
            "--name",
            "X",
            "--role",
            "admin",
        ],
        dir.path(),
        None,
    );
    assert!(!unknown.status.success());
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("not a role"),
        "{unknown:?}"
    );
    // A second owner lets the first go.
    let second = corpsite(
        &[
            "staff",
            "add",
            "two@corp.example",
            "--name",
            "Two",
            "--role",
            "owner",
            "--role",
            "sales",
        ],
        dir.path(),
        None,
    );
    assert!(second.status.success(), "{second:?}");
    let removed = corpsite(&["staff", "remove", "boss@corp.example"], dir.path(), None);
    assert!(removed.status.success(), "{removed:?}");
}

#[test]
fn sessions_are_listed_and_revoked_by_key_or_email() {
    let dir = tempfile::tempdir().expect("dir");
    assert!(corpsite(
        &["staff", "add", "a@corp.example", "--name", "A"],
        dir.path(),
        None
    )
    .status
    .success());
    {
        let conn = corpsite::store::open_for_cli(dir.path()).expect("open");
        let id = accounts::account_by_email(&conn, "a@corp.example")
            .expect("read")
            .expect("account")
            .id;
        let now = jiff::Timestamp::now().as_second();
        for (digest, agent) in [
            ("aaaaaaaaaaaaaaaa", "Firefox"),
            ("bbbbbbbbbbbbbbbb", "Chromium"),
        ] {
            let session = sessions::NewSession {
                token_hash: digest,
                staff_id: id,
                csrf_token: "c",
                client_addr: "192.0.2.4",
                user_agent: agent,
                factor_given: true,
            };
            sessions::create_session(&conn, &session, now).expect("session");
        }
    }
    let listed = stdout(&corpsite(&["staff", "sessions"], dir.path(), None));
    assert_eq!(listed.lines().count(), 2, "{listed}");
    assert!(
        listed.contains("aaaaaaaaaaaa\ta@corp.example\t") && listed.contains("Chromium"),
        "{listed}"
    );
    let one = corpsite(
        &["staff", "sessions", "--revoke", "aaaaaaaaaaaa"],
        dir.path(),
        None,
    );
    assert!(stdout(&one).contains("ended 1 session"), "{one:?}");
    let all = corpsite(
        &["staff", "sessions", "--revoke", "A@corp.example"],
        dir.path(),
        None,
    );
    assert!(stdout(&all).contains("ended 1 session"), "{all:?}");
    assert!(stdout(&corpsite(&["staff", "sessions"], dir.path(), None)).is_empty());
}

#[tokio::test]
async fn leads_erase_removes_every_record_of_one_person_and_their_resume() {
    let app = TestApp::new();
    // The application is from ravi@example.com; so are these, in other cases.
    let mut theirs = contact();
    theirs["email"] = "Ravi@Example.com".into();
    post_json(&app, &theirs).await;
    post_json(&app, &subscription("ravi@example.COM")).await;
    post_json(&app, &contact()).await;
    let application = post_application(
        &app,
        &with_application(file("cv.png", fixture("resume.png"))),
    )
    .await;
    assert_eq!(application.status(), 201);
    assert_eq!(upload_files(&app.data_dir()).len(), 1);
    let data_dir = app.data_dir();

    let erased = corpsite(&["leads", "erase", "RAVI@example.com"], &data_dir, None);
    assert!(erased.status.success(), "{erased:?}");
    assert!(
        stdout(&erased).contains("erased 2 enquiries or subscriptions, 1 applications"),
        "{}",
        stdout(&erased)
    );
    let left: Vec<String> = enquiries(&app).into_iter().map(|e| e.email).collect();
    assert_eq!(left, ["asha@example.com"]);
    assert!(upload_files(&data_dir).is_empty());
    let audit = stdout(&corpsite(&["staff", "audit"], &data_dir, None));
    assert!(
        audit.contains("command line\terased\ta person's records"),
        "{audit}"
    );
    assert!(
        !audit.to_lowercase().contains("ravi"),
        "the audit log keeps no address: {audit}"
    );
}

/// What strangers type reaches the audit log (a failed sign-in's address) and the sessions (a
/// browser's user agent): printed raw, a line break would forge a line of the log, a tab a
/// column, and a terminal escape would set the operator's window title.
#[tokio::test]
async fn the_audit_prints_what_strangers_typed_escaped_one_entry_a_line() {
    use crate::common::staff::{add_staff, sign_in_as, EMAIL, PASSWORD};
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let typed = "x@y\r\n2026-01-01 00:00:00\tcommand line\tadded staff account\tevil@x\u{1b}]0;owned\u{7}\u{9b}2J\u{202e}";
    let response = sign_in_as(&app, typed, "wrong password").await;
    assert_eq!(response.status(), 401);

    let audit = stdout(&corpsite(&["staff", "audit"], &app.data_dir(), None));
    assert!(
        !audit.contains(['\u{1b}', '\u{7}', '\u{9b}', '\r', '\u{202e}']),
        "no raw control character: {audit:?}"
    );
    let failed: Vec<&str> = audit
        .lines()
        .filter(|line| line.contains("sign-in failed"))
        .collect();
    assert_eq!(failed.len(), 1, "{audit}");
    let columns: Vec<&str> = failed[0].split('\t').collect();
    assert_eq!(columns.len(), 6, "six columns: {:?}", failed[0]);
    assert_eq!(
        columns[1],
        r"x@y\r\n2026-01-01 00:00:00\tcommand line\tadded staff account\tevil@x\u{1b}]0;owned\u{7}\u{9b}2j\u{202e}",
        "the address as typed (folded), its controls escaped"
    );
}
