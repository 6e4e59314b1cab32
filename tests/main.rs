//! Every integration test, in one binary. Each file under `tests/` is one area of the site
//! (its name says which); the helper modules they share come first. One binary links the
//! crate once instead of once per area: a fresh build needs a tenth of the disk and links in
//! seconds (a test binary carries the whole server, about 270 MB with debug info).
//!
//! A new area is a new `tests/AREA.rs` and a line here; `autotests = false` in Cargo.toml
//! keeps Cargo from building it as a binary of its own as well.

mod common;
mod image_samples;
mod leads_support;
mod support;

mod abuse;
mod analytics_lead_sources;
mod analytics_visits;
mod analytics_visits_h2;
mod architecture_map;
mod backups;
mod backups_s3;
mod blogs_api;
mod blogs_cli;
mod blogs_media;
mod blogs_seed;
mod body_timeout;
mod cdn_varnish;
mod cli_serve;
mod company_details;
mod company_details_archive;
mod desktop_demo;
mod discovery;
mod disk_full;
mod forms_cross_site;
mod forms_http2;
mod forms_proof;
mod forms_storage;
mod front_files_api;
mod health_metrics;
mod http_allow;
mod http_site;
mod jobs_public;
mod layers;
mod leads_applicants;
mod leads_cli;
mod leads_enquiries;
mod leads_exports;
mod leads_server;
mod mail;
mod openapi;
mod pages_front;
mod pages_render;
mod pages_travel;
mod privacy_notice;
mod schemas;
mod server_limits;
mod staff_account;
mod staff_api;
mod staff_api_keys;
mod staff_assign;
mod staff_bulk;
mod staff_cli;
mod staff_factors;
mod staff_job_recruiter;
mod staff_jobs;
mod staff_mail;
mod staff_pages;
mod staff_pipeline;
mod staff_readers;
mod staff_replies;
mod staff_retention;
mod staff_revisions;
mod staff_roles;
mod staff_team;
mod staff_trash;
mod store_migrations;
mod store_permissions;
mod store_readers;
mod stories;
mod tls;
