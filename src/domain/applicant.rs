//! What `POST /api/applicant/create` takes: a job application with a resume (an image or a
//! PDF, judged by `resume`).
//! The Join Us form sends `department_website` "Corp Careers"; it is stored as sent.

use super::fields::{
    is_invisible, is_line_separator, Email, Experience, FieldError, FieldErrors, Message, Mobile,
    PersonName, ShortText,
};
use super::image::RejectedFile;
use super::resume::{ResumeRefusal, ResumeType};

/// The form's text parts as sent (missing parts are empty) and what the file turned out to be.
/// The UI's `ApplicationParts` type is generated from it (`http::public_api::generated_ui`):
/// the text parts the Join Us form appends beside the `file` part.
#[derive(Debug, Default, Clone)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ApplicationParts"))]
pub struct ApplicantForm {
    pub name: String,
    pub mobile: String,
    pub email: String,
    pub experience: String,
    pub previous_company: String,
    pub query: String,
    pub department_website: String,
    /// The job opening applied for, by its slug (`/join_us/SLUG`); empty: a general
    /// application. One that is unknown or closed is refused, naming `job`.
    pub job: String,
    /// The honeypot: hidden on the site, so only robots fill it.
    pub website: String,
    /// The `file` part, read apart from the text parts.
    #[cfg_attr(test, ts(skip))]
    pub file: Option<UploadedFile>,
    /// The `source` part: where the visit came from, as JSON text
    /// (`domain::analytics::lead_source`); one that is not valid is no source. The form
    /// appends it as `JSON.stringify` of a `LeadSourcePayload`.
    #[cfg_attr(test, ts(skip))]
    pub source: Option<super::analytics::lead_source::LeadSourceForm>,
}

/// A file part that held at least one byte.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    /// The name the browser sent, raw.
    pub file_name: String,
    pub size: u64,
    pub sniffed: Result<ResumeType, ResumeRefusal>,
}

/// An accepted resume: its type comes from its bytes, its name is cleaned for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    pub original_name: String,
    pub resume_type: ResumeType,
    pub size: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewApplicant {
    pub name: PersonName,
    pub mobile: Mobile,
    pub email: Email,
    pub experience: Experience,
    pub previous_company: ShortText,
    pub query: Message,
    pub department_website: ShortText,
    pub resume: Resume,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApplicationError {
    /// Bad or missing fields, every one named (the file included when missing, or when it is
    /// a PDF we refuse: its reason is the `file` field's message).
    Invalid(FieldErrors),
    /// The file is neither a PDF nor an accepted image (or an image we refuse).
    UnsupportedFile(RejectedFile),
}

impl ApplicantForm {
    pub fn is_from_a_robot(&self) -> bool {
        !self.website.trim().is_empty()
    }
}

impl NewApplicant {
    /// Field errors come first (they name every field); a wrong file type only after.
    pub fn parse(form: &ApplicantForm) -> Result<NewApplicant, ApplicationError> {
        let mut errors = FieldErrors::default();
        let name = errors.check("name", PersonName::parse(&form.name));
        let mobile = errors.check("mobile", Mobile::parse(&form.mobile));
        let email = errors.check("email", Email::parse(&form.email));
        let experience = errors.check("experience", Experience::parse(&form.experience));
        let previous_company =
            errors.check("previous_company", ShortText::parse(&form.previous_company));
        let query = errors.check("query", Message::parse_optional(&form.query));
        let department_website = errors.check(
            "department_website",
            ShortText::parse(&form.department_website),
        );
        match &form.file {
            None => errors.add("file", FieldError::Required),
            Some(UploadedFile {
                sniffed: Err(ResumeRefusal::Pdf(why)),
                ..
            }) => errors.note("file", why.to_string()),
            Some(_) => {}
        }
        let (
            Some(name),
            Some(mobile),
            Some(email),
            Some(experience),
            Some(previous_company),
            Some(query),
            Some(department_website),
            Some(file),
        ) = (
            name,
            mobile,
            email,
            experience,
            previous_company,
            query,
            department_website,
            &form.file,
        )
        else {
            return Err(ApplicationError::Invalid(errors));
        };
        let resume_type = match file.sniffed {
            Ok(resume_type) => resume_type,
            Err(ResumeRefusal::Image(why)) => return Err(ApplicationError::UnsupportedFile(why)),
            Err(ResumeRefusal::Pdf(_)) => return Err(ApplicationError::Invalid(errors)),
        };
        Ok(NewApplicant {
            name,
            mobile,
            email,
            experience,
            previous_company,
            query,
            department_website,
            resume: Resume {
                original_name: clean_file_name(&file.file_name),
                resume_type,
                size: file.size,
            },
        })
    }
}

/// The applicant's file name, kept for the office to read: the last path segment only,
/// without control, bidirectional or zero-width characters (which can disguise an
/// extension) or line separators, leading dots or surrounding spaces, at most 200
/// characters. It is never used as a path.
pub fn clean_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let visible: String = base
        .chars()
        .filter(|&c| !c.is_control() && !is_invisible(c) && !is_line_separator(c))
        .collect();
    let trimmed = visible.trim().trim_start_matches('.').trim();
    let name: String = trimmed
        .chars()
        .take(crate::domain::fields::SHORT_TEXT_MAX)
        .collect();
    if name.is_empty() {
        "resume".to_owned()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::image::ImageType;
    use crate::domain::resume::PdfRefusal;

    fn form() -> ApplicantForm {
        ApplicantForm {
            name: "Ravi Kumar".into(),
            mobile: "9845012345".into(),
            email: "ravi@example.com".into(),
            experience: "4".into(),
            department_website: "Corp Careers".into(),
            file: Some(UploadedFile {
                file_name: "../cv.png".into(),
                size: 68,
                sniffed: Ok(ResumeType::Image(ImageType::Png)),
            }),
            ..ApplicantForm::default()
        }
    }

    fn invalid_fields(form: &ApplicantForm) -> Vec<String> {
        match NewApplicant::parse(form) {
            Err(ApplicationError::Invalid(errors)) => errors.into_map().into_keys().collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_application_parses_with_a_cleaned_file_name() {
        let applicant = NewApplicant::parse(&form()).expect("valid");
        assert_eq!(applicant.experience.years(), 4);
        assert_eq!(applicant.previous_company.as_ref(), "");
        assert_eq!(applicant.query.as_ref(), "");
        assert_eq!(applicant.resume.original_name, "cv.png");
        assert_eq!(
            applicant.resume.resume_type,
            ResumeType::Image(ImageType::Png)
        );
    }

    #[test]
    fn an_empty_application_names_every_required_field_and_the_file() {
        assert_eq!(
            invalid_fields(&ApplicantForm::default()),
            ["email", "experience", "file", "mobile", "name"]
        );
    }

    #[test]
    fn each_bad_field_is_named() {
        type Spoil = fn(&mut ApplicantForm);
        let cases: &[(&str, Spoil)] = &[
            ("name", |f| f.name = " ".into()),
            ("mobile", |f| f.mobile = "1".repeat(33)),
            ("email", |f| f.email = "ravi".into()),
            ("experience", |f| f.experience = "61".into()),
            ("experience", |f| f.experience = "-1".into()),
            ("previous_company", |f| f.previous_company = "c".repeat(201)),
            ("query", |f| f.query = "q".repeat(5001)),
            ("query", |f| f.query = "nul\u{0}".into()),
            ("department_website", |f| {
                f.department_website = "tab\there".into()
            }),
            ("file", |f| f.file = None),
        ];
        for (field, spoil) in cases {
            let mut form = form();
            spoil(&mut form);
            assert_eq!(invalid_fields(&form), [*field], "{field}");
        }
    }

    #[test]
    fn a_wrong_file_type_is_reported_only_once_the_fields_are_good() {
        let mut bad = form();
        if let Some(file) = bad.file.as_mut() {
            file.sniffed = Err(ResumeRefusal::Image(RejectedFile::NotAnImage));
        }
        assert_eq!(
            NewApplicant::parse(&bad),
            Err(ApplicationError::UnsupportedFile(RejectedFile::NotAnImage))
        );
        bad.name.clear();
        assert_eq!(invalid_fields(&bad), ["name"]);
    }

    #[test]
    fn a_refused_pdf_is_the_file_fields_message_beside_any_other_bad_field() {
        let mut bad = form();
        if let Some(file) = bad.file.as_mut() {
            file.sniffed = Err(ResumeRefusal::Pdf(PdfRefusal::JavaScript));
        }
        let messages = |form: &ApplicantForm| match NewApplicant::parse(form) {
            Err(ApplicationError::Invalid(errors)) => errors.into_map(),
            other => panic!("expected field errors, got {other:?}"),
        };
        assert_eq!(
            messages(&bad).get("file").map(String::as_str),
            Some(PdfRefusal::JavaScript.to_string().as_str())
        );
        bad.name.clear();
        assert_eq!(
            messages(&bad).into_keys().collect::<Vec<_>>(),
            ["file", "name"]
        );
    }

    #[test]
    fn file_names_keep_only_their_last_segment_and_visible_characters() {
        let cases: &[(&str, &str)] = &[
            ("resume.png", "resume.png"),
            ("../../etc/passwd", "passwd"),
            ("..\\..\\Windows\\win.ini", "win.ini"),
            ("C:\\Users\\asha\\My CV.jpg", "My CV.jpg"),
            ("/absolute/path/cv.webp", "cv.webp"),
            ("..", "resume"),
            ("", "resume"),
            ("   ", "resume"),
            (".hidden.png", "hidden.png"),
            ("cv\u{0}.png\r\n", "cv.png"),
            ("photo\u{202e}gnp.exe", "photognp.exe"),
            ("cv\u{200b}.png\u{feff}", "cv.png"),
            ("photo\u{061c}\u{2067}gnp.exe", "photognp.exe"),
            ("my\u{2028}cv.png", "mycv.png"),
            ("रेज़्यूमे.png", "रेज़्यूमे.png"),
        ];
        for (raw, expected) in cases {
            assert_eq!(clean_file_name(raw), *expected, "{raw:?}");
        }
        assert_eq!(clean_file_name(&"é".repeat(300)).chars().count(), 200);
    }
}
