//! The field types the lead forms share. Each one parses from what the browser sent: trimmed,
//! bounded in characters, free of control characters. A value of these types is valid.
//!
//! Invisible characters (bidirectional controls such as U+202E, which reorder what the office
//! reads, and zero-width characters) are stripped from names and texts, and the line and
//! paragraph separators U+2028/U+2029 become a plain space or line break there. An email or a
//! mobile number holding any of them is refused: the office would copy it into a mail or a
//! phone and reach no one, or someone else.

use std::borrow::Cow;
use std::collections::BTreeMap;

/// Why one field was refused; the `Display` text is what the visitor reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    #[error("This field is required.")]
    Required,
    #[error("This field must be at most {max} characters.")]
    TooLong { max: usize },
    #[error("This field must not contain control characters.")]
    ControlCharacter,
    #[error(
        "This field must not contain invisible characters (zero-width spaces, direction marks or line separators)."
    )]
    InvisibleCharacter,
    #[error("Enter an email address like name@example.com.")]
    InvalidEmail,
    #[error("Enter your experience as a whole number of years from 0 to 60.")]
    InvalidExperience,
    /// A value outside a fixed set or shape; the text says what is taken.
    #[error("{0}")]
    Choice(&'static str),
}

/// Every bad field of one form, by field name.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    /// Keeps `result`'s value, or notes its error under `field` and gives `None`.
    pub fn check<T>(&mut self, field: &str, result: Result<T, FieldError>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(err) => {
                self.0.insert(field.to_owned(), err.to_string());
                None
            }
        }
    }

    pub fn add(&mut self, field: &str, err: FieldError) {
        self.0.insert(field.to_owned(), err.to_string());
    }

    /// Notes a problem said in its own words (a post field's, an image's).
    pub fn note(&mut self, field: &str, problem: impl Into<String>) {
        self.0.insert(field.to_owned(), problem.into());
    }

    /// The one bad field `field`, said as `problem`.
    pub fn one(field: &str, problem: impl Into<String>) -> FieldErrors {
        let mut errors = FieldErrors::default();
        errors.note(field, problem);
        errors
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn into_map(self) -> BTreeMap<String, String> {
        self.0
    }

    /// `value` when no field was bad, else these errors.
    pub fn or_value<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

pub const NAME_MAX: usize = 120;
pub const EMAIL_MAX: usize = 254;
pub const MOBILE_MAX: usize = 32;
pub const MESSAGE_MAX: usize = 5_000;
pub const SHORT_TEXT_MAX: usize = 200;
pub const EXPERIENCE_MAX: u8 = 60;

/// Whether a field may hold line breaks and tabs (a multi-line box) or not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    Single,
    Multi,
}

/// Bidirectional controls and zero-width characters: they show nothing, yet change how text
/// reads (U+202E turns "gpj.exe" around) or make two equal-looking values differ.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{061c}'
            | '\u{200b}'..='\u{200d}'
            | '\u{2060}'
            | '\u{feff}'
    )
}

/// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: line breaks that are not control
/// characters, so the control check alone lets them through.
pub fn is_line_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// What a field does with invisible characters and line separators.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Invisible {
    /// Names and texts: drop invisible characters; a separator becomes a line break (in a
    /// multi-line field) or a space.
    Strip,
    /// Emails and mobiles: refuse the value.
    Refuse,
}

fn without_invisible(raw: &str, lines: Lines) -> Cow<'_, str> {
    if !raw.chars().any(|c| is_invisible(c) || is_line_separator(c)) {
        return Cow::Borrowed(raw);
    }
    let line_break = if lines == Lines::Multi { '\n' } else { ' ' };
    raw.chars()
        .filter(|&c| !is_invisible(c))
        .map(|c| if is_line_separator(c) { line_break } else { c })
        .collect()
}

/// Trims `raw` and checks its length and characters; an empty result is allowed here.
fn clean(raw: &str, max: usize, lines: Lines, invisible: Invisible) -> Result<String, FieldError> {
    let visible = match invisible {
        Invisible::Strip => without_invisible(raw, lines),
        Invisible::Refuse if raw.chars().any(|c| is_invisible(c) || is_line_separator(c)) => {
            return Err(FieldError::InvisibleCharacter)
        }
        Invisible::Refuse => Cow::Borrowed(raw),
    };
    let text = visible.trim();
    if text.chars().count() > max {
        return Err(FieldError::TooLong { max });
    }
    let allowed = |c: char| lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(FieldError::ControlCharacter);
    }
    Ok(text.to_owned())
}

fn required(
    raw: &str,
    max: usize,
    lines: Lines,
    invisible: Invisible,
) -> Result<String, FieldError> {
    let text = clean(raw, max, lines, invisible)?;
    if text.is_empty() {
        return Err(FieldError::Required);
    }
    Ok(text)
}

/// One line of text: trimmed, bounded, no control or invisible characters (the company's
/// details, the office's page texts).
pub fn line(raw: &str, max: usize, required: bool) -> Result<String, FieldError> {
    if raw.chars().any(|c| is_invisible(c) || is_line_separator(c)) {
        return Err(FieldError::InvisibleCharacter);
    }
    if raw.chars().any(char::is_control) {
        return Err(FieldError::ControlCharacter);
    }
    let text = raw.trim();
    if text.chars().count() > max {
        return Err(FieldError::TooLong { max });
    }
    if required && text.is_empty() {
        return Err(FieldError::Required);
    }
    Ok(text.to_owned())
}

/// Declares a text newtype that only its parsers can build.
macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(String);

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
    };
}

text_type!(
    /// A person's name: required, up to 120 characters on one line, invisible characters removed.
    PersonName
);
text_type!(
    /// A phone number as typed: required, up to 32 characters, no invisible characters. The
    /// site checks no format, and neither do we: numbers come in too many shapes.
    Mobile
);
text_type!(
    /// A free-text message (`requirment`, `query`): up to 5,000 characters, line breaks allowed.
    Message
);
text_type!(
    /// Any other text: up to 200 characters on one line, may be empty.
    ShortText
);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        required(raw, NAME_MAX, Lines::Single, Invisible::Strip).map(Self)
    }
}

impl Mobile {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        required(raw, MOBILE_MAX, Lines::Single, Invisible::Refuse).map(Self)
    }
}

impl Message {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        required(raw, MESSAGE_MAX, Lines::Multi, Invisible::Strip).map(Self)
    }

    pub fn parse_optional(raw: &str) -> Result<Self, FieldError> {
        clean(raw, MESSAGE_MAX, Lines::Multi, Invisible::Strip).map(Self)
    }
}

impl ShortText {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        clean(raw, SHORT_TEXT_MAX, Lines::Single, Invisible::Strip).map(Self)
    }
}

/// An email address: up to 254 characters, one '@' with text on both sides, no spaces and
/// no invisible characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let text = required(raw, EMAIL_MAX, Lines::Single, Invisible::Refuse)?;
        let shaped = match text.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty() && !domain.is_empty() && !domain.contains('@')
            }
            None => false,
        };
        if !shaped || text.chars().any(char::is_whitespace) {
            return Err(FieldError::InvalidEmail);
        }
        Ok(Email(text))
    }

    /// The address lower-cased, to find the same address typed in another case.
    pub fn folded(&self) -> String {
        self.0.to_lowercase()
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Years of work experience: a whole number from 0 to 60.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Experience(u8);

impl Experience {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(FieldError::Required);
        }
        // Digits only: u8's parser would also take a leading '+'.
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(FieldError::InvalidExperience);
        }
        match text.parse::<u8>() {
            Ok(years) if years <= EXPERIENCE_MAX => Ok(Experience(years)),
            _ => Err(FieldError::InvalidExperience),
        }
    }

    pub fn years(self) -> u8 {
        self.0
    }
}

/// The same rules as JSON Schema, for the API document: a `pattern` that takes exactly the
/// raw values the parser takes, trimming, invisible characters, control characters and the
/// bound included. The bound is in the pattern, not in `maxLength`: the parser counts what is
/// left once the value is trimmed and its invisible characters dropped, which `maxLength`
/// (a count of the raw value) cannot say.
///
/// The patterns are ECMA-262 (as JSON Schema reads them) written with `\uXXXX` escapes,
/// character classes and counted repeats only, which Python's and Rust's regexes read the
/// same way; the tests below hold each one to its parser.
pub mod schema {
    use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, SchemaType, Type};
    use utoipa::openapi::{Object, RefOr, Schema};

    use super::{EMAIL_MAX, MESSAGE_MAX, MOBILE_MAX, NAME_MAX, SHORT_TEXT_MAX};

    /// Unicode White_Space, what `str::trim` removes.
    const WHITE_SPACE: &str =
        r"\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000";
    /// White_Space but the line and paragraph separators, which emails and mobiles refuse.
    const WHITE_SPACE_BUT_SEPARATORS: &str =
        r"\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000";
    const SEPARATORS: &str = r"\u2028\u2029";
    /// The control characters (`char::is_control`).
    const CONTROL: &str = r"\u0000-\u001F\u007F-\u009F";
    /// The control characters a multi-line text refuses: all but tab, line feed and return.
    const CONTROL_BUT_LINE_BREAKS: &str = r"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F";
    /// `is_invisible`'s characters.
    const INVISIBLE: &str = r"\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF";

    /// A character that shows: what a trimmed text starts with.
    fn visible() -> String {
        format!("[^{WHITE_SPACE}{CONTROL}{INVISIBLE}]")
    }

    /// A text that drops invisible characters: up to `max` counted characters (`refused`
    /// being the control characters it refuses) from a visible one on, invisible characters
    /// anywhere, and white space around it. `required`: not blank.
    fn stripped_text(max: usize, refused: &str, required: bool) -> String {
        let padding = format!("[{WHITE_SPACE}{INVISIBLE}]*");
        let text = format!(
            "{}(?:[{INVISIBLE}]*[^{refused}{INVISIBLE}]){{0,{}}}{padding}",
            visible(),
            max - 1
        );
        if required {
            format!("^{padding}{text}$")
        } else {
            format!("^{padding}(?:{text})?$")
        }
    }

    /// `PersonName`: one line, required.
    pub fn person_name_pattern() -> String {
        stripped_text(NAME_MAX, CONTROL, true)
    }

    /// `ShortText`: one line, may be blank.
    pub fn short_text_pattern() -> String {
        stripped_text(SHORT_TEXT_MAX, CONTROL, false)
    }

    /// `Message::parse`: line breaks and tabs allowed inside, required.
    pub fn message_pattern() -> String {
        stripped_text(MESSAGE_MAX, CONTROL_BUT_LINE_BREAKS, true)
    }

    /// `Message::parse_optional`: as `message_pattern`, may be blank.
    pub fn optional_message_pattern() -> String {
        stripped_text(MESSAGE_MAX, CONTROL_BUT_LINE_BREAKS, false)
    }

    /// `Mobile`: one line, required, no invisible characters or separators anywhere.
    pub fn mobile_pattern() -> String {
        let padding = format!("[{WHITE_SPACE_BUT_SEPARATORS}]*");
        format!(
            "^{padding}{}[^{CONTROL}{INVISIBLE}{SEPARATORS}]{{0,{}}}{padding}$",
            visible(),
            MOBILE_MAX - 1
        )
    }

    /// `Email`'s shape: text, one `@`, text; no white space, control or invisible characters.
    pub fn email_pattern() -> String {
        let padding = format!("[{WHITE_SPACE_BUT_SEPARATORS}]*");
        let part = format!("[^@{WHITE_SPACE}{CONTROL}{INVISIBLE}]+");
        format!("^{padding}{part}@{part}{padding}$")
    }

    /// `Email`'s bound: at most `EMAIL_MAX` characters once trimmed (a second pattern: one
    /// that said both would be as long as the bound squared).
    pub fn email_length_pattern() -> String {
        let padding = format!("[{WHITE_SPACE_BUT_SEPARATORS}]*");
        format!("^{padding}{}{{1,{EMAIL_MAX}}}{padding}$", visible())
    }

    /// `Experience`: a whole number from 0 to 60 in ASCII digits, leading zeros allowed.
    pub fn experience_pattern() -> String {
        format!("^[{WHITE_SPACE}]*0*(?:[0-9]|[1-5][0-9]|60)[{WHITE_SPACE}]*$")
    }

    /// Nothing but white space: what a field a post leaves out holds.
    pub fn blank_pattern() -> String {
        format!("^[{WHITE_SPACE}]*$")
    }

    fn string(pattern: String, min_length: Option<usize>, nullable: bool) -> ObjectBuilder {
        let kind = if nullable {
            SchemaType::from_iter([Type::String, Type::Null])
        } else {
            SchemaType::new(Type::String)
        };
        ObjectBuilder::new()
            .schema_type(kind)
            .min_length(min_length)
            .pattern(Some(pattern))
    }

    fn described(builder: ObjectBuilder, description: &str) -> RefOr<Schema> {
        let object: Object = builder.description(Some(description)).build();
        object.into()
    }

    pub fn person_name() -> RefOr<Schema> {
        described(
            string(person_name_pattern(), Some(1), false),
            "A name: at most 120 characters on one line, with at least one visible character; \
             surrounding spaces are trimmed and invisible characters (zero-width spaces, \
             direction marks) dropped before counting.",
        )
    }

    pub fn mobile() -> RefOr<Schema> {
        described(
            string(mobile_pattern(), Some(1), false),
            "A phone number as typed, in any format: at most 32 characters on one line once \
             surrounding spaces are trimmed, with no invisible characters.",
        )
    }

    pub fn email() -> RefOr<Schema> {
        let length = string(email_length_pattern(), None, false);
        AllOfBuilder::new()
            .item(string(email_pattern(), Some(3), false))
            .item(length)
            .description(Some(
                "An email address: text, one @, text; at most 254 characters once surrounding \
                 spaces are trimmed, with no spaces, control or invisible characters.",
            ))
            .into()
    }

    pub fn message() -> RefOr<Schema> {
        described(
            string(message_pattern(), Some(1), false),
            "A message: at most 5000 characters with at least one visible one, once \
             surrounding spaces are trimmed and invisible characters dropped; line breaks and \
             tabs allowed, other control characters not.",
        )
    }

    /// As a multipart part, which is never null.
    pub fn optional_message() -> RefOr<Schema> {
        described(
            string(optional_message_pattern(), None, false),
            "A message, may be empty: at most 5000 characters once surrounding spaces are \
             trimmed and invisible characters dropped (and at most 16 KB as sent); line \
             breaks and tabs allowed, other control characters not.",
        )
    }

    /// As a multipart part, which is never null.
    pub fn short_text() -> RefOr<Schema> {
        described(
            string(short_text_pattern(), None, false),
            "Any text, may be empty: at most 200 characters on one line once surrounding \
             spaces are trimmed and invisible characters dropped.",
        )
    }

    /// In JSON, where null counts as empty.
    pub fn short_text_or_null() -> RefOr<Schema> {
        described(
            string(short_text_pattern(), None, true),
            "Any text, may be empty or null: at most 200 characters on one line once \
             surrounding spaces are trimmed and invisible characters dropped.",
        )
    }

    pub fn experience() -> RefOr<Schema> {
        described(
            string(experience_pattern(), Some(1), false),
            "Years of experience: a whole number from 0 to 60.",
        )
    }

    /// A field left out of the other shape of a form: missing, null or blank.
    pub fn blank_or_null() -> RefOr<Schema> {
        described(
            string(blank_pattern(), None, true),
            "Left out: missing, null or nothing but spaces.",
        )
    }
}

/// The parameters of a list's query string (its filters) that have a value, each trimmed:
/// an empty one counts as absent.
pub fn filled_params(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .filter_map(|(key, value)| {
            let value = value.trim();
            (!value.is_empty()).then(|| (key.into_owned(), value.to_owned()))
        })
        .collect()
}

/// A filter's day (`from`, `to`), written YYYY-MM-DD.
pub fn day_param(value: &str) -> Result<jiff::civil::Date, FieldError> {
    super::utc::parse_day(value).ok_or(FieldError::Choice("Write the day as YYYY-MM-DD."))
}

/// A list's page: a whole number from 1 to `max`; `help` says so, and how to reach further.
pub fn page_param(value: &str, max: u32, help: &'static str) -> Result<u32, FieldError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|page| (1..=max).contains(page))
        .ok_or(FieldError::Choice(help))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_fields_are_trimmed_and_bounded_in_characters_not_bytes() {
        let cases: &[(&str, Result<&str, FieldError>)] = &[
            ("  Asha Rao \t", Ok("Asha Rao")),
            ("Zoë Ångström", Ok("Zoë Ångström")),
            ("रमेश कुमार", Ok("रमेश कुमार")),
            ("", Err(FieldError::Required)),
            ("   \t\n ", Err(FieldError::Required)),
            ("\u{3000}\u{a0}", Err(FieldError::Required)),
            ("a\u{0}b", Err(FieldError::ControlCharacter)),
            ("line\nbreak", Err(FieldError::ControlCharacter)),
            ("bell\u{7}", Err(FieldError::ControlCharacter)),
            ("c1\u{85}control", Err(FieldError::ControlCharacter)),
            ("del\u{7f}", Err(FieldError::ControlCharacter)),
        ];
        for (raw, expected) in cases {
            let parsed = PersonName::parse(raw);
            assert_eq!(
                parsed.as_ref().map(AsRef::as_ref),
                expected.as_ref().map(|s| *s),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn each_field_accepts_its_maximum_and_refuses_one_character_more() {
        type Parse = fn(&str) -> Result<String, FieldError>;
        let fields: &[(&str, usize, Parse)] = &[
            ("name", NAME_MAX, |s| PersonName::parse(s).map(|v| v.0)),
            ("mobile", MOBILE_MAX, |s| Mobile::parse(s).map(|v| v.0)),
            ("message", MESSAGE_MAX, |s| Message::parse(s).map(|v| v.0)),
            ("short text", SHORT_TEXT_MAX, |s| {
                ShortText::parse(s).map(|v| v.0)
            }),
        ];
        for (field, max, parse) in fields {
            // 'é' is two bytes: the bound counts characters.
            let at_max = "é".repeat(*max);
            assert_eq!(
                parse(&at_max).as_deref(),
                Ok(at_max.as_str()),
                "{field} at its maximum"
            );
            let over = "é".repeat(max + 1);
            assert_eq!(
                parse(&over),
                Err(FieldError::TooLong { max: *max }),
                "{field} one over"
            );
        }
    }

    #[test]
    fn messages_keep_line_breaks_and_tabs_but_refuse_other_control_characters() {
        assert_eq!(
            Message::parse(" first\r\nsecond\tcol \n").map(|m| m.0),
            Ok("first\r\nsecond\tcol".to_owned())
        );
        assert_eq!(
            Message::parse("escape \u{1b}[31m"),
            Err(FieldError::ControlCharacter)
        );
        assert_eq!(Message::parse(" \n "), Err(FieldError::Required));
        assert_eq!(
            Message::parse_optional(" \n ").map(|m| m.0),
            Ok(String::new())
        );
    }

    #[test]
    fn short_text_may_be_empty() {
        assert_eq!(ShortText::parse("  ").map(|t| t.0), Ok(String::new()));
        assert_eq!(
            ShortText::parse(" Corp Team ").map(|t| t.0),
            Ok("Corp Team".to_owned())
        );
    }

    #[test]
    fn emails_need_one_at_sign_with_text_on_both_sides() {
        let local_at_max = format!(
            "{}@example.com",
            "a".repeat(EMAIL_MAX - "@example.com".len())
        );
        let over_max = format!("a{local_at_max}");
        let cases: &[(&str, Result<&str, FieldError>)] = &[
            (" asha@example.com ", Ok("asha@example.com")),
            ("Asha.Rao+leads@Example.IN", Ok("Asha.Rao+leads@Example.IN")),
            ("अशा@उदाहरण.भारत", Ok("अशा@उदाहरण.भारत")),
            ("a@b", Ok("a@b")),
            (&local_at_max, Ok(&local_at_max)),
            (&over_max, Err(FieldError::TooLong { max: EMAIL_MAX })),
            ("", Err(FieldError::Required)),
            ("   ", Err(FieldError::Required)),
            ("asha", Err(FieldError::InvalidEmail)),
            ("@example.com", Err(FieldError::InvalidEmail)),
            ("asha@", Err(FieldError::InvalidEmail)),
            ("a@b@c", Err(FieldError::InvalidEmail)),
            ("asha rao@example.com", Err(FieldError::InvalidEmail)),
            ("asha@exa\u{0}mple.com", Err(FieldError::ControlCharacter)),
        ];
        for (raw, expected) in cases {
            let parsed = Email::parse(raw);
            assert_eq!(
                parsed.as_ref().map(AsRef::as_ref),
                expected.as_ref().map(|s| *s),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn invisible_characters_are_stripped_from_names_and_texts() {
        type Parse = fn(&str) -> Result<String, FieldError>;
        let name: Parse = |s| PersonName::parse(s).map(|v| v.0);
        let message: Parse = |s| Message::parse(s).map(|v| v.0);
        let short: Parse = |s| ShortText::parse(s).map(|v| v.0);
        let cases: &[(&str, Parse, &str, Result<&str, FieldError>)] = &[
            (
                "right-to-left override",
                name,
                "Asha \u{202e}oaR",
                Ok("Asha oaR"),
            ),
            (
                "embeddings and pop",
                name,
                "\u{202a}\u{202b}As\u{202c}\u{202d}ha",
                Ok("Asha"),
            ),
            (
                "isolates",
                name,
                "\u{2066}Asha\u{2067}\u{2068} Rao\u{2069}",
                Ok("Asha Rao"),
            ),
            (
                "direction marks",
                name,
                "\u{200e}Asha\u{200f} Rao\u{061c}",
                Ok("Asha Rao"),
            ),
            ("zero-width space", name, "As\u{200b}ha", Ok("Asha")),
            (
                "zero-width joiners",
                name,
                "A\u{200c}sh\u{200d}a",
                Ok("Asha"),
            ),
            ("word joiner", name, "Asha\u{2060} Rao", Ok("Asha Rao")),
            ("byte-order mark", name, "\u{feff}Asha Rao", Ok("Asha Rao")),
            (
                "line separator in a name",
                name,
                "Asha\u{2028}Rao",
                Ok("Asha Rao"),
            ),
            (
                "paragraph separator at the end",
                name,
                "Asha Rao\u{2029}",
                Ok("Asha Rao"),
            ),
            (
                "nothing visible",
                name,
                "\u{200b}\u{202e}\u{feff}",
                Err(FieldError::Required),
            ),
            (
                "separators in a message",
                message,
                "first\u{2028}second\u{2029}third",
                Ok("first\nsecond\nthird"),
            ),
            (
                "override in a message",
                message,
                "pay \u{202e}0001",
                Ok("pay 0001"),
            ),
            (
                "zero-width in short text",
                short,
                "Corp\u{200b} Team",
                Ok("Corp Team"),
            ),
            (
                "separator in short text",
                short,
                "Corp\u{2028}Team",
                Ok("Corp Team"),
            ),
        ];
        for (case, parse, raw, expected) in cases {
            assert_eq!(
                parse(raw).as_deref(),
                expected.as_ref().map(|s| *s),
                "{case}: {raw:?}"
            );
        }
    }

    #[test]
    fn invisible_characters_do_not_count_toward_a_fields_bound() {
        let at_max = format!("{}\u{200b}\u{202e}", "a".repeat(NAME_MAX));
        assert_eq!(
            PersonName::parse(&at_max).map(|v| v.0),
            Ok("a".repeat(NAME_MAX))
        );
    }

    #[test]
    fn emails_and_mobiles_with_invisible_characters_are_refused() {
        type Parse = fn(&str) -> Result<(), FieldError>;
        let email: Parse = |s| Email::parse(s).map(drop);
        let mobile: Parse = |s| Mobile::parse(s).map(drop);
        let cases: &[(&str, Parse, &str)] = &[
            (
                "zero-width space in an email",
                email,
                "z\u{200b}w@example.com",
            ),
            (
                "byte-order mark after an email",
                email,
                "asha@example.com\u{feff}",
            ),
            (
                "override before an email",
                email,
                "\u{202e}asha@example.com",
            ),
            ("word joiner in a domain", email, "asha@example\u{2060}.com"),
            (
                "arabic letter mark in a domain",
                email,
                "asha@exa\u{061c}mple.com",
            ),
            (
                "isolate in an email",
                email,
                "\u{2066}asha@example.com\u{2069}",
            ),
            (
                "line separator in an email",
                email,
                "asha\u{2028}@example.com",
            ),
            (
                "paragraph separator after an email",
                email,
                "asha@example.com\u{2029}",
            ),
            (
                "zero-width space in a mobile",
                mobile,
                "+91\u{200b}98450 12345",
            ),
            ("override in a mobile", mobile, "\u{202e}54321 05489 19+"),
            (
                "direction mark in a mobile",
                mobile,
                "\u{200e}+91 98450 12345",
            ),
            ("joiner in a mobile", mobile, "98450\u{200d}12345"),
            (
                "paragraph separator in a mobile",
                mobile,
                "98450\u{2029}12345",
            ),
        ];
        for (case, parse, raw) in cases {
            assert_eq!(
                parse(raw),
                Err(FieldError::InvisibleCharacter),
                "{case}: {raw:?}"
            );
        }
        assert!(FieldError::InvisibleCharacter
            .to_string()
            .contains("invisible characters"));
    }

    #[test]
    fn emails_fold_case_including_non_ascii_letters() {
        let email = Email::parse("ÅSA@Example.COM").expect("valid");
        assert_eq!(email.folded(), "åsa@example.com");
    }

    #[test]
    fn experience_is_a_whole_number_from_0_to_60() {
        let cases: &[(&str, Result<u8, FieldError>)] = &[
            ("0", Ok(0)),
            (" 7 ", Ok(7)),
            ("060", Ok(60)),
            ("60", Ok(60)),
            ("61", Err(FieldError::InvalidExperience)),
            ("300", Err(FieldError::InvalidExperience)),
            ("-1", Err(FieldError::InvalidExperience)),
            ("+5", Err(FieldError::InvalidExperience)),
            ("2.5", Err(FieldError::InvalidExperience)),
            ("five", Err(FieldError::InvalidExperience)),
            ("٣", Err(FieldError::InvalidExperience)),
            ("", Err(FieldError::Required)),
            ("  ", Err(FieldError::Required)),
        ];
        for (raw, expected) in cases {
            assert_eq!(
                Experience::parse(raw).map(Experience::years),
                *expected,
                "{raw:?}"
            );
        }
    }

    /// Every string of up to `len` characters over `alphabet`.
    fn strings(alphabet: &[char], len: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..len {
            last = last
                .iter()
                .flat_map(|prefix| {
                    alphabet.iter().map(move |c| {
                        let mut next = prefix.clone();
                        next.push(*c);
                        next
                    })
                })
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// Characters each rule treats in its own way: letters (one outside the BMP), spaces of
    /// every kind, controls, separators, invisible characters, `@` and digits.
    const TRICKY: &[char] = &[
        'a',
        'é',
        '\u{1d49c}',
        ' ',
        '\t',
        '\n',
        '\r',
        '\u{0}',
        '\u{7}',
        '\u{85}',
        '\u{a0}',
        '\u{3000}',
        '\u{2028}',
        '\u{2029}',
        '\u{200b}',
        '\u{202e}',
        '\u{feff}',
        '\u{061c}',
        '@',
        '0',
        '6',
        '+',
    ];

    #[test]
    fn each_schema_pattern_takes_exactly_what_its_parser_takes() {
        type Parse = fn(&str) -> bool;
        let email_shape = schema::email_pattern();
        let email_length = regex::Regex::new(&schema::email_length_pattern()).expect("compiles");
        let cases: Vec<(&str, String, Parse)> = vec![
            ("name", schema::person_name_pattern(), |s| {
                PersonName::parse(s).is_ok()
            }),
            ("mobile", schema::mobile_pattern(), |s| {
                Mobile::parse(s).is_ok()
            }),
            ("email", email_shape, |s| Email::parse(s).is_ok()),
            ("message", schema::message_pattern(), |s| {
                Message::parse(s).is_ok()
            }),
            (
                "optional message",
                schema::optional_message_pattern(),
                |s| Message::parse_optional(s).is_ok(),
            ),
            ("short text", schema::short_text_pattern(), |s| {
                ShortText::parse(s).is_ok()
            }),
            ("experience", schema::experience_pattern(), |s| {
                Experience::parse(s).is_ok()
            }),
            ("blank", schema::blank_pattern(), |s| s.trim().is_empty()),
        ];
        let mut samples = strings(TRICKY, 3);
        samples.extend(strings(&['a', ' ', '\n', '\u{200b}', '@', '\u{2028}'], 5));
        samples.extend(
            [
                "Asha Rao",
                " asha@example.com ",
                "a@b@c",
                "+91 98450 12345",
                "first\r\nsecond\tthird",
                "0",
                "060",
                "000000000060",
                "61",
                "600",
                "-1",
                "٣",
                "\u{2028}Asha\u{200b} Rao\u{2029}",
            ]
            .map(str::to_owned),
        );
        // Each bound, met and passed, with and without what is not counted around and inside.
        for max in [NAME_MAX, MOBILE_MAX, SHORT_TEXT_MAX, MESSAGE_MAX] {
            for len in [max - 1, max, max + 1] {
                let text = "é".repeat(len);
                samples.push(text.clone());
                samples.push(format!("  {text}\u{3000}\n"));
                samples.push(format!(
                    "\u{200b}{}\u{feff}",
                    text.replacen('é', "é\u{2060}", 3)
                ));
                samples.push(format!("{}@example.in", "a".repeat(len)));
                samples.push(format!(" a@{} ", "b".repeat(len.saturating_sub(2))));
            }
        }
        for (field, pattern, parse) in &cases {
            let regex = regex::RegexBuilder::new(pattern)
                .size_limit(1 << 30)
                .build()
                .expect("the pattern compiles");
            for sample in &samples {
                let mut taken = regex.is_match(sample);
                if *field == "email" {
                    taken &= email_length.is_match(sample);
                }
                assert_eq!(taken, parse(sample), "{field}: {sample:?}");
            }
        }
    }
}
