//! The retention rules (`retention_rules`, V32) and the leads past them: what the daily
//! erasure takes, and what `/metrics` counts.

use rusqlite::{params, Connection};

use crate::domain::inbox::InboxList;
use crate::domain::retention::{closing_statuses, Rule};
use crate::store::inbox;

/// Every list's rule, in `InboxList::ALL`'s order (months none: kept).
pub fn rules(conn: &Connection) -> rusqlite::Result<Vec<Rule>> {
    let mut stmt = conn.prepare_cached("SELECT months FROM retention_rules WHERE list = ?1")?;
    InboxList::ALL
        .into_iter()
        .map(|list| {
            let months = stmt
                .query_map([list.name()], |row| row.get::<_, u32>(0))?
                .next()
                .transpose()?;
            Ok(Rule { list, months })
        })
        .collect()
}

/// Sets every list's rule, as `by` set it.
pub fn set(conn: &Connection, rules: &[Rule], by: &str) -> rusqlite::Result<()> {
    for rule in rules {
        match rule.months {
            None => {
                conn.prepare_cached("DELETE FROM retention_rules WHERE list = ?1")?
                    .execute([rule.list.name()])?;
            }
            Some(months) => {
                conn.prepare_cached(
                    "INSERT INTO retention_rules (list, months, updated_by) VALUES (?1, ?2, ?3)
                     ON CONFLICT (list) DO UPDATE SET months = excluded.months,
                         updated_by = excluded.updated_by,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                     WHERE months <> excluded.months",
                )?
                .execute(params![rule.list.name(), months, by])?;
            }
        }
    }
    Ok(())
}

/// The SQL selecting the ids of `list`'s leads past a rule of `?1` months: their purpose
/// ended (`domain::retention::closing_statuses`, set at `status_at`; for a reader, also
/// unsubscribing, or a subscription never confirmed since it came) longer ago than that.
fn past_sql(list: InboxList) -> String {
    let (table, scope, _) = inbox::scope(list);
    let statuses = closing_statuses(list)
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let cutoff = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?1 || ' months')";
    let closed = format!("(e.status IN ({statuses}) AND e.status_at < {cutoff})");
    let ended = if list == InboxList::Subscribers {
        format!(
            "({closed} OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.enquiry_id = e.id AND (
                 (s.state = 'unsubscribed' AND s.unsubscribed_at < {cutoff})
                 OR (s.state = 'pending' AND e.created_at < {cutoff}))))"
        )
    } else {
        closed
    };
    format!("SELECT e.id FROM {table} e WHERE {scope} AND {ended}")
}

/// The ids of `list`'s leads past a rule of `months`.
pub fn past(conn: &Connection, list: InboxList, months: u32) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(&past_sql(list))?
        .query_map([months], |row| row.get(0))?
        .collect()
}

/// How many leads of every list are past their rule now (0 right after the daily erasure).
pub fn past_count(conn: &Connection) -> rusqlite::Result<u64> {
    let mut count = 0u64;
    for rule in rules(conn)? {
        if let Some(months) = rule.months {
            let n: i64 = conn
                .prepare_cached(&format!("SELECT count(*) FROM ({})", past_sql(rule.list)))?
                .query_row([months], |row| row.get(0))?;
            count += u64::try_from(n).unwrap_or(0);
        }
    }
    Ok(count)
}
