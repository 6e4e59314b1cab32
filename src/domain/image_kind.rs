//! What kind of image some bytes are, by their content (never by a file name).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Gif,
    WebP,
    Avif,
    Svg,
}

/// Largest image accepted for a post or an author.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

impl ImageKind {
    /// The kind of image `bytes` hold, by magic numbers (and, for SVG, by markup). An SVG
    /// with script or event handlers is not accepted as an image.
    pub fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        match bytes {
            [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', ..] => Some(ImageKind::Png),
            [0xff, 0xd8, 0xff, ..] => Some(ImageKind::Jpeg),
            [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(ImageKind::Gif),
            [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => {
                Some(ImageKind::WebP)
            }
            [_, _, _, _, b'f', b't', b'y', b'p', b'a', b'v', b'i', b'f' | b's', ..] => {
                Some(ImageKind::Avif)
            }
            _ if is_safe_svg(bytes) => Some(ImageKind::Svg),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
            ImageKind::Gif => "gif",
            ImageKind::WebP => "webp",
            ImageKind::Avif => "avif",
            ImageKind::Svg => "svg",
        }
    }
}

fn is_safe_svg(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let text = text.trim_start_matches('\u{feff}').trim_start();
    let head: String = text
        .chars()
        .take(4096)
        .collect::<String>()
        .to_ascii_lowercase();
    if !text.starts_with('<') || !head.contains("<svg") {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    let scripted = [
        "<script",
        "javascript:",
        "<foreignobject",
        "<iframe",
        "<embed",
        "<object",
    ]
    .iter()
    .any(|needle| lower.contains(needle));
    let handlers = lower
        .match_indices(" on")
        .chain(lower.match_indices("\non"))
        .chain(lower.match_indices("\ton"))
        .any(|(at, needle)| {
            let rest = &lower[at + needle.len()..];
            let name_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
            name_len > 0 && rest[name_len..].trim_start().starts_with('=')
        });
    !scripted && !handlers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_known_by_their_bytes() {
        let cases: &[(&[u8], Option<ImageKind>)] = &[
            (b"\x89PNG\r\n\x1a\n....", Some(ImageKind::Png)),
            (b"\xff\xd8\xff\xe0JFIF", Some(ImageKind::Jpeg)),
            (b"GIF89a..", Some(ImageKind::Gif)),
            (b"RIFF\0\0\0\0WEBPVP8 ", Some(ImageKind::WebP)),
            (b"\0\0\0\x1cftypavif", Some(ImageKind::Avif)),
            (
                b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>",
                Some(ImageKind::Svg),
            ),
            (
                b"<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 1 1\"></svg>",
                Some(ImageKind::Svg),
            ),
            (b"just text", None),
            (b"", None),
            (b"<html><body>not svg</body></html>", None),
            (b"%PDF-1.7", None),
        ];
        for (bytes, kind) in cases {
            assert_eq!(
                ImageKind::sniff(bytes),
                *kind,
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn scripted_svgs_are_not_images() {
        for svg in [
            "<svg><script>alert(1)</script></svg>",
            "<svg onload=\"alert(1)\"></svg>",
            "<svg><rect\nonclick = \"x\"/></svg>",
            "<svg><a href=\"javascript:alert(1)\">x</a></svg>",
            "<svg><foreignObject><p>x</p></foreignObject></svg>",
        ] {
            assert_eq!(ImageKind::sniff(svg.as_bytes()), None, "{svg}");
        }
    }

    #[test]
    fn words_starting_with_on_in_svg_text_are_fine() {
        let svg = "<svg><text x=\"1\"> online only</text><g font-family=\"x\"/></svg>";
        assert_eq!(ImageKind::sniff(svg.as_bytes()), Some(ImageKind::Svg));
    }
}
