//! The open job postings as the public reads them (`JobsApi`), shared by the API
//! (`public_api::jobs`), the rendered pages (`/join_us`, `/join_us/SLUG`, which embed the
//! same answers) and the sitemap; it names no `AppState`, which holds it.
//!
//! Only published openings before their closing time are public (`store::jobs::open`);
//! descriptions are sanitized again as they are served, as stories' bodies are.

use std::sync::Arc;

use serde::Serialize;

use crate::domain::company_details::CompanyDetails;
use crate::domain::job::{self, JobState, Location};
use crate::domain::office_time::OfficeZone;
use crate::domain::sanitize::DisplaySanitizer;
use crate::store::jobs::{self, Job};
use crate::store::{Db, StoreError};

/// What a closed posting's page and answer say.
pub const CLOSED: &str = "This position is closed";
/// The longest filter value read from a query string.
const FILTER_MAX: usize = 100;

/// One open posting as the public sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = JobPosting)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobPosting"))]
pub struct PostingJson {
    /// Its page is `/join_us/{slug}`; an application names it as `job`.
    pub slug: String,
    pub title: String,
    pub department: String,
    /// One of the company's offices or branches.
    pub location: String,
    /// The location's address lines, from the company's details.
    pub address: Vec<String>,
    /// ISO 3166 country code of the address.
    pub country: String,
    /// `full_time`, `part_time`, `contract`, `temporary` or `intern`.
    pub employment_type: String,
    /// As people read it: `Full time`.
    pub employment_type_label: String,
    /// schema.org's `employmentType`: `FULL_TIME`.
    pub employment_type_schema: String,
    /// `on_site`, `hybrid` or `remote`.
    pub workplace: String,
    pub workplace_label: String,
    /// The yearly salary in rupees, when the office shows it.
    pub salary: Option<SalaryJson>,
    /// Sanitized HTML.
    pub description: String,
    pub openings: u32,
    /// When it was published, UTC.
    pub date_posted: String,
    /// The day it was published, for people (`29 Nov 2026`).
    pub date_posted_for_people: String,
    /// When applications close (UTC), if it closes by itself.
    pub closes_at: Option<String>,
    /// The closing time for people: `31 Dec 2026, 18:00 IST`.
    pub closes_for_people: Option<String>,
    pub updated_at: String,
}

/// A salary range in rupees a year.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = JobSalary)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobSalary"))]
pub struct SalaryJson {
    pub min: u64,
    pub max: u64,
    pub currency: String,
    /// `₹6,00,000 – ₹9,00,000 a year`.
    pub text: String,
}

/// `GET /api/corp_website/jobs`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobsBody"))]
pub struct JobsBody {
    /// The open postings the filters let through, soonest closing first.
    pub data: Vec<PostingJson>,
    /// Every open posting's department and location, for the filters.
    pub departments: Vec<String>,
    pub locations: Vec<String>,
    /// The filters as applied (empty: all).
    pub department: String,
    pub location: String,
}

/// `GET /api/corp_website/jobs/{slug}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = JobPostingBody)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "JobPostingBody"))]
pub struct PostingBody {
    pub data: PostingJson,
}

/// One posting looked up by its slug.
#[derive(Debug, Clone)]
pub enum Lookup {
    Open(Box<PostingJson>),
    /// Closed, by hand or at its time: 410.
    Closed,
    /// None, or a draft: 404.
    Missing,
}

/// The public's reads of the openings, shared by the API, the pages and the sitemap.
pub struct JobsApi {
    db: Arc<Db>,
    sanitizer: DisplaySanitizer,
}

/// The filters of the list, as the query string has them: the first of each, trimmed.
pub fn filters(query: &str) -> (String, String) {
    let mut department = None;
    let mut location = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let value: String = value.trim().chars().take(FILTER_MAX).collect();
        match key.as_ref() {
            "department" if department.is_none() => department = Some(value),
            "location" if location.is_none() => location = Some(value),
            _ => {}
        }
    }
    (department.unwrap_or_default(), location.unwrap_or_default())
}

impl JobsApi {
    pub fn new(db: Arc<Db>, media_base: &str) -> JobsApi {
        JobsApi {
            db,
            sanitizer: DisplaySanitizer::new(media_base),
        }
    }

    /// The open postings (all of them), with the company's places and zone.
    async fn read_open(&self) -> Result<(Vec<Job>, Vec<Location>, OfficeZone), StoreError> {
        let now = crate::domain::story::utc_text(jiff::Timestamp::now());
        self.db
            .read(move |conn| {
                let details = crate::store::company_details::read(conn)
                    .map(|stored| stored.details)
                    .unwrap_or_else(|_| CompanyDetails::demo());
                let places = job::locations(details.form());
                Ok((jobs::open(conn, &now)?, places, details.office_zone()))
            })
            .await
    }

    fn posting(&self, job: Job, places: &[Location], zone: &OfficeZone) -> PostingJson {
        let place = places.iter().find(|place| place.name == job.location);
        let posted = job
            .published_at
            .clone()
            .unwrap_or_else(|| job.created_at.clone());
        PostingJson {
            address: place.map(|place| place.address.clone()).unwrap_or_default(),
            country: place.map_or("IN", |place| place.country).to_owned(),
            employment_type: job.employment_type.as_str().to_owned(),
            employment_type_label: job.employment_type.label().to_owned(),
            employment_type_schema: job.employment_type.schema_org().to_owned(),
            workplace: job.workplace.as_str().to_owned(),
            workplace_label: job.workplace.label().to_owned(),
            salary: job.salary.map(|(min, max)| SalaryJson {
                min,
                max,
                currency: "INR".to_owned(),
                text: if min == max {
                    format!("{} a year", job::rupees(min))
                } else {
                    format!("{} – {} a year", job::rupees(min), job::rupees(max))
                },
            }),
            description: self.sanitizer.clean(&job.description),
            date_posted_for_people: zone
                .date_of(&posted)
                .and_then(|day| day_for_people(&day))
                .unwrap_or_else(|| posted.clone()),
            date_posted: posted,
            closes_for_people: job.closes_at.as_deref().and_then(|at| zone.for_people(at)),
            closes_at: job.closes_at,
            slug: job.slug,
            title: job.title,
            department: job.department,
            location: job.location,
            openings: job.openings,
            updated_at: job.updated_at,
        }
    }

    /// The open postings that `department` and `location` let through (empty: any).
    pub async fn list(&self, department: &str, location: &str) -> Result<JobsBody, StoreError> {
        let (open, places, zone) = self.read_open().await?;
        let mut departments: Vec<String> = open.iter().map(|job| job.department.clone()).collect();
        departments.sort_by_key(|name| name.to_lowercase());
        departments.dedup();
        let mut locations: Vec<String> = Vec::new();
        for place in &places {
            if open.iter().any(|job| job.location == place.name) {
                locations.push(place.name.clone());
            }
        }
        let data = open
            .into_iter()
            .filter(|job| department.is_empty() || job.department == department)
            .filter(|job| location.is_empty() || job.location == location)
            .map(|job| self.posting(job, &places, &zone))
            .collect();
        Ok(JobsBody {
            data,
            departments,
            locations,
            department: department.to_owned(),
            location: location.to_owned(),
        })
    }

    /// The posting at `slug`.
    pub async fn one(&self, slug: &str) -> Result<Lookup, StoreError> {
        let wanted = slug.to_owned();
        let now = crate::domain::story::utc_text(jiff::Timestamp::now());
        let found = self
            .db
            .read(move |conn| jobs::by_slug(conn, &wanted))
            .await?;
        let Some(job) = found else {
            return Ok(Lookup::Missing);
        };
        let past = job
            .closes_at
            .as_deref()
            .is_some_and(|at| at <= now.as_str());
        match job.state {
            JobState::Draft => Ok(Lookup::Missing),
            JobState::Closed => Ok(Lookup::Closed),
            JobState::Published if past => Ok(Lookup::Closed),
            JobState::Published => {
                let (_, places, zone) = self.read_open().await?;
                Ok(Lookup::Open(Box::new(self.posting(job, &places, &zone))))
            }
        }
    }

    /// The id of the opening at `slug` when it is open for applications now.
    pub async fn open_id(&self, slug: &str) -> Result<Option<i64>, StoreError> {
        let slug = slug.to_owned();
        let now = crate::domain::story::utc_text(jiff::Timestamp::now());
        self.db
            .read(move |conn| jobs::is_open(conn, &slug, &now))
            .await
    }

    /// Each open posting's path and when it last changed (its day), for the sitemap.
    pub async fn sitemap_entries(&self) -> Result<Vec<(String, String)>, StoreError> {
        let (open, _, _) = self.read_open().await?;
        Ok(open
            .into_iter()
            .map(|job| {
                let day: String = job.updated_at.chars().take(10).collect();
                (format!("/join_us/{}", job.slug), day)
            })
            .collect())
    }
}

/// `2026-11-29` as `29 Nov 2026`.
fn day_for_people(day: &str) -> Option<String> {
    let date: jiff::civil::Date = day.parse().ok()?;
    Some(date.strftime("%-d %b %Y").to_string())
}
