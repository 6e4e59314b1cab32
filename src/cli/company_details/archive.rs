//! The file `corpsite settings export` writes and `corpsite settings import` reads: the
//! company's details, the page editor's pages and the images they name, together in one
//! gzipped tar.
//!
//! - `details.json`: the details, as the staff's settings screen edits them;
//! - `pages.json`: every page of the editor's catalog by its key, each
//!   `{"published": {path: value}, "draft": {path: value}}`: the values visitors see (`{}`
//!   for a page showing its defaults), and the draft only when the page has one that differs
//!   from them (`cli::company_details::pages`). An archive of an older version has none, and
//!   an import of it leaves the pages alone;
//! - `media/<path>`: each image a field names (a leader's portrait, a page's picture), under
//!   the media path the field names: the file the site shows (the widest JPEG or PNG, or the
//!   SVG). An import checks and stores it as an upload is stored, which makes its narrower
//!   widths again. A picture the build compiled in is not carried: every site has it.
//!
//! A gzipped tar because it is one file that any system lists and unpacks (`tar tzf FILE`)
//! without this program, it holds a folder of files under their own names, and gzip is
//! already in the binary (flate2); a zip would add a second container format for nothing.
//!
//! The same details and images always give the same bytes: entries in path order, each a
//! plain file with mode 0644, owner 0 and time 0, and a gzip header without a name or time.
//!
//! Reading trusts nothing in the file: only `details.json`, `pages.json`, `media/<path>` files
//! (a path as the media folder allows: no `..`, no absolute path, no hidden name) and folders
//! are taken; links (symbolic or hard), devices, repeated names and anything else are refused.
//! Nothing is unpacked to disk here: the entries are read into memory, each bounded (the
//! details to `DETAILS_MAX`, the pages to `PAGES_MAX`, an image to the upload limit), as are
//! their number and the bytes unpacked in all, so a small file cannot unpack into a large one.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use flate2::read::GzDecoder;
use flate2::{Compression, GzBuilder};
use tar::{EntryType, Header};

use crate::domain::company_details::LEADERS_MAX;
use crate::domain::image::MAX_IMAGE_BYTES;
use crate::domain::sanitize::is_media_path;
use crate::domain::video::{is_video_path, MAX_VIDEO_BYTES};

/// The details' entry.
pub const DETAILS_ENTRY: &str = "details.json";
/// The pages' entry.
pub const PAGES_ENTRY: &str = "pages.json";
/// The folder of the images' entries.
pub const MEDIA_PREFIX: &str = "media/";
/// The details' JSON, at most (a full form is about 60 KB).
pub const DETAILS_MAX: usize = 1024 * 1024;
/// The pages' JSON, at most (every page of the catalog with all its fields overridden, in
/// its published values and a draft, is well under it).
pub const PAGES_MAX: usize = 4 * 1024 * 1024;
/// The pages' pictures an archive carries, at most: each picture a page can hold, published
/// and in a draft (a test holds the catalog to it).
pub const PAGE_IMAGES_MAX: usize = 128;
/// The pages' videos an archive carries, at most: the hero's, published and in a draft.
pub const PAGE_VIDEOS_MAX: usize = 2;
/// Images, at most: a leader's portrait each, and the pages' pictures.
pub const IMAGES_MAX: usize = LEADERS_MAX + PAGE_IMAGES_MAX;
/// Entries, at most: the details, the pages, each image with its folders, and the folders a
/// tar made by hand adds.
pub const ENTRIES_MAX: usize = 2 * (IMAGES_MAX + 2) + 8;
/// Bytes unpacked in all, at most (entries with their tar headers and padding): the details,
/// the pages, every image and every video at its upload limit, with room for the headers.
pub const UNPACKED_MAX: u64 =
    (DETAILS_MAX + PAGES_MAX + IMAGES_MAX * MAX_IMAGE_BYTES + PAGE_VIDEOS_MAX * MAX_VIDEO_BYTES)
        as u64
        + ENTRIES_MAX as u64 * 4 * 1024;

/// What a details file holds: an archive, or (an export of an older version) the JSON alone.
#[derive(Debug)]
pub enum Contents {
    Archive {
        details_json: String,
        /// None in an archive of an older version.
        pages_json: Option<String>,
        /// Each image by its media path (without `media/`).
        images: BTreeMap<String, Vec<u8>>,
    },
    Json(String),
}

/// Why a details file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("cannot read it: {0}")]
    Io(#[source] io::Error),
    #[error("it is not a readable details archive: {0}")]
    Damaged(#[source] io::Error),
    #[error("it unpacks to more than {} MB, more than an export of the details can hold", UNPACKED_MAX / 1024 / 1024)]
    TooLarge,
    #[error(
        "it holds more than {ENTRIES_MAX} entries, more than an export of the details can hold"
    )]
    TooManyEntries,
    #[error("it has no {DETAILS_ENTRY}")]
    NoDetails,
    #[error("its {0} is not UTF-8 text")]
    NotText(&'static str),
    #[error("it holds {name:?}, which a details archive cannot hold: {why}")]
    Refused { name: String, why: &'static str },
    #[error("its entry {name} is larger than {} MB", .max / 1024 / 1024)]
    EntryTooLarge { name: String, max: usize },
}

/// Reads `path`: a gzipped archive (by its first bytes) or a plain JSON file.
pub fn read(path: &Path) -> Result<Contents, ArchiveError> {
    let file = fs::File::open(path).map_err(ArchiveError::Io)?;
    let mut head = Vec::with_capacity(2);
    let mut file = Bounded::new(file, UNPACKED_MAX);
    (&mut file)
        .take(2)
        .read_to_end(&mut head)
        .map_err(ArchiveError::Io)?;
    let rest = io::Cursor::new(head.clone()).chain(file);
    if head == [0x1f, 0x8b] {
        read_archive(GzDecoder::new(rest))
    } else {
        let mut json = Vec::new();
        rest.take(DETAILS_MAX as u64 + 1)
            .read_to_end(&mut json)
            .map_err(ArchiveError::Io)?;
        if json.len() > DETAILS_MAX {
            return Err(ArchiveError::EntryTooLarge {
                name: DETAILS_ENTRY.into(),
                max: DETAILS_MAX,
            });
        }
        String::from_utf8(json)
            .map(Contents::Json)
            .map_err(|_| ArchiveError::NotText(DETAILS_ENTRY))
    }
}

/// Reads a tar stream's entries (see the module's rules).
pub fn read_archive(unpacked: impl Read) -> Result<Contents, ArchiveError> {
    let mut archive = tar::Archive::new(Bounded::new(unpacked, UNPACKED_MAX));
    let mut details_json = None;
    let mut pages_json = None;
    let mut images = BTreeMap::new();
    let mut videos = 0;
    let entries = archive.entries().map_err(damaged)?;
    for (count, entry) in entries.enumerate() {
        if count >= ENTRIES_MAX {
            return Err(ArchiveError::TooManyEntries);
        }
        let mut entry = entry.map_err(damaged)?;
        let raw = entry.path_bytes();
        let name = String::from_utf8_lossy(&raw).into_owned();
        let refused = |why| ArchiveError::Refused {
            name: name.clone(),
            why,
        };
        let kind = entry.header().entry_type();
        if kind.is_symlink() || kind.is_hard_link() {
            return Err(refused("links are not taken"));
        }
        let clean = name.strip_prefix("./").unwrap_or(&name);
        if kind == EntryType::Directory {
            let folder = clean.trim_end_matches('/');
            let known = folder.is_empty()
                || folder == MEDIA_PREFIX.trim_end_matches('/')
                || folder.strip_prefix(MEDIA_PREFIX).is_some_and(is_media_path);
            if !known {
                return Err(refused(TAKEN));
            }
            continue;
        }
        if !kind.is_file() {
            return Err(refused("only files and folders are taken"));
        }
        let (max, slot) = if clean == DETAILS_ENTRY {
            (DETAILS_MAX, Slot::Details)
        } else if clean == PAGES_ENTRY {
            (PAGES_MAX, Slot::Pages)
        } else if let Some(path) = clean.strip_prefix(MEDIA_PREFIX) {
            if !is_media_path(path) {
                return Err(refused(
                    "a media path has only letters, digits, '-', '_' and '.', and no '..' or hidden names",
                ));
            }
            let max = if is_video_path(path) {
                videos += 1;
                if videos > PAGE_VIDEOS_MAX {
                    return Err(refused("it carries more videos than the pages can show"));
                }
                MAX_VIDEO_BYTES
            } else {
                MAX_IMAGE_BYTES
            };
            (max, Slot::Image(path.to_owned()))
        } else {
            return Err(refused(TAKEN));
        };
        let bytes = read_entry(&mut entry, &name, max)?;
        let repeated = match slot {
            Slot::Details => details_json.replace(bytes).is_some(),
            Slot::Pages => pages_json.replace(bytes).is_some(),
            Slot::Image(path) => images.insert(path, bytes).is_some(),
        };
        if repeated {
            return Err(refused("a name appears twice"));
        }
    }
    let text = |bytes, entry| String::from_utf8(bytes).map_err(|_| ArchiveError::NotText(entry));
    let details_json = text(details_json.ok_or(ArchiveError::NoDetails)?, DETAILS_ENTRY)?;
    let pages_json = pages_json
        .map(|bytes| text(bytes, PAGES_ENTRY))
        .transpose()?;
    Ok(Contents::Archive {
        details_json,
        pages_json,
        images,
    })
}

/// What a file entry of the archive is.
enum Slot {
    Details,
    Pages,
    Image(String),
}

/// What a refused name is told.
const TAKEN: &str = "only details.json, pages.json and media/... are taken";

fn read_entry(entry: &mut impl Read, name: &str, max: usize) -> Result<Vec<u8>, ArchiveError> {
    let mut bytes = Vec::new();
    entry
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(damaged)?;
    if bytes.len() > max {
        return Err(ArchiveError::EntryTooLarge {
            name: name.to_owned(),
            max,
        });
    }
    Ok(bytes)
}

fn damaged(err: io::Error) -> ArchiveError {
    if err.kind() == io::ErrorKind::FileTooLarge {
        ArchiveError::TooLarge
    } else {
        ArchiveError::Damaged(err)
    }
}

/// Writes the archive to `target` (through a temporary file beside it, renamed when whole):
/// `details_json`, `pages_json` (when given), then each image under `media/<path>` in path
/// order.
pub fn write(
    target: &Path,
    details_json: &str,
    pages_json: Option<&str>,
    images: &BTreeMap<String, Vec<u8>>,
) -> io::Result<()> {
    let mut temp = target.as_os_str().to_owned();
    temp.push(format!(".tmp-{}", std::process::id()));
    let temp = PathBuf::from(temp);
    let result = (|| {
        let file = fs::File::create(&temp)?;
        let file = write_to(file, details_json, pages_json, images)?;
        file.sync_all()?;
        fs::rename(&temp, target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// The archive's bytes, into `out` (answered back when the gzip stream is finished).
pub fn write_to<W: Write>(
    out: W,
    details_json: &str,
    pages_json: Option<&str>,
    images: &BTreeMap<String, Vec<u8>>,
) -> io::Result<W> {
    // mtime 0 and no file name: the same input gives the same bytes.
    let gzip = GzBuilder::new().mtime(0).write(out, Compression::default());
    let mut tar = tar::Builder::new(gzip);
    append(&mut tar, DETAILS_ENTRY, details_json.as_bytes())?;
    if let Some(pages_json) = pages_json {
        append(&mut tar, PAGES_ENTRY, pages_json.as_bytes())?;
    }
    for (path, bytes) in images {
        append(&mut tar, &format!("{MEDIA_PREFIX}{path}"), bytes)?;
    }
    tar.into_inner()?.finish()
}

fn append<W: Write>(tar: &mut tar::Builder<W>, name: &str, bytes: &[u8]) -> io::Result<()> {
    let mut header = Header::new_gnu();
    header.set_entry_type(EntryType::Regular);
    header.set_size(bytes.len() as u64);
    header.set_mode(0o644);
    header.set_uid(0);
    header.set_gid(0);
    header.set_mtime(0);
    tar.append_data(&mut header, name, bytes)
}

/// A reader that fails (`FileTooLarge`) past `left` bytes, so no entry or header can unpack
/// more than the archive may hold.
struct Bounded<R> {
    inner: R,
    left: u64,
}

impl<R> Bounded<R> {
    fn new(inner: R, left: u64) -> Bounded<R> {
        Bounded { inner, left }
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        match self.left.checked_sub(read as u64) {
            Some(left) => {
                self.left = left;
                Ok(read)
            }
            None => Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                "more than a details archive may hold",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn images() -> BTreeMap<String, Vec<u8>> {
        [
            ("leaders/bbbbbbbbbbbbbbbb.jpg".to_owned(), b"jpeg".to_vec()),
            (
                "leaders/aaaaaaaaaaaaaaaa.svg".to_owned(),
                b"<svg/>".to_vec(),
            ),
        ]
        .into()
    }

    fn archive(details: &str, images: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
        write_to(Vec::new(), details, Some("{\"home\":{}}"), images).expect("write")
    }

    /// A tar of hand-made entries: (name, type, bytes).
    fn tar_of(entries: &[(&str, EntryType, &[u8])]) -> Vec<u8> {
        let mut tar = tar::Builder::new(Vec::new());
        for (name, kind, bytes) in entries {
            let mut header = Header::new_gnu();
            header.set_entry_type(*kind);
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            if kind.is_symlink() || kind.is_hard_link() {
                header.set_link_name("details.json").expect("link");
            }
            // Bypass `append_data`'s own path check, which refuses `..`: a hostile archive
            // is made by other tools.
            let field = &mut header.as_old_mut().name;
            field[..name.len()].copy_from_slice(name.as_bytes());
            header.set_cksum();
            tar.append(&header, *bytes).expect("append");
        }
        tar.into_inner().expect("tar")
    }

    fn refused(tar: &[u8]) -> String {
        match read_archive(tar) {
            Ok(contents) => panic!("taken: {contents:?}"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn an_archive_reads_back_the_details_and_images_it_was_written_with() {
        let bytes = archive("{\"a\":1}", &images());
        match read_archive(GzDecoder::new(&bytes[..])).expect("read") {
            Contents::Archive {
                details_json,
                pages_json,
                images: read,
            } => {
                assert_eq!(details_json, "{\"a\":1}");
                assert_eq!(pages_json.as_deref(), Some("{\"home\":{}}"));
                assert_eq!(read, images());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_same_input_gives_the_same_bytes_in_path_order() {
        let first = archive("{}", &images());
        assert_eq!(first, archive("{}", &images()));
        let mut tar = tar::Archive::new(GzDecoder::new(&first[..]));
        let entries: Vec<(String, u32, u64, u64)> = tar
            .entries()
            .expect("entries")
            .map(|e| {
                let e = e.expect("entry");
                let h = e.header();
                (
                    e.path().expect("path").display().to_string(),
                    h.mode().expect("mode"),
                    h.mtime().expect("mtime"),
                    h.uid().expect("uid"),
                )
            })
            .collect();
        assert_eq!(
            entries,
            [
                ("details.json".to_owned(), 0o644, 0, 0),
                ("pages.json".to_owned(), 0o644, 0, 0),
                ("media/leaders/aaaaaaaaaaaaaaaa.svg".to_owned(), 0o644, 0, 0),
                ("media/leaders/bbbbbbbbbbbbbbbb.jpg".to_owned(), 0o644, 0, 0),
            ]
        );
    }

    #[test]
    fn paths_outside_links_and_strangers_are_refused() {
        let file = EntryType::Regular;
        let cases: [(&str, EntryType, &str); 8] = [
            ("media/../../etc/passwd", file, "no '..'"),
            ("../details.json", file, "only details.json"),
            ("/etc/passwd", file, "only details.json"),
            ("media/leaders/.hidden.jpg", file, "hidden"),
            ("media/leaders/a.jpg", EntryType::Symlink, "links"),
            ("media/leaders/a.jpg", EntryType::Link, "links"),
            (
                "media/leaders/a.jpg",
                EntryType::Fifo,
                "only files and folders",
            ),
            ("notes.txt", file, "only details.json"),
        ];
        for (name, kind, words) in cases {
            let tar = tar_of(&[("details.json", file, b"{}"), (name, kind, b"x")]);
            let message = refused(&tar);
            assert!(message.contains(words), "{name}: {message}");
            assert!(message.contains(name), "{name} is named: {message}");
        }
    }

    #[test]
    fn folders_a_hand_made_tar_adds_are_taken_and_repeats_are_not() {
        let dir = EntryType::Directory;
        let file = EntryType::Regular;
        let tar = tar_of(&[
            ("./", dir, b""),
            ("./details.json", file, b"{}"),
            ("./media/", dir, b""),
            ("./media/leaders/", dir, b""),
            ("./media/leaders/a.jpg", file, b"x"),
        ]);
        match read_archive(&tar[..]).expect("taken") {
            Contents::Archive { images, .. } => {
                assert_eq!(images.keys().collect::<Vec<_>>(), ["leaders/a.jpg"]);
            }
            other => panic!("{other:?}"),
        }
        let twice = tar_of(&[("details.json", file, b"{}"), ("details.json", file, b"{}")]);
        assert!(refused(&twice).contains("twice"));
        let none = tar_of(&[("media/leaders/a.jpg", file, b"x")]);
        assert!(refused(&none).contains("no details.json"));
        let pages_twice = tar_of(&[
            ("details.json", file, b"{}"),
            ("pages.json", file, b"{}"),
            ("pages.json", file, b"{}"),
        ]);
        assert!(refused(&pages_twice).contains("twice"));
        let older = tar_of(&[("details.json", file, b"{}")]);
        match read_archive(&older[..]).expect("an older archive") {
            Contents::Archive { pages_json, .. } => assert_eq!(pages_json, None),
            other => panic!("{other:?}"),
        }
    }

    /// Every picture the catalog's pages can hold, published and in a draft, fits the bound.
    #[test]
    fn the_pages_pictures_fit_the_archive_s_bound() {
        let slots: usize = crate::domain::pages::catalog::PAGES
            .iter()
            .map(|page| crate::domain::pages::schema::picture_slots(page.fields))
            .sum();
        assert!(slots > 0);
        assert!(2 * slots <= PAGE_IMAGES_MAX, "{slots} pictures");
    }

    #[test]
    fn entries_their_sizes_and_the_whole_are_bounded() {
        let file = EntryType::Regular;
        let big = vec![0u8; MAX_IMAGE_BYTES + 1];
        let tar = tar_of(&[("details.json", file, b"{}"), ("media/a.jpg", file, &big)]);
        assert!(refused(&tar).contains("larger than 5 MB"));

        let names: Vec<String> = (0..=ENTRIES_MAX)
            .map(|n| format!("media/{n}.jpg"))
            .collect();
        let mut entries = vec![("details.json", file, &b"{}"[..])];
        entries.extend(names.iter().map(|n| (n.as_str(), file, &b"x"[..])));
        assert!(refused(&tar_of(&entries)).contains("more than"));

        let endless = io::repeat(0).take(UNPACKED_MAX + 1);
        let mut zeros = tar_of(&[("details.json", file, b"{}")]);
        zeros.truncate(512 + 512);
        let stream = io::Cursor::new(zeros).chain(endless);
        // An endless stream of zero blocks after the details ends the archive (two zero
        // blocks); a header claiming a huge entry is bounded by the whole.
        assert!(read_archive(stream).is_ok());
        let mut huge = Header::new_gnu();
        huge.set_path("media/huge.jpg").expect("path");
        huge.set_size(UNPACKED_MAX * 2);
        huge.set_entry_type(file);
        huge.set_cksum();
        let stream = io::Cursor::new(huge.as_bytes().to_vec()).chain(io::repeat(1));
        let message = refused_stream(stream);
        assert!(message.contains("larger than 5 MB"), "{message}");
    }

    fn refused_stream(stream: impl Read) -> String {
        match read_archive(stream) {
            Ok(contents) => panic!("taken: {contents:?}"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn a_plain_json_file_is_read_as_json_and_a_gzip_as_an_archive() {
        let dir = tempfile::tempdir().expect("dir");
        let json = dir.path().join("details.json");
        fs::write(&json, "{\"a\":1}").expect("write");
        assert!(matches!(read(&json).expect("read"), Contents::Json(text) if text == "{\"a\":1}"));
        let packed = dir.path().join("details.tar.gz");
        write(&packed, "{}", None, &images()).expect("write");
        assert!(matches!(
            read(&packed).expect("read"),
            Contents::Archive { .. }
        ));
        assert!(
            fs::read_dir(dir.path()).expect("dir").count() == 2,
            "no temporary file is left"
        );
        fs::write(&packed, [0x1f, 0x8b, 0, 1, 2]).expect("write");
        assert!(read(&packed)
            .expect_err("damaged")
            .to_string()
            .contains("not a readable details archive"));
    }
}
