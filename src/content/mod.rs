//! Publishing posts from files: read and check a post file and the images it names, store
//! the images under content-hash names, then write the post. Shared by the command line
//! (`corpsite blog ...`) and the demo seed.
//!
//! Images are written before the transaction; when it fails, the images it brought are
//! taken back, so bad input leaves nothing behind.

pub mod media;
pub mod seed;

use std::io;

use jiff::civil::Date;
use rusqlite::Connection;

use crate::domain::blog_id::BlogId;
use crate::domain::image::MAX_IMAGE_BYTES;
use crate::domain::img_sources::map_img_sources;
use crate::domain::post_file::{BodyFormat, PostFile, PostFileError};
use crate::domain::sanitize::is_media_path;
use crate::store::blogs::{self, Author, NewBlog};
use crate::store::media_images::{self, ImageRecord};
use crate::store::StoreError;
use media::{prepare_image, MediaFile, MediaLibrary};

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error("{file}: {source}")]
    Post { file: String, source: PostFileError },
    #[error("{file}: field `{field}`: {problem}")]
    Image {
        file: String,
        field: &'static str,
        problem: String,
    },
    #[error("{file}: not a post file: the name must end in .md or .html")]
    NotAPostFile { file: String },
    #[error("{path}: cannot read it: {source}")]
    Read { path: String, source: io::Error },
    #[error("{dir}: no post files (.md or .html) in this folder")]
    NothingToImport { dir: String },
    #[error("\"{0}\" is not a blog id (ids look like leasing-a-campus-in-whitefield)")]
    BadId(String),
    #[error("there is no blog with the id {0}")]
    NoSuchBlog(String),
    #[error("cannot write to the media folder: {0}")]
    Media(io::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<rusqlite::Error> for PublishError {
    fn from(err: rusqlite::Error) -> Self {
        PublishError::Store(StoreError::Sqlite(err))
    }
}

/// A checked post with the images it brings, ready to store.
#[derive(Debug, Clone)]
pub struct PreparedPost {
    pub file: String,
    pub blog: NewBlog,
    pub media: Vec<MediaFile>,
    /// The sizes and renditions of its raster images, recorded with the post.
    pub images: Vec<ImageRecord>,
}

/// Parses the post file `file` (its text given) and loads the images it names through
/// `load`, which reads a path relative to the post file.
pub fn prepare(
    file: &str,
    text: &str,
    today: Date,
    load: impl Fn(&str) -> io::Result<Vec<u8>>,
) -> Result<PreparedPost, PublishError> {
    let format = BodyFormat::from_file_name(file).ok_or_else(|| PublishError::NotAPostFile {
        file: file.to_owned(),
    })?;
    let post = PostFile::parse(text, format, today).map_err(|source| PublishError::Post {
        file: file.to_owned(),
        source,
    })?;
    let mut media = Images::default();
    // Images the body shows from beside the post file move into media like the others.
    let content = map_img_sources(&post.content, |src| {
        if is_media_path(src) {
            load_image(file, "content", src, "blogs", &load, &mut media).map(Some)
        } else {
            Ok(None)
        }
    })?;
    let blog_image = match &post.image {
        Some(path) => Some(load_image(file, "image", path, "blogs", &load, &mut media)?),
        None => None,
    };
    let author = match &post.author {
        Some(name) => Some(Author {
            name: name.clone(),
            profile_photo: match &post.author_photo {
                Some(path) => Some(load_image(
                    file,
                    "author_photo",
                    path,
                    "authors",
                    &load,
                    &mut media,
                )?),
                None => None,
            },
        }),
        None => None,
    };
    Ok(PreparedPost {
        file: file.to_owned(),
        blog: NewBlog {
            title: post.title,
            motive: post.motive,
            content,
            body_text: post.body_text,
            blog_image,
            date: post.date.to_string(),
            min_read: post.min_read,
            color: post.color.to_string(),
            tags: post.tags,
            author,
            editorial: None,
        },
        media: media.files,
        images: media.records,
    })
}

/// The files and records of a post's images, gathered as they load.
#[derive(Default)]
struct Images {
    files: Vec<MediaFile>,
    records: Vec<ImageRecord>,
}

fn load_image(
    file: &str,
    field: &'static str,
    path: &str,
    folder: &str,
    load: &impl Fn(&str) -> io::Result<Vec<u8>>,
    media: &mut Images,
) -> Result<String, PublishError> {
    let problem = |problem: String| PublishError::Image {
        file: file.to_owned(),
        field,
        problem,
    };
    let bytes =
        load(path).map_err(|err| problem(format!("cannot read the image {path}: {err}")))?;
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(problem(format!(
            "the image {path} is larger than {} MB",
            MAX_IMAGE_BYTES / 1024 / 1024
        )));
    }
    // The one door for public images: a raster image is stored re-encoded (no metadata) at
    // every web width, an SVG rebuilt.
    let prepared =
        prepare_image(folder, &bytes).map_err(|why| problem(format!("{path}: {why}")))?;
    media.files.extend(prepared.files);
    media.records.extend(prepared.record);
    Ok(prepared.path)
}

/// Stores the posts' images, then runs `write` (which must write the posts in ONE
/// transaction). If `write` fails, the images written for it are deleted again.
pub fn with_media<T>(
    library: &MediaLibrary,
    posts: &[PreparedPost],
    write: impl FnOnce() -> Result<T, PublishError>,
) -> Result<T, PublishError> {
    let files: Vec<MediaFile> = posts.iter().flat_map(|p| p.media.iter().cloned()).collect();
    let written = library.store(&files).map_err(PublishError::Media)?;
    let result = write();
    if result.is_err() {
        library.remove(&written);
    }
    result
}

/// Adds every post in one transaction and answers their new ids, in order.
pub fn add_all(
    conn: &mut Connection,
    library: &MediaLibrary,
    posts: &[PreparedPost],
) -> Result<Vec<BlogId>, PublishError> {
    with_media(library, posts, || {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let ids = insert_all(&tx, posts)?;
        tx.commit()?;
        Ok(ids)
    })
}

/// Inserts the posts, with the records of their images, on an open transaction.
pub fn insert_all(conn: &Connection, posts: &[PreparedPost]) -> Result<Vec<BlogId>, StoreError> {
    posts
        .iter()
        .map(|post| {
            record_images(conn, post)?;
            blogs::insert(conn, &post.blog)
        })
        .collect()
}

fn record_images(conn: &Connection, post: &PreparedPost) -> Result<(), StoreError> {
    post.images
        .iter()
        .try_for_each(|image| media_images::record(conn, image))
}

/// Replaces the post `id` (keeping its id), then deletes the media nothing uses any more.
pub fn update(
    conn: &mut Connection,
    library: &MediaLibrary,
    id: &BlogId,
    post: &PreparedPost,
) -> Result<(), PublishError> {
    let unused = with_media(library, std::slice::from_ref(post), || {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        record_images(&tx, post)?;
        let unused = blogs::update(&tx, id, &post.blog)?
            .ok_or_else(|| PublishError::NoSuchBlog(id.to_string()))?;
        tx.commit()?;
        Ok(unused)
    })?;
    library.remove(&unused);
    Ok(())
}

/// Deletes the post `id` and the media only it used.
pub fn remove(
    conn: &mut Connection,
    library: &MediaLibrary,
    id: &BlogId,
) -> Result<(), PublishError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let unused = blogs::remove(&tx, id)?.ok_or_else(|| PublishError::NoSuchBlog(id.to_string()))?;
    tx.commit()?;
    library.remove(&unused);
    Ok(())
}
