//! Reading a roll-up kept per office day and per calendar month over a period of days: the
//! visits' (`visit_days`, `visit_months`) and the leads' (`lead_days`, `lead_months`). A period
//! reads its whole months from the month table and only the days of its partial first and
//! last months from the day table, so a year reads about twelve rows per value, not 365.

use rusqlite::ToSql;

/// A period split for reading: its days before its first whole month and after its last
/// (two ranges of days, empty as `("1", "0")`), and its whole months (a range of months).
pub struct Spans {
    head: (String, String),
    tail: (String, String),
    months: (String, String),
}

fn none() -> (String, String) {
    ("1".into(), "0".into())
}

impl Spans {
    /// Days `from` to `to` (YYYY-MM-DD, both included); dates that do not parse are read as
    /// days only.
    pub fn new(from: &str, to: &str) -> Spans {
        let all_days = || Spans {
            head: (from.into(), to.into()),
            tail: none(),
            months: none(),
        };
        let (Ok(start), Ok(end)) = (
            from.parse::<jiff::civil::Date>(),
            to.parse::<jiff::civil::Date>(),
        ) else {
            return all_days();
        };
        let first = if start.day() == 1 {
            start
        } else {
            start.last_of_month().tomorrow().unwrap_or(start)
        };
        let last = if end == end.last_of_month() {
            end
        } else {
            end.first_of_month().yesterday().unwrap_or(end)
        };
        if first > last || start > end {
            return all_days();
        }
        let month = |date: jiff::civil::Date| date.to_string()[..7].to_owned();
        let before = |date: jiff::civil::Date| date.yesterday().map(|d| d.to_string());
        let after = |date: jiff::civil::Date| date.tomorrow().map(|d| d.to_string());
        Spans {
            head: match before(first) {
                Ok(day) if start < first => (from.into(), day),
                _ => none(),
            },
            tail: match after(last) {
                Ok(day) if last < end => (day, to.into()),
                _ => none(),
            },
            months: (month(first), month(last)),
        }
    }

    /// The parameters of a `spanned` query: ?1 the `kind` read, ?2 to ?7 the spans, then
    /// `more` from ?8 on.
    pub fn params<'a>(&'a self, kind: &'a &str, more: &[&'a dyn ToSql]) -> Vec<&'a dyn ToSql> {
        let spans: [&'a dyn ToSql; 7] = [
            kind,
            &self.head.0,
            &self.head.1,
            &self.tail.0,
            &self.tail.1,
            &self.months.0,
            &self.months.1,
        ];
        spans.into_iter().chain(more.iter().copied()).collect()
    }
}

/// The rows of one kind of the roll-up `table` (`visit` or `lead`: its `_days` and `_months`)
/// over a period, from its whole months and its edge days, as a subquery of `value` and
/// `columns` (`views, visitors` or `leads`) to bind with `Spans::params`.
pub fn spanned(table: &str, columns: &str) -> String {
    format!(
        "SELECT value, {columns} FROM {table}_days WHERE kind = ?1 AND day BETWEEN ?2 AND ?3
         UNION ALL
         SELECT value, {columns} FROM {table}_days WHERE kind = ?1 AND day BETWEEN ?4 AND ?5
         UNION ALL
         SELECT value, {columns} FROM {table}_months WHERE kind = ?1 AND month BETWEEN ?6 AND ?7"
    )
}

/// Days on either side of month edges, and periods over them: whole months, partial edges on
/// either side, a single partial month, one day. The readers of each roll-up are tested on
/// these against their day-level answers.
#[cfg(test)]
pub(crate) mod fixtures {
    pub const DAYS: [&str; 9] = [
        "2026-08-31",
        "2026-09-01",
        "2026-09-15",
        "2026-09-30",
        "2026-10-01",
        "2026-10-02",
        "2026-10-31",
        "2026-11-01",
        "2026-11-20",
    ];

    pub const PERIODS: [(&str, &str); 9] = [
        ("2026-08-01", "2026-11-30"),
        ("2026-08-31", "2026-11-01"),
        ("2026-09-01", "2026-10-31"),
        ("2026-09-02", "2026-10-31"),
        ("2026-09-01", "2026-10-30"),
        ("2026-09-15", "2026-09-30"),
        ("2026-09-15", "2026-10-02"),
        ("2026-10-01", "2026-10-01"),
        ("2026-11-02", "2026-11-19"),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(from: &str, to: &str) -> [(String, String); 3] {
        let spans = Spans::new(from, to);
        [spans.head, spans.months, spans.tail]
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.into(), b.into())
    }

    #[test]
    fn a_period_splits_into_whole_months_and_its_edge_days() {
        assert_eq!(
            split("2025-11-28", "2026-11-27"),
            [
                pair("2025-11-28", "2025-11-30"),
                pair("2025-12", "2026-10"),
                pair("2026-11-01", "2026-11-27")
            ]
        );
        assert_eq!(
            split("2026-02-01", "2026-02-28"),
            [none(), pair("2026-02", "2026-02"), none()]
        );
        // Within one month, or not dates: days only.
        for (from, to) in [("2026-09-02", "2026-09-30"), ("x", "2026-09-30")] {
            assert_eq!(split(from, to), [pair(from, to), none(), none()]);
        }
    }
}
