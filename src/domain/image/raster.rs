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
use ::image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use super::{ImageType, RejectedFile};

/// Widest or highest image taken, in pixels.
pub const MAX_SIDE: u32 = 12_000;
/// Most pixels taken in all (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;
/// Memory the decoder may use: 40 megapixels at four bytes each.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 4;
/// JPEG quality of the stored copy: no visible loss for photos and scans.
const JPEG_QUALITY: u8 = 90;

/// Decodes `sent` as `image_type` and answers the image encoded afresh in the same type,
/// upright (an EXIF orientation is applied, since the EXIF block does not survive).
pub(super) fn reencode(image_type: ImageType, sent: &[u8]) -> Result<Vec<u8>, RejectedFile> {
    let format = match image_type {
        ImageType::Jpeg => ImageFormat::Jpeg,
        ImageType::Png => ImageFormat::Png,
        ImageType::Webp => ImageFormat::WebP,
        ImageType::Svg => return Err(RejectedFile::NotAnImage),
    };
    let pixels = decode(format, sent).map_err(refusal)?;
    encode(image_type, &pixels).map_err(refusal)
}

fn decode(format: ImageFormat, sent: &[u8]) -> Result<DynamicImage, ImageError> {
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
    let orientation = decoder.orientation()?;
    let mut pixels = DynamicImage::from_decoder(decoder)?;
    pixels.apply_orientation(orientation);
    Ok(pixels)
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
