//! Replies from the inbox: the composer's form, the templates' words and their placeholders,
//! the subject a reply starts with, and the first-reply figures (how long a lead waited, a
//! working day, the median and the 90th percentile).

use jiff::civil::Weekday;
use jiff::{SignedDuration, Timestamp};

use crate::domain::fields::{line, FieldError, FieldErrors};
use crate::domain::inbox::InboxList;
use crate::domain::office_time::OfficeZone;

/// A reply's subject and a template's, in characters.
pub const SUBJECT_MAX_CHARS: usize = 200;
/// A reply's text and a template's.
pub const TEXT_MAX_CHARS: usize = 10_000;
/// A template's name.
pub const NAME_MAX_CHARS: usize = 80;
/// Templates of one list.
pub const TEMPLATES_MAX: usize = 100;

/// The placeholders a template may hold, each filled when a reply starts from it.
pub const PLACEHOLDERS: [&str; 4] = ["name", "reference", "department", "staff"];

/// How a reply reaches the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// Sent through the outbox.
    Mail,
    /// A WhatsApp chat opened with the words; the staff member sends it there.
    WhatsApp,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Mail => "mail",
            Channel::WhatsApp => "whatsapp",
        }
    }

    pub fn parse(text: &str) -> Option<Channel> {
        match text {
            "" | "mail" => Some(Channel::Mail),
            "whatsapp" => Some(Channel::WhatsApp),
            _ => None,
        }
    }
}

/// The lists a reply (and a template) is for: the people who wrote to the office.
pub fn replies_to(list: InboxList) -> bool {
    matches!(list, InboxList::Enquiries | InboxList::Applicants)
}

/// The composer's form, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReply {
    pub channel: Channel,
    pub subject: String,
    pub text: String,
    pub template: Option<String>,
    /// When the composer opened (the detail's `read_at`): a note or a reply added by someone
    /// else after it stops the send.
    pub seen: String,
}

/// Checks the composer's form; every bad field is named.
pub fn parse_reply(
    channel: &str,
    subject: &str,
    text: &str,
    template: Option<&str>,
    seen: &str,
) -> Result<NewReply, FieldErrors> {
    let mut errors = FieldErrors::default();
    let channel = Channel::parse(channel);
    if channel.is_none() {
        errors.add("channel", FieldError::Choice("Choose mail or whatsapp."));
    }
    let subject = match channel {
        // A chat has no subject.
        Some(Channel::WhatsApp) => Some(String::new()),
        _ => errors.check("subject", line(subject, SUBJECT_MAX_CHARS, true)),
    };
    let text = errors.check("text", body(text));
    let template = match template.map(str::trim).filter(|t| !t.is_empty()) {
        None => Some(None),
        Some(name) => errors
            .check("template", line(name, NAME_MAX_CHARS, false))
            .map(Some),
    };
    let seen = match crate::domain::utc::parse_rfc3339(seen) {
        Some(at) => Some(stored_time(at)),
        None => {
            errors.add(
                "seen",
                FieldError::Choice(
                    "Give the time the composer opened, as the lead's detail gave it (read_at).",
                ),
            );
            None
        }
    };
    match (channel, subject, text, template, seen) {
        (Some(channel), Some(subject), Some(text), Some(template), Some(seen))
            if errors.is_empty() =>
        {
            Ok(NewReply {
                channel,
                subject,
                text,
                template,
                seen,
            })
        }
        _ => Err(errors),
    }
}

/// A time as the store writes it (`2026-11-26T04:06:00.000Z`), so stored times compare with
/// it as text.
pub fn stored_time(at: Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// A reply's or template's text: trimmed, required, bounded; lines and tabs kept.
fn body(text: &str) -> Result<String, FieldError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(FieldError::Required);
    }
    if trimmed.chars().count() > TEXT_MAX_CHARS {
        return Err(FieldError::TooLong {
            max: TEXT_MAX_CHARS,
        });
    }
    if trimmed
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(FieldError::ControlCharacter);
    }
    Ok(trimmed.replace("\r\n", "\n"))
}

/// The subject a reply starts with: "Re: " and what the lead is about.
pub fn default_subject(list: InboxList, department: &str, site: &str) -> String {
    let about = match list {
        InboxList::Applicants => "Your job application",
        _ => "Your enquiry",
    };
    if department.trim().is_empty() {
        format!("Re: {about} to {site}")
    } else {
        format!("Re: {about} to {site} ({})", department.trim())
    }
}

/// One template as the office keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub list: InboxList,
    /// Empty: every department of the list.
    pub department: String,
    pub name: String,
    pub subject: String,
    pub text: String,
}

/// The placeholders `text` names that are not among `PLACEHOLDERS`, in order, each once.
/// A placeholder is `{word}`; a lone brace is text.
pub fn unknown_placeholders(text: &str) -> Vec<String> {
    let mut unknown: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let word = &after[..close];
        if !word.is_empty()
            && !word.contains('{')
            && word
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            if !PLACEHOLDERS.contains(&word) && !unknown.iter().any(|u| u == word) {
                unknown.push(word.to_owned());
            }
            rest = &after[close + 1..];
        } else {
            rest = after;
        }
    }
    unknown
}

/// Checks one list's templates as the templates screen sends them (`prefix` names the field:
/// `templates.2.text`); two of one department with one name are refused.
pub fn parse_templates(
    list: InboxList,
    given: &[(String, String, String, String)],
) -> Result<Vec<Template>, FieldErrors> {
    let mut errors = FieldErrors::default();
    if given.len() > TEMPLATES_MAX {
        errors.note(
            "templates",
            format!("A list keeps at most {TEMPLATES_MAX} templates."),
        );
    }
    let mut kept: Vec<Template> = Vec::new();
    for (i, (department, name, subject, text)) in given.iter().enumerate() {
        let field = |f: &str| format!("templates.{i}.{f}");
        let department = errors.check(&field("department"), line(department, 200, false));
        let name = errors.check(&field("name"), line(name, NAME_MAX_CHARS, true));
        let subject = errors.check(&field("subject"), line(subject, SUBJECT_MAX_CHARS, false));
        let text = errors.check(&field("text"), body(text));
        for (part, value) in [("subject", &subject), ("text", &text)] {
            if let Some(value) = value {
                let unknown = unknown_placeholders(value);
                if !unknown.is_empty() {
                    errors.note(
                        &field(part),
                        format!(
                            "{} is not a placeholder: use {}.",
                            unknown
                                .iter()
                                .map(|u| format!("{{{u}}}"))
                                .collect::<Vec<_>>()
                                .join(", "),
                            PLACEHOLDERS
                                .iter()
                                .map(|p| format!("{{{p}}}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
            }
        }
        if let (Some(department), Some(name), Some(subject), Some(text)) =
            (department, name, subject, text)
        {
            if kept
                .iter()
                .any(|t| t.department.eq_ignore_ascii_case(&department) && t.name == name)
            {
                errors.note(
                    &field("name"),
                    "Another template of this department has this name.",
                );
            }
            kept.push(Template {
                list,
                department,
                name,
                subject,
                text,
            });
        }
    }
    errors.or_value(kept)
}

/// What a template's placeholders are filled with.
pub struct Filling<'a> {
    pub name: &'a str,
    pub reference: &'a str,
    pub department: &'a str,
    pub staff: &'a str,
}

/// `text` with each known placeholder filled.
pub fn fill(text: &str, with: &Filling<'_>) -> String {
    text.replace("{name}", with.name)
        .replace("{reference}", with.reference)
        .replace("{department}", with.department)
        .replace("{staff}", with.staff)
}

/// The instant a lead that came in at `at` has waited a working day: the same time of the
/// office's next weekday (Monday to Friday); one that came in on a Saturday or a Sunday, the
/// same time on Monday.
pub fn working_day_after(at: Timestamp, zone: &OfficeZone) -> Timestamp {
    let mut due = at.to_zoned(zone.time_zone().clone());
    loop {
        due = match due.tomorrow() {
            Ok(next) => next,
            Err(_) => return at,
        };
        if !matches!(due.weekday(), Weekday::Saturday | Weekday::Sunday) {
            return due.timestamp();
        }
    }
}

/// How long a lead waited for its first reply.
pub fn waited(created_at: &str, first_reply_at: &str) -> Option<SignedDuration> {
    let created: Timestamp = created_at.parse().ok()?;
    let replied: Timestamp = first_reply_at.parse().ok()?;
    Some(replied.duration_since(created).max(SignedDuration::ZERO))
}

/// The `p`th percentile (0 to 100) of `sorted` (ascending), nearest rank; `None` when empty.
pub fn percentile(sorted: &[i64], p: u32) -> Option<i64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (u64::from(p) * sorted.len() as u64).div_ceil(100).max(1) as usize;
    sorted.get(rank - 1).copied()
}

/// One lead as the first-reply report counts it: its department, when it came and when it
/// was first answered (stored times).
pub struct Waited<'a> {
    pub department: &'a str,
    pub created_at: &'a str,
    pub first_reply_at: Option<&'a str>,
}

/// One department's week (Monday to Sunday in the office's zone) of first replies.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FirstReplyWeek"))]
pub struct FirstReplyWeek {
    /// The week's Monday, `YYYY-MM-DD`.
    pub week: String,
    pub department: String,
    /// Leads that came in that week.
    pub leads: usize,
    /// Of those, answered.
    pub answered: usize,
    /// The median and the 90th percentile of the answered ones' wait, in minutes.
    pub median_minutes: Option<i64>,
    pub p90_minutes: Option<i64>,
    /// Answered after more than a working day, or still waiting past one.
    pub over_a_working_day: usize,
}

/// The report's first-reply figures per department and week, weeks oldest first and
/// departments by name; `now` decides whether an unanswered lead has waited a working day.
pub fn first_reply_weeks(
    leads: &[Waited<'_>],
    zone: &OfficeZone,
    now: Timestamp,
) -> Vec<FirstReplyWeek> {
    use std::collections::BTreeMap;
    let mut weeks: BTreeMap<(String, String), (usize, Vec<i64>, usize)> = BTreeMap::new();
    for lead in leads {
        let Ok(created) = lead.created_at.parse::<Timestamp>() else {
            continue;
        };
        let local = created.to_zoned(zone.time_zone().clone()).date();
        let monday = local
            .checked_sub(jiff::Span::new().days(i64::from(local.weekday().to_monday_zero_offset())))
            .unwrap_or(local);
        let entry = weeks
            .entry((monday.to_string(), lead.department.trim().to_owned()))
            .or_default();
        entry.0 += 1;
        let due = working_day_after(created, zone);
        let replied = lead
            .first_reply_at
            .and_then(|at| at.parse::<Timestamp>().ok());
        if let Some(replied) = replied {
            entry.1.push(
                replied
                    .duration_since(created)
                    .max(SignedDuration::ZERO)
                    .as_mins(),
            );
        }
        if replied.unwrap_or(now) > due {
            entry.2 += 1;
        }
    }
    weeks
        .into_iter()
        .map(|((week, department), (leads, mut waits, over))| {
            waits.sort_unstable();
            FirstReplyWeek {
                week,
                department,
                leads,
                answered: waits.len(),
                median_minutes: percentile(&waits, 50),
                p90_minutes: percentile(&waits, 90),
                over_a_working_day: over,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_replies_are_summed_per_department_and_office_week() {
        let zone = OfficeZone::parse("Asia/Kolkata").expect("zone");
        let lead = |department, created_at, first_reply_at| Waited {
            department,
            created_at,
            first_reply_at,
        };
        let leads = [
            // Monday 23 Nov: answered in 30 and 90 minutes, and on Wednesday (over a day).
            lead(
                "Corp Team",
                "2026-11-23T04:30:00Z",
                Some("2026-11-23T05:00:00Z"),
            ),
            lead(
                "Corp Team",
                "2026-11-23T04:30:00Z",
                Some("2026-11-23T06:00:00Z"),
            ),
            lead(
                "Corp Team",
                "2026-11-23T04:30:00Z",
                Some("2026-11-25T04:30:00Z"),
            ),
            // Sunday 29 Nov 23:00 IST is still the week of the 23rd; unanswered, not yet due.
            lead("Corp Team", "2026-11-29T17:30:00Z", None),
            // Another department; the week of the 30th by the office's clock.
            lead("Corp Careers", "2026-11-29T19:00:00Z", None),
        ];
        let now: Timestamp = "2026-11-30T10:00:00Z".parse().expect("now");
        let weeks = first_reply_weeks(&leads, &zone, now);
        assert_eq!(
            weeks,
            [
                FirstReplyWeek {
                    week: "2026-11-23".into(),
                    department: "Corp Team".into(),
                    leads: 4,
                    answered: 3,
                    median_minutes: Some(90),
                    p90_minutes: Some(2880),
                    over_a_working_day: 1,
                },
                FirstReplyWeek {
                    week: "2026-11-30".into(),
                    department: "Corp Careers".into(),
                    leads: 1,
                    answered: 0,
                    median_minutes: None,
                    p90_minutes: None,
                    over_a_working_day: 0,
                },
            ]
        );
    }

    #[test]
    fn unknown_placeholders_are_named_once_each_and_lone_braces_are_text() {
        assert_eq!(
            unknown_placeholders("Dear {name}, {ref} {nme} {ref} { x } {} {reference}"),
            ["ref", "nme"]
        );
        assert!(unknown_placeholders("Price {in INR} and a {").is_empty());
    }

    #[test]
    fn a_template_with_an_unknown_placeholder_is_refused_naming_it() {
        let given = vec![(
            "".to_owned(),
            "Thanks".to_owned(),
            "About {reference}".to_owned(),
            "Dear {name}, {compnay} thanks you. {staff}".to_owned(),
        )];
        let errors = parse_templates(InboxList::Enquiries, &given)
            .expect_err("refused")
            .into_map();
        assert_eq!(
            errors.get("templates.0.text").map(String::as_str),
            Some("{compnay} is not a placeholder: use {name}, {reference}, {department}, {staff}.")
        );
        assert_eq!(errors.len(), 1);
    }

    #[test]
    fn filling_a_template_puts_each_value_in_place() {
        let filled = fill(
            "Dear {name}, about {reference} for {department}. {staff} {other}",
            &Filling {
                name: "Asha",
                reference: "r1",
                department: "Corp Team",
                staff: "Ravi",
            },
        );
        assert_eq!(filled, "Dear Asha, about r1 for Corp Team. Ravi {other}");
    }

    #[test]
    fn a_working_day_skips_the_weekend() {
        let zone = OfficeZone::parse("Asia/Kolkata").expect("zone");
        let after = |at: &str| working_day_after(at.parse().expect("time"), &zone).to_string();
        // Friday 10:00 IST -> Monday 10:00 IST.
        assert_eq!(after("2026-11-27T04:30:00Z"), "2026-11-30T04:30:00Z");
        // Saturday -> Monday; Tuesday -> Wednesday.
        assert_eq!(after("2026-11-28T04:30:00Z"), "2026-11-30T04:30:00Z");
        assert_eq!(after("2026-11-24T04:30:00Z"), "2026-11-25T04:30:00Z");
    }

    #[test]
    fn a_reply_starts_as_re_what_the_lead_is_about() {
        assert_eq!(
            default_subject(InboxList::Enquiries, " Corp Team ", "Fidelitus Corp"),
            "Re: Your enquiry to Fidelitus Corp (Corp Team)"
        );
        assert_eq!(
            default_subject(InboxList::Applicants, "", "Fidelitus Corp"),
            "Re: Your job application to Fidelitus Corp"
        );
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<i64> = (1..=10).collect();
        assert_eq!(percentile(&values, 50), Some(5));
        assert_eq!(percentile(&values, 90), Some(9));
        assert_eq!(percentile(&[7], 90), Some(7));
        assert_eq!(percentile(&[], 50), None);
    }

    #[test]
    fn the_form_names_each_bad_field() {
        let errors = parse_reply("fax", "", " ", None, "yesterday")
            .expect_err("refused")
            .into_map();
        let fields: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(fields, ["channel", "seen", "subject", "text"]);
        let ok = parse_reply(
            "",
            "Re: x",
            " Hello\r\nthere ",
            Some("Thanks"),
            "2026-11-26T04:06:00Z",
        )
        .expect("fine");
        assert_eq!(ok.text, "Hello\nthere");
        assert_eq!(ok.seen, "2026-11-26T04:06:00.000Z");
        assert_eq!(ok.channel, Channel::Mail);
    }
}
