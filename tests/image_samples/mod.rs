//! Images made in code for the tests of the image doors: real ones of a chosen size, one
//! with a camera's GPS position in its EXIF block, and fakes that only look like images.
#![allow(dead_code)]

use std::io::Cursor;

use image::{ImageFormat, RgbImage};

/// Script that must never reach a visitor from inside an image.
pub const HTML: &[u8] = b"<html><script>alert(1)</script></html>";

/// A `width` x `height` gradient encoded as `format`.
pub fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let pixels = RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x * 7) as u8, (y * 11) as u8, ((x + y) * 3) as u8])
    });
    let mut out = Cursor::new(Vec::new());
    pixels.write_to(&mut out, format).expect("encode a sample");
    out.into_inner()
}

/// The pixel size of an image, which must decode.
pub fn dimensions(bytes: &[u8]) -> (u32, u32) {
    image::load_from_memory(bytes)
        .map(|decoded| (decoded.width(), decoded.height()))
        .expect("the image decodes")
}

pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Latitude 12° 58' 12.34" N, as the EXIF block below holds it.
pub const GPS_LATITUDE: [u8; 24] = [
    0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 58, 0, 0, 0, 1, 0, 0, 4, 210, 0, 0, 0, 100,
];

/// A JPEG as a phone writes it: an APP1 Exif segment (orientation 1 and a GPS IFD with the
/// latitude above) right after SOI.
pub fn jpeg_with_gps(width: u32, height: u32) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    // IFD0 at 8: Orientation, and where the GPS IFD is (38).
    tiff.extend([0, 2]);
    tiff.extend([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0]);
    tiff.extend([0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38]);
    tiff.extend([0, 0, 0, 0]);
    // GPS IFD at 38: latitude reference, and the latitude's three rationals at 68.
    tiff.extend([0, 2]);
    tiff.extend([0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0]);
    tiff.extend([0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 68]);
    tiff.extend([0, 0, 0, 0]);
    tiff.extend(GPS_LATITUDE);
    let mut app1 = b"\xff\xe1".to_vec();
    app1.extend(((2 + 6 + tiff.len()) as u16).to_be_bytes());
    app1.extend(b"Exif\0\0");
    app1.extend(tiff);
    let jpeg = encoded(ImageFormat::Jpeg, width, height);
    [&jpeg[..2], &app1, &jpeg[2..]].concat()
}

/// A "JPEG" that is SOI, an APP0 marker, HTML and EOI: no picture at all.
pub fn jpeg_of_html() -> Vec<u8> {
    [b"\xff\xd8\xff\xe0".as_slice(), HTML, b"\xff\xd9"].concat()
}

/// A WebP whose image chunk claims 0x7fffffff bytes (its RIFF length is right).
pub fn webp_with_a_huge_chunk() -> Vec<u8> {
    let mut chunk = encoded(ImageFormat::WebP, 4, 3)[12..].to_vec();
    chunk[4..8].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
    riff(&chunk)
}

/// A real WebP with HTML after its image chunk, inside a RIFF length that covers it.
pub fn webp_covering_html() -> Vec<u8> {
    let webp = encoded(ImageFormat::WebP, 4, 3);
    riff(&[&webp[12..], HTML].concat())
}

/// A real 9 x 5 PNG with HTML in a tEXt chunk.
pub fn png_with_html() -> Vec<u8> {
    png_with_text(&encoded(ImageFormat::Png, 9, 5), HTML)
}

/// A PNG whose header claims `width` x `height` over the data of one pixel.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut png = encoded(ImageFormat::Png, 1, 1);
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

/// A RIFF file holding `chunks` after the WEBP tag, its length right.
fn riff(chunks: &[u8]) -> Vec<u8> {
    let mut out = b"RIFF".to_vec();
    out.extend(((4 + chunks.len()) as u32).to_le_bytes());
    out.extend(b"WEBP");
    out.extend(chunks);
    out
}

/// `png` with a tEXt chunk holding `text` right after IHDR.
fn png_with_text(png: &[u8], text: &[u8]) -> Vec<u8> {
    let data = [b"Comment\0".as_slice(), text].concat();
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend(b"tEXt");
    chunk.extend(&data);
    chunk.extend(crc32(&[b"tEXt".as_slice(), &data].concat()).to_be_bytes());
    [&png[..33], &chunk, &png[33..]].concat()
}

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
