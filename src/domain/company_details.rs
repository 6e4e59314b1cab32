//! The company's details the office edits at `/staff/settings` (or imports with
//! `corpsite settings import`): names, addresses, numbers, links, counters, leaders and
//! clients. A `CompanyDetails` is only made by `CompanyDetails::parse`, which checks every field
//! and names each bad one (`phone`, `branches[2].city`, `social.facebook`), so a stored or
//! served document is always valid.
//!
//! The demo values are `ui/src/content/company-details.json`, the one file the UI's defaults and
//! the server's "nothing saved yet" answer both come from.

use serde::{Deserialize, Serialize};

use super::fields::{line as text, Email, FieldError, FieldErrors};
use super::office_time::{OfficeZone, ZONE_NAME_MAX};

/// The demo details, as shipped in the UI's content.
pub const DEMO_JSON: &str = include_str!("../../ui/src/content/company-details.json");

pub const NAME_MAX: usize = 100;
pub const LINE_MAX: usize = 120;
pub const ADDRESS_LINES_MAX: usize = 5;
pub const ADDRESS_MAX: usize = 200;
pub const CITY_MAX: usize = 60;
pub const BRANCHES_MAX: usize = 30;
pub const URL_MAX: usize = 500;
pub const PHONE_MAX: usize = 32;
pub const GREETING_MAX: usize = 300;
pub const COUNTERS_MAX: usize = 8;
pub const COUNTER_HEADING_MAX: usize = 40;
pub const COUNT_MAX: u32 = 10_000_000;
pub const SUFFIX_MAX: usize = 3;
pub const LEADERS_MAX: usize = 24;
pub const CLIENTS_MAX: usize = 100;
pub const PORTRAIT_MAX: usize = 200;

/// The details as sent and stored. Unknown fields are refused, so a typo in an imported file
/// is named rather than silently dropped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
// The API document's schema keeps the name it was published under.
#[schema(as = SiteDetailsForm)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CompanyDetailsForm {
    pub company_name: String,
    /// Address lines, first to last.
    pub head_office: Vec<String>,
    pub usa_office: Vec<String>,
    pub phone: String,
    pub usa_phone: String,
    pub email: String,
    pub branches: Vec<BranchForm>,
    /// The place the contact page's map shows, as searched on the map.
    pub map_location: String,
    pub sister_sites: SisterSitesForm,
    pub gallery_url: String,
    pub foundation_url: String,
    /// Each empty (not shown) or an http(s) URL.
    pub social: SocialForm,
    pub whatsapp_number: String,
    pub whatsapp_greeting: String,
    pub counters: Vec<CounterForm>,
    pub leaders: Vec<LeaderForm>,
    pub clients: Vec<ClientForm>,
    /// The office's IANA time zone (`Asia/Kolkata`): the exports, mails and logs write times
    /// for people in it (`domain::office_time`). Details saved before it existed read as the
    /// demo's zone.
    #[serde(default = "default_time_zone")]
    pub time_zone: String,
}

/// An IANA zone name the bundled database knows, as chosen (trimmed).
fn time_zone(raw: &str) -> Result<String, FieldError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(FieldError::Required);
    }
    if name.chars().count() > ZONE_NAME_MAX {
        return Err(FieldError::TooLong { max: ZONE_NAME_MAX });
    }
    OfficeZone::parse(name)
        .map(|zone| zone.name().to_owned())
        .map_err(|_| {
            FieldError::Choice(
                "This is not a time zone the site knows: enter an IANA name such as Asia/Kolkata or Europe/London.",
            )
        })
}

fn default_time_zone() -> String {
    crate::domain::office_time::DEFAULT_ZONE.to_owned()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BranchForm {
    pub city: String,
    pub address: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SisterSitesForm {
    pub transactions: String,
    pub projects: String,
    pub fms: String,
    pub hr_labs: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SocialForm {
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
    pub youtube: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CounterForm {
    pub heading: String,
    pub count: u32,
    pub suffix: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LeaderForm {
    pub name: String,
    pub designation: String,
    /// A path under the media base (from the staff image upload), or empty: initials.
    pub portrait: String,
    pub linkedin: String,
    pub whatsapp: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ClientForm {
    pub name: String,
    pub sector: String,
}

/// Details every field of which passed its check (trimmed as stored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct CompanyDetails(CompanyDetailsForm);

impl CompanyDetails {
    /// The demo details shipped with the binary.
    pub fn demo() -> CompanyDetails {
        let form: CompanyDetailsForm = serde_json::from_str(DEMO_JSON)
            .unwrap_or_else(|err| panic!("company-details.json is not a details form: {err}"));
        CompanyDetails::parse(form)
            .unwrap_or_else(|err| panic!("company-details.json does not pass its checks: {err:?}"))
    }

    /// Checks every field; every bad one is named in the errors, nothing is kept otherwise.
    pub fn parse(form: CompanyDetailsForm) -> Result<CompanyDetails, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut check_text = |field: &str, raw: &str, max: usize, required: bool| {
            errors
                .check(field, text(raw, max, required))
                .unwrap_or_default()
        };
        let company_name = check_text("company_name", &form.company_name, NAME_MAX, true);
        let head_office = address_lines(&mut errors, "head_office", &form.head_office);
        let usa_office = address_lines(&mut errors, "usa_office", &form.usa_office);
        let phone = errors
            .check("phone", phone(&form.phone))
            .unwrap_or_default();
        let usa_phone = errors
            .check("usa_phone", optional(&form.usa_phone, self::phone))
            .unwrap_or_default();
        let email = errors
            .check("email", Email::parse(&form.email))
            .map(|email| email.as_ref().to_owned())
            .unwrap_or_default();
        let mut branches = Vec::new();
        if bounded_list(&mut errors, "branches", form.branches.len(), BRANCHES_MAX) {
            for (at, branch) in form.branches.iter().enumerate() {
                let field = |name: &str| format!("branches[{at}].{name}");
                branches.push(BranchForm {
                    city: errors
                        .check(&field("city"), text(&branch.city, CITY_MAX, true))
                        .unwrap_or_default(),
                    address: errors
                        .check(&field("address"), text(&branch.address, ADDRESS_MAX, true))
                        .unwrap_or_default(),
                });
            }
        }
        let map_location = errors
            .check("map_location", text(&form.map_location, ADDRESS_MAX, true))
            .unwrap_or_default();
        let mut url_field = |field: &str, raw: &str, required: bool| {
            let result = if required {
                web_url(raw)
            } else {
                optional(raw, web_url)
            };
            errors.check(field, result).unwrap_or_default()
        };
        let sister_sites = SisterSitesForm {
            transactions: url_field(
                "sister_sites.transactions",
                &form.sister_sites.transactions,
                true,
            ),
            projects: url_field("sister_sites.projects", &form.sister_sites.projects, true),
            fms: url_field("sister_sites.fms", &form.sister_sites.fms, true),
            hr_labs: url_field("sister_sites.hr_labs", &form.sister_sites.hr_labs, true),
        };
        let gallery_url = url_field("gallery_url", &form.gallery_url, true);
        let foundation_url = url_field("foundation_url", &form.foundation_url, true);
        let social = SocialForm {
            facebook: url_field("social.facebook", &form.social.facebook, false),
            instagram: url_field("social.instagram", &form.social.instagram, false),
            linkedin: url_field("social.linkedin", &form.social.linkedin, false),
            youtube: url_field("social.youtube", &form.social.youtube, false),
        };
        let whatsapp_number = errors
            .check(
                "whatsapp_number",
                optional(&form.whatsapp_number, self::phone),
            )
            .unwrap_or_default();
        let whatsapp_greeting = errors
            .check(
                "whatsapp_greeting",
                text(&form.whatsapp_greeting, GREETING_MAX, false),
            )
            .unwrap_or_default();
        let mut counters = Vec::new();
        if bounded_list(&mut errors, "counters", form.counters.len(), COUNTERS_MAX) {
            for (at, counter) in form.counters.iter().enumerate() {
                let field = |name: &str| format!("counters[{at}].{name}");
                let heading = errors
                    .check(
                        &field("heading"),
                        text(&counter.heading, COUNTER_HEADING_MAX, true),
                    )
                    .unwrap_or_default();
                let count = errors
                    .check(&field("count"), count(counter.count))
                    .unwrap_or_default();
                let suffix = errors
                    .check(&field("suffix"), text(&counter.suffix, SUFFIX_MAX, false))
                    .unwrap_or_default();
                counters.push(CounterForm {
                    heading,
                    count,
                    suffix,
                });
            }
        }
        let mut leaders = Vec::new();
        if bounded_list(&mut errors, "leaders", form.leaders.len(), LEADERS_MAX) {
            for (at, leader) in form.leaders.iter().enumerate() {
                let field = |name: &str| format!("leaders[{at}].{name}");
                leaders.push(LeaderForm {
                    name: errors
                        .check(&field("name"), text(&leader.name, NAME_MAX, true))
                        .unwrap_or_default(),
                    designation: errors
                        .check(
                            &field("designation"),
                            text(&leader.designation, NAME_MAX, true),
                        )
                        .unwrap_or_default(),
                    portrait: errors
                        .check(&field("portrait"), optional(&leader.portrait, media_path))
                        .unwrap_or_default(),
                    linkedin: errors
                        .check(&field("linkedin"), optional(&leader.linkedin, web_url))
                        .unwrap_or_default(),
                    whatsapp: errors
                        .check(&field("whatsapp"), optional(&leader.whatsapp, web_url))
                        .unwrap_or_default(),
                });
            }
        }
        let mut clients = Vec::new();
        if bounded_list(&mut errors, "clients", form.clients.len(), CLIENTS_MAX) {
            for (at, client) in form.clients.iter().enumerate() {
                let field = |name: &str| format!("clients[{at}].{name}");
                clients.push(ClientForm {
                    name: errors
                        .check(&field("name"), text(&client.name, NAME_MAX, true))
                        .unwrap_or_default(),
                    sector: errors
                        .check(&field("sector"), text(&client.sector, CITY_MAX, false))
                        .unwrap_or_default(),
                });
            }
        }
        let time_zone = errors
            .check("time_zone", time_zone(&form.time_zone))
            .unwrap_or_default();
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(CompanyDetails(CompanyDetailsForm {
            company_name,
            head_office,
            usa_office,
            phone,
            usa_phone,
            email,
            branches,
            map_location,
            sister_sites,
            gallery_url,
            foundation_url,
            social,
            whatsapp_number,
            whatsapp_greeting,
            counters,
            leaders,
            clients,
            time_zone,
        }))
    }

    /// A stored document (checked again: a hand-edited database cannot put a bad value on
    /// the site).
    pub fn from_json(json: &str) -> Result<CompanyDetails, CompanyDetailsFileError> {
        let form: CompanyDetailsForm = serde_json::from_str(json)
            .map_err(|err| CompanyDetailsFileError::Json(err.to_string()))?;
        CompanyDetails::parse(form).map_err(CompanyDetailsFileError::Fields)
    }

    /// The office's time zone (checked when the details were parsed).
    pub fn office_zone(&self) -> OfficeZone {
        OfficeZone::parse(&self.0.time_zone).unwrap_or_else(|_| OfficeZone::default_zone())
    }

    pub fn form(&self) -> &CompanyDetailsForm {
        &self.0
    }

    pub fn to_json(&self) -> String {
        // A struct of strings, lists and numbers always serializes.
        serde_json::to_string(&self.0).unwrap_or_default()
    }

    /// Every image the details name, in field order: each leader's portrait (when set). An
    /// export carries these files and an import checks each is carried or already here.
    pub fn images(&self) -> Vec<ImageField> {
        self.0
            .leaders
            .iter()
            .enumerate()
            .filter(|(_, leader)| !leader.portrait.is_empty())
            .map(|(at, leader)| ImageField {
                field: format!("leaders[{at}].portrait"),
                path: leader.portrait.clone(),
                folder: PORTRAIT_FOLDER,
            })
            .collect()
    }

    /// The same details with each image path `renamed` names (as an import stored it under
    /// its own name) in place of the old one; the others unchanged. Checked again, so a new
    /// name that is not a media path is refused like any other value.
    pub fn with_images_renamed(
        &self,
        renamed: &std::collections::BTreeMap<String, String>,
    ) -> Result<CompanyDetails, FieldErrors> {
        let mut form = self.0.clone();
        for leader in &mut form.leaders {
            if let Some(new) = renamed.get(&leader.portrait) {
                leader.portrait.clone_from(new);
            }
        }
        CompanyDetails::parse(form)
    }

    /// The top-level fields whose values differ, for the audit log ("phone, branches").
    pub fn changed_fields(&self, before: &CompanyDetails) -> Vec<&'static str> {
        let (a, b) = (&self.0, &before.0);
        let mut changed = Vec::new();
        let mut note = |name: &'static str, same: bool| {
            if !same {
                changed.push(name);
            }
        };
        note("company_name", a.company_name == b.company_name);
        note("head_office", a.head_office == b.head_office);
        note("usa_office", a.usa_office == b.usa_office);
        note("phone", a.phone == b.phone);
        note("usa_phone", a.usa_phone == b.usa_phone);
        note("email", a.email == b.email);
        note("branches", a.branches == b.branches);
        note("map_location", a.map_location == b.map_location);
        note("sister_sites", a.sister_sites == b.sister_sites);
        note("gallery_url", a.gallery_url == b.gallery_url);
        note("foundation_url", a.foundation_url == b.foundation_url);
        note("social", a.social == b.social);
        note("whatsapp_number", a.whatsapp_number == b.whatsapp_number);
        note(
            "whatsapp_greeting",
            a.whatsapp_greeting == b.whatsapp_greeting,
        );
        note("counters", a.counters == b.counters);
        note("leaders", a.leaders == b.leaders);
        note("clients", a.clients == b.clients);
        note("time_zone", a.time_zone == b.time_zone);
        changed
    }
}

/// The media folder a leader's portrait is uploaded to (`POST /api/staff/media?folder=leaders`).
pub const PORTRAIT_FOLDER: &str = "leaders";

/// A field of the details that names an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageField {
    /// The field, as errors name it: `leaders[3].portrait`.
    pub field: String,
    /// The media path it names: `leaders/3f9a0c1d2e3f4a5b.jpg`.
    pub path: String,
    /// The media folder an upload for this field goes to.
    pub folder: &'static str,
}

/// Why a details file (or stored document) was refused.
#[derive(Debug, thiserror::Error)]
pub enum CompanyDetailsFileError {
    #[error("not a details document: {0}")]
    Json(String),
    #[error("{}", describe(.0))]
    Fields(FieldErrors),
}

fn describe(errors: &FieldErrors) -> String {
    errors
        .clone()
        .into_map()
        .into_iter()
        .map(|(field, message)| format!("{field}: {message}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Empty stays empty (not shown); anything else must pass `check`.
fn optional(
    raw: &str,
    check: fn(&str) -> Result<String, FieldError>,
) -> Result<String, FieldError> {
    if raw.trim().is_empty() {
        Ok(String::new())
    } else {
        check(raw)
    }
}

fn bounded_list(errors: &mut FieldErrors, field: &str, len: usize, max: usize) -> bool {
    if len > max {
        errors.add(
            field,
            FieldError::Choice(match field {
                "branches" => "At most 30 branches.",
                "counters" => "At most 8 counters.",
                "leaders" => "At most 24 leaders.",
                _ => "At most 100 clients.",
            }),
        );
        return false;
    }
    true
}

fn address_lines(errors: &mut FieldErrors, field: &str, lines: &[String]) -> Vec<String> {
    if lines.len() > ADDRESS_LINES_MAX {
        errors.add(field, FieldError::Choice("At most 5 address lines."));
        return Vec::new();
    }
    let mut kept = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if let Some(line) = errors.check(&format!("{field}[{at}]"), text(line, LINE_MAX, false)) {
            if !line.is_empty() {
                kept.push(line);
            }
        }
    }
    if kept.is_empty() && lines.iter().all(|line| text(line, LINE_MAX, false).is_ok()) {
        errors.add(field, FieldError::Required);
    }
    kept
}

/// A phone number as people write it: digits with spaces, dashes, dots and brackets, an
/// optional leading `+`, 7 to 15 digits (E.164's most).
pub fn phone(raw: &str) -> Result<String, FieldError> {
    const SHAPE: &str =
        "Enter a phone number like +91 80 1234 5678: 7 to 15 digits, with spaces, dashes or brackets.";
    let number = text(raw, PHONE_MAX, true)?;
    let body = number.strip_prefix('+').unwrap_or(&number);
    let well_formed = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')'));
    let digits = body.chars().filter(char::is_ascii_digit).count();
    if !well_formed || !(7..=15).contains(&digits) {
        return Err(FieldError::Choice(SHAPE));
    }
    Ok(number)
}

/// An absolute http or https URL with a host: no other scheme (`javascript:`, `data:`), no
/// spaces or control characters.
pub fn web_url(raw: &str) -> Result<String, FieldError> {
    const SHAPE: &str = "Enter a web address starting with https:// (or http://).";
    let url = text(raw, URL_MAX, true)?;
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .ok_or(FieldError::Choice(SHAPE))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_ok = !host.is_empty()
        && !host.contains('@')
        && host
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if !host_ok
        || url
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '\\'))
    {
        return Err(FieldError::Choice(SHAPE));
    }
    Ok(url)
}

/// A file under the media base: letters, digits, `-`, `_`, `.` and `/`, never `..`.
fn media_path(raw: &str) -> Result<String, FieldError> {
    const SHAPE: &str = "Upload the portrait again: this is not a stored image's path.";
    let path = text(raw, PORTRAIT_MAX, true)?;
    let safe = path
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'));
    if !safe || path.starts_with('/') || path.split('/').any(|part| part.is_empty() || part == "..")
    {
        return Err(FieldError::Choice(SHAPE));
    }
    Ok(path)
}

fn count(value: u32) -> Result<u32, FieldError> {
    if value > COUNT_MAX {
        return Err(FieldError::Choice(
            "Enter a whole number from 0 to 10,000,000.",
        ));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo_form() -> CompanyDetailsForm {
        CompanyDetails::demo().form().clone()
    }

    fn refused(form: CompanyDetailsForm) -> std::collections::BTreeMap<String, String> {
        match CompanyDetails::parse(form) {
            Ok(_) => panic!("was taken"),
            Err(errors) => errors.into_map(),
        }
    }

    #[test]
    fn the_demo_details_pass_their_own_checks() {
        let demo = CompanyDetails::demo();
        assert_eq!(demo.form().branches.len(), 11);
        assert_eq!(demo.form().leaders.len(), 8);
    }

    #[test]
    fn each_bad_value_is_named_with_its_field() {
        type Change = fn(&mut CompanyDetailsForm);
        let cases: [(&str, Change, &str); 14] = [
            ("company_name", |f| f.company_name = " ".into(), "required"),
            (
                "company_name",
                |f| f.company_name = "x".repeat(101),
                "at most 100",
            ),
            ("phone", |f| f.phone = "call us".into(), "phone number"),
            (
                "phone",
                |f| f.phone = "+91 80 1234 5678 9999".into(),
                "phone number",
            ),
            (
                "usa_phone",
                |f| f.usa_phone = "12+34".into(),
                "phone number",
            ),
            ("email", |f| f.email = "not-an-email".into(), "email"),
            (
                "gallery_url",
                |f| f.gallery_url = "javascript:alert(1)".into(),
                "https://",
            ),
            (
                "social.facebook",
                |f| f.social.facebook = "ftp://x.example".into(),
                "https://",
            ),
            (
                "sister_sites.fms",
                |f| f.sister_sites.fms = "https://".into(),
                "https://",
            ),
            (
                "branches[1].city",
                |f| f.branches[1].city = String::new(),
                "required",
            ),
            (
                "leaders[0].linkedin",
                |f| f.leaders[0].linkedin = "data:text/html,x".into(),
                "https://",
            ),
            (
                "leaders[0].portrait",
                |f| f.leaders[0].portrait = "../etc/passwd".into(),
                "portrait",
            ),
            (
                "counters[0].count",
                |f| f.counters[0].count = 10_000_001,
                "10,000,000",
            ),
            (
                "head_office",
                |f| f.head_office = vec![String::new()],
                "required",
            ),
        ];
        for (field, change, words) in cases {
            let mut form = demo_form();
            change(&mut form);
            let errors = refused(form);
            let message = errors
                .get(field)
                .unwrap_or_else(|| panic!("{field}: {errors:?}"));
            assert!(message.to_lowercase().contains(words), "{field}: {message}");
            assert_eq!(errors.len(), 1, "{field}: only it is named: {errors:?}");
        }
    }

    #[test]
    fn too_many_rows_are_refused_by_list() {
        let mut form = demo_form();
        form.branches = vec![form.branches[0].clone(); BRANCHES_MAX + 1];
        form.clients = vec![form.clients[0].clone(); CLIENTS_MAX + 1];
        let errors = refused(form);
        assert!(errors.contains_key("branches"), "{errors:?}");
        assert!(errors.contains_key("clients"), "{errors:?}");
    }

    #[test]
    fn values_are_trimmed_and_empty_optional_links_hide() {
        let mut form = demo_form();
        form.phone = "  +91 80 1111 2222 ".into();
        form.social.youtube = "  ".into();
        let details = CompanyDetails::parse(form).expect("valid");
        assert_eq!(details.form().phone, "+91 80 1111 2222");
        assert_eq!(details.form().social.youtube, "");
    }

    #[test]
    fn images_name_each_set_portrait_and_renaming_replaces_only_those_named() {
        assert!(
            CompanyDetails::demo().images().is_empty(),
            "the demo has none"
        );
        let mut form = demo_form();
        form.leaders[1].portrait = "leaders/aaaaaaaaaaaaaaaa.jpg".into();
        form.leaders[3].portrait = "leaders/bbbbbbbbbbbbbbbb.svg".into();
        let details = CompanyDetails::parse(form).expect("valid");
        let images = details.images();
        let named: Vec<(&str, &str, &str)> = images
            .iter()
            .map(|i| (i.field.as_str(), i.path.as_str(), i.folder))
            .collect();
        assert_eq!(
            named,
            [
                (
                    "leaders[1].portrait",
                    "leaders/aaaaaaaaaaaaaaaa.jpg",
                    "leaders"
                ),
                (
                    "leaders[3].portrait",
                    "leaders/bbbbbbbbbbbbbbbb.svg",
                    "leaders"
                ),
            ]
        );
        let renamed = details
            .with_images_renamed(
                &[(
                    "leaders/aaaaaaaaaaaaaaaa.jpg".to_owned(),
                    "leaders/cccccccccccccccc.jpg".to_owned(),
                )]
                .into(),
            )
            .expect("valid");
        assert_eq!(
            renamed.form().leaders[1].portrait,
            "leaders/cccccccccccccccc.jpg"
        );
        assert_eq!(
            renamed.form().leaders[3].portrait,
            "leaders/bbbbbbbbbbbbbbbb.svg"
        );
        assert_eq!(renamed.changed_fields(&details), ["leaders"]);
        let bad = details.with_images_renamed(
            &[("leaders/aaaaaaaaaaaaaaaa.jpg".to_owned(), "../x".to_owned())].into(),
        );
        assert!(bad.is_err());
    }

    #[test]
    fn changed_fields_name_what_differs() {
        let before = CompanyDetails::demo();
        let mut form = demo_form();
        form.phone = "+91 80 1111 2222".into();
        form.branches.pop();
        let after = CompanyDetails::parse(form).expect("valid");
        assert_eq!(after.changed_fields(&before), ["phone", "branches"]);
    }
}
