//! The forms' posts refused for want of a valid proof of work, per office day
//! (`form_refusal_days`, `V23__form_refusal_days.sql`), beside the posts accepted (the day's
//! leads, `lead_days`), and the solving times of the leads that passed: the analytics
//! report's spam share and p95 solving time. The server counts refusals in memory
//! (`counter::Visits::refuse_post`) and its visits thread adds them here (`add`).

use rusqlite::{params, Connection};
use serde::Serialize;

use crate::store::StoreError;

/// One day's form posts: refused by the proof of work, and accepted (leads that arrived).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FormPostDay"))]
pub struct PostDay {
    pub day: String,
    pub refused: i64,
    pub accepted: i64,
}

/// Adds `refused` posts to each office day's count.
pub fn add(conn: &Connection, refused: &[(String, u64)]) -> Result<(), StoreError> {
    let mut upsert = conn.prepare_cached(
        "INSERT INTO form_refusal_days (day, refused) VALUES (?1, ?2)
         ON CONFLICT (day) DO UPDATE SET refused = refused + excluded.refused",
    )?;
    for (day, count) in refused.iter().filter(|(_, count)| *count > 0) {
        upsert.execute(params![day, i64::try_from(*count).unwrap_or(i64::MAX)])?;
    }
    Ok(())
}

/// The days `from` to `to` (YYYY-MM-DD, both included) with a refused or an accepted post,
/// in order; a day with neither is left out.
pub fn per_day(conn: &Connection, from: &str, to: &str) -> Result<Vec<PostDay>, StoreError> {
    let rows = conn
        .prepare_cached(
            "SELECT day, sum(refused), sum(accepted) FROM (
                 SELECT day, refused, 0 AS accepted FROM form_refusal_days
                 WHERE day BETWEEN ?1 AND ?2
                 UNION ALL
                 SELECT day, 0, leads FROM lead_days
                 WHERE kind = 'all' AND day BETWEEN ?1 AND ?2)
             GROUP BY day ORDER BY day",
        )?
        .query_map([from, to], |row| {
            Ok(PostDay {
                day: row.get(0)?,
                refused: row.get(1)?,
                accepted: row.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The solving times, in milliseconds and in order, of the leads that passed the proof and
/// arrived on days `from` to `to` (each lead's office day, as its source records it).
pub fn solve_times(conn: &Connection, from: &str, to: &str) -> Result<Vec<i64>, StoreError> {
    let times = conn
        .prepare_cached(
            "SELECT coalesce(e.proof_ms, a.proof_ms) AS ms FROM lead_sources l
             LEFT JOIN enquiries e ON e.id = l.lead_id AND e.proof = 'passed'
             LEFT JOIN applicants a ON a.id = l.lead_id AND a.proof = 'passed'
             WHERE l.day BETWEEN ?1 AND ?2 AND ms IS NOT NULL
             ORDER BY ms",
        )?
        .query_map([from, to], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(times)
}

/// The 95th percentile of `sorted` (in order), by nearest rank: the smallest value at least
/// 95 % of them do not exceed; `None` for none.
pub fn p95(sorted: &[i64]) -> Option<i64> {
    let rank = (sorted.len() * 95).div_ceil(100);
    sorted.get(rank.checked_sub(1)?).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::analytics::lead_source::LeadSource;
    use crate::store::analytics::lead_sources;

    /// A contact lead that arrived on `day` and solved its proof in `ms` (None: a lead from
    /// before the proof).
    fn lead(conn: &Connection, id: &str, day: &str, ms: Option<i64>) {
        conn.execute(
            "INSERT INTO enquiries (id, kind, created_at, name, email, email_folded, mobile,
                 requirment, department_website, service, proof, proof_ms)
             VALUES (?1, 'contact', ?2, '', 'a@example.com', 'a@example.com', '', '', '', '',
                 ?3, ?4)",
            params![id, format!("{day}T06:00:00Z"), ms.map(|_| "passed"), ms],
        )
        .expect("a lead");
        lead_sources::record(conn, id, "contact", &LeadSource::default()).expect("its source");
        conn.execute(
            "UPDATE lead_sources SET day = ?2 WHERE lead_id = ?1",
            params![id, day],
        )
        .expect("its day");
    }

    #[test]
    fn refusals_add_up_per_day_beside_the_days_leads() {
        let conn = crate::store::migrated();
        add(&conn, &[("2026-11-02".into(), 3), ("2026-11-03".into(), 1)]).expect("add");
        add(&conn, &[("2026-11-03".into(), 4), ("2026-11-09".into(), 0)]).expect("add");
        add(&conn, &[("2026-10-31".into(), 9)]).expect("add");
        // Leads are counted by the roll-up's triggers as their sources are written, on the
        // day of writing: these are moved onto their days and counted anew.
        for (id, day) in [
            ("l1", "2026-11-03"),
            ("l2", "2026-11-03"),
            ("l3", "2026-11-05"),
        ] {
            lead(&conn, id, day, Some(100));
        }
        conn.execute_batch(
            "DELETE FROM lead_days;
             INSERT INTO lead_days (day, kind, value, leads)
             SELECT day, kind, value, count(*) FROM lead_values GROUP BY kind, day, value;",
        )
        .expect("recount");
        let day = |day: &str, refused, accepted| PostDay {
            day: day.into(),
            refused,
            accepted,
        };
        assert_eq!(
            per_day(&conn, "2026-11-01", "2026-11-30").expect("read"),
            vec![
                day("2026-11-02", 3, 0),
                day("2026-11-03", 5, 2),
                day("2026-11-05", 0, 1)
            ]
        );
        let rows: i64 = conn
            .query_row("SELECT count(*) FROM form_refusal_days", [], |row| {
                row.get(0)
            })
            .expect("count");
        assert_eq!(rows, 3, "one row a day, none for a day at 0");
    }

    #[test]
    fn the_p95_is_read_from_the_periods_passed_leads_only() {
        let conn = crate::store::migrated();
        for n in 1..=40 {
            lead(&conn, &format!("in{n}"), "2026-11-10", Some(n * 10));
        }
        lead(&conn, "before-the-proof", "2026-11-10", None);
        lead(&conn, "outside", "2026-11-20", Some(99_999));
        let times = solve_times(&conn, "2026-11-01", "2026-11-15").expect("read");
        assert_eq!(times.len(), 40);
        // 38 of the 40 (95 %) take 380 ms or less.
        assert_eq!(p95(&times), Some(380));
        assert_eq!(
            solve_times(&conn, "2026-11-20", "2026-11-20").expect("read"),
            vec![99_999]
        );
    }

    #[test]
    fn p95_by_nearest_rank() {
        assert_eq!(p95(&[]), None);
        assert_eq!(p95(&[7]), Some(7));
        let twenty: Vec<i64> = (1..=20).collect();
        assert_eq!(p95(&twenty), Some(19));
        let hundred_and_one: Vec<i64> = (1..=101).collect();
        assert_eq!(p95(&hundred_and_one), Some(96));
    }
}
