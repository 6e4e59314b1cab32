//! Decoding and re-encoding a JPEG, PNG or WebP, so what is stored is only what the decoder
//! produced: pixels, never the sender's bytes. Whatever a file carried besides its pixels
//! (EXIF with GPS tags, XMP, ICC profiles, text chunks, comments, data hidden in chunks the
//! decoder skips) is left behind.
//!
//! The work is bounded by pixels, not bytes: a small file can declare a huge picture, so the
//! decoder refuses one wider or higher than `MAX_SIDE` or needing more than `MAX_DECODE_BYTES`
//! of memory before it allocates.

use std::io::Cursor;

use ::image::codecs::jpeg::JpegEncoder;
use ::image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use ::image::codecs::webp::WebPEncoder;
use ::image::error::{LimitError, LimitErrorKind};
use ::image::imageops::FilterType;
use ::image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use super::budget::{self, PixelTurn};
use super::kinds::{ImageType, RejectedFile, Rendition, MAX_PIXELS, MAX_SIDE, WEB_WIDTHS};

/// Memory the decoder may use: 40 megapixels at four bytes each.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 4;
/// JPEG quality of the stored copy: no visible loss for photos and scans.
const JPEG_QUALITY: u8 = 90;
/// WebP quality of the web renditions (libwebp's scale): photos look as the JPEG at 82 does,
/// at a bit over half its bytes (docs/performance.md).
const WEBP_QUALITY: f32 = 78.0;
/// JPEG quality of the web fallback, which only browsers without WebP load.
const FALLBACK_JPEG_QUALITY: u8 = 82;

/// Decodes `sent` as `image_type` and answers the image encoded afresh in the same type,
/// upright (an EXIF orientation is applied, since the EXIF block does not survive).
pub(super) fn reencode(image_type: ImageType, sent: &[u8]) -> Result<Vec<u8>, RejectedFile> {
    let format = match image_type {
        ImageType::Jpeg => ImageFormat::Jpeg,
        ImageType::Png => ImageFormat::Png,
        ImageType::Webp => ImageFormat::WebP,
        ImageType::Svg => return Err(RejectedFile::NotAnImage),
    };
    let (pixels, _turn) = decode(format, sent)?;
    let encoded = encode(image_type, &pixels).map_err(refusal)?;
    if image_type == ImageType::Png {
        // Decoding widens a palette or low-bit-depth PNG to 8 bits a channel, so the fresh
        // copy can be several times the upload: the sender's own pixel data, with every
        // chunk but the picture's own left behind, is then the smaller.
        if let Some(stripped) = strip_png(sent).filter(|s| s.len() < encoded.len()) {
            return Ok(stripped);
        }
    }
    Ok(encoded)
}

/// The chunks a PNG's picture needs (header, palette and transparency, colour space, pixel
/// data, end); everything else (text, EXIF, ICC profiles, times, private chunks) is dropped.
const PICTURE_CHUNKS: [&[u8; 4]; 9] = [
    b"IHDR", b"PLTE", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"sBIT", b"IDAT", b"IEND",
];

/// `sent` with only its [`PICTURE_CHUNKS`], or `None` when it cannot be vouched for: the
/// pixel data must inflate to exactly the bytes its header calls for and end where the data
/// ends, so nothing rides inside the compressed stream either. Interlaced PNGs are left to
/// the re-encoding.
fn strip_png(sent: &[u8]) -> Option<Vec<u8>> {
    let mut out = sent.get(..8)?.to_vec();
    let mut rest = sent.get(8..)?;
    let mut header: Option<[u8; 13]> = None;
    let mut idat = Vec::new();
    while !rest.is_empty() {
        let length = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let chunk = rest.get(..12usize.checked_add(length)?)?;
        let kind = &chunk[4..8];
        if kind == b"IHDR" {
            header = Some(chunk.get(8..21)?.try_into().ok()?);
        }
        if kind == b"IDAT" {
            idat.extend_from_slice(&chunk[8..8 + length]);
        }
        if PICTURE_CHUNKS.iter().any(|k| k.as_slice() == kind) {
            out.extend_from_slice(chunk);
        }
        rest = &rest[chunk.len()..];
        if kind == b"IEND" {
            break;
        }
    }
    let header = header?;
    let width = u64::from(u32::from_be_bytes(header[0..4].try_into().ok()?));
    let height = u64::from(u32::from_be_bytes(header[4..8].try_into().ok()?));
    let (depth, colour, interlace) = (u64::from(header[8]), header[9], header[12]);
    if interlace != 0 {
        return None;
    }
    let channels = match colour {
        0 | 3 => 1,
        4 => 2,
        2 => 3,
        6 => 4,
        _ => return None,
    };
    // Each row: a filter byte, then its samples packed to whole bytes.
    let row = (width * channels * depth).div_ceil(8) + 1;
    let expected = row.checked_mul(height)?;
    let mut inflater = flate2::read::ZlibDecoder::new(idat.as_slice());
    let mut inflated: u64 = 0;
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        match std::io::Read::read(&mut inflater, &mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                inflated += n as u64;
                if inflated > expected {
                    return None;
                }
            }
            Err(_) => return None,
        }
    }
    (inflated == expected && inflater.total_in() == idat.len() as u64).then_some(out)
}

/// Decodes `sent` and answers it at every width of [`WEB_WIDTHS`] it reaches (never
/// upscaled; narrower than the first, at its own width only), each in lossy WebP and in a
/// fallback: PNG for a PNG or an image with alpha, else JPEG. Narrowest first, WebP before its
/// fallback at each width.
pub(super) fn renditions(
    image_type: ImageType,
    sent: &[u8],
) -> Result<Vec<Rendition>, RejectedFile> {
    let format = match image_type {
        ImageType::Jpeg => ImageFormat::Jpeg,
        ImageType::Png => ImageFormat::Png,
        ImageType::Webp => ImageFormat::WebP,
        ImageType::Svg => return Err(RejectedFile::NotAnImage),
    };
    // The turn is held while the image and its renditions are in memory.
    let (decoded, _turn) = decode(format, sent)?;
    let alpha = decoded.color().has_alpha();
    // Eight bits a channel is all the web formats take; converting once spares every resize.
    let pixels = if alpha {
        DynamicImage::ImageRgba8(decoded.into_rgba8())
    } else {
        DynamicImage::ImageRgb8(decoded.into_rgb8())
    };
    let fallback = if alpha || image_type == ImageType::Png {
        ImageType::Png
    } else {
        ImageType::Jpeg
    };
    let mut out = Vec::new();
    for width in web_widths(pixels.width()) {
        let height = scaled_height(pixels.width(), pixels.height(), width);
        let sized = if width == pixels.width() {
            pixels.clone()
        } else {
            pixels.resize_exact(width, height, FilterType::CatmullRom)
        };
        out.push(Rendition {
            image_type: ImageType::Webp,
            width,
            height,
            bytes: encode_lossy_webp(&sized)?,
        });
        let bytes = match fallback {
            ImageType::Jpeg => {
                let mut bytes = Vec::new();
                sized
                    .write_with_encoder(JpegEncoder::new_with_quality(
                        &mut bytes,
                        FALLBACK_JPEG_QUALITY,
                    ))
                    .map_err(refusal)?;
                bytes
            }
            _ => encode(ImageType::Png, &sized).map_err(refusal)?,
        };
        out.push(Rendition {
            image_type: fallback,
            width,
            height,
            bytes,
        });
    }
    Ok(out)
}

/// The widths an image `width` pixels wide is stored at.
pub(super) fn web_widths(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = WEB_WIDTHS.into_iter().filter(|&w| w < width).collect();
    if widths.len() < WEB_WIDTHS.len() {
        // Narrower than the widest: its own width is the largest rendition.
        widths.push(width);
    }
    widths
}

/// The height at `width`, keeping the aspect ratio (at least one pixel).
fn scaled_height(width: u32, height: u32, to_width: u32) -> u32 {
    let scaled =
        (u64::from(height) * u64::from(to_width) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// Lossy WebP by libwebp (alpha kept, compressed losslessly beside the lossy picture).
fn encode_lossy_webp(pixels: &DynamicImage) -> Result<Vec<u8>, RejectedFile> {
    let encoder = match pixels {
        DynamicImage::ImageRgba8(rgba) => {
            webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height())
        }
        DynamicImage::ImageRgb8(rgb) => {
            webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height())
        }
        _ => return Err(RejectedFile::Damaged),
    };
    // libwebp refuses only impossible input (sides over 16383, which MAX_SIDE rules out).
    let encoded = encoder
        .encode_simple(false, WEBP_QUALITY)
        .map_err(|_| RejectedFile::Damaged)?;
    Ok(encoded.to_vec())
}

/// Decodes `sent`, holding its pixels' turn in the decoding budget (`budget`) from before
/// the buffer is allocated; the caller keeps the turn while it works on the pixels.
fn decode(format: ImageFormat, sent: &[u8]) -> Result<(DynamicImage, PixelTurn), RejectedFile> {
    match decode_in_turn(format, sent) {
        Ok(Some(decoded)) => Ok(decoded),
        Ok(None) => Err(RejectedFile::Busy),
        Err(err) => Err(refusal(err)),
    }
}

/// `None` when the image's turn did not come in time (nothing was allocated).
fn decode_in_turn(
    format: ImageFormat,
    sent: &[u8],
) -> Result<Option<(DynamicImage, PixelTurn)>, ImageError> {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(sent), format);
    reader.limits(limits.clone());
    // `into_decoder` checks the sides; the buffer is reserved against the memory limit here,
    // as `ImageReader::decode` does, before any pixel is decoded.
    let mut decoder = reader.into_decoder()?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::Limits(LimitError::from_kind(
            LimitErrorKind::DimensionError,
        )));
    }
    limits.reserve(decoder.total_bytes())?;
    let Some(turn) = budget::take(u64::from(width) * u64::from(height)) else {
        return Ok(None);
    };
    let orientation = decoder.orientation()?;
    let mut pixels = DynamicImage::from_decoder(decoder)?;
    pixels.apply_orientation(orientation);
    Ok(Some((pixels, turn)))
}

fn encode(image_type: ImageType, pixels: &DynamicImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    // `write_with_encoder` converts to a colour type the encoder takes (JPEG has no alpha).
    match image_type {
        ImageType::Jpeg => {
            pixels.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))?
        }
        // The encoder's default is its fastest, barely compressed setting: a stored resume
        // is written once and read many times, so it is worth the best.
        ImageType::Png => pixels.write_with_encoder(PngEncoder::new_with_quality(
            &mut out,
            CompressionType::Best,
            PngFilter::Adaptive,
        ))?,
        // The only WebP encoder at hand is lossless: larger files, never worse pixels.
        ImageType::Webp => pixels.write_with_encoder(WebPEncoder::new_lossless(&mut out))?,
        ImageType::Svg => {}
    }
    Ok(out)
}

/// Too many pixels is said as such; anything else the decoder could not make sense of is a
/// damaged file, whatever its header claimed.
fn refusal(err: ImageError) -> RejectedFile {
    match err {
        ImageError::Limits(limit)
            if matches!(
                limit.kind(),
                LimitErrorKind::DimensionError | LimitErrorKind::InsufficientMemory
            ) =>
        {
            RejectedFile::TooManyPixels
        }
        _ => RejectedFile::Damaged,
    }
}
