//! A job opening as recruiters keep it at `/staff/jobs`: what the role is, where (one of the
//! company's offices or branches, from its details), how it is worked, the pay when shown,
//! the description (the story editor's rich text, through the one sanitizer), how many are
//! hired and when applications close, on the office's clock.
//!
//! An opening is a draft (not public), published (listed at `/join_us` and on its own page
//! until its closing time) or closed (its page answers 410). It closes by itself at its
//! closing time, or by a click when it is filled early.

use jiff::civil::DateTime;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use super::company_details::CompanyDetailsForm;
use super::fields::{line, FieldErrors};
use super::html_text::plain_text;
use super::nesting::MAX_NESTING;
use super::office_time::OfficeZone;
use super::post_file::{clean_body, BodyFormat};

/// Longest title, department.
pub const TITLE_MAX: usize = 120;
pub const DEPARTMENT_MAX: usize = 80;
/// Longest description as sent, in bytes (a long posting is a few KB).
pub const MAX_DESCRIPTION: usize = 64 * 1024;
/// Most openings of one role.
pub const OPENINGS_MAX: u32 = 1000;
/// The highest salary taken, in rupees a year (₹100 crore): a typo's guard, not a policy.
pub const SALARY_MAX: u64 = 1_000_000_000;

/// Where an opening stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobState {
    Draft,
    Published,
    Closed,
}

impl JobState {
    pub const ALL: [JobState; 3] = [JobState::Draft, JobState::Published, JobState::Closed];

    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Draft => "draft",
            JobState::Published => "published",
            JobState::Closed => "closed",
        }
    }

    pub fn parse(name: &str) -> Option<JobState> {
        JobState::ALL
            .into_iter()
            .find(|state| state.as_str() == name)
    }
}

/// How the role is employed: the stored name, the words people read, and schema.org's
/// `employmentType` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmploymentType {
    FullTime,
    PartTime,
    Contract,
    Temporary,
    Intern,
}

impl EmploymentType {
    pub const ALL: [EmploymentType; 5] = [
        EmploymentType::FullTime,
        EmploymentType::PartTime,
        EmploymentType::Contract,
        EmploymentType::Temporary,
        EmploymentType::Intern,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EmploymentType::FullTime => "full_time",
            EmploymentType::PartTime => "part_time",
            EmploymentType::Contract => "contract",
            EmploymentType::Temporary => "temporary",
            EmploymentType::Intern => "intern",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            EmploymentType::FullTime => "Full time",
            EmploymentType::PartTime => "Part time",
            EmploymentType::Contract => "Contract",
            EmploymentType::Temporary => "Temporary",
            EmploymentType::Intern => "Internship",
        }
    }

    /// schema.org's `employmentType` (Google for Jobs' list).
    pub fn schema_org(self) -> &'static str {
        match self {
            EmploymentType::FullTime => "FULL_TIME",
            EmploymentType::PartTime => "PART_TIME",
            EmploymentType::Contract => "CONTRACTOR",
            EmploymentType::Temporary => "TEMPORARY",
            EmploymentType::Intern => "INTERN",
        }
    }

    pub fn parse(name: &str) -> Option<EmploymentType> {
        EmploymentType::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// Where the work is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workplace {
    OnSite,
    Hybrid,
    Remote,
}

impl Workplace {
    pub const ALL: [Workplace; 3] = [Workplace::OnSite, Workplace::Hybrid, Workplace::Remote];

    pub fn as_str(self) -> &'static str {
        match self {
            Workplace::OnSite => "on_site",
            Workplace::Hybrid => "hybrid",
            Workplace::Remote => "remote",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Workplace::OnSite => "On site",
            Workplace::Hybrid => "Hybrid",
            Workplace::Remote => "Remote",
        }
    }

    pub fn parse(name: &str) -> Option<Workplace> {
        Workplace::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// One place a role may be: the head office, the USA office, or a branch, by the name the
/// company's details give it, with its address lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobLocation"))]
pub struct Location {
    pub name: String,
    pub address: Vec<String>,
    /// ISO 3166 country code, for the posting's address.
    pub country: &'static str,
}

/// The head office's name among the locations.
pub const HEAD_OFFICE: &str = "Head office";
/// The USA office's.
pub const USA_OFFICE: &str = "USA office";

/// The places a role may be, from the company's details: the head office, each branch by its
/// city, and the USA office (when it has an address).
pub fn locations(details: &CompanyDetailsForm) -> Vec<Location> {
    let mut places = vec![Location {
        name: HEAD_OFFICE.to_owned(),
        address: details.head_office.clone(),
        country: "IN",
    }];
    for branch in &details.branches {
        if places.iter().any(|place| place.name == branch.city) {
            continue;
        }
        places.push(Location {
            name: branch.city.clone(),
            address: vec![branch.address.clone()],
            country: "IN",
        });
    }
    if details
        .usa_office
        .iter()
        .any(|line| !line.trim().is_empty())
    {
        places.push(Location {
            name: USA_OFFICE.to_owned(),
            address: details.usa_office.clone(),
            country: "US",
        });
    }
    places
}

/// The recruiter's form, as sent. The UI's `JobForm` type is generated from it.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct JobForm {
    pub title: String,
    pub department: String,
    /// One of the locations' names (`locations`).
    pub location: String,
    /// `full_time`, `part_time`, `contract`, `temporary` or `intern`.
    pub employment_type: String,
    /// `on_site`, `hybrid` or `remote`.
    pub workplace: String,
    /// Rupees a year; both or neither.
    pub salary_min: Option<u64>,
    pub salary_max: Option<u64>,
    /// The rich editor's HTML.
    pub description: String,
    pub openings: u32,
    /// When applications close, on the office's clock: `YYYY-MM-DDTHH:MM` (a
    /// `datetime-local` field's value). None: open until closed by hand.
    pub closes_at: Option<String>,
    /// The recruiter: the id of a staff account holding the jobs area (or an owner) whose
    /// address gets the lead mail of the opening's applications; null (or left out): none.
    #[serde(default)]
    pub recruiter: Option<i64>,
    /// The revision the editor opened (a save of an existing opening must name it).
    #[cfg_attr(test, ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision: Option<i64>,
    /// A save the editor made by itself while someone types: only of a draft.
    #[cfg_attr(test, ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autosave: Option<bool>,
}

/// An opening that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedJob {
    pub title: String,
    pub department: String,
    pub location: String,
    pub employment_type: EmploymentType,
    pub workplace: Workplace,
    pub salary: Option<(u64, u64)>,
    /// Sanitized HTML, as stored.
    pub description: String,
    pub openings: u32,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub closes_at: Option<String>,
    /// A staff account's id, as the form names it (`office::jobs` checks it is one that
    /// may be the recruiter).
    pub recruiter: Option<i64>,
}

impl JobForm {
    pub fn is_autosave(&self) -> bool {
        self.autosave == Some(true)
    }

    /// Checks every field: the location against `places`, the closing time read on `zone`'s
    /// clock, and (when the opening is or goes public, `public`) after `now`.
    pub fn check(
        &self,
        places: &[Location],
        zone: &OfficeZone,
        now: Timestamp,
        public: bool,
    ) -> Result<CheckedJob, FieldErrors> {
        let mut errors = FieldErrors::default();
        let title = errors.check("title", line(&self.title, TITLE_MAX, true));
        let department = errors.check("department", line(&self.department, DEPARTMENT_MAX, true));
        let location = places
            .iter()
            .find(|place| place.name == self.location.trim())
            .map(|place| place.name.clone());
        if location.is_none() {
            errors.note(
                "location",
                "Choose one of the company's offices or branches (they are set in the company details).",
            );
        }
        let employment_type = EmploymentType::parse(&self.employment_type);
        if employment_type.is_none() {
            errors.note(
                "employment_type",
                "Choose full time, part time, contract, temporary or internship.",
            );
        }
        let workplace = Workplace::parse(&self.workplace);
        if workplace.is_none() {
            errors.note("workplace", "Choose on site, hybrid or remote.");
        }
        let salary = match (self.salary_min, self.salary_max) {
            (None, None) => None,
            (Some(min), Some(max)) if min > max => {
                errors.note(
                    "salary_max",
                    "The highest salary must not be below the lowest.",
                );
                None
            }
            (Some(min), Some(max)) if max > SALARY_MAX || min == 0 => {
                errors.note(
                    "salary_max",
                    "Enter a yearly salary in rupees from 1 to 1,000,000,000.",
                );
                None
            }
            (Some(min), Some(max)) => Some((min, max)),
            (None, Some(_)) => {
                errors.note(
                    "salary_min",
                    "Enter the lowest salary too, or leave both empty.",
                );
                None
            }
            (Some(_), None) => {
                errors.note(
                    "salary_max",
                    "Enter the highest salary too, or leave both empty.",
                );
                None
            }
        };
        let description = if self.description.len() > MAX_DESCRIPTION {
            errors.note(
                "description",
                format!(
                    "The description must be at most {} KB.",
                    MAX_DESCRIPTION / 1024
                ),
            );
            None
        } else {
            match clean_body(&self.description, BodyFormat::Html) {
                Ok((html, text)) if !text.trim().is_empty() => Some(html),
                Ok(_) => {
                    errors.note("description", "Describe the role.");
                    None
                }
                Err(_) => {
                    errors.note(
                        "description",
                        format!(
                            "This description is nested too deeply or its markup is too tangled: \
                             at most {MAX_NESTING} levels of lists and quotes, each bold, italic \
                             or link closed where it ends."
                        ),
                    );
                    None
                }
            }
        };
        if !(1..=OPENINGS_MAX).contains(&self.openings) {
            errors.note(
                "openings",
                format!("Enter how many people are hired, from 1 to {OPENINGS_MAX}."),
            );
        }
        let closes_at = match self.closes_at.as_deref().map(str::trim) {
            None | Some("") => Some(None),
            Some(text) => match office_instant(text, zone) {
                Some(at) if public && at <= now => {
                    errors.note(
                        "closes_at",
                        "The closing time has passed: choose a later one, or close the opening.",
                    );
                    None
                }
                Some(at) => Some(Some(at.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())),
                None => {
                    errors.note(
                        "closes_at",
                        "Enter the closing date and time, such as 2026-12-31T18:00.",
                    );
                    None
                }
            },
        };
        match (
            title,
            department,
            location,
            employment_type,
            workplace,
            description,
            closes_at,
        ) {
            (
                Some(title),
                Some(department),
                Some(location),
                Some(employment_type),
                Some(workplace),
                Some(description),
                Some(closes_at),
            ) if errors.is_empty() => Ok(CheckedJob {
                title,
                department,
                location,
                employment_type,
                workplace,
                salary,
                description,
                openings: self.openings,
                closes_at,
                recruiter: self.recruiter,
            }),
            _ => Err(errors),
        }
    }
}

/// `YYYY-MM-DDTHH:MM` (or with seconds) on `zone`'s clock, as the instant it names. A time
/// a clock change skips or repeats is read as jiff's compatible choice.
pub fn office_instant(text: &str, zone: &OfficeZone) -> Option<Timestamp> {
    if text.len() < 16 || text.len() > 19 || text.as_bytes().get(10) != Some(&b'T') {
        return None;
    }
    let local: DateTime = text.parse().ok()?;
    local
        .to_zoned(zone.time_zone().clone())
        .ok()
        .map(|at| at.timestamp())
}

/// A stored UTC instant as the `datetime-local` value on `zone`'s clock (`2026-12-31T18:00`,
/// with its seconds when it has any, so that it reads back as the same instant).
pub fn office_local(utc: &str, zone: &OfficeZone) -> Option<String> {
    let at = utc
        .parse::<Timestamp>()
        .ok()?
        .to_zoned(zone.time_zone().clone());
    let format = if at.second() == 0 {
        "%Y-%m-%dT%H:%M"
    } else {
        "%Y-%m-%dT%H:%M:%S"
    };
    Some(at.strftime(format).to_string())
}

/// Rupees written as people in India read them: `₹12,50,000`.
pub fn rupees(amount: u64) -> String {
    let digits = amount.to_string();
    if digits.len() <= 3 {
        return format!("₹{digits}");
    }
    let (rest, last3) = digits.split_at(digits.len() - 3);
    let mut groups = Vec::new();
    let mut rest = rest;
    while rest.len() > 2 {
        let (head, tail) = rest.split_at(rest.len() - 2);
        groups.push(tail);
        rest = head;
    }
    groups.push(rest);
    groups.reverse();
    format!("₹{},{last3}", groups.join(","))
}

/// A description's words, for a plain summary.
pub fn description_text(html: &str) -> String {
    plain_text(html)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::company_details::CompanyDetails;

    fn form() -> JobForm {
        JobForm {
            title: "Site engineer".into(),
            department: "Facility management".into(),
            location: "Whitefield".into(),
            employment_type: "full_time".into(),
            workplace: "on_site".into(),
            salary_min: Some(600_000),
            salary_max: Some(900_000),
            description: "<p>Runs the <strong>site</strong>.</p><script>x()</script>".into(),
            openings: 2,
            closes_at: Some("2026-12-31T18:00".into()),
            recruiter: None,
            revision: None,
            autosave: None,
        }
    }

    fn now() -> Timestamp {
        "2026-11-29T00:00:00Z".parse().expect("time")
    }

    #[test]
    fn a_good_form_is_checked_sanitized_and_its_closing_read_on_the_office_clock() {
        let places = locations(CompanyDetails::demo().form());
        assert_eq!(places[0].name, HEAD_OFFICE);
        assert!(places.iter().any(|place| place.name == "Whitefield"));
        let zone = OfficeZone::default_zone();
        let checked = form().check(&places, &zone, now(), true).expect("valid");
        assert_eq!(checked.closes_at.as_deref(), Some("2026-12-31T12:30:00Z"));
        assert!(
            !checked.description.contains("script"),
            "{}",
            checked.description
        );
        assert!(checked.description.contains("<strong>site</strong>"));
        assert_eq!(checked.salary, Some((600_000, 900_000)));
        assert_eq!(
            office_local("2026-12-31T12:30:00Z", &zone).as_deref(),
            Some("2026-12-31T18:00")
        );
        assert_eq!(
            office_local("2026-12-31T12:30:07Z", &zone).as_deref(),
            Some("2026-12-31T18:00:07"),
            "its seconds kept: read back, it is the same instant"
        );
    }

    #[test]
    fn every_bad_field_is_named() {
        let places = locations(CompanyDetails::demo().form());
        let zone = OfficeZone::default_zone();
        let bad = JobForm {
            title: " ".into(),
            department: String::new(),
            location: "Atlantis".into(),
            employment_type: "gig".into(),
            workplace: "moon".into(),
            salary_min: Some(9),
            salary_max: Some(1),
            description: "<p> </p>".into(),
            openings: 0,
            closes_at: Some("2026-11-01T10:00".into()),
            recruiter: None,
            revision: None,
            autosave: None,
        };
        let errors = bad
            .check(&places, &zone, now(), true)
            .expect_err("invalid")
            .into_map();
        let named: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(
            named,
            [
                "closes_at",
                "department",
                "description",
                "employment_type",
                "location",
                "openings",
                "salary_max",
                "title",
                "workplace"
            ]
        );
        // A draft may keep a closing time that has passed; publishing it may not.
        let mut past = form();
        past.closes_at = Some("2026-11-01T10:00".into());
        assert!(past.check(&places, &zone, now(), false).is_ok());
        past.closes_at = Some("31/12/2026".into());
        assert!(past.check(&places, &zone, now(), false).is_err());
    }

    #[test]
    fn rupees_are_grouped_the_indian_way() {
        assert_eq!(rupees(950), "₹950");
        assert_eq!(rupees(600_000), "₹6,00,000");
        assert_eq!(rupees(12_500_000), "₹1,25,00,000");
    }
}
