//! `GET /api/openapi.json`: the API's OpenAPI document, as another site or tool fetches it.

use crate::common::{header, json, TestApp};
use serde_json::Value;

async fn document() -> Value {
    let app = TestApp::new();
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "application/json");
    json(&response)
}

/// The statuses an operation documents, in order.
fn statuses(doc: &Value, path: &str, method: &str) -> Vec<String> {
    let responses = doc["paths"][path][method]["responses"]
        .as_object()
        .unwrap_or_else(|| panic!("{method} {path} is not documented"));
    responses.keys().cloned().collect()
}

#[tokio::test]
async fn the_document_is_served_as_openapi_3_1() {
    let doc = document().await;
    let version = doc["openapi"].as_str().expect("an openapi version");
    assert!(version.starts_with("3.1."), "{version}");
    assert!(doc["info"]["title"].is_string());
}

#[tokio::test]
async fn every_operation_is_listed_with_the_statuses_it_can_answer() {
    let doc = document().await;
    let errors = [
        "400", "403", "408", "413", "415", "422", "429", "503", "507",
    ];
    let form = |created: &str| {
        std::iter::once(created.to_owned())
            .chain(errors.iter().map(|s| (*s).to_owned()))
            .collect::<Vec<_>>()
    };
    let cases: &[(&str, &str, Vec<String>)] = &[
        (
            "/api/corp_website/blogs/get",
            "get",
            vec!["200".into(), "429".into(), "503".into()],
        ),
        (
            "/api/corp_website/blogs/get/{id}",
            "get",
            vec!["200".into(), "404".into(), "503".into()],
        ),
        ("/api/clients/create", "post", form("201")),
        ("/healthz", "get", vec!["200".into(), "503".into()]),
        ("/api/applicant/create", "post", form("201")),
    ];
    for (path, method, expected) in cases {
        assert_eq!(&statuses(&doc, path, method), expected, "{method} {path}");
    }
}

#[tokio::test]
async fn the_bodies_refer_to_the_schemas_of_the_rust_types() {
    let doc = document().await;
    let schema_of = |path: &str, method: &str, status: &str| {
        doc["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
            ["$ref"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let cases = [
        ("/api/corp_website/blogs/get", "get", "200", "BlogListBody"),
        ("/api/corp_website/blogs/get", "get", "429", "ErrorBody"),
        (
            "/api/corp_website/blogs/get/{id}",
            "get",
            "200",
            "BlogDetailBody",
        ),
        (
            "/api/corp_website/blogs/get/{id}",
            "get",
            "404",
            "BlogDetailBody",
        ),
        ("/api/clients/create", "post", "201", "CreatedBody"),
        ("/api/clients/create", "post", "422", "ErrorBody"),
        ("/api/applicant/create", "post", "201", "CreatedBody"),
        ("/api/applicant/create", "post", "415", "ErrorBody"),
    ];
    for (path, method, status, schema) in cases {
        assert_eq!(
            schema_of(path, method, status),
            format!("#/components/schemas/{schema}"),
            "{method} {path} {status}"
        );
    }
    let enquiry = &doc["paths"]["/api/clients/create"]["post"]["requestBody"]["content"];
    assert_eq!(
        enquiry["application/json"]["schema"]["$ref"],
        "#/components/schemas/EnquiryPayload"
    );
    let application = &doc["paths"]["/api/applicant/create"]["post"]["requestBody"]["content"]
        ["multipart/form-data"]["schema"]["$ref"];
    let name = application
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
        .expect("a schema reference");
    let properties = doc["components"]["schemas"][name]["properties"]
        .as_object()
        .expect("the multipart parts");
    for part in [
        "name",
        "mobile",
        "email",
        "experience",
        "previous_company",
        "query",
        "department_website",
        "file",
    ] {
        assert!(properties.contains_key(part), "part {part}");
    }
    // The honeypot is for robots that fill every field; the document does not offer it.
    assert!(!properties.contains_key("website"));
    let enquiry = doc["components"]["schemas"]["EnquiryPayload"]["properties"]
        .as_object()
        .expect("the enquiry fields");
    assert!(enquiry.contains_key("email") && !enquiry.contains_key("website"));
    assert_eq!(properties["file"]["format"], "binary");
    assert!(properties.len() <= corpsite::http::applicants::MAX_PARTS);
    assert_eq!(
        doc["components"]["schemas"][name]["additionalProperties"], false,
        "only the documented parts"
    );
}

#[tokio::test]
async fn rate_limited_answers_document_retry_after() {
    let doc = document().await;
    let header = &doc["paths"]["/api/corp_website/blogs/get"]["get"]["responses"]["429"]["headers"]
        ["Retry-After"];
    assert_eq!(header["schema"]["type"], "integer");
}
