//! The counted page views (`visits`), the day's salt (`visit_salt`) and the roll-ups
//! (`visit_days` per office day and dimension, `visit_hours` per UTC hour) that outlive the
//! views: see `V15__visits.sql` and the server's visit counter.

use rusqlite::{params, Connection, OptionalExtension};

use super::StoreError;
use crate::domain::visit::View;

/// The salt stored for `day`, if any.
pub fn stored_salt(conn: &Connection, day: &str) -> Result<Option<[u8; 32]>, StoreError> {
    let bytes: Option<Vec<u8>> = conn
        .prepare_cached("SELECT salt FROM visit_salt WHERE day = ?1")?
        .query_row([day], |row| row.get(0))
        .optional()?;
    Ok(bytes.and_then(|bytes| bytes.try_into().ok()))
}

/// Writes `views`, and `salt` (its day and bytes) in place of every salt stored before (on
/// the writer, inside its transaction).
pub fn write(
    conn: &Connection,
    views: &[View],
    salt: Option<&(String, [u8; 32])>,
) -> Result<(), StoreError> {
    if let Some((day, bytes)) = salt {
        conn.execute("DELETE FROM visit_salt", [])?;
        conn.execute(
            "INSERT INTO visit_salt (day, salt) VALUES (?1, ?2)",
            params![day, bytes.as_slice()],
        )?;
    }
    {
        let mut insert = conn.prepare_cached(
            "INSERT INTO visits (at, day, visitor, path, story, referrer, source, medium,
                                 campaign, device, entry)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        for view in views {
            let hit = &view.hit;
            insert.execute(params![
                view.at,
                view.day,
                view.visitor,
                hit.path,
                hit.story,
                hit.referrer,
                hit.source,
                hit.medium,
                hit.campaign,
                hit.device.as_str(),
                hit.entry,
            ])?;
        }
    }
    Ok(())
}

/// Each dimension of `visit_days`, and the column (or expression) it groups by. Referrers
/// and campaigns are the visit's first page's, so they count entries.
const DIMENSIONS: &[(&str, &str, &str)] = &[
    ("page", "path", "1"),
    ("story", "story", "story IS NOT NULL"),
    ("referrer", "referrer", "referrer IS NOT NULL"),
    ("source", "source", "source IS NOT NULL"),
    ("campaign", "campaign", "campaign IS NOT NULL"),
    ("entry", "path", "entry = 1"),
    ("device", "device", "1"),
];

/// Brings the roll-ups up to date for the days with views at or after `from` (Unix
/// seconds; on the writer, inside its transaction), or, with `None`, for every day that has views and no roll-up yet, and today's
/// and yesterday's. Answers how many days it rolled up.
pub fn roll_up(conn: &Connection, from: Option<i64>) -> Result<usize, StoreError> {
    let days: Vec<String> = match from {
        Some(i64::MAX) => Vec::new(),
        Some(from) => conn
            .prepare_cached("SELECT DISTINCT day FROM visits WHERE at >= ?1")?
            .query_map([from], |row| row.get(0))?
            .collect::<Result<_, _>>()?,
        None => conn
            .prepare_cached(
                "SELECT DISTINCT day FROM visits
                 WHERE day NOT IN (SELECT day FROM visit_days WHERE kind = 'all')
                    OR at >= (SELECT max(at) FROM visits) - 2 * 86400",
            )?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?,
    };
    for day in &days {
        roll_up_day(conn, day)?;
    }
    Ok(days.len())
}

/// Counts `day` anew from its views: every dimension of `visit_days`, and the UTC hours the
/// day's views fall in.
fn roll_up_day(conn: &Connection, day: &str) -> Result<(), StoreError> {
    // Kind by kind, so each delete is one stretch of the key.
    for kind in std::iter::once("all").chain(DIMENSIONS.iter().map(|(kind, _, _)| *kind)) {
        conn.execute(
            "DELETE FROM visit_days WHERE kind = ?1 AND day = ?2",
            [kind, day],
        )?;
    }
    conn.execute(
        "INSERT INTO visit_days (day, kind, value, views, visitors)
         SELECT ?1, 'all', '', count(*), count(DISTINCT visitor) FROM visits WHERE day = ?1
         HAVING count(*) > 0",
        [day],
    )?;
    for (kind, column, filter) in DIMENSIONS {
        conn.execute(
            &format!(
                "INSERT INTO visit_days (day, kind, value, views, visitors)
                 SELECT ?1, ?2, {column}, count(*), count(DISTINCT visitor)
                 FROM visits WHERE day = ?1 AND {filter} GROUP BY {column}"
            ),
            params![day, kind],
        )?;
    }
    let span: Option<(i64, i64)> = conn
        .query_row(
            "SELECT min(at) / 3600 * 3600, max(at) / 3600 * 3600 + 3600 FROM visits WHERE day = ?1",
            [day],
            |row| Ok((row.get::<_, Option<i64>>(0)?, row.get::<_, Option<i64>>(1)?)),
        )
        .map(|(from, to)| from.zip(to))?;
    if let Some((from, to)) = span {
        conn.execute(
            "DELETE FROM visit_hours WHERE hour >= ?1 AND hour < ?2",
            params![from, to],
        )?;
        conn.execute(
            "INSERT INTO visit_hours (hour, views, visitors)
             SELECT at / 3600 * 3600, count(*), count(DISTINCT visitor)
             FROM visits WHERE at >= ?1 AND at < ?2 GROUP BY at / 3600",
            params![from, to],
        )?;
    }
    Ok(())
}

/// Deletes the views of days before `day` (their roll-ups stay). Answers how many.
pub fn delete_before(conn: &Connection, day: &str) -> Result<usize, StoreError> {
    if day.is_empty() {
        return Ok(0);
    }
    Ok(conn.execute("DELETE FROM visits WHERE day < ?1", [day])?)
}

/// One line of a report's list: a page, story, site, campaign... and its counts.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "VisitLine"))]
pub struct Line {
    pub value: String,
    /// A story's title (its `_id` when it is gone); null for other lists.
    pub title: Option<String>,
    pub views: i64,
    pub visitors: i64,
}

/// One day's counts.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "VisitDay"))]
pub struct DayCount {
    pub day: String,
    pub views: i64,
    pub visitors: i64,
}

/// A period's totals: views, visitors (each day's summed: a new salt each day), and visits
/// (first pages).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "VisitTotals"))]
pub struct Totals {
    pub views: i64,
    pub visitors: i64,
    pub visits: i64,
}

/// The most lines a report's list holds.
pub const TOP: i64 = 10;

/// A period's totals from the roll-ups, days `from` to `to` (YYYY-MM-DD, both included).
pub fn totals(conn: &Connection, from: &str, to: &str) -> Result<Totals, StoreError> {
    let (views, visitors): (i64, i64) = conn
        .prepare_cached(
            "SELECT coalesce(sum(views), 0), coalesce(sum(visitors), 0) FROM visit_days
             WHERE kind = 'all' AND day BETWEEN ?1 AND ?2",
        )?
        .query_row([from, to], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let visits: i64 = conn
        .prepare_cached(
            "SELECT coalesce(sum(views), 0) FROM visit_days
             WHERE kind = 'entry' AND day BETWEEN ?1 AND ?2",
        )?
        .query_row([from, to], |row| row.get(0))?;
    Ok(Totals {
        views,
        visitors,
        visits,
    })
}

/// Each day's counts, days with no view left out.
pub fn per_day(conn: &Connection, from: &str, to: &str) -> Result<Vec<DayCount>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT day, views, visitors FROM visit_days
             WHERE kind = 'all' AND day BETWEEN ?1 AND ?2 ORDER BY day",
        )?
        .query_map([from, to], |row| {
            Ok(DayCount {
                day: row.get(0)?,
                views: row.get(1)?,
                visitors: row.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

/// The `TOP` values of `kind` ('page', 'story', 'referrer', 'source', 'campaign', 'entry'
/// or 'device') by views over the period; a story's with its title.
pub fn top(conn: &Connection, kind: &str, from: &str, to: &str) -> Result<Vec<Line>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT d.value, sum(d.views) AS views, sum(d.visitors),
                    CASE WHEN d.kind = 'story'
                         THEN coalesce((SELECT title FROM blogs WHERE slug = d.value), d.value)
                    END
             FROM visit_days d
             WHERE d.kind = ?1 AND d.day BETWEEN ?2 AND ?3
             GROUP BY d.value ORDER BY views DESC, d.value LIMIT ?4",
        )?
        .query_map(params![kind, from, to, TOP], |row| {
            Ok(Line {
                value: row.get(0)?,
                views: row.get(1)?,
                visitors: row.get(2)?,
                title: row.get(3)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::visit::{Device, Hit};

    fn conn() -> Connection {
        let mut conn = Connection::open_in_memory().expect("db");
        crate::store::migrations::run_migrations(&mut conn).expect("migrations");
        conn
    }

    fn view(
        at: i64,
        day: &str,
        visitor: i64,
        path: &str,
        entry: bool,
        campaign: Option<&str>,
    ) -> View {
        View {
            at,
            day: day.into(),
            visitor,
            hit: Hit {
                path: path.into(),
                story: path.strip_prefix("/blogs/detail/").map(str::to_owned),
                referrer: entry.then(|| "https://www.google.com".to_owned()),
                source: campaign.map(|_| "linkedin".to_owned()),
                medium: None,
                campaign: campaign.map(str::to_owned),
                device: if visitor % 2 == 0 {
                    Device::Mobile
                } else {
                    Device::Desktop
                },
                entry,
            },
        }
    }

    fn days(conn: &Connection, kind: &str) -> Vec<(String, String, i64, i64)> {
        conn.prepare("SELECT day, value, views, visitors FROM visit_days WHERE kind = ?1 ORDER BY day, value")
            .expect("prepare")
            .query_map([kind], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    }

    #[test]
    fn the_roll_ups_equal_the_views_they_count() {
        let conn = conn();
        let d1 = 1_795_651_200; // 2026-11-26T00:00:00Z
        let views = vec![
            view(d1 + 10, "2026-11-26", 1, "/", true, Some("launch")),
            view(d1 + 20, "2026-11-26", 1, "/blogs/detail/a", false, None),
            view(d1 + 3_700, "2026-11-26", 2, "/blogs/detail/a", true, None),
            view(d1 + 3_800, "2026-11-26", 2, "/contact", false, None),
            view(d1 + 86_400, "2026-11-27", 3, "/", true, None),
        ];
        write(&conn, &views, Some(&("2026-11-27".into(), [7; 32]))).expect("write");
        assert_eq!(roll_up(&conn, None).expect("roll up"), 2);
        assert_eq!(
            days(&conn, "all"),
            [
                ("2026-11-26".into(), String::new(), 4, 2),
                ("2026-11-27".into(), String::new(), 1, 1)
            ]
        );
        assert_eq!(
            days(&conn, "story"),
            [("2026-11-26".into(), "a".into(), 2, 2)]
        );
        assert_eq!(
            days(&conn, "campaign"),
            [("2026-11-26".into(), "launch".into(), 1, 1)]
        );
        assert_eq!(
            days(&conn, "entry"),
            [
                ("2026-11-26".into(), "/".into(), 1, 1),
                ("2026-11-26".into(), "/blogs/detail/a".into(), 1, 1),
                ("2026-11-27".into(), "/".into(), 1, 1)
            ]
        );
        // Every dimension that covers every view adds up to the day's views.
        for kind in ["page", "device"] {
            let total: i64 = days(&conn, kind)
                .iter()
                .filter(|row| row.0 == "2026-11-26")
                .map(|row| row.2)
                .sum();
            assert_eq!(total, 4, "{kind}");
        }
        let hours: Vec<(i64, i64, i64)> = conn
            .prepare("SELECT hour, views, visitors FROM visit_hours ORDER BY hour")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows");
        assert_eq!(hours, [(d1, 2, 1), (d1 + 3_600, 2, 1), (d1 + 86_400, 1, 1)]);

        // More views of a day roll up again to the new counts; deleting old views keeps
        // their roll-ups.
        write(
            &conn,
            &[view(d1 + 100, "2026-11-26", 9, "/", false, None)],
            None,
        )
        .expect("write");
        assert_eq!(
            roll_up(&conn, Some(d1 + 100)).expect("roll up"),
            2,
            "each day with views since"
        );
        assert_eq!(
            days(&conn, "all")[0],
            ("2026-11-26".into(), String::new(), 5, 3)
        );
        assert_eq!(delete_before(&conn, "2026-11-27").expect("delete"), 5);
        assert_eq!(
            roll_up(&conn, None).expect("roll up"),
            1,
            "only the day with views left"
        );
        assert_eq!(
            days(&conn, "all")[0],
            ("2026-11-26".into(), String::new(), 5, 3)
        );
    }

    #[test]
    fn only_the_days_salt_is_kept() {
        let conn = conn();
        write(&conn, &[], Some(&("2026-11-26".into(), [1; 32]))).expect("write");
        write(&conn, &[], Some(&("2026-11-27".into(), [2; 32]))).expect("write");
        assert_eq!(stored_salt(&conn, "2026-11-26").expect("read"), None);
        assert_eq!(
            stored_salt(&conn, "2026-11-27").expect("read"),
            Some([2; 32])
        );
        let count: i64 = conn
            .query_row("SELECT count(*) FROM visit_salt", [], |r| r.get(0))
            .expect("count");
        assert_eq!(count, 1);
    }
}
