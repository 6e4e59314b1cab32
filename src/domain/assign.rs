//! Who has a lead and when to come back to it: the inbox's `assigned` and `due` filters, the
//! follow-up day a staff member sets, and when the morning digest is due.
//!
//! Days are the office's (`domain::office_time`): "today" and a follow-up's day are read on
//! the office's wall clock, never UTC's.

use jiff::civil::Date;
use jiff::Timestamp;

use super::fields::{FieldError, FieldErrors};
use super::office_time::OfficeZone;
use super::utc::parse_day;

/// The hour of the office's morning from which the digest goes out.
pub const DIGEST_HOUR: i8 = 8;

/// Whose leads a list shows (`assigned=me|none|ID`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assigned {
    /// The signed-in account's: `resolve` turns it into `Account`.
    Me,
    /// Nobody's.
    Nobody,
    /// One account's, by id.
    Account(i64),
}

pub const ASSIGNED_HELP: &str = "Choose me, none or an account's number.";

impl Assigned {
    pub fn parse(text: &str) -> Option<Assigned> {
        match text {
            "me" => Some(Assigned::Me),
            "none" => Some(Assigned::Nobody),
            id => id
                .parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .map(Assigned::Account),
        }
    }

    /// `Me` as the account asking.
    pub fn resolve(self, me: i64) -> Assigned {
        match self {
            Assigned::Me => Assigned::Account(me),
            other => other,
        }
    }
}

/// Which follow-ups a list shows (`due=today`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// Open leads whose day is the office's today or earlier: `resolve` sets the day.
    Today,
    /// Open leads whose day is this one or earlier.
    By(Date),
}

pub const DUE_HELP: &str = "Choose today.";

impl Due {
    pub fn parse(text: &str) -> Option<Due> {
        (text == "today").then_some(Due::Today)
    }

    /// `Today` as the office's `today`.
    pub fn resolve(self, today: Date) -> Due {
        match self {
            Due::Today => Due::By(today),
            other => other,
        }
    }
}

/// A follow-up day as a staff member sets it: `YYYY-MM-DD`, or empty (or none) to clear it.
pub fn parse_follow_up(text: Option<&str>) -> Result<Option<Date>, FieldErrors> {
    let text = text.map(str::trim).unwrap_or("");
    if text.is_empty() {
        return Ok(None);
    }
    match parse_day(text) {
        Some(day) if day.year() >= 2000 && day.year() <= 9999 => Ok(Some(day)),
        _ => {
            let mut errors = FieldErrors::default();
            errors.add(
                "follow_up",
                FieldError::Choice("Write the day as YYYY-MM-DD, such as 2026-12-01."),
            );
            Err(errors)
        }
    }
}

/// The office's day at `now`, `YYYY-MM-DD`.
pub fn office_day(now: Timestamp, zone: &OfficeZone) -> String {
    now.to_zoned(zone.time_zone().clone()).date().to_string()
}

/// The office's day at `now` when the morning digest is due then: from `DIGEST_HOUR` on (a
/// server that was down at 08:00 sends that day's digest when it is back); `None` before.
pub fn digest_due(now: Timestamp, zone: &OfficeZone) -> Option<String> {
    let local = now.to_zoned(zone.time_zone().clone());
    (local.hour() >= DIGEST_HOUR).then(|| local.date().to_string())
}

/// A day (`YYYY-MM-DD`) as people read it: `Thu 26 Nov 2026`; the text itself if it is not
/// a day.
pub fn day_for_people(day: &str) -> String {
    day.parse::<jiff::civil::Date>()
        .map(|date| date.strftime("%a %-d %b %Y").to_string())
        .unwrap_or_else(|_| day.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(utc: &str) -> Timestamp {
        utc.parse().expect("a time")
    }

    #[test]
    fn the_digest_is_due_from_eight_in_the_offices_morning() {
        let kolkata = OfficeZone::parse("Asia/Kolkata").expect("zone");
        // 02:29 UTC is 07:59 IST: not yet; 02:30 UTC is 08:00 IST.
        assert_eq!(digest_due(at("2026-11-26T02:29:59Z"), &kolkata), None);
        assert_eq!(
            digest_due(at("2026-11-26T02:30:00Z"), &kolkata).as_deref(),
            Some("2026-11-26")
        );
        // Late evening UTC is the next office day's small hours: not yet.
        assert_eq!(digest_due(at("2026-11-26T20:00:00Z"), &kolkata), None);
        let london = OfficeZone::parse("Europe/London").expect("zone");
        assert_eq!(digest_due(at("2026-11-26T07:59:00Z"), &london), None);
        assert_eq!(
            digest_due(at("2026-07-01T07:00:00Z"), &london).as_deref(),
            Some("2026-07-01"),
            "08:00 BST"
        );
        assert_eq!(
            office_day(at("2026-11-26T20:00:00Z"), &kolkata),
            "2026-11-27"
        );
        assert_eq!(day_for_people("2026-11-26"), "Thu 26 Nov 2026");
    }

    #[test]
    fn filters_and_follow_ups_parse_or_say_what_to_write() {
        assert_eq!(Assigned::parse("me"), Some(Assigned::Me));
        assert_eq!(Assigned::parse("none"), Some(Assigned::Nobody));
        assert_eq!(Assigned::parse("12"), Some(Assigned::Account(12)));
        assert_eq!(Assigned::parse("0"), None);
        assert_eq!(Assigned::parse("someone"), None);
        assert_eq!(Assigned::Me.resolve(7), Assigned::Account(7));
        assert_eq!(Due::parse("today"), Some(Due::Today));
        assert_eq!(Due::parse("tomorrow"), None);

        assert_eq!(parse_follow_up(None).expect("none"), None);
        assert_eq!(parse_follow_up(Some("  ")).expect("cleared"), None);
        assert_eq!(
            parse_follow_up(Some("2026-12-01"))
                .expect("a day")
                .map(|d| d.to_string()),
            Some("2026-12-01".to_owned())
        );
        for bad in ["2026-02-30", "tomorrow", "01/12/2026", "0999-01-01"] {
            let errors = parse_follow_up(Some(bad)).expect_err(bad);
            assert!(errors.into_map().contains_key("follow_up"), "{bad}");
        }
    }
}
