//! The company's details: saving them, from the staff's screen or a file the command line
//! imports (`corpsite settings import`), with the images a file brings.

use std::io;
use std::path::Path;

use crate::content::media::{record_image, MediaLibrary, PreparedImage};
use crate::domain::company_details::CompanyDetails;
use crate::office::{Actor, Database};
use crate::store::audit;
use crate::store::company_details::{self, DetailsError};
use crate::store::StoreError;

/// Why the details were not saved; nothing is stored then.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// An image's files could not be written to the media folder.
    #[error("cannot write to the media folder: {0}")]
    Media(#[source] io::Error),
    #[error(transparent)]
    Details(#[from] DetailsError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The details to save, and where they come from.
pub struct Saving {
    /// Checked, every image they name stored here already or among `images`.
    pub details: CompanyDetails,
    /// Images the details bring (and the pages a settings import brings with them),
    /// prepared (`content::media::prepare_image`): stored as an upload is, each audited
    /// "uploaded".
    pub images: Vec<PreparedImage>,
    /// Where they come from, as the audit log names it: the staff's screen
    /// ([`FROM_THE_SCREEN`]) or the file imported.
    pub from: String,
}

/// What the audit log names a save from the staff's screen by.
pub const FROM_THE_SCREEN: &str = "site settings";

/// Saves the company's details: the images' files are written first, then in one
/// transaction their records (each audited "uploaded"), the details and their audit entry,
/// "saved company details" (subject where they come from, detail the fields that
/// changed); when it fails, the images' files are taken back. The content version moves
/// with the save (`store::company_details`), so every cache and page keyed by it follows.
/// Answers the fields that changed.
pub fn save(
    db: &impl Database,
    data_dir: &Path,
    actor: Actor,
    saving: Saving,
) -> Result<Vec<&'static str>, SaveError> {
    let library = MediaLibrary::new(data_dir);
    let files: Vec<_> = saving
        .images
        .iter()
        .flat_map(|image| image.files.clone())
        .collect();
    let written = library.store(&files).map_err(SaveError::Media)?;
    let saved = db.write(move |conn| -> Result<_, SaveError> {
        let Saving {
            details,
            images,
            from,
        } = saving;
        let imported = format!("imported from {from}");
        for image in &images {
            record_image(conn, image)?;
            let subject = format!("image {}", image.path);
            audit::record(conn, &actor.audit("uploaded", &subject, &imported))
                .map_err(StoreError::from)?;
        }
        let audit = actor.audit("saved company details", &from, "");
        Ok(company_details::save(conn, &details, &audit)?)
    });
    if saved.is_err() {
        library.remove(&written);
    }
    saved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::media::MediaFile;
    use crate::domain::image::ImageType;
    use crate::office::testing::{ann, audited, ANN, COMMAND_LINE};
    use crate::store::migrated;

    /// A portrait as a file brings it, prepared.
    fn portrait() -> PreparedImage {
        let file = MediaFile::new("leaders", ImageType::Svg, b"<svg/>".to_vec());
        PreparedImage {
            path: file.path.clone(),
            files: vec![file],
            record: None,
        }
    }

    fn details(phone: &str) -> CompanyDetails {
        let mut form = CompanyDetails::demo().form().clone();
        form.phone = phone.into();
        CompanyDetails::parse(form).expect("details")
    }

    #[test]
    fn the_screen_and_a_file_save_alike_and_a_files_images_are_stored_and_audited() {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        let from_screen = Saving {
            details: details("+91 80 4444 5555"),
            images: Vec::new(),
            from: FROM_THE_SCREEN.into(),
        };
        let changed = save(&conn, dir.path(), ann(), from_screen).expect("save");
        assert_eq!(changed, ["phone"]);
        let image = portrait();
        let from_file = Saving {
            details: details("+91 80 4444 6666"),
            images: vec![image.clone()],
            from: "details.tar.gz".into(),
        };
        let changed = save(&conn, dir.path(), Actor::command_line(), from_file).expect("save");
        assert_eq!(changed, ["phone"]);
        let stored = company_details::read(&conn).expect("read");
        assert_eq!(stored.details.form().phone, "+91 80 4444 6666");
        let library = MediaLibrary::new(dir.path());
        assert!(library.has(&image.path), "the file's image is stored");
        assert_eq!(
            audited(&conn),
            [
                [
                    ANN,
                    "saved company details",
                    "site settings",
                    "changed: phone"
                ],
                [
                    COMMAND_LINE,
                    "uploaded",
                    format!("image {}", image.path).as_str(),
                    "imported from details.tar.gz"
                ],
                [
                    COMMAND_LINE,
                    "saved company details",
                    "details.tar.gz",
                    "changed: phone"
                ],
            ]
        );
    }

    #[test]
    fn a_save_that_fails_takes_back_the_images_it_stored() {
        let conn = migrated();
        let dir = tempfile::tempdir().expect("dir");
        // Details stored that no longer pass the checks: the save, which compares, fails.
        conn.execute(
            "INSERT INTO site_details (id, document, saved_by) VALUES (1, '{}', 'someone')",
            [],
        )
        .expect("broken details");
        let image = portrait();
        let saving = Saving {
            details: details("+91 80 4444 5555"),
            images: vec![image.clone()],
            from: "details.tar.gz".into(),
        };
        let failed = save(&conn, dir.path(), Actor::command_line(), saving);
        assert!(
            matches!(failed, Err(SaveError::Details(DetailsError::Stored(_)))),
            "{failed:?}"
        );
        assert!(
            !MediaLibrary::new(dir.path()).has(&image.path),
            "taken back"
        );
        assert!(audited(&conn).is_empty());
    }
}
