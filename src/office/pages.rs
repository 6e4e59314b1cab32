//! The page editor's operations: a page's draft saved (a save, an autosave, a revision
//! restored, a field back to its default), published now or scheduled. Each is one
//! transaction with the page's revision check, its kept revision and its audit entry
//! (subject `page {key}`); an autosave is not audited (its revision row says who and when).
//!
//! What the office saves is checked against the page's schema (`domain::pages::schema`),
//! its pictures against what the site has: a media file the staff upload stored, or a
//! picture the build compiled in (`render::page_defaults`).

use std::path::Path;

use jiff::Timestamp;
use rusqlite::Connection;
use serde_json::{Map, Value};

use crate::content::media::MediaLibrary;
use crate::domain::fields::FieldErrors;
use crate::domain::pages::schema::{validate, Overrides, PageSchema};
use crate::domain::sanitize::is_media_path;
use crate::domain::story::future_time;
use crate::office::{Actor, Database};
use crate::render::engine::RenderError;
use crate::render::page_defaults::PageDefaults;
use crate::store::pages::{self, Kept, Stale};
use crate::store::{audit, StoreError};

/// Why a page's change was not made; nothing is stored then.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// Every bad field, named by its path.
    #[error("the page's fields are refused: {0:?}")]
    Invalid(FieldErrors),
    /// Someone saved the page since the revision the change started from.
    #[error("the page was saved since: {0:?}")]
    Stale(Stale),
    /// The page has no such revision.
    #[error("the page has no such revision")]
    NoRevision,
    /// The page has no such field.
    #[error("the page has no such field")]
    NoField,
    /// The defaults could not be read from the bundle.
    #[error(transparent)]
    Defaults(#[from] RenderError),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Which kind of draft save a save is, as a story's: what its revision row and the audit
/// log say.
pub use crate::office::stories::How;

/// Saves `fields` (`{path: value}`) as the draft of `page` if it is still at `revision`:
/// checked, stored with its revision kept, audited (`How`). Answers the new revision.
pub fn save(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    page: &'static PageSchema,
    revision: i64,
    fields: &Map<String, Value>,
    how: How,
) -> Result<i64, PageError> {
    let cleaned = checked(data_dir, page, fields)?;
    let (action, audited) = match how {
        How::Save => ("saved".to_owned(), Some("saved page draft".to_owned())),
        How::Autosave => ("autosaved".to_owned(), None),
        How::Restore(number) => (
            format!("restored revision {number}"),
            Some(format!("restored page revision {number}")),
        ),
    };
    write_draft(
        db,
        actor,
        page,
        revision,
        &cleaned,
        action,
        audited,
        how == How::Autosave,
    )
}

/// Restores revision `number` of `page`: a save (through `save`, with its checks) of that
/// revision's draft, made from the page's current `revision`.
pub fn restore(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    page: &'static PageSchema,
    number: i64,
    revision: i64,
) -> Result<i64, PageError> {
    let fields = db
        .read(|conn| pages::revision(conn, page.key, number))?
        .ok_or(PageError::NoRevision)?
        .1;
    let fields: Map<String, Value> = serde_json::from_str(&fields)?;
    save(
        db,
        data_dir,
        actor,
        page,
        revision,
        &fields,
        How::Restore(number),
    )
}

/// Takes the field `path` of `page`'s draft back to its default (out of the draft), if the
/// page is still at `revision`: a save of the rest, audited as "reset page field to default"
/// with the field's label. Answers the new revision.
pub fn reset_field(
    db: &impl Database,
    actor: Actor,
    page: &'static PageSchema,
    path: &str,
    revision: i64,
) -> Result<i64, PageError> {
    let field = page.field(path).ok_or(PageError::NoField)?;
    let mut draft: Overrides =
        serde_json::from_str(&db.read(|conn| pages::get(conn, page.key))?.draft)?;
    // The rest of the draft was checked when it was saved.
    draft.remove(path);
    write_draft(
        db,
        actor,
        page,
        revision,
        &draft,
        format!("reset {}", field.label),
        Some("reset page field to default".to_owned()),
        false,
    )
}

/// Publishes `page`'s draft, if the page is still at `revision`: now, or at `publish_at`
/// (RFC 3339, in the future; the draft as it is now goes public then). Audited "published
/// page" or "scheduled page for ...". Answers the time it is scheduled for, if it is.
pub fn publish(
    db: &impl Database,
    actor: Actor,
    page: &'static PageSchema,
    revision: i64,
    publish_at: Option<&str>,
) -> Result<Option<String>, PageError> {
    let at = match publish_at.map(str::trim).filter(|at| !at.is_empty()) {
        None => None,
        Some(raw) => Some(
            future_time(raw, Timestamp::now())
                .map_err(|problem| PageError::Invalid(FieldErrors::one("publish_at", problem)))?,
        ),
    };
    let key = page.key;
    let scheduled = at.clone();
    db.write(move |conn| -> Result<_, PageError> {
        let (done, action) = match &scheduled {
            None => (
                pages::publish(conn, key, revision, &actor.name)?,
                "published page".to_owned(),
            ),
            Some(at) => (
                pages::schedule(conn, key, revision, at, &actor.name)?,
                format!("scheduled page for {at}"),
            ),
        };
        done.map_err(PageError::Stale)?;
        audit_page(conn, &actor, &action, key, page.title)?;
        Ok(())
    })?;
    Ok(at)
}

/// Stores `draft` (checked) as `page`'s draft at `revision`, keeping the revision (`action`)
/// and the audit entry (`audited`, None for none), in one transaction.
#[allow(clippy::too_many_arguments)]
fn write_draft(
    db: &impl Database,
    actor: Actor,
    page: &'static PageSchema,
    revision: i64,
    draft: &Overrides,
    action: String,
    audited: Option<String>,
    autosave: bool,
) -> Result<i64, PageError> {
    let draft = serde_json::to_string(draft)?;
    let key = page.key;
    db.write(move |conn| -> Result<i64, PageError> {
        let kept = Kept {
            by: &actor.name,
            autosave,
            action: &action,
        };
        let saved =
            pages::save_draft(conn, key, revision, &draft, &kept)?.map_err(PageError::Stale)?;
        if let Some(audited) = audited {
            let detail = match action.strip_prefix("reset ") {
                Some(label) => label,
                None => page.title,
            };
            audit_page(conn, &actor, &audited, key, detail)?;
        }
        Ok(saved)
    })
}

/// `fields` checked against `page`'s schema and the pictures the site has (what a save
/// stores, and what the editor's preview shows).
pub fn checked(
    data_dir: &Path,
    page: &PageSchema,
    fields: &Map<String, Value>,
) -> Result<Overrides, PageError> {
    checked_with(data_dir, page, fields, &|_| false)
}

/// `checked`, with the pictures `arriving` says are about to be stored too (a settings
/// import's, checked before anything is stored).
pub fn checked_with(
    data_dir: &Path,
    page: &PageSchema,
    fields: &Map<String, Value>,
    arriving: &dyn Fn(&str) -> bool,
) -> Result<Overrides, PageError> {
    let defaults = PageDefaults::bundled()?;
    let library = MediaLibrary::new(data_dir);
    let known = |src: &str| {
        defaults.is_default_image(src)
            || (is_media_path(src) && (arriving(src) || library.root().join(src).is_file()))
    };
    validate(page, fields, &known).map_err(PageError::Invalid)
}

/// What a settings import brings of `page`, checked (`checked_with`): the values visitors
/// are to see, and the draft when it differs from them.
pub struct Arriving {
    pub page: &'static PageSchema,
    pub published: Overrides,
    pub draft: Option<Overrides>,
}

/// Makes `page` what a settings import brings (checked before anything was stored, and
/// again by each save): when its published values differ, a save of them and a publish;
/// then, when the draft to keep differs from the draft here, a save of it. Each a
/// transaction of its own with its revision and audit entry, as the editor's. Answers
/// whether anything changed.
pub fn import(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    arriving: &Arriving,
) -> Result<bool, PageError> {
    let page = arriving.page;
    let row = db.read(|conn| pages::get(conn, page.key))?;
    // A save of `overrides` as the draft, from `revision`.
    let save_from = |revision: i64, overrides: &Overrides| {
        let fields = overrides.clone().into_iter().collect::<Map<_, _>>();
        save(
            db,
            data_dir,
            actor.clone(),
            page,
            revision,
            &fields,
            How::Save,
        )
    };
    let mut revision = row.revision;
    let mut draft_here: Overrides = serde_json::from_str(&row.draft)?;
    let mut changed = false;
    if serde_json::from_str::<Overrides>(&row.published)? != arriving.published {
        revision = save_from(revision, &arriving.published)?;
        publish(db, actor.clone(), page, revision, None)?;
        draft_here.clone_from(&arriving.published);
        changed = true;
    }
    let draft = arriving.draft.as_ref().unwrap_or(&arriving.published);
    if draft_here != *draft {
        save_from(revision, draft)?;
        changed = true;
    }
    Ok(changed)
}

fn audit_page(
    conn: &Connection,
    actor: &Actor,
    action: &str,
    key: &str,
    detail: &str,
) -> Result<(), StoreError> {
    let subject = format!("page {key}");
    Ok(audit::record(conn, &actor.audit(action, &subject, detail))?)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::pages::catalog;
    use crate::office::testing::{ann, audited, ANN};
    use crate::store::migrated;

    fn home() -> &'static PageSchema {
        catalog::page("home").expect("home")
    }

    fn fields(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => panic!("not an object"),
        }
    }

    #[test]
    fn a_page_is_saved_reset_restored_and_published_each_audited() {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        let headline = json!({"homeContent.hero.headline": "Work, done well."});
        let first = save(
            &conn,
            dir.path(),
            ann(),
            home(),
            0,
            &fields(headline),
            How::Save,
        )
        .expect("save");
        assert_eq!(first, 1);
        let stale = save(&conn, dir.path(), ann(), home(), 0, &Map::new(), How::Save);
        assert!(matches!(stale, Err(PageError::Stale(_))), "{stale:?}");
        let refused = save(
            &conn,
            dir.path(),
            ann(),
            home(),
            1,
            &fields(json!({"homeContent.hero.headline": ""})),
            How::Save,
        );
        let Err(PageError::Invalid(errors)) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert_eq!(
            errors.into_map()["homeContent.hero.headline"],
            "Hero: headline cannot be empty."
        );
        let second =
            reset_field(&conn, ann(), home(), "homeContent.hero.headline", 1).expect("reset");
        assert_eq!(pages::get(&conn, "home").expect("read").draft, "{}");
        assert!(matches!(
            reset_field(&conn, ann(), home(), "nothing.here", second),
            Err(PageError::NoField)
        ));
        let third = restore(&conn, dir.path(), ann(), home(), 1, second).expect("restore");
        assert_eq!(
            pages::get(&conn, "home").expect("read").draft,
            r#"{"homeContent.hero.headline":"Work, done well."}"#
        );
        assert_eq!(
            publish(&conn, ann(), home(), third, None).expect("publish"),
            None
        );
        let refused = publish(&conn, ann(), home(), third, Some("2020-01-01T00:00:00Z"));
        assert!(matches!(refused, Err(PageError::Invalid(_))), "{refused:?}");
        let at = publish(
            &conn,
            ann(),
            home(),
            third,
            Some("2099-01-01T09:00:00+05:30"),
        )
        .expect("schedule");
        assert_eq!(at.as_deref(), Some("2099-01-01T03:30:00Z"));
        assert_eq!(
            audited(&conn),
            [
                [ANN, "saved page draft", "page home", "Home"],
                [
                    ANN,
                    "reset page field to default",
                    "page home",
                    "Hero: headline"
                ],
                [ANN, "restored page revision 1", "page home", "Home"],
                [ANN, "published page", "page home", "Home"],
                [
                    ANN,
                    "scheduled page for 2099-01-01T03:30:00Z",
                    "page home",
                    "Home"
                ],
            ]
        );
    }

    #[test]
    fn a_picture_must_be_one_the_site_has() {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        let stored = MediaLibrary::new(dir.path())
            .root()
            .join("pages/0123456789abcdef.webp");
        std::fs::create_dir_all(stored.parent().expect("folder")).expect("folder");
        std::fs::write(&stored, b"webp").expect("file");
        let picture =
            |src: &str| fields(json!({"transactionsSite.image": {"src": src, "alt": "A skyline"}}));
        save(
            &conn,
            dir.path(),
            ann(),
            home(),
            0,
            &picture("pages/0123456789abcdef.webp"),
            How::Autosave,
        )
        .expect("a stored upload");
        let missing = save(
            &conn,
            dir.path(),
            ann(),
            home(),
            1,
            &picture("pages/fedcba9876543210.webp"),
            How::Save,
        );
        assert!(matches!(missing, Err(PageError::Invalid(_))), "{missing:?}");
        assert!(audited(&conn).is_empty(), "an autosave is not audited");
    }

    #[test]
    fn an_import_saves_and_publishes_what_differs_and_leaves_what_is_the_same() {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        let overrides = |value: Value| -> Overrides { fields(value).into_iter().collect() };
        let arriving = Arriving {
            page: home(),
            published: overrides(json!({"homeContent.hero.headline": "Public."})),
            draft: Some(overrides(json!({"homeContent.hero.headline": "Coming."}))),
        };
        let cli = Actor::command_line;
        assert!(import(&conn, dir.path(), cli(), &arriving).expect("import"));
        let row = pages::get(&conn, "home").expect("read");
        assert_eq!(row.published, r#"{"homeContent.hero.headline":"Public."}"#);
        assert_eq!(row.draft, r#"{"homeContent.hero.headline":"Coming."}"#);
        assert_eq!(row.revision, 2);
        assert!(
            !import(&conn, dir.path(), cli(), &arriving).expect("again"),
            "nothing differs"
        );
        assert_eq!(pages::get(&conn, "home").expect("read").revision, 2);
        // Without a draft of its own, the draft is the published values.
        let no_draft = Arriving {
            draft: None,
            ..arriving
        };
        assert!(import(&conn, dir.path(), cli(), &no_draft).expect("import"));
        let row = pages::get(&conn, "home").expect("read");
        assert_eq!(
            (row.draft.as_str(), row.revision),
            (row.published.as_str(), 3)
        );
        let by = crate::office::testing::COMMAND_LINE;
        assert_eq!(
            audited(&conn),
            [
                [by, "saved page draft", "page home", "Home"],
                [by, "published page", "page home", "Home"],
                [by, "saved page draft", "page home", "Home"],
                [by, "saved page draft", "page home", "Home"],
            ]
        );
    }
}
