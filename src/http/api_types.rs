//! The API's JSON shapes as TypeScript, for the UI: generated from the Rust types that
//! serialize them (`ts-rs`), so each shape is defined once. `cargo test` fails when
//! `ui/src/lib/api-types.ts` is stale; `UPDATE_API_TYPES=1 cargo test api_types` rewrites it.

use std::path::Path;

use ts_rs::{Config, TS};

use super::blogs::{
    AuthorJson, BlogJson, DetailBody, DetailData, ListBody, ListData, Pagination, TagJson,
};
use super::error::ErrorBody;
use super::reply::{CreatedBody, CreatedId};
use crate::domain::enquiry::EnquiryForm;

const TARGET: &str = "ui/src/lib/api-types.ts";

fn generated() -> String {
    let cfg = Config::new().with_large_int("number");
    let declarations = [
        BlogJson::decl(&cfg),
        TagJson::decl(&cfg),
        AuthorJson::decl(&cfg),
        Pagination::decl(&cfg),
        ListBody::decl(&cfg),
        ListData::decl(&cfg),
        DetailBody::decl(&cfg),
        DetailData::decl(&cfg),
        ErrorBody::decl(&cfg),
        CreatedBody::decl(&cfg),
        CreatedId::decl(&cfg),
        EnquiryForm::decl(&cfg),
    ];
    let mut file = String::from(
        "// Generated from the Rust types of the API by src/http/api_types.rs. Do not edit:\n\
         // change the Rust type, then run `UPDATE_API_TYPES=1 cargo test api_types`.\n",
    );
    for declaration in declarations {
        file.push('\n');
        file.push_str("export ");
        file.push_str(declaration.trim());
        file.push('\n');
    }
    file
}

#[test]
fn the_ui_api_types_are_generated_from_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TARGET);
    let wanted = generated();
    if std::env::var_os("UPDATE_API_TYPES").is_some() {
        std::fs::write(&path, &wanted).expect("write the API types");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == wanted,
        "{TARGET} is stale: run `UPDATE_API_TYPES=1 cargo test api_types` and commit it"
    );
}
