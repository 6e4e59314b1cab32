//! Times as the site writes them for machines, and reads them back as strictly: days as
//! `YYYY-MM-DD` and instants in RFC 3339 (`2026-11-23T18:00:00Z`). jiff is the one time
//! crate; the office's own clock is `office_time`'s.
//!
//! jiff's own parsers take more (a time without seconds, a zone's name, a sign before the
//! year); these take only what the forms, the command line and the file names ask for.

use std::str::FromStr;

use jiff::civil::{Date, Time};
use jiff::tz::Offset;
use jiff::Timestamp;

/// Today's date in UTC (a post's date when the file sets none).
pub fn today() -> Date {
    Offset::UTC.to_datetime(Timestamp::now()).date()
}

/// A day written YYYY-MM-DD (the inbox's and the audit log's date filters, a post's date,
/// `--since`): four digits of year, two of month and two of day, and nothing more.
pub fn parse_day(text: &str) -> Option<Date> {
    let mut parts = text.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return None;
    }
    Date::new(digits(year)?, digits(month)?, digits(day)?).ok()
}

/// An instant in RFC 3339: `2026-11-23T18:00:00Z`, `2026-11-23 23:30:00.5+05:30`. The date,
/// any one character (the RFC lets a space stand for the `T`), the time to the second with
/// any fraction (digits below a nanosecond are dropped), then `Z` or an offset in hours and
/// minutes. A leap second (`23:59:60Z`, only at the end of a month) is read as the last
/// nanosecond before it.
pub fn parse_rfc3339(text: &str) -> Option<Timestamp> {
    let day = parse_day(text.get(..10)?)?;
    let clock = text.get(11..)?;
    if clock.get(2..3)? != ":" || clock.get(5..6)? != ":" {
        return None;
    }
    let hour: i8 = digits(clock.get(..2)?)?;
    let minute: i8 = digits(clock.get(3..5)?)?;
    let second: i8 = digits(clock.get(6..8)?)?;
    let mut rest = clock.get(8..)?;
    let mut nanosecond = 0;
    if let Some(fraction) = rest.strip_prefix('.') {
        let length = fraction.bytes().take_while(u8::is_ascii_digit).count();
        let kept = fraction.get(..length.min(9))?;
        nanosecond = digits::<i32>(kept)? * 10_i32.pow(9 - kept.len() as u32);
        rest = fraction.get(length..)?;
    }
    let offset_seconds = match rest {
        "Z" | "z" => 0,
        _ => {
            let sign = match rest.get(..1)? {
                "+" => 1,
                "-" => -1,
                _ => return None,
            };
            if rest.len() != 6 || rest.get(3..4)? != ":" {
                return None;
            }
            let hours: i32 = digits(rest.get(1..3)?)?;
            let minutes: i32 = digits(rest.get(4..6)?)?;
            if hours > 23 || minutes > 59 {
                return None;
            }
            sign * (hours * 3600 + minutes * 60)
        }
    };
    let leap = second == 60;
    let time = if leap {
        Time::new(hour, minute, 59, 999_999_999)
    } else {
        Time::new(hour, minute, second, nanosecond)
    }
    .ok()?;
    let at = Offset::from_seconds(offset_seconds)
        .ok()?
        .to_timestamp(day.to_datetime(time))
        .ok()?;
    if leap {
        let utc = Offset::UTC.to_datetime(at);
        let last_second = Time::new(23, 59, 59, 999_999_999).ok()?;
        if utc.time() != last_second || utc.date() != utc.date().last_of_month() {
            return None;
        }
    }
    Some(at)
}

/// ASCII digits, and nothing else (no sign, no space), as a number.
fn digits<N: FromStr>(text: &str) -> Option<N> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_four_two_and_two_digits_of_a_real_date() {
        let cases: &[(&str, Option<&str>)] = &[
            ("2025-04-01", Some("2025-04-01")),
            ("2024-02-29", Some("2024-02-29")),
            ("0000-01-01", Some("0000-01-01")),
            ("2025-02-29", None),
            ("2025-13-01", None),
            ("2025-00-10", None),
            ("2025-4-1", None),
            ("+2025-04-01", None),
            ("-0001-04-01", None),
            ("2025-04-01T00:00:00Z", None),
            ("2025-04-01 ", None),
            ("20250401", None),
            ("01/04/2025", None),
            ("", None),
        ];
        for (text, day) in cases {
            assert_eq!(
                parse_day(text).map(|d| d.to_string()).as_deref(),
                *day,
                "{text}"
            );
        }
    }

    #[test]
    fn an_instant_is_read_as_rfc_3339_writes_it_and_no_looser() {
        let cases: &[(&str, Option<&str>)] = &[
            ("2026-11-23T18:00:00Z", Some("2026-11-23T18:00:00Z")),
            ("2026-11-23t18:00:00z", Some("2026-11-23T18:00:00Z")),
            ("2026-11-23 18:00:00Z", Some("2026-11-23T18:00:00Z")),
            ("2026-11-23T23:30:00+05:30", Some("2026-11-23T18:00:00Z")),
            ("2026-11-23T13:00:00-05:00", Some("2026-11-23T18:00:00Z")),
            ("2026-11-23T18:00:00.5Z", Some("2026-11-23T18:00:00.5Z")),
            ("2026-11-23T18:00:00.000Z", Some("2026-11-23T18:00:00Z")),
            (
                "2026-11-23T18:00:00.1234567891Z",
                Some("2026-11-23T18:00:00.123456789Z"),
            ),
            (
                "2016-12-31T23:59:60Z",
                Some("2016-12-31T23:59:59.999999999Z"),
            ),
            (
                "2017-01-01T05:29:60+05:30",
                Some("2016-12-31T23:59:59.999999999Z"),
            ),
            ("2016-12-30T23:59:60Z", None),
            ("2016-12-31T23:58:60Z", None),
            ("2026-11-23T18:00Z", None),
            ("2026-11-23T18:00:00", None),
            ("2026-11-23T18:00:00.Z", None),
            ("2026-11-23T18:00:00+0530", None),
            ("2026-11-23T18:00:00+24:00", None),
            ("2026-11-23T18:00:00+05:60", None),
            ("2026-11-23T18:00:00+05:30:00", None),
            ("2026-11-23T18:00:00Z[UTC]", None),
            ("2026-11-23T24:00:00Z", None),
            ("2026-11-23T18:60:00Z", None),
            ("2026-11-23T18:00:61Z", None),
            ("+2026-11-23T18:00:00Z", None),
            ("2026-11-23", None),
            ("2026-11-23T18:00:00Z ", None),
            ("2026-11-23T\u{e9}8:00:00Z", None),
        ];
        for (text, utc) in cases {
            assert_eq!(
                parse_rfc3339(text).map(|at| at.to_string()).as_deref(),
                *utc,
                "{text}"
            );
        }
    }
}
