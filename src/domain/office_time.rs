//! The office's time zone, and times written for people in it.
//!
//! The store keeps every time in UTC (`2026-11-26T04:06:12.345Z`); people in the office read
//! their own clock. This is the one place that turns the first into the second, so exports,
//! lead mails, banners and the audit log all say `26 Nov 2026, 09:36 IST` the same way.
//!
//! The IANA database is bundled in the binary (jiff's `tzdb-bundle-always`), so a laptop
//! without `/usr/share/zoneinfo`, or offline, knows every zone the settings accept.
//!
//! ```
//! use corpsite::domain::office_time::OfficeZone;
//! let zone = OfficeZone::parse("Asia/Kolkata").unwrap();
//! assert_eq!(zone.for_people("2026-11-26T04:06:12.345Z").unwrap(), "26 Nov 2026, 09:36 IST");
//! ```

use jiff::tz::TimeZone;
use jiff::Timestamp;

/// The zone of the demo's office, and of details saved before the setting existed.
pub const DEFAULT_ZONE: &str = "Asia/Kolkata";

/// The longest zone name the settings take (the longest IANA name is 32 characters).
pub const ZONE_NAME_MAX: usize = 64;

/// A known IANA time zone, by the name it was chosen under.
#[derive(Debug, Clone)]
pub struct OfficeZone {
    name: String,
    zone: TimeZone,
}

/// A local wall-clock time: what a spreadsheet's date cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTime {
    pub year: i16,
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
    pub second: i8,
    pub millisecond: i16,
}

impl OfficeZone {
    /// A zone by its IANA name (`Asia/Kolkata`, `Europe/London`, `UTC`), or the sentence a
    /// settings form shows beside the field.
    pub fn parse(name: &str) -> Result<OfficeZone, String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("Enter the office's time zone, such as Asia/Kolkata.".into());
        }
        if name.len() > ZONE_NAME_MAX {
            return Err(format!("Use at most {ZONE_NAME_MAX} characters."));
        }
        match TimeZone::get(name) {
            Ok(zone) => Ok(OfficeZone {
                name: name.to_owned(),
                zone,
            }),
            Err(_) => Err(format!(
                "{name} is not a time zone this site knows: use an IANA name such as Asia/Kolkata or Europe/London."
            )),
        }
    }

    /// The demo office's zone.
    pub fn default_zone() -> OfficeZone {
        OfficeZone::parse(DEFAULT_ZONE).expect("the bundled database knows Asia/Kolkata")
    }

    /// The zone itself, for a day or an hour read on the office's clock (`domain::assign`).
    pub fn time_zone(&self) -> &TimeZone {
        &self.zone
    }

    /// The zone's IANA name as chosen.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A stored UTC time (RFC 3339, as the store writes it) for people: `26 Nov 2026, 09:36
    /// IST`, with the zone's abbreviation, or its offset (`+04`) where the database has none.
    /// `None` if `utc` is not a time.
    pub fn for_people(&self, utc: &str) -> Option<String> {
        let zoned = utc.parse::<Timestamp>().ok()?.to_zoned(self.zone.clone());
        Some(zoned.strftime("%-d %b %Y, %H:%M %Z").to_string())
    }

    /// A stored UTC time as the office's wall clock; `None` if `utc` is not a time.
    pub fn local(&self, utc: &str) -> Option<LocalTime> {
        let zoned = utc.parse::<Timestamp>().ok()?.to_zoned(self.zone.clone());
        Some(LocalTime {
            year: zoned.year(),
            month: zoned.month(),
            day: zoned.day(),
            hour: zoned.hour(),
            minute: zoned.minute(),
            second: zoned.second(),
            millisecond: zoned.millisecond(),
        })
    }

    /// The UTC instant the office's day `day` (`YYYY-MM-DD`) begins, written as the store
    /// writes times (`2026-11-25T18:30:00.000Z` for 26 November in Kolkata), so a range of
    /// office days compares with stored times as text. `None` if `day` is not a date.
    pub fn day_start(&self, day: &str) -> Option<String> {
        let date: jiff::civil::Date = day.parse().ok()?;
        let start = date.to_zoned(self.zone.clone()).ok()?.start_of_day().ok()?;
        Some(
            start
                .timestamp()
                .strftime("%Y-%m-%dT%H:%M:%S%.3fZ")
                .to_string(),
        )
    }

    /// The office's date at a stored UTC time (`2026-11-28T20:22:00Z` is `2026-11-29` in
    /// Asia/Kolkata): the day a story published then is dated.
    pub fn date_of(&self, utc: &str) -> Option<String> {
        let zoned = utc.parse::<Timestamp>().ok()?.to_zoned(self.zone.clone());
        Some(zoned.date().to_string())
    }

    /// The office's year now, and the Unix second it ends: the year the footer's copyright
    /// names, and how long a page that names it may be kept.
    pub fn this_year(&self) -> (i16, i64) {
        let now = Timestamp::now().to_zoned(self.zone.clone());
        let ends = now
            .start_of_day()
            .ok()
            .and_then(|day| day.with().month(1).day(1).build().ok())
            .and_then(|first| first.checked_add(jiff::Span::new().years(1)).ok())
            .map_or(i64::MAX, |next| next.timestamp().as_second());
        (now.year(), ends)
    }

    /// Today's date in the office (for file names): `2026-11-26`.
    pub fn today(&self) -> String {
        Timestamp::now()
            .to_zoned(self.zone.clone())
            .date()
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_for_people_are_local_with_the_zone_abbreviation_or_offset() {
        let cases = [
            (
                "Asia/Kolkata",
                "2026-11-26T04:06:12.345Z",
                "26 Nov 2026, 09:36 IST",
            ),
            // Across midnight: the local day, not UTC's.
            (
                "Asia/Kolkata",
                "2026-11-25T20:00:00Z",
                "26 Nov 2026, 01:30 IST",
            ),
            (
                "Europe/London",
                "2026-07-01T12:00:00Z",
                "1 Jul 2026, 13:00 BST",
            ),
            (
                "Europe/London",
                "2026-12-01T12:00:00Z",
                "1 Dec 2026, 12:00 GMT",
            ),
            (
                "America/New_York",
                "2026-11-26T04:06:00Z",
                "25 Nov 2026, 23:06 EST",
            ),
            (
                "Asia/Dubai",
                "2026-11-26T04:06:00Z",
                "26 Nov 2026, 08:06 +04",
            ),
            ("UTC", "2026-11-26T04:06:00Z", "26 Nov 2026, 04:06 UTC"),
        ];
        for (zone, utc, expected) in cases {
            let zone = OfficeZone::parse(zone).expect(zone);
            assert_eq!(zone.for_people(utc).as_deref(), Some(expected), "{utc}");
        }
    }

    #[test]
    fn an_office_day_begins_at_its_own_midnight() {
        let kolkata = OfficeZone::default_zone();
        assert_eq!(
            kolkata.day_start("2026-11-26").as_deref(),
            Some("2026-11-25T18:30:00.000Z")
        );
        let london = OfficeZone::parse("Europe/London").expect("zone");
        assert_eq!(
            london.day_start("2026-07-01").as_deref(),
            Some("2026-06-30T23:00:00.000Z")
        );
        assert_eq!(
            london.day_start("2026-12-01").as_deref(),
            Some("2026-12-01T00:00:00.000Z")
        );
        // São Paulo once began some days at 01:00 (no midnight that day).
        let sao_paulo = OfficeZone::parse("America/Sao_Paulo").expect("zone");
        assert_eq!(
            sao_paulo.day_start("2018-11-04").as_deref(),
            Some("2018-11-04T03:00:00.000Z")
        );
        assert_eq!(kolkata.day_start("yesterday"), None);
    }

    #[test]
    fn the_local_wall_clock_keeps_milliseconds() {
        let zone = OfficeZone::default_zone();
        assert_eq!(
            zone.local("2026-11-26T04:06:12.345Z"),
            Some(LocalTime {
                year: 2026,
                month: 11,
                day: 26,
                hour: 9,
                minute: 36,
                second: 12,
                millisecond: 345
            })
        );
        assert_eq!(zone.local("not a time"), None);
        assert_eq!(zone.for_people(""), None);
    }

    #[test]
    fn unknown_or_empty_zone_names_are_refused_with_a_sentence() {
        for bad in ["", "  ", "Asia/Bangalore", "IST+5:30", "../../etc/passwd"] {
            let err = OfficeZone::parse(bad).expect_err(bad);
            assert!(err.ends_with('.'), "{err}");
        }
        assert!(OfficeZone::parse(&"A".repeat(65)).is_err());
        assert_eq!(
            OfficeZone::parse(" Asia/Kolkata ").unwrap().name(),
            "Asia/Kolkata"
        );
    }

    #[test]
    fn this_year_is_the_office_s_and_ends_at_its_new_year_midnight() {
        for name in ["Asia/Kolkata", "Pacific/Kiritimati", "America/Adak", "UTC"] {
            let zone = OfficeZone::parse(name).unwrap();
            let (year, ends) = zone.this_year();
            let now = Timestamp::now();
            assert_eq!(year, now.to_zoned(zone.zone.clone()).year(), "{name}");
            assert!(ends > now.as_second(), "{name}");
            let end = Timestamp::from_second(ends)
                .unwrap()
                .to_zoned(zone.zone.clone());
            assert_eq!(
                (end.year(), end.month(), end.day(), end.hour(), end.minute()),
                (year + 1, 1, 1, 0, 0),
                "{name}"
            );
        }
    }
}
