//! The trash's operations: restoring what an erase or a deletion put there, erasing it for
//! good (at once, or when it has been kept the owners' days), and the days themselves. Each
//! is one transaction with its audit entry; the files of what leaves for good (resumes, the
//! media only a story showed) are deleted after it commits.

use std::path::Path;

use rusqlite::Connection;

use crate::content::media::MediaLibrary;
use crate::domain::inbox::InboxList;
use crate::office::leads::remove_resumes;
use crate::office::{Actor, Database};
use crate::store::trash::{self, Kind, Purge, Purged, Refused, Restored};
use crate::store::{audit, StoreError};

/// The audit log's subject for an item of the trash: as its list or the stories name it.
fn subject(kind: Kind, id: &str) -> String {
    match kind {
        Kind::Lead(list) => format!("{} {id}", list.item()),
        Kind::Stories => format!("story {id}"),
    }
}

/// Puts the item back exactly as it was, audited ("restored from the trash"). A story comes
/// back in the state it was in (a published one is public again at once, and mails no one).
pub fn restore(
    db: &impl Database,
    actor: Actor,
    kind: Kind,
    id: String,
) -> Result<Result<Restored, Refused>, StoreError> {
    db.write(move |conn| -> Result<_, StoreError> {
        let restored = trash::restore(conn, kind, &id)?;
        if let Ok(restored) = &restored {
            let subject = subject(kind, &id);
            audit::record(
                conn,
                &actor.audit("restored from the trash", &subject, &restored.title),
            )?;
        }
        Ok(restored)
    })
}

/// Puts back every lead of `list` one erase put in the trash (its `batch`, the bulk
/// erase's "Undo"), each audited; None when the batch holds none of the list's (restored
/// already, or never there). Run it in a transaction.
pub fn restore_batch(
    conn: &Connection,
    actor: &Actor,
    list: InboxList,
    batch: &str,
) -> Result<Option<u64>, StoreError> {
    let ids = trash::batch(conn, Kind::Lead(list), batch)?;
    if ids.is_empty() {
        return Ok(None);
    }
    let mut done = 0;
    for id in ids {
        if let Ok(restored) = trash::restore(conn, Kind::Lead(list), &id)? {
            let subject = subject(restored.kind, &id);
            audit::record(
                conn,
                &actor.audit("restored from the trash", &subject, "undo"),
            )?;
            done += 1;
        }
    }
    Ok(Some(done))
}

/// Erases the item from the trash for good, with its files, audited ("erased from the
/// trash"); false when it was not there.
pub fn erase_now(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    kind: Kind,
    id: String,
) -> Result<bool, StoreError> {
    let purged = db.write(move |conn| -> Result<Purged, StoreError> {
        let purged = trash::purge(conn, Purge::One(kind, &id))?;
        if purged.count > 0 {
            let subject = subject(kind, &id);
            audit::record(conn, &actor.audit("erased from the trash", &subject, ""))?;
        }
        Ok(purged)
    })?;
    let found = purged.count > 0;
    remove_files(data_dir, &purged);
    Ok(found)
}

/// Erases for good what the trash has kept longer than its days, with one audit entry
/// naming how many; answers how many.
pub fn purge_expired(db: &impl Database, data_dir: &Path) -> Result<u64, StoreError> {
    let purged = db.write(move |conn| -> Result<Purged, StoreError> {
        let purged = trash::purge(conn, Purge::Expired)?;
        if purged.count > 0 {
            let days = trash::days(conn)?;
            let detail = format!("{} kept longer than {days} days", purged.count);
            audit::record(
                conn,
                &Actor::scheduler().audit("erased from the trash", "the trash", &detail),
            )?;
        }
        Ok(purged)
    })?;
    remove_files(data_dir, &purged);
    Ok(purged.count)
}

/// Deletes the files of what left the trash; one that cannot be is logged (its row is gone,
/// and the start's sweep moves it aside).
fn remove_files(data_dir: &Path, purged: &Purged) {
    for (file, err) in remove_resumes(data_dir, &purged.resumes) {
        tracing::warn!(file, error = %err, "cannot delete a resume file that left the trash");
    }
    MediaLibrary::new(data_dir).remove(&purged.media);
}
