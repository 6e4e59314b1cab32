//! The visit counter: the day's salt and the page views not yet written.
//!
//! A page view is counted in memory by the beacon's handler (a lock held for a push) and
//! written by the server's visits thread once a second in one transaction through the one
//! writer, so the handler never waits for the disk: a crash loses at most the last second's
//! views. The salt is the office's day's: a new random one when the day changes, written
//! with the next batch in place of the old one (never more than one on disk), so a restart
//! within the day keeps counting a visitor as one.
//!
//! The forms' posts refused for want of a proof of work are counted here too, per office
//! day, and added to `form_refusal_days` with the views (`refusals`): a flood of refused
//! posts costs one write a second, not one each.
//!
//! Every ten seconds the same thread brings the roll-ups (`visit_days`, `visit_hours`) up
//! to date for the days it wrote, and once a day deletes the views older than
//! `--visit-days`.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Mutex;

use jiff::Timestamp;

use super::{lead_sources, refusals, visits};
use crate::domain::analytics::visit::{visitor_key, DayValues, Hit, View};
use crate::domain::office_time::OfficeZone;
use crate::store::StoreError;

/// The most views held between two writes: beyond it (a writer stuck for seconds under a
/// flood) new views are dropped and counted as dropped, never held in memory without bound.
pub const MAX_PENDING: usize = 100_000;

/// The salt of one office day.
struct Salt {
    day: String,
    bytes: [u8; 32],
    /// When the day ends (Unix seconds): the first view at or after it makes a new salt.
    until: i64,
    /// Written to the database (or read from it).
    stored: bool,
}

struct Inner {
    zone: OfficeZone,
    salt: Option<Salt>,
    /// The referring sites, sources and campaigns the salt's day has kept (`DayValues`).
    values: DayValues,
    pending: Vec<View>,
    /// Form posts refused by the proof of work not yet written, per office day (a day or
    /// two between writes).
    refused: std::collections::BTreeMap<String, u64>,
    /// The zone changed: the stored views and leads go on its days at the next write.
    reday: bool,
}

pub struct Visits {
    inner: Mutex<Inner>,
    /// Views dropped because `MAX_PENDING` were waiting.
    dropped: AtomicU64,
    /// When the roll-ups were last brought up to date (Unix seconds).
    rolled_at: AtomicI64,
    /// The earliest view written since the roll-ups were last brought up to date.
    unrolled_from: AtomicI64,
}

/// What one write of the pending views did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Flushed {
    pub written: usize,
    pub rolled_days: usize,
    pub deleted: usize,
}

impl Visits {
    pub fn new(zone: OfficeZone) -> Visits {
        Visits {
            inner: Mutex::new(Inner {
                zone,
                salt: None,
                values: DayValues::default(),
                pending: Vec::new(),
                refused: std::collections::BTreeMap::new(),
                reday: false,
            }),
            dropped: AtomicU64::new(0),
            rolled_at: AtomicI64::new(0),
            unrolled_from: AtomicI64::new(i64::MAX),
        }
    }

    /// Takes the salt stored for the office's day `at`, if there is one (after a restart), and
    /// the referring sites, sources and campaigns the day holds.
    pub fn resume(&self, conn: &rusqlite::Connection, at: i64) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let (day, until) = day_of(&inner.zone, at);
        if let Some(bytes) = visits::stored_salt(conn, &day)? {
            inner.values = visits::day_values(conn, &day)?;
            inner.salt = Some(Salt {
                day,
                bytes,
                until,
                stored: true,
            });
        }
        Ok(())
    }

    /// Counts a view at `at` (Unix seconds) from `client` with `user_agent` on `host`.
    /// Answers false when it was dropped (too many waiting).
    pub fn count(&self, mut hit: Hit, at: i64, client: &str, user_agent: &str, host: &str) -> bool {
        let mut inner = self.lock();
        if inner.pending.len() >= MAX_PENDING {
            drop(inner);
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return false;
        }
        let fresh = inner.salt.as_ref().is_none_or(|salt| at >= salt.until);
        if fresh {
            let (day, until) = day_of(&inner.zone, at);
            inner.salt = Some(Salt {
                day,
                bytes: random_salt(),
                until,
                stored: false,
            });
            inner.values = DayValues::default();
        }
        inner.values.keep(&mut hit);
        let Some(salt) = inner.salt.as_ref() else {
            return false;
        };
        let view = View {
            at,
            day: salt.day.clone(),
            visitor: visitor_key(&salt.bytes, client, user_agent, host),
            hit,
        };
        inner.pending.push(view);
        true
    }

    /// Counts a form post refused by the proof of work at `at` (Unix seconds), on its office
    /// day.
    pub fn refuse_post(&self, at: i64) {
        let mut inner = self.lock();
        let (day, _) = day_of(&inner.zone, at);
        *inner.refused.entry(day).or_default() += 1;
    }

    /// The office's zone, as the company details say at `now` (Unix seconds). When it
    /// changed, the day's salt ends with the office's day in the new zone: at once if that day
    /// is another (a new day, a new salt, so the same browser is a new visitor, as after
    /// midnight), else at the new zone's midnight.
    pub fn set_zone(&self, zone: OfficeZone, now: i64) {
        let mut inner = self.lock();
        if inner.zone.name() == zone.name() {
            return;
        }
        let (day, until) = day_of(&zone, now);
        if let Some(salt) = inner.salt.as_mut() {
            salt.until = if salt.day == day { until } else { now };
        }
        for view in &mut inner.pending {
            view.day = day_of(&zone, view.at).0;
        }
        inner.zone = zone;
        inner.reday = true;
    }

    /// Views dropped since the start because too many were waiting.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// Writes the pending views (and a new salt in place of the old) and the refused form
    /// posts in one transaction; after
    /// a change of the office's zone, puts the stored views and leads on its days (so a
    /// report of the office's days finds them, `store::analytics::visits::reday`); then, if
    /// ten seconds have passed, brings the roll-ups up to date and deletes views older than
    /// `keep_days` days. `now` in Unix seconds.
    pub fn flush(
        &self,
        db: &crate::store::Db,
        now: i64,
        keep_days: u32,
    ) -> Result<Flushed, StoreError> {
        let (views, salt, reday, refused) = {
            let mut inner = self.lock();
            let views = std::mem::take(&mut inner.pending);
            let refused: Vec<(String, u64)> =
                std::mem::take(&mut inner.refused).into_iter().collect();
            let salt = inner
                .salt
                .as_ref()
                .filter(|salt| !salt.stored)
                .map(|salt| (salt.day.clone(), salt.bytes));
            let reday = std::mem::take(&mut inner.reday).then(|| inner.zone.time_zone().clone());
            (views, salt, reday, refused)
        };
        let mut flushed = Flushed {
            written: views.len(),
            ..Flushed::default()
        };
        if let Some(first) = views.iter().map(|view| view.at).min() {
            self.unrolled_from.fetch_min(first, Ordering::Relaxed);
        }
        if !views.is_empty() || salt.is_some() || !refused.is_empty() {
            let salt_day = salt.as_ref().map(|(day, _)| day.clone());
            db.write_blocking(move |conn| {
                visits::write(conn, &views, salt.as_ref())?;
                refusals::add(conn, &refused)
            })?;
            if let Some(day) = salt_day {
                let mut inner = self.lock();
                if let Some(current) = inner.salt.as_mut().filter(|s| s.day == day) {
                    current.stored = true;
                }
            }
        }
        if let Some(zone) = reday {
            let moved = db.write_blocking(move |conn| {
                visits::reday(conn, &zone)?;
                lead_sources::reday(conn, &zone)
            });
            if moved.is_err() {
                // Tried again at the next write.
                self.lock().reday = true;
            }
            moved?;
        }
        if now - self.rolled_at.load(Ordering::Relaxed) >= ROLL_UP_EVERY_SECS {
            let (rolled, deleted) = self.roll_up(db, now, keep_days)?;
            flushed.rolled_days = rolled;
            flushed.deleted = deleted;
        }
        Ok(flushed)
    }

    /// Brings the roll-ups up to date for the days written since the last time (every day
    /// without one, the first time) and deletes views older than `keep_days` days. Answers
    /// the days rolled up and the views deleted.
    pub fn roll_up(
        &self,
        db: &crate::store::Db,
        now: i64,
        keep_days: u32,
    ) -> Result<(usize, usize), StoreError> {
        let first_run = self.rolled_at.swap(now, Ordering::Relaxed) == 0;
        let from = self.unrolled_from.swap(i64::MAX, Ordering::Relaxed);
        let cutoff = keep_from(&self.lock().zone, now, keep_days);
        db.write_blocking(move |conn| {
            let rolled = visits::roll_up(conn, if first_run { None } else { Some(from) })?;
            let deleted = visits::delete_before(conn, &cutoff)?;
            Ok::<_, StoreError>((rolled, deleted))
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves whole values behind: go on with them.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// How often the roll-ups are brought up to date.
pub const ROLL_UP_EVERY_SECS: i64 = 10;

/// The office's day of `at` and when it ends, both from the zone's own calendar.
fn day_of(zone: &OfficeZone, at: i64) -> (String, i64) {
    let tz = zone.time_zone().clone();
    let Ok(stamp) = Timestamp::from_second(at) else {
        return (String::from("1970-01-01"), i64::MAX);
    };
    let zoned = stamp.to_zoned(tz.clone());
    let date = zoned.date();
    let until = date
        .tomorrow()
        .ok()
        .and_then(|next| next.to_zoned(tz).ok())
        .map_or(i64::MAX, |start| start.timestamp().as_second());
    (date.to_string(), until)
}

/// The first office day whose views are kept: `keep_days` days back from `now`'s.
fn keep_from(zone: &OfficeZone, now: i64, keep_days: u32) -> String {
    let Ok(stamp) = Timestamp::from_second(now) else {
        return String::new();
    };
    let today = stamp.to_zoned(zone.time_zone().clone()).date();
    today
        .checked_sub(jiff::Span::new().days(i64::from(keep_days)))
        .map_or_else(|_| String::new(), |day| day.to_string())
}

fn random_salt() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    // The OS's generator does not fail on the systems we run on; were it to, a salt made
    // of the clock still changes daily and is deleted with the day.
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes[..16].copy_from_slice(&nanos.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::analytics::visit::Device;

    fn hit(path: &str) -> Hit {
        Hit {
            path: path.into(),
            story: None,
            referrer: None,
            source: None,
            medium: None,
            campaign: None,
            device: Device::Desktop,
            entry: false,
        }
    }

    #[test]
    fn the_office_day_ends_at_its_own_midnight() {
        let zone = OfficeZone::parse("Asia/Kolkata").expect("zone");
        // 2026-11-26T18:29:59Z is 23:59:59 IST; a second later it is the 27th.
        let before = 1_795_717_799;
        let (day, until) = day_of(&zone, before);
        assert_eq!(day, "2026-11-26");
        assert_eq!(until, before + 1);
        assert_eq!(day_of(&zone, until).0, "2026-11-27");
        assert_eq!(keep_from(&zone, until, 30), "2026-10-28");
    }

    #[test]
    fn a_new_office_zone_on_another_day_makes_a_new_salt_at_once() {
        let visits = Visits::new(OfficeZone::parse("UTC").expect("zone"));
        let noon = 1_795_694_400; // 2026-11-26T12:00:00Z
        let count = |at| visits.count(hit("/"), at, "203.0.113.7", "Mozilla/5.0", "site.example");
        assert!(count(noon));
        // Noon UTC is the 27th at 01:00 in Kiritimati (UTC+14): another office day.
        visits.set_zone(
            OfficeZone::parse("Pacific/Kiritimati").expect("zone"),
            noon + 1,
        );
        assert!(count(noon + 2));
        // The same day in Tonga (UTC+13, 01:00 on the 27th): the salt stays, and ends at
        // Tonga's midnight.
        visits.set_zone(
            OfficeZone::parse("Pacific/Tongatapu").expect("zone"),
            noon + 3,
        );
        assert!(count(noon + 4));
        let pending = visits.lock().pending.clone();
        // The view counted before the change waits on the new zone's day too.
        assert_eq!(
            pending.iter().map(|v| v.day.as_str()).collect::<Vec<_>>(),
            ["2026-11-27", "2026-11-27", "2026-11-27"]
        );
        assert_ne!(
            pending[0].visitor, pending[1].visitor,
            "a new day, a new salt"
        );
        assert_eq!(pending[1].visitor, pending[2].visitor, "the same day");
        // Midnight ending the 27th in Tonga is 2026-11-27T11:00:00Z.
        assert_eq!(
            visits.lock().salt.as_ref().map(|s| s.until),
            Some(noon + 23 * 3600)
        );
    }

    #[test]
    fn one_browser_is_one_visitor_a_day_and_a_new_one_the_next() {
        let zone = OfficeZone::parse("UTC").expect("zone");
        let visits = Visits::new(zone);
        let day = 1_795_651_200; // 2026-11-26T00:00:00Z
        for (at, path) in [
            (day + 10, "/"),
            (day + 20, "/contact"),
            (day + 86_400 + 5, "/"),
        ] {
            assert!(visits.count(hit(path), at, "203.0.113.7", "Mozilla/5.0", "site.example"));
        }
        let pending = visits.lock().pending.clone();
        assert_eq!(pending[0].visitor, pending[1].visitor);
        assert_ne!(
            pending[1].visitor, pending[2].visitor,
            "a new day, a new salt"
        );
        assert_eq!(
            pending.iter().map(|v| v.day.as_str()).collect::<Vec<_>>(),
            ["2026-11-26", "2026-11-26", "2026-11-27"]
        );
    }

    #[test]
    fn views_beyond_the_bound_are_dropped_and_counted() {
        let visits = Visits::new(OfficeZone::default_zone());
        for _ in 0..MAX_PENDING {
            assert!(visits.count(hit("/"), 1_795_651_200, "a", "b", "c"));
        }
        assert!(!visits.count(hit("/"), 1_795_651_200, "a", "b", "c"));
        assert_eq!(visits.dropped(), 1);
        assert_eq!(visits.lock().pending.len(), MAX_PENDING);
    }
}
