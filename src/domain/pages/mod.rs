//! The office's page editor: every public page's editable texts and pictures, declared
//! once (`catalog`), what a field is and the check of what the office saves (`schema`).
//! The defaults are the UI's content (`ui/src/content/`), read through the render bundle
//! (`render::page_defaults`); the office's drafts and published values are
//! `store::pages`'.

pub mod catalog;
pub mod schema;
pub mod shown;
