//! The page editor's API through the real filters: a page opened with its schema and its
//! defaults from the UI's content, a draft saved (409 from a second tab, 422 naming fields by
//! label), published now or on schedule (the published overrides' generation and the content
//! version moving), revisions listed, read and restored, a field back to its default, the
//! audit lines, and the roles that may not.

use corpsite::domain::roles::Role;
use serde_json::{json as body, Value};
use warp::http::StatusCode;

use crate::common::staff::{add_staff, add_staff_as, Browser, EMAIL, PASSWORD};
use crate::common::{json, TestApp};

const HEADLINE: &str = "homeContent.hero.headline";

async fn signed_in() -> (TestApp, Browser) {
    let app = TestApp::new();
    add_staff(&app, EMAIL, PASSWORD, false).await;
    let browser = Browser::sign_in(&app).await;
    (app, browser)
}

async fn open(app: &TestApp, browser: &Browser, key: &str) -> Value {
    let response = app
        .request(browser.get(&format!("/api/staff/pages/{key}")))
        .await;
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(&response)["data"].clone()
}

async fn put(
    app: &TestApp,
    browser: &Browser,
    key: &str,
    fields: Value,
    revision: i64,
) -> warp::http::Response<bytes::Bytes> {
    app.request(
        browser
            .change("PUT", &format!("/api/staff/pages/{key}"))
            .json(&body!({ "fields": fields, "revision": revision })),
    )
    .await
}

/// The revision a change answered, after checking it was a 200.
fn saved(response: &warp::http::Response<bytes::Bytes>) -> i64 {
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.body());
    json(response)["data"]["revision"]
        .as_i64()
        .expect("revision")
}

async fn publish(
    app: &TestApp,
    browser: &Browser,
    key: &str,
    form: Value,
) -> warp::http::Response<bytes::Bytes> {
    app.request(
        browser
            .change("POST", &format!("/api/staff/pages/{key}/publish"))
            .json(&form),
    )
    .await
}

/// The published overrides by page and their generation, as the page caches read them.
fn published(app: &TestApp) -> (i64, std::collections::BTreeMap<String, String>) {
    app.db()
        .read_blocking(corpsite::store::pages::published)
        .expect("published")
}

fn content_version(app: &TestApp) -> i64 {
    app.db()
        .read_blocking(corpsite::store::blogs::version)
        .expect("version")
}

fn audit_lines(app: &TestApp) -> Vec<(String, String, String)> {
    app.db()
        .read_blocking(|conn| Ok(corpsite::store::audit::audit_log(conn, 50)?))
        .expect("audit")
        .into_iter()
        .filter(|entry| entry.subject.starts_with("page "))
        .map(|entry| (entry.action, entry.subject, entry.detail))
        .rev()
        .collect()
}

#[tokio::test]
async fn a_page_opens_with_its_schema_and_the_uis_content_as_its_defaults() {
    let (app, browser) = signed_in().await;
    let list = app.request(browser.get("/api/staff/pages")).await;
    assert_eq!(list.status(), StatusCode::OK, "{:?}", list.body());
    let pages = json(&list)["data"].as_array().cloned().unwrap_or_default();
    assert!(pages.len() >= 19, "{pages:?}");
    assert_eq!(
        pages[0],
        body!({"key": "home", "title": "Home", "route": "/", "state": "default",
               "updated_at": null, "updated_by": null})
    );
    let home = open(&app, &browser, "home").await;
    assert_eq!(home["schema"]["key"], "home");
    assert_eq!(home["revision"], 0);
    assert_eq!(home["state"], "default");
    assert_eq!(home["draft"], body!({}));
    assert_eq!(
        home["defaults"][HEADLINE],
        "Spaces, projects and people that work."
    );
    let headline = home["schema"]["fields"]
        .as_array()
        .and_then(|fields| fields.iter().find(|field| field["path"] == HEADLINE))
        .cloned();
    assert_eq!(
        headline,
        Some(body!({"path": HEADLINE, "label": "Hero: headline", "kind": "text", "max": 120}))
    );
    let unknown = app.request(browser.get("/api/staff/pages/nowhere")).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        json(&unknown)["message"],
        "The page editor has no page nowhere."
    );
}

#[tokio::test]
async fn a_second_tab_saving_from_the_same_revision_gets_a_409_naming_who_saved_and_loses_nothing()
{
    let (app, tab_a) = signed_in().await;
    add_staff_as(&app, "second@corp.example", PASSWORD, false, Role::Editor).await;
    let tab_b = Browser::sign_in_with(&app, "second@corp.example", PASSWORD).await;
    let first = saved(&put(&app, &tab_a, "home", body!({ HEADLINE: "A's words." }), 0).await);
    assert_eq!(first, 1);
    let stale = put(&app, &tab_b, "home", body!({ HEADLINE: "B's words." }), 0).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT, "{:?}", stale.body());
    let message = json(&stale)["message"].as_str().unwrap_or("").to_owned();
    assert!(
        message.starts_with("This page was saved by ") && message.contains("not saved"),
        "{message}"
    );
    let home = open(&app, &tab_a, "home").await;
    assert_eq!(home["draft"], body!({ HEADLINE: "A's words." }));
    assert_eq!(
        (home["revision"].clone(), home["state"].clone()),
        (body!(1), body!("draft"))
    );
    let listed = app.request(tab_a.get("/api/staff/pages")).await;
    assert_eq!(json(&listed)["data"][0]["state"], "draft");
    assert!(json(&listed)["data"][0]["updated_by"].is_string());
}

#[tokio::test]
async fn bad_fields_get_a_422_naming_each_by_its_label_and_nothing_is_stored() {
    let (app, browser) = signed_in().await;
    let refused = put(
        &app,
        &browser,
        "footer",
        body!({
            "footerAbout": "",
            "footerNothing": "x",
            "footerLinkGroups.0.links.0": {"label": "About", "href": "/\\evil.example"},
        }),
        0,
    )
    .await;
    assert_eq!(
        refused.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        refused.body()
    );
    let answer = json(&refused);
    assert_eq!(
        answer["errors"]["footerAbout"],
        "About the group cannot be empty."
    );
    assert_eq!(
        answer["errors"]["footerNothing"],
        "Footer (every page) has no field footerNothing."
    );
    assert!(
        answer["errors"]["footerLinkGroups.0.links.0.href"]
            .as_str()
            .unwrap_or("")
            .starts_with("Links: About (its address): Enter a path"),
        "{answer}"
    );
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or("")
            .contains("About the group"),
        "{answer}"
    );
    let footer = open(&app, &browser, "footer").await;
    assert_eq!(
        (footer["revision"].clone(), footer["draft"].clone()),
        (body!(0), body!({}))
    );
    let not_json = app
        .request(
            browser
                .change("PUT", "/api/staff/pages/footer")
                .header("content-type", "application/json")
                .body("{\"fields\": 3"),
        )
        .await;
    assert_eq!(not_json.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn publishing_moves_the_published_overrides_their_generation_and_the_content_version() {
    let (app, browser) = signed_in().await;
    let (generation, before) = published(&app);
    assert!(before.is_empty());
    let revision = saved(
        &put(
            &app,
            &browser,
            "home",
            body!({ HEADLINE: "Now public." }),
            0,
        )
        .await,
    );
    let version = content_version(&app);
    assert_eq!(published(&app).0, generation, "a draft is no visitor's");
    let stale = publish(&app, &browser, "home", body!({ "revision": revision - 1 })).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT, "{:?}", stale.body());
    let done = publish(&app, &browser, "home", body!({ "revision": revision })).await;
    assert_eq!(saved(&done), revision);
    assert_eq!(json(&done)["data"]["state"], "published");
    let (moved, pages) = published(&app);
    assert_eq!(moved, generation + 1);
    assert_eq!(pages["home"], format!(r#"{{"{HEADLINE}":"Now public."}}"#));
    assert!(content_version(&app) > version, "the rendered pages follow");
    let home = open(&app, &browser, "home").await;
    assert_eq!(home["published"], body!({ HEADLINE: "Now public." }));
    assert_eq!(home["state"], "published");
}

#[tokio::test]
async fn a_scheduled_publish_goes_public_by_itself_at_its_time() {
    let (app, browser) = signed_in().await;
    let revision = saved(
        &put(
            &app,
            &browser,
            "footer",
            body!({"footerAbout": "Later."}),
            0,
        )
        .await,
    );
    let past = publish(
        &app,
        &browser,
        "footer",
        body!({"revision": revision, "publish_at": "2020-01-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(past.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        json(&past)["errors"]["publish_at"],
        "Choose a time in the future."
    );
    let at = jiff::Timestamp::from_second(jiff::Timestamp::now().as_second() + 2).expect("a time");
    let scheduled = publish(
        &app,
        &browser,
        "footer",
        body!({"revision": revision, "publish_at": corpsite::domain::story::utc_text(at)}),
    )
    .await;
    assert_eq!(saved(&scheduled), revision);
    assert_eq!(json(&scheduled)["data"]["state"], "scheduled");
    assert!(published(&app).1.is_empty(), "not before its time");
    let mut public = false;
    for _ in 0..60 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if published(&app).1.contains_key("footer") {
            public = true;
            break;
        }
    }
    assert!(public, "public within a second or so of its time");
    assert!(jiff::Timestamp::now() >= at, "and not before");
    assert_eq!(open(&app, &browser, "footer").await["state"], "published");
    assert!(audit_lines(&app).contains(&(
        "published page on schedule".to_owned(),
        "page footer".to_owned(),
        String::new()
    )));
}

#[tokio::test]
async fn revisions_are_listed_read_and_restored_and_a_field_goes_back_to_its_default() {
    let (app, browser) = signed_in().await;
    let first = saved(&put(&app, &browser, "home", body!({ HEADLINE: "First." }), 0).await);
    let second = saved(
        &put(
            &app,
            &browser,
            "home",
            body!({ HEADLINE: "Second." }),
            first,
        )
        .await,
    );
    let stale_reset = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/pages/home/fields/{HEADLINE}?revision={first}"),
        ))
        .await;
    assert_eq!(stale_reset.status(), StatusCode::CONFLICT);
    let reset = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/pages/home/fields/{HEADLINE}?revision={second}"),
        ))
        .await;
    let third = saved(&reset);
    assert_eq!(open(&app, &browser, "home").await["draft"], body!({}));
    let no_field = app
        .request(browser.change(
            "DELETE",
            &format!("/api/staff/pages/home/fields/nothing.here?revision={third}"),
        ))
        .await;
    assert_eq!(no_field.status(), StatusCode::NOT_FOUND);

    let list = app
        .request(browser.get("/api/staff/pages/home/revisions"))
        .await;
    assert_eq!(list.status(), StatusCode::OK, "{:?}", list.body());
    let list = json(&list);
    assert_eq!(list["total"], 3);
    assert_eq!(list["data"][0]["number"], third);
    assert_eq!(list["data"][0]["action"], "reset Hero: headline");
    assert_eq!(list["data"][0]["saved_by"]["email"], EMAIL);
    let one = app
        .request(browser.get(&format!("/api/staff/pages/home/revisions/{first}")))
        .await;
    assert_eq!(one.status(), StatusCode::OK, "{:?}", one.body());
    assert_eq!(json(&one)["data"]["fields"], body!({ HEADLINE: "First." }));
    let missing = app
        .request(browser.get("/api/staff/pages/home/revisions/99"))
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    let restored = app
        .request(
            browser
                .change(
                    "POST",
                    &format!("/api/staff/pages/home/revisions/{first}/restore"),
                )
                .json(&body!({ "revision": third })),
        )
        .await;
    let fourth = saved(&restored);
    assert_eq!(fourth, third + 1);
    assert_eq!(
        open(&app, &browser, "home").await["draft"],
        body!({ HEADLINE: "First." })
    );
    assert_eq!(
        audit_lines(&app),
        [
            (
                "saved page draft".to_owned(),
                "page home".to_owned(),
                "Home".to_owned()
            ),
            (
                "saved page draft".to_owned(),
                "page home".to_owned(),
                "Home".to_owned()
            ),
            (
                "reset page field to default".to_owned(),
                "page home".to_owned(),
                "Hero: headline".to_owned()
            ),
            (
                format!("restored page revision {first}"),
                "page home".to_owned(),
                "Home".to_owned()
            ),
        ]
    );
}

#[tokio::test]
async fn an_autosave_is_kept_as_a_revision_but_not_audited_and_a_publish_is() {
    let (app, browser) = signed_in().await;
    let autosaved = app
        .request(
            browser
                .change("PUT", "/api/staff/pages/subscribe")
                .json(&body!({
                    "fields": {"blogContent.subscribe.buttonLabel": "Subscribe"},
                    "revision": 0,
                    "autosave": true,
                })),
        )
        .await;
    let revision = saved(&autosaved);
    assert!(audit_lines(&app).is_empty(), "{:?}", audit_lines(&app));
    saved(&publish(&app, &browser, "subscribe", body!({ "revision": revision })).await);
    assert_eq!(
        audit_lines(&app),
        [(
            "published page".to_owned(),
            "page subscribe".to_owned(),
            "The subscribe box (blogs)".to_owned()
        )]
    );
}

#[tokio::test]
async fn a_sales_account_may_not_read_or_change_pages() {
    let app = TestApp::new();
    add_staff_as(&app, "sales@corp.example", PASSWORD, false, Role::Sales).await;
    let sales = Browser::sign_in_with(&app, "sales@corp.example", PASSWORD).await;
    let read = app.request(sales.get("/api/staff/pages/home")).await;
    assert_eq!(read.status(), StatusCode::FORBIDDEN, "{:?}", read.body());
    let change = put(&app, &sales, "home", body!({ HEADLINE: "Sold." }), 0).await;
    assert_eq!(
        change.status(),
        StatusCode::FORBIDDEN,
        "{:?}",
        change.body()
    );
    assert!(published(&app).1.is_empty());
    assert_eq!(
        app.db()
            .read_blocking(|conn| corpsite::store::pages::get(conn, "home"))
            .expect("read")
            .revision,
        0
    );
}

/// `s` without the preview's own marks: each `data-field="..."` attribute, and the data's
/// `"preview":true`.
fn without_preview_marks(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(" data-field=\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + " data-field=\"".len()..];
        rest = &after[after.find('"').expect("attribute closed") + 1..];
    }
    out.push_str(rest);
    out.replace(",\"preview\":true", "")
}

/// What a draft's preview shows is what the public page shows once it is published: the same
/// HTML, byte for byte, apart from the preview's `data-field` attributes and its data's
/// `"preview":true`. The preview names each field it shows; the public page names none; the
/// preview is for the staff's own frame only and never cached.
#[tokio::test]
async fn a_draft_s_preview_is_the_published_page_with_its_fields_named() {
    let (app, browser) = signed_in().await;
    let revision = open(&app, &browser, "home").await["revision"]
        .as_i64()
        .expect("revision");
    let fields = body!({
        HEADLINE: "Offices that work, first time.",
        "homeContent.about.paragraphs": "<p>One <strong>group</strong>.</p><ul><li>Four companies</li></ul>",
        "coreValues": [
            { "value": "Honesty", "description": "We say it as it is." },
            { "value": "Care", "description": "For people first." },
            { "value": "Speed", "description": "Answers within a day." },
            { "value": "Craft", "description": "Work done well." },
            { "value": "Trust", "description": "Kept, not asked for." },
            { "value": "Growth", "description": "Ours and yours." }
        ]
    });
    let revision = saved(&put(&app, &browser, "home", fields.clone(), revision).await);

    let preview = app
        .request(browser.get("/api/staff/pages/home/preview"))
        .await;
    assert_eq!(preview.status(), StatusCode::OK, "{:?}", preview.body());
    let header = |name: &str| {
        preview
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert!(header("cache-control").contains("no-store"));
    assert!(header("content-security-policy").contains("frame-ancestors 'self'"));
    assert_eq!(header("x-frame-options"), "SAMEORIGIN");
    let preview_html = String::from_utf8_lossy(preview.body()).into_owned();
    assert!(preview_html.contains(
        r#"<h1 class="home-hero__title" data-field="homeContent.hero.headline">Offices that work, first time.</h1>"#
    ));
    assert!(preview_html.contains(r#"data-field="coreValues.2.value">Speed</h3>"#));
    assert!(
        preview_html.contains("<p>One <strong>group</strong>.</p><ul><li>Four companies</li></ul>")
    );

    // The public page shows none of it until it is published.
    let before = String::from_utf8_lossy(app.get("/").await.body()).into_owned();
    assert!(!before.contains("Offices that work, first time."));
    assert!(!before.contains("data-field"));

    let published = publish(&app, &browser, "home", body!({ "revision": revision })).await;
    assert_eq!(published.status(), StatusCode::OK, "{:?}", published.body());
    let start = std::time::Instant::now();
    // As a visitor at the same address as the staff's browser gets it.
    let public = loop {
        let page = String::from_utf8_lossy(app.request(browser.get("/")).await.body()).into_owned();
        if page.contains("Offices that work, first time.") {
            break page;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "not published within 10 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(
        !public.contains("data-field"),
        "no field names on a public page"
    );
    let previewed = without_preview_marks(&preview_html);
    let differs = previewed
        .bytes()
        .zip(public.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(previewed.len().min(public.len()));
    assert!(
        previewed == public,
        "the preview and the published page differ at byte {differs}: {:?} against {:?}",
        &previewed[differs.saturating_sub(80)..(differs + 80).min(previewed.len())],
        &public[differs.saturating_sub(80)..(differs + 80).min(public.len())],
    );
}

/// A preview of fields not saved is checked as a save is (422 naming the field by its label),
/// and stores nothing; a part every page shows is previewed on a page that shows it.
#[tokio::test]
async fn unsaved_fields_are_previewed_checked_and_not_kept() {
    let (app, browser) = signed_in().await;
    let post = |key: &str, fields: Value| {
        browser
            .change("POST", &format!("/api/staff/pages/{key}/preview"))
            .json(&body!({ "fields": fields }))
    };
    let bad = app.request(post("home", body!({ HEADLINE: "" }))).await;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        json(&bad)["errors"][HEADLINE].is_string(),
        "{:?}",
        bad.body()
    );

    let footer = app
        .request(post(
            "footer",
            body!({ "footerAbout": "One group, four companies." }),
        ))
        .await;
    assert_eq!(footer.status(), StatusCode::OK, "{:?}", footer.body());
    let html = String::from_utf8_lossy(footer.body()).into_owned();
    assert!(html.contains(r#"<p data-field="footerAbout">One group, four companies.</p>"#));
    assert_eq!(open(&app, &browser, "footer").await["draft"], body!({}));

    // A business page's shared layout names its own page's fields.
    let business = app
        .request(post(
            "real-estate",
            body!({ "realEstatePage.sections.0.heading": "Space that fits" }),
        ))
        .await;
    assert_eq!(business.status(), StatusCode::OK, "{:?}", business.body());
    let html = String::from_utf8_lossy(business.body()).into_owned();
    assert!(html.contains(r#"data-field="realEstatePage.sections.0.heading">Space that fits</h2>"#));

    let unknown = app
        .request(browser.get("/api/staff/pages/nowhere/preview"))
        .await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

/// Texts a page shows only after a visitor does something (a toast, a loading or failure
/// line, a search with no match, an error under a field): a preview, which is the page as it
/// first paints, cannot show them. Each is read by the same `edited()` call as the page's other
/// words (the UI's unit tests show them in place).
const SHOWN_LATER: &[&str] = &[
    "messages.",
    "blogContent.search.noMatches",
    "blogContent.search.matchesSummary",
    "blogContent.listLoading",
    "blogContent.listFailed",
    "blogContent.retryLabel",
    "blogContent.detailLoading",
    "blogContent.detailFailed",
    "blogContent.detailTitleFallback",
    "blogContent.subscribe.fieldName",
    "blogContent.subscribe.confirmHint",
    "careersContent.form.unsupportedFileMessage",
    "careersContent.form.removeFileLabel",
    // The hero video's pause label once it plays, its modal's close button, the stories'
    // line while they load, the founder's letter folded again.
    "homeLabels.pauseVideo",
    "homeLabels.closeVideo",
    "homeLabels.storiesLoading",
    "aboutContent.story.readLessLabel",
    // The map's frame, drawn when the visitor asks for it.
    "contactContent.map.title",
    // The open roles' list, its filters and a posting's page (`/join_us/SLUG`), shown once
    // recruiters publish a role: the preview of `/join_us` has none (`tests/jobs_public.rs`
    // renders them).
    "careersContent.openRoles.",
    // The privacy notice's lines of a list with a retention rule, and of one month or one
    // day: the preview's site has no rule and keeps the trash 30 days; and the days, which
    // show inside the trash's line its marker replaces (`tests/privacy_notice.rs` sets rules
    // and days and renders them).
    "privacyContent.retention.enquiriesErased",
    "privacyContent.retention.applicantsErased",
    "privacyContent.retention.subscribersErased",
    "privacyContent.retention.months",
    "privacyContent.retention.oneMonth",
    "privacyContent.retention.days",
    "privacyContent.retention.oneDay",
    // The search's clear button with a query; the pages' links with more stories than a page.
    "blogContent.search.clearLabel",
    "blogContent.paginationLabel",
    "blogContent.previousPageLabel",
    "blogContent.nextPageLabel",
    // The leaders' line when there is one leader.
    "aboutContent.leaderIntro",
    // The founder's story with more paragraphs than it shows folded.
    "aboutContent.story.readMoreLabel",
    // The lines a site without any story shows.
    "homeLabels.storiesUnavailable",
    "blogContent.noBlogsYet",
    // A link preview's description, given with a raster picture of the page's own: the
    // compiled artwork is SVG, which previews replace with the site's card.
    "pageMeta.image",
    // The phone menu's close button, drawn when it opens.
    "headerLabels.closeMenu",
];

/// A marker for every field of `opened` (a page as `GET /api/staff/pages/KEY` answers it) that
/// holds words: a text, paragraphs, a link's words, a picture's description, and those of each
/// item of a list. Answers
/// the fields to save and each marker by its field's path.
fn marked_fields(
    opened: &Value,
    next_marker: &mut impl FnMut() -> String,
) -> (serde_json::Map<String, Value>, Vec<(String, String)>) {
    fn marked(
        field: &Value,
        default: &Value,
        next_marker: &mut impl FnMut() -> String,
    ) -> Option<(Value, String)> {
        let mark = next_marker();
        match field["kind"].as_str()? {
            "text" => Some((Value::String(mark.clone()), mark)),
            "paragraphs" => Some((Value::String(format!("<p>{mark}</p>")), mark)),
            "link" => Some((body!({ "label": mark, "href": default["href"] }), mark)),
            // A picture's description (a decoration has none).
            "image" if field["alt"].is_string() => {
                Some((body!({ "src": default["src"], "alt": mark }), mark))
            }
            _ => None,
        }
    }
    let mut fields = serde_json::Map::new();
    let mut markers = Vec::new();
    for field in opened["schema"]["fields"].as_array().expect("fields") {
        let path = field["path"].as_str().expect("path");
        let default = &opened["defaults"][path];
        if field["kind"] == "list" {
            let mut items = Vec::new();
            for (index, item) in default.as_array().into_iter().flatten().enumerate() {
                let mut item = item.clone();
                for inner in field["item"].as_array().expect("item fields") {
                    let inner_path = inner["path"].as_str().expect("path");
                    if let Some((value, mark)) = marked(inner, &item[inner_path], next_marker) {
                        item[inner_path] = value;
                        markers.push((format!("{path}.{index}.{inner_path}"), mark));
                    }
                }
                items.push(item);
            }
            fields.insert(path.to_owned(), Value::Array(items));
        } else if let Some((value, mark)) = marked(field, default, next_marker) {
            fields.insert(path.to_owned(), value);
            markers.push((path.to_owned(), mark));
        }
    }
    (fields, markers)
}

/// `html` up to the data it embeds, and that data.
fn page_and_data(html: &str) -> (&str, Value) {
    const OPEN: &str = " id=\"corpsite-data\">";
    let at = html.find(OPEN).expect("the page's data");
    let json = &html[at + OPEN.len()..];
    let json = &json[..json.find("</script>").expect("closed")];
    (
        &html[..at],
        serde_json::from_str(json).expect("the page's data is JSON"),
    )
}

/// A counter of markers `mk1z`, `mk2z`..., none a part of another.
fn markers() -> impl FnMut() -> String {
    let mut count = 0;
    move || {
        count += 1;
        format!("mk{count}z")
    }
}

/// Every field of words on every page does something: each is set to a marker of its own and
/// the page's preview (its HTML as the server renders it, the data it embeds left out) must
/// show each marker, in a text or an attribute (an alt text, a placeholder, a name read aloud,
/// the head's title), but for the few that only show after a visitor acts (`SHOWN_LATER`).
#[tokio::test]
async fn every_field_of_every_page_shows_on_its_page() {
    let (app, browser) = signed_in().await;
    // A story for the story page and the subscribe box under it.
    let app = crate::pages_render::posts_in(app).await;
    let list = app.request(browser.get("/api/staff/pages")).await;
    let pages = json(&list)["data"].as_array().cloned().unwrap_or_default();
    let mut next_marker = markers();
    let mut missing = Vec::new();
    let mut shown = 0;
    for page in &pages {
        let key = page["key"].as_str().expect("key");
        let (fields, markers) = marked_fields(&open(&app, &browser, key).await, &mut next_marker);
        let preview = app
            .request(
                browser
                    .change("POST", &format!("/api/staff/pages/{key}/preview"))
                    .json(&body!({ "fields": fields })),
            )
            .await;
        // The not-found page's preview answers as the page does: 404.
        let expected = if key == "not-found" {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        assert_eq!(preview.status(), expected, "{key}");
        let whole = String::from_utf8_lossy(preview.body()).into_owned();
        let (html, _) = page_and_data(&whole);
        let (total, mut later) = (markers.len(), 0);
        for (path, mark) in markers {
            if html.contains(&mark) {
                shown += 1;
            } else if SHOWN_LATER.iter().any(|prefix| path.starts_with(prefix)) {
                later += 1;
            } else {
                missing.push(format!("{key}: {path}"));
            }
        }
        // The coverage per page (with --no-capture).
        println!(
            "{key}: {total} fields of words, {} shown at first paint, {later} after an action",
            total - later
        );
    }
    assert!(shown > 300, "only {shown} fields shown");
    assert!(missing.is_empty(), "fields no page shows: {missing:#?}");
}

/// Every word a visitor reads is the office's to change: with every page's fields of words
/// published as markers, each public page's body shows no word but a marker or the site's
/// data as the API answers it (the company's details, the stories, the openings); a name's
/// initials are the name's.
#[tokio::test]
async fn every_word_of_every_page_is_a_field_or_data() {
    let (app, browser) = signed_in().await;
    let app = crate::pages_render::posts_in(app).await;
    let list = app.request(browser.get("/api/staff/pages")).await;
    let pages = json(&list)["data"].as_array().cloned().unwrap_or_default();
    let mut next_marker = markers();
    let mut routes = Vec::new();
    for page in &pages {
        let key = page["key"].as_str().expect("key");
        let opened = open(&app, &browser, key).await;
        let revision = opened["revision"].as_i64().expect("revision");
        let (fields, _) = marked_fields(&opened, &mut next_marker);
        let revision = saved(&put(&app, &browser, key, Value::Object(fields), revision).await);
        let done = publish(&app, &browser, key, body!({ "revision": revision })).await;
        assert_eq!(done.status(), StatusCode::OK, "{key}: {:?}", done.body());
        if let Some(route) = page["route"].as_str() {
            routes.push(route.replace(":id", "leasing-a-campus-in-whitefield"));
        }
    }
    routes.push("/no-such-page".to_owned());
    // The data the pages are rendered from (the page embeds only what its islands read).
    let mut api = serde_json::Map::new();
    for answer in [
        "/api/corp_website/site",
        "/api/corp_website/blogs/get?page=1&text=",
        "/api/corp_website/blogs/get/leasing-a-campus-in-whitefield",
        "/api/corp_website/jobs",
        "/api/corp_website/retention",
    ] {
        let response = app.get(answer).await;
        assert_eq!(response.status(), StatusCode::OK, "{answer}");
        api.insert(answer.to_owned(), json(&response));
    }
    let api = Value::Object(api);
    let start = std::time::Instant::now();
    let mut fixed = Vec::new();
    for route in &routes {
        let html = loop {
            let html = String::from_utf8_lossy(app.get(route).await.body()).into_owned();
            // Published once the header's words are the markers.
            if html.contains(">mk") || start.elapsed() > std::time::Duration::from_secs(10) {
                break html;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        let (page, _) = page_and_data(&html);
        fixed.extend(
            fixed_texts(page, &api)
                .into_iter()
                .map(|text| format!("{route}: {text}")),
        );
    }
    fixed.sort();
    fixed.dedup();
    assert!(fixed.is_empty(), "words that are no field: {fixed:#?}");
}

/// The words of `html`'s body that neither a field (a marker `mkNz`) nor the site's data
/// (`embedded`: the company's details, the stories) put there: text between tags, outside
/// scripts, styles and icons, less digits, punctuation and spaces.
fn fixed_texts(html: &str, embedded: &Value) -> Vec<String> {
    let mut data = Vec::new();
    strings_of(embedded, &mut data);
    // A story's body is HTML: its words stand between its tags.
    let pieces: Vec<String> = data
        .iter()
        .filter(|text| text.contains('<'))
        .flat_map(|html| {
            html.split(['<', '>'])
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    data.extend(pieces);
    data.sort_by_key(|text| std::cmp::Reverse(text.len()));
    let body = &html[html.find("<body").unwrap_or(0)..];
    let mut texts = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        texts.push(rest[..open].to_owned());
        let tag = &rest[open + 1..];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let close = tag_end(tag);
        rest = &tag[close..];
        if ["script", "style", "svg", "template"].contains(&name.as_str()) {
            let end = format!("</{name}>");
            rest = rest.find(&end).map_or("", |at| &rest[at + end.len()..]);
        }
    }
    let mut fixed = Vec::new();
    for text in texts {
        let mut text = text
            .replace("&amp;", "&")
            .replace("&#x27;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&nbsp;", " ");
        for value in &data {
            if value.chars().count() > 1 {
                text = text.replace(value.as_str(), " ");
            }
        }
        let mut words = String::new();
        for word in text.split_whitespace() {
            let bare = strip_markers(word);
            if bare.chars().any(char::is_alphabetic) {
                words.push_str(&bare);
                words.push(' ');
            }
        }
        let words = words.trim();
        // A name's initials (its monogram), a story's date, the form's trap for robots (a
        // field a person never sees).
        let derived = (words.len() <= 2 && words.chars().all(|c| c.is_ascii_uppercase()))
            || MONTHS.contains(&words)
            || words == "Leave this field empty";
        if !words.is_empty() && !derived {
            fixed.push(words.to_owned());
        }
    }
    fixed
}

/// Where a tag (`tag` starts after its `<`) ends: after its `>`, one outside its quoted
/// attribute values (an island's `data-props` is JSON, whose HTML may hold a `>`).
fn tag_end(tag: &str) -> usize {
    let mut quoted = false;
    for (at, c) in tag.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '>' if !quoted => return at + 1,
            _ => {}
        }
    }
    tag.len()
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn strip_markers(word: &str) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find("mk") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && after[digits..].starts_with('z') {
            rest = &after[digits + 1..];
        } else {
            out.push_str("mk");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

fn strings_of(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::String(text) => into.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| strings_of(item, into)),
        Value::Object(map) => map.values().for_each(|item| strings_of(item, into)),
        _ => {}
    }
}

/// A link preview picture the office picks (a raster one) is the page's `og:image`, with its
/// description as `og:image:alt` and `twitter:image:alt`; without one, the site's card.
#[tokio::test]
async fn a_page_s_link_preview_shows_the_picked_picture_and_its_description() {
    let (app, browser) = signed_in().await;
    let before = String::from_utf8_lossy(app.get("/about/our_vision").await.body()).into_owned();
    assert!(
        before.contains("/social-card.png\"/>"),
        "the site's card by default"
    );
    assert!(!before.contains("og:image:alt"));
    let picture = crate::common::staff::upload_image(
        &app,
        &browser,
        "pages",
        crate::image_samples::encoded(image::ImageFormat::Png, 1200, 630),
    )
    .await;
    let revision = open(&app, &browser, "about").await["revision"]
        .as_i64()
        .expect("revision");
    let fields =
        body!({ "pageMeta.image": { "src": picture, "alt": "The team at the Bengaluru office" } });
    let revision = saved(&put(&app, &browser, "about", fields, revision).await);
    let done = publish(&app, &browser, "about", body!({ "revision": revision })).await;
    assert_eq!(done.status(), StatusCode::OK, "{:?}", done.body());
    let start = std::time::Instant::now();
    let page = loop {
        let page = String::from_utf8_lossy(app.get("/about/our_vision").await.body()).into_owned();
        if page.contains("og:image:alt") || start.elapsed() > std::time::Duration::from_secs(10) {
            break page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(
        page.contains(&format!(
            "/media/{picture}\"/><meta property=\"og:image:alt\""
        )),
        "{}",
        &page[..page.find("</head>").unwrap_or(page.len())]
    );
    assert!(page
        .contains(r#"<meta property="og:image:alt" content="The team at the Bengaluru office"/>"#));
    assert!(page.contains(
        r#"<meta name="twitter:image:alt" content="The team at the Bengaluru office"/>"#
    ));
}

/// The hero video's poster the office uploads is the video's `poster` and the head's preload
/// of the home page's largest paint, typed by its file.
#[tokio::test]
async fn a_hero_poster_the_office_uploads_is_shown_and_preloaded() {
    let (app, browser) = signed_in().await;
    let poster = crate::common::staff::upload_image(
        &app,
        &browser,
        "pages",
        crate::image_samples::encoded(image::ImageFormat::Jpeg, 1280, 720),
    )
    .await;
    let revision = open(&app, &browser, "home").await["revision"]
        .as_i64()
        .expect("revision");
    let fields = body!({ "heroVideo.poster": { "src": poster, "alt": "" } });
    let revision = saved(&put(&app, &browser, "home", fields, revision).await);
    let done = publish(&app, &browser, "home", body!({ "revision": revision })).await;
    assert_eq!(done.status(), StatusCode::OK, "{:?}", done.body());
    let start = std::time::Instant::now();
    let page = loop {
        let page = String::from_utf8_lossy(app.get("/").await.body()).into_owned();
        if page.contains(&poster) || start.elapsed() > std::time::Duration::from_secs(10) {
            break page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let url = format!("/media/{poster}");
    assert!(
        page.contains(&format!("poster=\"{url}\"")),
        "the video's poster: {poster}"
    );
    let preload = format!("<link rel=\"preload\" as=\"image\" href=\"{url}\"");
    let at = page.find(&preload).expect("the poster is preloaded");
    assert!(
        page[at..]
            .split('>')
            .next()
            .is_some_and(|link| link.contains("type=\"image/jpeg\"")),
        "typed by its file: {}",
        &page[at..at + 200]
    );
}

/// The office's own hero video: uploaded as an MP4 (checked by its bytes), saved and
/// published, played on the home page from the media folder by byte ranges, as a browser
/// (Safari only so) plays a video; a picture's field takes no video and a video's field
/// no picture.
#[tokio::test]
async fn a_hero_video_the_office_uploads_is_played_by_ranges() {
    let (app, browser) = signed_in().await;
    let sent = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/ui/src/assets/video/md-message.mp4"
    ))
    .expect("a video");
    let upload = |query: &'static str, bytes: Vec<u8>| {
        let request = browser
            .change("POST", &format!("/api/staff/media?{query}"))
            .body(bytes);
        app.request(request)
    };
    let answer = upload("folder=pages&kind=video", sent.clone()).await;
    assert_eq!(answer.status(), StatusCode::CREATED, "{:?}", answer.body());
    let video = json(&answer)["path"].as_str().expect("path").to_owned();
    assert!(
        video.starts_with("pages/") && video.ends_with(".mp4"),
        "{video}"
    );

    // What is not a video is refused in words, naming the file; so is one cut short.
    for (bytes, says) in [
        (b"\x89PNG\r\n\x1a\nnot at all".to_vec(), "MP4 or WebM"),
        (sent[..sent.len() - 100].to_vec(), "incomplete or damaged"),
    ] {
        let refused = upload("folder=pages&kind=video", bytes).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let message = json(&refused)["errors"]["file"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(message.contains(says), "{message}");
    }
    let elsewhere = upload("folder=blogs&kind=video", sent.clone()).await;
    assert_eq!(elsewhere.status(), StatusCode::BAD_REQUEST);
    assert!(json(&elsewhere)["message"].is_string());

    // Each field takes its own kind of file only.
    let revision = open(&app, &browser, "home").await["revision"]
        .as_i64()
        .expect("revision");
    let crossed = body!({
        "heroVideo.poster": { "src": video, "alt": "" },
        "heroVideo.src": { "src": "pages/0123456789abcdef.jpg" },
    });
    let refused = put(&app, &browser, "home", crossed, revision).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &json(&refused)["errors"];
    assert!(errors["heroVideo.poster.src"].is_string(), "{errors}");
    assert!(
        errors["heroVideo.src.src"]
            .as_str()
            .is_some_and(|m| m.contains("upload the video again")),
        "{errors}"
    );

    let revision = saved(
        &put(
            &app,
            &browser,
            "home",
            body!({ "heroVideo.src": { "src": video } }),
            revision,
        )
        .await,
    );
    let done = publish(&app, &browser, "home", body!({ "revision": revision })).await;
    assert_eq!(done.status(), StatusCode::OK, "{:?}", done.body());
    let url = format!("/media/{video}");
    let start = std::time::Instant::now();
    let page = loop {
        let page = String::from_utf8_lossy(app.get("/").await.body()).into_owned();
        if page.contains(&url) || start.elapsed() > std::time::Duration::from_secs(10) {
            break page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(page.contains(&format!("src=\"{url}\"")), "the video plays");

    // The bytes by ranges: the first 100, the last 10, from an offset to the end, and past it.
    let whole = app.get(&url).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.headers()["content-type"], "video/mp4");
    let stored = whole.body().clone();
    assert_eq!(stored.len(), sent.len(), "blanked in place, nothing moved");
    let len = stored.len();
    let ranged =
        |range: String| app.request(warp::test::request().path(&url).header("range", range));
    for (range, first, last) in [
        ("bytes=0-99".to_owned(), 0, 99),
        ("bytes=-10".to_owned(), len - 10, len - 1),
        (format!("bytes={}-", len - 1000), len - 1000, len - 1),
    ] {
        let part = ranged(range.clone()).await;
        assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT, "{range}");
        assert_eq!(
            part.headers()["content-range"],
            format!("bytes {first}-{last}/{len}").as_str()
        );
        assert_eq!(part.body()[..], stored[first..=last], "{range}");
    }
    let past = ranged(format!("bytes={len}-")).await;
    assert_eq!(past.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(
        past.headers()["content-range"],
        format!("bytes */{len}").as_str()
    );
    // A range of another version of the file: the whole file, as it is now.
    let other = app
        .request(
            warp::test::request()
                .path(&url)
                .header("range", "bytes=0-9")
                .header("if-range", "\"another\""),
        )
        .await;
    assert_eq!(other.status(), StatusCode::OK);
    assert_eq!(other.body().len(), len);
}
