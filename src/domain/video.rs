//! The one video check: a video the office uploads for a page (the home page's hero) is judged
//! here by its bytes alone, never by its name or declared type.
//!
//! Accepted: MP4 (an ISO base media file whose `ftyp` names an MP4 brand) and WebM (an EBML
//! document of type `webm`), the two every browser plays in a `<video>`. A video is not
//! re-encoded (the server has no codec), so the check is of its structure instead:
//!
//! - MP4: the top-level boxes must tile the file exactly from `ftyp` at byte 0 to the last
//!   byte (a truncated upload fails; bytes after the last box, where polyglots hide, are
//!   refused), each of a known type, with a `moov` and the media (`mdat` or fragments).
//!   A QuickTime movie (`qt  `) is refused with a sentence saying how to save it as MP4.
//! - WebM: the EBML header's DocType is `webm` and a Segment follows it, whose children tile
//!   it (or the file, for a Segment of unknown size).
//!
//! What is stored is not quite the bytes as sent: the metadata a phone writes (its location,
//! the device, the owner: MP4's `udta` and `meta` boxes in the movie and its tracks, WebM's
//! `Tags`) is blanked in place, each box turned into padding of the same length (`free`,
//! WebM's `Void`), so no offset into the media moves and the video plays as before.

use thiserror::Error;

/// The largest video a page takes: about a minute of 1080p at a web bitrate.
pub const MAX_VIDEO_BYTES: usize = 40 * 1024 * 1024;

/// The two kinds of video a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoType {
    Mp4,
    Webm,
}

impl VideoType {
    pub fn extension(self) -> &'static str {
        match self {
            VideoType::Mp4 => "mp4",
            VideoType::Webm => "webm",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            VideoType::Mp4 => "video/mp4",
            VideoType::Webm => "video/webm",
        }
    }
}

/// Whether a media path names a video (by the extension the check gave it when it was
/// stored, or a compiled default's).
pub fn is_video_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".mp4") || lower.ends_with(".webm")
}

/// Why a video was refused, in a sentence fit to show the person who sent it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RejectedVideo {
    #[error("This file is not a video we accept: it must be an MP4 or WebM video.")]
    NotAVideo,
    #[error("This is a QuickTime movie (.mov). Please export it as MP4 (H.264) or WebM and upload that.")]
    QuickTime,
    #[error(
        "This video is incomplete or damaged. Please upload it again as an MP4 or WebM video."
    )]
    Damaged,
    #[error("This video has other data hidden after its end. Please upload it as a plain MP4 or WebM video.")]
    TrailingData,
}

/// A video checked, with its metadata blanked: what to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedVideo {
    pub video_type: VideoType,
    pub bytes: Vec<u8>,
}

/// Checks `sent` (see the module's comment) and answers it with its metadata blanked.
pub fn check_video(sent: &[u8]) -> Result<AcceptedVideo, RejectedVideo> {
    let mut bytes = sent.to_vec();
    let video_type = if sent.get(4..8) == Some(b"ftyp") {
        mp4(&mut bytes)?;
        VideoType::Mp4
    } else if sent.starts_with(EBML_ID) {
        webm(&mut bytes)?;
        VideoType::Webm
    } else {
        return Err(RejectedVideo::NotAVideo);
    };
    Ok(AcceptedVideo { video_type, bytes })
}

/// The brands of an MP4 browsers play (the major brand of `ftyp`).
const MP4_BRANDS: &[&[u8; 4]] = &[
    b"isom", b"iso2", b"iso3", b"iso4", b"iso5", b"iso6", b"mp41", b"mp42", b"avc1", b"M4V ",
    b"dash", b"mmp4", b"MSNV", b"3gp4", b"3gp5",
];
/// The top-level boxes an MP4 may hold.
const MP4_TOP: &[&[u8; 4]] = &[
    b"ftyp", b"moov", b"mdat", b"free", b"skip", b"wide", b"moof", b"mfra", b"sidx", b"styp",
    b"meta", b"pdin", b"uuid",
];
/// Boxes that carry who, where and with what a video was made.
const MP4_METADATA: &[&[u8; 4]] = &[b"udta", b"meta", b"uuid"];

/// One box: where it starts, its type, where its children start and where it ends.
struct Mp4Box {
    start: usize,
    kind: [u8; 4],
    body: usize,
    end: usize,
}

/// The boxes tiling `bytes[from..to]`, or Damaged when one runs past `to`.
fn boxes(bytes: &[u8], from: usize, to: usize) -> Result<Vec<Mp4Box>, RejectedVideo> {
    let mut found = Vec::new();
    let mut at = from;
    while at < to {
        let head = bytes.get(at..at + 8).ok_or(RejectedVideo::Damaged)?;
        let small = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as u64;
        let kind = [head[4], head[5], head[6], head[7]];
        let (size, body) = match small {
            // The box runs to the end (only the last top-level box may say so).
            0 => ((to - at) as u64, at + 8),
            1 => {
                let large = bytes.get(at + 8..at + 16).ok_or(RejectedVideo::Damaged)?;
                let mut eight = [0u8; 8];
                eight.copy_from_slice(large);
                (u64::from_be_bytes(eight), at + 16)
            }
            size => (size, at + 8),
        };
        let end = usize::try_from(size)
            .ok()
            .and_then(|size| at.checked_add(size))
            .filter(|end| *end >= body && *end <= to)
            .ok_or(RejectedVideo::Damaged)?;
        found.push(Mp4Box {
            start: at,
            kind,
            body,
            end,
        });
        at = end;
    }
    Ok(found)
}

fn mp4(bytes: &mut [u8]) -> Result<(), RejectedVideo> {
    let brand = bytes.get(8..12).ok_or(RejectedVideo::Damaged)?;
    if brand == b"qt  " {
        return Err(RejectedVideo::QuickTime);
    }
    if !MP4_BRANDS.iter().any(|known| &known[..] == brand) {
        return Err(RejectedVideo::NotAVideo);
    }
    let top = boxes(bytes, 0, bytes.len()).map_err(|damaged| {
        // A file whose boxes end before its bytes do has something appended.
        if trailing(bytes) {
            RejectedVideo::TrailingData
        } else {
            damaged
        }
    })?;
    if top
        .iter()
        .any(|b| !MP4_TOP.iter().any(|known| **known == b.kind))
    {
        return Err(RejectedVideo::TrailingData);
    }
    let has = |kind: &[u8; 4]| top.iter().any(|b| &b.kind == kind);
    if !has(b"moov") || !(has(b"mdat") || has(b"moof")) {
        return Err(RejectedVideo::Damaged);
    }
    let mut blank = Vec::new();
    for top_box in &top {
        if top_box.kind == *b"meta" || top_box.kind == *b"uuid" {
            blank.push((top_box.start, top_box.end));
        }
        if top_box.kind != *b"moov" {
            continue;
        }
        for child in boxes(bytes, top_box.body, top_box.end)? {
            if MP4_METADATA.contains(&&child.kind) {
                blank.push((child.start, child.end));
            } else if child.kind == *b"trak" {
                for part in boxes(bytes, child.body, child.end)? {
                    if MP4_METADATA.contains(&&part.kind) {
                        blank.push((part.start, part.end));
                    }
                }
            }
        }
    }
    for (start, end) in blank {
        // Keep the size field(s), say `free`, and zero the rest.
        bytes[start + 4..start + 8].copy_from_slice(b"free");
        let body = if u32::from_be_bytes([
            bytes[start],
            bytes[start + 1],
            bytes[start + 2],
            bytes[start + 3],
        ]) == 1
        {
            start + 16
        } else {
            start + 8
        };
        bytes[body..end].fill(0);
    }
    Ok(())
}

/// Whether an MP4's top-level boxes, read while they fit, end before the file does (so that
/// what follows them is not a box of the file's).
fn trailing(bytes: &[u8]) -> bool {
    let mut at = 0usize;
    loop {
        let Some(head) = bytes.get(at..at + 8) else {
            return at < bytes.len();
        };
        let size = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let known = MP4_TOP.iter().any(|known| known[..] == head[4..8]);
        if !known || size < 8 || size == 1 {
            return at > 0;
        }
        match at.checked_add(size) {
            Some(end) if end <= bytes.len() => at = end,
            _ => return false,
        }
    }
}

const EBML_ID: &[u8] = &[0x1a, 0x45, 0xdf, 0xa3];
const SEGMENT_ID: u32 = 0x1853_8067;
const TAGS_ID: u32 = 0x1254_c367;
const DOC_TYPE_ID: u32 = 0x4282;
const VOID_ID: u8 = 0xec;

/// An EBML element's ID (its marker bits kept, as IDs are written) at `at`, and its length.
fn ebml_id(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let first = *bytes.get(at)?;
    let len = first.leading_zeros() as usize + 1;
    if len > 4 {
        return None;
    }
    let raw = bytes.get(at..at + len)?;
    Some((raw.iter().fold(0u32, |id, b| id << 8 | *b as u32), len))
}

/// An EBML size at `at` (None inside: the unknown size, all ones) and its length.
fn ebml_size(bytes: &[u8], at: usize) -> Option<(Option<u64>, usize)> {
    let first = *bytes.get(at)?;
    let len = first.leading_zeros() as usize + 1;
    if len > 8 {
        return None;
    }
    let raw = bytes.get(at..at + len)?;
    let mask = if len == 8 { 0 } else { 0xffu8 >> len };
    let mut value = (first & mask) as u64;
    for b in &raw[1..] {
        value = value << 8 | *b as u64;
    }
    let unknown = value == (1u64 << (7 * len)) - 1;
    Some(((!unknown).then_some(value), len))
}

/// One element: its ID, where its data starts and where it ends.
fn element(bytes: &[u8], at: usize, to: usize) -> Result<(u32, usize, usize), RejectedVideo> {
    let (id, id_len) = ebml_id(bytes, at).ok_or(RejectedVideo::Damaged)?;
    let (size, size_len) = ebml_size(bytes, at + id_len).ok_or(RejectedVideo::Damaged)?;
    let data = at + id_len + size_len;
    let end = match size {
        Some(size) => usize::try_from(size)
            .ok()
            .and_then(|size| data.checked_add(size))
            .ok_or(RejectedVideo::Damaged)?,
        None => to,
    };
    if data > to || end > to {
        return Err(RejectedVideo::Damaged);
    }
    Ok((id, data, end))
}

fn webm(bytes: &mut [u8]) -> Result<(), RejectedVideo> {
    let len = bytes.len();
    let (_, header_data, header_end) = element(bytes, 0, len)?;
    // The header's children: DocType must say webm.
    let mut at = header_data;
    let mut doc_type = None;
    while at < header_end {
        let (id, data, end) = element(bytes, at, header_end)?;
        if id == DOC_TYPE_ID {
            doc_type = Some(&bytes[data..end]);
        }
        at = end;
    }
    if doc_type.map(|t| t.split(|b| *b == 0).next()) != Some(Some(b"webm".as_slice())) {
        return Err(RejectedVideo::NotAVideo);
    }
    let (id, segment_data, segment_end) = element(bytes, header_end, len)?;
    if id != SEGMENT_ID {
        return Err(RejectedVideo::Damaged);
    }
    if segment_end != len {
        return Err(RejectedVideo::TrailingData);
    }
    let mut tags = Vec::new();
    let mut at = segment_data;
    while at < segment_end {
        let (id, _, end) = element(bytes, at, segment_end)?;
        if id == TAGS_ID {
            tags.push((at, end));
        }
        at = end;
    }
    for (start, end) in tags {
        void(&mut bytes[start..end]);
    }
    Ok(())
}

/// Turns an element (at least 5 bytes: a Tags ID and its size) into a Void element of the
/// same length with zeros inside.
fn void(element: &mut [u8]) {
    let total = element.len();
    // The size takes up to 8 bytes; the data is what is left after the ID and the size.
    let size_len = (total - 1).min(8);
    let data_len = (total - 1 - size_len) as u64;
    element.fill(0);
    element[0] = VOID_ID;
    let marker = 1u64 << (7 * size_len);
    let encoded = (marker | data_len).to_be_bytes();
    element[1..1 + size_len].copy_from_slice(&encoded[8 - size_len..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mp4_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    fn movie(brand: &[u8; 4], moov_children: &[Vec<u8>]) -> Vec<u8> {
        let mut ftyp = brand.to_vec();
        ftyp.extend_from_slice(&[0, 0, 2, 0]);
        ftyp.extend_from_slice(b"isomiso2avc1mp41");
        let mut out = mp4_box(b"ftyp", &ftyp);
        out.extend(mp4_box(b"moov", &moov_children.concat()));
        out.extend(mp4_box(b"mdat", &[7u8; 64]));
        out
    }

    #[test]
    fn a_whole_mp4_is_taken_and_its_metadata_blanked_in_place() {
        let location = mp4_box(b"udta", b"\xa9xyz+12.97+077.59/");
        let track = mp4_box(
            b"trak",
            &[mp4_box(b"tkhd", &[1; 12]), mp4_box(b"meta", b"owner")].concat(),
        );
        let sent = movie(b"isom", &[mp4_box(b"mvhd", &[2; 20]), location, track]);
        let taken = check_video(&sent).expect("taken");
        assert_eq!(taken.video_type, VideoType::Mp4);
        assert_eq!(taken.bytes.len(), sent.len(), "no offset moves");
        let kept = String::from_utf8_lossy(&taken.bytes);
        assert!(!kept.contains("+12.97"), "the location is gone");
        assert!(!kept.contains("owner"));
        assert!(!kept.contains("udta") && !kept.contains("meta"));
        // What is not metadata is the same, byte for byte: the media and the headers.
        assert_eq!(&taken.bytes[sent.len() - 64..], &[7u8; 64]);
        assert!(kept.contains("mvhd") && kept.contains("tkhd"));
        // And the blanked file is itself a sound video.
        assert_eq!(check_video(&taken.bytes).expect("again").bytes, taken.bytes);
    }

    #[test]
    fn the_real_demo_videos_are_taken_unchanged_but_for_their_metadata() {
        for name in ["hero.mp4", "md-message.mp4"] {
            let path = format!("{}/ui/src/assets/video/{name}", env!("CARGO_MANIFEST_DIR"));
            let sent = std::fs::read(path).expect("the demo video");
            let taken = check_video(&sent).expect(name);
            assert_eq!(taken.video_type, VideoType::Mp4);
            assert_eq!(taken.bytes.len(), sent.len());
        }
    }

    #[test]
    fn cut_short_appended_or_foreign_files_are_refused_in_words() {
        let sound = movie(b"mp42", &[mp4_box(b"mvhd", &[2; 20])]);
        assert!(check_video(&sound).is_ok());
        assert_eq!(
            check_video(&sound[..sound.len() - 10]),
            Err(RejectedVideo::Damaged)
        );
        let mut appended = sound.clone();
        appended.extend_from_slice(b"PK\x03\x04 a zip after the movie");
        assert_eq!(check_video(&appended), Err(RejectedVideo::TrailingData));
        assert_eq!(
            check_video(&movie(b"qt  ", &[])),
            Err(RejectedVideo::QuickTime)
        );
        assert_eq!(
            check_video(&movie(b"heic", &[])),
            Err(RejectedVideo::NotAVideo)
        );
        assert_eq!(
            check_video(b"\x89PNG\r\n\x1a\n...."),
            Err(RejectedVideo::NotAVideo)
        );
        assert_eq!(check_video(b""), Err(RejectedVideo::NotAVideo));
        // No movie header: nothing a browser could play.
        let mut no_moov = mp4_box(b"ftyp", b"isom\0\0\0\0");
        no_moov.extend(mp4_box(b"mdat", &[0; 16]));
        assert_eq!(check_video(&no_moov), Err(RejectedVideo::Damaged));
        // A box claiming more than the file holds, and a box size of 2^64 - 1.
        let mut huge = mp4_box(b"ftyp", b"isom\0\0\0\0");
        huge.extend_from_slice(&[0, 0, 0, 1]);
        huge.extend_from_slice(b"mdat");
        huge.extend_from_slice(&u64::MAX.to_be_bytes());
        assert!(check_video(&huge).is_err());
        for message in [RejectedVideo::Damaged, RejectedVideo::QuickTime] {
            assert!(message.to_string().contains("MP4"), "{message}");
        }
    }

    fn ebml(id: &[u8], data: &[u8]) -> Vec<u8> {
        let mut out = id.to_vec();
        // An 8-byte size: 0x01 then seven bytes of the length.
        out.push(0x01);
        out.extend_from_slice(&(data.len() as u64).to_be_bytes()[1..]);
        out.extend_from_slice(data);
        out
    }

    fn webm_file(doc_type: &[u8], segment_children: &[Vec<u8>]) -> Vec<u8> {
        let mut out = ebml(EBML_ID, &ebml(&[0x42, 0x82], doc_type));
        out.extend(ebml(&[0x18, 0x53, 0x80, 0x67], &segment_children.concat()));
        out
    }

    #[test]
    fn a_webm_is_taken_with_its_tags_made_void() {
        let info = ebml(&[0x15, 0x49, 0xa9, 0x66], &[3; 10]);
        let tags = ebml(
            &[0x12, 0x54, 0xc3, 0x67],
            b"ARTIST=someone LOCATION=somewhere",
        );
        let cluster = ebml(&[0x1f, 0x43, 0xb6, 0x75], &[9; 40]);
        let sent = webm_file(b"webm", &[info, tags, cluster]);
        let taken = check_video(&sent).expect("taken");
        assert_eq!(taken.video_type, VideoType::Webm);
        assert_eq!(taken.bytes.len(), sent.len());
        assert!(!String::from_utf8_lossy(&taken.bytes).contains("somewhere"));
        assert_eq!(&taken.bytes[sent.len() - 40..], &[9u8; 40]);
        // The void element parses as one element of the same length: the file is sound.
        assert_eq!(check_video(&taken.bytes).expect("again").bytes, taken.bytes);

        assert_eq!(
            check_video(&webm_file(b"matroska", &[])),
            Err(RejectedVideo::NotAVideo)
        );
        let mut appended = sent.clone();
        appended.extend_from_slice(b"more");
        assert_eq!(check_video(&appended), Err(RejectedVideo::TrailingData));
        assert_eq!(
            check_video(&sent[..sent.len() - 5]),
            Err(RejectedVideo::Damaged)
        );
    }

    #[test]
    fn a_void_element_of_every_small_length_reads_back_whole() {
        for total in 5..40 {
            let mut element = vec![0xffu8; total];
            void(&mut element);
            let (id, data, end) = element_of(&element);
            assert_eq!((id, end), (VOID_ID as u32, total), "{total}");
            assert!(element[data..].iter().all(|b| *b == 0));
        }
    }

    fn element_of(bytes: &[u8]) -> (u32, usize, usize) {
        element(bytes, 0, bytes.len()).expect("an element")
    }

    #[test]
    fn videos_are_told_by_their_paths() {
        assert!(is_video_path("pages/3f9a0c1d2e3f4a5b.mp4"));
        assert!(is_video_path("/assets/hero-Ab12.webm"));
        assert!(!is_video_path("pages/3f9a0c1d2e3f4a5b.jpg"));
    }
}
