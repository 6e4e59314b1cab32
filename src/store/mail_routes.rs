//! Who gets the office's mail of a new lead, as set in the browser (table `mail_routes`, one
//! row per recipient). The composer reads it for every lead mail, so a change takes effect
//! with the next one. While the table is empty, `--notify-to` decides.

use rusqlite::{params, Connection};

/// The lead kinds a rule may name.
pub const KINDS: [&str; 2] = ["enquiry", "applicant"];

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

/// One `--notify-to` rule, as plain data: the department it names (`None`: every lead) and
/// its address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    pub department: Option<String>,
    pub to: String,
}

/// One way lead mail reaches an address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// `enquiry` or `applicant`.
    pub kind: String,
    /// The department (`""`: any).
    pub department: String,
    /// Through `--notify-to` (which the browser cannot change), not a rule set here.
    pub notify_to: bool,
}

fn same_address(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

fn has_rule(routes: &[Route], kind: &str, department: &str) -> bool {
    routes
        .iter()
        .any(|route| route.kind == kind && route.department.eq_ignore_ascii_case(department))
}

/// The lead mail `address` gets: the rules set here naming it, and the `--notify-to` rules
/// naming it for each kind of lead they still decide for (no rule here for any department).
pub fn reaching(routes: &[Route], notify_to: &[Fallback], address: &str) -> Vec<Reach> {
    let mut reach: Vec<Reach> = routes
        .iter()
        .filter(|route| route.recipients.iter().any(|r| same_address(r, address)))
        .map(|route| Reach {
            kind: route.kind.clone(),
            department: route.department.clone(),
            notify_to: false,
        })
        .collect();
    for kind in KINDS {
        if has_rule(routes, kind, "") {
            continue;
        }
        for rule in notify_to
            .iter()
            .filter(|rule| same_address(&rule.to, address))
        {
            let department = rule.department.clone().unwrap_or_default();
            if !department.is_empty() && has_rule(routes, kind, &department) {
                continue;
            }
            reach.push(Reach {
                kind: kind.to_owned(),
                department,
                notify_to: true,
            });
        }
    }
    reach
}

/// Gives `to` the lead mail `from` gets, in its place: in every rule naming `from`, and, when
/// `--notify-to` names `from`, in rules set here that say what `--notify-to` said for each
/// kind of lead it still decides for (so the flag no longer decides for them). Answers
/// whether anything changed.
pub fn hand_over(
    conn: &Connection,
    notify_to: &[Fallback],
    from: &str,
    to: &str,
) -> rusqlite::Result<bool> {
    let mut routes = all(conn)?;
    if notify_to.iter().any(|rule| same_address(&rule.to, from)) {
        let addresses = |department: Option<&str>| -> Vec<String> {
            notify_to
                .iter()
                .filter(|rule| match (department, rule.department.as_deref()) {
                    (None, None) => true,
                    (Some(d), Some(r)) => d.eq_ignore_ascii_case(r),
                    _ => false,
                })
                .map(|rule| rule.to.clone())
                .collect()
        };
        let mut departments: Vec<&str> = Vec::new();
        for rule in notify_to {
            if let Some(department) = rule.department.as_deref() {
                if !departments
                    .iter()
                    .any(|d| d.eq_ignore_ascii_case(department))
                {
                    departments.push(department);
                }
            }
        }
        for kind in KINDS {
            if has_rule(&routes, kind, "") {
                continue;
            }
            let mut added = Vec::new();
            for department in &departments {
                if !has_rule(&routes, kind, department) {
                    added.push(Route {
                        kind: kind.to_owned(),
                        department: (*department).to_owned(),
                        recipients: addresses(Some(department)),
                    });
                }
            }
            let general = addresses(None);
            if !general.is_empty() {
                added.push(Route {
                    kind: kind.to_owned(),
                    department: String::new(),
                    recipients: general,
                });
            }
            routes.extend(added);
        }
    }
    let mut changed = false;
    for route in &mut routes {
        if !route.recipients.iter().any(|r| same_address(r, from)) {
            continue;
        }
        changed = true;
        let mut recipients: Vec<String> = Vec::with_capacity(route.recipients.len());
        for recipient in &route.recipients {
            let address = if same_address(recipient, from) {
                to
            } else {
                recipient.as_str()
            };
            if !recipients.iter().any(|r| same_address(r, address)) {
                recipients.push(address.to_owned());
            }
        }
        route.recipients = recipients;
    }
    if changed {
        replace(conn, &routes)?;
    }
    Ok(changed)
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
    use crate::store::migrated;

    fn route(kind: &str, department: &str, to: &[&str]) -> Route {
        Route {
            kind: kind.into(),
            department: department.into(),
            recipients: to.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    fn fallback(department: Option<&str>, to: &str) -> Fallback {
        Fallback {
            department: department.map(str::to_owned),
            to: to.into(),
        }
    }

    #[test]
    fn handing_over_puts_the_new_address_where_the_old_one_was_notify_to_included() {
        let conn = migrated();
        let notify_to = [
            fallback(None, "leaver@example.com"),
            fallback(None, "office@example.com"),
            fallback(Some("HR Labs"), "hr@example.com"),
        ];
        replace(
            &conn,
            &[route(
                "applicant",
                "Corp Careers",
                &["Leaver@example.com", "boss@example.com"],
            )],
        )
        .unwrap();
        let reach = reaching(&all(&conn).unwrap(), &notify_to, "leaver@example.com");
        assert_eq!(reach.len(), 3, "{reach:?}");
        assert!(reach.iter().filter(|r| r.notify_to).count() == 2);

        assert!(hand_over(&conn, &notify_to, "leaver@example.com", "boss@example.com").unwrap());
        let to = |kind, department| recipients_for(&conn, kind, department).unwrap();
        assert_eq!(
            to("applicant", "Corp Careers"),
            Some(vec!["boss@example.com".into()])
        );
        for kind in KINDS {
            assert_eq!(
                to(kind, "Corp Team"),
                Some(vec!["boss@example.com".into(), "office@example.com".into()]),
                "{kind}"
            );
            assert_eq!(
                to(kind, "HR Labs"),
                Some(vec!["hr@example.com".into()]),
                "{kind}"
            );
        }
        assert!(reaching(&all(&conn).unwrap(), &notify_to, "leaver@example.com").is_empty());
        assert!(!hand_over(&conn, &notify_to, "nobody@example.com", "boss@example.com").unwrap());
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
