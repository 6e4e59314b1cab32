//! Where a lead came from, as the site's forms send it beside their fields: the page the form
//! was sent from, the visit's landing page, the referring site, the landing's campaign tags
//! (`utm_source` or `ref`, `utm_medium`, `utm_campaign`) and the stories read in the visit.
//!
//! The browser keeps these for the tab's visit only (`sessionStorage`, never a cookie) and
//! sends them with a form. They are the visitor's own words about their visit, so nothing in
//! them is trusted: each part is checked as the page-view beacon's are
//! (`domain::analytics::visit`), bounded, and dropped when it does not fit. A bad part
//! never refuses a lead: the lead is what matters, its source is a help. A body of the
//! wrong shape counts as no source at all.

use serde::{Deserialize, Deserializer};

use super::visit::{origin_of, CampaignTags, MAX_PATH};
use crate::domain::blog_id::BlogId;

/// The most stories of a visit kept with a lead: the last ones read.
pub const MAX_STORIES: usize = 20;
/// The most entries of `stories` looked at; a longer list counts as no list.
pub const MAX_STORIES_SENT: usize = 100;

/// What a form sends as `source` (a JSON object in the enquiry's body, a JSON text part in
/// the application's multipart form). Every field optional; unknown fields are ignored, and a
/// value of the wrong shape (a string, a number, a list of numbers) reads as an empty source,
/// never as a refused form.
#[derive(Debug, Default, Clone, PartialEq, Eq, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadSourcePayload", optional_fields))]
pub struct LeadSourceForm {
    /// The path of the page the form was sent from.
    #[schema(example = "/contact", max_length = 200)]
    pub page: Option<String>,
    /// The path of the visit's first page.
    #[schema(example = "/blogs", max_length = 200)]
    pub landing: Option<String>,
    /// `document.referrer` of the visit's first page; only its origin is kept.
    #[schema(example = "https://www.linkedin.com/")]
    pub referrer: Option<String>,
    /// The first page's query string (`location.search`), for `utm_*` and `ref`.
    #[schema(example = "?utm_source=linkedin&utm_campaign=launch")]
    pub query: Option<String>,
    /// The stories (their `_id`) read in the visit, in the order read.
    #[schema(max_items = 100)]
    pub stories: Option<Vec<String>>,
}

/// `LeadSourceForm` as serde reads it strictly; the form's own reading falls back to empty.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Strict {
    page: Option<String>,
    landing: Option<String>,
    referrer: Option<String>,
    query: Option<String>,
    stories: Option<Vec<String>>,
}

impl<'de> Deserialize<'de> for LeadSourceForm {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        let value = serde_json::Value::deserialize(deserializer)?;
        let strict: Strict = serde_json::from_value(value).unwrap_or_default();
        Ok(LeadSourceForm {
            page: strict.page,
            landing: strict.landing,
            referrer: strict.referrer,
            query: strict.query,
            stories: strict.stories,
        })
    }
}

impl LeadSourceForm {
    /// From a multipart text part holding JSON; anything else is no source.
    pub fn from_json_text(text: &str) -> Option<LeadSourceForm> {
        serde_json::from_str(text).ok()
    }
}

/// A lead's source, every part checked and bounded. All `None` (and no stories) when the
/// form sent nothing usable.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LeadSource {
    pub page: Option<String>,
    pub landing: Option<String>,
    pub referrer: Option<String>,
    pub tags: CampaignTags,
    /// Distinct story ids in the order read (the last `MAX_STORIES`); the store keeps only
    /// those of stories on file.
    pub stories: Vec<String>,
}

impl LeadSource {
    /// Checks what a form sent. `page` answers whether a path is a public page of the site
    /// (as for the beacon); `own_origin` is the site's own origin, which is no referrer.
    pub fn check(
        form: Option<&LeadSourceForm>,
        page: impl Fn(&str) -> Option<Option<String>>,
        own_origin: Option<&str>,
    ) -> LeadSource {
        let Some(form) = form else {
            return LeadSource::default();
        };
        let path = |sent: &Option<String>| {
            let sent = sent.as_deref()?.trim();
            let fits =
                !sent.is_empty() && sent.len() <= MAX_PATH && !sent.chars().any(char::is_control);
            if !fits {
                return None;
            }
            page(sent)?;
            // One path a page: `/about/our_vision/` is `/about/our_vision`.
            Some(match sent.strip_suffix('/') {
                Some(trimmed) if !trimmed.is_empty() => trimmed.to_owned(),
                _ => sent.to_owned(),
            })
        };
        let referrer = form
            .referrer
            .as_deref()
            .and_then(origin_of)
            .filter(|origin| Some(origin.as_str()) != own_origin);
        let tags = form
            .query
            .as_deref()
            .map(CampaignTags::of)
            .unwrap_or_default();
        LeadSource {
            page: path(&form.page),
            landing: path(&form.landing),
            referrer,
            tags,
            stories: stories(form.stories.as_deref().unwrap_or_default()),
        }
    }
}

/// The distinct story ids of `sent`, the last `MAX_STORIES` read, in the order read.
fn stories(sent: &[String]) -> Vec<String> {
    if sent.len() > MAX_STORIES_SENT {
        return Vec::new();
    }
    let mut kept: Vec<String> = Vec::new();
    for id in sent.iter().rev() {
        let Some(id) = BlogId::parse(id.trim()) else {
            continue;
        };
        if !kept.iter().any(|k| k == id.as_str()) {
            kept.push(id.as_str().to_owned());
            if kept.len() == MAX_STORIES {
                break;
            }
        }
    }
    kept.reverse();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str) -> Option<Option<String>> {
        match path.trim_end_matches('/') {
            "" | "/contact" | "/blogs" | "/join_us" => Some(None),
            story if story.starts_with("/blogs/detail/") => {
                Some(Some(story["/blogs/detail/".len()..].to_owned()))
            }
            _ => None,
        }
    }

    fn check(form: LeadSourceForm) -> LeadSource {
        LeadSource::check(Some(&form), page, Some("https://corp.example"))
    }

    #[test]
    fn a_visit_from_a_campaign_keeps_its_pages_site_tags_and_stories() {
        let source = check(LeadSourceForm {
            page: Some("/contact".into()),
            landing: Some("/blogs/".into()),
            referrer: Some("https://www.LinkedIn.com/feed/?x=1".into()),
            query: Some("?utm_source=LinkedIn&utm_medium=social&utm_campaign=Launch".into()),
            stories: Some(vec!["first-story".into(), "second-story".into()]),
        });
        assert_eq!(source.page.as_deref(), Some("/contact"));
        assert_eq!(source.landing.as_deref(), Some("/blogs"));
        assert_eq!(source.referrer.as_deref(), Some("https://www.linkedin.com"));
        assert_eq!(source.tags.source.as_deref(), Some("linkedin"));
        assert_eq!(source.tags.medium.as_deref(), Some("social"));
        assert_eq!(source.tags.campaign.as_deref(), Some("launch"));
        assert_eq!(source.stories, ["first-story", "second-story"]);
    }

    #[test]
    fn junk_in_any_part_is_dropped_and_the_rest_kept() {
        let long = format!("/{}", "a".repeat(MAX_PATH));
        let source = check(LeadSourceForm {
            page: Some(long),
            landing: Some("/staff/settings".into()),
            referrer: Some("javascript:alert(1)".into()),
            query: Some(format!("?utm_source={}", "x".repeat(100))),
            stories: Some(vec![
                "Not A Slug".into(),
                "../../etc/passwd".into(),
                "ok-story".into(),
                "ok-story".into(),
            ]),
        });
        assert_eq!(source.page, None);
        assert_eq!(source.landing, None, "a path outside the public pages");
        assert_eq!(source.referrer, None);
        assert_eq!(source.tags, CampaignTags::default());
        assert_eq!(source.stories, ["ok-story"]);
    }

    #[test]
    fn the_sites_own_origin_is_no_referrer() {
        let source = check(LeadSourceForm {
            referrer: Some("https://corp.example/blogs".into()),
            ..LeadSourceForm::default()
        });
        assert_eq!(source.referrer, None);
    }

    #[test]
    fn stories_keep_the_last_twenty_distinct_in_order_and_a_thousand_count_as_none() {
        let read: Vec<String> = (0..30).map(|n| format!("story-{n}")).collect();
        let source = check(LeadSourceForm {
            stories: Some(read),
            ..LeadSourceForm::default()
        });
        let expected: Vec<String> = (10..30).map(|n| format!("story-{n}")).collect();
        assert_eq!(source.stories, expected);

        let flood = vec!["story".to_owned(); 1000];
        let source = check(LeadSourceForm {
            stories: Some(flood),
            ..LeadSourceForm::default()
        });
        assert!(source.stories.is_empty());
    }

    #[test]
    fn a_source_of_the_wrong_shape_is_no_source_and_no_error() {
        #[derive(Deserialize)]
        struct Body {
            #[serde(default)]
            source: Option<LeadSourceForm>,
        }
        for body in [
            r#"{"source": "linkedin"}"#,
            r#"{"source": {"stories": [1, 2]}}"#,
            r#"{"source": 42}"#,
            r#"{"source": null}"#,
            r#"{}"#,
        ] {
            let parsed: Body = serde_json::from_str(body).expect(body);
            let source = parsed.source.unwrap_or_default();
            assert_eq!(source, LeadSourceForm::default(), "{body}");
            assert_eq!(
                LeadSource::check(Some(&source), page, None),
                LeadSource::default()
            );
        }
        let parsed: Body = serde_json::from_str(r#"{"source": {"page": "/contact"}}"#).unwrap();
        assert_eq!(
            parsed.source.and_then(|s| s.page).as_deref(),
            Some("/contact")
        );
        assert!(LeadSourceForm::from_json_text("not json").is_none());
        assert_eq!(
            LeadSourceForm::from_json_text("[1]"),
            Some(LeadSourceForm::default())
        );
        assert_eq!(
            LeadSource::check(None, page, None),
            LeadSource::default(),
            "no source sent"
        );
    }
}
