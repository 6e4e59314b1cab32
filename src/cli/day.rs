//! A calendar day given on the command line (`--since 2025-04-01`).

use std::str::FromStr;

/// A valid `YYYY-MM-DD` date. It compares with the stored UTC timestamps as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Day(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a date: write it as YYYY-MM-DD, e.g. 2025-04-01")]
pub struct DayError(String);

impl FromStr for Day {
    type Err = DayError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || DayError(text.to_owned());
        let bytes = text.as_bytes();
        let shaped = bytes.len() == 10
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes
                .iter()
                .enumerate()
                .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
        if !shaped {
            return Err(error());
        }
        let number =
            |range: std::ops::Range<usize>| text[range].parse::<u32>().map_err(|_| error());
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(error()),
        };
        if !(1..=days_in_month).contains(&day) {
            return Err(error());
        }
        Ok(Day(text.to_owned()))
    }
}

impl AsRef<str> for Day {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_calendar_days_in_iso_form_are_taken() {
        let cases: &[(&str, bool)] = &[
            ("2025-04-01", true),
            ("2024-02-29", true),
            ("2000-02-29", true),
            ("2025-12-31", true),
            ("2025-02-29", false),
            ("1900-02-29", false),
            ("2025-04-31", false),
            ("2025-13-01", false),
            ("2025-00-10", false),
            ("2025-01-00", false),
            ("2025-4-1", false),
            ("01-04-2025", false),
            ("2025/04/01", false),
            ("2025-04-01T00:00", false),
            ("", false),
            ("２０２５-04-01", false),
        ];
        for (text, valid) in cases {
            assert_eq!(text.parse::<Day>().is_ok(), *valid, "{text}");
        }
    }
}
