//! The JSON API the public site and other sites call: the blogs, the three forms
//! (enquiries, applications, subscriptions) and their proof-of-work challenges, the company's details, the privacy notice's retention rules, the site's page-view
//! beacon, and the OpenAPI document that describes them.

pub mod analytics;
pub mod applicants;
pub mod blog_cache;
pub mod blogs;
pub mod company_details;
pub mod company_details_cache;
pub mod form_proof;
#[cfg(test)]
mod generated_ui;
pub mod job_postings;
pub mod jobs;
pub mod leads;
pub mod openapi;
pub mod privacy;
pub mod privacy_rules;
pub mod subscriptions;
