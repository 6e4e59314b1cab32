//! The period a report covers: office days asked for by the query (the last 30 by default,
//! two years at most) and the period of the same length before it, for the change.

use crate::domain::fields::FieldErrors;

/// The longest period a report covers: two years of days.
pub const MAX_REPORT_DAYS: i64 = 731;
/// The period a report covers when none is asked for: the last 30 days, today included.
pub const DEFAULT_REPORT_DAYS: i64 = 30;

/// The office days a report covers (`from` to `to`, both included) and the period of the
/// same length just before it, for the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRange {
    pub from: jiff::civil::Date,
    pub to: jiff::civil::Date,
    pub previous_from: jiff::civil::Date,
    pub previous_to: jiff::civil::Date,
}

impl ReportRange {
    /// From the query's `from` and `to` (YYYY-MM-DD, each optional: the last 30 days to
    /// `today`); every problem named under its field.
    pub fn parse(
        from: Option<&str>,
        to: Option<&str>,
        today: jiff::civil::Date,
    ) -> Result<ReportRange, FieldErrors> {
        let mut errors = FieldErrors::default();
        let mut date = |field: &str, text: Option<&str>| match text.map(str::trim) {
            None | Some("") => None,
            Some(text) => match text.parse::<jiff::civil::Date>() {
                Ok(date) if text.len() == 10 => Some(date),
                _ => {
                    errors.note(field, "Give a date as YYYY-MM-DD.");
                    None
                }
            },
        };
        let to_day = date("to", to);
        let from_day = date("from", from);
        if !errors.is_empty() {
            return Err(errors);
        }
        let to = to_day.unwrap_or(today);
        let from = from_day.unwrap_or_else(|| {
            to.checked_sub(jiff::Span::new().days(DEFAULT_REPORT_DAYS - 1))
                .unwrap_or(to)
        });
        if from > to {
            errors.note("from", "The first day comes after the last.");
            return Err(errors);
        }
        let days = i64::from((to - from).get_days()) + 1;
        if days > MAX_REPORT_DAYS {
            errors.note(
                "from",
                format!("A report covers {MAX_REPORT_DAYS} days at most."),
            );
            return Err(errors);
        }
        let previous_to = from.yesterday().unwrap_or(from);
        let previous_from = previous_to
            .checked_sub(jiff::Span::new().days(days - 1))
            .unwrap_or(previous_to);
        Ok(ReportRange {
            from,
            to,
            previous_from,
            previous_to,
        })
    }

    /// Every day of the period, in order.
    pub fn days(&self) -> Vec<jiff::civil::Date> {
        let mut days = Vec::new();
        let mut day = self.from;
        while day <= self.to {
            days.push(day);
            match day.tomorrow() {
                Ok(next) => day = next,
                Err(_) => break,
            }
        }
        days
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_covers_the_last_30_days_and_compares_with_the_30_before() {
        let today: jiff::civil::Date = "2026-11-26".parse().expect("date");
        let range = ReportRange::parse(None, None, today).expect("range");
        assert_eq!(range.from.to_string(), "2026-10-28");
        assert_eq!(range.to, today);
        assert_eq!(range.previous_to.to_string(), "2026-10-27");
        assert_eq!(range.previous_from.to_string(), "2026-09-28");
        assert_eq!(range.days().len(), 30);
        let one =
            ReportRange::parse(Some("2026-11-01"), Some("2026-11-01"), today).expect("one day");
        assert_eq!(
            (one.previous_from.to_string(), one.previous_to.to_string()),
            ("2026-10-31".into(), "2026-10-31".into())
        );
    }

    #[test]
    fn a_bad_report_range_names_its_field() {
        let today: jiff::civil::Date = "2026-11-26".parse().expect("date");
        for (from, to, field) in [
            (Some("26/11/2026"), None, "from"),
            (None, Some("2026-13-01"), "to"),
            (Some("2026-11-27"), Some("2026-11-26"), "from"),
            (Some("2020-01-01"), None, "from"),
            (Some("2026-1-1"), None, "from"),
        ] {
            let errors = ReportRange::parse(from, to, today).expect_err("refused");
            assert!(
                errors.clone().into_map().contains_key(field),
                "{from:?} {to:?}: {errors:?}"
            );
        }
    }
}
