//! Where each lead came from (tables `lead_sources`, `lead_stories`): written with the lead
//! in its transaction, read for the lead's detail, its notification mail and the exports, and
//! counted per source, campaign, referring site, landing page and story for the analytics
//! report beside the visitors each brought (`visit_days`). The counts are read from the lead
//! roll-ups (`lead_days`, `lead_months`: `V18__lead_roll_ups.sql`), which the database's
//! triggers keep in the statement that writes or erases a source, so in the lead's own
//! transaction.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use super::roll_ups::{spanned, Spans};
use super::visits;
use crate::domain::analytics::lead_source::LeadSource;
use crate::store::{company_details, StoreError};

/// Puts every lead on the day it arrived in `zone` (after the office's zone changed), and
/// counts the lead roll-ups anew from them. Answers how many leads moved.
pub fn reday(conn: &Connection, zone: &jiff::tz::TimeZone) -> Result<usize, StoreError> {
    let arrived: Vec<(String, String, String)> = conn
        .prepare(
            "SELECT l.lead_id, l.day, coalesce(e.created_at, a.created_at) FROM lead_sources l
             LEFT JOIN enquiries e ON e.id = l.lead_id
             LEFT JOIN applicants a ON a.id = l.lead_id
             WHERE coalesce(e.created_at, a.created_at) IS NOT NULL",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut moved = 0;
    for (lead, day, at) in arrived {
        let Ok(at) = at.parse::<jiff::Timestamp>() else {
            continue;
        };
        let local = at.to_zoned(zone.clone()).date().to_string();
        if local != day {
            moved += conn
                .prepare_cached("UPDATE lead_sources SET day = ?1 WHERE lead_id = ?2")?
                .execute(params![local, lead])?;
        }
    }
    if moved > 0 {
        // As `V18__lead_roll_ups.sql` first counted them.
        conn.execute_batch(
            "DELETE FROM lead_days;
             DELETE FROM lead_months;
             INSERT INTO lead_days (day, kind, value, leads)
             SELECT day, kind, value, count(*) FROM lead_values GROUP BY kind, day, value;
             INSERT INTO lead_months (month, kind, value, leads)
             SELECT substr(day, 1, 7), kind, value, count(*) FROM lead_values
             GROUP BY kind, substr(day, 1, 7), value;",
        )?;
    }
    Ok(moved)
}

/// Records `source` for the lead `lead_id` of `kind` ('contact', 'subscription' or
/// 'application'), on the office's day of now. Only stories on file are kept. The lead
/// roll-ups count it as it is written (the triggers of `V18__lead_roll_ups.sql`).
pub fn record(
    conn: &Connection,
    lead_id: &str,
    kind: &str,
    source: &LeadSource,
) -> rusqlite::Result<()> {
    let day = company_details::office_zone(conn).today();
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

/// What the report counts leads by, each with its kind of `lead_days` and the kind of
/// `visit_days` that counts the visitors of the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    Source,
    Campaign,
    Referrer,
    Landing,
    Story,
}

impl By {
    fn lead_kind(self) -> &'static str {
        match self {
            By::Source => "source",
            By::Campaign => "campaign",
            By::Referrer => "referrer",
            By::Landing => "landing",
            By::Story => "story",
        }
    }

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
pub fn count(conn: &Connection, from: &str, to: &str) -> Result<i64, StoreError> {
    let spans = Spans::new(from, to);
    Ok(conn
        .prepare_cached(&format!(
            "SELECT coalesce(sum(leads), 0) FROM ({})",
            spanned("lead", "leads")
        ))?
        .query_row(&*spans.params(&"all", &[]), |row| row.get(0))?)
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
/// the visitors of the same value.
pub fn tops(conn: &Connection, from: &str, to: &str) -> Result<Tops, StoreError> {
    let spans = Spans::new(from, to);
    let lines = |by| lines(conn, by, &spans, from, to);
    Ok(Tops {
        sources: lines(By::Source)?,
        campaigns: lines(By::Campaign)?,
        referrers: lines(By::Referrer)?,
        landings: lines(By::Landing)?,
        stories: lines(By::Story)?,
    })
}

/// The `TOP` values of `by` by leads (then by value) over the period, from the lead
/// roll-ups, with their visitors and, for stories, their titles.
fn lines(
    conn: &Connection,
    by: By,
    spans: &Spans,
    from: &str,
    to: &str,
) -> Result<Vec<LeadLine>, StoreError> {
    let top = TOP as i64;
    let mut lines: Vec<LeadLine> = conn
        .prepare_cached(&format!(
            "SELECT value, sum(leads) AS leads FROM ({})
             GROUP BY value ORDER BY leads DESC, value LIMIT ?8",
            spanned("lead", "leads")
        ))?
        .query_map(&*spans.params(&by.lead_kind(), &[&top]), |row| {
            Ok(LeadLine {
                value: row.get(0)?,
                title: None,
                leads: row.get(1)?,
                visitors: 0,
            })
        })?
        .collect::<Result<_, _>>()?;
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
    use std::collections::HashMap;

    use super::*;
    use crate::domain::analytics::visit::CampaignTags;
    use crate::store::analytics::roll_ups::fixtures::{DAYS, PERIODS};

    fn conn() -> Connection {
        let conn = crate::store::migrated();
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
        let today = company_details::office_zone(&conn).today();
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

    /// An applicant when `id` begins with `a`, else an enquiry.
    fn lead(conn: &Connection, id: &str) {
        if id.starts_with('a') {
            conn.execute(
                "INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query,
                                         department_website, resume_file, resume_original_name,
                                         resume_type, resume_size)
                 VALUES (?1, 'A', '1', 'a@example.com', 1, '', '', '', ?1, 'cv.pdf', 'application/pdf', 1)",
                [id],
            )
            .expect("applicant");
        } else {
            conn.execute(
                "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, client_addr)
                 VALUES (?1, 'contact', 'A', 'a@example.com', 'a@example.com', '1', 'x', '', '', '')",
                [id],
            )
            .expect("enquiry");
        }
    }

    /// Leads written as `record` writes them but on a given `day`: an enquiry or applicant,
    /// its source and its stories (the second of `stories` read twice).
    fn lead_on(
        conn: &Connection,
        id: &str,
        day: &str,
        values: [Option<&str>; 4],
        stories: &[&str],
    ) {
        lead(conn, id);
        let [source, campaign, referrer, landing] = values;
        conn.execute(
            "INSERT INTO lead_sources (lead_id, kind, day, page, landing, referrer, source, medium, campaign)
             VALUES (?1, 'contact', ?2, '/contact', ?3, ?4, ?5, NULL, ?6)",
            params![id, day, landing, referrer, source, campaign],
        )
        .expect("source");
        let mut story = conn
            .prepare(
                "INSERT OR IGNORE INTO lead_stories (lead_id, story, position) VALUES (?1, ?2, ?3)",
            )
            .expect("prepare");
        for (position, id_) in stories.iter().chain(stories.get(1)).enumerate() {
            story
                .execute(params![id, id_, position as i64])
                .expect("story");
        }
    }

    /// Many leads over four months, values repeating at different rates, some not sent.
    fn leads_over_months(conn: &Connection) {
        let pick = |name: &str, n: usize, of: usize| format!("{name}-{}", n % of);
        for (d, day) in DAYS.iter().enumerate() {
            for n in 0..(d + 4) {
                let k = d * 7 + n;
                let (source, campaign, referrer, landing) = (
                    pick("source", k, 3),
                    pick("campaign", k * k, 5),
                    pick("https://site", k / 2, 4),
                    pick("/landing", k + d, 6),
                );
                let stories = [pick("story", k, 7), pick("story", k * 3 + 1, 7)];
                lead_on(
                    conn,
                    &format!("{}-{d}-{n}", if n % 3 == 0 { "a" } else { "e" }),
                    day,
                    [
                        (k % 4 != 0).then_some(source.as_str()),
                        (k % 5 != 1).then_some(campaign.as_str()),
                        (k % 3 != 2).then_some(referrer.as_str()),
                        Some(landing.as_str()),
                    ],
                    &[stories[0].as_str(), stories[1].as_str()],
                );
            }
        }
    }

    /// Rows of (kind, day, value, leads).
    type Counts = Vec<(String, String, String, i64)>;

    /// The roll-ups' day rows, checked against each (kind, day, value) counted from the raw
    /// rows (both answered, ordered), and how many month rows differ from their days' sums.
    fn roll_ups_and_raw(conn: &Connection) -> (Counts, Counts, i64) {
        let rows = |sql: &str| -> Counts {
            conn.prepare(sql)
                .expect("prepare")
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                .expect("query")
                .collect::<Result<_, _>>()
                .expect("rows")
        };
        let raw = rows(
            "SELECT kind, day, value, count(*) FROM (
               SELECT 'all' AS kind, day, '' AS value FROM lead_sources
               UNION ALL SELECT 'source', day, source FROM lead_sources WHERE source IS NOT NULL
               UNION ALL SELECT 'campaign', day, campaign FROM lead_sources WHERE campaign IS NOT NULL
               UNION ALL SELECT 'referrer', day, referrer FROM lead_sources WHERE referrer IS NOT NULL
               UNION ALL SELECT 'landing', day, landing FROM lead_sources WHERE landing IS NOT NULL
               UNION ALL SELECT 'story', l.day, s.story FROM lead_sources l
                         JOIN lead_stories s ON s.lead_id = l.lead_id)
             GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
        );
        let days = rows("SELECT kind, day, value, leads FROM lead_days ORDER BY 1, 2, 3");
        assert_eq!(days, raw, "lead_days against the raw rows");
        let months_off: i64 = conn
            .query_row(
                "SELECT count(*) FROM (
                   SELECT substr(day, 1, 7) AS month, kind, value, sum(leads) AS n
                   FROM lead_days GROUP BY 1, 2, 3) d
                 FULL JOIN lead_months m USING (month, kind, value)
                 WHERE m.leads IS NOT d.n",
                [],
                |r| r.get(0),
            )
            .expect("months");
        (days, raw, months_off)
    }

    #[test]
    fn the_lead_roll_ups_equal_the_raw_rows_after_writes_and_erasures() {
        let conn = conn();
        leads_over_months(&conn);
        // Through the real path too: today's leads, a story not on file and one read twice.
        for n in 0..3 {
            lead(&conn, &format!("today-{n}"));
            record(
                &conn,
                &format!("today-{n}"),
                "contact",
                &source("launch", &["first-story", "gone-story", "first-story"]),
            )
            .expect("record");
        }
        let (days, _, months_off) = roll_ups_and_raw(&conn);
        assert_eq!(months_off, 0);
        let today = company_details::office_zone(&conn).today();
        assert!(days.contains(&("story".into(), today.clone(), "first-story".into(), 3)));
        assert!(!days.iter().any(|row| row.2 == "gone-story"));

        // Erasing enquiries and applicants (their triggers delete the sources, and the
        // stories by cascade), a story on its own, and a lead whose source was its day's
        // only one.
        for id in ["e-0-1", "a-0-0", "a-4-3", "e-8-11", "today-1"] {
            let table = if id.starts_with('a') {
                "applicants"
            } else {
                "enquiries"
            };
            let erased = conn
                .execute(&format!("DELETE FROM {table} WHERE id = ?1"), [id])
                .expect("erase");
            assert_eq!(erased, 1, "{id}");
        }
        let erased = conn
            .execute("DELETE FROM lead_stories WHERE lead_id = 'e-2-1'", [])
            .expect("erase stories");
        assert_eq!(erased, 2);
        for n in 0..4 {
            conn.execute("DELETE FROM enquiries WHERE id = ?1", [format!("e-0-{n}")])
                .expect("erase");
            conn.execute("DELETE FROM applicants WHERE id = ?1", [format!("a-0-{n}")])
                .expect("erase");
        }
        let (days, raw, months_off) = roll_ups_and_raw(&conn);
        assert_eq!(months_off, 0);
        assert!(
            !days.iter().any(|row| row.1 == "2026-08-31"),
            "a day with no lead left"
        );
        assert!(days.iter().all(|row| row.3 > 0), "no row at 0");
        assert_eq!(
            raw.iter()
                .filter(|row| row.0 == "all")
                .map(|row| row.3)
                .sum::<i64>(),
            68
        );
    }

    #[test]
    fn the_migration_counts_the_leads_already_on_file() {
        let mut conn = Connection::open_in_memory().expect("db");
        crate::store::migrations::run_migrations_to(&mut conn, 17).expect("migrations to V17");
        conn.execute_batch(
            "INSERT INTO blogs (slug, title, motive, content, body_text, date, min_read, color)
             VALUES ('first-story', 'The first story', '', '<p>x</p>', 'x', '2026-11-01', '1', '#000000');",
        )
        .expect("a story");
        leads_over_months(&conn);
        let before: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE name = 'lead_days'",
                [],
                |r| r.get(0),
            )
            .expect("schema");
        assert_eq!(before, 0, "no roll-ups before V18");
        crate::store::migrations::run_migrations(&mut conn).expect("migrations");
        let (days, _, months_off) = roll_ups_and_raw(&conn);
        assert_eq!(months_off, 0);
        assert_eq!(
            days.iter()
                .filter(|row| row.0 == "all")
                .map(|row| row.3)
                .sum::<i64>(),
            72
        );
    }

    /// The old report's answer, from the raw rows: each list's `TOP` values by leads, then
    /// by value.
    fn raw_tops(conn: &Connection, from: &str, to: &str) -> [Vec<(String, i64)>; 5] {
        let mut counts: [HashMap<String, i64>; 5] = Default::default();
        let mut rows = conn
            .prepare("SELECT source, campaign, referrer, landing FROM lead_sources WHERE day BETWEEN ?1 AND ?2")
            .expect("prepare");
        let mut found = rows.query([from, to]).expect("query");
        while let Some(row) = found.next().expect("row") {
            for (at, count) in counts.iter_mut().take(4).enumerate() {
                if let Some(value) = row.get::<_, Option<String>>(at).expect("value") {
                    *count.entry(value).or_default() += 1;
                }
            }
        }
        let mut stories = conn
            .prepare(
                "SELECT s.story FROM lead_sources l JOIN lead_stories s ON s.lead_id = l.lead_id
                 WHERE l.day BETWEEN ?1 AND ?2",
            )
            .expect("prepare");
        let mut found = stories.query([from, to]).expect("query");
        while let Some(row) = found.next().expect("row") {
            *counts[4].entry(row.get(0).expect("story")).or_default() += 1;
        }
        counts.map(|count| {
            let mut lines: Vec<(String, i64)> = count.into_iter().collect();
            lines.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            lines.truncate(TOP);
            lines
        })
    }

    #[test]
    fn lead_lists_over_whole_and_partial_months_equal_the_raw_rows_and_the_days() {
        let conn = conn();
        leads_over_months(&conn);
        conn.execute("DELETE FROM enquiries WHERE id = 'e-5-2'", [])
            .expect("erase");
        for (from, to) in PERIODS {
            let tops = tops(&conn, from, to).expect("tops");
            let lists = [
                tops.sources,
                tops.campaigns,
                tops.referrers,
                tops.landings,
                tops.stories,
            ]
            .map(|lines| {
                lines
                    .into_iter()
                    .map(|line| (line.value, line.leads))
                    .collect::<Vec<_>>()
            });
            assert_eq!(lists, raw_tops(&conn, from, to), "{from}..{to}");
            // The day-level answer: the same lists from `lead_days` alone.
            for (list, kind) in lists
                .iter()
                .zip(["source", "campaign", "referrer", "landing", "story"])
            {
                let days: Vec<(String, i64)> = conn
                    .prepare(
                        "SELECT value, sum(leads) AS n FROM lead_days
                         WHERE kind = ?1 AND day BETWEEN ?2 AND ?3
                         GROUP BY value ORDER BY n DESC, value LIMIT 10",
                    )
                    .expect("prepare")
                    .query_map([kind, from, to], |r| Ok((r.get(0)?, r.get(1)?)))
                    .expect("query")
                    .collect::<Result<_, _>>()
                    .expect("rows");
                assert_eq!(list, &days, "{kind} {from}..{to}");
            }
            let raw: i64 = conn
                .query_row(
                    "SELECT count(*) FROM lead_sources WHERE day BETWEEN ?1 AND ?2",
                    [from, to],
                    |r| r.get(0),
                )
                .expect("count");
            assert_eq!(count(&conn, from, to).expect("count"), raw, "{from}..{to}");
        }
        assert_eq!(count(&conn, "2026-08-01", "2026-11-30").expect("count"), 71);
    }
}
