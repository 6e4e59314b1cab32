//! Where each lead came from (tables `lead_sources`, `lead_stories`): written with the lead
//! in its transaction, read for the lead's detail, its notification mail and the exports, and
//! counted per source, campaign, referring site, landing page and story for the analytics
//! report beside the visitors each brought (`visit_days`).

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::domain::lead_source::LeadSource;
use crate::store::{site_details, visits, StoreError};

/// Records `source` for the lead `lead_id` of `kind` ('contact', 'subscription' or
/// 'application'), on the office's day of now. Only stories on file are kept.
pub fn record(
    conn: &Connection,
    lead_id: &str,
    kind: &str,
    source: &LeadSource,
) -> rusqlite::Result<()> {
    let day = site_details::office_zone(conn).today();
    conn.prepare_cached(
        "INSERT INTO lead_sources (lead_id, kind, day, page, landing, referrer, source, medium, campaign)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        lead_id,
        kind,
        day,
        source.page,
        source.landing,
        source.referrer,
        source.tags.source,
        source.tags.medium,
        source.tags.campaign,
    ])?;
    let mut story = conn.prepare_cached(
        "INSERT OR IGNORE INTO lead_stories (lead_id, story, position)
         SELECT ?1, slug, ?3 FROM blogs WHERE slug = ?2",
    )?;
    for (position, id) in source.stories.iter().enumerate() {
        story.execute(params![lead_id, id, position as i64])?;
    }
    Ok(())
}

/// A story read before a lead was sent: its `_id`, and its title (the id when it is gone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoryRead"))]
pub struct StoryRead {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
}

/// A lead's source as the inbox shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadSource"))]
pub struct SourceRow {
    /// The page the form was sent from.
    pub page: Option<String>,
    /// The visit's first page.
    pub landing: Option<String>,
    /// The referring site's origin.
    pub referrer: Option<String>,
    /// `utm_source` (or `ref`), `utm_medium`, `utm_campaign` of the landing.
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    /// In the order read.
    pub stories: Vec<StoryRead>,
}

impl SourceRow {
    /// The campaign tags in one line, as the mail and the exports write them:
    /// `linkedin / social / launch`, parts not sent left out.
    pub fn campaign_line(&self) -> String {
        [&self.source, &self.medium, &self.campaign]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// The stories' titles in one line, in the order read.
    pub fn stories_line(&self) -> String {
        self.stories
            .iter()
            .map(|story| story.title.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The lead `lead_id`'s source, if one was recorded.
pub fn of(conn: &Connection, lead_id: &str) -> rusqlite::Result<Option<SourceRow>> {
    let Some(mut row) = conn
        .prepare_cached(
            "SELECT page, landing, referrer, source, medium, campaign FROM lead_sources
             WHERE lead_id = ?1",
        )?
        .query_row([lead_id], |row| {
            Ok(SourceRow {
                page: row.get(0)?,
                landing: row.get(1)?,
                referrer: row.get(2)?,
                source: row.get(3)?,
                medium: row.get(4)?,
                campaign: row.get(5)?,
                stories: Vec::new(),
            })
        })
        .optional()?
    else {
        return Ok(None);
    };
    row.stories = conn
        .prepare_cached(&format!(
            "SELECT s.story, {STORY_TITLE} FROM lead_stories s WHERE s.lead_id = ?1 ORDER BY s.position"
        ))?
        .query_map([lead_id], |row| {
            Ok(StoryRead {
                id: row.get(0)?,
                title: row.get(1)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(row))
}

/// A story's title by its id in `s.story`, the id when the story is gone.
const STORY_TITLE: &str = "coalesce((SELECT title FROM blogs WHERE slug = s.story), s.story)";

/// The export's SQL for one part of the source of the lead `e.id`: `page`, `landing`,
/// `referrer`, `campaign` (the tags in one line, as `SourceRow::campaign_line`) or `stories`
/// (titles in the order read, as `SourceRow::stories_line`); `None` for any other name.
pub fn export_column(part: &str) -> Option<String> {
    let of_lead = |expression: &str| {
        format!("(SELECT {expression} FROM lead_sources ls WHERE ls.lead_id = e.id)")
    };
    Some(match part {
        "page" | "landing" | "referrer" => of_lead(&format!("ls.{part}")),
        "campaign" => of_lead("nullif(concat_ws(' / ', ls.source, ls.medium, ls.campaign), '')"),
        "stories" => format!(
            "(SELECT group_concat(title, '; ') FROM
               (SELECT {STORY_TITLE} AS title FROM lead_stories s
                WHERE s.lead_id = e.id ORDER BY s.position))"
        ),
        _ => return None,
    })
}

/// What the report counts leads by, each with the kind of `visit_days` that counts the
/// visitors of the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    Source,
    Campaign,
    Referrer,
    Landing,
    Story,
}

impl By {
    fn visit_kind(self) -> &'static str {
        match self {
            By::Source => "source",
            By::Campaign => "campaign",
            By::Referrer => "referrer",
            By::Landing => "entry",
            By::Story => "story",
        }
    }
}

/// One line of the report's leads: a source, campaign, site, landing page or story; its
/// leads and the visitors it brought over the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LeadLine"))]
pub struct LeadLine {
    pub value: String,
    /// A story's title (its `_id` when it is gone); null for other lists.
    pub title: Option<String>,
    pub leads: i64,
    /// Visitors with the same value over the period: whose visit began with the source,
    /// campaign, site or landing page, or who read the story.
    pub visitors: i64,
}

/// The most lines of a leads list.
pub const TOP: usize = 10;

/// Leads that arrived on days `from` to `to` (YYYY-MM-DD, both included).
pub fn count(conn: &Connection, from: &str, to: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM lead_sources WHERE day BETWEEN ?1 AND ?2")?
        .query_row([from, to], |row| row.get(0))
}

/// The period's leads by source, campaign, referring site, landing page and story read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tops {
    pub sources: Vec<LeadLine>,
    pub campaigns: Vec<LeadLine>,
    pub referrers: Vec<LeadLine>,
    pub landings: Vec<LeadLine>,
    pub stories: Vec<LeadLine>,
}

/// The `TOP` values of each list with the most leads over days `from` to `to`, each with
/// the visitors of the same value: the period's sources in one pass, its stories in another,
/// and the visitors in one pass a list.
pub fn tops(conn: &Connection, from: &str, to: &str) -> Result<Tops, StoreError> {
    let mut counts: [HashMap<String, i64>; 5] = Default::default();
    let mut rows = conn.prepare_cached(
        "SELECT source, campaign, referrer, landing FROM lead_sources WHERE day BETWEEN ?1 AND ?2",
    )?;
    let mut found = rows.query([from, to])?;
    while let Some(row) = found.next()? {
        for (at, count) in counts.iter_mut().take(4).enumerate() {
            if let Some(value) = row.get::<_, Option<String>>(at)? {
                *count.entry(value).or_default() += 1;
            }
        }
    }
    let mut stories = conn.prepare_cached(
        "SELECT s.story FROM lead_sources l JOIN lead_stories s ON s.lead_id = l.lead_id
         WHERE l.day BETWEEN ?1 AND ?2",
    )?;
    let mut found = stories.query([from, to])?;
    while let Some(row) = found.next()? {
        *counts[4].entry(row.get(0)?).or_default() += 1;
    }
    let [sources, campaigns, referrers, landings, stories] = counts;
    Ok(Tops {
        sources: lines(conn, By::Source, sources, from, to)?,
        campaigns: lines(conn, By::Campaign, campaigns, from, to)?,
        referrers: lines(conn, By::Referrer, referrers, from, to)?,
        landings: lines(conn, By::Landing, landings, from, to)?,
        stories: lines(conn, By::Story, stories, from, to)?,
    })
}

/// The `TOP` of `counts` by leads (then by value), with their visitors and, for stories,
/// their titles.
fn lines(
    conn: &Connection,
    by: By,
    counts: HashMap<String, i64>,
    from: &str,
    to: &str,
) -> Result<Vec<LeadLine>, StoreError> {
    let mut lines: Vec<LeadLine> = counts
        .into_iter()
        .map(|(value, leads)| LeadLine {
            value,
            title: None,
            leads,
            visitors: 0,
        })
        .collect();
    lines.sort_by(|a, b| b.leads.cmp(&a.leads).then_with(|| a.value.cmp(&b.value)));
    lines.truncate(TOP);
    let values: Vec<&str> = lines.iter().map(|line| line.value.as_str()).collect();
    let visitors = visits::visitors_of(conn, by.visit_kind(), &values, from, to)?;
    let mut title =
        conn.prepare_cached("SELECT coalesce((SELECT title FROM blogs WHERE slug = ?1), ?1)")?;
    for line in &mut lines {
        line.visitors = visitors.get(&line.value).copied().unwrap_or(0);
        if by == By::Story {
            line.title = Some(title.query_row([&line.value], |row| row.get(0))?);
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::visit::CampaignTags;

    fn conn() -> Connection {
        let mut conn = Connection::open_in_memory().expect("db");
        crate::store::migrations::run_migrations(&mut conn).expect("migrations");
        conn.execute_batch(
            "INSERT INTO blogs (slug, title, motive, content, body_text, date, min_read, color)
             VALUES ('first-story', 'The first story', '', '<p>x</p>', 'x', '2026-11-01', '1', '#000000');",
        )
        .expect("a story");
        conn
    }

    fn source(campaign: &str, stories: &[&str]) -> LeadSource {
        LeadSource {
            page: Some("/contact".into()),
            landing: Some("/blogs".into()),
            referrer: Some("https://www.linkedin.com".into()),
            tags: CampaignTags {
                source: Some("linkedin".into()),
                medium: None,
                campaign: Some(campaign.into()),
            },
            stories: stories.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn a_recorded_source_reads_back_with_known_stories_in_order() {
        let conn = conn();
        record(
            &conn,
            "lead-1",
            "contact",
            &source("launch", &["gone-story", "first-story"]),
        )
        .expect("record");
        let row = of(&conn, "lead-1").expect("read").expect("a source");
        assert_eq!(row.page.as_deref(), Some("/contact"));
        assert_eq!(row.campaign_line(), "linkedin / launch");
        assert_eq!(
            row.stories,
            [StoryRead {
                id: "first-story".into(),
                title: "The first story".into()
            }],
            "a story not on file is not kept"
        );
        assert_eq!(of(&conn, "lead-2").expect("read"), None);
    }

    #[test]
    fn leads_are_counted_per_campaign_and_story_beside_their_visitors() {
        let conn = conn();
        let today = site_details::office_zone(&conn).today();
        for (n, campaign) in ["launch", "launch", "spring"].iter().enumerate() {
            record(
                &conn,
                &format!("lead-{n}"),
                "contact",
                &source(campaign, &["first-story"]),
            )
            .expect("record");
        }
        conn.execute(
            "INSERT INTO visit_days (day, kind, value, views, visitors)
             VALUES (?1, 'campaign', 'launch', 40, 25), (?1, 'story', 'first-story', 9, 6)",
            [&today],
        )
        .expect("visits");
        assert_eq!(count(&conn, &today, &today).expect("count"), 3);
        let tops = tops(&conn, &today, &today).expect("tops");
        let campaigns = tops.campaigns;
        assert_eq!(
            campaigns
                .iter()
                .map(|l| (l.value.as_str(), l.leads, l.visitors))
                .collect::<Vec<_>>(),
            [("launch", 2, 25), ("spring", 1, 0)]
        );
        let stories = tops.stories;
        assert_eq!(stories.len(), 1);
        assert_eq!(stories[0].title.as_deref(), Some("The first story"));
        assert_eq!((stories[0].leads, stories[0].visitors), (3, 6));
        assert_eq!(count(&conn, "2000-01-01", "2000-01-02").expect("none"), 0);
    }

    #[test]
    fn erasing_a_lead_erases_its_source_and_stories() {
        let conn = conn();
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, client_addr)
             VALUES ('lead-1', 'contact', 'A', 'a@example.com', 'a@example.com', '1', 'x', '', '', '');",
        )
        .expect("lead");
        record(
            &conn,
            "lead-1",
            "contact",
            &source("launch", &["first-story"]),
        )
        .expect("record");
        conn.execute("DELETE FROM enquiries WHERE id = 'lead-1'", [])
            .expect("erase");
        let left: i64 = conn
            .query_row(
                "SELECT (SELECT count(*) FROM lead_sources) + (SELECT count(*) FROM lead_stories)",
                [],
                |row| row.get(0),
            )
            .expect("count");
        assert_eq!(left, 0);
    }
}
