//! Contact enquiries and blog subscriptions (table `enquiries`).

use rusqlite::{params, Connection, OptionalExtension};

use crate::domain::enquiry::{Contact, Subscription};
use crate::domain::lead_id::LeadId;

pub fn insert_contact(conn: &Connection, id: &LeadId, contact: &Contact) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
         VALUES (?1, 'contact', ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
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
    ])?;
    Ok(())
}

/// Stores a subscription unless the address (in any case) already has one, and returns the
/// id of the subscription on file: a repeat changes nothing.
pub fn subscribe(
    conn: &Connection,
    id: &LeadId,
    subscription: &Subscription,
) -> rusqlite::Result<String> {
    let folded = subscription.email.folded();
    let existing = conn
        .prepare_cached(
            "SELECT id FROM enquiries WHERE kind = 'subscription' AND email_folded = ?1",
        )?
        .query_row([&folded], |row| row.get::<_, String>(0))
        .optional()?;
    if let Some(existing) = existing {
        return Ok(existing);
    }
    conn.prepare_cached(
        "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
         VALUES (?1, 'subscription', '', ?2, ?3, '', '', ?4, ?5)",
    )?
    .execute(params![
        id.as_str(),
        subscription.email.as_ref(),
        folded,
        subscription.department_website.as_ref(),
        subscription.service.as_ref(),
    ])?;
    Ok(id.to_string())
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

/// Enquiries created on or after `since` (YYYY-MM-DD, UTC), oldest first; all when `None`.
pub fn enquiries_since(
    conn: &Connection,
    since: Option<&str>,
) -> rusqlite::Result<Vec<EnquiryRow>> {
    let mut stmt = conn.prepare(
        "SELECT id, created_at, kind, name, email, mobile, requirment, department_website, service
         FROM enquiries WHERE ?1 IS NULL OR created_at >= ?1 ORDER BY created_at, id",
    )?;
    let rows = stmt.query_map([since], |row| {
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
    })?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::enquiry::{EnquiryForm, NewEnquiry};
    use crate::store::run_migrations;

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().expect("open");
        run_migrations(&mut conn).expect("migrate");
        conn
    }

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

    #[test]
    fn a_repeated_subscription_in_another_case_keeps_the_first_row_and_id() {
        let conn = migrated();
        let first = LeadId::generate().expect("id");
        let stored = subscribe(&conn, &first, &subscription("Reader@Example.com")).expect("first");
        assert_eq!(stored, first.as_str());
        for repeat in [
            "reader@example.com",
            "READER@EXAMPLE.COM",
            "Reader@Example.com",
        ] {
            let again = subscribe(
                &conn,
                &LeadId::generate().expect("id"),
                &subscription(repeat),
            )
            .expect("repeat");
            assert_eq!(again, first.as_str(), "{repeat}");
        }
        let rows = enquiries_since(&conn, None).expect("rows");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].email, "Reader@Example.com");
        assert_eq!(rows[0].kind, "subscription");
    }

    #[test]
    fn the_database_itself_refuses_a_second_subscription_for_one_address() {
        let conn = migrated();
        subscribe(
            &conn,
            &LeadId::generate().expect("id"),
            &subscription("a@b.in"),
        )
        .expect("first");
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
            "INSERT INTO enquiries VALUES ('old', 'contact', 'A', 'a@x', 'a@x', '1', 'r', 'Corp Team', '', '2025-01-31T23:59:59.999Z');
             INSERT INTO enquiries VALUES ('new', 'contact', 'B', 'b@x', 'b@x', '2', 'r', 'Corp Team', '', '2025-02-01T00:00:00.000Z');",
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
