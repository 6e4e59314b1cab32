//! The one image check: every image that enters, from any door (a resume on the Join Us
//! form, a post's cover or body image, an author's photo, the demo seed), is judged here by
//! its bytes alone, never by its name or declared type, and what is stored is never the bytes
//! as sent.
//!
//! Accepted: JPEG, PNG and WebP, each whole from its signature at byte 0 to its end marker at
//! the last byte. A PNG needs a sound IHDR and must end with IEND (a truncated upload fails);
//! a WebP's RIFF length must match the file and its chunks must fill it exactly; a JPEG must
//! end with EOI. Bytes after the end marker are refused: that is where image/archive or
//! image/script polyglots hide. These checks look at the first and last bytes as the file
//! streams past (`Sniffer`), so a file that is no image is refused without decoding it.
//! Then the whole file is decoded, bounded in pixels (`raster`), and re-encoded in its own
//! type: only the decoded pixels are stored, so no metadata (EXIF and its GPS tags, XMP,
//! comments, text chunks) and nothing hidden inside the file reaches a visitor.
//! SVG is accepted too, as the Join Us form promises, but never stored as sent: a file whose
//! head looks like SVG is held whole and rebuilt by `svg::sanitize_svg`, and only that
//! sanitized copy is stored (see `svg` for what survives and what is refused).
//!
//! An image the public sees (a post's cover or body image, an author's photo) is prepared for
//! every screen (`check_for_web`): decoded the same way, then stored at each of
//! [`WEB_WIDTHS`] it reaches (never upscaled) in lossy WebP plus a JPEG (PNG with alpha)
//! fallback, with each rendition's width and height. A resume keeps `check`: one copy, its
//! own type, its own size.

pub mod budget;
mod kinds;
mod raster;

use super::svg::sanitize_svg;

pub use kinds::{ImageType, RejectedFile, Rendition, MAX_PIXELS, MAX_SIDE, WEB_WIDTHS};

/// Largest image a post file may bring (a resume's limit is a server setting).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// Bytes kept from the start of a file: enough for every signature and the SVG check.
const HEAD_LEN: usize = 512;
/// Bytes kept from the end: a whole PNG IEND chunk.
const TAIL_LEN: usize = 12;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const PNG_IEND: &[u8] = b"\0\0\0\0IEND\xae\x42\x60\x82";

/// What to store for an accepted file: never the bytes as sent, but a raster image decoded
/// and encoded afresh, or an SVG rebuilt from its allowlisted parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accepted {
    pub image_type: ImageType,
    pub bytes: Vec<u8>,
}

/// An image prepared for the public site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebImage {
    /// An SVG, rebuilt from its allowlisted parts: one file, any size.
    Svg(Vec<u8>),
    /// A raster image at every width it reaches, narrowest first, WebP then its fallback
    /// (JPEG, or PNG for a PNG or an image with alpha) at each width.
    Raster(Vec<Rendition>),
}

/// What the first and last bytes of a file showed, before a raster image is decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sniffed {
    /// A JPEG, PNG or WebP whose ends look whole: [`Sniffed::accept`] decodes it.
    Raster(ImageType),
    /// An SVG, already rebuilt from its allowlisted parts.
    Svg(Vec<u8>),
}

impl Sniffed {
    /// Whether [`Sniffed::accept`] needs the file's bytes (an SVG was held and rebuilt).
    pub fn needs_the_file(&self) -> bool {
        matches!(self, Sniffed::Raster(_))
    }

    /// What to store, given the whole file as sent (ignored for an SVG): a raster image is
    /// decoded, bounded in pixels and re-encoded. This takes time in proportion to the
    /// image's size: call it off the async threads.
    pub fn accept(self, sent: &[u8]) -> Result<Accepted, RejectedFile> {
        match self {
            Sniffed::Svg(bytes) => Ok(Accepted {
                image_type: ImageType::Svg,
                bytes,
            }),
            Sniffed::Raster(image_type) => {
                if image_type == ImageType::Webp {
                    check_webp_chunks(sent)?;
                }
                Ok(Accepted {
                    image_type,
                    bytes: raster::reencode(image_type, sent)?,
                })
            }
        }
    }
}

impl Sniffed {
    /// Like [`Sniffed::accept`], for an image the public sees: a raster image comes back at
    /// every web width in WebP and a fallback. Slower still (a resize and two encodings per
    /// width): call it off the async threads.
    pub fn accept_for_web(self, sent: &[u8]) -> Result<WebImage, RejectedFile> {
        match self {
            Sniffed::Svg(bytes) => Ok(WebImage::Svg(bytes)),
            Sniffed::Raster(image_type) => {
                if image_type == ImageType::Webp {
                    check_webp_chunks(sent)?;
                }
                raster::renditions(image_type, sent).map(WebImage::Raster)
            }
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

    /// The file's first bytes (up to 512), for a caller that takes other types beside images
    /// (a resume may be a PDF: `resume::looks_like_pdf`).
    pub fn head(&self) -> &[u8] {
        &self.head
    }

    /// Bytes seen so far.
    pub fn bytes_seen(&self) -> u64 {
        self.len
    }

    /// The verdict on the file's ends. For an SVG this parses and rebuilds it, which takes
    /// time in proportion to its size: call it off the async threads.
    pub fn finish(&self) -> Result<Sniffed, RejectedFile> {
        let head = self.head.as_slice();
        let image_type = if head.starts_with(PNG_SIGNATURE) {
            check_png(head, &self.tail, self.saw_png_end).map(|()| ImageType::Png)
        } else if head.starts_with(b"\xff\xd8\xff") {
            check_jpeg(head, &self.tail, self.len, self.saw_jpeg_end).map(|()| ImageType::Jpeg)
        } else if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
            check_webp(head, self.len).map(|()| ImageType::Webp)
        } else if looks_like_svg(head) {
            return Ok(Sniffed::Svg(sanitize_svg(&self.whole)?));
        } else {
            Err(RejectedFile::NotAnImage)
        };
        image_type.map(Sniffed::Raster)
    }
}

/// Checks a whole file held in memory and answers what to store (decodes a raster image and
/// parses an SVG: call it off the async threads).
pub fn check(bytes: &[u8]) -> Result<Accepted, RejectedFile> {
    let mut sniffer = Sniffer::default();
    sniffer.feed(bytes);
    sniffer.finish()?.accept(bytes)
}

/// Checks a whole file held in memory and prepares it for the public site: an SVG rebuilt, a
/// raster image at every web width (see [`WebImage`]). Call it off the async threads.
pub fn check_for_web(bytes: &[u8]) -> Result<WebImage, RejectedFile> {
    let mut sniffer = Sniffer::default();
    sniffer.feed(bytes);
    sniffer.finish()?.accept_for_web(bytes)
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

/// The chunks after the RIFF header must be WebP's own and fill the file exactly: a chunk
/// that claims more than is there is damage, anything else inside the RIFF is data riding
/// along with the image.
fn check_webp_chunks(file: &[u8]) -> Result<(), RejectedFile> {
    const WEBP_CHUNKS: &[&[u8; 4]] = &[
        b"VP8 ", b"VP8L", b"VP8X", b"ALPH", b"ANIM", b"ANMF", b"ICCP", b"EXIF", b"XMP ",
    ];
    let mut rest = file.get(12..).ok_or(RejectedFile::Damaged)?;
    while !rest.is_empty() {
        let header = rest.get(..8).ok_or(RejectedFile::TrailingData)?;
        if !WEBP_CHUNKS
            .iter()
            .any(|kind| &header[..4] == kind.as_slice())
        {
            return Err(RejectedFile::TrailingData);
        }
        let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
        // Chunks are padded to an even length.
        let padded = u64::from(size) + u64::from(size % 2);
        let end = usize::try_from(8 + padded).map_err(|_| RejectedFile::Damaged)?;
        rest = rest.get(end..).ok_or(RejectedFile::Damaged)?;
    }
    Ok(())
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
            let mut whole = Sniffer::default();
            whole.feed(&png);
            assert_eq!(sniffer.finish(), whole.finish(), "chunks of {chunk_size}");
            assert_eq!(
                sniffer.finish(),
                Ok(Sniffed::Raster(ImageType::Png)),
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
            let verdict = sniffer.finish().and_then(|sniffed| sniffed.accept(&[]));
            assert_eq!(verdict, check(svg.as_bytes()), "chunks of {chunk_size}");
            let Ok(Accepted {
                image_type: ImageType::Svg,
                bytes: stored,
            }) = verdict
            else {
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
            let got = check(bytes).ok().map(|accepted| accepted.image_type);
            assert_eq!(got, *expected, "{}", String::from_utf8_lossy(bytes));
        }
        assert_eq!(
            check(&tiny_png()).map(|accepted| accepted.image_type),
            Ok(ImageType::Png)
        );
    }

    #[test]
    fn an_svg_is_stored_rebuilt_never_as_sent() {
        let sent = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"javascript:alert(1)\"><rect width=\"1\" height=\"1\"/></a></svg>";
        let accepted = check(sent).expect("accepted");
        assert_eq!(accepted.image_type, ImageType::Svg);
        let stored = String::from_utf8(accepted.bytes).expect("UTF-8");
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

    /// Raster images made here, so the tests own every byte.
    mod samples {
        use std::io::Cursor;

        use ::image::{ImageFormat, RgbImage};

        /// A `width` x `height` gradient encoded as `format`.
        pub fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
            let pixels = RgbImage::from_fn(width, height, |x, y| {
                ::image::Rgb([(x * 7) as u8, (y * 11) as u8, ((x + y) * 3) as u8])
            });
            let mut out = Cursor::new(Vec::new());
            pixels.write_to(&mut out, format).expect("encode a sample");
            out.into_inner()
        }

        /// A TIFF block as a camera writes it: an orientation and a GPS position.
        pub fn exif_with_gps(orientation: u16) -> Vec<u8> {
            let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
            // IFD0 at 8: Orientation, and where the GPS IFD is (38).
            tiff.extend([0, 2]);
            tiff.extend([0x01, 0x12, 0, 3, 0, 0, 0, 1]);
            tiff.extend(orientation.to_be_bytes());
            tiff.extend([0, 0]);
            tiff.extend([0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38]);
            tiff.extend([0, 0, 0, 0]);
            // GPS IFD at 38: latitude reference and latitude (three rationals at 68).
            tiff.extend([0, 2]);
            tiff.extend([0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0]);
            tiff.extend([0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 68]);
            tiff.extend([0, 0, 0, 0]);
            for (numerator, denominator) in [(12u32, 1u32), (58, 1), (1234, 100)] {
                tiff.extend(numerator.to_be_bytes());
                tiff.extend(denominator.to_be_bytes());
            }
            tiff
        }

        /// `jpeg` with an APP1 Exif segment right after SOI.
        pub fn jpeg_with_exif(jpeg: &[u8], exif: &[u8]) -> Vec<u8> {
            let mut segment = b"\xff\xe1".to_vec();
            segment.extend(((2 + 6 + exif.len()) as u16).to_be_bytes());
            segment.extend(b"Exif\0\0");
            segment.extend(exif);
            let mut out = jpeg[..2].to_vec();
            out.extend(segment);
            out.extend(&jpeg[2..]);
            out
        }

        /// `png` with a tEXt chunk holding `text` right after IHDR.
        pub fn png_with_text(png: &[u8], text: &[u8]) -> Vec<u8> {
            let mut data = b"Comment\0".to_vec();
            data.extend(text);
            let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
            chunk.extend(b"tEXt");
            chunk.extend(&data);
            let mut crc_input = b"tEXt".to_vec();
            crc_input.extend(&data);
            chunk.extend(super::crc32(&crc_input).to_be_bytes());
            let mut out = png[..33].to_vec();
            out.extend(chunk);
            out.extend(&png[33..]);
            out
        }

        /// A PNG whose header claims `width` x `height` over a few bytes of data.
        pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
            let mut png = super::tiny_png();
            png[16..20].copy_from_slice(&width.to_be_bytes());
            png[20..24].copy_from_slice(&height.to_be_bytes());
            let crc = super::crc32(&png[12..29]);
            png[29..33].copy_from_slice(&crc.to_be_bytes());
            png
        }

        /// A PNG chunk with its length and CRC.
        pub fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend(kind);
            out.extend(data);
            let mut crc_input = kind.to_vec();
            crc_input.extend(data);
            out.extend(super::crc32(&crc_input).to_be_bytes());
            out
        }

        /// A `side` x `side` PNG with a 16-colour palette, four bits a pixel, as a scan saved
        /// by an image editor is: small on disk, three bytes a pixel once decoded. `idat_tail`
        /// is appended inside the pixel data, after the compressed stream's end.
        pub fn palette_png(side: u32, idat_tail: &[u8]) -> Vec<u8> {
            use std::io::Write;
            let mut header = side.to_be_bytes().to_vec();
            header.extend(side.to_be_bytes());
            header.extend([4, 3, 0, 0, 0]);
            let palette: Vec<u8> = (0..16u8)
                .flat_map(|i| [i * 16, 255 - i * 16, i * 5])
                .collect();
            let mut raw = Vec::new();
            let mut seed = 7u32;
            for _ in 0..side {
                // Each row opens with its filter byte: none.
                raw.extend_from_slice(&[0]);
                for _ in 0..side.div_ceil(2) {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    raw.push((seed >> 16) as u8);
                }
            }
            let mut deflater =
                flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
            deflater.write_all(&raw).expect("deflate");
            let mut idat = deflater.finish().expect("deflate");
            idat.extend(idat_tail);
            let mut png = super::PNG_SIGNATURE.to_vec();
            png.extend(png_chunk(b"IHDR", &header));
            png.extend(png_chunk(b"tEXt", b"Author\0Ravi Kumar, 12 Hill Road"));
            png.extend(png_chunk(b"eXIf", b"MM\0\x2a\0\0\0\x08\0\0"));
            png.extend(png_chunk(b"PLTE", &palette));
            png.extend(png_chunk(b"IDAT", &idat));
            png.extend(png_chunk(b"IEND", &[]));
            png
        }

        /// A RIFF file holding `chunks` after the WEBP tag, its length right.
        pub fn riff(chunks: &[u8]) -> Vec<u8> {
            let mut out = b"RIFF".to_vec();
            out.extend(((4 + chunks.len()) as u32).to_le_bytes());
            out.extend(b"WEBP");
            out.extend(chunks);
            out
        }
    }

    fn dimensions(bytes: &[u8]) -> (u32, u32) {
        ::image::load_from_memory(bytes)
            .map(|decoded| (decoded.width(), decoded.height()))
            .expect("the stored image decodes")
    }

    const HTML: &[u8] = b"<html><script>alert(1)</script></html>";

    #[test]
    fn images_that_do_not_decode_are_refused_with_a_reason() {
        let webp = samples::encoded(::image::ImageFormat::WebP, 4, 3);
        let vp8l = &webp[12..];
        let mut huge_chunk = vp8l.to_vec();
        huge_chunk[4..8].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
        let mut html_chunk = vp8l.to_vec();
        html_chunk.extend(HTML);
        let mut comment = b"\xff\xd8\xff\xfe".to_vec();
        comment.extend(((HTML.len() + 2) as u16).to_be_bytes());
        comment.extend(HTML);
        comment.extend(b"\xff\xd9");
        let cases: &[(&str, Vec<u8>, RejectedFile)] = &[
            (
                "jpeg: SOI, an APP0 marker, html, EOI",
                [b"\xff\xd8\xff\xe0".as_slice(), HTML, b"\xff\xd9"].concat(),
                RejectedFile::Damaged,
            ),
            (
                "jpeg: SOI, a comment of html, EOI",
                comment,
                RejectedFile::Damaged,
            ),
            (
                "webp whose chunk claims 0x7fffffff bytes",
                samples::riff(&huge_chunk),
                RejectedFile::Damaged,
            ),
            (
                "webp whose RIFF length covers html after the image",
                samples::riff(&html_chunk),
                RejectedFile::TrailingData,
            ),
            (
                "png claiming 100000 x 100000 pixels",
                samples::png_claiming(100_000, 100_000),
                RejectedFile::TooManyPixels,
            ),
            (
                "png claiming 7000 x 7000 pixels (49 megapixels)",
                samples::png_claiming(7000, 7000),
                RejectedFile::TooManyPixels,
            ),
            (
                "png claiming 2 x 2 pixels over the data of 1",
                samples::png_claiming(2, 2),
                RejectedFile::Damaged,
            ),
        ];
        for (case, bytes, rejected) in cases {
            assert_eq!(check(bytes), Err(*rejected), "{case}");
        }
    }

    #[test]
    fn too_many_pixels_is_said_in_words_with_the_limits() {
        let message = RejectedFile::TooManyPixels.to_string();
        assert!(message.contains("too many pixels"), "{message}");
        assert!(message.contains("12000 on a side"), "{message}");
        assert!(message.contains("40 megapixels"), "{message}");
        assert!(message.contains("JPEG, PNG, SVG or WebP"), "{message}");
    }

    #[test]
    fn real_images_are_stored_re_encoded_in_their_own_type_at_their_own_size() {
        use ::image::ImageFormat;
        let cases = [
            (ImageFormat::Jpeg, ImageType::Jpeg),
            (ImageFormat::Png, ImageType::Png),
            (ImageFormat::WebP, ImageType::Webp),
        ];
        for (format, image_type) in cases {
            let sent = samples::encoded(format, 37, 21);
            let accepted = check(&sent).unwrap_or_else(|why| panic!("{format:?}: {why}"));
            assert_eq!(accepted.image_type, image_type, "{format:?}");
            assert_eq!(
                ::image::guess_format(&accepted.bytes).ok(),
                Some(format),
                "{format:?}"
            );
            assert_eq!(dimensions(&accepted.bytes), (37, 21), "{format:?}");
        }
    }

    #[test]
    fn a_jpeg_with_gps_exif_is_stored_without_any_exif_at_the_same_size() {
        let jpeg = samples::encoded(::image::ImageFormat::Jpeg, 40, 30);
        let sent = samples::jpeg_with_exif(&jpeg, &samples::exif_with_gps(1));
        assert!(sent.windows(4).any(|w| w == b"Exif"), "the sample has EXIF");
        let stored = check(&sent).expect("accepted").bytes;
        assert!(!stored.windows(4).any(|w| w == b"Exif"), "EXIF is gone");
        assert!(
            !stored.windows(4).any(|w| w == b"MM\0\x2a"),
            "no TIFF block"
        );
        assert_eq!(dimensions(&stored), (40, 30));
    }

    #[test]
    fn a_jpeg_turned_by_its_exif_orientation_is_stored_upright() {
        let jpeg = samples::encoded(::image::ImageFormat::Jpeg, 40, 30);
        // 6: the camera was held upright, the pixels lie on their side.
        let sent = samples::jpeg_with_exif(&jpeg, &samples::exif_with_gps(6));
        let stored = check(&sent).expect("accepted").bytes;
        assert_eq!(dimensions(&stored), (30, 40));
    }

    #[test]
    fn a_palette_png_is_stored_no_larger_than_sent_without_its_metadata() {
        let sent = samples::palette_png(400, b"");
        let stored = check(&sent).expect("a palette PNG").bytes;
        assert!(
            stored.len() <= sent.len(),
            "stored {} bytes, sent {}",
            stored.len(),
            sent.len()
        );
        for marker in [b"tEXt".as_slice(), b"eXIf", b"Ravi"] {
            assert!(
                !stored.windows(marker.len()).any(|w| w == marker),
                "{} is gone",
                String::from_utf8_lossy(marker)
            );
        }
        let decoded = |bytes: &[u8]| {
            ::image::load_from_memory(bytes)
                .expect("decodes")
                .into_rgb8()
        };
        assert_eq!(decoded(&stored), decoded(&sent), "the same pixels");
    }

    #[test]
    fn data_hidden_after_a_pngs_compressed_pixels_is_not_kept() {
        let hidden = b"<html><script>alert(1)</script></html>";
        let sent = samples::palette_png(64, hidden);
        let stored = check(&sent)
            .expect("the decoder ignores the hidden bytes")
            .bytes;
        assert!(
            !stored.windows(8).any(|w| w == b"<script>"),
            "re-encoded instead"
        );
        assert_eq!(dimensions(&stored), (64, 64));
    }

    #[test]
    fn html_in_a_png_text_chunk_does_not_survive_the_re_encoding() {
        let png = samples::encoded(::image::ImageFormat::Png, 9, 5);
        let sent = samples::png_with_text(&png, HTML);
        let stored = check(&sent).expect("a real PNG with a comment").bytes;
        assert!(!stored.windows(6).any(|w| w == b"<html>"), "html is gone");
        assert!(!stored.windows(4).any(|w| w == b"tEXt"), "no text chunk");
        assert_eq!(dimensions(&stored), (9, 5));
    }

    fn renditions_of(sent: &[u8]) -> Vec<Rendition> {
        match check_for_web(sent) {
            Ok(WebImage::Raster(renditions)) => renditions,
            other => panic!("a raster image, got {other:?}"),
        }
    }

    /// (type, width, height) of each rendition, checked against what the bytes decode to.
    fn shapes(renditions: &[Rendition]) -> Vec<(ImageType, u32, u32)> {
        renditions
            .iter()
            .map(|r| {
                let format = ::image::guess_format(&r.bytes).expect("a known format");
                let decoded_type = match format {
                    ::image::ImageFormat::WebP => ImageType::Webp,
                    ::image::ImageFormat::Jpeg => ImageType::Jpeg,
                    ::image::ImageFormat::Png => ImageType::Png,
                    other => panic!("{other:?}"),
                };
                assert_eq!(decoded_type, r.image_type);
                assert_eq!(dimensions(&r.bytes), (r.width, r.height));
                (r.image_type, r.width, r.height)
            })
            .collect()
    }

    #[test]
    fn a_wide_photo_is_stored_at_each_web_width_in_lossy_webp_and_jpeg() {
        use ImageType::{Jpeg, Webp};
        let sent = samples::encoded(::image::ImageFormat::Jpeg, 2000, 1000);
        let renditions = renditions_of(&sent);
        assert_eq!(
            shapes(&renditions),
            vec![
                (Webp, 480, 240),
                (Jpeg, 480, 240),
                (Webp, 960, 480),
                (Jpeg, 960, 480),
                (Webp, 1600, 800),
                (Jpeg, 1600, 800),
            ]
        );
        // Lossy: a VP8 frame, not the lossless VP8L the resume check writes.
        for webp in renditions.iter().filter(|r| r.image_type == Webp) {
            assert_eq!(&webp.bytes[12..16], b"VP8 ", "lossy WebP");
        }
    }

    #[test]
    fn images_are_never_upscaled_and_a_small_one_keeps_its_own_width_only() {
        use ImageType::{Jpeg, Png, Webp};
        type Shape = (ImageType, u32, u32);
        let cases: &[(::image::ImageFormat, u32, u32, &[Shape])] = &[
            (
                ::image::ImageFormat::Jpeg,
                300,
                200,
                &[(Webp, 300, 200), (Jpeg, 300, 200)],
            ),
            (
                ::image::ImageFormat::Jpeg,
                1000,
                500,
                &[
                    (Webp, 480, 240),
                    (Jpeg, 480, 240),
                    (Webp, 960, 480),
                    (Jpeg, 960, 480),
                    (Webp, 1000, 500),
                    (Jpeg, 1000, 500),
                ],
            ),
            (
                ::image::ImageFormat::Png,
                480,
                10,
                &[(Webp, 480, 10), (Png, 480, 10)],
            ),
            (
                ::image::ImageFormat::WebP,
                600,
                3000,
                &[
                    (Webp, 480, 2400),
                    (Jpeg, 480, 2400),
                    (Webp, 600, 3000),
                    (Jpeg, 600, 3000),
                ],
            ),
        ];
        for (format, width, height, expected) in cases {
            let sent = samples::encoded(*format, *width, *height);
            assert_eq!(
                shapes(&renditions_of(&sent)),
                expected.to_vec(),
                "{format:?} {width}x{height}"
            );
        }
    }

    #[test]
    fn an_image_with_alpha_falls_back_to_png_and_keeps_its_alpha() {
        let pixels = ::image::RgbaImage::from_fn(600, 300, |x, _| {
            ::image::Rgba([200, 10, 10, (x % 256) as u8])
        });
        let mut sent = std::io::Cursor::new(Vec::new());
        pixels
            .write_to(&mut sent, ::image::ImageFormat::Png)
            .expect("encode");
        let renditions = renditions_of(sent.get_ref());
        for r in &renditions {
            let decoded = ::image::load_from_memory(&r.bytes).expect("decodes");
            assert!(
                decoded.color().has_alpha(),
                "{:?} keeps alpha",
                r.image_type
            );
        }
        assert!(renditions
            .iter()
            .all(|r| matches!(r.image_type, ImageType::Webp | ImageType::Png)));
    }

    #[test]
    fn a_photo_with_gps_exif_comes_out_with_no_exif_in_any_rendition() {
        let jpeg = samples::encoded(::image::ImageFormat::Jpeg, 1200, 800);
        let sent = samples::jpeg_with_exif(&jpeg, &samples::exif_with_gps(1));
        assert!(sent.windows(4).any(|w| w == b"Exif"), "the sample has EXIF");
        let renditions = renditions_of(&sent);
        assert_eq!(renditions.len(), 6);
        for r in &renditions {
            for marker in [b"Exif".as_slice(), b"MM\0\x2a", b"EXIF", b"XMP "] {
                assert!(
                    !r.bytes.windows(marker.len()).any(|w| w == marker),
                    "{:?} {}: no {:?}",
                    r.image_type,
                    r.width,
                    String::from_utf8_lossy(marker)
                );
            }
        }
    }

    #[test]
    fn a_png_declaring_30000_by_30000_pixels_is_refused_as_too_many_pixels() {
        let bomb = samples::png_claiming(30_000, 30_000);
        assert!(bomb.len() < 100, "a tiny file: {} bytes", bomb.len());
        assert_eq!(check_for_web(&bomb), Err(RejectedFile::TooManyPixels));
        let message = RejectedFile::TooManyPixels.to_string();
        assert!(
            message.starts_with("This image has too many pixels"),
            "{message}"
        );
    }

    #[test]
    fn an_svg_for_the_web_is_one_rebuilt_file() {
        let sent = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><rect width=\"1\" height=\"1\"/></svg>";
        match check_for_web(sent) {
            Ok(WebImage::Svg(bytes)) => {
                let text = String::from_utf8(bytes).expect("UTF-8");
                assert!(!text.contains("onload") && text.contains("<rect"), "{text}");
            }
            other => panic!("an SVG, got {other:?}"),
        }
    }
}
