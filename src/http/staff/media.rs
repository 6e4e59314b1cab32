//! `POST /api/staff/media?folder=blogs|authors|leaders|pages`: an image a staff member uploads
//! for a story (cover or body), an author's photo, a leader's portrait or a page's picture
//! (the page editor); `?folder=pages&kind=video`: a page's video (the home page's hero), MP4
//! or WebM of at most `MAX_VIDEO_BYTES`, through the one door for videos (`prepare_video`:
//! its structure checked, its metadata blanked), answered the same way.
//!
//! The body is the file itself (any Content-Type: only its bytes decide), at most
//! `MAX_IMAGE_BYTES`. It goes through the one door for public images (`prepare_image`: the
//! image check, then a raster image's widths in WebP and JPEG or PNG), is stored under
//! content-hash names in the media folder, and the answer names it:
//! 201 `{"path": "blogs/3f9a0c1d2e3f4a5b.jpg"}`, the path a story or the company details
//! then refer to. Nothing refers to it until they are saved; an unused upload only costs its
//! disk space.

use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::Reply;

use crate::content::media::{prepare_image, prepare_video, record_image, MediaLibrary};
use crate::domain::fields::FieldErrors;
use crate::domain::image::MAX_IMAGE_BYTES;
use crate::domain::video::MAX_VIDEO_BYTES;
use crate::http::plumbing::disk::{write_failed, STAFF_DISK_FULL};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::json_body::read_bounded;
use crate::http::plumbing::reply::{invalid, refused_image};
use crate::http::staff::call::Call;
use crate::http::staff::session::Staff;
use crate::store::audit;
use crate::store::StoreError;

/// The media folders staff uploads go to (the UI's `MediaFolder`).
pub(crate) const FOLDERS: &[&str] = crate::content::media::UPLOAD_FOLDERS;

/// The answer to an upload.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Uploaded {
    /// The media path to refer to the image by.
    path: String,
}

/// The query string's value of `name`.
fn asked(query: &str, name: &str) -> Option<String> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// Whether the query string asks for a video (`kind=video`, pages only) rather than an
/// image (no `kind`, or `kind=image`).
fn wants_video(query: &str, folder: &str) -> Result<bool, ApiError> {
    match asked(query, "kind").as_deref() {
        None | Some("image") => Ok(false),
        Some("video") if folder == VIDEO_FOLDER => Ok(true),
        Some("video") => Err(ApiError::BadRequest(format!(
            "Only a page takes a video: send it with ?folder={VIDEO_FOLDER}&kind=video."
        ))),
        Some(_) => Err(ApiError::BadRequest(
            "Say what the file is: ?kind= image or video.".into(),
        )),
    }
}

/// The folder a page's video goes to.
const VIDEO_FOLDER: &str = "pages";

/// The `folder` the query string names, if it is one of `FOLDERS`.
fn folder(query: &str) -> Result<&'static str, ApiError> {
    let asked = asked(query, "folder");
    asked
        .and_then(|asked| FOLDERS.iter().copied().find(|f| *f == asked))
        .ok_or_else(|| {
            ApiError::BadRequest(format!(
                "Say which folder the image is for: ?folder= one of {}.",
                FOLDERS.join(", ")
            ))
        })
}

pub(super) async fn upload(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let folder = folder(&call.query)?;
    if wants_video(&call.query, folder)? {
        return upload_video(call, staff).await;
    }
    call.state.check_writable()?;
    let body = call.take_body();
    let sent = read_bounded(&call.headers, body, MAX_IMAGE_BYTES as u64, "image").await?;
    let state = &call.state;
    let library = MediaLibrary::new(&state.settings.data_dir);
    let writer = library.clone();
    // The one door for public images: a raster image becomes its set of widths and formats.
    let (image, written) = tokio::task::spawn_blocking(move || -> Result<_, ApiError> {
        let image = prepare_image(folder, &sent).map_err(|why| refused_image("file", why))?;
        let written = writer
            .store(&image.files)
            .map_err(|err| write_failed("cannot store an uploaded image", STAFF_DISK_FULL, err))?;
        Ok((image, written))
    })
    .await
    .map_err(ApiError::unexpected)??;
    let stored = image.path.clone();
    let subject = format!("image {stored}");
    let recorded = state
        .db
        .write(move |conn| -> Result<(), StoreError> {
            record_image(conn, &image)?;
            Ok(audit::record(conn, &staff.audit("uploaded", &subject, ""))?)
        })
        .await;
    if let Err(err) = recorded {
        library.remove(&written);
        return Err(err.into());
    }
    Ok(warp::reply::with_status(
        warp::reply::json(&Uploaded { path: stored }),
        StatusCode::CREATED,
    )
    .into_response())
}

/// A page's video: checked and stored as `upload` stores an image, with nothing to record
/// but the audit line.
async fn upload_video(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    call.state.check_writable()?;
    let body = call.take_body();
    let sent = read_bounded(&call.headers, body, MAX_VIDEO_BYTES as u64, "video").await?;
    let state = &call.state;
    let library = MediaLibrary::new(&state.settings.data_dir);
    let writer = library.clone();
    let (path, written) = tokio::task::spawn_blocking(move || -> Result<_, ApiError> {
        let video = prepare_video(VIDEO_FOLDER, &sent)
            .map_err(|why| invalid(FieldErrors::one("file", why.to_string())))?;
        let written = writer
            .store(std::slice::from_ref(&video))
            .map_err(|err| write_failed("cannot store an uploaded video", STAFF_DISK_FULL, err))?;
        Ok((video.path, written))
    })
    .await
    .map_err(ApiError::unexpected)??;
    let subject = format!("video {path}");
    let recorded = state
        .db
        .write(move |conn| {
            Ok::<_, StoreError>(audit::record(conn, &staff.audit("uploaded", &subject, ""))?)
        })
        .await;
    if let Err(err) = recorded {
        library.remove(&written);
        return Err(err.into());
    }
    Ok(
        warp::reply::with_status(warp::reply::json(&Uploaded { path }), StatusCode::CREATED)
            .into_response(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_known_folders_are_taken() {
        assert_eq!(folder("folder=blogs").ok(), Some("blogs"));
        assert_eq!(folder("x=1&folder=leaders").ok(), Some("leaders"));
        for bad in [
            "",
            "folder=",
            "folder=../uploads",
            "folder=uploads",
            "folder=Blogs",
        ] {
            assert!(folder(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_video_is_asked_for_a_page_only() {
        assert!(!wants_video("folder=pages", "pages").expect("an image"));
        assert!(!wants_video("folder=pages&kind=image", "pages").expect("an image"));
        assert!(wants_video("folder=pages&kind=video", "pages").expect("a video"));
        assert!(wants_video("folder=blogs&kind=video", "blogs").is_err());
        assert!(wants_video("folder=pages&kind=movie", "pages").is_err());
    }
}
