//! `GET /api/openapi.json`: an OpenAPI 3.1 description of the public API (and `/healthz`), so other sites and
//! tools can call it without reading this code.
//!
//! The document is generated (utoipa) from the Rust types that serialize and parse the API's
//! JSON (`blog_cache::ListBody`, `error::ErrorBody`, `reply::CreatedBody`...), so it cannot drift
//! from them; the operations below list each route's parameters and statuses. The bodies the
//! forms post are described by types beside their parsers (`enquiry::EnquiryPayload`) or
//! here, with the fields' rules (`fields::schema`): a body the document takes is one the
//! server takes.
//! It is built once, on first request, and served as `application/json`.
//!
//! Every `/api` error answers `ErrorBody` through `error::reply`; the statuses listed are the
//! ones each route can answer (403 and 507 are answered by the origin check and the disk
//! guard).

use std::sync::LazyLock;

use bytes::Bytes;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Filter;

use crate::domain::fields;
use crate::http::plumbing::error::{self, ApiError};
use crate::http::plumbing::filters::get_or_head;
use crate::http::plumbing::reply::json_bytes;

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "corpsite public API",
        description = "The JSON API of the company website: blogs, contact enquiries, blog \
                       subscriptions and job applications. Every error answers \
                       `{\"message\", \"errors\"}` (`ErrorBody`).",
        license(name = "UNLICENSED"),
    ),
    paths(
        operations::list_blogs,
        operations::get_blog,
        operations::form_proof_challenge,
        operations::create_enquiry,
        operations::create_applicant,
        operations::confirm_subscription,
        operations::unsubscribe,
        operations::company_details,
        operations::list_jobs,
        operations::get_job,
        operations::retention,
        operations::count_page_view,
        operations::openapi_document,
        operations::healthz,
    ),
    tags(
        (name = "blogs", description = "The blog posts, newest first, and search."),
        (name = "forms", description = "What the site's forms post: enquiries, subscriptions and job applications. \
                                       Each post carries a proof of work: get a challenge \
                                       (`GET /api/form-proof`), find a nonce, and send the \
                                       answer in the `Form-Proof` header (see \
                                       `ChallengeBody`). A post without a valid one is refused \
                                       (403, `errors.proof` says why) and stores nothing. \
                                       A trusted caller (the group's other sites and tools, \
                                       from their servers) may send an API key an owner made \
                                       at `/staff/team` instead, as `Authorization: Bearer \
                                       KEY` (`apiKey`): its posts need no proof and are \
                                       counted on the key; an unknown key is 401, a revoked \
                                       one 403."),
        (name = "subscriber-links", description = "What the links in subscriber mail post: \
                                                  the confirmation of a subscription and \
                                                  unsubscribing."),
        (name = "site", description = "The company's details every page shows: addresses, \
                                      numbers, links, counters, leaders and clients."),
        (name = "jobs", description = "The open job postings `/join_us` lists, for the \
                                      group's other sites too. An application names one as \
                                      its `job`."),
        (name = "privacy", description = "What the privacy notice `/privacy` states: how \
                                         long each list keeps what a visitor sent, as the \
                                         owners set it."),
        (name = "visits", description = "The site's own page-view beacon: counted without \
                                        cookies or stored addresses."),
        (name = "meta", description = "This document."),
        (name = "health", description = "Whether the site can serve and take forms, for load \
                                        balancers and uptime checks."),
    ),
    modifiers(&OtherParts, &TrustedCallers)
)]
pub struct ApiDoc;

/// The application's parts that the document does not list: the handler reads and ignores
/// them, each one a part (a text: an array would be a part per item, past the count of parts
/// `maxProperties` bounds), under any name but one holding a control character (a tab
/// aside), whose header the multipart parser refuses (400). utoipa's derive cannot say
/// `additionalProperties` and `propertyNames` of a struct, so they are added here.
struct OtherParts;

impl utoipa::Modify for OtherParts {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, Type};
        use utoipa::openapi::RefOr;
        let upload = openapi
            .components
            .as_mut()
            .and_then(|components| components.schemas.get_mut("ApplicantUpload"));
        if let Some(RefOr::T(Schema::Object(upload))) = upload {
            let name = ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(r"^[^\u0000-\u0008\u000A-\u001F\u007F]*$"))
                .build();
            upload.property_names = Some(Box::new(Schema::Object(name)));
            let text = ObjectBuilder::new().schema_type(Type::String).build();
            upload.additional_properties = Some(Box::new(AdditionalProperties::RefOr(RefOr::T(
                Schema::Object(text),
            ))));
        }
    }
}

/// The API keys of trusted callers (`store::api_keys`), the proof of work's alternative on
/// the forms' posts: a bearer token. utoipa's derive names a scheme an operation uses but
/// cannot declare one, so it is added here.
struct TrustedCallers;

impl utoipa::Modify for TrustedCallers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let scheme = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some(
                "An API key an owner made at `/staff/team` for one of the group's sites or \
                 tools: a form post carrying it needs no `Form-Proof`, and is counted on \
                 the key. Unknown or malformed: 401; revoked: 403. For servers only: a key \
                 in a web page is anyone's.",
            ))
            .build();
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme("apiKey", SecurityScheme::Http(scheme));
    }
}

/// The document as sent: built once per process.
static DOCUMENT: LazyLock<Result<Bytes, String>> = LazyLock::new(|| {
    use utoipa::OpenApi;
    serialized(ApiDoc::openapi())
});

/// The document as a server run with `--form-proof off` sends it: that server takes a post
/// without the proof, so the document does not require its header (the contract test runs
/// such a server, and checks that the document and the server agree).
static WITHOUT_PROOF: LazyLock<Result<Bytes, String>> = LazyLock::new(|| {
    use utoipa::OpenApi;
    let mut doc = ApiDoc::openapi();
    for item in doc.paths.paths.values_mut() {
        for operation in [&mut item.post, &mut item.get].into_iter().flatten() {
            for parameter in operation.parameters.iter_mut().flatten() {
                if parameter.name == "Form-Proof" {
                    parameter.required = utoipa::openapi::Required::False;
                    parameter.description = Some(
                        "This server runs with `--form-proof off` (a test server): it takes \
                         a post without the proof."
                            .to_owned(),
                    );
                }
            }
        }
    }
    serialized(doc)
});

fn serialized(doc: utoipa::openapi::OpenApi) -> Result<Bytes, String> {
    doc.to_json()
        .map(Bytes::from)
        .map_err(|err| format!("cannot serialize the OpenAPI document: {err}"))
}

/// `GET /api/openapi.json` (under the `/api` prefix of `http::api`), as this server takes
/// the forms: with the proof (`form_proof`), or without.
pub fn routes(form_proof: bool) -> BoxedFilter<(Response,)> {
    warp::path!("openapi.json")
        .and(get_or_head())
        .map(move || error::reply(document(form_proof)))
        .boxed()
}

fn document(form_proof: bool) -> Result<Response, ApiError> {
    let document = if form_proof {
        &*DOCUMENT
    } else {
        &*WITHOUT_PROOF
    };
    match document {
        Ok(body) => Ok(json_bytes(StatusCode::OK, body.clone())),
        Err(why) => Err(ApiError::unexpected(why.clone())),
    }
}

/// The multipart form of `POST /api/applicant/create`, as the Join Us form sends it. The
/// handler reads the parts one by one (`http::public_api::applicants`); this type only describes them,
/// with the rules `domain::applicant` checks (a missing part counts as empty, so the ones
/// that may be empty are optional). The handler reads and ignores parts it does not know, but
/// takes at most `applicants::MAX_PARTS` parts in all: `maxProperties`. The honeypot part
/// (`website`) is left out, as from `EnquiryPayload`: the document is for callers, who never
/// send it.
#[derive(utoipa::ToSchema)]
#[schema(
    description = "A job application: its text parts and the resume (a PDF or an image). Other parts are \
                   ignored; a form has at most 11 parts.",
    max_properties = 11
)]
#[allow(dead_code)]
pub(crate) struct ApplicantUpload {
    #[schema(schema_with = fields::schema::person_name)]
    name: String,
    #[schema(schema_with = fields::schema::mobile)]
    mobile: String,
    #[schema(schema_with = fields::schema::email)]
    email: String,
    #[schema(schema_with = fields::schema::experience)]
    experience: String,
    #[schema(schema_with = fields::schema::short_text)]
    previous_company: Option<String>,
    /// A short message.
    #[schema(schema_with = fields::schema::optional_message)]
    query: Option<String>,
    /// "Corp Careers" from the site; stored as sent.
    #[schema(schema_with = fields::schema::short_text)]
    department_website: Option<String>,
    /// The job opening applied for, by its slug (`GET /api/corp_website/jobs`); none or empty:
    /// a general application. One unknown or no longer open is refused: 422 naming `job`.
    #[schema(example = "site-engineer", max_length = 100)]
    job: Option<String>,
    /// The resume: a JPEG, PNG, WebP or SVG image (the bytes decide, not the name); an empty
    /// part counts as none.
    #[schema(value_type = String, format = Binary, content_media_type = "application/octet-stream", min_length = 1)]
    file: Vec<u8>,
    /// Where the visit came from: a `LeadSourceForm` as JSON text (checked and bounded; one
    /// that is not valid is dropped).
    #[schema(
        example = r#"{"page":"/join_us","landing":"/","stories":[]}"#,
        max_length = 16384
    )]
    source: Option<String>,
}

/// The body of the two subscriber-link posts, as a mailed link sends it: the token of the
/// link, `{subscription id}.{secret}` in lower-case hex (`domain::mail_token`). The handlers
/// read `subscriptions::TokenForm`, where a missing token counts as empty and, like any token
/// no link carried, is answered 400.
#[derive(utoipa::ToSchema)]
#[schema(as = TokenForm, description = "The token of a link in subscriber mail.")]
#[allow(dead_code)]
pub(crate) struct TokenPayload {
    /// The link's `token`: 32 hex digits, a dot, 64 hex digits.
    #[schema(
        pattern = r"^[0-9a-f]{32}\.[0-9a-f]{64}$",
        min_length = 97,
        max_length = 97
    )]
    token: String,
}

/// The `form` a challenge is asked for (`domain::form_proof::ProofForm`).
#[derive(utoipa::ToSchema)]
#[schema(as = ProofForm)]
#[allow(dead_code)]
pub(crate) enum ProofFormParam {
    #[schema(rename = "enquiry")]
    Enquiry,
    #[schema(rename = "application")]
    Application,
}

/// The header a form's post carries its proof of work in (`domain::form_proof`), the same
/// for the enquiry's and the application's post. The routes read it themselves.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub(crate) struct FormProofHeader {
    /// The answer to a challenge of `GET /api/form-proof` for this form:
    /// `{challenge}.{nonce}.{ms}`, where SHA-256 of `{challenge}.{nonce}` starts with the
    /// challenge's `bits` zero bits and `ms` is how long the solving took. Each answer is
    /// taken once. A post with an API key (`Authorization: Bearer KEY`, `apiKey`) needs none.
    #[serde(rename = "Form-Proof")]
    #[param(
        example = "v1.enquiry.1796000000.13.00112233445566778899aabbccddeeff.<64 hex>.5120.180"
    )]
    form_proof: String,
}

/// A form post's 401: its API key (the proof's alternative) is not one of this site's.
const FORM_UNAUTHORIZED: &str = "The `Authorization` header is not `Bearer` and an API key of \
                                 this site's: send a known key, or no `Authorization` and a \
                                 proof of work.";
/// A form post's 403, the same for the enquiry's and the application's.
const FORM_FORBIDDEN: &str = "The request came from another site's page, its API key was \
                              revoked, or its proof of work is missing, malformed, forged, \
                              expired, used before or too easy for this client's posts of the \
                              hour (`errors.proof` names which): get a new challenge and send \
                              again.";

/// The operations, one function each. These functions only carry the documentation (utoipa
/// reads their attributes); the handlers are in `blogs`, `leads` and `applicants`.
#[allow(dead_code)]
mod operations {
    use super::{ApplicantUpload, FormProofHeader, ProofFormParam, TokenPayload};
    use crate::domain::analytics::visit::HitForm;
    use crate::domain::enquiry::EnquiryPayload;
    use crate::http::health::HealthBody;
    use crate::http::plumbing::error::ErrorBody;
    use crate::http::plumbing::reply::CreatedBody;
    use crate::http::public_api::blog_cache::{DetailBody, ListBody};
    use crate::http::public_api::company_details_cache::CompanyDetailsBody;
    use crate::http::public_api::form_proof::ChallengeBody;
    use crate::http::public_api::job_postings::{JobsBody, PostingBody as JobPostingBody};
    use crate::http::public_api::privacy_rules::PrivacyBody;
    use crate::http::public_api::subscriptions::MessageBody;

    #[utoipa::path(
        get,
        path = "/api/corp_website/site",
        tag = "site",
        operation_id = "getSiteDetails",
        summary = "The company's details, as the office last saved them (or the demo ones)",
        responses(
            (status = 200, description = "The details every page shows.", body = CompanyDetailsBody),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn company_details() {}

    #[utoipa::path(
        get,
        path = "/api/corp_website/jobs",
        tag = "jobs",
        operation_id = "listJobs",
        summary = "The open job postings, soonest closing first",
        params(
            ("department" = Option<String>, Query,
                description = "Only this department's postings (as `departments` names it); \
                               empty: every one.", example = "Facility management"),
            ("location" = Option<String>, Query,
                description = "Only postings at this office or branch (as `locations` names \
                               it); empty: every one.", example = "Whitefield"),
        ),
        responses(
            (status = 200, description = "The postings the filters let through, and every \
                                          open posting's departments and locations.",
                body = JobsBody),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn list_jobs() {}

    #[utoipa::path(
        get,
        path = "/api/corp_website/jobs/{slug}",
        tag = "jobs",
        operation_id = "getJob",
        summary = "One open job posting",
        params(
            ("slug" = String, Path, description = "The posting's slug, as its page \
                                                   `/join_us/{slug}` has it."),
        ),
        responses(
            (status = 200, description = "The posting.", body = JobPostingBody),
            (status = 404, description = "No posting has this slug.", body = ErrorBody),
            (status = 410, description = "The position is closed.", body = ErrorBody),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn get_job() {}

    #[utoipa::path(
        get,
        path = "/api/corp_website/retention",
        tag = "privacy",
        operation_id = "getRetention",
        summary = "How long each list keeps what a visitor sent, and the trash's days",
        responses(
            (status = 200, description = "Every list's rule as the owners set it now, and how \
                                          many days an erased item stays in the trash.",
                body = PrivacyBody),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn retention() {}

    #[utoipa::path(
        get,
        path = "/api/corp_website/blogs/get",
        tag = "blogs",
        operation_id = "listBlogs",
        summary = "One page of blogs, newest first, or the best matches of a search",
        params(
            ("page" = Option<String>, Query,
                description = "The page, from 1. Any value is accepted: one that is not a \
                               number counts as 1, and one past the end as the last page.",
                example = "1"),
            ("text" = Option<String>, Query,
                description = "Words to search for in the title, motive, text, tags and \
                               author. Any text is safe; empty lists every blog.",
                example = "office"),
        ),
        responses(
            (status = 200, description = "The page and where it sits in the list.",
                body = ListBody),
            (status = 429, description = "Too many searches from this client that were not \
                                          answered from the cache.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn list_blogs() {}

    #[utoipa::path(
        get,
        path = "/api/corp_website/blogs/get/{id}",
        tag = "blogs",
        operation_id = "getBlog",
        summary = "One blog by its id",
        params(
            ("id" = String, Path, description = "The blog's `_id` (a slug of its title)."),
        ),
        responses(
            (status = 200, description = "The blog, the only item of `data.datas`.",
                body = DetailBody),
            (status = 404, description = "No blog has this id: `data.datas` is empty and \
                                          `message` says so.", body = DetailBody),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
        )
    )]
    fn get_blog() {}

    #[utoipa::path(
        get,
        path = "/api/form-proof",
        tag = "forms",
        operation_id = "getFormProofChallenge",
        summary = "A proof-of-work challenge for the next post of a form",
        description = "Never cached. Its difficulty (`bits`) is the first post's for a client \
                       new this hour and doubles with each of its posts within the hour, to \
                       64 times at most. A sister site of `--allowed-origins` reads it with \
                       CORS.",
        params(
            ("form" = inline(ProofFormParam), Query, description = "The form the answer is for: \
                `enquiry` (`POST /api/clients/create`) or `application` \
                (`POST /api/applicant/create`)."),
        ),
        responses(
            (status = 200, description = "A challenge to solve.", body = ChallengeBody),
            (status = 400, description = "`form` is missing or names no form.", body = ErrorBody),
            (status = 403, description = "The request came from another site's page.",
                body = ErrorBody),
        )
    )]
    fn form_proof_challenge() {}

    #[utoipa::path(
        post,
        path = "/api/clients/create",
        tag = "forms",
        operation_id = "createEnquiry",
        summary = "A contact enquiry, or a blog subscription",
        description = "A post with `name`, `mobile` and `requirment` all blank is a blog \
                       subscription and needs only `email`; anything else is a contact \
                       enquiry and needs `name`, `email`, `mobile` and `requirment`. Missing \
                       and null fields count as empty.",
        params(FormProofHeader),
        security((), ("apiKey" = [])),
        request_body(content = EnquiryPayload, content_type = "application/json"),
        responses(
            (status = 201, description = "Stored.", body = CreatedBody),
            (status = 400, description = "The body is not JSON of this shape.", body = ErrorBody),
            (status = 401, description = super::FORM_UNAUTHORIZED, body = ErrorBody),
            (status = 403, description = super::FORM_FORBIDDEN, body = ErrorBody),
            (status = 408, description = "The body stopped arriving.", body = ErrorBody),
            (status = 413, description = "The body is over 64 KB.", body = ErrorBody),
            (status = 415, description = "The body is not `application/json`.", body = ErrorBody),
            (status = 422, description = "Fields broke a rule; `errors` names each one.",
                body = ErrorBody),
            (status = 429, description = "Too many form posts from this client.",
                body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 507, description = "The server's disk is too full to store it.",
                body = ErrorBody),
        )
    )]
    fn create_enquiry() {}

    #[utoipa::path(
        post,
        path = "/api/applicant/create",
        tag = "forms",
        operation_id = "createApplicant",
        summary = "A job application with a resume (a PDF or an image)",
        params(FormProofHeader),
        security((), ("apiKey" = [])),
        request_body(content = ApplicantUpload, content_type = "multipart/form-data"),
        responses(
            (status = 201, description = "Stored.", body = CreatedBody),
            (status = 400, description = "The multipart body is malformed.", body = ErrorBody),
            (status = 401, description = super::FORM_UNAUTHORIZED, body = ErrorBody),
            (status = 403, description = super::FORM_FORBIDDEN, body = ErrorBody),
            (status = 408, description = "The body stopped arriving.", body = ErrorBody),
            (status = 413, description = "The file or the request is too large.",
                body = ErrorBody),
            (status = 415, description = "The body is not `multipart/form-data`, or the file \
                                          is neither a PDF nor an accepted image.", body = ErrorBody),
            (status = 422, description = "Fields broke a rule, or the PDF was refused (encrypted, \
                                          damaged, too long, or active content); `errors` names \
                                          each one.", body = ErrorBody),
            (status = 429, description = "Too many form posts from this client.",
                body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 507, description = "The server's disk is too full to store it.",
                body = ErrorBody),
        )
    )]
    fn create_applicant() {}

    #[utoipa::path(
        post,
        path = "/api/corp_website/subscribers/confirm",
        tag = "subscriber-links",
        operation_id = "confirmSubscription",
        summary = "Confirm a blog subscription with the token of the mailed link",
        request_body(content = TokenPayload, content_type = "application/json"),
        responses(
            (status = 200, description = "Confirmed (or confirmed before).", body = MessageBody),
            (status = 400, description = "The link is not valid, or has expired; `message` \
                                          says which.", body = ErrorBody),
            (status = 403, description = "The request came from another site's page.",
                body = ErrorBody),
            (status = 408, description = "The body stopped arriving.", body = ErrorBody),
            (status = 413, description = "The body is over 64 KB.", body = ErrorBody),
            (status = 415, description = "The body is not `application/json`.", body = ErrorBody),
            (status = 429, description = "Too many form posts from this client.",
                body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 507, description = "The server's disk is too full.", body = ErrorBody),
        )
    )]
    fn confirm_subscription() {}

    #[utoipa::path(
        post,
        path = "/api/corp_website/subscribers/unsubscribe",
        tag = "subscriber-links",
        operation_id = "unsubscribe",
        summary = "End a blog subscription with the token of a mailed unsubscribe link",
        request_body(content = TokenPayload, content_type = "application/json"),
        responses(
            (status = 200, description = "Unsubscribed.", body = MessageBody),
            (status = 400, description = "The link is not valid.", body = ErrorBody),
            (status = 403, description = "The request came from another site's page.",
                body = ErrorBody),
            (status = 408, description = "The body stopped arriving.", body = ErrorBody),
            (status = 413, description = "The body is over 64 KB.", body = ErrorBody),
            (status = 415, description = "The body is not `application/json`.", body = ErrorBody),
            (status = 429, description = "Too many form posts from this client.",
                body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 503, description = "The site is very busy.", body = ErrorBody,
                headers(("Retry-After" = u64, description = "Seconds to wait."))),
            (status = 507, description = "The server's disk is too full.", body = ErrorBody),
        )
    )]
    fn unsubscribe() {}

    #[utoipa::path(
        get,
        path = "/api/openapi.json",
        tag = "meta",
        operation_id = "openapiDocument",
        summary = "This document (OpenAPI 3.1)",
        responses(
            (status = 200, description = "The OpenAPI document.", content_type = "application/json"),
        )
    )]
    fn openapi_document() {}

    #[utoipa::path(
        post,
        path = "/api/visits",
        tag = "visits",
        operation_id = "countPageView",
        summary = "A page view, as the site's own pages send it",
        description = "Sent with `navigator.sendBeacon` (any content type; the body is JSON). \
                       Answered 204 whether the view is counted or not: views from other \
                       sites, robots, prefetches, browsers with Global Privacy Control and \
                       paths that are not public pages are not counted. Never cached.",
        request_body(content = HitForm, content_type = "text/plain"),
        responses(
            (status = 204, description = "Taken (counted or not)."),
            (status = 400, description = "The body is not a JSON object of this shape.",
                body = ErrorBody),
            (status = 408, description = "The body stopped arriving.", body = ErrorBody),
            (status = 413, description = "The body is over 2 KB.", body = ErrorBody),
        )
    )]
    fn count_page_view() {}

    #[utoipa::path(
        get,
        path = "/healthz",
        tag = "health",
        operation_id = "health",
        summary = "Whether the database answers and the disk has room; the backups' and \
                   certificate's state",
        description = "Never cached. `degraded` (200): the site serves, but the last backup or \
                       certificate renewal failed. `failing` (503): the database does not \
                       answer or the disk is below the minimum free space.",
        responses(
            (status = 200, description = "The site serves and takes forms.", body = HealthBody),
            (status = 503, description = "The site cannot take forms; `message` says why.",
                body = HealthBody),
        )
    )]
    fn healthz() {}
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use utoipa::OpenApi;

    use super::ApiDoc;
    use crate::http::plumbing::allow::{allowed_methods, ROUTE_METHODS};

    /// The API the document leaves out on purpose: the staff's, which only the site's own
    /// staff pages call, behind a session and a CSRF token; it is no contract with other
    /// sites.
    const UNDOCUMENTED: &str = "/api/staff/";

    /// The keys of a path item that are operations.
    const METHODS: [&str; 8] = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];

    /// Every operation of the document: its path, a `{param}` written `*` as `ROUTE_METHODS`
    /// writes it, and its method in capitals.
    fn documented() -> BTreeSet<(String, String)> {
        let doc = serde_json::to_value(ApiDoc::openapi()).expect("the document as JSON");
        let paths = doc["paths"].as_object().expect("paths");
        let mut operations = BTreeSet::new();
        for (path, item) in paths {
            let pattern: Vec<String> = path
                .split('/')
                .map(|segment| {
                    if segment.starts_with('{') && segment.ends_with('}') {
                        "*".to_owned()
                    } else {
                        segment.to_owned()
                    }
                })
                .collect();
            // A path item's other keys (`parameters`, `summary`...) are no operations.
            for method in item.as_object().expect("operations").keys() {
                if METHODS.contains(&method.as_str()) {
                    operations.insert((pattern.join("/"), method.to_uppercase()));
                }
            }
        }
        operations
    }

    #[test]
    fn every_public_api_route_is_in_the_document() {
        let documented = documented();
        let mut missing = Vec::new();
        for (pattern, methods) in ROUTE_METHODS {
            if !pattern.starts_with("/api/") || pattern.starts_with(UNDOCUMENTED) {
                continue;
            }
            // HEAD answers as GET does, and OPTIONS is the forms' CORS preflight: neither is
            // an operation of its own.
            for method in methods
                .iter()
                .filter(|m| !matches!(**m, "HEAD" | "OPTIONS"))
            {
                if !documented.contains(&((*pattern).to_owned(), (*method).to_owned())) {
                    missing.push(format!("{method} {pattern}"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "not in the OpenAPI document: {missing:?}"
        );
    }

    #[test]
    fn every_documented_operation_is_a_route_the_allow_table_knows() {
        for (pattern, method) in documented() {
            let path = pattern.replace('*', "x");
            assert!(
                !pattern.starts_with(UNDOCUMENTED),
                "{pattern} is documented after all: drop it from UNDOCUMENTED"
            );
            let allowed = allowed_methods(&path);
            assert!(
                allowed.split(", ").any(|m| m == method),
                "{method} {pattern} is documented, but the routes take {allowed}"
            );
        }
    }
}
