//! Validated values of the blog and lead domains. Each type parses its input once and cannot
//! hold an invalid value. Nothing here knows of warp, rusqlite or files.

pub mod applicant;
pub mod blog_id;
pub mod bulk;
pub mod color;
pub mod csv;
pub mod dns_name;
pub mod enquiry;
pub mod export;
pub mod fields;
pub mod html_text;
pub mod image;
pub mod img_sources;
pub mod inbox;
pub mod interval;
pub mod lead_id;
pub mod mail_settings;
pub mod mail_token;
pub mod metrics_token;
pub mod nesting;
pub mod office_time;
pub mod page;
pub mod post_file;
pub mod public_url;
pub mod reading_time;
pub mod resume;
pub mod roles;
pub mod sanitize;
pub mod search;
pub mod second_factor;
pub mod site_details;
pub mod site_paths;
pub mod staff;
pub mod story;
pub mod svg;
