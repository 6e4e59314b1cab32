//! The leads' operations: setting their status, and erasing them with their resume files
//! (a lead, many of a list, or every record of one person).

use std::io;
use std::path::Path;

use rusqlite::Connection;

use crate::domain::bulk::Target;
use crate::domain::fields::Email;
use crate::domain::inbox::{InboxList, Status};
use crate::office::{Actor, Database};
use crate::store::audit;
use crate::store::uploads::uploads_dir;
use crate::store::{ballast, bulk, inbox, trash, StoreError};

/// The leads of a list an inbox action is on: one, or many (the ids ticked, or every row a
/// filter matches when the action runs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    One(String),
    Many(Target),
}

/// Sets the status of the leads `picked` in `list`, as set by the actor, now. Each lead set
/// has its audit entry, "set status" (subject `{item} {id}`, detail the status, and for
/// many, of how many). Answers how many were set: none for a lead not in the list. Run it in
/// a transaction.
pub fn set_status(
    conn: &Connection,
    actor: &Actor,
    list: InboxList,
    picked: &Picked,
    status: Status,
) -> rusqlite::Result<(u64, Option<String>)> {
    let audit = actor.audit("set status", "", status.as_str());
    match picked {
        Picked::One(id) => {
            let undo = bulk::keep_one_for_undo(conn, list, id, status, &actor.name)?;
            if !inbox::set_status(conn, list, id, status, &actor.name)? {
                return Ok((0, None));
            }
            let subject = format!("{} {id}", list.item());
            audit::record(
                conn,
                &audit::Audit {
                    subject: &subject,
                    ..audit
                },
            )?;
            Ok((1, Some(undo)))
        }
        Picked::Many(target) => {
            let (done, undo) = bulk::set_status(conn, list, target, status, &audit)?;
            Ok((done, Some(undo)))
        }
    }
}

/// Puts the leads a status change (`set_status`, its token `undo`) changed back as they were,
/// each audited ("undid set status"); None when the token is not one of this list's, or too
/// old.
pub fn undo_status(
    conn: &Connection,
    actor: &Actor,
    list: InboxList,
    undo: &str,
) -> rusqlite::Result<Option<u64>> {
    bulk::undo(conn, list, undo, &actor.audit("undid set status", "", ""))
}

/// What is erased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Erasure {
    /// Leads of one list, as the inbox erases them: into the trash (`store::trash`), with
    /// their notes, replies, sources, mail and resume files, whence they can be restored.
    Leads(InboxList, Picked),
    /// Every enquiry, subscription and application of one address, in any case, and that
    /// address's leads in the trash: the erasure a person asks for ("Erase for privacy",
    /// `corpsite leads erase`). Final at once, and written to the erasure ledger so that
    /// `corpsite restore` erases them again from an older backup.
    Person(Email),
}

/// What an erasure did.
#[derive(Debug, Default)]
pub struct Erased {
    /// Enquiries and subscriptions erased.
    pub enquiries: u64,
    /// Applications erased.
    pub applicants: u64,
    /// The resume files that could not be deleted, and why (their rows are gone).
    pub files_left: Vec<(String, io::Error)>,
    /// On a full disk, the room a person's erasure made before it could write.
    pub made_room: Option<MadeRoom>,
    /// The trash's name for what went there (the "Undo" of a bulk erase); None for a
    /// person's erasure, which skips the trash.
    pub batch: Option<String>,
}

impl Erased {
    /// How many leads were erased.
    pub fn count(&self) -> u64 {
        self.enquiries + self.applicants
    }

    /// The audit log's detail for a person's erasure, and what the command line says.
    pub fn counted(&self) -> String {
        format!(
            "{} enquiries or subscriptions, {} applications",
            self.enquiries, self.applicants
        )
    }
}

/// The room an erasure made on a full disk before its rows could go: the person's resume
/// files deleted first (they are being erased anyway), and the server's 1 MiB reserve
/// (`store::ballast`, written again at the server's next start).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MadeRoom {
    pub files: usize,
    pub reserve: bool,
}

/// Erases the leads `erasure` names, in one transaction: their rows, notes, search entries
/// and queued mail (`store::inbox`'s triggers), and one audit entry, "erased", a lead
/// (subject `{item} {id}`; for a person, "a person's records" with the counts: the log
/// keeps no address). Then deletes their resume files from the uploads of `data_dir`.
///
/// A person's erasure works on a full disk too: when the database cannot write even a
/// deletion, the person's resume files go first, and the server's reserve, and it writes
/// again (`Erased::made_room`).
pub fn erase(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    erasure: Erasure,
) -> Result<Erased, StoreError> {
    let (mut erased, files) = match erase_rows(db, actor.clone(), erasure.clone()) {
        Err(err) if is_disk_full(&err) => {
            let Erasure::Person(email) = &erasure else {
                return Err(err);
            };
            let folded = email.folded();
            let files = db.read(|conn| Ok(inbox::resume_files_of(conn, &folded)?))?;
            let failed = remove_resumes(data_dir, &files).len();
            let reserve = ballast::release(data_dir);
            let (mut erased, files) = erase_rows(db, actor, erasure)?;
            erased.made_room = Some(MadeRoom {
                files: files.len() - failed,
                reserve,
            });
            (erased, files)
        }
        erased => erased?,
    };
    erased.files_left = remove_resumes(data_dir, &files);
    Ok(erased)
}

/// The rows of an erasure, and its audit entry, in one transaction; answers what was erased
/// and the resume files to delete now that it is committed.
fn erase_rows(
    db: &impl Database,
    actor: Actor,
    erasure: Erasure,
) -> Result<(Erased, Vec<String>), StoreError> {
    db.write(move |conn| -> Result<_, StoreError> {
        let audit = actor.audit("erased", "", "");
        let (list, picked) = match &erasure {
            Erasure::Leads(list, picked) => (*list, picked),
            Erasure::Person(email) => {
                let folded = email.folded();
                let mut rows = inbox::erase_person(conn, &folded)?;
                let trashed = trash::purge(conn, trash::Purge::Person(&folded))?;
                rows.resume_files.extend(trashed.resumes);
                trash::record_erasure(conn, &folded)?;
                let erased = Erased {
                    enquiries: rows.enquiries as u64,
                    applicants: rows.applicants as u64,
                    ..Erased::default()
                };
                let detail = erased.counted();
                let subject = "a person's records";
                audit::record(
                    conn,
                    &audit::Audit {
                        subject,
                        detail: &detail,
                        ..audit
                    },
                )?;
                return Ok((erased, rows.resume_files));
            }
        };
        // Into the trash: the resume files stay, kept for it.
        let batch: String =
            conn.query_row("SELECT lower(hex(randomblob(16)))", [], |row| row.get(0))?;
        let count = match picked {
            Picked::One(id) => {
                trash::keep_leads(conn, list, "?4", Some(id), &batch, &actor.name)?;
                if inbox::erase(conn, list, id)?.is_none() {
                    0
                } else {
                    let subject = format!("{} {id}", list.item());
                    audit::record(
                        conn,
                        &audit::Audit {
                            subject: &subject,
                            ..audit
                        },
                    )?;
                    1
                }
            }
            Picked::Many(target) => bulk::erase(conn, list, target, Some(&audit), Some(&batch))?.0,
        };
        let mut erased = Erased {
            batch: (count > 0).then_some(batch),
            ..Erased::default()
        };
        if list == InboxList::Applicants {
            erased.applicants = count;
        } else {
            erased.enquiries = count;
        }
        Ok((erased, Vec::new()))
    })
}

/// The erasure ledger of the database in `data_dir` (the hashed addresses erased for
/// privacy), read before a restore replaces it; none when there is no database, or one from
/// before the ledger existed.
pub fn ledger_of(data_dir: &Path) -> rusqlite::Result<Vec<String>> {
    let path = data_dir.join(crate::store::DB_FILE);
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let conn =
        rusqlite::Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let has_ledger: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'erasure_ledger')",
        [],
        |row| row.get(0),
    )?;
    if has_ledger {
        trash::ledger(&conn)
    } else {
        Ok(Vec::new())
    }
}

/// After a restore: adds `ledger` (the replaced database's) to the restored one's, and
/// erases for privacy again every address either ledger names that the restored database
/// holds (leads and trash), with the resume files. Answers how many addresses it erased.
pub fn reapply_erasures(
    conn: &Connection,
    data_dir: &Path,
    ledger: &[String],
) -> Result<usize, StoreError> {
    trash::add_to_ledger(conn, ledger)?;
    let addresses = trash::ledgered_addresses(conn)?;
    let mut erased = 0;
    for address in addresses {
        let Ok(email) = Email::parse(&address) else {
            continue;
        };
        let done = erase(
            conn,
            data_dir,
            Actor::command_line(),
            Erasure::Person(email),
        )?;
        for (file, err) in done.files_left {
            tracing::warn!(file, error = %err, "cannot delete a resume file of a person erased again");
        }
        erased += 1;
    }
    Ok(erased)
}

/// Whether the database could not write for a full disk.
fn is_disk_full(err: &StoreError) -> bool {
    let code = match err {
        StoreError::Sqlite(err) => err.sqlite_error_code(),
        StoreError::Commit(err) => err.sqlite_error_code(),
        _ => None,
    };
    code == Some(rusqlite::ErrorCode::DiskFull)
}

/// Deletes the stored resume `files` (as the rows named them) of the data dir `data_dir`. A
/// file already gone is no failure; answers the ones that could not be deleted.
pub(crate) fn remove_resumes(data_dir: &Path, files: &[String]) -> Vec<(String, io::Error)> {
    let uploads = uploads_dir(data_dir);
    let mut failures = Vec::new();
    for file in files {
        if let Some(name) = Path::new(file).file_name() {
            match std::fs::remove_file(uploads.join(name)) {
                Err(err) if err.kind() != io::ErrorKind::NotFound => {
                    failures.push((file.clone(), err))
                }
                _ => {}
            }
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::office::testing::{ann, audited, ANN, COMMAND_LINE};
    use crate::store::migrated;

    /// A database and a data dir with contact enquiries `e1`..`e3` from asha@x.in, a
    /// subscription and an enquiry from Ravi, and Ravi's application with its resume file.
    fn seeded() -> (Connection, tempfile::TempDir) {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        conn.execute_batch(
            "INSERT INTO enquiries (id, kind, name, email, email_folded, mobile, requirment, department_website, service)
             VALUES ('e1', 'contact', 'Asha', 'asha@x.in', 'asha@x.in', '1', 'office', 'Corp Team', ''),
                    ('e2', 'contact', 'Asha', 'asha@x.in', 'asha@x.in', '1', 'office', 'Corp Team', ''),
                    ('e3', 'contact', 'Asha', 'asha@x.in', 'asha@x.in', '1', 'office', 'Corp Team', ''),
                    ('r1', 'contact', 'Ravi', 'Ravi@X.in', 'ravi@x.in', '1', 'office', 'Corp Team', ''),
                    ('s1', 'subscription', '', 'ravi@x.in', 'ravi@x.in', '', '', 'Corp Blogs', 'Blogs');
             INSERT INTO applicants (id, name, mobile, email, experience, previous_company, query, department_website,
                                     resume_file, resume_original_name, resume_type, resume_size)
             VALUES ('a1', 'Ravi', '1', 'RAVI@x.in', 4, 'Acme', '', 'Corp Careers', 'a1.pdf', 'cv.pdf', 'application/pdf', 1);",
        )
        .expect("seed");
        let uploads = uploads_dir(dir.path());
        std::fs::create_dir_all(&uploads).expect("uploads");
        std::fs::write(uploads.join("a1.pdf"), b"%PDF").expect("resume");
        (conn, dir)
    }

    fn ids(conn: &Connection, table: &str) -> Vec<String> {
        conn.prepare(&format!("SELECT id FROM {table} ORDER BY id"))
            .expect("ids")
            .query_map([], |row| row.get(0))
            .expect("ids")
            .collect::<rusqlite::Result<_>>()
            .expect("ids")
    }

    #[test]
    fn a_status_is_set_on_one_lead_or_many_by_the_actor_each_audited_in_one_wording() {
        let (conn, _dir) = seeded();
        let one = Picked::One("e1".into());
        let set = set_status(&conn, &ann(), InboxList::Enquiries, &one, Status::Done);
        assert_eq!(set.expect("set").0, 1);
        let gone = Picked::One("s1".into());
        let set = set_status(&conn, &ann(), InboxList::Enquiries, &gone, Status::Done);
        assert_eq!(
            set.expect("set"),
            (0, None),
            "a subscriber is not an enquiry"
        );
        let many = Picked::Many(Target::Ids(vec!["e2".into(), "e3".into()]));
        let set = set_status(&conn, &ann(), InboxList::Enquiries, &many, Status::Spam);
        assert_eq!(set.expect("set").0, 2);
        let by: String = conn
            .query_row("SELECT status_by FROM enquiries WHERE id = 'e1'", [], |r| {
                r.get(0)
            })
            .expect("by");
        assert_eq!(by, ann().name);
        let set = [
            ("enquiry e1", "done"),
            ("enquiry e2", "spam (bulk of 2)"),
            ("enquiry e3", "spam (bulk of 2)"),
        ];
        let expected = set.map(|(subject, detail)| [ANN, "set status", subject, detail]);
        assert_eq!(audited(&conn), expected);
    }

    #[test]
    fn erased_leads_go_to_the_trash_with_their_resume_files_and_each_id_is_audited() {
        let (conn, dir) = seeded();
        let applicant = Erasure::Leads(InboxList::Applicants, Picked::One("a1".into()));
        let erased = erase(&conn, dir.path(), ann(), applicant.clone()).expect("erase");
        assert_eq!((erased.enquiries, erased.applicants), (0, 1));
        assert!(erased.files_left.is_empty() && erased.batch.is_some());
        let resume = uploads_dir(dir.path()).join("a1.pdf");
        assert!(resume.is_file(), "the resume is kept for the trash");
        assert!(ids(&conn, "applicants").is_empty());
        let again = erase(&conn, dir.path(), ann(), applicant).expect("erase");
        assert_eq!(again.count(), 0, "nothing left to erase");
        let ticked = Target::Ids(vec!["e1".into(), "e2".into(), "s1".into()]);
        let enquiries = Erasure::Leads(InboxList::Enquiries, Picked::Many(ticked));
        let erased = erase(&conn, dir.path(), ann(), enquiries).expect("erase");
        assert_eq!((erased.enquiries, erased.applicants), (2, 0));
        assert_eq!(ids(&conn, "enquiries"), ["e3", "r1", "s1"]);
        let erased = [
            ("applicant a1", ""),
            ("enquiry e1", "bulk of 2"),
            ("enquiry e2", "bulk of 2"),
        ];
        let expected = erased.map(|(subject, detail)| [ANN, "erased", subject, detail]);
        assert_eq!(audited(&conn), expected);
        let gone = crate::office::trash::erase_now(
            &conn,
            dir.path(),
            ann(),
            crate::store::trash::Kind::Lead(InboxList::Applicants),
            "a1".into(),
        );
        assert!(gone.expect("erased from the trash"));
        assert!(!resume.exists(), "the resume goes when it leaves the trash");
    }

    #[test]
    fn a_persons_erasure_takes_every_record_of_the_address_and_the_log_keeps_no_address() {
        let (conn, dir) = seeded();
        let person = Erasure::Person(Email::parse("ravi@X.IN").expect("email"));
        let erased = erase(&conn, dir.path(), Actor::command_line(), person).expect("erase");
        assert_eq!((erased.enquiries, erased.applicants), (2, 1));
        assert!(erased.made_room.is_none() && erased.files_left.is_empty());
        assert_eq!(ids(&conn, "enquiries"), ["e1", "e2", "e3"]);
        assert!(ids(&conn, "applicants").is_empty());
        assert!(
            !uploads_dir(dir.path()).join("a1.pdf").exists(),
            "the resume is gone"
        );
        assert_eq!(
            audited(&conn),
            [[
                COMMAND_LINE,
                "erased",
                "a person's records",
                "2 enquiries or subscriptions, 1 applications"
            ]]
        );
    }
}
