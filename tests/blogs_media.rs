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
