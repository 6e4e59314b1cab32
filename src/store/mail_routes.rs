//! Who gets the office's mail of a new lead, as set in the browser (table `mail_routes`, one
//! row per recipient). The composer reads it for every lead mail, so a change takes effect
//! with the next one. While the table is empty, `--notify-to` decides.

use rusqlite::{params, Connection};

/// One rule: the leads of `kind` (`enquiry` or `applicant`) of `department` (a
/// `department_website`, matched ignoring ASCII case; empty for any department) go to
/// `recipients`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub kind: String,
    pub department: String,
    pub recipients: Vec<String>,
}

/// Every rule, by kind, then department (any department first), each rule's addresses in
/// the order they were given.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Route>> {
    let mut stmt = conn.prepare_cached(
        "SELECT kind, department, recipient FROM mail_routes
         ORDER BY kind, department <> '', department COLLATE NOCASE, department, id",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    let mut routes: Vec<Route> = Vec::new();
    for row in rows {
        let (kind, department, recipient) = row?;
        match routes.last_mut() {
            Some(last) if last.kind == kind && last.department == department => {
                last.recipients.push(recipient);
            }
            _ => routes.push(Route {
                kind,
                department,
                recipients: vec![recipient],
            }),
        }
    }
    Ok(routes)
}

/// Replaces every rule with `routes` (checked by the caller: known kinds, one rule per kind
/// and department, real addresses).
pub fn replace(conn: &Connection, routes: &[Route]) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM mail_routes")?
        .execute([])?;
    let mut insert = conn.prepare_cached(
        "INSERT OR IGNORE INTO mail_routes (kind, department, recipient) VALUES (?1, ?2, ?3)",
    )?;
    for route in routes {
        for recipient in &route.recipients {
            insert.execute(params![route.kind, route.department, recipient])?;
        }
    }
    Ok(())
}

/// The addresses for a lead of `kind` and `department`: the rules of its kind naming its
/// department, else its kind's rules for any department; `None` when no rule covers it.
pub fn recipients_for(
    conn: &Connection,
    kind: &str,
    department: &str,
) -> rusqlite::Result<Option<Vec<String>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT recipient FROM mail_routes WHERE kind = ?1 AND department = ?2 COLLATE NOCASE
         ORDER BY id",
    )?;
    for department in [department.trim(), ""] {
        let found = stmt
            .query_map(params![kind, department], |row| row.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        if !found.is_empty() {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The departments leads have named so far (`department_website` of enquiries and
/// applicants), for the screen to offer; at most 200, by name.
pub fn known_departments(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT department FROM (
             SELECT department_website AS department FROM enquiries WHERE kind = 'contact'
             UNION SELECT department_website FROM applicants)
         WHERE department <> '' GROUP BY department COLLATE NOCASE
         ORDER BY department COLLATE NOCASE LIMIT 200",
    )?;
    let rows = stmt.query_map([], |row| row.get::<_, String>(0))?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::run_migrations;

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().expect("db");
        run_migrations(&mut conn).expect("migrate");
        conn
    }

    fn route(kind: &str, department: &str, to: &[&str]) -> Route {
        Route {
            kind: kind.into(),
            department: department.into(),
            recipients: to.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn a_lead_takes_its_departments_rule_else_its_kinds_any_department_rule() {
        let conn = migrated();
        assert_eq!(recipients_for(&conn, "enquiry", "Corp Team").unwrap(), None);
        let routes = vec![
            route("applicant", "", &["jobs@example.com"]),
            route("enquiry", "", &["office@example.com"]),
            route(
                "enquiry",
                "Corp Careers",
                &["hr@example.com", "boss@example.com"],
            ),
        ];
        replace(&conn, &routes).unwrap();
        assert_eq!(all(&conn).unwrap(), routes);
        let to = |kind, department| recipients_for(&conn, kind, department).unwrap();
        assert_eq!(
            to("enquiry", "corp careers "),
            Some(vec!["hr@example.com".into(), "boss@example.com".into()])
        );
        assert_eq!(
            to("enquiry", "Corp Team"),
            Some(vec!["office@example.com".into()])
        );
        assert_eq!(
            to("applicant", "Corp Careers"),
            Some(vec!["jobs@example.com".into()])
        );
        replace(&conn, &[route("applicant", "HR Labs", &["hr@example.com"])]).unwrap();
        assert_eq!(to("enquiry", "HR Labs"), None);
        assert_eq!(to("applicant", "Corp Team"), None);
    }
}
