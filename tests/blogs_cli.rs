//! `corpsite blog ...`: the office publishing from the command line, also while the site runs.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::process::{send, Running, BINARY};
use crate::common::seeded::seeded_data_dir;
use crate::image_samples::{contains, dimensions};
use assert_cmd::Command;
use image::ImageFormat;

const SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 9\"><rect width=\"16\" height=\"9\"/></svg>";

struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    fn new() -> Workspace {
        Workspace {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write");
        path
    }

    fn write_bytes(&self, name: &str, contents: &[u8]) -> PathBuf {
        let path = self.path(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write");
        path
    }

    fn media_bytes(&self, path: &str) -> Vec<u8> {
        std::fs::read(self.data_dir().join("media").join(path)).expect("a media file")
    }

    fn post(&self, name: &str, front: &str) -> PathBuf {
        self.write(
            name,
            &format!("---\n{front}\n---\n\n## A heading\n\nSome words of body text.\n"),
        )
    }

    /// Runs `corpsite blog ARGS --data-dir <data>`.
    fn blog(&self, args: &[&str]) -> std::process::Output {
        Command::cargo_bin("corpsite")
            .expect("the binary")
            .arg("blog")
            .args(args)
            .arg("--data-dir")
            .arg(self.data_dir())
            .env("RUST_LOG", "warn")
            .output()
            .expect("run corpsite")
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.blog(args);
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn fails(&self, args: &[&str]) -> String {
        let out = self.blog(args);
        assert!(!out.status.success(), "{args:?} should fail");
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    fn list(&self) -> Vec<String> {
        self.ok(&["list"]).lines().map(str::to_owned).collect()
    }

    fn media_files(&self) -> Vec<String> {
        let mut files = Vec::new();
        for folder in ["blogs", "authors"] {
            if let Ok(entries) = std::fs::read_dir(self.data_dir().join("media").join(folder)) {
                for entry in entries.flatten() {
                    files.push(format!("{folder}/{}", entry.file_name().to_string_lossy()));
                }
            }
        }
        files.sort();
        files
    }
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[test]
fn add_prints_the_new_id_last_and_list_shows_id_date_and_title() {
    let ws = Workspace::new();
    ws.write("images/campus.svg", SVG);
    ws.write("authors/ananya.svg", &SVG.replace("16", "8"));
    let file = ws.post(
        "campus.md",
        "title: Leasing a campus\nmotive: Why\ntags: [Real Estate]\nauthor: Ananya Rao\n\
         author_photo: authors/ananya.svg\ndate: 2025-01-21\nimage: images/campus.svg",
    );
    let out = ws.ok(&["add", arg(&file)]);
    assert_eq!(last_line(&out), "leasing-a-campus");
    assert_eq!(
        ws.list(),
        ["leasing-a-campus\t2025-01-21\tLeasing a campus"]
    );
    let media = ws.media_files();
    assert_eq!(media.len(), 2, "{media:?}");
    assert!(media[0].starts_with("authors/") && media[1].starts_with("blogs/"));

    let again = ws.ok(&["add", arg(&file)]);
    assert_eq!(last_line(&again), "leasing-a-campus-2");
    assert_eq!(ws.media_files(), media, "the same image is stored once");
}

#[test]
fn html_posts_are_published_sanitized() {
    let ws = Workspace::new();
    let file = ws.write(
        "story.html",
        "---\ntitle: An HTML story\nmotive: M\n---\n<h2>Hi</h2><p onclick=\"x()\">Text</p><script>alert(1)</script>\n",
    );
    assert_eq!(last_line(&ws.ok(&["add", arg(&file)])), "an-html-story");
    let conn = rusqlite::Connection::open(ws.data_dir().join("corpsite.db")).expect("open db");
    let content: String = conn
        .query_row("SELECT content FROM blogs", [], |r| r.get(0))
        .expect("the post");
    assert_eq!(content, "<h2>Hi</h2><p>Text</p>\n");
}

#[test]
fn update_keeps_the_id_and_drops_the_image_nothing_uses_any_more() {
    let ws = Workspace::new();
    ws.write("old.svg", SVG);
    ws.write("new.svg", &SVG.replace("rect", "circle"));
    let first = ws.post(
        "a.md",
        "title: First title\nmotive: M\ndate: 2025-01-01\nimage: old.svg",
    );
    let id = last_line(&ws.ok(&["add", arg(&first)])).to_owned();
    let old_media = ws.media_files();

    let changed = ws.post(
        "b.md",
        "title: A different title\nmotive: M2\ndate: 2025-02-02\nimage: new.svg",
    );
    assert_eq!(last_line(&ws.ok(&["update", &id, arg(&changed)])), id);
    assert_eq!(ws.list(), [format!("{id}\t2025-02-02\tA different title")]);
    let new_media = ws.media_files();
    assert_eq!(new_media.len(), 1);
    assert_ne!(new_media, old_media);

    assert!(ws
        .fails(&["update", "no-such-post", arg(&changed)])
        .contains("no blog with the id no-such-post"));
    assert!(ws
        .fails(&["update", "../etc", arg(&changed)])
        .contains("is not a blog id"));
}

#[test]
fn remove_deletes_the_post_and_only_the_media_it_alone_used() {
    let ws = Workspace::new();
    ws.write("shared.svg", SVG);
    ws.write("own.svg", &SVG.replace("rect", "circle"));
    ws.write("face.svg", &SVG.replace("rect", "ellipse"));
    let a = ws.post(
        "a.md",
        "title: A\nmotive: M\nimage: own.svg\nauthor: Meera Iyer\nauthor_photo: face.svg",
    );
    let b = ws.post(
        "b.md",
        "title: B\nmotive: M\nimage: shared.svg\nauthor: Meera Iyer",
    );
    let c = ws.post("c.md", "title: C\nmotive: M\nimage: shared.svg");
    for file in [&a, &b, &c] {
        ws.ok(&["add", arg(file)]);
    }
    assert_eq!(ws.media_files().len(), 3);

    assert_eq!(last_line(&ws.ok(&["remove", "a"])), "removed a");
    assert_eq!(
        ws.media_files().len(),
        2,
        "the author's photo stays: B's author still has it"
    );
    ws.ok(&["remove", "b"]);
    assert_eq!(ws.media_files().len(), 1, "the shared image stays for C");
    ws.ok(&["remove", "c"]);
    assert!(ws.media_files().is_empty());
    assert!(ws.list().is_empty());
    assert!(ws.fails(&["remove", "c"]).contains("no blog with the id c"));
}

#[test]
fn import_adds_every_post_of_a_folder_in_one_go() {
    let ws = Workspace::new();
    ws.write("posts/README.md", "# not a post");
    ws.write("posts/notes.txt", "not a post either");
    ws.write("posts/images/one.svg", SVG);
    ws.post(
        "posts/01-one.md",
        "title: One\nmotive: M\ndate: 2025-01-01\nimage: images/one.svg",
    );
    ws.post("posts/02-two.md", "title: Two\nmotive: M\ndate: 2025-01-02");
    let out = ws.ok(&["import", arg(&ws.path("posts"))]);
    assert_eq!(out.lines().collect::<Vec<_>>(), ["one", "two"]);
    assert_eq!(ws.list().len(), 2);

    let empty = ws.path("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    assert!(ws.fails(&["import", arg(&empty)]).contains("no post files"));
}

#[test]
fn one_bad_file_rejects_the_whole_import_and_is_named() {
    let ws = Workspace::new();
    ws.write("posts/images/one.svg", SVG);
    ws.post(
        "posts/01-good.md",
        "title: Good\nmotive: M\nimage: images/one.svg",
    );
    ws.post("posts/02-bad.md", "title: Bad\nmotive: M\ndate: 2025-02-30");
    ws.post("posts/03-good.md", "title: Also good\nmotive: M");
    let err = ws.fails(&["import", arg(&ws.path("posts"))]);
    assert!(err.contains("02-bad.md") && err.contains("`date`"), "{err}");
    assert!(ws.list().is_empty(), "nothing was written");
    assert!(ws.media_files().is_empty(), "no image was left behind");
}

#[test]
fn malformed_files_write_nothing_and_name_the_file_the_field_and_the_problem() {
    // (file name, contents, files beside it, words the error must hold)
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: &[Case] = &[
        (
            "no-front.md",
            "Just a body\n",
            &[],
            &["no-front.md", "no front matter"],
        ),
        (
            "unclosed.md",
            "---\ntitle: T\nmotive: M\n",
            &[],
            &["unclosed.md", "no front matter"],
        ),
        (
            "yaml.md",
            "---\ntitle: [oops\n---\nBody\n",
            &[],
            &["yaml.md", "not valid YAML"],
        ),
        (
            "no-title.md",
            "---\nmotive: M\n---\nBody\n",
            &[],
            &["no-title.md", "`title`", "required"],
        ),
        (
            "no-motive.md",
            "---\ntitle: T\n---\nBody\n",
            &[],
            &["no-motive.md", "`motive`", "required"],
        ),
        (
            "date.md",
            "---\ntitle: T\nmotive: M\ndate: 2025-13-01\n---\nBody\n",
            &[],
            &["date.md", "`date`", "2025-13-01", "YYYY-MM-DD"],
        ),
        (
            "colour.md",
            "---\ntitle: T\nmotive: M\ncolor: blue\n---\nBody\n",
            &[],
            &["colour.md", "`color`", "blue", "#rrggbb"],
        ),
        (
            "missing.md",
            "---\ntitle: T\nmotive: M\nimage: nowhere.png\n---\nBody\n",
            &[],
            &["missing.md", "`image`", "nowhere.png", "cannot read"],
        ),
        (
            "text.md",
            "---\ntitle: T\nmotive: M\nimage: fake.png\n---\nBody\n",
            &[("fake.png", "I am text")],
            &["text.md", "`image`", "fake.png", "not an image"],
        ),
        (
            "script.md",
            "---\ntitle: T\nmotive: M\nimage: evil.svg\n---\nBody\n",
            &[("evil.svg", "<svg onload=\"alert(1)\"></svg>")],
            &["script.md", "`image`", "not an image"],
        ),
        (
            "photo.md",
            "---\ntitle: T\nmotive: M\nauthor: A\nauthor_photo: gone.svg\n---\nBody\n",
            &[],
            &["photo.md", "`author_photo`", "gone.svg"],
        ),
        (
            "typo.md",
            "---\ntitle: T\nmotive: M\ntagz: [a]\n---\nBody\n",
            &[],
            &["typo.md", "`tagz`", "unknown field"],
        ),
        (
            "empty.md",
            "---\ntitle: T\nmotive: M\n---\n\n",
            &[],
            &["empty.md", "body", "empty"],
        ),
        (
            "post.txt",
            "---\ntitle: T\nmotive: M\n---\nBody\n",
            &[],
            &["post.txt", ".md or .html"],
        ),
    ];
    for (name, contents, beside, words) in cases {
        let ws = Workspace::new();
        for (other, text) in *beside {
            ws.write(other, text);
        }
        let file = ws.write(name, contents);
        let err = ws.fails(&["add", arg(&file)]);
        for word in *words {
            assert!(err.contains(word), "{name}: {word:?} missing from {err:?}");
        }
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err:?}");
        assert!(ws.list().is_empty(), "{name}: nothing written");
        assert!(ws.media_files().is_empty(), "{name}: no media written");
    }
    let ws = Workspace::new();
    assert!(ws
        .fails(&["add", arg(&ws.path("absent.md"))])
        .contains("absent.md"));
}

#[test]
fn the_data_dir_comes_from_the_environment_too() {
    let ws = Workspace::new();
    let file = ws.post("a.md", "title: From env\nmotive: M");
    let out = Command::cargo_bin("corpsite")
        .expect("the binary")
        .args(["blog", "add", arg(&file)])
        .env("CORPSITE_DATA_DIR", ws.data_dir())
        .env("RUST_LOG", "warn")
        .output()
        .expect("run");
    assert!(out.status.success());
    assert_eq!(ws.list().len(), 1);
}

fn api_json(server: &Running, path: &str) -> (u16, serde_json::Value) {
    let response = send(server.addr, "GET", path, &[]);
    let body = serde_json::from_slice(&response.body).unwrap_or(serde_json::Value::Null);
    (response.status, body)
}

/// Polls until `check` holds, for at most `limit`; answers how long it took.
fn within(limit: Duration, mut check: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn the_cli_publishes_while_the_site_runs_and_the_api_shows_it_within_a_second() {
    let ws = Workspace::new();
    let data = ws.data_dir();
    seeded_data_dir(&data);
    let server = Running::start(
        Path::new(BINARY),
        &["--addr", "127.0.0.1:0", "--data-dir", arg(&data)],
        &[],
        ws.dir.path(),
    );
    let (status, before) = api_json(&server, "/api/corp_website/blogs/get");
    assert_eq!(status, 200);
    let total = before["data"]["pagination"]["total"]
        .as_u64()
        .expect("total");
    assert!(total >= 14, "the demo content is there");

    let file = ws.post(
        "news.md",
        "title: Fresh from the office\nmotive: M\ndate: 2099-01-01",
    );
    let id = last_line(&ws.ok(&["add", arg(&file)])).to_owned();
    let shown = within(Duration::from_secs(1), || {
        let (_, body) = api_json(&server, "/api/corp_website/blogs/get");
        body["data"]["pagination"]["total"] == total + 1
            && body["data"]["datas"][0]["_id"] == id.as_str()
    });
    assert!(
        shown.is_some(),
        "the list shows the new post within a second"
    );
    assert_eq!(
        api_json(&server, &format!("/api/corp_website/blogs/get/{id}")).0,
        200
    );

    ws.ok(&["remove", &id]);
    let gone = within(Duration::from_secs(1), || {
        let (_, body) = api_json(&server, "/api/corp_website/blogs/get");
        body["data"]["pagination"]["total"] == total
    });
    assert!(
        gone.is_some(),
        "the list drops the removed post within a second"
    );
    assert_eq!(
        api_json(&server, &format!("/api/corp_website/blogs/get/{id}")).0,
        404
    );
}

#[test]
fn images_the_body_shows_are_stored_as_media_and_removed_with_the_post() {
    let ws = Workspace::new();
    ws.write("images/plan.svg", SVG);
    let file = ws.write(
        "plan.md",
        "---\ntitle: With a plan\nmotive: M\n---\nSee the plan:\n\n![The plan](images/plan.svg)\n\n![Remote](https://cdn.example.com/x.png)\n",
    );
    ws.ok(&["add", arg(&file)]);
    let media = ws.media_files();
    assert_eq!(media.len(), 1);
    let conn = rusqlite::Connection::open(ws.data_dir().join("corpsite.db")).expect("open db");
    let content: String = conn
        .query_row("SELECT content FROM blogs", [], |r| r.get(0))
        .expect("the post");
    assert!(
        content.contains(&format!("src=\"{}\"", media[0])),
        "{content}"
    );
    assert!(
        content.contains("src=\"https://cdn.example.com/x.png\""),
        "{content}"
    );

    ws.ok(&["remove", "with-a-plan"]);
    assert!(ws.media_files().is_empty());

    let broken = ws.write(
        "broken.md",
        "---\ntitle: T\nmotive: M\n---\nText.\n\n![x](images/missing.svg)\n",
    );
    let err = ws.fails(&["add", arg(&broken)]);
    assert!(
        err.contains("broken.md")
            && err.contains("`content`")
            && err.contains("images/missing.svg"),
        "{err}"
    );
}

#[test]
fn images_that_only_look_like_images_are_refused_and_nothing_is_published() {
    // (what it is, the field that names it, the file, words the error must hold)
    type Case = (&'static str, &'static str, Vec<u8>, &'static str);
    let cases: Vec<Case> = vec![
        (
            "jpeg of html as an author photo",
            "author_photo",
            crate::image_samples::jpeg_of_html(),
            "incomplete or damaged",
        ),
        (
            "webp whose chunk claims 0x7fffffff bytes as a cover",
            "image",
            crate::image_samples::webp_with_a_huge_chunk(),
            "incomplete or damaged",
        ),
        (
            "webp whose RIFF length covers html in the body",
            "content",
            crate::image_samples::webp_covering_html(),
            "hidden after its end",
        ),
        (
            "png claiming 100000 x 100000 pixels as a cover",
            "image",
            crate::image_samples::png_claiming(100_000, 100_000),
            "too many pixels",
        ),
    ];
    for (case, field, bytes, words) in cases {
        let ws = Workspace::new();
        ws.write_bytes("fake.img", &bytes);
        let (front, body) = match field {
            "author_photo" => ("author: A\nauthor_photo: fake.img", "Body text."),
            "image" => ("image: fake.img", "Body text."),
            _ => ("", "Body text.\n\n![x](fake.img)"),
        };
        let file = ws.write(
            "post.md",
            &format!("---\ntitle: T\nmotive: M\n{front}\n---\n\n{body}\n"),
        );
        let err = ws.fails(&["add", arg(&file)]);
        for word in ["post.md", "fake.img", words, "JPEG, PNG, SVG or WebP"] {
            assert!(err.contains(word), "{case}: {word:?} missing from {err:?}");
        }
        assert!(err.contains(&format!("`{field}`")), "{case}: {err}");
        assert!(ws.list().is_empty(), "{case}: nothing published");
        assert!(ws.media_files().is_empty(), "{case}: no media written");
    }
}

#[test]
fn published_images_are_re_encoded_without_metadata_or_anything_hidden() {
    let ws = Workspace::new();
    ws.write_bytes("cover.jpg", &crate::image_samples::jpeg_with_gps(64, 48));
    ws.write_bytes("face.png", &crate::image_samples::png_with_html());
    ws.write_bytes(
        "plan.webp",
        &crate::image_samples::encoded(ImageFormat::WebP, 20, 10),
    );
    let file = ws.write(
        "post.md",
        "---\ntitle: Photos\nmotive: M\nimage: cover.jpg\nauthor: A\nauthor_photo: face.png\n---\n\nBody.\n\n![Plan](plan.webp)\n",
    );
    ws.ok(&["add", arg(&file)]);
    let media = ws.media_files();
    // Each at its own width only (all are under 480 px): a WebP and a fallback.
    assert_eq!(media.len(), 6, "{media:?}");
    let stored = |extension: &str| -> Vec<Vec<u8>> {
        media
            .iter()
            .filter(|path| path.ends_with(extension))
            .map(|path| ws.media_bytes(path))
            .collect()
    };
    let jpegs = stored("jpg");
    assert_eq!(jpegs.len(), 2, "the cover's and the body image's fallback");
    for jpeg in &jpegs {
        assert!(!contains(jpeg, b"Exif"), "no EXIF block");
        assert!(
            !contains(jpeg, &crate::image_samples::GPS_LATITUDE),
            "no position"
        );
    }
    let mut sizes: Vec<(u32, u32)> = jpegs.iter().map(|j| dimensions(j)).collect();
    sizes.sort();
    assert_eq!(sizes, vec![(20, 10), (64, 48)]);
    let face = stored("png");
    assert_eq!(face.len(), 1);
    assert!(!contains(&face[0], b"<script"), "no html");
    assert_eq!(dimensions(&face[0]), (9, 5));
    let mut webps: Vec<(u32, u32)> = stored("webp").iter().map(|w| dimensions(w)).collect();
    webps.sort();
    assert_eq!(webps, vec![(9, 5), (20, 10), (64, 48)]);
    for webp in stored("webp") {
        assert!(!contains(&webp, b"EXIF") && !contains(&webp, &crate::image_samples::GPS_LATITUDE));
    }
}

#[test]
fn a_post_with_a_jpeg_cover_records_its_renditions_and_removing_it_deletes_them_all() {
    let ws = Workspace::new();
    ws.write_bytes("cover.jpg", &crate::image_samples::jpeg_with_gps(1700, 850));
    let file = ws.write(
        "post.md",
        "---\ntitle: Wide cover\nmotive: M\nimage: cover.jpg\n---\n\nBody.\n",
    );
    let id = ws.ok(&["add", arg(&file)]);
    let id = last_line(&id).to_owned();
    let conn = rusqlite::Connection::open(ws.data_dir().join("corpsite.db")).expect("db");
    let (cover, width, height, renditions): (String, u32, u32, String) = conn
        .query_row(
            "SELECT m.path, m.width, m.height, m.renditions FROM media_images m
             JOIN blogs b ON b.blog_image = m.path",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .expect("the cover is recorded");
    assert_eq!((width, height), (1600, 800), "never wider than 1600");
    assert!(cover.ends_with(".jpg"), "{cover}");
    let renditions: Vec<serde_json::Value> = serde_json::from_str(&renditions).expect("json");
    let listed: Vec<(u64, &str)> = renditions
        .iter()
        .map(|r| {
            (
                r["width"].as_u64().unwrap_or(0),
                r["type"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            (480, "image/webp"),
            (480, "image/jpeg"),
            (960, "image/webp"),
            (960, "image/jpeg"),
            (1600, "image/webp"),
            (1600, "image/jpeg"),
        ]
    );
    let mut files: Vec<String> = renditions
        .iter()
        .map(|r| r["path"].as_str().expect("path").to_owned())
        .collect();
    files.sort();
    assert_eq!(ws.media_files(), files, "every rendition is in media");
    for path in &files {
        let bytes = ws.media_bytes(path);
        assert!(
            !contains(&bytes, b"Exif") && !contains(&bytes, &crate::image_samples::GPS_LATITUDE)
        );
    }

    ws.ok(&["remove", &id]);
    assert!(ws.media_files().is_empty(), "{:?}", ws.media_files());
    let left: i64 = conn
        .query_row("SELECT count(*) FROM media_images", [], |r| r.get(0))
        .expect("count");
    assert_eq!(left, 0);
}
