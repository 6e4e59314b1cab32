//! Contact enquiries and blog subscriptions (table `enquiries`).

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::analytics::lead_source::LeadSource;
use crate::domain::enquiry::{Contact, NewEnquiry, Subscription};
use crate::domain::lead_id::LeadId;
use crate::domain::mail_token::ConfirmSecret;
use crate::store::analytics::lead_sources;
use crate::store::{outbox, subscriptions};

pub fn insert_contact(
    conn: &Connection,
    id: &LeadId,
    contact: &Contact,
    client_addr: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, client_addr)
         VALUES (?1, 'contact', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        id.as_str(),
        contact.name.as_ref(),
        contact.email.as_ref(),
        contact.email.folded(),
        contact.mobile.as_ref(),
        contact.requirment.as_ref(),
        contact.department_website.as_ref(),
        contact.service.as_ref(),
        client_addr,
    ])?;
    Ok(())
}

/// Stores an enquiry of either kind under `id`, sent from `client_addr` (counted by
/// `client_block`, its address or IPv6 /64, against the confirmation mails' cap) and coming from
/// `source` (see `subscribe` for a repeated address, whose first source stays), with the mail
/// it causes, in the caller's transaction: the office's notification of a contact enquiry,
/// or, for a subscription that needs one, a confirmation link made of `confirm`.
pub fn insert_enquiry(
    conn: &Connection,
    id: &LeadId,
    enquiry: &NewEnquiry,
    client_addr: &str,
    client_block: &str,
    source: &LeadSource,
    confirm: &ConfirmSecret,
) -> rusqlite::Result<()> {
    match enquiry {
        NewEnquiry::Contact(contact) => {
            insert_contact(conn, id, contact, client_addr)?;
            lead_sources::record(conn, id.as_str(), "contact", source)?;
            outbox::enqueue_lead(conn, id.as_str())
        }
        NewEnquiry::Subscription(subscription) => {
            if subscribe(conn, id, subscription, client_addr)? {
                lead_sources::record(conn, id.as_str(), "subscription", source)?;
            }
            subscriptions::request_confirmation(
                conn,
                &subscription.email.folded(),
                confirm,
                Some(client_block),
            )
            .map(drop)
        }
    }
}

/// Stores a subscription under `id` unless the address (in any case) already has one.
///
/// A repeat must not be told apart from a new subscription, by its answer or by its time
/// (that would make who is subscribed public): the caller answers both alike, and here a
/// repeat does the same writes as a new subscription (the row under a placeholder address)
/// and undoes them in a savepoint, so it costs the same and its commit writes as many pages.
/// Answers whether the subscription is new.
pub fn subscribe(
    conn: &Connection,
    id: &LeadId,
    subscription: &Subscription,
    client_addr: &str,
) -> rusqlite::Result<bool> {
    let folded = subscription.email.folded();
    let inserted = insert_subscription(conn, id, subscription, &folded, client_addr)?;
    if inserted == 0 {
        conn.execute_batch("SAVEPOINT repeated_subscription")?;
        // An address no form can send (it starts with a NUL), so it never conflicts.
        let placeholder = format!("\0{id}");
        let rehearsed = insert_subscription(conn, id, subscription, &placeholder, client_addr);
        conn.execute_batch("ROLLBACK TO repeated_subscription; RELEASE repeated_subscription")?;
        rehearsed?;
    }
    Ok(inserted == 1)
}

/// Inserts the subscription row, or nothing when the address is on file; says how many rows
/// went in.
fn insert_subscription(
    conn: &Connection,
    id: &LeadId,
    subscription: &Subscription,
    folded: &str,
    client_addr: &str,
) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, client_addr)
         VALUES (?1, 'subscription', '', ?2, ?3, '', '', ?4, ?5, ?6)
         ON CONFLICT (email_folded) WHERE kind = 'subscription' DO NOTHING",
    )?
    .execute(params![
        id.as_str(),
        subscription.email.as_ref(),
        folded,
        subscription.department_website.as_ref(),
        subscription.service.as_ref(),
        client_addr,
    ])
}

/// Which table a lead is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadTable {
    Enquiries,
    Applicants,
}

/// Records how lead `id` stood with the proof of work (`passed` or `off`; `None` for a post
/// a trusted caller's API key made without one) and how long its solving took; nothing for a
/// repeated subscription, whose `id` is stored nowhere.
pub fn record_proof(
    conn: &Connection,
    table: LeadTable,
    id: &LeadId,
    proof: Option<&str>,
    solve_ms: Option<u32>,
) -> rusqlite::Result<()> {
    let sql = match table {
        LeadTable::Enquiries => "UPDATE enquiries SET proof = ?2, proof_ms = ?3 WHERE id = ?1",
        LeadTable::Applicants => "UPDATE applicants SET proof = ?2, proof_ms = ?3 WHERE id = ?1",
    };
    conn.prepare_cached(sql)?
        .execute(params![id.as_str(), proof, solve_ms])?;
    Ok(())
}

/// One stored enquiry, as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnquiryRow {
    pub id: String,
    pub created_at: String,
    pub kind: String,
    pub name: String,
    pub email: String,
    pub mobile: String,
    pub requirment: String,
    pub department_website: String,
    pub service: String,
}

const ENQUIRY_COLUMNS: &str =
    "id, created_at, kind, name, email, mobile, requirment, department_website, service";

/// Enquiries created on or after `since` (YYYY-MM-DD, UTC), oldest first; all when `None`.
pub fn enquiries_since(
    conn: &Connection,
    since: Option<&str>,
) -> rusqlite::Result<Vec<EnquiryRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {ENQUIRY_COLUMNS} FROM enquiries WHERE ?1 IS NULL OR created_at >= ?1
         ORDER BY created_at, rowid"
    ))?;
    let rows = stmt.query_map([since], enquiry_row)?;
    rows.collect()
}

/// The enquiry `id`, if it is on file.
pub fn enquiry(conn: &Connection, id: &str) -> rusqlite::Result<Option<EnquiryRow>> {
    conn.prepare_cached(&format!(
        "SELECT {ENQUIRY_COLUMNS} FROM enquiries WHERE id = ?1"
    ))?
    .query_row([id], enquiry_row)
    .optional()
}

fn enquiry_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<EnquiryRow> {
    Ok(EnquiryRow {
        id: row.get(0)?,
        created_at: row.get(1)?,
        kind: row.get(2)?,
        name: row.get(3)?,
        email: row.get(4)?,
        mobile: row.get(5)?,
        requirment: row.get(6)?,
        department_website: row.get(7)?,
        service: row.get(8)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::enquiry::EnquiryForm;
    use crate::store::migrated;

    fn subscription(email: &str) -> Subscription {
        let form = EnquiryForm {
            email: Some(email.into()),
            ..EnquiryForm::default()
        };
        match NewEnquiry::parse(&form) {
            Ok(NewEnquiry::Subscription(s)) => s,
            other => panic!("not a subscription: {other:?}"),
        }
    }

    /// Subscribes `email` as the form does, under a new id; answers the id.
    fn subscribe_as_new(conn: &Connection, email: &str) -> LeadId {
        let id = LeadId::generate().expect("id");
        subscribe(conn, &id, &subscription(email), "192.0.2.1").expect("subscribe");
        id
    }

    #[test]
    fn a_repeated_subscription_in_another_case_keeps_the_first_row_and_id() {
        let conn = migrated();
        let first = subscribe_as_new(&conn, "Reader@Example.com");
        for repeat in [
            "reader@example.com",
            "READER@EXAMPLE.COM",
            "Reader@Example.com",
        ] {
            subscribe_as_new(&conn, repeat);
        }
        let rows = enquiries_since(&conn, None).expect("rows");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].id, first.as_str());
        assert_eq!(rows[0].email, "Reader@Example.com");
        assert_eq!(rows[0].kind, "subscription");
    }

    #[test]
    fn a_repeated_subscription_writes_and_undoes_a_row_inside_the_callers_transaction() {
        let conn = migrated();
        subscribe_as_new(&conn, "a@b.in");
        conn.execute_batch("BEGIN").expect("begin");
        let changes_before = conn.total_changes();
        subscribe_as_new(&conn, "A@B.in");
        assert!(
            conn.total_changes() > changes_before,
            "a repeat inserts as a new subscription does"
        );
        assert!(
            !conn.is_autocommit(),
            "the caller's transaction is still open"
        );
        conn.execute_batch("COMMIT").expect("commit");
        assert_eq!(enquiries_since(&conn, None).expect("rows").len(), 1);
    }

    #[test]
    fn rows_of_one_millisecond_come_out_in_the_order_they_went_in() {
        let conn = migrated();
        for (id, name) in [("ffff", "first"), ("0000", "second"), ("8888", "third")] {
            conn.execute(
                "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at) VALUES (?1, 'contact', ?2, 'a@x', 'a@x', '1', 'r', 'Corp Team', '', '2025-02-01T00:00:00.000Z')",
                [id, name],
            )
            .expect("insert");
        }
        let names: Vec<String> = enquiries_since(&conn, None)
            .expect("rows")
            .into_iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(names, ["first", "second", "third"]);
    }

    #[test]
    fn the_database_itself_refuses_a_second_subscription_for_one_address() {
        let conn = migrated();
        subscribe_as_new(&conn, "a@b.in");
        let duplicate = conn.execute(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('x', 'subscription', '', 'A@B.IN', 'a@b.in', '', '', '', '')",
            [],
        );
        assert!(duplicate.is_err(), "the unique index must refuse it");
    }

    #[test]
    fn since_filters_by_creation_day() {
        let conn = migrated();
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at) VALUES ('old', 'contact', 'A', 'a@x', 'a@x', '1', 'r', 'Corp Team', '', '2025-01-31T23:59:59.999Z');
             INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service, created_at) VALUES ('new', 'contact', 'B', 'b@x', 'b@x', '2', 'r', 'Corp Team', '', '2025-02-01T00:00:00.000Z');",
        )
        .expect("insert");
        let ids = |since| -> Vec<String> {
            enquiries_since(&conn, since)
                .expect("rows")
                .into_iter()
                .map(|r| r.id)
                .collect()
        };
        assert_eq!(ids(None), ["old", "new"]);
        assert_eq!(ids(Some("2025-02-01")), ["new"]);
        assert_eq!(ids(Some("2025-02-02")), Vec::<String>::new());
    }
}
