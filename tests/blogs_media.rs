//! `/media/{path}`: images from the data dir, and nothing outside it.

use crate::common::{header, json, TestApp};

const HASHED: &str = "blogs/3f9a0c1d2e3f4a5b.svg";
const SVG: &[u8] = b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>";

fn app_with_media() -> TestApp {
    let app = TestApp::new();
    let media = app.data_dir().join("media");
    std::fs::create_dir_all(media.join("blogs")).expect("media dir");
    std::fs::write(media.join(HASHED), SVG).expect("hashed image");
    std::fs::write(media.join("blogs/office.png"), b"\x89PNG\r\n\x1a\nrest").expect("plain image");
    std::fs::write(app.data_dir().join("secret.txt"), b"secret").expect("a file outside media");
    app
}

#[tokio::test]
async fn media_files_are_served_with_their_type_a_tag_and_a_cache_rule() {
    let app = app_with_media();
    let response = app.get(&format!("/media/{HASHED}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.body().as_ref(), SVG);
    assert_eq!(header(&response, "content-type"), "image/svg+xml");
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    let etag = header(&response, "etag").to_owned();
    assert!(etag.starts_with('"'));

    let again = app
        .request(
            warp::test::request()
                .path(&format!("/media/{HASHED}"))
                .header("if-none-match", &etag),
        )
        .await;
    assert_eq!(again.status(), 304);
    assert!(again.body().is_empty());

    let plain = app.get("/media/blogs/office.png").await;
    assert_eq!(plain.status(), 200);
    assert_eq!(header(&plain, "content-type"), "image/png");
    assert_eq!(header(&plain, "cache-control"), "public, max-age=300");

    let head = app
        .request(
            warp::test::request()
                .method("HEAD")
                .path("/media/blogs/office.png"),
        )
        .await;
    assert_eq!(head.status(), 200);
}

/// A drawing as the office uploads one: text, a few KB, much of it repeated.
pub fn drawing() -> Vec<u8> {
    let mut svg = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1280 720\" width=\"1280\" height=\"720\">",
    );
    for row in 0..12 {
        for column in 0..8 {
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"32\" rx=\"3\" fill=\"#f2b84b\"/>",
                400 + column * 40,
                120 + row * 48
            ));
        }
    }
    svg.push_str("</svg>");
    svg.into_bytes()
}

/// A GET of `path` taking `encoding`.
fn asked_in(path: &str, encoding: &str) -> warp::test::RequestBuilder {
    warp::test::request()
        .path(path)
        .header("accept-encoding", encoding)
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut plain).expect("brotli");
    plain
}

fn ungzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut plain)
        .expect("gzip");
    plain
}

#[tokio::test]
async fn a_drawing_goes_packed_to_a_browser_that_takes_it_and_a_photo_as_it_is() {
    let app = app_with_media();
    let svg = drawing();
    std::fs::write(app.data_dir().join("media").join(HASHED), &svg).expect("drawing");
    let path = format!("/media/{HASHED}");
    let asked = |encoding: &str| asked_in(&path, encoding);

    let plain = app.request(asked("identity")).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(plain.body().as_ref(), &svg[..]);
    assert_eq!(header(&plain, "content-encoding"), "");
    assert_eq!(header(&plain, "vary"), "Accept-Encoding");
    let plain_tag = header(&plain, "etag").to_owned();

    let br = app.request(asked("gzip, deflate, br")).await;
    assert_eq!(br.status(), 200);
    assert_eq!(header(&br, "content-encoding"), "br");
    assert_eq!(header(&br, "vary"), "Accept-Encoding");
    assert_eq!(header(&br, "content-type"), "image/svg+xml");
    assert!(
        br.body().len() * 4 < svg.len(),
        "{} of {}",
        br.body().len(),
        svg.len()
    );
    assert_eq!(unbrotli(br.body()), svg);
    let br_tag = header(&br, "etag").to_owned();
    assert_ne!(br_tag, plain_tag, "each form is tagged on its own");
    let again = app.request(asked("br")).await;
    assert_eq!(again.body(), br.body(), "kept, and answered the same");

    let gzip = app.request(asked("br;q=0, gzip")).await;
    assert_eq!(header(&gzip, "content-encoding"), "gzip");
    assert_eq!(ungzip(gzip.body()), svg);
    let gzip_tag = header(&gzip, "etag").to_owned();
    assert!(![&plain_tag, &br_tag].contains(&&gzip_tag));

    // A tag names its own form: 304 for it, the whole answer in the form asked for another.
    let fresh = app
        .request(asked("br").header("if-none-match", &br_tag))
        .await;
    assert_eq!(fresh.status(), 304);
    assert!(fresh.body().is_empty());
    assert_eq!(header(&fresh, "content-encoding"), "");
    let other = app
        .request(asked("br").header("if-none-match", &plain_tag))
        .await;
    assert_eq!(other.status(), 200);
    assert_eq!(header(&other, "content-encoding"), "br");

    // A range is of the file's own bytes.
    let part = app.request(asked("br").header("range", "bytes=0-9")).await;
    assert_eq!(part.status(), 206);
    assert_eq!(part.body().as_ref(), &svg[..10]);
    assert_eq!(header(&part, "content-encoding"), "");

    let photo = app
        .request(asked_in("/media/blogs/office.png", "br, gzip"))
        .await;
    assert_eq!(photo.status(), 200);
    assert_eq!(header(&photo, "content-encoding"), "");
    assert_eq!(header(&photo, "vary"), "");

    // A drawing too small to gain goes as it is.
    std::fs::write(app.data_dir().join("media/blogs/dot.svg"), SVG).expect("small");
    let small = app.request(asked_in("/media/blogs/dot.svg", "br")).await;
    assert_eq!(small.body().as_ref(), SVG);
    assert_eq!(header(&small, "content-encoding"), "");

    // One too large to pack on a request's way (over 256 KB) goes as it is too.
    let large = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{}</svg>",
        "<rect width=\"1\" height=\"1\"/>".repeat(10_000)
    )
    .into_bytes();
    assert!(large.len() > 256 * 1024);
    std::fs::write(app.data_dir().join("media/blogs/large.svg"), &large).expect("large");
    let whole = app.request(asked_in("/media/blogs/large.svg", "br")).await;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.body().len(), large.len());
    assert_eq!(header(&whole, "content-encoding"), "");
}

#[tokio::test]
async fn paths_that_leave_the_media_folder_are_a_json_404() {
    let app = app_with_media();
    #[cfg(unix)]
    {
        let media = app.data_dir().join("media");
        std::os::unix::fs::symlink(
            app.data_dir().join("secret.txt"),
            media.join("blogs/link.svg"),
        )
        .expect("symlink");
        std::os::unix::fs::symlink(app.data_dir(), media.join("up")).expect("dir symlink");
        std::os::unix::fs::symlink("/etc/passwd", media.join("passwd.svg"))
            .expect("absolute symlink");
    }
    let cases = [
        "/media/../secret.txt",
        "/media/blogs/../../secret.txt",
        "/media/%2e%2e/secret.txt",
        "/media/%2E%2E%2Fsecret.txt",
        "/media/..%2fsecret.txt",
        "/media/blogs%2f..%2f..%2fsecret.txt",
        "/media/..%5csecret.txt",
        "/media/%5c..%5csecret.txt",
        "/media/..\\secret.txt",
        "/media//etc/passwd",
        "/media/%2fetc%2fpasswd",
        "/media/%00",
        "/media/blogs/x.svg%00.png",
        "/media/.%2e/secret.txt",
        "/media/corpsite.db",
        "/media/../corpsite.db",
        "/media/blogs/link.svg",
        "/media/up/secret.txt",
        "/media/passwd.svg",
        "/media/",
        "/media",
        "/media/blogs",
        "/media/blogs/missing.svg",
        "/media/%ff%fe.svg",
    ];
    for path in cases {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "application/json",
            "{path}"
        );
        assert!(json(&response)["message"].is_string(), "{path}");
    }
}
