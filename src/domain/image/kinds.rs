//! What an image is and what becomes of it, named by the image check (`domain::image`) and
//! its decoder (`raster`) alike: its type, a stored rendition, the widths and pixel bounds,
//! and why a file is refused.

use crate::domain::svg::SvgRefusal;

/// The widths a public raster image is stored at: a phone's card, a tablet or a two-density
/// phone's hero, a desktop's hero. An image narrower than one stops at its own width.
pub const WEB_WIDTHS: [u32; 3] = [480, 960, 1600];

/// Widest or highest image taken, in pixels.
pub const MAX_SIDE: u32 = 12_000;
/// Most pixels taken in all (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;

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

/// One stored rendition of a public raster image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub image_type: ImageType,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
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
    #[error("This image has too many pixels: at most {MAX_SIDE} on a side and {} megapixels in all. Please upload a smaller JPEG, PNG, SVG or WebP image.", MAX_PIXELS / 1_000_000)]
    TooManyPixels,
    /// Not the file's fault: too many images are being decoded at once (`budget`). The
    /// server answers 503 with Retry-After; nothing was judged.
    #[error("We are processing many images right now. Please try again in a minute.")]
    Busy,
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
