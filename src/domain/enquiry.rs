//! What `POST /api/clients/create` takes: a contact enquiry, or a blog subscription.
//!
//! The site's subscribe form sends the same fields with only `email` filled, so a post whose
//! name, mobile and requirment are all blank is a subscription; anything else is a contact
//! enquiry and needs all four. `department_website` and `service` are stored as sent: the
//! contact form sends "Corp Team" and no service, the subscribe form "Corp Blogs" and
//! "Blog Subscription".

use serde::Deserialize;

use super::analytics::lead_source::LeadSourceForm;
use super::fields::{schema, Email, FieldErrors, Message, Mobile, PersonName, ShortText};

/// The JSON body as sent; a missing or null field counts as empty. The UI's
/// `EnquiryPayload` type is generated from it (`http::public_api::generated_ui`); the API
/// document describes it as `EnquiryPayload`, one of its two shapes.
#[derive(Debug, Default, Clone, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "EnquiryPayload", optional_fields))]
#[serde(default)]
pub struct EnquiryForm {
    pub name: Option<String>,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub requirment: Option<String>,
    pub department_website: Option<String>,
    pub service: Option<String>,
    /// The honeypot: hidden on the site, so only robots fill it.
    // Left out of the API document (`EnquiryPayload`): callers never send it.
    pub website: Option<String>,
    /// Where the visit came from; one of the wrong shape is no source.
    pub source: Option<LeadSourceForm>,
}

/// `EnquiryForm` in the API document: a contact enquiry or a blog subscription, told apart
/// as `NewEnquiry::parse` tells them (a post whose name, mobile and requirment are all blank
/// is a subscription). Only utoipa reads these types.
#[derive(utoipa::ToSchema)]
#[schema(
    as = EnquiryPayload,
    description = "A contact enquiry (name, email, mobile and requirment) or a blog \
                   subscription (only email; name, mobile and requirment left out or blank)."
)]
#[serde(untagged)] // read by utoipa only: `oneOf`
#[allow(dead_code)]
pub enum EnquiryPayload {
    Contact(ContactEnquiry),
    Subscription(BlogSubscription),
}

/// A contact enquiry as the contact form sends it.
#[derive(utoipa::ToSchema)]
#[schema(description = "A contact enquiry: the contact form's fields.")]
#[allow(dead_code)]
pub struct ContactEnquiry {
    #[schema(schema_with = schema::person_name)]
    name: String,
    #[schema(schema_with = schema::email)]
    email: String,
    #[schema(schema_with = schema::mobile)]
    mobile: String,
    /// What the visitor needs.
    #[schema(schema_with = schema::message)]
    requirment: String,
    /// Stored as sent: "Corp Team" from the site.
    #[schema(schema_with = schema::short_text_or_null)]
    department_website: Option<String>,
    #[schema(schema_with = schema::short_text_or_null)]
    service: Option<String>,
    /// Where the visit came from: a `LeadSourcePayload` object (`page`, `landing`,
    /// `referrer`, `query`, `stories`). Checked and bounded; anything it cannot use (another
    /// shape, more than 100 stories) is ignored, never refused.
    source: Option<serde_json::Value>,
}

/// A blog subscription as the subscribe form sends it.
#[derive(utoipa::ToSchema)]
#[schema(
    description = "A blog subscription: an email address, and none of the contact \
                        form's name, mobile and requirment."
)]
#[allow(dead_code)]
pub struct BlogSubscription {
    #[schema(schema_with = schema::email)]
    email: String,
    #[schema(schema_with = schema::blank_or_null)]
    name: Option<String>,
    #[schema(schema_with = schema::blank_or_null)]
    mobile: Option<String>,
    #[schema(schema_with = schema::blank_or_null)]
    requirment: Option<String>,
    /// Stored as sent: "Corp Blogs" from the site.
    #[schema(schema_with = schema::short_text_or_null)]
    department_website: Option<String>,
    /// Stored as sent: "Blog Subscription" from the site.
    #[schema(schema_with = schema::short_text_or_null)]
    service: Option<String>,
    /// Where the visit came from: a `LeadSourcePayload` object (`page`, `landing`,
    /// `referrer`, `query`, `stories`). Checked and bounded; anything it cannot use (another
    /// shape, more than 100 stories) is ignored, never refused.
    source: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub name: PersonName,
    pub email: Email,
    pub mobile: Mobile,
    pub requirment: Message,
    pub department_website: ShortText,
    pub service: ShortText,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub email: Email,
    pub department_website: ShortText,
    pub service: ShortText,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewEnquiry {
    Contact(Contact),
    Subscription(Subscription),
}

fn text(field: &Option<String>) -> &str {
    field.as_deref().unwrap_or_default()
}

impl EnquiryForm {
    /// Whether a robot filled the hidden field.
    pub fn is_from_a_robot(&self) -> bool {
        !text(&self.website).trim().is_empty()
    }
}

impl NewEnquiry {
    /// Parses every field and names every bad one.
    pub fn parse(form: &EnquiryForm) -> Result<NewEnquiry, FieldErrors> {
        let mut errors = FieldErrors::default();
        let department_website = errors.check(
            "department_website",
            ShortText::parse(text(&form.department_website)),
        );
        let service = errors.check("service", ShortText::parse(text(&form.service)));
        let email = errors.check("email", Email::parse(text(&form.email)));
        let is_subscription = [&form.name, &form.mobile, &form.requirment]
            .iter()
            .all(|field| text(field).trim().is_empty());
        if is_subscription {
            return match (email, department_website, service) {
                (Some(email), Some(department_website), Some(service)) => {
                    Ok(NewEnquiry::Subscription(Subscription {
                        email,
                        department_website,
                        service,
                    }))
                }
                _ => Err(errors),
            };
        }
        let name = errors.check("name", PersonName::parse(text(&form.name)));
        let mobile = errors.check("mobile", Mobile::parse(text(&form.mobile)));
        let requirment = errors.check("requirment", Message::parse(text(&form.requirment)));
        match (name, email, mobile, requirment, department_website, service) {
            (
                Some(name),
                Some(email),
                Some(mobile),
                Some(requirment),
                Some(department_website),
                Some(service),
            ) => Ok(NewEnquiry::Contact(Contact {
                name,
                email,
                mobile,
                requirment,
                department_website,
                service,
            })),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact_form() -> EnquiryForm {
        EnquiryForm {
            name: Some("Asha Rao".into()),
            email: Some("asha@example.com".into()),
            mobile: Some("+91 98450 12345".into()),
            requirment: Some("We need 20,000 sq ft in Whitefield.".into()),
            department_website: Some("Corp Team".into()),
            ..EnquiryForm::default()
        }
    }

    fn error_fields(form: &EnquiryForm) -> Vec<String> {
        match NewEnquiry::parse(form) {
            Ok(parsed) => panic!("expected errors, got {parsed:?}"),
            Err(errors) => errors.into_map().into_keys().collect(),
        }
    }

    #[test]
    fn a_complete_contact_form_parses_trimmed() {
        let mut form = contact_form();
        form.name = Some("  Asha Rao  ".into());
        let Ok(NewEnquiry::Contact(contact)) = NewEnquiry::parse(&form) else {
            panic!("expected a contact");
        };
        assert_eq!(contact.name.as_ref(), "Asha Rao");
        assert_eq!(contact.department_website.as_ref(), "Corp Team");
        assert_eq!(contact.service.as_ref(), "");
    }

    #[test]
    fn only_an_email_makes_a_subscription() {
        let form = EnquiryForm {
            email: Some(" Reader@Example.com ".into()),
            name: Some("  ".into()),
            mobile: Some(String::new()),
            requirment: None,
            department_website: Some("Corp Blogs".into()),
            service: Some(String::new()),
            website: Some(String::new()),
            source: None,
        };
        let Ok(NewEnquiry::Subscription(subscription)) = NewEnquiry::parse(&form) else {
            panic!("expected a subscription");
        };
        assert_eq!(subscription.email.as_ref(), "Reader@Example.com");
        assert_eq!(subscription.department_website.as_ref(), "Corp Blogs");
    }

    #[test]
    fn a_subscription_with_a_bad_email_names_the_email() {
        for email in [
            None,
            Some(""),
            Some("   "),
            Some("reader"),
            Some("@x"),
            Some("x@"),
        ] {
            let form = EnquiryForm {
                email: email.map(str::to_owned),
                ..EnquiryForm::default()
            };
            assert_eq!(error_fields(&form), ["email"], "{email:?}");
        }
    }

    #[test]
    fn a_contact_form_names_every_missing_field_at_once() {
        let form = EnquiryForm {
            name: Some("Asha".into()),
            ..EnquiryForm::default()
        };
        assert_eq!(error_fields(&form), ["email", "mobile", "requirment"]);
    }

    #[test]
    fn each_bad_contact_field_is_named_with_its_own_message() {
        type Spoil = fn(&mut EnquiryForm);
        let cases: &[(&str, Spoil, &str)] = &[
            (
                "name",
                |f| f.name = Some("n".repeat(121)),
                "This field must be at most 120 characters.",
            ),
            (
                "name",
                |f| f.name = Some("Asha\u{7}".into()),
                "This field must not contain control characters.",
            ),
            (
                "mobile",
                |f| f.mobile = Some(" \t ".into()),
                "This field is required.",
            ),
            (
                "mobile",
                |f| f.mobile = Some("9".repeat(33)),
                "This field must be at most 32 characters.",
            ),
            (
                "email",
                |f| f.email = Some("asha.example.com".into()),
                "Enter an email address like name@example.com.",
            ),
            (
                "email",
                |f| f.email = Some(format!("{}@x.in", "a".repeat(250))),
                "This field must be at most 254 characters.",
            ),
            (
                "requirment",
                |f| f.requirment = Some("q".repeat(5001)),
                "This field must be at most 5000 characters.",
            ),
            (
                "requirment",
                |f| f.requirment = Some("\n \n".into()),
                "This field is required.",
            ),
            (
                "department_website",
                |f| f.department_website = Some("d".repeat(201)),
                "This field must be at most 200 characters.",
            ),
            (
                "service",
                |f| f.service = Some("Real\nEstate".into()),
                "This field must not contain control characters.",
            ),
        ];
        for (field, spoil, message) in cases {
            let mut form = contact_form();
            spoil(&mut form);
            let errors = NewEnquiry::parse(&form).expect_err(field).into_map();
            assert_eq!(errors.len(), 1, "{field}: {errors:?}");
            assert_eq!(
                errors.get(*field).map(String::as_str),
                Some(*message),
                "{field}"
            );
        }
    }

    #[test]
    fn the_honeypot_counts_only_when_it_holds_text() {
        let mut form = contact_form();
        assert!(!form.is_from_a_robot());
        form.website = Some("  ".into());
        assert!(!form.is_from_a_robot());
        form.website = Some("http://spam.example".into());
        assert!(form.is_from_a_robot());
    }
}
