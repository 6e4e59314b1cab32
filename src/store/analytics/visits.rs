//! The counted page views (`visits`), the day's salt (`visit_salt`) and the roll-ups
//! (`visit_days` per office day and dimension, `visit_months` their sums per month,
//! `visit_hours` per UTC hour) that outlive the views: see `V15__visits.sql`,
//! `V17__visit_months.sql` and the server's visit counter. Reports read the day and month
//! roll-ups over a period through `roll_ups`.

use rusqlite::{params, Connection, OptionalExtension};

use super::roll_ups::{spanned, Spans};
use crate::domain::analytics::visit::{DayValues, View, MAX_DAY_VALUES, OTHER};
use crate::store::StoreError;

/// The salt stored for `day`, if any.
pub fn stored_salt(conn: &Connection, day: &str) -> Result<Option<[u8; 32]>, StoreError> {
    let bytes: Option<Vec<u8>> = conn
        .prepare_cached("SELECT salt FROM visit_salt WHERE day = ?1")?
        .query_row([day], |row| row.get(0))
        .optional()?;
    Ok(bytes.and_then(|bytes| bytes.try_into().ok()))
}

/// The referring sites, sources and campaigns `day`'s views hold.
pub fn day_values(conn: &Connection, day: &str) -> Result<DayValues, StoreError> {
    let distinct = |column: &str| -> Result<Vec<String>, StoreError> {
        Ok(conn
            .prepare(&format!(
                "SELECT DISTINCT {column} FROM visits
                 WHERE day = ?1 AND {column} IS NOT NULL AND {column} <> ?2"
            ))?
            .query_map([day, OTHER], |row| row.get(0))?
            .collect::<Result<_, _>>()?)
    };
    Ok(DayValues::of(
        distinct("referrer")?,
        distinct("source")?,
        distinct("campaign")?,
    ))
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

/// The kinds whose values a visitor chooses: a day keeps `MAX_DAY_VALUES` of each, the rest
/// counted as `OTHER`.
const OPEN_KINDS: [&str; 3] = ["referrer", "source", "campaign"];

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
    let mut months: Vec<&str> = days.iter().filter_map(|day| day.get(..7)).collect();
    months.sort_unstable();
    months.dedup();
    for month in months {
        roll_up_month(conn, month)?;
    }
    Ok(days.len())
}

/// Sums `month`'s (YYYY-MM) rows of `visit_days` into `visit_months`, kind by kind.
fn roll_up_month(conn: &Connection, month: &str) -> Result<(), StoreError> {
    let (first, last) = (format!("{month}-01"), format!("{month}-31"));
    for kind in std::iter::once("all").chain(DIMENSIONS.iter().map(|(kind, _, _)| *kind)) {
        conn.prepare_cached("DELETE FROM visit_months WHERE kind = ?1 AND month = ?2")?
            .execute([kind, month])?;
        conn.prepare_cached(
            "INSERT INTO visit_months (month, kind, value, views, visitors)
             SELECT ?1, kind, value, sum(views), sum(visitors) FROM visit_days
             WHERE kind = ?2 AND day BETWEEN ?3 AND ?4 GROUP BY value",
        )?
        .execute(params![month, kind, first, last])?;
    }
    Ok(())
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
    fold_day(conn, day)?;
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

/// Puts every kept view on its day in `zone` (after the office's zone changed) and counts the
/// days it moved views from or to anew, with their months. Days whose views are gone keep
/// the days they were counted on. Answers how many views moved.
pub fn reday(conn: &Connection, zone: &jiff::tz::TimeZone) -> Result<usize, StoreError> {
    let span: Option<(i64, i64)> = conn
        .query_row("SELECT min(at), max(at) FROM visits", [], |row| {
            Ok((row.get::<_, Option<i64>>(0)?, row.get::<_, Option<i64>>(1)?))
        })
        .map(|(first, last)| first.zip(last))?;
    let Some((first, last)) = span else {
        return Ok(0);
    };
    let distinct_days = |conn: &Connection| -> Result<Vec<String>, StoreError> {
        Ok(conn
            .prepare_cached("SELECT DISTINCT day FROM visits")?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?)
    };
    let mut touched = distinct_days(conn)?;
    let Ok(start) = jiff::Timestamp::from_second(first) else {
        return Ok(0);
    };
    let mut date = start.to_zoned(zone.clone()).date();
    let mut moved = 0;
    loop {
        let (Ok(from), Ok(until)) = (
            date.to_zoned(zone.clone()),
            date.tomorrow().and_then(|next| next.to_zoned(zone.clone())),
        ) else {
            break;
        };
        let (from, until) = (from.timestamp().as_second(), until.timestamp().as_second());
        if from > last {
            break;
        }
        moved += conn
            .prepare_cached("UPDATE visits SET day = ?1 WHERE at >= ?2 AND at < ?3 AND day <> ?1")?
            .execute(params![date.to_string(), from, until])?;
        let Ok(next) = date.tomorrow() else { break };
        date = next;
    }
    if moved == 0 {
        return Ok(0);
    }
    touched.extend(distinct_days(conn)?);
    touched.sort_unstable();
    touched.dedup();
    for day in &touched {
        roll_up_day(conn, day)?;
    }
    let mut months: Vec<&str> = touched.iter().filter_map(|day| day.get(..7)).collect();
    months.dedup();
    for month in months {
        roll_up_month(conn, month)?;
    }
    Ok(moved)
}

/// Keeps `day`'s `MAX_DAY_VALUES` most viewed values of each open kind in `visit_days` and
/// counts the rest as `OTHER` (their views and visitors added to it: a visitor of two folded
/// values counts twice there). Answers whether it folded any.
fn fold_day(conn: &Connection, day: &str) -> Result<bool, StoreError> {
    let mut folded = false;
    for kind in OPEN_KINDS {
        let past: (i64, i64, i64) = conn
            .prepare_cached(
                "SELECT count(*), coalesce(sum(views), 0), coalesce(sum(visitors), 0) FROM (
                   SELECT views, visitors FROM visit_days WHERE kind = ?1 AND day = ?2 AND value <> ?3
                   ORDER BY views DESC, value LIMIT -1 OFFSET ?4)",
            )?
            .query_row(params![kind, day, OTHER, MAX_DAY_VALUES as i64], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })?;
        if past.0 == 0 {
            continue;
        }
        folded = true;
        conn.prepare_cached(
            "DELETE FROM visit_days WHERE kind = ?1 AND day = ?2 AND value IN (
               SELECT value FROM visit_days WHERE kind = ?1 AND day = ?2 AND value <> ?3
               ORDER BY views DESC, value LIMIT -1 OFFSET ?4)",
        )?
        .execute(params![kind, day, OTHER, MAX_DAY_VALUES as i64])?;
        conn.prepare_cached(
            "INSERT INTO visit_days (day, kind, value, views, visitors) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (kind, day, value) DO UPDATE
             SET views = views + excluded.views, visitors = visitors + excluded.visitors",
        )?
        .execute(params![day, kind, OTHER, past.1, past.2])?;
    }
    Ok(folded)
}

/// Deletes the views of days before `day`, and holds those days' roll-ups to the bound of
/// values a day keeps (`fold_day`: days counted before the bound, whose views are gone, are
/// never counted anew), their months summed again. Answers how many views it deleted.
pub fn delete_before(conn: &Connection, day: &str) -> Result<usize, StoreError> {
    if day.is_empty() {
        return Ok(0);
    }
    let deleted = conn.execute("DELETE FROM visits WHERE day < ?1", [day])?;
    let crowded: Vec<String> = conn
        .prepare_cached(
            "SELECT DISTINCT day FROM visit_days
             WHERE kind IN ('referrer', 'source', 'campaign') AND day < ?1
             GROUP BY kind, day HAVING count(*) > ?2",
        )?
        .query_map(params![day, MAX_DAY_VALUES as i64 + 1], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let mut months = Vec::new();
    for day in &crowded {
        if fold_day(conn, day)? {
            months.extend(day.get(..7).map(str::to_owned));
        }
    }
    months.sort_unstable();
    months.dedup();
    for month in months {
        roll_up_month(conn, &month)?;
    }
    Ok(deleted)
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

/// The visitors each of `values` of `kind` had over days `from` to `to` (YYYY-MM-DD, both
/// included): the sum of its days', read as the report reads its lists, in one pass.
pub fn visitors_of(
    conn: &Connection,
    kind: &str,
    values: &[&str],
    from: &str,
    to: &str,
) -> Result<std::collections::HashMap<String, i64>, StoreError> {
    if values.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let spans = Spans::new(from, to);
    // A list of strings always serializes.
    let values = serde_json::to_string(values).unwrap_or_else(|_| "[]".into());
    Ok(conn
        .prepare_cached(&format!(
            "SELECT value, sum(visitors) FROM ({})
             WHERE value IN (SELECT value FROM json_each(?8)) GROUP BY value",
            spanned("visit", "visitors")
        ))?
        .query_map(&*spans.params(&kind, &[&values]), |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?
        .collect::<Result<_, _>>()?)
}

/// The most lines a report's list holds.
pub const TOP: i64 = 10;

/// A period's totals from the roll-ups, days `from` to `to` (YYYY-MM-DD, both included).
pub fn totals(conn: &Connection, from: &str, to: &str) -> Result<Totals, StoreError> {
    let spans = Spans::new(from, to);
    let sum = |kind: &str| -> Result<(i64, i64), StoreError> {
        Ok(conn
            .prepare_cached(&format!(
                "SELECT coalesce(sum(views), 0), coalesce(sum(visitors), 0) FROM ({})",
                spanned("visit", "views, visitors")
            ))?
            .query_row(&*spans.params(&kind, &[]), |row| {
                Ok((row.get(0)?, row.get(1)?))
            })?)
    };
    let (views, visitors) = sum("all")?;
    let (visits, _) = sum("entry")?;
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
    let spans = Spans::new(from, to);
    Ok(conn
        .prepare_cached(&format!(
            "SELECT t.value, t.views, t.visitors,
                    CASE WHEN ?1 = 'story'
                         THEN coalesce((SELECT title FROM blogs WHERE slug = t.value), t.value)
                    END
             FROM (SELECT value, sum(views) AS views, sum(visitors) AS visitors
                   FROM ({})
                   GROUP BY value ORDER BY views DESC, value LIMIT ?8) t
             ORDER BY t.views DESC, t.value",
            spanned("visit", "views, visitors")
        ))?
        .query_map(&*spans.params(&kind, &[&TOP]), |row| {
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
    use crate::domain::analytics::visit::{Device, Hit};
    use crate::store::analytics::roll_ups::fixtures::{DAYS, PERIODS};
    use crate::store::migrated;

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
        let conn = migrated();
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

    /// The day-level answers, read from `visit_days` alone.
    fn day_level(conn: &Connection, kind: &str, from: &str, to: &str) -> Vec<(String, i64, i64)> {
        conn.prepare(
            "SELECT value, sum(views) AS v, sum(visitors) FROM visit_days
             WHERE kind = ?1 AND day BETWEEN ?2 AND ?3 GROUP BY value ORDER BY v DESC, value LIMIT 10",
        )
        .expect("prepare")
        .query_map([kind, from, to], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
    }

    #[test]
    fn month_roll_ups_sum_their_days_and_reports_over_partial_months_equal_the_days() {
        let conn = migrated();
        let mut views = Vec::new();
        for (i, day) in DAYS.iter().enumerate() {
            let at = 1_788_000_000 + i as i64 * 86_400;
            for n in 0..(i as i64 + 3) {
                let path = ["/", "/contact", "/blogs/detail/a", "/blogs/detail/b"][n as usize % 4];
                views.push(view(
                    at + n,
                    day,
                    n % 3,
                    path,
                    n % 2 == 0,
                    (n % 3 == 0).then_some("c"),
                ));
            }
        }
        write(&conn, &views, None).expect("write");
        assert_eq!(roll_up(&conn, None).expect("roll up"), DAYS.len());

        // Each month's row is the sum of its days' rows, kind by kind and value by value.
        let mismatched: i64 = conn
            .query_row(
                "SELECT count(*) FROM (
                   SELECT substr(day, 1, 7) AS month, kind, value, sum(views) AS v, sum(visitors) AS u
                   FROM visit_days GROUP BY 1, 2, 3) d
                 FULL JOIN visit_months m USING (month, kind, value)
                 WHERE m.views IS NOT d.v OR m.visitors IS NOT d.u",
                [],
                |r| r.get(0),
            )
            .expect("compare");
        assert_eq!(mismatched, 0);
        let months: i64 = conn
            .query_row("SELECT count(DISTINCT month) FROM visit_months", [], |r| {
                r.get(0)
            })
            .expect("count");
        assert_eq!(months, 4);

        // More views of a day roll its month up again.
        write(
            &conn,
            &[view(1_788_100_000, "2026-09-15", 7, "/", true, None)],
            None,
        )
        .expect("write");
        roll_up(&conn, Some(1_788_100_000)).expect("roll up");
        let september: (i64, i64) = conn
            .query_row(
                "SELECT views, visitors FROM visit_months WHERE kind = 'all' AND month = '2026-09'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .expect("september");
        assert_eq!(september, (4 + 5 + 1 + 6, 3 + 3 + 1 + 3));

        for (from, to) in PERIODS {
            for kind in [
                "page", "story", "referrer", "source", "campaign", "entry", "device",
            ] {
                let lines: Vec<(String, i64, i64)> = top(&conn, kind, from, to)
                    .expect("top")
                    .into_iter()
                    .map(|line| (line.value, line.views, line.visitors))
                    .collect();
                assert_eq!(
                    lines,
                    day_level(&conn, kind, from, to),
                    "{kind} {from}..{to}"
                );
            }
            let all = day_level(&conn, "all", from, to);
            let entries: i64 = conn
                .query_row(
                    "SELECT coalesce(sum(views), 0) FROM visit_days
                         WHERE kind = 'entry' AND day BETWEEN ?1 AND ?2",
                    [from, to],
                    |r| r.get(0),
                )
                .expect("entries");
            let expected = Totals {
                views: all.first().map_or(0, |row| row.1),
                visitors: all.first().map_or(0, |row| row.2),
                visits: entries,
            };
            assert_eq!(
                totals(&conn, from, to).expect("totals"),
                expected,
                "{from}..{to}"
            );
        }
        assert!(
            totals(&conn, "2026-08-01", "2026-11-30")
                .expect("totals")
                .views
                > 0
        );
    }

    fn other(conn: &Connection, kind: &str, day: &str) -> Option<(i64, i64)> {
        conn.query_row(
            "SELECT views, visitors FROM visit_days WHERE kind = ?1 AND day = ?2 AND value = 'other'",
            [kind, day],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .expect("other")
    }

    #[test]
    fn a_days_roll_up_keeps_the_bound_of_values_and_counts_the_rest_as_other() {
        let conn = migrated();
        let d1 = 1_795_651_200; // 2026-11-26T00:00:00Z
                                // Views written without the counter's bound (as an older version wrote them): one
                                // campaign a view, the first two values seen twice.
        let n = MAX_DAY_VALUES as i64 + 50;
        let mut views: Vec<View> = (0..n)
            .map(|i| {
                view(
                    d1 + i,
                    "2026-11-26",
                    i,
                    "/",
                    true,
                    Some(&format!("c{i:03}")),
                )
            })
            .collect();
        views.extend((0..2).map(|i| {
            view(
                d1 + n + i,
                "2026-11-26",
                1000 + i,
                "/",
                true,
                Some(&format!("c{i:03}")),
            )
        }));
        write(&conn, &views, None).expect("write");
        roll_up(&conn, None).expect("roll up");
        let campaigns = days(&conn, "campaign");
        assert_eq!(campaigns.len(), MAX_DAY_VALUES + 1, "the bound, and other");
        assert!(campaigns.contains(&("2026-11-26".into(), "c000".into(), 2, 2)));
        assert_eq!(other(&conn, "campaign", "2026-11-26"), Some((50, 50)));
        let total: i64 = campaigns.iter().map(|row| row.2).sum();
        assert_eq!(total, n + 2, "every view still counted");
        let month: i64 = conn
            .query_row(
                "SELECT count(*) FROM visit_months WHERE kind = 'campaign'",
                [],
                |r| r.get(0),
            )
            .expect("month");
        assert_eq!(month, MAX_DAY_VALUES as i64 + 1);
    }

    #[test]
    fn past_the_kept_days_the_roll_ups_hold_the_bound_too() {
        let conn = migrated();
        // A day's roll-ups from before the bound, its views long deleted: every referrer a row.
        let n = MAX_DAY_VALUES as i64 + 30;
        for i in 0..n {
            conn.execute(
                "INSERT INTO visit_days (day, kind, value, views, visitors) VALUES ('2026-09-01', 'referrer', ?1, ?2, 1)",
                params![format!("https://r{i:03}.example"), if i < 5 { 9 } else { 1 }],
            )
            .expect("insert");
        }
        conn.execute(
            "INSERT INTO visit_days (day, kind, value, views, visitors) VALUES ('2026-11-20', 'referrer', 'https://late.example', 1, 1)",
            [],
        )
        .expect("insert");
        // Days within the kept ones are left as they are; the older day is cut to the bound.
        delete_before(&conn, "2026-10-27").expect("retention");
        let referrers = days(&conn, "referrer");
        let old: Vec<_> = referrers.iter().filter(|r| r.0 == "2026-09-01").collect();
        assert_eq!(old.len(), MAX_DAY_VALUES + 1);
        assert_eq!(
            other(&conn, "referrer", "2026-09-01"),
            Some((30, 30)),
            "the least viewed counted as other"
        );
        assert!(old
            .iter()
            .any(|r| r.1 == "https://r000.example" && r.2 == 9));
        assert_eq!(old.iter().map(|r| r.2).sum::<i64>(), 5 * 9 + (n - 5));
        assert!(referrers.iter().any(|r| r.0 == "2026-11-20"));
        let september: i64 = conn
            .query_row(
                "SELECT count(*) FROM visit_months WHERE kind = 'referrer' AND month = '2026-09'",
                [],
                |r| r.get(0),
            )
            .expect("month");
        assert_eq!(
            september,
            MAX_DAY_VALUES as i64 + 1,
            "its month summed again"
        );
        // A second pass finds nothing more to do.
        delete_before(&conn, "2026-10-27").expect("retention");
        assert_eq!(days(&conn, "referrer"), referrers);
    }

    #[test]
    fn only_the_days_salt_is_kept() {
        let conn = migrated();
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
