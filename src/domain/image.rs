//! The one image check: every image that enters, from any door (a resume on the Join Us
//! form, a post's cover or body image, an author's photo), is judged here by its bytes alone,
//! never by its name or declared type.
//!
//! Accepted: JPEG, PNG and WebP, each whole from its signature at byte 0 to its end marker at
//! the last byte. A PNG needs a sound IHDR and must end with IEND (a truncated upload fails);
//! a WebP's RIFF length must match the file; a JPEG must end with EOI. Bytes after the end
//! marker are refused: that is where image/archive or image/script polyglots hide.
//! SVG is accepted too, as the Join Us form promises, but never stored as sent: a file whose
//! head looks like SVG is held whole and rebuilt by `svg::sanitize_svg`, and only that
//! sanitized copy is stored (see `svg` for what survives and what is refused).

use super::svg::{sanitize_svg, SvgRefusal};

/// Largest image a post file may bring (a resume's limit is a server setting).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// Bytes kept from the start of a file: enough for every signature and the SVG check.
const HEAD_LEN: usize = 512;
/// Bytes kept from the end: a whole PNG IEND chunk.
const TAIL_LEN: usize = 12;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const PNG_IEND: &[u8] = b"\0\0\0\0IEND\xae\x42\x60\x82";

/// An accepted image type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    Jpeg,
    Png,
    Svg,
    Webp,
}

impl ImageType {
    pub fn mime(self) -> &'static str {
        match self {
            ImageType::Jpeg => "image/jpeg",
            ImageType::Png => "image/png",
            ImageType::Svg => "image/svg+xml",
            ImageType::Webp => "image/webp",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageType::Jpeg => "jpg",
            ImageType::Png => "png",
            ImageType::Svg => "svg",
            ImageType::Webp => "webp",
        }
    }
}

/// What to store for an accepted file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    /// The bytes exactly as they arrived.
    AsSent(ImageType),
    /// These bytes instead of the upload: the SVG rebuilt from its allowlisted parts.
    SanitizedSvg(Vec<u8>),
}

impl Accepted {
    /// The type and the bytes to store, given the bytes that were sent.
    pub fn into_stored(self, sent: Vec<u8>) -> (ImageType, Vec<u8>) {
        match self {
            Accepted::AsSent(image_type) => (image_type, sent),
            Accepted::SanitizedSvg(svg) => (ImageType::Svg, svg),
        }
    }
}

/// Why a file was refused; the `Display` text names the allowed types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RejectedFile {
    #[error("This file is not an image we accept: it must be a JPEG, PNG, SVG or WebP image, and it is none of those.")]
    NotAnImage,
    #[error("This image is incomplete or damaged. Please upload it again as a JPEG, PNG, SVG or WebP image.")]
    Damaged,
    #[error("This image has other data hidden after its end. Please upload it as a plain JPEG, PNG, SVG or WebP image.")]
    TrailingData,
    #[error("This SVG has a DOCTYPE or entity declarations, which are not accepted. Please save it without them: images must be plain JPEG, PNG, SVG or WebP.")]
    SvgDeclarations,
    #[error("This SVG is too complex (over 256 levels deep or 100,000 elements). Please upload a simpler JPEG, PNG, SVG or WebP image.")]
    SvgTooComplex,
}

impl From<SvgRefusal> for RejectedFile {
    fn from(refusal: SvgRefusal) -> Self {
        match refusal {
            SvgRefusal::Malformed => RejectedFile::Damaged,
            SvgRefusal::NotSvg => RejectedFile::NotAnImage,
            SvgRefusal::Declarations => RejectedFile::SvgDeclarations,
            SvgRefusal::TooComplex => RejectedFile::SvgTooComplex,
        }
    }
}

/// Looks at a file as it streams past, keeping its first and last bytes and whether an end
/// marker went by (to tell a truncated image from one with data appended). A file whose head
/// looks like SVG is kept whole, to be sanitized: its size is bounded by the upload limit,
/// which the caller enforces while streaming.
#[derive(Debug, Default)]
pub struct Sniffer {
    head: Vec<u8>,
    tail: Vec<u8>,
    len: u64,
    saw_png_end: bool,
    saw_jpeg_end: bool,
    /// Every byte, while the file may still be an SVG.
    whole: Vec<u8>,
    /// Decided once the head is full: `Some(false)` stops (and frees) `whole`.
    svg_head: Option<bool>,
}

impl Sniffer {
    pub fn feed(&mut self, chunk: &[u8]) {
        // The previous tail joins the chunk so markers split across chunks are found.
        let mut window = self.tail.clone();
        window.extend_from_slice(&chunk[..chunk.len().min(PNG_IEND.len())]);
        for bytes in [window.as_slice(), chunk] {
            self.saw_png_end |= bytes.windows(8).any(|w| w == &PNG_IEND[4..]);
            self.saw_jpeg_end |= bytes.windows(2).any(|w| w == b"\xff\xd9");
        }
        self.len += chunk.len() as u64;
        let room = HEAD_LEN.saturating_sub(self.head.len());
        self.head.extend_from_slice(&chunk[..room.min(chunk.len())]);
        if self.svg_head.is_none() && self.head.len() >= HEAD_LEN {
            let is_svg = looks_like_svg(&self.head);
            self.svg_head = Some(is_svg);
            if !is_svg {
                self.whole = Vec::new();
            }
        }
        if self.svg_head != Some(false) {
            self.whole.extend_from_slice(chunk);
        }
        if chunk.len() >= TAIL_LEN {
            self.tail.clear();
            self.tail
                .extend_from_slice(&chunk[chunk.len() - TAIL_LEN..]);
        } else {
            self.tail.extend_from_slice(chunk);
            let excess = self.tail.len().saturating_sub(TAIL_LEN);
            self.tail.drain(..excess);
        }
    }

    /// Bytes seen so far.
    pub fn bytes_seen(&self) -> u64 {
        self.len
    }

    /// The verdict on the whole file. For an SVG this parses and rebuilds it, which takes
    /// time in proportion to its size: call it off the async threads.
    pub fn finish(&self) -> Result<Accepted, RejectedFile> {
        let head = self.head.as_slice();
        let image_type = if head.starts_with(PNG_SIGNATURE) {
            check_png(head, &self.tail, self.saw_png_end).map(|()| ImageType::Png)
        } else if head.starts_with(b"\xff\xd8\xff") {
            check_jpeg(head, &self.tail, self.len, self.saw_jpeg_end).map(|()| ImageType::Jpeg)
        } else if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
            check_webp(head, self.len).map(|()| ImageType::Webp)
        } else if looks_like_svg(head) {
            return Ok(Accepted::SanitizedSvg(sanitize_svg(&self.whole)?));
        } else {
            Err(RejectedFile::NotAnImage)
        };
        image_type.map(Accepted::AsSent)
    }
}

/// Checks a whole file held in memory (parses an SVG: call it off the async threads).
pub fn check(bytes: &[u8]) -> Result<Accepted, RejectedFile> {
    let mut sniffer = Sniffer::default();
    sniffer.feed(bytes);
    sniffer.finish()
}

fn check_png(head: &[u8], tail: &[u8], saw_end: bool) -> Result<(), RejectedFile> {
    // Signature, then IHDR: length 13, type, 13 bytes of data, CRC.
    let ihdr = head.get(8..33).ok_or(RejectedFile::Damaged)?;
    if &ihdr[0..8] != b"\0\0\0\x0dIHDR" {
        return Err(RejectedFile::Damaged);
    }
    let data = &ihdr[8..21];
    let width = u32::from_be_bytes([data[0], data[1], data[2], data[3]]);
    let height = u32::from_be_bytes([data[4], data[5], data[6], data[7]]);
    let (depth, colour, compression, filter, interlace) =
        (data[8], data[9], data[10], data[11], data[12]);
    let depth_ok = match colour {
        0 => matches!(depth, 1 | 2 | 4 | 8 | 16),
        3 => matches!(depth, 1 | 2 | 4 | 8),
        2 | 4 | 6 => matches!(depth, 8 | 16),
        _ => false,
    };
    let sizes_ok =
        (1..=i32::MAX as u32).contains(&width) && (1..=i32::MAX as u32).contains(&height);
    let crc = u32::from_be_bytes([ihdr[21], ihdr[22], ihdr[23], ihdr[24]]);
    if !depth_ok
        || !sizes_ok
        || compression != 0
        || filter != 0
        || interlace > 1
        || crc32(&ihdr[4..21]) != crc
    {
        return Err(RejectedFile::Damaged);
    }
    end_marker_last(tail == PNG_IEND, saw_end)
}

fn check_jpeg(head: &[u8], tail: &[u8], len: u64, saw_end: bool) -> Result<(), RejectedFile> {
    // SOI, then a marker (APPn, DQT, SOF, COM...), and EOI as the last two bytes.
    let marker = head.get(3).copied().ok_or(RejectedFile::Damaged)?;
    if marker < 0xc0 || marker == 0xff || len < 8 {
        return Err(RejectedFile::Damaged);
    }
    end_marker_last(tail.ends_with(b"\xff\xd9"), saw_end)
}

/// The end marker must be the file's last bytes: seen earlier, data was appended after it;
/// never seen, the file was cut short.
fn end_marker_last(ends_with_marker: bool, saw_marker: bool) -> Result<(), RejectedFile> {
    match (ends_with_marker, saw_marker) {
        (true, _) => Ok(()),
        (false, true) => Err(RejectedFile::TrailingData),
        (false, false) => Err(RejectedFile::Damaged),
    }
}

fn check_webp(head: &[u8], len: u64) -> Result<(), RejectedFile> {
    let riff = head.get(4..8).ok_or(RejectedFile::Damaged)?;
    let declared = u64::from(u32::from_le_bytes([riff[0], riff[1], riff[2], riff[3]])) + 8;
    let first_chunk_ok = match head.get(12..16) {
        // A lossy frame starts with the VP8 start code, a lossless one with 0x2f.
        Some(b"VP8 ") => head.get(23..26) == Some(b"\x9d\x01\x2a"),
        Some(b"VP8L") => head.get(20) == Some(&0x2f),
        Some(b"VP8X") => head.len() >= 30,
        _ => false,
    };
    if !first_chunk_ok {
        return Err(RejectedFile::Damaged);
    }
    match len.cmp(&declared) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(RejectedFile::Damaged),
        std::cmp::Ordering::Greater => Err(RejectedFile::TrailingData),
    }
}

/// Text that opens like XML or SVG and mentions an `<svg` element early on.
fn looks_like_svg(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    if text.get(start) != Some(&b'<') {
        return false;
    }
    text.to_ascii_lowercase().windows(4).any(|w| w == b"<svg")
}

/// CRC-32 (ISO-HDLC), as PNG chunks use; only ever run over a few bytes.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1x1 PNG with correct CRCs, built here so the test owns every byte.
    pub(crate) fn tiny_png() -> Vec<u8> {
        fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(kind);
            out.extend_from_slice(data);
            let mut crc_input = kind.to_vec();
            crc_input.extend_from_slice(data);
            out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
            out
        }
        let mut png = PNG_SIGNATURE.to_vec();
        png.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
        png.extend(chunk(
            b"IDAT",
            &[
                0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00,
            ],
        ));
        png.extend(chunk(b"IEND", &[]));
        png
    }

    #[test]
    fn crc32_matches_the_reference_check_value() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(&tiny_png()[tiny_png().len() - 12..], PNG_IEND);
    }

    #[test]
    fn sniffing_streamed_in_small_chunks_matches_sniffing_the_whole_file() {
        let mut png = tiny_png();
        let mut text_chunk = b"\0\0\x04\0tEXt".to_vec();
        text_chunk.extend([b'x'; 1024]);
        text_chunk.extend([0; 4]);
        png.splice(33..33, text_chunk);
        for chunk_size in [1, 3, 11, 12, 13, 100, 4096] {
            let mut sniffer = Sniffer::default();
            for chunk in png.chunks(chunk_size) {
                sniffer.feed(chunk);
            }
            assert_eq!(sniffer.bytes_seen(), png.len() as u64);
            assert_eq!(sniffer.finish(), check(&png), "chunks of {chunk_size}");
            assert_eq!(
                sniffer.finish(),
                Ok(Accepted::AsSent(ImageType::Png)),
                "chunks of {chunk_size}"
            );
            assert!(sniffer.whole.is_empty(), "a PNG is not held in memory");
        }
    }

    #[test]
    fn an_svg_streamed_in_small_chunks_is_held_whole_and_stored_sanitized() {
        let padding = "<rect width=\"1\" height=\"1\"/>".repeat(40);
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\">{padding}<script>alert(2)</script></svg>"
        );
        assert!(svg.len() > HEAD_LEN * 2, "the file outgrows the head");
        for chunk_size in [1, 7, 512, 513, 4096] {
            let mut sniffer = Sniffer::default();
            for chunk in svg.as_bytes().chunks(chunk_size) {
                sniffer.feed(chunk);
            }
            let verdict = sniffer.finish();
            assert_eq!(verdict, check(svg.as_bytes()), "chunks of {chunk_size}");
            let Ok(Accepted::SanitizedSvg(stored)) = verdict else {
                panic!("chunks of {chunk_size}: {verdict:?}");
            };
            let stored = String::from_utf8(stored).expect("UTF-8");
            assert!(stored.contains(&padding), "chunks of {chunk_size}");
            assert!(
                !stored.contains("alert"),
                "chunks of {chunk_size}: {stored}"
            );
        }
    }

    #[test]
    fn svgs_that_cannot_be_sanitized_are_refused_with_a_reason() {
        let cases: &[(&str, &str, RejectedFile)] = &[
            (
                "malformed",
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>",
                RejectedFile::Damaged,
            ),
            (
                "doctype",
                "<!DOCTYPE svg [<!ENTITY a \"b\">]><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                RejectedFile::SvgDeclarations,
            ),
            (
                "html around an svg",
                "<html><body><svg xmlns=\"http://www.w3.org/2000/svg\"/></body></html>",
                RejectedFile::NotAnImage,
            ),
        ];
        for (case, bytes, rejected) in cases {
            assert_eq!(check(bytes.as_bytes()), Err(*rejected), "{case}");
        }
    }

    #[test]
    fn only_jpeg_png_webp_and_svg_are_images() {
        let cases: &[(&[u8], Option<ImageType>)] = &[
            (b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", None),
            (b"\0\0\0\x1cftypavif\0\0\0\0", None),
            (b"%PDF-1.7", None),
            (b"just text", None),
            (b"", None),
            (
                b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>",
                Some(ImageType::Svg),
            ),
        ];
        for (bytes, expected) in cases {
            let got = check(bytes)
                .ok()
                .map(|accepted| accepted.into_stored(bytes.to_vec()).0);
            assert_eq!(got, *expected, "{}", String::from_utf8_lossy(bytes));
        }
        let png = tiny_png();
        assert_eq!(
            check(&png).map(|accepted| accepted.into_stored(png.clone())),
            Ok((ImageType::Png, png.clone()))
        );
    }

    #[test]
    fn an_svg_is_stored_rebuilt_never_as_sent() {
        let sent = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"javascript:alert(1)\"><rect width=\"1\" height=\"1\"/></a></svg>";
        let (image_type, stored) = check(sent).expect("accepted").into_stored(sent.to_vec());
        assert_eq!(image_type, ImageType::Svg);
        let stored = String::from_utf8(stored).expect("UTF-8");
        assert!(!stored.contains("javascript"), "{stored}");
        assert!(stored.contains("<rect"), "{stored}");
    }

    #[test]
    fn a_png_with_a_bad_ihdr_is_refused_as_damaged() {
        let good = tiny_png();
        let mut bad_crc = good.clone();
        bad_crc[29] ^= 1;
        let mut zero_width = good.clone();
        zero_width[16..20].copy_from_slice(&[0, 0, 0, 0]);
        let mut bad_depth = good.clone();
        bad_depth[24] = 3;
        let mut not_ihdr = good.clone();
        not_ihdr[12..16].copy_from_slice(b"IDAT");
        for (case, bytes) in [
            ("bad crc", bad_crc),
            ("zero width", zero_width),
            ("bad depth", bad_depth),
            ("no ihdr", not_ihdr),
        ] {
            assert_eq!(check(&bytes), Err(RejectedFile::Damaged), "{case}");
        }
    }
}
