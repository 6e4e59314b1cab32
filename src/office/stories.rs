//! The stories' operations, as the editor makes them: a story created, saved (a save, the
//! editor's autosave, a revision restored) and deleted. Each is one transaction with the
//! story's revision and its audit entry, named by `stories::rippled` (the content version
//! the public caches follow, the story mails queued), and then deletes the media nothing
//! uses any more.
//!
//! `corpsite blog ...` publishes post files instead (`content`): no form, no revision, no
//! audit entry.

use std::path::Path;

use jiff::Timestamp;
use rusqlite::Connection;

use crate::content::media::MediaLibrary;
use crate::domain::blog_id::BlogId;
use crate::domain::fields::FieldErrors;
use crate::domain::story::{CheckedStory, StoryForm, StoryState};
use crate::domain::utc::{self, parse_day};
use crate::office::{Actor, Database};
use crate::store::audit;
use crate::store::blogs::{Author, Editorial, NewBlog};
use crate::store::stories::revisions::{self, Kept, RevisionLine};
use crate::store::stories::{self, Refused, Ripple, Story};
use crate::store::{company_details, StoreError};

/// Why a story was not created, saved, restored or deleted; nothing is stored then.
#[derive(Debug, thiserror::Error)]
pub enum StoryError {
    /// The form's bad fields, every one named.
    #[error("the story's form has bad fields: {0:?}")]
    Invalid(FieldErrors),
    /// The story as it stands refused the change: it is gone, someone saved it since, or an
    /// autosave found it no longer a draft.
    #[error("the story refused the change: {0:?}")]
    Refused(Refused),
    /// The story has no such revision.
    #[error("the story has no such revision")]
    NoRevision,
    /// A form could not be kept or read back as JSON.
    #[error(transparent)]
    Form(#[from] serde_json::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Which kind of save a save is: what its revision says and what the audit log keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    Save,
    /// The editor's own save of a draft while someone types. Not audited (a few a minute
    /// would bury the log): its revision row says who and when.
    Autosave,
    /// Bringing back the text of revision N.
    Restore(i64),
}

/// Creates a story from the editor's form: checked, stored with its first revision, audited
/// ("created story", or "created and published story"). Answers its id and revision.
pub fn create(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    form: StoryForm,
) -> Result<(BlogId, i64), StoryError> {
    let checked = checked(db, data_dir, form)?;
    let kept = kept(&checked, &actor, false)?;
    let blog = new_blog(checked, &actor);
    let ((id, revision), ripple) = db.write(move |conn| -> Result<_, StoreError> {
        stories::rippled(conn, |conn| {
            let (id, revision) = stories::create(conn, &blog, &kept)?;
            audit(conn, &actor, &action(None, &blog), &id, &blog.title)?;
            Ok((id, revision))
        })
    })?;
    rippled("created", &id, ripple);
    Ok((id, revision))
}

/// Saves the story `id` from the editor's form if it is still at `revision` (an autosave:
/// and still a draft): checked, stored, kept as a revision and audited (`How`: what the
/// audit log says, `action` below) in one transaction; then the media nothing uses any more
/// are deleted. Answers the story's new revision.
pub fn save(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    id: BlogId,
    revision: i64,
    form: StoryForm,
    how: How,
) -> Result<i64, StoryError> {
    let checked = checked(db, data_dir, form)?;
    let kept = kept(&checked, &actor, how == How::Autosave)?;
    let blog = new_blog(checked, &actor);
    let lookup = id.clone();
    let (saved, ripple) = db.write(move |conn| -> Result<_, StoreError> {
        stories::rippled(conn, |conn| {
            let before = stories::get(conn, &lookup)?.map(|story| story.state);
            let saved = stories::save(conn, &lookup, revision, &blog, &kept)?;
            let action = match how {
                How::Autosave => None,
                How::Save => Some(action(before, &blog)),
                How::Restore(number) => Some(format!("restored story revision {number}")),
            };
            if let (Ok(_), Some(action)) = (&saved, action) {
                audit(conn, &actor, &action, &lookup, &blog.title)?;
            }
            Ok(saved)
        })
    })?;
    let (revision, unused) = saved.map_err(StoryError::Refused)?;
    let change = match how {
        How::Restore(_) => "restored",
        How::Save | How::Autosave => "saved",
    };
    rippled(change, &id, ripple);
    MediaLibrary::new(data_dir).remove(&unused);
    Ok(revision)
}

/// Restores revision `number` of the story `id`: a save (through `save`, with its checks and
/// refusals) of that revision's text, everything but the state and the publishing time,
/// which stay as they are now, made from the story's current `revision`. Audited as
/// "restored story revision N". Answers the story's new revision.
pub fn restore(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    id: BlogId,
    number: i64,
    revision: i64,
) -> Result<i64, StoryError> {
    let (_, snapshot, story) = db.read(|conn| Ok(read_revision(conn, &id, number)))??;
    // The story's state and time as they are now: a stale `revision` is refused by the save.
    let form = snapshot.restored(story.state, story.publish_at.as_deref(), revision);
    save(
        db,
        data_dir,
        actor,
        id,
        revision,
        form,
        How::Restore(number),
    )
}

/// Deletes the story `id` if it is still at `revision`, audited ("deleted story"): it goes to
/// the trash, with the media it shows (`office::trash` restores it or erases it for good).
pub fn delete(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    id: BlogId,
    revision: i64,
) -> Result<(), StoryError> {
    let lookup = id.clone();
    let (deleted, ripple) = db.write(move |conn| -> Result<_, StoreError> {
        stories::rippled(conn, |conn| {
            let title = stories::get(conn, &lookup)?.map(|story| story.title);
            let deleted = stories::delete(conn, &lookup, revision, &actor.name)?;
            if deleted.is_ok() {
                let title = title.unwrap_or_default();
                audit(conn, &actor, "deleted story", &lookup, &title)?;
            }
            Ok(deleted)
        })
    })?;
    let unused = deleted.map_err(StoryError::Refused)?;
    rippled("deleted", &id, ripple);
    MediaLibrary::new(data_dir).remove(&unused);
    Ok(())
}

/// The revision `number` of the story `id` with its form, and the story as it is now;
/// `Refused(NotFound)` without the story, `NoRevision` without the revision.
pub fn read_revision(
    conn: &Connection,
    id: &BlogId,
    number: i64,
) -> Result<(RevisionLine, StoryForm, Story), StoryError> {
    let story = stories::get(conn, id)?.ok_or(StoryError::Refused(Refused::NotFound))?;
    let (line, form) = revisions::get(conn, id, number)?.ok_or(StoryError::NoRevision)?;
    Ok((line, serde_json::from_str(&form)?, story))
}

/// The form, checked against the media folder as it is now. A story without a date is dated
/// the office's day (in the company details' zone), not UTC's.
fn checked(
    db: &impl Database,
    data_dir: &Path,
    form: StoryForm,
) -> Result<CheckedStory, StoryError> {
    let zone = db.read(|conn| Ok(company_details::office_zone(conn)))?;
    let today = parse_day(&zone.today()).unwrap_or_else(utc::today);
    let library = MediaLibrary::new(data_dir);
    form.check(Timestamp::now(), today, |path| {
        library.root().join(path).is_file()
    })
    .map_err(StoryError::Invalid)
}

fn new_blog(story: CheckedStory, actor: &Actor) -> NewBlog {
    let post = story.post;
    NewBlog {
        title: post.title,
        motive: post.motive,
        content: post.content,
        body_text: post.body_text,
        blog_image: story.image,
        date: post.date.to_string(),
        min_read: post.min_read,
        color: post.color.to_string(),
        tags: post.tags,
        author: post.author.map(|name| Author {
            name,
            profile_photo: story.author_photo,
        }),
        editorial: Some(Editorial {
            state: story.state,
            publish_at: story.publish_at,
            source: story.source,
            format: story.format,
            updated_by: actor.name.clone(),
        }),
    }
}

/// What the revision of a save keeps.
fn kept(story: &CheckedStory, actor: &Actor, autosave: bool) -> Result<Kept, StoryError> {
    Ok(Kept {
        by: actor.name.clone(),
        autosave,
        state: story.state,
        title: story.post.title.clone(),
        words: story.words,
        min_read_counted: story.min_read_counted,
        form: serde_json::to_string(&story.snapshot)?,
    })
}

/// What the audit log says a save did.
fn action(before: Option<StoryState>, after: &NewBlog) -> String {
    let Some(editorial) = &after.editorial else {
        return "saved story".into();
    };
    match (before, editorial.state) {
        (None, StoryState::Published) => "created and published story".into(),
        (None, _) => "created story".into(),
        (Some(StoryState::Published), StoryState::Published) => "saved story".into(),
        (_, StoryState::Published) => "published story".into(),
        (_, StoryState::Scheduled) => format!(
            "scheduled story for {}",
            editorial.publish_at.as_deref().unwrap_or("?")
        ),
        (Some(StoryState::Published), StoryState::Draft) => "unpublished story".into(),
        (_, StoryState::Draft) => "saved draft".into(),
    }
}

/// The audit entry of a change to the story `id` (subject `story {id}`, detail its title).
fn audit(
    conn: &Connection,
    actor: &Actor,
    action: &str,
    id: &BlogId,
    title: &str,
) -> Result<(), StoreError> {
    let subject = format!("story {}", id.as_str());
    Ok(audit::record(conn, &actor.audit(action, &subject, title))?)
}

/// Says what a change set going in its transaction (`stories::Ripple`): the content
/// version the public caches follow within the version watch's 0.1 s (the rendered pages,
/// the blog API, the sitemap and feed), and the story mails the outbox now holds for the
/// mail sender.
fn rippled(change: &str, id: &BlogId, ripple: Ripple) {
    tracing::info!(
        story = id.as_str(),
        content_version = ripple.content_version,
        story_mails = ripple.story_mails,
        "story {change}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::office::testing::{ann, audited, ANN};
    use crate::store::migrated;

    const COVER: &str = "blogs/0123456789abcdef.jpg";

    fn form(title: &str, state: &str) -> StoryForm {
        StoryForm {
            title: title.into(),
            motive: "How the lease came together".into(),
            tags: vec!["Real Estate".into()],
            author: None,
            author_photo: None,
            date: Some("2026-11-23".into()),
            color: None,
            image: None,
            min_read: None,
            body: "A **campus** for 900 people.".into(),
            format: "markdown".into(),
            state: state.into(),
            publish_at: None,
            revision: None,
            autosave: None,
        }
    }

    /// A data dir whose media folder has the cover image.
    fn data_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("dir");
        let cover = MediaLibrary::new(dir.path()).root().join(COVER);
        std::fs::create_dir_all(cover.parent().expect("folder")).expect("folder");
        std::fs::write(cover, b"jpeg").expect("cover");
        dir
    }

    fn title(conn: &Connection, id: &BlogId) -> (String, StoryState, i64) {
        let story = stories::get(conn, id).expect("read").expect("there");
        (story.title, story.state, story.revision)
    }

    #[test]
    fn a_story_is_created_saved_and_restored_each_kept_as_a_revision_and_audited() {
        let conn = migrated();
        let dir = data_dir();
        let (id, first) = create(&conn, dir.path(), ann(), form("First", "draft")).expect("create");
        assert_eq!(first, 1);
        let saved = save(
            &conn,
            dir.path(),
            ann(),
            id.clone(),
            first,
            form("Second", "published"),
            How::Save,
        );
        let second = saved.expect("save");
        assert_eq!(
            title(&conn, &id),
            ("Second".into(), StoryState::Published, second)
        );

        let stale = save(
            &conn,
            dir.path(),
            ann(),
            id.clone(),
            first,
            form("Lost", "draft"),
            How::Save,
        );
        assert!(
            matches!(stale, Err(StoryError::Refused(Refused::Stale { .. }))),
            "{stale:?}"
        );
        let autosaved = save(
            &conn,
            dir.path(),
            ann(),
            id.clone(),
            second,
            form("Typed", "published"),
            How::Autosave,
        );
        assert!(
            matches!(autosaved, Err(StoryError::Refused(Refused::NotDraft))),
            "{autosaved:?}"
        );

        let third = restore(&conn, dir.path(), ann(), id.clone(), first, second).expect("restore");
        assert_eq!(
            title(&conn, &id),
            ("First".into(), StoryState::Published, third),
            "the old text, the state as it is now"
        );
        let missing = restore(&conn, dir.path(), ann(), id.clone(), 99, third);
        assert!(
            matches!(missing, Err(StoryError::NoRevision)),
            "{missing:?}"
        );

        let subject = format!("story {}", id.as_str());
        assert_eq!(
            audited(&conn),
            [
                [ANN, "created story", subject.as_str(), "First"],
                [ANN, "published story", subject.as_str(), "Second"],
                [ANN, "restored story revision 1", subject.as_str(), "First"],
            ]
        );
    }

    #[test]
    fn a_form_naming_an_image_that_is_not_there_stores_nothing() {
        let conn = migrated();
        let dir = data_dir();
        let mut missing = form("First", "draft");
        missing.image = Some("blogs/fedcba9876543210.jpg".into());
        let refused = create(&conn, dir.path(), ann(), missing);
        let Err(StoryError::Invalid(errors)) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(errors.into_map().contains_key("image"));
        let stored: i64 = conn
            .query_row("SELECT count(*) FROM blogs", [], |r| r.get(0))
            .expect("count");
        assert_eq!(stored, 0);
        assert!(audited(&conn).is_empty());
    }

    #[test]
    fn a_deleted_story_keeps_its_media_in_the_trash_until_it_is_erased_from_there() {
        let conn = migrated();
        let dir = data_dir();
        let mut with_cover = form("First", "draft");
        with_cover.image = Some(COVER.into());
        let (id, revision) = create(&conn, dir.path(), ann(), with_cover).expect("create");
        let stale = delete(&conn, dir.path(), ann(), id.clone(), revision + 1);
        assert!(
            matches!(stale, Err(StoryError::Refused(Refused::Stale { .. }))),
            "{stale:?}"
        );
        let cover = MediaLibrary::new(dir.path()).root().join(COVER);
        assert!(cover.is_file(), "kept while the story is");
        delete(&conn, dir.path(), ann(), id.clone(), revision).expect("delete");
        assert!(stories::get(&conn, &id).expect("read").is_none());
        assert!(cover.is_file(), "kept for the story in the trash");
        let subject = format!("story {}", id.as_str());
        assert_eq!(
            audited(&conn)[1..],
            [[ANN, "deleted story", subject.as_str(), "First"]]
        );
        let erased = crate::office::trash::erase_now(
            &conn,
            dir.path(),
            ann(),
            crate::store::trash::Kind::Stories,
            id.as_str().to_owned(),
        );
        assert!(erased.expect("erased from the trash"));
        assert!(!cover.exists(), "the cover only it used is gone with it");
    }
}
