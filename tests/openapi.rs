//! `GET /api/openapi.json`: the API's OpenAPI document, as another site or tool fetches it.

use crate::common::{header, json, TestApp};
use corpsite::content::{self, PreparedPost};
use corpsite::domain::fields::schema;
use jiff::civil::date;
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

/// A published post, so a path's `{id}` names one that is there.
fn a_post() -> PreparedPost {
    let text = "---\ntitle: Leasing a campus\nmotive: Why\ndate: 2025-01-02\n---\nBody.\n";
    content::prepare("campus.md", text, date(2025, 6, 1), |_| Ok(Vec::new())).expect("a valid post")
}

/// Every operation the document lists is answered by a real route: never 404 (no route has
/// the path) or 405 (none takes the method). Any other answer shows the route is there: an
/// empty form post is refused (400, 403, 415, 422), and that is fine.
#[tokio::test]
async fn every_documented_operation_is_answered_by_a_route() {
    let app = TestApp::new();
    let published = app
        .db()
        .write(|conn| content::insert_all(conn, &[a_post()]))
        .await
        .expect("publish");
    let id = published[0].as_str().to_owned();
    // An open job posting, for `{slug}`.
    let slug = app
        .db()
        .write(|conn| {
            use corpsite::domain::job::{CheckedJob, EmploymentType, JobState, Workplace};
            let job = CheckedJob {
                title: "Site engineer".into(),
                department: "Facility management".into(),
                location: "Whitefield".into(),
                employment_type: EmploymentType::FullTime,
                workplace: Workplace::OnSite,
                salary: None,
                description: "<p>Runs the site.</p>".into(),
                openings: 1,
                closes_at: None,
                recruiter: None,
            };
            let (job_id, slug) = corpsite::store::jobs::create(conn, &job, "office@corp.example")?;
            corpsite::store::jobs::set_state(conn, job_id, 1, JobState::Published, "office")?
                .expect("published");
            Ok::<_, corpsite::store::StoreError>(slug)
        })
        .await
        .expect("a job");
    let response = app.get("/api/openapi.json").await;
    let doc = json(&response);
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.len() >= 5, "the document lists its paths");
    for (pattern, item) in paths {
        let path = pattern
            .split('/')
            .map(|segment| match segment {
                "{id}" => id.as_str(),
                "{slug}" => slug.as_str(),
                param if param.starts_with('{') => panic!("no test value for {param} of {pattern}"),
                segment => segment,
            })
            .collect::<Vec<_>>()
            .join("/");
        let operations = item.as_object().expect("operations").keys();
        // A path item's other keys (`parameters`, `summary`...) are no operations.
        let methods = [
            "get", "put", "post", "delete", "options", "head", "patch", "trace",
        ];
        for method in operations.filter(|key| methods.contains(&key.as_str())) {
            let method = method.to_uppercase();
            let response = app
                .request(warp::test::request().method(&method).path(&path))
                .await;
            assert!(
                ![404, 405].contains(&response.status().as_u16()),
                "{method} {path} (documented as {pattern}): {} {}",
                response.status(),
                String::from_utf8_lossy(response.body())
            );
        }
    }
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
    // 401: an unknown or malformed API key (the proof's alternative, `apiKey`).
    let errors = [
        "400", "401", "403", "408", "413", "415", "422", "429", "503", "507",
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
    for shape in ["ContactEnquiry", "BlogSubscription"] {
        let enquiry = doc["components"]["schemas"][shape]["properties"]
            .as_object()
            .expect("the enquiry fields");
        assert!(
            enquiry.contains_key("email") && !enquiry.contains_key("website"),
            "{shape}"
        );
    }
    assert_eq!(properties["file"]["format"], "binary");
    // The handler ignores other parts, up to its limit on parts.
    assert!(properties.len() <= corpsite::http::public_api::applicants::MAX_PARTS);
    assert_eq!(
        doc["components"]["schemas"][name]["maxProperties"],
        corpsite::http::public_api::applicants::MAX_PARTS
    );
    assert_ne!(
        doc["components"]["schemas"][name]["additionalProperties"],
        false
    );
}

#[tokio::test]
async fn rate_limited_answers_document_retry_after() {
    let doc = document().await;
    let header = &doc["paths"]["/api/corp_website/blogs/get"]["get"]["responses"]["429"]["headers"]
        ["Retry-After"];
    assert_eq!(header["schema"]["type"], "integer");
}

/// The names in a schema's `required`, sorted.
fn required(doc: &Value, schema: &str) -> Vec<String> {
    let mut names: Vec<String> = doc["components"]["schemas"][schema]["required"]
        .as_array()
        .unwrap_or_else(|| panic!("{schema} has no required list"))
        .iter()
        .map(|name| name.as_str().expect("a name").to_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn the_form_bodies_require_what_the_server_requires() {
    let doc = document().await;
    let schemas = &doc["components"]["schemas"];
    // An enquiry is one of two shapes: a contact enquiry needs four fields, a subscription
    // only the email (and none of the other three).
    let shapes: Vec<&str> = schemas["EnquiryPayload"]["oneOf"]
        .as_array()
        .expect("oneOf")
        .iter()
        .map(|shape| shape["$ref"].as_str().expect("a reference"))
        .collect();
    assert_eq!(
        shapes,
        [
            "#/components/schemas/ContactEnquiry",
            "#/components/schemas/BlogSubscription"
        ]
    );
    assert_eq!(
        required(&doc, "ContactEnquiry"),
        ["email", "mobile", "name", "requirment"]
    );
    assert_eq!(required(&doc, "BlogSubscription"), ["email"]);
    for left_out in ["name", "mobile", "requirment"] {
        let field = &schemas["BlogSubscription"]["properties"][left_out];
        assert_eq!(
            field["type"],
            serde_json::json!(["string", "null"]),
            "{left_out}"
        );
        assert!(field["pattern"].is_string(), "{left_out} must be blank");
    }
    assert_eq!(
        required(&doc, "ApplicantUpload"),
        ["email", "experience", "file", "mobile", "name"]
    );
    assert_eq!(required(&doc, "TokenForm"), ["token"]);
}

#[tokio::test]
async fn each_form_field_carries_its_parsers_pattern() {
    let doc = document().await;
    let schemas = &doc["components"]["schemas"];
    // Each text field's rule is its parser's pattern (`fields::schema`, held to the parsers
    // there); its bound is in the pattern, which counts what is left once trimmed.
    let cases = [
        (
            "ContactEnquiry",
            "name",
            Some(1),
            schema::person_name_pattern(),
        ),
        (
            "ContactEnquiry",
            "mobile",
            Some(1),
            schema::mobile_pattern(),
        ),
        (
            "ContactEnquiry",
            "requirment",
            Some(1),
            schema::message_pattern(),
        ),
        (
            "ContactEnquiry",
            "department_website",
            None,
            schema::short_text_pattern(),
        ),
        (
            "ContactEnquiry",
            "service",
            None,
            schema::short_text_pattern(),
        ),
        ("BlogSubscription", "name", None, schema::blank_pattern()),
        (
            "BlogSubscription",
            "department_website",
            None,
            schema::short_text_pattern(),
        ),
        (
            "ApplicantUpload",
            "name",
            Some(1),
            schema::person_name_pattern(),
        ),
        (
            "ApplicantUpload",
            "mobile",
            Some(1),
            schema::mobile_pattern(),
        ),
        (
            "ApplicantUpload",
            "experience",
            Some(1),
            schema::experience_pattern(),
        ),
        (
            "ApplicantUpload",
            "previous_company",
            None,
            schema::short_text_pattern(),
        ),
        (
            "ApplicantUpload",
            "query",
            None,
            schema::optional_message_pattern(),
        ),
        (
            "ApplicantUpload",
            "department_website",
            None,
            schema::short_text_pattern(),
        ),
    ];
    for (owner, field, min, pattern) in cases {
        let property = &schemas[owner]["properties"][field];
        assert_eq!(property["minLength"].as_u64(), min, "{owner}.{field}");
        assert_eq!(
            property["pattern"].as_str(),
            Some(pattern.as_str()),
            "{owner}.{field}"
        );
        assert!(
            property["maxLength"].is_null(),
            "{owner}.{field}: the bound is in the pattern"
        );
    }
    for owner in ["ContactEnquiry", "BlogSubscription", "ApplicantUpload"] {
        let email = &schemas[owner]["properties"]["email"]["allOf"];
        assert_eq!(
            email[0]["pattern"].as_str(),
            Some(schema::email_pattern().as_str())
        );
        assert_eq!(email[0]["minLength"], 3);
        assert_eq!(
            email[1]["pattern"].as_str(),
            Some(schema::email_length_pattern().as_str())
        );
    }
    let token = &schemas["TokenForm"]["properties"]["token"];
    assert_eq!(token["pattern"], "^[0-9a-f]{32}\\.[0-9a-f]{64}$");
    assert_eq!(
        (token["minLength"].as_u64(), token["maxLength"].as_u64()),
        (Some(97), Some(97))
    );
    // An empty file part counts as none.
    assert_eq!(
        schemas["ApplicantUpload"]["properties"]["file"]["minLength"],
        1
    );
}

/// The proof's header is required by the document of a server that asks for it, and not by
/// that of a server run with `--form-proof off`, which takes posts without it (the contract
/// test runs one); both describe the API key a trusted caller may send instead, and resolve
/// every reference they make.
#[tokio::test]
async fn the_proof_header_is_required_only_where_the_server_requires_it() {
    let proof_header = |doc: &Value, path: &str| {
        doc["paths"][path]["post"]["parameters"]
            .as_array()
            .and_then(|params| params.iter().find(|p| p["name"] == "Form-Proof"))
            .cloned()
            .expect("the Form-Proof parameter")
    };
    let on = document().await;
    let off_app = TestApp::with_settings(|s| s.form_proof = false);
    let off = json(&off_app.get("/api/openapi.json").await);
    for path in ["/api/clients/create", "/api/applicant/create"] {
        assert_eq!(proof_header(&on, path)["required"], true, "{path}");
        assert_ne!(proof_header(&off, path)["required"], true, "{path}");
        // A trusted caller's API key is the proof's alternative: no credential, or the key.
        for doc in [&on, &off] {
            assert_eq!(
                doc["paths"][path]["post"]["security"],
                serde_json::json!([{}, { "apiKey": [] }]),
                "{path}"
            );
        }
    }
    let scheme = &on["components"]["securitySchemes"]["apiKey"];
    assert_eq!(
        (scheme["type"].as_str(), scheme["scheme"].as_str()),
        (Some("http"), Some("bearer")),
        "{scheme}"
    );
    for doc in [&on, &off] {
        let text = doc.to_string();
        for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
            let name = &reference[..reference.find('"').expect("closed")];
            assert!(
                doc["components"]["schemas"].get(name).is_some(),
                "{name} is referred to but not in the document"
            );
        }
    }
}
