//! A page view as the site's beacon reports it, checked and bounded before it is counted,
//! and the rules for which requests are not counted at all. Nothing here keeps an address
//! or a browser: `visitor_key` turns them, with the day's salt, into a number that cannot be
//! turned back.

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::domain::blog_id::BlogId;

/// The longest path, referrer origin and campaign value kept; longer ones are not counted
/// (a path) or dropped (the rest).
pub const MAX_PATH: usize = 200;
pub const MAX_ORIGIN: usize = 100;
pub const MAX_TAG: usize = 60;
/// The longest landing query string looked at for `utm_*` and `ref`.
pub const MAX_QUERY: usize = 1000;

/// What the beacon posts (`POST /api/visits`, JSON sent as text by `navigator.sendBeacon`).
/// Short names keep the beacon small; unknown fields are ignored.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct HitForm {
    /// The page's path (`location.pathname`).
    #[serde(default)]
    #[schema(example = "/contact", max_length = 200)]
    pub p: String,
    /// `document.referrer`, on the visit's first page only.
    #[serde(default)]
    #[schema(example = "https://www.linkedin.com/")]
    pub r: Option<String>,
    /// The first page's query string (`location.search`), for `utm_*` and `ref`.
    #[serde(default)]
    #[schema(example = "?utm_source=linkedin&utm_campaign=launch")]
    pub q: Option<String>,
    /// This is the visit's first page (the tab's first view of the site).
    #[serde(default)]
    pub e: bool,
}

/// The kind of screen, from the browser's own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    Mobile,
    Tablet,
    Desktop,
}

impl Device {
    /// Tablets say iPad or Tablet (or Android without Mobile); phones say Mobi.
    pub fn of(user_agent: &str) -> Device {
        if user_agent.contains("iPad")
            || user_agent.contains("Tablet")
            || (user_agent.contains("Android") && !user_agent.contains("Mobile"))
        {
            Device::Tablet
        } else if user_agent.contains("Mobi") {
            Device::Mobile
        } else {
            Device::Desktop
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Device::Mobile => "mobile",
            Device::Tablet => "tablet",
            Device::Desktop => "desktop",
        }
    }
}

/// A page view to count: every field checked and bounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub path: String,
    /// The story's `_id` when the page is a story's.
    pub story: Option<String>,
    pub referrer: Option<String>,
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub device: Device,
    pub entry: bool,
}

/// The most distinct referring sites, sources and campaigns one office day keeps, each; a view
/// that brings one more is counted under `OTHER`. They are what a visitor chooses freely
/// (`?utm_campaign=` anything): without a bound one client could make every view a new value
/// and the day's roll-ups as many rows as views.
pub const MAX_DAY_VALUES: usize = 100;

/// What a referrer, source or campaign past `MAX_DAY_VALUES` is counted as.
pub const OTHER: &str = "other";

/// The referring sites, sources and campaigns one office day has kept so far.
#[derive(Debug, Default)]
pub struct DayValues {
    referrers: std::collections::HashSet<String>,
    sources: std::collections::HashSet<String>,
    campaigns: std::collections::HashSet<String>,
}

impl DayValues {
    /// The values a day already holds (after a restart within it).
    pub fn of(referrers: Vec<String>, sources: Vec<String>, campaigns: Vec<String>) -> DayValues {
        DayValues {
            referrers: referrers.into_iter().collect(),
            sources: sources.into_iter().collect(),
            campaigns: campaigns.into_iter().collect(),
        }
    }

    /// Counts `hit`'s referrer, source and campaign under the day's values: a new one while
    /// the day holds fewer than `MAX_DAY_VALUES`, else `OTHER` (its medium goes with its
    /// source).
    pub fn keep(&mut self, hit: &mut Hit) {
        fn bound(kept: &mut std::collections::HashSet<String>, value: &mut Option<String>) -> bool {
            let Some(text) = value.as_mut() else {
                return false;
            };
            if kept.contains(text.as_str()) {
                return false;
            }
            if kept.len() < MAX_DAY_VALUES {
                kept.insert(text.clone());
                return false;
            }
            *text = OTHER.to_owned();
            true
        }
        bound(&mut self.referrers, &mut hit.referrer);
        bound(&mut self.campaigns, &mut hit.campaign);
        if bound(&mut self.sources, &mut hit.source) {
            hit.medium = None;
        }
    }
}

/// One counted view, as the store writes it: when (Unix seconds), the office's day, the
/// day's visitor number and the page.
#[derive(Debug, Clone)]
pub struct View {
    pub at: i64,
    pub day: String,
    pub visitor: i64,
    pub hit: Hit,
}

/// Why a view is not counted (answered the same 204 as a counted one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotCounted {
    /// The browser asks not to be tracked (`Sec-GPC: 1`).
    PrivacyControl,
    /// A robot, a crawler, a command-line client, or no browser named at all.
    Robot,
    /// A prefetch or prerender the visitor may never see.
    Prefetch,
    /// Not a public page of the site (a staff page, an unknown path, a bad one).
    NotAPage,
}

/// Words only robots put in a User-Agent (compared lowercased).
const ROBOT_WORDS: &[&str] = &[
    "bot",
    "crawl",
    "spider",
    "slurp",
    "headless",
    "lighthouse",
    "pagespeed",
    "curl/",
    "wget/",
    "python",
    "go-http-client",
    "java/",
    "okhttp",
    "axios",
    "node-fetch",
    "facebookexternalhit",
    "embedly",
    "preview",
    "monitor",
    "uptime",
];

/// Is this request not to be counted, whatever it says? `sec_gpc`, `purpose` (`Sec-Purpose`
/// or `Purpose`) and `user_agent` are the request's headers.
pub fn excluded(
    sec_gpc: Option<&str>,
    purpose: Option<&str>,
    user_agent: &str,
) -> Option<NotCounted> {
    if sec_gpc.is_some_and(|v| v.trim() == "1") {
        return Some(NotCounted::PrivacyControl);
    }
    if purpose.is_some_and(|v| {
        let v = v.to_ascii_lowercase();
        v.contains("prefetch") || v.contains("prerender")
    }) {
        return Some(NotCounted::Prefetch);
    }
    let agent = user_agent.to_ascii_lowercase();
    if agent.trim().is_empty() || !agent.starts_with("mozilla/") {
        return Some(NotCounted::Robot);
    }
    if ROBOT_WORDS.iter().any(|word| agent.contains(word)) {
        return Some(NotCounted::Robot);
    }
    None
}

impl HitForm {
    /// The view to count, or why not. `page` answers whether a path is a public page and,
    /// for a story's, its `:id`; `own_origin` is the site's own origin (a referrer that is the
    /// site itself is no referrer).
    pub fn check(
        &self,
        user_agent: &str,
        page: impl Fn(&str) -> Option<Option<String>>,
        own_origin: Option<&str>,
    ) -> Result<Hit, NotCounted> {
        let path = self.p.trim();
        if path.is_empty() || path.len() > MAX_PATH || path.chars().any(char::is_control) {
            return Err(NotCounted::NotAPage);
        }
        let id = page(path).ok_or(NotCounted::NotAPage)?;
        let story = id
            .as_deref()
            .and_then(BlogId::parse)
            .map(|id| id.as_str().to_owned());
        // One path a page: `/about/our_vision/` is `/about/our_vision`.
        let path = match path.strip_suffix('/') {
            Some(trimmed) if !trimmed.is_empty() => trimmed.to_owned(),
            _ => path.to_owned(),
        };
        let referrer = if self.e {
            self.r
                .as_deref()
                .and_then(origin_of)
                .filter(|origin| Some(origin.as_str()) != own_origin)
        } else {
            None
        };
        let tags = if self.e {
            self.q.as_deref().map(CampaignTags::of).unwrap_or_default()
        } else {
            CampaignTags::default()
        };
        Ok(Hit {
            path,
            story,
            referrer,
            source: tags.source,
            medium: tags.medium,
            campaign: tags.campaign,
            device: Device::of(user_agent),
            entry: self.e,
        })
    }
}

/// The origin (`https://www.google.com`) of a referrer URL: http(s) only, lowercased, no
/// path, query, user or fragment; `None` for anything else or anything too long.
pub fn origin_of(referrer: &str) -> Option<String> {
    if referrer.len() > 2048 {
        return None;
    }
    let url = url::Url::parse(referrer.trim()).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let host = url.host_str()?;
    let origin = match url.port() {
        Some(port) => format!("{}://{}:{port}", url.scheme(), host),
        None => format!("{}://{}", url.scheme(), host),
    };
    (origin.len() <= MAX_ORIGIN).then(|| origin.to_ascii_lowercase())
}

/// The campaign a visit came with: `utm_source` (or `ref`), `utm_medium`, `utm_campaign`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CampaignTags {
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
}

impl CampaignTags {
    /// From a query string (with or without its `?`); each value trimmed, lowercased and
    /// kept only when it is printable and at most `MAX_TAG` characters.
    pub fn of(query: &str) -> CampaignTags {
        let mut tags = CampaignTags::default();
        if query.len() > MAX_QUERY {
            return tags;
        }
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut referral = None;
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            let Some(value) = tag(&value) else { continue };
            match key.as_ref() {
                "utm_source" => tags.source = tags.source.or(Some(value)),
                "utm_medium" => tags.medium = tags.medium.or(Some(value)),
                "utm_campaign" => tags.campaign = tags.campaign.or(Some(value)),
                "ref" => referral = referral.or(Some(value)),
                _ => {}
            }
        }
        tags.source = tags.source.or(referral);
        tags
    }
}

fn tag(value: &str) -> Option<String> {
    let value = value.trim();
    let fits = !value.is_empty()
        && value.chars().count() <= MAX_TAG
        && !value.chars().any(|c| c.is_control() || c == '\u{FFFD}');
    fits.then(|| value.to_lowercase())
}

/// The day's number for one visitor: SHA-256 of the day's salt, the client's address, its
/// browser and the site's host, cut to 63 bits. Without the salt it cannot be made again.
pub fn visitor_key(salt: &[u8], client: &str, user_agent: &str, host: &str) -> i64 {
    let mut hash = Sha256::new();
    for part in [
        salt,
        client.as_bytes(),
        user_agent.as_bytes(),
        host.as_bytes(),
    ] {
        hash.update((part.len() as u64).to_be_bytes());
        hash.update(part);
    }
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    (u64::from_be_bytes(first) >> 1) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

    fn page(path: &str) -> Option<Option<String>> {
        match path.trim_end_matches('/') {
            "" | "/contact" | "/about/our_vision" => Some(None),
            story if story.starts_with("/blogs/detail/") => {
                Some(Some(story["/blogs/detail/".len()..].to_owned()))
            }
            _ => None,
        }
    }

    #[test]
    fn a_day_keeps_a_bounded_number_of_each_chosen_value_and_counts_the_rest_as_other() {
        let mut values = DayValues::default();
        let hit = |n: usize| Hit {
            path: "/".into(),
            story: None,
            referrer: Some(format!("https://r{n}.example")),
            source: Some(format!("s{n}")),
            medium: Some("email".into()),
            campaign: Some(format!("c{n}")),
            device: Device::Desktop,
            entry: true,
        };
        for n in 0..MAX_DAY_VALUES {
            let mut kept = hit(n);
            values.keep(&mut kept);
            assert_eq!(kept, hit(n), "value {n} is kept as it came");
        }
        let mut past = hit(MAX_DAY_VALUES);
        values.keep(&mut past);
        assert_eq!(past.referrer.as_deref(), Some(OTHER));
        assert_eq!(past.source.as_deref(), Some(OTHER));
        assert_eq!(past.campaign.as_deref(), Some(OTHER));
        assert_eq!(past.medium, None, "the medium goes with its source");
        // A value the day already holds is still counted by name.
        let mut again = hit(7);
        values.keep(&mut again);
        assert_eq!(again, hit(7));
    }

    fn form(p: &str) -> HitForm {
        HitForm {
            p: p.into(),
            ..HitForm::default()
        }
    }

    #[test]
    fn a_first_page_keeps_its_referrers_origin_and_campaign() {
        let hit = HitForm {
            p: "/contact".into(),
            r: Some("https://www.LinkedIn.com/feed/update/123?x=1#top".into()),
            q: Some("?utm_source=LinkedIn&utm_medium=social&utm_campaign=Launch&x=1".into()),
            e: true,
        }
        .check(CHROME, page, Some("https://fidelitus.example"))
        .expect("counted");
        assert_eq!(hit.referrer.as_deref(), Some("https://www.linkedin.com"));
        assert_eq!(hit.source.as_deref(), Some("linkedin"));
        assert_eq!(hit.medium.as_deref(), Some("social"));
        assert_eq!(hit.campaign.as_deref(), Some("launch"));
        assert_eq!(hit.device, Device::Desktop);
        assert!(hit.entry);
    }

    #[test]
    fn later_pages_carry_no_referrer_or_campaign_and_the_own_site_is_no_referrer() {
        let later = HitForm {
            p: "/contact".into(),
            r: Some("https://www.google.com/".into()),
            q: Some("utm_source=x".into()),
            e: false,
        }
        .check(CHROME, page, None)
        .expect("counted");
        assert_eq!((later.referrer, later.source), (None, None));
        let own = HitForm {
            p: "/contact".into(),
            r: Some("https://fidelitus.example/blogs".into()),
            q: None,
            e: true,
        }
        .check(CHROME, page, Some("https://fidelitus.example"))
        .expect("counted");
        assert_eq!(own.referrer, None);
    }

    #[test]
    fn ref_stands_for_a_missing_utm_source() {
        assert_eq!(
            CampaignTags::of("ref=newsletter").source.as_deref(),
            Some("newsletter")
        );
        assert_eq!(
            CampaignTags::of("ref=a&utm_source=b").source.as_deref(),
            Some("b")
        );
    }

    #[test]
    fn junk_is_not_counted_or_is_dropped() {
        for path in [
            "",
            "/staff",
            "/nowhere",
            "relative",
            &format!("/{}", "a".repeat(300)),
            "/contact\u{0}",
        ] {
            assert_eq!(
                form(path).check(CHROME, page, None),
                Err(NotCounted::NotAPage),
                "{path:?}"
            );
        }
        let hit = HitForm {
            p: "/contact".into(),
            r: Some(format!("https://{}.com/", "a".repeat(120))),
            q: Some(format!("utm_campaign={}&utm_source=%FF%FE", "b".repeat(61))),
            e: true,
        }
        .check(CHROME, page, None)
        .expect("counted");
        assert_eq!((hit.referrer, hit.campaign, hit.source), (None, None, None));
        assert_eq!(origin_of("javascript:alert(1)"), None);
        assert_eq!(origin_of("ftp://example.com/x"), None);
        assert_eq!(
            CampaignTags::of(&"utm_source=x&".repeat(200)),
            CampaignTags::default()
        );
    }

    #[test]
    fn a_storys_page_names_the_story_and_a_trailing_slash_is_one_page() {
        let hit = form("/blogs/detail/office-space-2/")
            .check(PHONE, page, None)
            .expect("counted");
        assert_eq!(hit.story.as_deref(), Some("office-space-2"));
        assert_eq!(hit.path, "/blogs/detail/office-space-2");
        assert_eq!(hit.device, Device::Mobile);
        let bad_id = form("/blogs/detail/NOT_AN_ID")
            .check(CHROME, page, None)
            .expect("a page");
        assert_eq!(bad_id.story, None);
    }

    #[test]
    fn privacy_control_prefetches_and_robots_are_not_counted() {
        assert_eq!(
            excluded(Some("1"), None, CHROME),
            Some(NotCounted::PrivacyControl)
        );
        assert_eq!(
            excluded(None, Some("prefetch;prerender"), CHROME),
            Some(NotCounted::Prefetch)
        );
        for agent in [
            "",
            "curl/8.5.0",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
            "python-requests/2.31",
        ] {
            assert_eq!(excluded(None, None, agent), Some(NotCounted::Robot), "{agent}");
        }
        assert_eq!(excluded(Some("0"), None, CHROME), None);
        assert_eq!(excluded(None, None, PHONE), None);
    }

    #[test]
    fn the_visitor_number_changes_with_the_salt_and_the_browser() {
        let one = visitor_key(b"salt-1", "203.0.113.7", CHROME, "fidelitus.example");
        assert_eq!(
            one,
            visitor_key(b"salt-1", "203.0.113.7", CHROME, "fidelitus.example")
        );
        assert_ne!(
            one,
            visitor_key(b"salt-2", "203.0.113.7", CHROME, "fidelitus.example")
        );
        assert_ne!(
            one,
            visitor_key(b"salt-1", "203.0.113.7", PHONE, "fidelitus.example")
        );
        assert_ne!(
            one,
            visitor_key(b"salt-1", "203.0.113.8", CHROME, "fidelitus.example")
        );
        assert!(one >= 0);
    }
}
