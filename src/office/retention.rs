//! The daily erasure of what is past the retention rules: every list's leads whose purpose
//! ended longer ago than its rule, erased as a privacy erasure erases (rows, notes, replies,
//! sources, mail; the resume files after the commit; no trash), with one audit line of the
//! counts. And the rules themselves, set by the owners.

use std::path::Path;

use crate::domain::bulk::Target;
use crate::domain::inbox::InboxList;
use crate::domain::retention::Rule;
use crate::office::leads::remove_resumes;
use crate::office::{Actor, Database};
use crate::store::{audit, bulk, retention, StoreError};

/// How many leads of each list one run erased.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Erased {
    pub enquiries: u64,
    pub subscribers: u64,
    pub applicants: u64,
}

impl Erased {
    pub fn total(&self) -> u64 {
        self.enquiries + self.subscribers + self.applicants
    }

    /// The audit line's detail: "2 enquiries, 0 subscribers, 1 application".
    pub fn counted(&self) -> String {
        let said =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{}, {}, {}",
            said(self.enquiries, "enquiry", "enquiries"),
            said(self.subscribers, "subscriber", "subscribers"),
            said(self.applicants, "application", "applications"),
        )
    }
}

/// Erases what is past the rules now, in one transaction, audited once ("erased by the
/// retention rules", when anything was); then the resume files.
pub fn run(db: &impl Database, data_dir: &Path) -> Result<Erased, StoreError> {
    let (erased, files) = db.write(|conn| -> Result<_, StoreError> {
        let mut erased = Erased::default();
        let mut files = Vec::new();
        for rule in retention::rules(conn)? {
            let Some(months) = rule.months else { continue };
            let ids = retention::past(conn, rule.list, months)?;
            if ids.is_empty() {
                continue;
            }
            let (count, resumes) = bulk::erase(conn, rule.list, &Target::Ids(ids), None, None)?;
            files.extend(resumes);
            match rule.list {
                InboxList::Enquiries => erased.enquiries = count,
                InboxList::Subscribers => erased.subscribers = count,
                InboxList::Applicants => erased.applicants = count,
            }
        }
        if erased.total() > 0 {
            let detail = erased.counted();
            audit::record(
                conn,
                &Actor::scheduler().audit("erased by the retention rules", "the inbox", &detail),
            )?;
        }
        Ok((erased, files))
    })?;
    for (file, err) in remove_resumes(data_dir, &files) {
        tracing::warn!(file, error = %err, "cannot delete a resume file past the retention rules");
    }
    Ok(erased)
}

/// Sets the rules, audited ("set the retention rules", the months of each list).
pub fn set_rules(db: &impl Database, actor: Actor, rules: Vec<Rule>) -> Result<(), StoreError> {
    db.write(move |conn| -> Result<(), StoreError> {
        retention::set(conn, &rules, &actor.name)?;
        let detail = rules
            .iter()
            .map(|rule| match rule.months {
                Some(months) => format!("{}: {months} months", rule.list.name()),
                None => format!("{}: kept", rule.list.name()),
            })
            .collect::<Vec<_>>()
            .join(", ");
        audit::record(
            conn,
            &actor.audit("set the retention rules", "the inbox", &detail),
        )?;
        Ok(())
    })
}
