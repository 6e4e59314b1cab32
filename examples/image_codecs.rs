//! The figures behind the WebP encoder choice (docs/performance.md, "The WebP encoder"): for
//! each demo photo, the bytes and time of each candidate at the web widths. Run in a release
//! build:
//!   cargo run --release --example image_codecs
use std::io::Cursor;
use std::time::Instant;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;
use image::DynamicImage;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("db/seed/blogs/photos");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the demo photos")
        .flatten()
        .map(|e| e.path())
        .collect();
    names.sort();
    // candidate -> (bytes, seconds) summed over photos, per width
    let widths = [480u32, 960, 1600];
    let candidates = [
        "jpeg q82 (image)",
        "webp lossy q78 (libwebp)",
        "webp lossless (image-webp)",
    ];
    let mut totals = vec![vec![(0usize, 0f64); widths.len()]; candidates.len()];
    let mut resize_secs = 0f64;
    let mut original = 0usize;
    for path in &names {
        let sent = std::fs::read(path).expect("read");
        original += sent.len();
        let pixels =
            DynamicImage::ImageRgb8(image::load_from_memory(&sent).expect("decode").into_rgb8());
        for (w, &width) in widths.iter().enumerate() {
            let height = pixels.height() * width / pixels.width();
            let start = Instant::now();
            let sized = if width == pixels.width() {
                pixels.clone()
            } else {
                pixels.resize_exact(width, height, FilterType::CatmullRom)
            };
            resize_secs += start.elapsed().as_secs_f64();
            let rgb = sized.to_rgb8();
            for (c, total) in totals.iter_mut().enumerate() {
                let start = Instant::now();
                let bytes = match c {
                    0 => {
                        let mut out = Vec::new();
                        sized
                            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 82))
                            .expect("jpeg");
                        out.len()
                    }
                    1 => webp::Encoder::from_rgb(rgb.as_raw(), width, rgb.height())
                        .encode_simple(false, 78.0)
                        .expect("webp")
                        .len(),
                    _ => {
                        let mut out = Cursor::new(Vec::new());
                        sized
                            .write_with_encoder(WebPEncoder::new_lossless(&mut out))
                            .expect("webp lossless");
                        out.into_inner().len()
                    }
                };
                total[w].0 += bytes;
                total[w].1 += start.elapsed().as_secs_f64();
            }
        }
    }
    let n = names.len().max(1);
    println!(
        "{n} photos, originals {} KB on average",
        original / n / 1024
    );
    println!(
        "resize (CatmullRom, all three widths): {:.0} ms a photo",
        resize_secs * 1000.0 / n as f64
    );
    for (c, name) in candidates.iter().enumerate() {
        let cells: Vec<String> = widths
            .iter()
            .zip(&totals[c])
            .map(|(width, (bytes, secs))| {
                format!(
                    "{width}: {:.1} KB {:.0} ms",
                    *bytes as f64 / n as f64 / 1024.0,
                    secs * 1000.0 / n as f64
                )
            })
            .collect();
        println!("{name:28} {}", cells.join(" | "));
    }
}
