//! The figures behind the limits on nesting and on the elements the parser makes
//! (src/domain/nesting.rs): how long the story editor's preview, a save and a reader's render
//! take for bodies built to be slow, each as long as a body may be, with flat ones beside
//! them. "before" is the preview without the limits (Markdown to HTML, then the sanitizer
//! twice, storing then showing); it runs at growing lengths until one takes longer than
//! BEFORE_BUDGET seconds (default 2), and the time at the size limit is then estimated from
//! the last length measured, growing with its square as it was seen to. "render" shows the
//! stored body, or a refused body as a row written around the editor would hold it. Run in
//! a release build:
//!   bash bench/bodies.sh        (or: cargo run --release --example bodies)
//!
//! Times are CPU milliseconds of the one thread doing the work (wall time in brackets, which
//! a busy machine stretches); "now" is the median of five runs.

use std::time::{Duration, Instant};

use corpsite::domain::post_file::BodyFormat;
use corpsite::domain::sanitize::{clean_for_storage, DisplaySanitizer};
use corpsite::domain::story::{self, StoryForm, MAX_BODY};
use jiff::Timestamp;

const MD: BodyFormat = BodyFormat::Markdown;
const HTML: BodyFormat = BodyFormat::Html;

fn main() {
    let budget = std::env::var("BEFORE_BUDGET")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(2.0);
    let skip_before = std::env::args().any(|arg| arg == "--now-only");
    println!(
        "Bodies of {} KiB (the size limit), CPU ms of one thread [wall ms]; load average {}",
        MAX_BODY / 1024,
        load_average()
    );
    println!(
        "{:<36} {:>28}   {:>16} {:>16} {:>16}   answer",
        "body", "before: preview", "now: preview", "save", "render"
    );
    for (name, format, unit) in cases() {
        let body = filled(&unit, MAX_BODY);
        let before = if skip_before {
            "-".to_owned()
        } else {
            before(format, &unit, budget)
        };
        let preview = median(|| preview(&body, format));
        let (save, answer, stored) = saved(&body, format);
        let display = DisplaySanitizer::new("/media/");
        let render = median(|| {
            std::hint::black_box(display.clean(&stored));
        });
        println!(
            "{:<36} {:>28}   {:>16} {:>16} {:>16}   {answer}",
            format!("{} {name}", format.as_str()),
            before,
            preview.to_string(),
            save.to_string(),
            render.to_string(),
        );
    }
}

/// Each case: a name, the format, and the piece repeated to the size limit.
fn cases() -> Vec<(&'static str, BodyFormat, String)> {
    // Each level two spaces further in: 440 levels fill the limit.
    let indented: String = (0..440)
        .map(|i| format!("{}- item\n", "  ".repeat(i)))
        .collect();
    vec![
        (">>>>", MD, ">".into()),
        ("> > > >", MD, "> ".into()),
        ("+ + + + (lists)", MD, "+ ".into()),
        ("1. 1. 1.", MD, "1. ".into()),
        ("> - > -", MD, "> - ".into()),
        ("- - - - (a rule)", MD, "- ".into()),
        ("indented lists", MD, indented),
        ("[[[[", MD, "[".into()),
        ("*****", MD, "*".into()),
        (
            "*a **b ... b** a*",
            MD,
            "*a **b ".repeat(2_000) + &"c** d* ".repeat(2_000),
        ),
        (
            "![a ![a ...",
            MD,
            "![a ".repeat(2_000) + &"b](x.png) ".repeat(2_000),
        ),
        ("<div> in Markdown", MD, "<div>".into()),
        ("<<<< (flat)", MD, "<".into()),
        ("*a*b (flat)", MD, "*a*b ".into()),
        ("<blockquote>", HTML, "<blockquote>".into()),
        ("<div>", HTML, "<div>".into()),
        ("<ul><li>", HTML, "<ul><li>".into()),
        ("<dl><dd>", HTML, "<dl><dd>".into()),
        ("<b>", HTML, "<b>".into()),
        (
            "<em><a href>",
            HTML,
            "<em><a href=\"https://x.example/\">".into(),
        ),
        ("<b><div></b>", HTML, "<b><div></b>".into()),
        ("<table><tr><td>", HTML, "<table><tr><td>".into()),
        ("<template>", HTML, "<template>".into()),
        ("<p> words (flat)", HTML, "<p>A few plain words.</p>".into()),
        ("<b><p> (flat)", HTML, "<b><p>".into()),
        ("<b><p>x (flat, reopened)", HTML, "<b><p>x".into()),
        ("&lt; (flat)", HTML, "&lt;".into()),
        ("<a> (flat)", HTML, "<a>".into()),
        ("30 <b> reopened in each <p>", HTML, REOPENED.into()),
    ]
}

/// Thirty bold elements left open, which the parser reopens in every paragraph after.
const REOPENED: &str = "<p><b id=1><b id=2><b id=3><b id=4><b id=5><b id=6><b id=7><b id=8>\
    <b id=9><b id=10><b id=11><b id=12><b id=13><b id=14><b id=15><b id=16><b id=17><b id=18>\
    <b id=19><b id=20><b id=21><b id=22><b id=23><b id=24><b id=25><b id=26><b id=27><b id=28>\
    <b id=29><b id=30></p>";

/// `unit` repeated to at most `size` bytes; after `REOPENED`, paragraphs.
fn filled(unit: &str, size: usize) -> String {
    match unit {
        REOPENED => unit.to_owned() + &"<p>x</p>".repeat((size - unit.len()) / 8),
        _ => unit.repeat((size / unit.len()).max(1)),
    }
}

/// What the preview answers.
fn preview(body: &str, format: BodyFormat) {
    let display = DisplaySanitizer::new("/media/");
    let _ = std::hint::black_box(story::preview(body, format, &display));
}

/// A save's check (the editor's form, every field), what it answers, and what a render then
/// reads: the stored body, or the body itself as a row written around the editor would hold.
fn saved(body: &str, format: BodyFormat) -> (Times, String, String) {
    let form = StoryForm {
        title: "A title".into(),
        motive: "A motive".into(),
        tags: Vec::new(),
        author: None,
        author_photo: None,
        date: None,
        color: None,
        image: None,
        min_read: None,
        body: body.to_owned(),
        format: format.as_str().into(),
        state: "draft".into(),
        publish_at: None,
        revision: None,
        autosave: None,
    };
    let (now, today) = (Timestamp::now(), corpsite::domain::utc::today());
    let times = median(|| {
        let _ = std::hint::black_box(form.check(now, today, |_| true));
    });
    match form.check(now, today, |_| true) {
        Ok(story) => (times, "saved".into(), story.post.content),
        Err(errors) => {
            let errors = errors.into_map();
            let answer = errors.get("body").cloned().unwrap_or_default();
            let answer = answer.split(':').next().unwrap_or_default().to_owned();
            (times, format!("refused: {answer}"), body.to_owned())
        }
    }
}

/// The preview as it was: no limit, and the sanitizer twice (storing, then showing).
fn before_preview(body: &str, format: BodyFormat) {
    let html = match format {
        BodyFormat::Markdown => {
            let parser =
                pulldown_cmark::Parser::new_ext(body, pulldown_cmark::Options::ENABLE_TABLES);
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, parser);
            html
        }
        BodyFormat::Html => body.to_owned(),
    };
    let stored = clean_for_storage(&html);
    std::hint::black_box(clean_for_storage(&stored));
}

/// The old preview of `unit` repeated to 1/64 of the limit, then twice that, and so on: the
/// time at the limit, measured or estimated.
fn before(format: BodyFormat, unit: &str, budget: f64) -> String {
    let mut size = MAX_BODY / 64;
    loop {
        let body = filled(unit, size);
        let times = Times::of(|| before_preview(&body, format));
        if size >= MAX_BODY {
            return times.to_string();
        }
        if times.cpu.as_secs_f64() > budget {
            let scale = (MAX_BODY as f64 / size as f64).powi(2);
            return format!(
                "~{:.0} s ({:.1} s at {} KiB)",
                times.cpu.as_secs_f64() * scale,
                times.cpu.as_secs_f64(),
                size / 1024
            );
        }
        size = (size * 2).min(MAX_BODY);
    }
}

/// CPU and wall time of one run.
#[derive(Clone, Copy)]
struct Times {
    cpu: Duration,
    wall: Duration,
}

impl Times {
    fn of(work: impl FnOnce()) -> Times {
        let (cpu, wall) = (thread_cpu(), Instant::now());
        work();
        Times {
            cpu: thread_cpu().saturating_sub(cpu),
            wall: wall.elapsed(),
        }
    }
}

impl std::fmt::Display for Times {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(f, "{:.1} [{:.1}]", ms(self.cpu), ms(self.wall))
    }
}

/// The median of five runs, by CPU time.
fn median(mut work: impl FnMut()) -> Times {
    let mut runs: Vec<Times> = (0..5).map(|_| Times::of(&mut work)).collect();
    runs.sort_by_key(|t| t.cpu);
    runs[2]
}

fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into memory we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".into())
}
