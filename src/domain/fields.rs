//! The field types the lead forms share. Each one parses from what the browser sent: trimmed,
//! bounded in characters, free of control characters. A value of these types is valid.

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
    #[error("Enter an email address like name@example.com.")]
    InvalidEmail,
    #[error("Enter your experience as a whole number of years from 0 to 60.")]
    InvalidExperience,
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

    pub fn into_map(self) -> BTreeMap<String, String> {
        self.0
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

/// Trims `raw` and checks its length and characters; an empty result is allowed here.
fn clean(raw: &str, max: usize, lines: Lines) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.chars().count() > max {
        return Err(FieldError::TooLong { max });
    }
    let allowed = |c: char| lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(FieldError::ControlCharacter);
    }
    Ok(text.to_owned())
}

fn required(raw: &str, max: usize, lines: Lines) -> Result<String, FieldError> {
    let text = clean(raw, max, lines)?;
    if text.is_empty() {
        return Err(FieldError::Required);
    }
    Ok(text)
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
    /// A person's name: required, up to 120 characters on one line.
    PersonName
);
text_type!(
    /// A phone number as typed: required, up to 32 characters. The site checks no format,
    /// and neither do we: numbers come in too many shapes.
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
        required(raw, NAME_MAX, Lines::Single).map(Self)
    }
}

impl Mobile {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        required(raw, MOBILE_MAX, Lines::Single).map(Self)
    }
}

impl Message {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        required(raw, MESSAGE_MAX, Lines::Multi).map(Self)
    }

    pub fn parse_optional(raw: &str) -> Result<Self, FieldError> {
        clean(raw, MESSAGE_MAX, Lines::Multi).map(Self)
    }
}

impl ShortText {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        clean(raw, SHORT_TEXT_MAX, Lines::Single).map(Self)
    }
}

/// An email address: up to 254 characters, one '@' with text on both sides, no spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let text = required(raw, EMAIL_MAX, Lines::Single)?;
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
}
