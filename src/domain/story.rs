//! A story as the office writes it in the browser: the post's fields (checked by the very
//! rules of a post file), its body as written, and where it stands: a draft (not public),
//! scheduled (public by itself at a set time) or published.
//!
//! Images are referred to by the media paths their upload answered (`blogs/3f9a....jpg`);
//! each must name a file that is there, so a story never shows a broken image.

use jiff::civil::Date;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_yaml_ng::{Mapping, Value};

use super::fields::FieldErrors;
use super::html_text::plain_text;
use super::img_sources::img_sources;
use super::nesting::{TooComplex, MAX_NESTING};
use super::post_file::{body_html, BodyFormat, PostFile, PostFileError};
use super::reading_time::{min_read, word_count};
use super::sanitize::{is_media_path, DisplaySanitizer};
use super::utc::parse_rfc3339;

/// Longest body taken, in bytes (a long feature is a few tens of KB).
pub const MAX_BODY: usize = 200 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoryState {
    Draft,
    Scheduled,
    Published,
}

impl StoryState {
    pub const ALL: [StoryState; 3] = [
        StoryState::Draft,
        StoryState::Scheduled,
        StoryState::Published,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StoryState::Draft => "draft",
            StoryState::Scheduled => "scheduled",
            StoryState::Published => "published",
        }
    }

    pub fn parse(name: &str) -> Option<StoryState> {
        StoryState::ALL
            .into_iter()
            .find(|state| state.as_str() == name)
    }
}

/// The editor's form, as sent. The UI's `StoryForm` type is generated from it
/// (`http::public_api::generated_ui`). A revision keeps it as saved (`snapshot`), and
/// answers it as JSON again.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StoryForm {
    pub title: String,
    pub motive: String,
    #[serde(default)]
    pub tags: Vec<String>,
    pub author: Option<String>,
    pub author_photo: Option<String>,
    /// YYYY-MM-DD; today when empty.
    pub date: Option<String>,
    /// #rrggbb; the house colour when empty.
    pub color: Option<String>,
    /// The cover image's media path.
    pub image: Option<String>,
    /// "N min read"; counted from the words when empty, at every save.
    pub min_read: Option<String>,
    pub body: String,
    /// `markdown` or `html`.
    #[cfg_attr(test, ts(type = "BodyFormat"))]
    pub format: String,
    /// `draft`, `scheduled` or `published`.
    #[cfg_attr(test, ts(type = "StoryState"))]
    pub state: String,
    /// When a scheduled story goes public: RFC 3339 with an offset (the browser sends UTC).
    pub publish_at: Option<String>,
    /// The revision the editor opened (a save of an existing story must name it).
    #[cfg_attr(test, ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision: Option<i64>,
    /// A save the editor made by itself while someone types (default false): only of a
    /// draft that stays a draft, kept as one revision line per run of them, not audited.
    #[cfg_attr(test, ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autosave: Option<bool>,
}

/// A story that passed every check.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedStory {
    pub post: PostFile,
    pub author_photo: Option<String>,
    pub image: Option<String>,
    pub source: String,
    pub format: BodyFormat,
    pub state: StoryState,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`, for a scheduled story.
    pub publish_at: Option<String>,
    /// Whether the reading time was counted from the words (none was typed).
    pub min_read_counted: bool,
    /// Words of the body as visitors read it.
    pub words: usize,
    /// The form as a revision keeps it: as sent, with the day and colour it was saved with
    /// filled in, the reading time as typed (null when counted), without `revision` and
    /// `autosave`.
    pub snapshot: StoryForm,
}

impl StoryForm {
    /// Whether this save is an autosave.
    pub fn is_autosave(&self) -> bool {
        self.autosave == Some(true)
    }

    /// The form that restores `self` (a revision's snapshot) onto a story that now stands
    /// at `state` (`publish_at` when scheduled): the snapshot's text, the story's state and
    /// time, so bringing back old text never unpublishes or reschedules it.
    pub fn restored(
        &self,
        state: StoryState,
        publish_at: Option<&str>,
        revision: i64,
    ) -> StoryForm {
        StoryForm {
            state: state.as_str().to_owned(),
            publish_at: publish_at.map(str::to_owned),
            revision: Some(revision),
            autosave: None,
            ..self.clone()
        }
    }

    /// Checks every field; `media_exists` answers whether an uploaded image is there. A bad
    /// field is named with what is wrong (the post file's first problem, then the editor's
    /// own fields).
    /// `today` is the office's date (in the company details' zone): a story without a date
    /// is dated the office's day it is saved on, not UTC's.
    pub fn check(
        &self,
        now: Timestamp,
        today: Date,
        media_exists: impl Fn(&str) -> bool,
    ) -> Result<CheckedStory, FieldErrors> {
        let mut errors = FieldErrors::default();
        let format = BodyFormat::parse(&self.format);
        if format.is_none() {
            errors.note("format", "Choose Markdown or HTML.");
        }
        let state = StoryState::parse(&self.state);
        if state.is_none() {
            errors.note("state", "Choose draft, scheduled or published.");
        } else if self.is_autosave() && state != Some(StoryState::Draft) {
            errors.note("state", AUTOSAVE_DRAFTS_ONLY);
        }
        if self.body.len() > MAX_BODY {
            errors.note("body", body_too_long());
        }
        let publish_at = match (state, self.publish_at.as_deref().map(str::trim)) {
            (Some(StoryState::Scheduled), None | Some("")) => {
                errors.note("publish_at", "Choose when the story goes public.");
                None
            }
            (Some(StoryState::Scheduled), Some(raw)) => match future_time(raw, now) {
                Ok(at) => Some(at),
                Err(problem) => {
                    errors.note("publish_at", problem);
                    None
                }
            },
            _ => None,
        };
        for (field, path) in [("image", &self.image), ("author_photo", &self.author_photo)] {
            if let Some(path) = path.as_deref().filter(|p| !p.is_empty()) {
                if !is_media_path(path) || !media_exists(path) {
                    errors.note(field, "This image is not uploaded. Please upload it again.");
                }
            }
        }
        let post = match format {
            Some(format) if errors.is_empty() => self.post(format, today),
            _ => return Err(errors),
        };
        let post = match post {
            Ok(post) => post,
            Err(PostFileError::Field { field, problem }) => {
                errors.note(&field, capitalised(&problem, &field));
                return Err(errors);
            }
            Err(PostFileError::EmptyBody) => {
                errors.note("body", "Write the story's body.");
                return Err(errors);
            }
            Err(PostFileError::TooDeep) => {
                errors.note("body", too_complex(TooComplex::Deep));
                return Err(errors);
            }
            Err(PostFileError::TooTangled) => {
                errors.note("body", too_complex(TooComplex::Tangled));
                return Err(errors);
            }
            Err(other) => {
                errors.note("body", other.to_string());
                return Err(errors);
            }
        };
        let missing: Vec<String> = img_sources(&post.content)
            .into_iter()
            .filter(|src| is_media_path(src) && !media_exists(src))
            .collect();
        if !missing.is_empty() {
            errors.note(
                "body",
                format!(
                    "These images are not uploaded: {}. Please upload them again.",
                    missing.join(", ")
                ),
            );
            return Err(errors);
        }
        let (Some(format), Some(state)) = (format, state) else {
            return Err(errors);
        };
        let typed = self.min_read.as_deref().filter(|m| !m.trim().is_empty());
        let snapshot = StoryForm {
            date: Some(post.date.to_string()),
            color: Some(post.color.to_string()),
            min_read: typed.map(str::to_owned),
            revision: None,
            autosave: None,
            ..self.clone()
        };
        Ok(CheckedStory {
            min_read_counted: typed.is_none(),
            words: word_count(&post.body_text),
            snapshot,
            author_photo: post.author_photo.clone(),
            image: post.image.clone(),
            post,
            source: self.body.clone(),
            format,
            state,
            publish_at,
        })
    }

    /// The form as a post file's fields and body, checked by the post file's rules.
    fn post(&self, format: BodyFormat, today: Date) -> Result<PostFile, PostFileError> {
        let mut fields = Mapping::new();
        let mut set = |name: &str, value: Option<&str>| {
            if let Some(value) = value.filter(|v| !v.trim().is_empty()) {
                fields.insert(name.into(), Value::String(value.to_owned()));
            }
        };
        set("title", Some(&self.title));
        set("motive", Some(&self.motive));
        set("author", self.author.as_deref());
        set("author_photo", self.author_photo.as_deref());
        set("date", self.date.as_deref());
        set("color", self.color.as_deref());
        set("image", self.image.as_deref());
        set("min_read", self.min_read.as_deref());
        if !self.tags.is_empty() {
            let tags = self.tags.iter().cloned().map(Value::String).collect();
            fields.insert("tags".into(), Value::Sequence(tags));
        }
        PostFile::from_fields(&fields, &self.body, format, today)
    }
}

/// What the editor's preview shows of a body: the HTML visitors would get (through `display`)
/// and its reading time. A body a save would refuse for its length or nesting is refused
/// with the same words.
pub fn preview(
    body: &str,
    format: BodyFormat,
    display: &DisplaySanitizer,
) -> Result<(String, String), FieldErrors> {
    if body.len() > MAX_BODY {
        return Err(FieldErrors::one("body", body_too_long()));
    }
    let checked = body_html(body, format)
        .map_err(|problem| FieldErrors::one("body", too_complex(problem)))?;
    // One pass of the sanitizer visitors get, straight from the checked body: the HTML that
    // storing and then showing it gives, in half the time.
    let html = display.clean_checked(&checked);
    let minutes = min_read(word_count(&plain_text(&html)));
    Ok((html, minutes))
}

/// Why an autosave was refused: it only keeps drafts.
pub const AUTOSAVE_DRAFTS_ONLY: &str = "An autosave only keeps a draft that stays a draft. \
    Save the story yourself to publish, schedule or change a published story.";

/// The body's message when it is longer than `MAX_BODY`.
fn body_too_long() -> String {
    format!("The body must be at most {} KB.", MAX_BODY / 1024)
}

/// The body's message when it is too complex to parse in bounded time.
fn too_complex(problem: TooComplex) -> String {
    match problem {
        TooComplex::Deep => format!(
            "This story is nested too deeply: at most {MAX_NESTING} levels of quotes, lists \
             and other elements inside one another. Please flatten it."
        ),
        TooComplex::Tangled => "This story's markup is too tangled: bold, italic or links \
            left open or closed out of order repeat through all that follows. Please close \
            each where it ends."
            .into(),
    }
}

/// A scheduled publish's time (a story's, a page's): RFC 3339 after `now`, in the form it
/// is stored in (`utc_text`); else the problem, for the field's message.
pub fn future_time(raw: &str, now: Timestamp) -> Result<String, &'static str> {
    match parse_rfc3339(raw.trim()) {
        Some(at) if at > now => Ok(utc_text(at)),
        Some(_) => Err("Choose a time in the future."),
        None => Err("This is not a date and time."),
    }
}

/// `2026-11-23T18:00:00Z`: the one form a time is stored in, so text order is time order.
pub fn utc_text(at: Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// A post file's problem ("is required and missing or empty") as a sentence for the field.
fn capitalised(problem: &str, field: &str) -> String {
    let sentence = if problem.starts_with("is ") || problem.starts_with("at most") {
        format!("The {} {problem}.", field.replace('_', " "))
    } else {
        let mut chars = problem.chars();
        match chars.next() {
            Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
            None => String::new(),
        }
    };
    sentence.replace("..", ".")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-23T18:00:00Z.
    const NOW: Timestamp = Timestamp::constant(1_795_456_800, 0);
    const TODAY: Date = jiff::civil::date(2026, 11, 23);

    fn form() -> StoryForm {
        StoryForm {
            title: "A new campus for a fintech".into(),
            motive: "How the lease came together".into(),
            tags: vec!["Real Estate".into()],
            author: Some("Office Writer".into()),
            author_photo: None,
            date: None,
            color: None,
            image: Some("blogs/0123456789abcdef.jpg".into()),
            min_read: None,
            body: "## The brief\n\nA **campus** for 900 people.\n\n![Plan](blogs/fedcba9876543210.png)".into(),
            format: "markdown".into(),
            state: "draft".into(),
            publish_at: None,
            revision: None,
            autosave: None,
        }
    }

    #[test]
    fn a_good_story_passes_with_its_images_uploaded() {
        let checked = form().check(NOW, TODAY, |_| true).expect("valid");
        assert_eq!(checked.state, StoryState::Draft);
        assert_eq!(checked.post.date.to_string(), "2026-11-23");
        assert!(checked.post.content.contains("<strong>campus</strong>"));
        assert!(checked.post.content.contains("blogs/fedcba9876543210.png"));
        assert_eq!(checked.source, form().body);
    }

    #[test]
    fn images_that_were_never_uploaded_are_named() {
        let errors = form()
            .check(NOW, TODAY, |path| path == "blogs/0123456789abcdef.jpg")
            .expect_err("the body's image is missing")
            .into_map();
        assert!(
            errors["body"].contains("blogs/fedcba9876543210.png"),
            "{errors:?}"
        );
        let errors = form()
            .check(NOW, TODAY, |_| false)
            .expect_err("missing")
            .into_map();
        assert!(errors.contains_key("image"), "{errors:?}");
        let mut outside = form();
        outside.image = Some("../uploads/resume.jpg".into());
        let errors = outside
            .check(NOW, TODAY, |_| true)
            .expect_err("bad path")
            .into_map();
        assert!(errors.contains_key("image"), "{errors:?}");
    }

    #[test]
    fn the_post_file_rules_apply_and_name_the_field() {
        type Change = Box<dyn Fn(&mut StoryForm)>;
        let cases: Vec<(&str, Change)> = vec![
            ("title", Box::new(|f| f.title = "  ".into())),
            ("title", Box::new(|f| f.title = "x".repeat(201))),
            ("color", Box::new(|f| f.color = Some("red".into()))),
            ("date", Box::new(|f| f.date = Some("23/11/2026".into()))),
            ("tags", Box::new(|f| f.tags = vec![String::new()])),
            ("body", Box::new(|f| f.body = "   ".into())),
            (
                "body",
                Box::new(|f| f.body = "<script>alert(1)</script>".into()),
            ),
            ("body", Box::new(|f| f.body = ">".repeat(2_000) + "deep")),
            ("format", Box::new(|f| f.format = "docx".into())),
            ("state", Box::new(|f| f.state = "live".into())),
        ];
        for (field, change) in cases {
            let mut bad = form();
            change(&mut bad);
            let errors = bad.check(NOW, TODAY, |_| true).expect_err(field).into_map();
            assert!(errors.contains_key(field), "{field}: {errors:?}");
            assert!(errors[field].ends_with('.'), "{field}: {errors:?}");
        }
    }

    #[test]
    fn a_body_too_complex_to_parse_is_named_in_plain_words() {
        let bold: String = (0..30).map(|i| format!("<b id={i}>")).collect();
        for (format, body, message) in [
            (
                "markdown",
                "> - ".repeat(2_000) + "deep",
                "This story is nested too deeply: \
                at most 32 levels of quotes, lists and other elements inside one another. \
                Please flatten it.",
            ),
            (
                "html",
                "<div>".repeat(5_000) + "deep",
                "This story is nested too deeply: \
                at most 32 levels of quotes, lists and other elements inside one another. \
                Please flatten it.",
            ),
            (
                "html",
                format!("<p>{bold}</p>{}", "<p>x</p>".repeat(5_000)),
                "This story's \
                markup is too tangled: bold, italic or links left open or closed out of order \
                repeat through all that follows. Please close each where it ends.",
            ),
        ] {
            let mut complex = form();
            complex.format = format.into();
            complex.body = body;
            let errors = complex
                .check(NOW, TODAY, |_| true)
                .expect_err(format)
                .into_map();
            assert_eq!(errors["body"], message, "{format}");
            let parsed = BodyFormat::parse(format).expect("a format");
            let display = DisplaySanitizer::new("/media/");
            let shown = preview(&complex.body, parsed, &display).expect_err(format);
            assert_eq!(shown.into_map()["body"], message, "{format}");
        }
    }

    #[test]
    fn a_scheduled_story_needs_a_time_in_the_future_stored_in_utc() {
        let mut scheduled = form();
        scheduled.state = "scheduled".into();
        for (sent, problem) in [
            (None, "Choose when"),
            (Some("tomorrow"), "not a date"),
            (Some("2026-11-23T17:59:00Z"), "future"),
            (Some("2026-11-23T18:00:00Z"), "future"),
            (Some("2026-11-24T09:30+05:30"), "not a date"),
        ] {
            scheduled.publish_at = sent.map(str::to_owned);
            let errors = scheduled
                .check(NOW, TODAY, |_| true)
                .expect_err("bad")
                .into_map();
            assert!(
                errors["publish_at"].contains(problem),
                "{sent:?}: {errors:?}"
            );
        }
        scheduled.publish_at = Some("2026-11-24T09:30:00+05:30".into());
        let checked = scheduled.check(NOW, TODAY, |_| true).expect("valid");
        assert_eq!(checked.publish_at.as_deref(), Some("2026-11-24T04:00:00Z"));
        scheduled.publish_at = Some("2026-11-24T04:00:00.999Z".into());
        let checked = scheduled.check(NOW, TODAY, |_| true).expect("valid");
        assert_eq!(checked.publish_at.as_deref(), Some("2026-11-24T04:00:00Z"));
    }

    #[test]
    fn a_time_is_only_kept_for_a_scheduled_story() {
        let mut published = form();
        published.state = "published".into();
        published.publish_at = Some("2030-01-01T00:00:00Z".into());
        assert_eq!(
            published
                .check(NOW, TODAY, |_| true)
                .expect("valid")
                .publish_at,
            None
        );
    }

    #[test]
    fn a_revision_keeps_the_form_as_saved_and_a_restore_keeps_the_state() {
        let checked = form().check(NOW, TODAY, |_| true).expect("valid");
        assert!(checked.min_read_counted);
        assert_eq!(
            checked.snapshot.min_read, None,
            "counted: kept as not typed"
        );
        assert_eq!(checked.snapshot.date.as_deref(), Some("2026-11-23"));
        assert_eq!(checked.snapshot.revision, None);
        let mut typed = form();
        typed.min_read = Some("4".into());
        typed.revision = Some(3);
        let checked = typed.check(NOW, TODAY, |_| true).expect("valid");
        assert!(!checked.min_read_counted);
        assert_eq!(checked.snapshot.min_read.as_deref(), Some("4"), "as typed");
        let restored = checked.snapshot.restored(StoryState::Published, None, 9);
        assert_eq!(
            (restored.state.as_str(), restored.revision, &restored.body),
            ("published", Some(9), &typed.body)
        );
    }

    #[test]
    fn an_autosave_only_keeps_a_draft() {
        let mut autosave = form();
        autosave.autosave = Some(true);
        assert!(autosave.check(NOW, TODAY, |_| true).is_ok());
        autosave.state = "published".into();
        let errors = autosave
            .check(NOW, TODAY, |_| true)
            .expect_err("published")
            .into_map();
        assert_eq!(errors["state"], AUTOSAVE_DRAFTS_ONLY);
    }
}
