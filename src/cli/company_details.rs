//! `corpsite settings export FILE` and `corpsite settings import FILE`: the company's details,
//! the page editor's pages (`cli::company_details::pages`) and the images they name (the
//! leaders' portraits, the pages' pictures), in one file for moving a configuration between
//! machines (its format: `cli::company_details::archive`).
//!
//! Import checks everything before it saves anything: every field of the details (naming
//! each bad one), the archive's entries, every image a field names, which the file must
//! carry or this site's media must already have, and every page's values against the page's
//! schema (naming each bad one by page and path). A carried image goes through the one door
//! for public images, as a staff upload does (checked by its bytes, stored re-encoded at each
//! web width under its content hash in the upload's folder, its renditions recorded), and the
//! field then names it as stored here. A plain JSON file (an export of an older version) is
//! still taken when this site has its images, as is an archive without pages (which leaves
//! the pages alone). The details are saved with every image in one transaction, then each
//! page through the page editor's operations (`office::pages::import`: a save and a publish
//! of what visitors see, a save of the draft), all in the audit log as done by the command
//! line; the site shows it within a second (a publish moves the content version, as a save
//! of the details does).

pub mod archive;
pub mod pages;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::cli::args::CompanyDetailsCommand;
use crate::cli::company_details::archive::{ArchiveError, Contents};
use crate::cli::company_details::pages::Pages;
use crate::cli::terminal::shown;
use crate::content::media::{prepare_image, prepare_video, MediaLibrary, PreparedImage};
use crate::domain::company_details::{CompanyDetails, CompanyDetailsFileError, ImageField};
use crate::domain::image::MAX_IMAGE_BYTES;
use crate::domain::video::{is_video_path, MAX_VIDEO_BYTES};
use crate::office::company_details::{SaveError, Saving};
use crate::office::pages::PageError;
use crate::office::{self, Actor};
use crate::store::company_details::{self as store, DetailsError};
use crate::store::{open_for_cli, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum CompanyDetailsError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Details(#[from] DetailsError),
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: nothing was saved: {source}", path.display())]
    Invalid {
        path: PathBuf,
        source: CompanyDetailsFileError,
    },
    #[error("{}: {source}; nothing was saved", path.display())]
    Archive { path: PathBuf, source: ArchiveError },
    /// Images the details or pages name that cannot be had, or that fail the image check,
    /// or pages' values their schema refuses: one sentence each.
    #[error("{}; nothing was saved", .0.join("; "))]
    Refused(Vec<String>),
    /// The archive's pages, not a pages document.
    #[error("{}: its {}: {why}; nothing was saved", path.display(), archive::PAGES_ENTRY)]
    Pages { path: PathBuf, why: String },
    #[error(transparent)]
    Page(#[from] PageError),
}

pub fn run(command: CompanyDetailsCommand) -> Result<(), CompanyDetailsError> {
    match command {
        CompanyDetailsCommand::Export { file, data } => export(&file, &data.data_dir),
        CompanyDetailsCommand::Import { file, data } => import(&file, &data.data_dir),
    }
}

fn export(file: &Path, data_dir: &Path) -> Result<(), CompanyDetailsError> {
    let conn = open_for_cli(data_dir)?;
    let stored = store::read(&conn)?;
    let pages = pages::exported(&conn)?;
    let library = MediaLibrary::new(data_dir);
    let mut images = BTreeMap::new();
    for image in stored.details.images().into_iter().chain(pages.pictures) {
        if images.contains_key(&image.path) {
            continue;
        }
        match library.read(&image.path) {
            Ok(bytes) => {
                images.insert(image.path, bytes);
            }
            // Still exported: the office may mean to add the image on the other machine, whose
            // import then names the field.
            Err(err) => eprintln!(
                "corpsite: {} names {}, which this site's media does not have ({err}); {} does not carry it",
                shown(&image.field),
                shown(&image.path),
                file.display()
            ),
        }
    }
    let json = serde_json::to_string_pretty(stored.details.form())
        .unwrap_or_else(|_| stored.details.to_json());
    archive::write(file, &format!("{json}\n"), Some(&pages.json), &images).map_err(|source| {
        CompanyDetailsError::Write {
            path: file.to_path_buf(),
            source,
        }
    })?;
    let source = if stored.demo {
        "the demo details (nothing saved yet)"
    } else {
        "the company details"
    };
    println!(
        "corpsite: wrote {source}, {} and {} to {}",
        count(pages.edited, "edited page"),
        files(images.keys()),
        file.display()
    );
    Ok(())
}

fn import(file: &Path, data_dir: &Path) -> Result<(), CompanyDetailsError> {
    let (details, pages, carried) = read_details(file)?;
    let library = MediaLibrary::new(data_dir);
    let mut pages = pages
        .map(|json| Pages::read(&json))
        .transpose()
        .map_err(|why| CompanyDetailsError::Pages {
            path: file.to_path_buf(),
            why,
        })?;
    let mut named = details.images();
    if let Some(pages) = &mut pages {
        named.extend(pages.pictures()?);
    }
    let (renamed, images) = take_images(file, &named, &carried, &library)?;
    let details =
        details
            .with_images_renamed(&renamed)
            .map_err(|errors| CompanyDetailsError::Invalid {
                path: file.to_path_buf(),
                source: CompanyDetailsFileError::Fields(errors),
            })?;
    let arriving: std::collections::BTreeSet<String> =
        images.iter().map(|image| image.path.clone()).collect();
    let pages = match pages {
        None => Vec::new(),
        Some(pages) => pages
            .checked(data_dir, &renamed, &arriving)
            .map_err(CompanyDetailsError::Refused)?,
    };
    let stored = match images.len() {
        0 => String::new(),
        _ => format!(" and stored {}", files(images.iter().map(|i| &i.path))),
    };
    let conn = open_for_cli(data_dir)?;
    let saving = Saving {
        details,
        images,
        from: file.display().to_string(),
    };
    let mut changed: Vec<String> =
        office::company_details::save(&conn, data_dir, Actor::command_line(), saving)
            .map_err(|err| match err {
                SaveError::Media(source) => CompanyDetailsError::Write {
                    path: library.root().to_path_buf(),
                    source,
                },
                SaveError::Details(err) => CompanyDetailsError::Details(err),
                SaveError::Store(err) => CompanyDetailsError::Store(err),
            })?
            .into_iter()
            .map(str::to_owned)
            .collect();
    for page in &pages {
        if office::pages::import(&conn, data_dir, Actor::command_line(), page)? {
            changed.push(format!("page {}", page.page.key));
        }
    }
    if changed.is_empty() {
        println!(
            "corpsite: imported {}{stored}; nothing differed",
            file.display()
        );
    } else {
        println!(
            "corpsite: imported {}{stored}; changed: {}",
            file.display(),
            changed.join(", ")
        );
    }
    Ok(())
}

/// What a file holds, as read: the details, the pages' JSON (when it has them) and the
/// images it carries by media path (none for a plain JSON file).
type ReadFile = (CompanyDetails, Option<String>, BTreeMap<String, Vec<u8>>);

/// The file's details, every field checked, its pages' JSON (None for a plain JSON file or
/// an archive of an older version) and the images it carries by media path (none for a
/// plain JSON file).
fn read_details(path: &Path) -> Result<ReadFile, CompanyDetailsError> {
    let refused = |source| CompanyDetailsError::Archive {
        path: path.to_path_buf(),
        source,
    };
    let (json, pages, images) = match archive::read(path).map_err(refused)? {
        Contents::Archive {
            details_json,
            pages_json,
            images,
        } => (details_json, pages_json, images),
        Contents::Json(json) => (json, None, BTreeMap::new()),
    };
    let details =
        CompanyDetails::from_json(&json).map_err(|source| CompanyDetailsError::Invalid {
            path: path.to_path_buf(),
            source,
        })?;
    Ok((details, pages, images))
}

/// The new name of each image an import renames, and the images to store.
type Taken = (BTreeMap<String, String>, Vec<PreparedImage>);

/// Every image `named` (by the details and the pages), checked: one the file carries is
/// prepared as an upload is (and renamed to where it will be stored), unless this site
/// already has a file of that name (named by content, so the same image); one it does not
/// carry must be here already. Answers the new name of each renamed image and the images to
/// store; every problem is named, and then nothing is.
fn take_images(
    file: &Path,
    named: &[ImageField],
    carried: &BTreeMap<String, Vec<u8>>,
    library: &MediaLibrary,
) -> Result<Taken, CompanyDetailsError> {
    let mut problems = Vec::new();
    let mut renamed = BTreeMap::new();
    let mut prepared = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for image in named {
        if !seen.insert(image.path.clone()) {
            continue;
        }
        let here = library.has(&image.path);
        let Some(bytes) = carried.get(&image.path) else {
            if !here {
                problems.push(format!(
                    "{} names {}, which {} does not carry and this site does not have",
                    image.field,
                    image.path,
                    file.display()
                ));
            }
            continue;
        };
        let entry = format!(
            "{}: {}'s {}{}",
            image.field,
            file.display(),
            archive::MEDIA_PREFIX,
            image.path
        );
        let video = is_video_path(&image.path);
        let max = if video {
            MAX_VIDEO_BYTES
        } else {
            MAX_IMAGE_BYTES
        };
        if bytes.len() > max {
            problems.push(format!("{entry} is larger than {} MB", max / 1024 / 1024));
            continue;
        }
        // A page's video through the one door for videos, every other file through the
        // one for images.
        let taken = if video {
            prepare_video(image.folder, bytes)
                .map(PreparedImage::from)
                .map_err(|why| why.to_string())
        } else {
            prepare_image(image.folder, bytes).map_err(|why| why.to_string())
        };
        match taken {
            Err(why) => problems.push(format!("{entry}: {}", why.trim_end_matches('.'))),
            Ok(_) if here => {}
            Ok(image_here) => {
                renamed.insert(image.path.clone(), image_here.path.clone());
                prepared.push(image_here);
            }
        }
    }
    if !problems.is_empty() {
        return Err(CompanyDetailsError::Refused(problems));
    }
    Ok((renamed, prepared))
}

/// The media files named by `paths` counted: `2 images`, `1 video`, `1 image and 1 video`
/// (a video only when there is one).
fn files<'p>(paths: impl Iterator<Item = &'p String>) -> String {
    let (videos, images): (Vec<_>, Vec<_>) = paths.partition(|path| is_video_path(path));
    match (images.len(), videos.len()) {
        (n, 0) => count(n, "image"),
        (0, n) => count(n, "video"),
        (i, v) => format!("{} and {}", count(i, "image"), count(v, "video")),
    }
}

/// `1 image`, `8 images`, `no images`.
fn count(n: usize, what: &str) -> String {
    match n {
        0 => format!("no {what}s"),
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}
