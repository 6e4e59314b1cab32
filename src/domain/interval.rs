//! How often something recurring happens, as the command line writes it: a whole number and
//! one unit (`3600s`, `90m`, `24h`, `7d`), or `off` (or `0`) for never.

use std::str::FromStr;
use std::time::Duration;

/// The longest interval taken: a backup a year apart is already no schedule.
const MAX_SECONDS: u64 = 366 * 24 * 3600;

/// An interval, or none (`off`): a `Some` is never zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval(Option<Duration>);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntervalError {
    #[error("{0:?} is not an interval: write a whole number and a unit (s, m, h or d), e.g. 24h or 90m, or off")]
    Malformed(String),
    #[error("{0:?} has no unit: write e.g. {0}h or {0}m (only 0 goes without one, meaning off)")]
    NoUnit(String),
    #[error("{0:?} is longer than a year")]
    TooLong(String),
}

impl Interval {
    pub const OFF: Interval = Interval(None);

    pub fn every(duration: Duration) -> Interval {
        Interval(Some(duration).filter(|d| !d.is_zero()))
    }

    pub fn parse(text: &str) -> Result<Interval, IntervalError> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("off") || trimmed == "0" {
            return Ok(Interval::OFF);
        }
        let duration = parse_duration(text)?;
        if duration.as_secs() > MAX_SECONDS {
            return Err(IntervalError::TooLong(text.to_owned()));
        }
        Ok(Interval::every(duration))
    }

    /// The interval; `None` when off.
    pub fn duration(self) -> Option<Duration> {
        self.0
    }
}

/// A span of time written as a whole number and one unit (`3600s`, `90m`, `24h`, `30d`),
/// with no upper bound (`--acme-renew-within` may exceed a year).
pub fn parse_duration(text: &str) -> Result<Duration, IntervalError> {
    let trimmed = text.trim();
    let malformed = || IntervalError::Malformed(text.to_owned());
    let digits_end = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits_end);
    if number.is_empty() {
        return Err(malformed());
    }
    if unit.is_empty() {
        return Err(IntervalError::NoUnit(text.to_owned()));
    }
    let scale: u64 = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 24 * 3600,
        _ => return Err(malformed()),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .map(Duration::from_secs)
        .ok_or_else(|| IntervalError::TooLong(text.to_owned()))
}

impl FromStr for Interval {
    type Err = IntervalError;

    fn from_str(text: &str) -> Result<Interval, IntervalError> {
        Interval::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_are_a_whole_number_and_one_unit_or_off() {
        let hours = |h: u64| Some(Duration::from_secs(h * 3600));
        let cases: &[(&str, Option<Duration>)] = &[
            ("24h", hours(24)),
            ("90m", Some(Duration::from_secs(90 * 60))),
            ("3600s", hours(1)),
            ("7d", hours(7 * 24)),
            ("1s", Some(Duration::from_secs(1))),
            (" 12h ", hours(12)),
            ("366d", hours(366 * 24)),
            ("off", None),
            ("OFF", None),
            ("0", None),
            ("0h", None),
        ];
        for (text, expected) in cases {
            assert_eq!(
                Interval::parse(text).map(Interval::duration),
                Ok(*expected),
                "{text:?}"
            );
        }
    }

    #[test]
    fn anything_else_is_refused_with_what_to_write() {
        let cases: &[(&str, &str)] = &[
            ("24", "has no unit"),
            ("", "is not an interval"),
            ("h", "is not an interval"),
            ("24 h", "is not an interval"),
            ("1h30m", "is not an interval"),
            ("1.5h", "is not an interval"),
            ("-1h", "is not an interval"),
            ("24H", "is not an interval"),
            ("2w", "is not an interval"),
            ("never", "is not an interval"),
            ("367d", "longer than a year"),
            ("99999999999999999999s", "longer than a year"),
            ("999999999999999999d", "longer than a year"),
        ];
        for (text, message) in cases {
            let err = Interval::parse(text).expect_err(text);
            assert!(err.to_string().contains(message), "{text:?}: {err}");
        }
    }
}
