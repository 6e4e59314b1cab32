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
use ::image::codecs::png::PngEncoder;
use ::image::codecs::webp::WebPEncoder;
use ::image::error::{LimitError, LimitErrorKind};
use ::image::imageops::FilterType;
use ::image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use super::budget::{self, PixelTurn};
use super::{ImageType, RejectedFile, Rendition, WEB_WIDTHS};

/// Widest or highest image taken, in pixels.
pub const MAX_SIDE: u32 = 12_000;
/// Most pixels taken in all (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;
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
    encode(image_type, &pixels).map_err(refusal)
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
        ImageType::Png => pixels.write_with_encoder(PngEncoder::new(&mut out))?,
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
