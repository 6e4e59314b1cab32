//! `/api/staff/mail/...`: the outbox seen from the browser, retries, a test mail, and who gets
//! which lead. Every endpoint is the mail area's (`staff::endpoints`); every change is
//! audited in its own transaction.
//!
//! - `GET /api/staff/mail`: `MailStatus`: counts by state and kind, whether a relay is set,
//!   the failing and dead mails (newest first, `outbox::OVERVIEW_LINES` each) with the
//!   relay's answer. Never a mail's token.
//! - `POST /api/staff/mail/{id}/retry`: a dead or failing mail is queued again, due now.
//! - `POST /api/staff/mail/retry`: every dead mail, as `corpsite mail retry` does.
//! - `POST /api/staff/mail/test` `{to?}`: queues a test mail to `to` (the signed-in
//!   person's address when left out).
//! - `GET|PUT /api/staff/mail/routes`: `RoutesBody`, the rules for who gets which lead mail,
//!   read by the composer for each one (`store::mail_routes`), with what `--notify-to` says
//!   while no rule is set.

use bytes::Bytes;
use lettre::Address;
use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;

use crate::domain::fields::{Email, FieldErrors, ShortText};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::{invalid, json_bytes};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::http::state::AppState;
use crate::store::mail_routes::{self, Fallback, Route, KINDS};
use crate::store::outbox::{self, MailKind, MailLine};
use crate::store::{accounts, audit, StoreError};

/// The most rules the screen may set, and addresses in one rule.
pub const MAX_RULES: usize = 50;
pub const MAX_RECIPIENTS: usize = 10;

/// The outbox for the mail screen.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MailStatus {
    /// The relay mail goes through (without its password), or null: then nothing is sent and
    /// mail waits in the outbox until the server is started with `--smtp-url`.
    relay: Option<String>,
    /// The From address (`--mail-from`), or null (nothing is sent without it either).
    from: Option<String>,
    /// Mail is being sent: a relay and a From address are both set.
    sending: bool,
    counts: MailCounts,
    /// How many mails of each kind the outbox holds (any state).
    by_kind: Vec<KindCount>,
    /// Queued mails that failed at least once, newest first (at most 50).
    failing: Vec<MailLineJson>,
    /// Mails given up on, newest first (at most 50).
    dead: Vec<MailLineJson>,
    /// The newest test mails (at most 5), whatever became of them: sent, waiting, or the
    /// relay's answer.
    tests: Vec<MailLineJson>,
}

#[derive(Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MailCounts {
    queued: u64,
    sent: u64,
    dead: u64,
    dropped: u64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct KindCount {
    kind: String,
    count: u64,
}

/// One failing or dead mail.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MailLineJson {
    id: i64,
    /// lead, confirm, story, invite, reset or test.
    kind: String,
    state: String,
    /// Whom it is for: the address of a staff mail, the lead's or subscriber's name.
    to: String,
    attempts: u32,
    next_attempt_at: String,
    /// The relay's last answer.
    last_error: String,
    created_at: String,
}

/// What a retry or a test mail did, and the outbox after it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MailAction {
    message: String,
    status: MailStatus,
}

/// `POST /api/staff/mail/test`.
#[derive(Deserialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TestMailForm {
    /// The address to send it to; the signed-in person's when left out or empty.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    to: Option<String>,
}

/// One rule for who gets which lead mail.
#[derive(Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct MailRule {
    /// `enquiry` or `applicant`.
    #[cfg_attr(test, ts(type = "\"enquiry\" | \"applicant\""))]
    kind: String,
    /// A `department_website` (matched ignoring case), or "" for any department.
    #[serde(default)]
    department: String,
    recipients: Vec<String>,
}

/// `PUT /api/staff/mail/routes`: every rule, replacing those set before.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct RoutesForm {
    rules: Vec<MailRule>,
}

/// One `--notify-to` rule of the server's command line.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct NotifyToJson {
    /// The department it names, or null for every lead.
    department: Option<String>,
    to: String,
    /// No account of the team has this address (a colleague who left, say) and lead mail still
    /// goes there: true until the server's command line changes or rules here cover its leads.
    no_account: bool,
}

/// The rules, and what decides where no rule does.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct RoutesBody {
    rules: Vec<MailRule>,
    /// The server's `--notify-to`: it decides for the leads no rule here covers.
    notify_to: Vec<NotifyToJson>,
    /// The From address, which gets lead mails when nothing else is set.
    from: Option<String>,
    /// Departments the leads have named so far, to choose from.
    departments: Vec<String>,
    max_rules: usize,
    max_recipients: usize,
}

fn json_reply(status: StatusCode, value: &impl Serialize) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(value).map_err(ApiError::unexpected)?;
    Ok(json_bytes(status, Bytes::from(body)))
}

pub(super) async fn read_status(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    json_reply(StatusCode::OK, &outbox_status(&call.state).await?)
}

async fn outbox_status(state: &AppState) -> Result<MailStatus, ApiError> {
    let overview = state
        .db
        .read(|conn| outbox::overview(conn).map_err(StoreError::from))
        .await?;
    let mail = &state.settings.mail;
    let count = |state: &str| {
        overview
            .by_state
            .iter()
            .find(|(name, _)| name == state)
            .map_or(0, |(_, count)| *count)
    };
    let line = |line: MailLine| MailLineJson {
        id: line.id,
        kind: line.kind,
        state: line.state,
        to: line.to,
        attempts: line.attempts,
        next_attempt_at: line.next_attempt_at,
        last_error: line.last_error,
        created_at: line.created_at,
    };
    Ok(MailStatus {
        relay: mail.smtp_url.as_ref().map(ToString::to_string),
        from: mail.from.as_ref().map(ToString::to_string),
        sending: mail.smtp_url.is_some() && mail.from.is_some(),
        counts: MailCounts {
            queued: count("queued"),
            sent: count("sent"),
            dead: count("dead"),
            dropped: count("dropped"),
        },
        by_kind: overview
            .by_kind
            .iter()
            .map(|(kind, count)| KindCount {
                kind: kind.clone(),
                count: *count,
            })
            .collect(),
        failing: overview.failing.into_iter().map(line).collect(),
        dead: overview.dead.into_iter().map(line).collect(),
        tests: overview.tests.into_iter().map(line).collect(),
    })
}

/// What becomes of queued mail: "it goes out within seconds", or why it waits.
fn when_sent(state: &AppState) -> &'static str {
    let mail = &state.settings.mail;
    match (&mail.smtp_url, &mail.from) {
        (Some(_), Some(_)) => "the server sends it within seconds",
        (None, _) => "it waits in the outbox: the server has no relay (--smtp-url)",
        (Some(_), None) => "it waits in the outbox: the server has no From address (--mail-from)",
    }
}

async fn action_reply(
    state: &AppState,
    status: StatusCode,
    message: String,
) -> Result<Response, ApiError> {
    let status_now = outbox_status(state).await?;
    json_reply(
        status,
        &MailAction {
            message,
            status: status_now,
        },
    )
}

pub(super) async fn retry_all(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let state = call.state;
    let count = state
        .db
        .write(move |conn| -> Result<usize, ApiError> {
            // The same as `corpsite mail retry`.
            let count = outbox::retry_dead(conn).map_err(ApiError::unexpected)?;
            let detail = format!("{count} mail(s)");
            audit::record(conn, &staff.audit("retried dead mail", "outbox", &detail))
                .map_err(ApiError::unexpected)?;
            Ok(count)
        })
        .await?;
    let message = if count == 0 {
        "There was no dead mail to retry.".to_owned()
    } else {
        format!("{count} dead mail(s) queued again: {}.", when_sent(&state))
    };
    action_reply(&state, StatusCode::OK, message).await
}

pub(super) async fn retry_one(call: Call, staff: Staff) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound("No dead or failing mail has this number.".into());
    let id: i64 = call.param("id").parse().map_err(|_| not_found())?;
    let state = call.state;
    let retried = state
        .db
        .write(move |conn| -> Result<bool, ApiError> {
            if !outbox::retry_one(conn, id).map_err(ApiError::unexpected)? {
                return Ok(false);
            }
            let subject = format!("mail #{id}");
            audit::record(conn, &staff.audit("retried a mail", &subject, ""))
                .map_err(ApiError::unexpected)?;
            Ok(true)
        })
        .await?;
    if !retried {
        return Err(not_found());
    }
    let message = format!("Mail #{id} queued again: {}.", when_sent(&state));
    action_reply(&state, StatusCode::OK, message).await
}

/// A deliverable address: the shape the forms take, and one the relay can be given.
fn parse_address(raw: &str) -> Result<String, String> {
    let email = Email::parse(raw).map_err(|err| err.to_string())?;
    let text = email.as_ref().to_owned();
    text.parse::<Address>()
        .map_err(|_| format!("{text:?} is not an address mail can go to."))?;
    Ok(text)
}

pub(super) async fn send_test(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: TestMailForm = call.json().await?;
    let state = call.state;
    let asked = form.to.unwrap_or_default();
    let raw = if asked.trim().is_empty() {
        staff.email.clone()
    } else {
        asked
    };
    let to = parse_address(&raw).map_err(|problem| invalid(FieldErrors::one("to", problem)))?;
    let queued_to = to.clone();
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            // The account's id, so the mail can say who asked for it.
            let about = staff.id.to_string();
            outbox::enqueue_staff_mail(conn, MailKind::Test, &about, &queued_to, None)
                .map_err(ApiError::unexpected)?;
            audit::record(conn, &staff.audit("sent a test mail", &queued_to, ""))
                .map_err(ApiError::unexpected)?;
            Ok(())
        })
        .await?;
    let message = format!("A test mail to {to} is queued: {}.", when_sent(&state));
    action_reply(&state, StatusCode::ACCEPTED, message).await
}

pub(super) async fn read_routes(call: Call, _staff: Staff) -> Result<Response, ApiError> {
    routes_reply(&call.state).await
}

/// The server's `--notify-to`, as the routes' store takes it.
pub(crate) fn fallbacks(state: &AppState) -> Vec<Fallback> {
    state
        .settings
        .mail
        .notify_to
        .iter()
        .map(|rule| Fallback {
            department: rule.department.clone(),
            to: rule.to.email.to_string(),
        })
        .collect()
}

async fn routes_reply(state: &AppState) -> Result<Response, ApiError> {
    let (routes, departments, team) = state
        .db
        .read(|conn| {
            Ok((
                mail_routes::all(conn)?,
                mail_routes::known_departments(conn)?,
                accounts::accounts(conn)?,
            ))
        })
        .await?;
    let mail = &state.settings.mail;
    let notify_to = fallbacks(state);
    // Flagged only while the flag still decides some lead for it: once the screen's rules
    // cover those leads (a leaver's handed over, say), nothing goes there any more.
    let stranger = |address: &str| {
        !team
            .iter()
            .any(|account| account.email.eq_ignore_ascii_case(address))
            && mail_routes::reaching(&routes, &notify_to, address)
                .iter()
                .any(|reach| reach.notify_to)
    };
    let body = RoutesBody {
        notify_to: mail
            .notify_to
            .iter()
            .map(|rule| NotifyToJson {
                department: rule.department.clone(),
                to: rule.to.to_string(),
                no_account: stranger(rule.to.email.as_ref()),
            })
            .collect(),
        rules: routes
            .into_iter()
            .map(|route| MailRule {
                kind: route.kind,
                department: route.department,
                recipients: route.recipients,
            })
            .collect(),
        from: mail.from.as_ref().map(ToString::to_string),
        departments,
        max_rules: MAX_RULES,
        max_recipients: MAX_RECIPIENTS,
    };
    json_reply(StatusCode::OK, &body)
}

/// The rules as stored, or every problem, each named by its rule (`rules[2].recipients`).
fn check_rules(rules: Vec<MailRule>) -> Result<Vec<Route>, FieldErrors> {
    let mut errors = FieldErrors::default();
    if rules.len() > MAX_RULES {
        errors.note(
            "rules",
            format!("At most {MAX_RULES} rules: put the addresses of one kind and department in one rule."),
        );
        return Err(errors);
    }
    let mut routes: Vec<Route> = Vec::with_capacity(rules.len());
    for (index, rule) in rules.into_iter().enumerate() {
        let number = index + 1;
        let field = |name: &str| format!("rules[{index}].{name}");
        let kind = rule.kind.trim().to_lowercase();
        if !KINDS.contains(&kind.as_str()) {
            errors.note(
                &field("kind"),
                format!("Rule {number}: choose enquiry or applicant."),
            );
        }
        let department = match ShortText::parse(&rule.department) {
            Ok(text) => text.as_ref().to_owned(),
            Err(err) => {
                errors.note(&field("department"), format!("Rule {number}: {err}"));
                String::new()
            }
        };
        let mut recipients: Vec<String> = Vec::new();
        let mut bad: Vec<String> = Vec::new();
        for raw in rule.recipients.iter().filter(|raw| !raw.trim().is_empty()) {
            match parse_address(raw) {
                Ok(address) => {
                    if !recipients.iter().any(|r| r.eq_ignore_ascii_case(&address)) {
                        recipients.push(address);
                    }
                }
                Err(_) => bad.push(raw.trim().chars().take(80).collect()),
            }
        }
        if !bad.is_empty() {
            errors.note(
                &field("recipients"),
                format!(
                    "Rule {number}: not an email address: {}. Write each like name@example.com.",
                    bad.join(", ")
                ),
            );
        } else if recipients.is_empty() {
            errors.note(
                &field("recipients"),
                format!("Rule {number}: add at least one address."),
            );
        } else if recipients.len() > MAX_RECIPIENTS {
            errors.note(
                &field("recipients"),
                format!("Rule {number}: at most {MAX_RECIPIENTS} addresses."),
            );
        }
        if let Some(earlier) = routes.iter().position(|route| {
            route.kind == kind && route.department.eq_ignore_ascii_case(&department)
        }) {
            errors.note(
                &field("department"),
                format!(
                    "Rule {number} is for the same leads as rule {}: put their addresses in one rule.",
                    earlier + 1
                ),
            );
        }
        routes.push(Route {
            kind,
            department,
            recipients,
        });
    }
    if errors.is_empty() {
        Ok(routes)
    } else {
        Err(errors)
    }
}

/// How the rules read in the audit log: `enquiry/any: a@x, b@y; applicant/HR: c@z`.
fn summary(routes: &[Route]) -> String {
    if routes.is_empty() {
        return "no rule: --notify-to decides".into();
    }
    routes
        .iter()
        .map(|route| {
            let department = if route.department.is_empty() {
                "any department"
            } else {
                &route.department
            };
            format!(
                "{}/{department}: {}",
                route.kind,
                route.recipients.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

pub(super) async fn save_routes(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let form: RoutesForm = call.json().await?;
    let state = call.state;
    let routes = check_rules(form.rules).map_err(invalid)?;
    state
        .db
        .write(move |conn| -> Result<(), ApiError> {
            mail_routes::replace(conn, &routes).map_err(ApiError::unexpected)?;
            let detail = summary(&routes);
            audit::record(
                conn,
                &staff.audit("set who gets lead mail", "mail routes", &detail),
            )
            .map_err(ApiError::unexpected)?;
            Ok(())
        })
        .await?;
    routes_reply(&state).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(kind: &str, department: &str, to: &[&str]) -> MailRule {
        MailRule {
            kind: kind.into(),
            department: department.into(),
            recipients: to.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn rules_are_checked_each_problem_named_by_its_rule() {
        let errors = check_rules(vec![
            rule("enquiry", "Corp Team", &["office@example.com"]),
            rule("visitor", "", &["a@example.com"]),
            rule("applicant", "", &["not an address", "ok@example.com"]),
            rule("enquiry", "corp team", &["b@example.com"]),
            rule("applicant", "HR", &[" "]),
        ])
        .expect_err("bad rules")
        .into_map();
        assert_eq!(
            errors.keys().map(String::as_str).collect::<Vec<_>>(),
            [
                "rules[1].kind",
                "rules[2].recipients",
                "rules[3].department",
                "rules[4].recipients"
            ]
        );
        assert!(errors["rules[2].recipients"].contains("not an address"));
        assert!(errors["rules[3].department"].contains("rule 1"));
        let too_many: Vec<MailRule> = (0..=MAX_RULES)
            .map(|n| rule("enquiry", &format!("D{n}"), &["a@example.com"]))
            .collect();
        assert!(check_rules(too_many)
            .expect_err("too many")
            .into_map()
            .contains_key("rules"));
    }

    #[test]
    fn good_rules_are_trimmed_and_their_addresses_kept_once() {
        let routes = check_rules(vec![rule(
            " Applicant ",
            " Corp Careers ",
            &["hr@example.com", " HR@example.com ", ""],
        )])
        .expect("good");
        assert_eq!(
            routes,
            vec![Route {
                kind: "applicant".into(),
                department: "Corp Careers".into(),
                recipients: vec!["hr@example.com".into()],
            }]
        );
    }
}
