//! Who has a lead and when to come back to it (`assigned_to`, `follow_up` of `enquiries` and
//! `applicants`, `V13__assignment.sql`), the mail that tells the assignee, and the morning
//! digest: each account's setting, the day it was last looked at, and what it says.

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::inbox::InboxList;
use crate::store::accounts::{self, Account};

/// Someone a lead may be given to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignee {
    pub id: i64,
    pub name: String,
    pub email: String,
}

/// Every account whose roles see `list`, by name.
pub fn assignees(conn: &Connection, list: InboxList) -> rusqlite::Result<Vec<Assignee>> {
    Ok(accounts::accounts(conn)?
        .into_iter()
        .filter(|account| account.roles.may(list.area()))
        .map(|account| Assignee {
            id: account.id,
            name: account.name,
            email: account.email,
        })
        .collect())
}

/// What giving a lead to someone came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssignOutcome {
    /// The lead is not in this list.
    NoLead,
    /// There is no account with this id (or it was removed).
    NoAccount,
    /// The account's roles do not see this list: its name.
    CannotSee(String),
    /// Done: to whom (`None`: nobody), and whether it changed.
    Assigned { to: Option<Assignee>, changed: bool },
}

/// Gives lead `id` of `list` to account `to` (or to nobody), if that account sees the list.
pub fn assign(
    conn: &Connection,
    list: InboxList,
    id: &str,
    to: Option<i64>,
) -> rusqlite::Result<AssignOutcome> {
    let (table, scope, _) = crate::store::inbox::scope(list);
    let current: Option<Option<i64>> = conn
        .prepare_cached(&format!(
            "SELECT assigned_to FROM {table} e WHERE {scope} AND e.id = ?1"
        ))?
        .query_row([id], |row| row.get(0))
        .optional()?;
    let Some(current) = current else {
        return Ok(AssignOutcome::NoLead);
    };
    let assignee = match to {
        None => None,
        Some(staff_id) => match accounts::account_by_id(conn, staff_id)? {
            None => return Ok(AssignOutcome::NoAccount),
            Some(account) if !account.roles.may(list.area()) => {
                return Ok(AssignOutcome::CannotSee(account.name))
            }
            Some(account) => Some(Assignee {
                id: account.id,
                name: account.name,
                email: account.email,
            }),
        },
    };
    let changed = current != to;
    if changed {
        conn.prepare_cached(&format!(
            "UPDATE {table} SET assigned_to = ?2 WHERE {scope} AND id = ?1"
        ))?
        .execute(params![id, to])?;
    }
    Ok(AssignOutcome::Assigned {
        to: assignee,
        changed,
    })
}

/// Sets (or clears, with `None`) the follow-up day of lead `id`; `false` if it is not in
/// this list.
pub fn set_follow_up(
    conn: &Connection,
    list: InboxList,
    id: &str,
    day: Option<&str>,
) -> rusqlite::Result<bool> {
    let (table, scope, _) = crate::store::inbox::scope(list);
    Ok(conn
        .prepare_cached(&format!(
            "UPDATE {table} SET follow_up = ?2 WHERE {scope} AND id = ?1"
        ))?
        .execute(params![id, day])?
        == 1)
}

/// Queues the mail that tells `to` that `by_name` gave them lead `lead_id`.
pub fn enqueue_assigned(
    conn: &Connection,
    lead_id: &str,
    to: &Assignee,
    by_name: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO outbox (kind, lead_id, to_addr, staff_id, by_name)
         VALUES ('assigned', ?1, ?2, ?3, ?4)",
    )?
    .execute(params![lead_id, to.email, to.id, by_name])?;
    Ok(())
}

/// The assignee an `assigned` mail is for and who gave the lead, from the outbox row.
pub fn assigned_mail(conn: &Connection, outbox_id: i64) -> rusqlite::Result<(Option<i64>, String)> {
    conn.prepare_cached("SELECT staff_id, coalesce(by_name, '') FROM outbox WHERE id = ?1")?
        .query_row([outbox_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
        .map(|found| found.unwrap_or((None, String::new())))
}

/// A lead as the mail that gives it to someone names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadSummary {
    pub list: InboxList,
    /// The name given, or the address for a subscriber.
    pub name: String,
    pub department: String,
    pub created_at: String,
    pub follow_up: Option<String>,
    pub assigned_to: Option<i64>,
}

/// Lead `lead_id`, wherever it is; `None` when it was erased.
pub fn lead_summary(conn: &Connection, lead_id: &str) -> rusqlite::Result<Option<LeadSummary>> {
    let enquiry = conn
        .prepare_cached(
            "SELECT kind, CASE WHEN kind = 'subscription' THEN email ELSE name END,
                    department_website, created_at, follow_up, assigned_to
             FROM enquiries WHERE id = ?1",
        )?
        .query_row([lead_id], |row| {
            let kind: String = row.get(0)?;
            Ok(LeadSummary {
                list: if kind == "subscription" {
                    InboxList::Subscribers
                } else {
                    InboxList::Enquiries
                },
                name: row.get(1)?,
                department: row.get(2)?,
                created_at: row.get(3)?,
                follow_up: row.get(4)?,
                assigned_to: row.get(5)?,
            })
        })
        .optional()?;
    if enquiry.is_some() {
        return Ok(enquiry);
    }
    conn.prepare_cached(
        "SELECT name, department_website, created_at, follow_up, assigned_to
         FROM applicants WHERE id = ?1",
    )?
    .query_row([lead_id], |row| {
        Ok(LeadSummary {
            list: InboxList::Applicants,
            name: row.get(0)?,
            department: row.get(1)?,
            created_at: row.get(2)?,
            follow_up: row.get(3)?,
            assigned_to: row.get(4)?,
        })
    })
    .optional()
}

// ---- the morning digest ----

/// Whether account `staff_id` asked for the morning digest (`false` for no such account).
pub fn digest_on(conn: &Connection, staff_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT digest FROM staff WHERE id = ?1")?
        .query_row([staff_id], |row| row.get::<_, bool>(0))
        .optional()?
        .unwrap_or(false))
}

/// Turns account `staff_id`'s morning digest on or off.
pub fn set_digest(conn: &Connection, staff_id: i64, on: bool) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("UPDATE staff SET digest = ?2 WHERE id = ?1")?
        .execute(params![staff_id, on])?
        == 1)
}

/// One lead in a digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestLead {
    pub list: InboxList,
    pub id: String,
    /// The name given, or the address for a subscriber.
    pub name: String,
    pub status: String,
    pub follow_up: Option<String>,
    pub created_at: String,
}

/// What one account's digest says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Digest {
    /// Leads given to the account that are new, or open with their follow-up day come,
    /// newest first, per list.
    pub mine: Vec<DigestLead>,
    /// New leads given to nobody, per list the account sees (lists with none left out).
    pub unassigned_new: Vec<(InboxList, i64)>,
}

impl Digest {
    /// Nothing to say: no mail.
    pub fn is_empty(&self) -> bool {
        self.mine.is_empty() && self.unassigned_new.is_empty()
    }
}

/// Most leads of each list a digest names.
pub const DIGEST_LEADS_PER_LIST: u32 = 50;

/// The digest of `account` on the office's day `today` (`YYYY-MM-DD`): in each list its
/// roles see, the leads given to it that are new, or still open with a follow-up day on or
/// before `today`; and how many new leads nobody has.
pub fn digest_for(conn: &Connection, account: &Account, today: &str) -> rusqlite::Result<Digest> {
    let mut digest = Digest::default();
    for list in InboxList::ALL {
        if !account.roles.may(list.area()) {
            continue;
        }
        let (table, scope, _) = crate::store::inbox::scope(list);
        let name = if list == InboxList::Subscribers {
            "e.email"
        } else {
            "e.name"
        };
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT e.id, {name}, e.status, e.follow_up, e.created_at FROM {table} e
             WHERE {scope} AND e.assigned_to = ?1
               AND (e.status = 'new'
                    OR (e.follow_up <= ?2 AND e.status IN ({underway})))
             ORDER BY e.created_at DESC LIMIT {DIGEST_LEADS_PER_LIST}",
            underway = crate::store::inbox::underway_sql()
        ))?;
        let rows = stmt.query_map(params![account.id, today], |row| {
            Ok(DigestLead {
                list,
                id: row.get(0)?,
                name: row.get(1)?,
                status: row.get(2)?,
                follow_up: row.get(3)?,
                created_at: row.get(4)?,
            })
        })?;
        for row in rows {
            digest.mine.push(row?);
        }
        // A new subscriber waits for no one: not counted as work nobody has.
        if !list.awaits_answers() {
            continue;
        }
        let unassigned: i64 = conn
            .prepare_cached(&format!(
                "SELECT count(*) FROM {table} e
                 WHERE e.assigned_to IS NULL AND {scope} AND e.status = 'new'"
            ))?
            .query_row([], |row| row.get(0))?;
        if unassigned > 0 {
            digest.unassigned_new.push((list, unassigned));
        }
    }
    Ok(digest)
}

/// On the office's day `today`, for every account with the digest on that has not had that
/// day's yet: records the day, and queues its digest when there is something to say.
/// Answers the accounts whose digest was queued. Run again the same day, it does nothing.
pub fn queue_digests(conn: &Connection, today: &str) -> rusqlite::Result<Vec<i64>> {
    let waiting: Vec<i64> = conn
        .prepare_cached(
            "SELECT id FROM staff WHERE digest = 1 AND (digest_day IS NULL OR digest_day < ?1)
             ORDER BY id",
        )?
        .query_map([today], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut queued = Vec::new();
    for staff_id in waiting {
        conn.prepare_cached("UPDATE staff SET digest_day = ?2 WHERE id = ?1")?
            .execute(params![staff_id, today])?;
        let Some(account) = accounts::account_by_id(conn, staff_id)? else {
            continue;
        };
        if digest_for(conn, &account, today)?.is_empty() {
            continue;
        }
        conn.prepare_cached(
            "INSERT INTO outbox (kind, lead_id, to_addr, staff_id) VALUES ('digest', ?1, ?2, ?3)",
        )?
        .execute(params![staff_id.to_string(), account.email, staff_id])?;
        queued.push(staff_id);
    }
    Ok(queued)
}

/// The digest's minute (`server`'s background task): at `now`, when the digest is due in
/// the office (`domain::assign::digest_due`) and some account still waits for the day's,
/// queues them (`queue_digests`). A read first, so most minutes write nothing. Answers the
/// accounts whose digest was queued.
pub fn run_digests(
    db: &crate::store::Db,
    now: jiff::Timestamp,
) -> Result<Vec<i64>, crate::store::StoreError> {
    let today = db.read_blocking(move |conn| {
        let zone = crate::store::company_details::read(conn)
            .map(|stored| stored.details.office_zone())
            .unwrap_or_else(|_| crate::domain::office_time::OfficeZone::default_zone());
        let Some(today) = crate::domain::assign::digest_due(now, &zone) else {
            return Ok(None);
        };
        let waiting: bool = conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM staff
                 WHERE digest = 1 AND (digest_day IS NULL OR digest_day < ?1))",
            )?
            .query_row([&today], |row| row.get(0))?;
        Ok(waiting.then_some(today))
    })?;
    let Some(today) = today else {
        return Ok(Vec::new());
    };
    db.write_blocking(move |conn| -> Result<Vec<i64>, crate::store::StoreError> {
        Ok(queue_digests(conn, &today)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::roles::{Role, Roles};
    use crate::store::migrated;

    fn account(conn: &Connection, email: &str, role: Role) -> i64 {
        let roles = Roles::new([role]).expect("roles");
        accounts::add_account(
            conn,
            &accounts::NewAccount {
                email,
                email_folded: email,
                name: email,
                password_hash: "x",
                roles: &roles,
                chosen: true,
            },
        )
        .expect("add")
        .expect("new")
    }

    fn contact(conn: &Connection, id: &str) {
        conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES (?1, 'contact', 'Asha', 'a@x.in', 'a@x.in', '1', 'office', 'Corp Team', '')",
            [id],
        )
        .expect("insert");
    }

    #[test]
    fn a_removed_account_leaves_its_leads_to_nobody() {
        let conn = migrated();
        let _owner = account(&conn, "o@x", Role::Owner);
        let sales = account(&conn, "s@x", Role::Sales);
        contact(&conn, "c1");
        assert!(matches!(
            assign(&conn, InboxList::Enquiries, "c1", Some(sales)).expect("assign"),
            AssignOutcome::Assigned { changed: true, .. }
        ));
        assert!(crate::store::team::remove_account(&conn, sales).expect("remove"));
        let to: Option<i64> = conn
            .query_row(
                "SELECT assigned_to FROM enquiries WHERE id = 'c1'",
                [],
                |r| r.get(0),
            )
            .expect("read");
        assert_eq!(to, None);
    }

    #[test]
    fn only_an_account_that_sees_the_list_may_have_its_leads() {
        let conn = migrated();
        let recruiter = account(&conn, "r@x", Role::Recruiter);
        contact(&conn, "c1");
        assert_eq!(
            assign(&conn, InboxList::Enquiries, "c1", Some(recruiter)).expect("assign"),
            AssignOutcome::CannotSee("r@x".into())
        );
        assert_eq!(
            assign(&conn, InboxList::Enquiries, "c1", Some(999)).expect("assign"),
            AssignOutcome::NoAccount
        );
        assert_eq!(
            assign(&conn, InboxList::Subscribers, "c1", None).expect("assign"),
            AssignOutcome::NoLead
        );
    }

    #[test]
    fn digests_go_once_a_day_and_only_with_something_to_say() {
        let conn = migrated();
        let sales = account(&conn, "s@x", Role::Sales);
        let quiet = account(&conn, "q@x", Role::Sales);
        let off = account(&conn, "f@x", Role::Sales);
        assert!(set_digest(&conn, sales, true).expect("on"));
        assert!(set_digest(&conn, quiet, true).expect("on"));
        contact(&conn, "c1");
        assign(&conn, InboxList::Enquiries, "c1", Some(sales)).expect("assign");
        // A new subscriber waits for no answer: no news to anybody.
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('s1', 'subscription', '', 's@x.in', 's@x.in', '', '', 'Corp Team', '');",
        )
        .expect("a subscriber");
        // Nobody has the only lead but `sales`: `quiet` has nothing to hear.
        assert_eq!(queue_digests(&conn, "2026-11-26").expect("queue"), [sales]);
        assert!(queue_digests(&conn, "2026-11-26")
            .expect("again")
            .is_empty());
        contact(&conn, "c2");
        assert_eq!(
            queue_digests(&conn, "2026-11-27").expect("next day"),
            [sales, quiet],
            "an unassigned new lead is news to both"
        );
        assert!(!digest_on(&conn, off).expect("off"));
        let digest = digest_for(
            &conn,
            &accounts::account_by_id(&conn, sales)
                .expect("read")
                .expect("found"),
            "2026-11-27",
        )
        .expect("digest");
        assert_eq!(digest.mine.len(), 1);
        assert_eq!(digest.unassigned_new, [(InboxList::Enquiries, 1)]);
    }

    #[test]
    fn a_lead_in_progress_is_in_the_digest_once_its_day_has_come() {
        let conn = migrated();
        let sales = account(&conn, "s@x", Role::Sales);
        contact(&conn, "c1");
        assign(&conn, InboxList::Enquiries, "c1", Some(sales)).expect("assign");
        conn.execute("UPDATE enquiries SET status = 'in_progress'", [])
            .expect("status");
        assert!(set_follow_up(&conn, InboxList::Enquiries, "c1", Some("2026-11-27")).expect("set"));
        let me = accounts::account_by_id(&conn, sales)
            .expect("read")
            .expect("found");
        assert!(digest_for(&conn, &me, "2026-11-26").expect("d").is_empty());
        assert_eq!(
            digest_for(&conn, &me, "2026-11-27").expect("d").mine.len(),
            1
        );
        assert_eq!(
            digest_for(&conn, &me, "2026-11-30").expect("d").mine.len(),
            1
        );
        conn.execute("UPDATE enquiries SET status = 'done'", [])
            .expect("status");
        assert!(digest_for(&conn, &me, "2026-11-30").expect("d").is_empty());
    }

    #[test]
    fn an_application_at_an_open_stage_is_in_the_digest_once_its_day_has_come() {
        let conn = migrated();
        let recruiter = account(&conn, "r@x", Role::Recruiter);
        conn.execute_batch(
            "INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query,
                                     department_website, resume_file, resume_original_name,
                                     resume_type, resume_size, follow_up)
             VALUES ('a1', 'Ravi', '98450', 'v@x.in', 4, 'Acme', '', 'Corp Careers', 'a1.pdf',
                     'cv.pdf', 'application/pdf', 120, '2026-11-27')",
        )
        .expect("an applicant");
        assign(&conn, InboxList::Applicants, "a1", Some(recruiter)).expect("assign");
        let me = accounts::account_by_id(&conn, recruiter)
            .expect("read")
            .expect("found");
        for (stage, listed) in [
            ("shortlisted", true),
            ("interview", true),
            ("offer", true),
            ("hired", false),
            ("rejected", false),
        ] {
            conn.execute("UPDATE applicants SET status = ?1", [stage])
                .expect("stage");
            assert_eq!(
                digest_for(&conn, &me, "2026-11-28").expect("d").mine.len(),
                usize::from(listed),
                "{stage}"
            );
        }
    }
}
