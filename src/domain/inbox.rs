//! What the staff inbox is asked: which list, which status, and the filters of a list
//! request (search, status, department, dates, page), parsed from its query string with
//! every bad parameter named.

use jiff::civil::Date;

use super::assign::{Assigned, Due, ASSIGNED_HELP, DUE_HELP};
use super::fields::{day_param, filled_params, page_param, FieldError, FieldErrors};
use super::readers::{SubscriptionState, SUBSCRIPTION_HELP};
use super::roles::Area;
use super::search::SearchText;

/// Rows per page of an inbox list.
pub const PAGE_SIZE: u32 = 50;
/// The last page of a list: 10,000 rows deep (older items are reached with search, filters
/// and dates, so no request skips through a whole large table). Counts stop there too.
pub const MAX_PAGE: u32 = 200;
/// The last page of a search: 1,000 matches deep (each match counted or skipped is a lookup).
pub const SEARCH_MAX_PAGE: u32 = 20;
/// Longest note a staff member may add.
pub const NOTE_MAX_CHARS: usize = 4_000;

/// The three lists of the inbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InboxList {
    /// Contact enquiries.
    Enquiries,
    /// Blog subscriptions.
    Subscribers,
    Applicants,
}

impl InboxList {
    pub const ALL: [InboxList; 3] = [
        InboxList::Enquiries,
        InboxList::Subscribers,
        InboxList::Applicants,
    ];

    pub fn parse(segment: &str) -> Option<InboxList> {
        InboxList::ALL
            .into_iter()
            .find(|list| list.name() == segment)
    }

    /// The name in URLs, CSV file names and the audit log.
    pub fn name(self) -> &'static str {
        match self {
            InboxList::Enquiries => "enquiries",
            InboxList::Subscribers => "subscribers",
            InboxList::Applicants => "applicants",
        }
    }

    /// The area of the office's side the list belongs to.
    pub fn area(self) -> Area {
        match self {
            InboxList::Enquiries => Area::Enquiries,
            InboxList::Subscribers => Area::Subscribers,
            InboxList::Applicants => Area::Applicants,
        }
    }

    /// Whether a new item waits for an answer (an enquiry, an application): a subscriber
    /// asked for the stories and waits for nothing, so is never counted as new work.
    pub fn awaits_answers(self) -> bool {
        self != InboxList::Subscribers
    }

    /// One item of the list, as the audit log names it.
    pub fn item(self) -> &'static str {
        match self {
            InboxList::Enquiries => "enquiry",
            InboxList::Subscribers => "subscriber",
            InboxList::Applicants => "applicant",
        }
    }
}

/// Where a lead stands in the office's handling. Enquiries and subscribers go New, In
/// progress, Done; applicants go through the hiring pipeline, New, Shortlisted, Interview,
/// Offer, Hired, Rejected; Spam is every list's (`InboxList::statuses`). Each table's CHECK
/// holds its list's statuses only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    New,
    InProgress,
    Done,
    Shortlisted,
    Interview,
    Offer,
    Hired,
    Rejected,
    Spam,
}

/// The statuses of enquiries and subscribers, in their order.
const ENQUIRY_STATUSES: [Status; 4] = [Status::New, Status::InProgress, Status::Done, Status::Spam];
/// The hiring pipeline's stages, in their order, and Spam.
const APPLICANT_STATUSES: [Status; 7] = [
    Status::New,
    Status::Shortlisted,
    Status::Interview,
    Status::Offer,
    Status::Hired,
    Status::Rejected,
    Status::Spam,
];

impl Status {
    /// Every list's statuses, each once: enquiries' first, then the pipeline's own.
    pub const ALL: [Status; 9] = [
        Status::New,
        Status::InProgress,
        Status::Done,
        Status::Shortlisted,
        Status::Interview,
        Status::Offer,
        Status::Hired,
        Status::Rejected,
        Status::Spam,
    ];

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::InProgress => "in_progress",
            Status::Done => "done",
            Status::Shortlisted => "shortlisted",
            Status::Interview => "interview",
            Status::Offer => "offer",
            Status::Hired => "hired",
            Status::Rejected => "rejected",
            Status::Spam => "spam",
        }
    }

    /// The words the inbox, the exports and the mail show.
    pub fn label(self) -> &'static str {
        match self {
            Status::New => "New",
            Status::InProgress => "In progress",
            Status::Done => "Done",
            Status::Shortlisted => "Shortlisted",
            Status::Interview => "Interview",
            Status::Offer => "Offer",
            Status::Hired => "Hired",
            Status::Rejected => "Rejected",
            Status::Spam => "Spam",
        }
    }

    /// Taken up and not yet decided: in progress, or a stage between New and a decision.
    /// With New, what a follow-up day and the morning digest count as still open.
    pub fn is_underway(self) -> bool {
        matches!(
            self,
            Status::InProgress | Status::Shortlisted | Status::Interview | Status::Offer
        )
    }

    /// The statuses underway in any list (each table holds only its own list's).
    pub fn underway() -> impl Iterator<Item = Status> {
        Status::ALL.into_iter().filter(|s| s.is_underway())
    }
}

impl InboxList {
    /// The statuses a lead of this list may have, in the order the inbox offers them.
    pub fn statuses(self) -> &'static [Status] {
        match self {
            InboxList::Applicants => &APPLICANT_STATUSES,
            InboxList::Enquiries | InboxList::Subscribers => &ENQUIRY_STATUSES,
        }
    }

    /// The sentence a status not of this list is refused with.
    fn status_help(self) -> &'static str {
        match self {
            InboxList::Applicants => {
                "Choose one of the applicants' stages: new, shortlisted, interview, offer, hired, rejected, spam."
            }
            InboxList::Enquiries | InboxList::Subscribers => {
                "Choose one of: new, in_progress, done, spam."
            }
        }
    }

    /// `status` if it is one of this list's, else the error naming `status` with the list's.
    pub fn status(self, status: Status) -> Result<Status, FieldErrors> {
        if self.statuses().contains(&status) {
            return Ok(status);
        }
        let mut errors = FieldErrors::default();
        errors.add("status", FieldError::Choice(self.status_help()));
        Err(errors)
    }
}

const STATUS_HELP: &str =
    "Choose one of: new, in_progress, done, shortlisted, interview, offer, hired, rejected, spam.";
const PAGE_HELP: &str = "The page must be a whole number from 1 to 200; use search, filters or dates to reach older items.";

/// The query string of a list request as the UI keeps it (in the page's URL too): the
/// parameters `InboxQuery::parse` reads, each optional text. Only the UI's `InboxFilters`
/// type is made from it (`http::public_api::generated_ui`); a test holds it to the parser.
#[cfg(test)]
#[derive(Debug, Default, serde::Serialize, ts_rs::TS)]
pub struct InboxFilters {
    #[ts(optional)]
    pub q: Option<String>,
    #[ts(optional)]
    pub status: Option<String>,
    #[ts(optional)]
    pub department: Option<String>,
    #[ts(optional)]
    pub from: Option<String>,
    #[ts(optional)]
    pub to: Option<String>,
    #[ts(optional)]
    pub page: Option<String>,
    /// The subscribers list only: pending, confirmed or unsubscribed.
    #[ts(optional)]
    pub subscription: Option<String>,
    /// `me`, `none` or an account's id.
    #[ts(optional)]
    pub assigned: Option<String>,
    /// `today`: open leads whose follow-up day has come.
    #[ts(optional)]
    pub due: Option<String>,
    /// The applicants list only: a job opening's slug, or `general` (applied for none).
    #[ts(optional)]
    pub job: Option<String>,
    /// `no`: leads nobody has replied to yet; `yes`: those answered.
    #[ts(optional)]
    pub answered: Option<String>,
    /// `newest` (the default), `oldest`, or `not_answered` (those nobody has replied to
    /// first, newest first, then the answered).
    #[ts(optional)]
    pub sort: Option<String>,
}

/// The order of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Newest,
    Oldest,
    /// Not answered first (newest first), then the answered (newest first).
    NotAnswered,
}

impl Sort {
    pub fn parse(text: &str) -> Option<Sort> {
        match text {
            "newest" => Some(Sort::Newest),
            "oldest" => Some(Sort::Oldest),
            "not_answered" => Some(Sort::NotAnswered),
            _ => None,
        }
    }
}

const ANSWERED_HELP: &str = "Choose yes or no.";
const SORT_HELP: &str = "Choose one of: newest, oldest, not_answered.";

/// A list request's filters, each optional.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InboxQuery {
    pub search: Option<SearchText>,
    pub status: Option<Status>,
    pub department: Option<String>,
    /// Received on or after this day: the office's day once the handler has set `days`,
    /// else the UTC day.
    pub from: Option<Date>,
    /// Received on or before this day (as `from`).
    pub to: Option<Date>,
    /// Where `from` begins and where the day after `to` begins, in UTC as stored times are
    /// written: the office's days, set by the handler from the company details' zone.
    pub days: Option<(Option<String>, Option<String>)>,
    /// From 1.
    pub page: u32,
    /// The subscribers list only: its subscriptions in this state.
    pub subscription: Option<SubscriptionState>,
    /// Whose leads (`domain::assign`); the handler resolves `me`.
    pub assigned: Option<Assigned>,
    /// Open leads whose follow-up day has come; the handler sets the office's day.
    pub due: Option<Due>,
    /// Only these leads (`ids=a,b,c`): an export of the rows ticked in the list.
    pub ids: Vec<String>,
    /// The applicants list only: those of one job opening, or of none.
    pub job: Option<JobFilter>,
    /// Answered (`true`) or not yet (`false`): whether anyone has replied.
    pub answered: Option<bool>,
    /// The order (a search keeps its own: newest match first).
    pub sort: Sort,
}

/// Which applications the applicants list shows by the opening applied for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobFilter {
    /// Those for the opening of this slug.
    Opening(String),
    /// General applications, for no opening.
    General,
}

const JOB_HELP: &str = "Choose a job opening, or general applications.";

impl InboxQuery {
    /// Parses `q`, `status`, `department`, `from`, `to` and `page`; unknown parameters are
    /// ignored, empty ones count as absent.
    pub fn parse(query: &str) -> Result<InboxQuery, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut parsed = InboxQuery {
            page: 1,
            ..InboxQuery::default()
        };
        for (key, value) in filled_params(query) {
            let value = value.as_str();
            match key.as_str() {
                "q" => parsed.search = SearchText::parse(value),
                "status" => match Status::parse(value) {
                    Some(status) => parsed.status = Some(status),
                    None => errors.add("status", FieldError::Choice(STATUS_HELP)),
                },
                "department" => parsed.department = Some(value.chars().take(200).collect()),
                "from" => parsed.from = errors.check("from", day_param(value)),
                "to" => parsed.to = errors.check("to", day_param(value)),
                "assigned" => match Assigned::parse(value) {
                    Some(assigned) => parsed.assigned = Some(assigned),
                    None => errors.add("assigned", FieldError::Choice(ASSIGNED_HELP)),
                },
                "due" => match Due::parse(value) {
                    Some(due) => parsed.due = Some(due),
                    None => errors.add("due", FieldError::Choice(DUE_HELP)),
                },
                "page" => {
                    let page = page_param(value, MAX_PAGE, PAGE_HELP);
                    parsed.page = errors.check("page", page).unwrap_or(parsed.page);
                }
                "subscription" => match SubscriptionState::parse(value) {
                    Some(state) => parsed.subscription = Some(state),
                    None => errors.add("subscription", FieldError::Choice(SUBSCRIPTION_HELP)),
                },
                "job" if value == "general" => parsed.job = Some(JobFilter::General),
                "job" => match super::blog_id::BlogId::parse(value) {
                    Some(slug) => parsed.job = Some(JobFilter::Opening(slug.as_str().to_owned())),
                    None => errors.add("job", FieldError::Choice(JOB_HELP)),
                },
                "answered" => match value {
                    "yes" => parsed.answered = Some(true),
                    "no" => parsed.answered = Some(false),
                    _ => errors.add("answered", FieldError::Choice(ANSWERED_HELP)),
                },
                "sort" => match Sort::parse(value) {
                    Some(sort) => parsed.sort = sort,
                    None => errors.add("sort", FieldError::Choice(SORT_HELP)),
                },
                "ids" => {
                    let ids: Vec<String> = value.split(',').map(str::to_owned).collect();
                    match check_ids(&ids) {
                        Ok(ids) => parsed.ids = ids,
                        Err(problem) => errors.note("ids", problem),
                    }
                }
                _ => {}
            }
        }
        if parsed.search.is_some() && parsed.page > SEARCH_MAX_PAGE {
            errors.add(
                "page",
                FieldError::Choice(
                    "A search goes 20 pages deep; add words, filters or dates to reach older items.",
                ),
            );
        }
        errors.or_value(parsed)
    }

    /// `parse`, and a `status` filter that is one of `list`'s statuses (a stage on the
    /// enquiries, `done` on the applicants, is named as a bad `status`).
    pub fn parse_in(list: InboxList, query: &str) -> Result<InboxQuery, FieldErrors> {
        let parsed = InboxQuery::parse(query)?;
        if let Some(status) = parsed.status {
            list.status(status)?;
        }
        Ok(parsed)
    }

    pub fn offset(&self) -> u32 {
        (self.page - 1) * PAGE_SIZE
    }

    /// Where this request's count stops: as deep as its pages go.
    pub fn count_cap(&self) -> i64 {
        let pages = if self.search.is_some() {
            SEARCH_MAX_PAGE
        } else {
            MAX_PAGE
        };
        i64::from(pages * PAGE_SIZE)
    }
}

/// The most ids one bulk action names: a page holds 50, so this is many pages' worth
/// and still a small JSON body; more than that is "everything matching", sent as a filter.
pub const MAX_BULK_IDS: usize = 500;

/// The longest id taken: a lead's id is 32 hexadecimal digits; anything far longer is not one.
const ID_MAX_CHARS: usize = 64;

/// Ids as a bulk action or an export names them: one at least, at most `MAX_BULK_IDS`,
/// each shaped like a lead's id; repeats dropped, the order kept. The error is what to say.
pub fn check_ids(ids: &[String]) -> Result<Vec<String>, String> {
    if ids.is_empty() {
        return Err("Choose at least one item.".into());
    }
    if ids.len() > MAX_BULK_IDS {
        return Err(format!(
            "At most {MAX_BULK_IDS} items at once; to act on more, choose every item matching the filter."
        ));
    }
    let mut kept: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if id.is_empty()
            || id.len() > ID_MAX_CHARS
            || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err("An id is not a lead's id.".into());
        }
        if !kept.iter().any(|k| k == id) {
            kept.push(id.to_owned());
        }
    }
    Ok(kept)
}

/// A status a staff member sets on a lead of `list`: one of that list's, or the error naming
/// `status` with the sentence that lists them.
pub fn parse_status(list: InboxList, text: &str) -> Result<Status, FieldErrors> {
    match Status::parse(text) {
        Some(status) => list.status(status),
        None => {
            let mut errors = FieldErrors::default();
            errors.add("status", FieldError::Choice(list.status_help()));
            Err(errors)
        }
    }
}

/// A note's text: trimmed, required, at most `NOTE_MAX_CHARS` characters.
pub fn parse_note(text: &str) -> Result<String, FieldErrors> {
    let trimmed = text.trim();
    let problem = if trimmed.is_empty() {
        Some(FieldError::Required)
    } else if trimmed.chars().count() > NOTE_MAX_CHARS {
        Some(FieldError::TooLong {
            max: NOTE_MAX_CHARS,
        })
    } else {
        None
    };
    match problem {
        None => Ok(trimmed.to_owned()),
        Some(err) => {
            let mut errors = FieldErrors::default();
            errors.add("text", err);
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_filters_are_parsed_and_each_bad_one_is_named() {
        let q = InboxQuery::parse(
            "q=Zoë&status=in_progress&department=Corp%20Team&from=2025-01-01&to=2025-01-31&page=3",
        )
        .expect("valid");
        assert_eq!(q.search.as_ref().map(SearchText::key), Some("zoë"));
        assert_eq!(q.status, Some(Status::InProgress));
        assert_eq!(q.department.as_deref(), Some("Corp Team"));
        assert_eq!(q.from.map(|d| d.to_string()).as_deref(), Some("2025-01-01"));
        assert_eq!(q.page, 3);
        assert_eq!(q.offset(), 100);

        let cases: &[(&str, &[&str])] = &[
            ("", &[]),
            ("status=&q=&page=", &[]),
            ("status=closed", &["status"]),
            ("from=yesterday&to=2025-02-30", &["from", "to"]),
            ("page=0", &["page"]),
            ("page=-1", &["page"]),
            ("page=200", &[]),
            ("page=201", &["page"]),
            ("q=asha&page=20", &[]),
            ("q=asha&page=21", &["page"]),
            ("page=2.5&status=NEW", &["page", "status"]),
            ("subscription=confirmed", &[]),
            ("subscription=Confirmed", &["subscription"]),
            ("subscription=active&status=done", &["subscription"]),
            ("assigned=me&due=today", &[]),
            ("assigned=nobody&due=tomorrow", &["assigned", "due"]),
            ("ids=ab12,cd34", &[]),
            ("ids=ab12,cd%2034", &["ids"]),
        ];
        for (query, bad) in cases {
            let got: Vec<String> = match InboxQuery::parse(query) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.into_map().into_keys().collect(),
            };
            assert_eq!(got, *bad, "{query}");
        }
    }

    #[test]
    fn every_filter_of_the_ui_type_is_a_parameter_the_parser_reads() {
        let filters = InboxFilters {
            q: Some("asha".into()),
            status: Some("done".into()),
            department: Some("Corp Team".into()),
            from: Some("2025-01-01".into()),
            to: Some("2025-01-31".into()),
            page: Some("2".into()),
            subscription: Some("confirmed".into()),
            assigned: Some("none".into()),
            due: Some("today".into()),
            job: Some("site-engineer".into()),
            answered: Some("no".into()),
            sort: Some("not_answered".into()),
        };
        let fields = serde_json::to_value(&filters).expect("serialize");
        let fields = fields.as_object().expect("an object");
        assert_eq!(fields.len(), 12, "a test value for each field");
        let unfiltered = InboxQuery::parse("").expect("no filter");
        for (name, value) in fields {
            let value = value.as_str().expect("text");
            let query: String = form_urlencoded::Serializer::new(String::new())
                .append_pair(name, value)
                .finish();
            let parsed = InboxQuery::parse(&query).expect("a valid filter");
            assert_ne!(parsed, unfiltered, "the parser ignores `{name}`");
        }
    }

    #[test]
    fn each_list_takes_its_own_statuses_and_names_them_when_refusing_another() {
        let refused = |list: InboxList, text: &str| match parse_status(list, text) {
            Ok(status) => panic!("{text} was taken on {}: {status:?}", list.name()),
            Err(errors) => errors.into_map(),
        };
        for stage in [
            "new",
            "shortlisted",
            "interview",
            "offer",
            "hired",
            "rejected",
            "spam",
        ] {
            let status = parse_status(InboxList::Applicants, stage).expect(stage);
            assert_eq!(status.as_str(), stage);
        }
        for status in ["new", "in_progress", "done", "spam"] {
            parse_status(InboxList::Enquiries, status).expect(status);
            parse_status(InboxList::Subscribers, status).expect(status);
        }
        let sentence = refused(InboxList::Applicants, "done");
        let said = format!("{sentence:?}");
        assert!(
            said.contains("shortlisted, interview, offer, hired, rejected"),
            "{said}"
        );
        assert_eq!(sentence.keys().collect::<Vec<_>>(), ["status"]);
        let said = format!("{:?}", refused(InboxList::Enquiries, "interview"));
        assert!(said.contains("new, in_progress, done, spam"), "{said}");
        assert!(!said.contains("interview"), "{said}");
        refused(InboxList::Applicants, "Hired");

        // A list's filter by a status not of the list is refused, naming `status`.
        assert!(InboxQuery::parse_in(InboxList::Applicants, "status=interview").is_ok());
        assert!(InboxQuery::parse_in(InboxList::Applicants, "status=in_progress").is_err());
        assert!(InboxQuery::parse_in(InboxList::Enquiries, "status=offer").is_err());
    }

    #[test]
    fn a_list_is_named_as_it_is_parsed() {
        for list in InboxList::ALL {
            assert_eq!(InboxList::parse(list.name()), Some(list));
        }
        assert_eq!(InboxList::parse("leads"), None);
    }

    #[test]
    fn notes_must_hold_text_within_the_limit() {
        assert_eq!(parse_note("  called back  ").expect("ok"), "called back");
        assert!(parse_note("   ").is_err());
        assert!(parse_note(&"x".repeat(NOTE_MAX_CHARS + 1)).is_err());
    }
}
