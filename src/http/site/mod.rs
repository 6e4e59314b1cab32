//! The public site's pages and files: the UI's assets and its route table, the pages
//! rendered on the server, what crawlers and feed readers read, the media files, and
//! `front`, the short way kept answers take before warp's filters.

pub mod assets;
pub mod discovery;
pub mod front;
pub mod media;
pub mod pages;
