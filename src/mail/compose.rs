//! The mails themselves: what each outbox row becomes, built from the data as it is when
//! sent (an erased lead or a departed subscriber has nothing to send).
//!
//! Every visitor value is escaped for HTML (`html_text::escape`) and made one line before
//! it goes near a header: no CR or LF a visitor typed can start a header of its own.

use std::path::PathBuf;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};
use rusqlite::Connection;

use crate::domain::blog_id::BlogId;
use crate::domain::html_text::escape;
use crate::domain::mail_settings::NotifyRule;
use crate::domain::mail_token;
use crate::domain::office_time::OfficeZone;
use crate::domain::reach;
use crate::domain::roles::Area;
use crate::domain::site_paths::{post_path, SUBSCRIPTION_CONFIRM, UNSUBSCRIBE};
use crate::mail::story_mail::{story_body, MailImage, BODY_LIMIT, COLUMN_WIDTH, IMAGE_WIDTH};
use crate::store::analytics::lead_sources::{self, SourceRow};
use crate::store::applicants::{self, ApplicantRow};
use crate::store::leads::{self, EnquiryRow};
use crate::store::media_images::{self, ImageRecord};
use crate::store::outbox::{MailKind, QueuedMail};
use crate::store::{accounts, blogs, company_details, jobs, mail_routes, subscriptions, uploads};

pub const SITE_NAME: &str = "Fidelitus Corp";

/// What a queued mail turned out to be.
pub enum Composed {
    Mail(Box<Message>),
    /// Nothing to send any more, and why.
    Nothing(String),
}

#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("cannot build the mail: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("cannot read the resume {path}: {source}")]
    Resume {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Everything a mail needs besides its row.
pub struct Composer {
    pub from: Mailbox,
    pub notify_to: Vec<NotifyRule>,
    /// `scheme://host[:port]` of links in mail.
    pub site: String,
    /// Base URL of blog images (a path on the site, or a bucket URL).
    pub media_base: String,
    pub data_dir: PathBuf,
    /// The key unsubscribe links are signed with.
    pub link_key: Vec<u8>,
}

impl Composer {
    pub fn compose(&self, conn: &Connection, mail: &QueuedMail) -> Result<Composed, ComposeError> {
        match mail.kind {
            MailKind::Lead => self.lead(conn, mail),
            MailKind::Confirm => self.confirmation(conn, mail),
            MailKind::Story => self.story(conn, mail),
            MailKind::Invite => self.invite(conn, mail),
            MailKind::Reset => self.reset(conn, mail),
            MailKind::Test => self.test_mail(conn, mail),
            MailKind::Notice => self.notice(conn, mail),
            MailKind::Assigned => self.assigned(conn, mail),
            MailKind::Digest => self.digest(conn, mail),
            MailKind::Reply => self.reply(conn, mail),
        }
    }

    pub(crate) fn builder(&self, mail: &QueuedMail) -> lettre::message::MessageBuilder {
        let domain = self.from.email.domain().to_owned();
        Message::builder()
            .from(self.from.clone())
            .message_id(Some(format!("<{}@{domain}>", mail.message_key)))
    }

    fn lead(&self, conn: &Connection, mail: &QueuedMail) -> Result<Composed, ComposeError> {
        let zone = company_details::office_zone(conn);
        let (kind, department, reply_to, subject, fields, resume) =
            if let Some(enquiry) = leads::enquiry(conn, &mail.lead_id)? {
                let subject = format!("New enquiry from {}", one_line(&enquiry.name));
                (
                    if enquiry.kind == "subscription" {
                        "subscription"
                    } else {
                        "enquiry"
                    },
                    enquiry.department_website.clone(),
                    enquiry.email.clone(),
                    subject,
                    enquiry_fields(&enquiry, &zone),
                    None,
                )
            } else if let Some(applicant) = applicants::applicant(conn, &mail.lead_id)? {
                let subject = format!("New job application from {}", one_line(&applicant.name));
                // Attached as `resume-ID.EXT`, never under the name the visitor's file had
                // (`cv.gpj.exe`, `passwd`): the type is the stored image's, and so is the name.
                let resume = Some((
                    uploads::uploads_dir(&self.data_dir).join(&applicant.resume_file),
                    format!("resume-{}", applicant.resume_file),
                    applicant.resume_type.clone(),
                ));
                (
                    "applicant",
                    applicant.department_website.clone(),
                    applicant.email.clone(),
                    subject,
                    applicant_fields(&applicant, &zone),
                    resume,
                )
            } else {
                return Ok(Composed::Nothing("the lead was erased".into()));
            };
        let mut builder = self.builder(mail).subject(one_line(&format!(
            "{subject} ({})",
            if department.is_empty() {
                SITE_NAME
            } else {
                &department
            }
        )));
        // Read for every mail: a rule set in the browser counts from the next lead mail on.
        let routed = mail_routes::recipients_for(
            conn,
            if kind == "applicant" {
                "applicant"
            } else {
                "enquiry"
            },
            &department,
        )?;
        let mut to = recipients(routed.as_deref(), &self.notify_to, &department, &self.from);
        // An application for an opening with a recruiter: the recruiter too, once, while
        // the account still keeps the openings (roles change after an opening is saved).
        if kind == "applicant" {
            let recruiter = match jobs::recruiter_of(conn, &mail.lead_id)? {
                Some((id, address))
                    if accounts::account_by_id(conn, id)?
                        .is_some_and(|account| account.roles.may(Area::Jobs)) =>
                {
                    mailbox(&address)
                }
                _ => None,
            };
            if let Some(recruiter) = recruiter {
                let address = recruiter.email.to_string();
                if !to
                    .iter()
                    .any(|known| known.email.to_string().eq_ignore_ascii_case(&address))
                {
                    to.push(recruiter);
                }
            }
        }
        for to in to {
            builder = builder.to(to);
        }
        // Reply-To only when the visitor's address is a real one: "Reply" then reaches them.
        if let Ok(address) = one_line(&reply_to).parse::<Address>() {
            builder = builder.reply_to(Mailbox::new(None, address));
        }
        // Where the lead came from, before its reference (the last line).
        let mut fields = fields;
        if let Some(source) = lead_sources::of(conn, &mail.lead_id)? {
            let reference = fields.pop();
            fields.extend(source_fields(&source));
            fields.extend(reference);
        }
        // A field the form does not have, or the visitor left empty, is no line at all.
        let fields: Vec<(&str, String)> = fields
            .into_iter()
            .filter(|(_, value)| !value.trim().is_empty())
            .collect();
        // The lead in the inbox, where the office handles it (its list and its id).
        let list = match kind {
            "applicant" => crate::domain::inbox::InboxList::Applicants,
            "subscription" => crate::domain::inbox::InboxList::Subscribers,
            _ => crate::domain::inbox::InboxList::Enquiries,
        };
        let lead_link = self.lead_link(list, &mail.lead_id);
        let text = fields
            .iter()
            .map(|(label, value)| format!("{label}: {value}"))
            .chain(std::iter::once(format!(
                "\nOpen it in the inbox: {lead_link}"
            )))
            .collect::<Vec<_>>()
            .join("\n");
        let rows: String = fields
            .iter()
            .map(|(label, value)| {
                format!(
                    "<tr><th align=\"left\" valign=\"top\">{label}</th><td style=\"white-space:pre-wrap\">{}</td></tr>",
                    if *label == MOBILE {
                        phone_links(value)
                    } else {
                        escape(value)
                    }
                )
            })
            .collect();
        let html = page(&format!(
            "<h1 style=\"font-size:18px\">{}</h1><table cellpadding=\"6\">{rows}</table>\
             <p><a href=\"{}\">Open it in the inbox</a></p>",
            escape(&subject),
            escape(&lead_link)
        ));
        let body = MultiPart::alternative_plain_html(text, html);
        let message = match resume {
            None => builder.multipart(body)?,
            Some((path, name, mime)) => {
                let (name, mime): (String, String) = (name, mime);
                let bytes = std::fs::read(&path).map_err(|source| ComposeError::Resume {
                    path: path.clone(),
                    source,
                })?;
                let content_type = ContentType::parse(&mime).unwrap_or(
                    ContentType::parse("application/octet-stream").expect("a valid type"),
                );
                let attachment: SinglePart = Attachment::new(name).body(bytes, content_type);
                builder.multipart(MultiPart::mixed().multipart(body).singlepart(attachment))?
            }
        };
        Ok(Composed::Mail(Box::new(message)))
    }

    /// A staff member's reply to a lead: from `--mail-from`, answered to the staff member (or
    /// the mail screen's reply address), in the lead's thread (its Message-ID, In-Reply-To
    /// and References were fixed when it was written: `store::replies::insert`).
    fn reply(&self, conn: &Connection, mail: &QueuedMail) -> Result<Composed, ComposeError> {
        let reply = match mail.detail.as_deref().and_then(|id| id.parse().ok()) {
            Some(id) => crate::store::replies::mail(conn, id)?,
            None => None,
        };
        let Some(reply) = reply else {
            return Ok(Composed::Nothing("the lead was erased".into()));
        };
        let Some(to) = mailbox(&reply.to) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .message_id(Some(reply.message_id.clone()))
            .subject(one_line(&reply.subject));
        if let Some(reply_to) = reply.reply_to.as_deref().and_then(mailbox) {
            builder = builder.reply_to(reply_to);
        }
        if let Some(parent) = &reply.in_reply_to {
            builder = builder.in_reply_to(parent.clone());
        }
        if let Some(refs) = &reply.refs {
            builder = builder.references(refs.clone());
        }
        let html = page(&format!(
            "<div style=\"white-space:pre-wrap\">{}</div>",
            escape(&reply.text)
        ));
        let message = builder.multipart(MultiPart::alternative_plain_html(reply.text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    fn confirmation(&self, conn: &Connection, mail: &QueuedMail) -> Result<Composed, ComposeError> {
        let Some((email, state)) = subscriptions::recipient(conn, &mail.lead_id)? else {
            return Ok(Composed::Nothing("the subscriber was erased".into()));
        };
        let Some(token) = &mail.token else {
            return Ok(Composed::Nothing("no token".into()));
        };
        if state == "confirmed" {
            return Ok(Composed::Nothing("already confirmed".into()));
        }
        let Some(to) = mailbox(&email) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let link = format!("{}{SUBSCRIPTION_CONFIRM}?token={token}", self.site);
        let unsubscribe = self.unsubscribe_link(&mail.lead_id);
        let text = format!(
            "Please confirm that you want {SITE_NAME}'s blog updates at this address:\n\n{link}\n\n\
             The link works for {} days. If you did not ask for this, ignore this mail: \
             nothing will be sent to you.\n",
            mail_token::CONFIRM_VALID_DAYS
        );
        let html = page(&format!(
            "<p>Please confirm that you want {SITE_NAME}'s blog updates at this address.</p>\
             <p><a href=\"{link}\" style=\"display:inline-block;padding:10px 18px;background:#0e3b6b;color:#fff;text-decoration:none;border-radius:4px\">Confirm my subscription</a></p>\
             <p style=\"color:#555\">The link works for {} days. If you did not ask for this, ignore this mail: nothing will be sent to you.</p>",
            mail_token::CONFIRM_VALID_DAYS
        ));
        let message = self
            .with_unsubscribe(self.builder(mail).to(to), &unsubscribe)
            .subject(format!(
                "Confirm your subscription to {SITE_NAME} blog updates"
            ))
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    fn story(&self, conn: &Connection, mail: &QueuedMail) -> Result<Composed, ComposeError> {
        let Some((email, state)) = subscriptions::recipient(conn, &mail.lead_id)? else {
            return Ok(Composed::Nothing("the subscriber was erased".into()));
        };
        if state != "confirmed" {
            return Ok(Composed::Nothing(format!("the subscriber is {state}")));
        }
        let post = match mail.blog_slug.as_deref().and_then(BlogId::parse) {
            Some(id) => blogs::get(conn, &id)?,
            None => None,
        };
        let Some(post) = post else {
            return Ok(Composed::Nothing("the post was removed".into()));
        };
        let Some(to) = mailbox(&email) else {
            return Ok(Composed::Nothing("not a deliverable address".into()));
        };
        let link = format!("{}{}", self.site, post_path(&post.id));
        // The link names the story, so an unsubscribe through it is counted against it.
        let unsubscribe = format!(
            "{}&story={}",
            self.unsubscribe_link(&mail.lead_id),
            post.id.as_str()
        );
        let title = one_line(&post.title);
        let cover = post.blog_image.as_deref().map(|path| {
            post.blog_image_set
                .as_ref()
                .map_or_else(|| self.unrecorded_image(path), |set| self.rendition(set))
        });
        let body = story_body(&post.content, BODY_LIMIT, &link, |src| {
            self.body_image(conn, src)
        });
        let (more, more_text) = if body.cut {
            (
                "Read the rest on the site",
                "This story goes on: read the rest on the site",
            )
        } else {
            ("Read it on the site", "Read it on the site")
        };
        let text = format!(
            "{title}\n\n{}\n\n{}{}{more_text}: {link}\n\n--\nYou get this because you subscribed to {SITE_NAME} blog updates.\nUnsubscribe: {unsubscribe}\n",
            one_line(&post.motive),
            body.text,
            if body.text.is_empty() { "" } else { "\n\n" },
        );
        let cover_html = cover
            .map(|image| {
                format!(
                    "<tr><td style=\"padding:16px 20px 0\"><a href=\"{}\"><img src=\"{}\" alt=\"\" width=\"{}\" \
                     style=\"display:block;width:100%;max-width:{IMAGE_WIDTH}px;height:auto;border:0;border-radius:4px\"></a></td></tr>",
                    escape(&link),
                    escape(&image.url),
                    image.width.map_or(IMAGE_WIDTH, |width| width.min(IMAGE_WIDTH)),
                )
            })
            .unwrap_or_default();
        let font = "font-family:Arial,Helvetica,sans-serif";
        let html = format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{title_html}</title></head>\
             <body style=\"margin:0;padding:0;background:#f4f5f7\">\
             <div style=\"display:none;max-height:0;overflow:hidden\">{motive}</div>\
             <table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"background:#f4f5f7\"><tr><td align=\"center\" style=\"padding:24px 8px\">\
             <table role=\"presentation\" width=\"{COLUMN_WIDTH}\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"width:100%;max-width:{COLUMN_WIDTH}px;background:#ffffff;border-radius:6px\">\
             <tr><td style=\"padding:20px 20px 0;{font};font-size:13px;color:#55606e\">{SITE_NAME} \u{b7} a new story</td></tr>\
             {cover_html}\
             <tr><td style=\"padding:20px 20px 8px;{font};font-size:16px;color:#1d2430\">\
             <h1 style=\"margin:0 0 12px;font-size:26px;line-height:1.25;color:#1d2430\">{title_html}</h1>\
             <p style=\"margin:0 0 24px;font-size:18px;line-height:1.5;color:#3d4654\">{motive}</p>\
             {body}\
             <p style=\"margin:24px 0 8px\"><a href=\"{link_html}\" style=\"display:inline-block;padding:10px 18px;background:#0f3b57;color:#ffffff;text-decoration:none;border-radius:4px;font-size:15px\">{more}</a></p>\
             </td></tr>\
             <tr><td style=\"padding:16px 20px 24px;border-top:1px solid #e3e6ea;{font};font-size:12px;line-height:1.5;color:#55606e\">\
             You get this because you subscribed to {SITE_NAME} blog updates. \
             <a href=\"{unsubscribe_html}\" style=\"color:#55606e;text-decoration:underline\">Unsubscribe</a></td></tr>\
             </table></td></tr></table></body></html>",
            title_html = escape(&title),
            motive = escape(&post.motive),
            body = body.html,
            link_html = escape(&link),
            unsubscribe_html = escape(&unsubscribe),
        );
        let message = self
            .with_unsubscribe(self.builder(mail).to(to), &unsubscribe)
            .subject(title)
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    fn unsubscribe_link(&self, subscription_id: &str) -> String {
        let token = mail_token::unsubscribe_token(&self.link_key, subscription_id);
        format!("{}{UNSUBSCRIBE}?token={token}", self.site)
    }

    /// RFC 8058: mail clients show an unsubscribe button that POSTs to the link.
    fn with_unsubscribe(
        &self,
        builder: lettre::message::MessageBuilder,
        link: &str,
    ) -> lettre::message::MessageBuilder {
        builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{link}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ))
    }

    /// A recorded raster image at the mail's width: its narrowest JPEG or PNG at least
    /// [`IMAGE_WIDTH`] wide (else its widest), since a mail client that shows WebP is not
    /// every mail client.
    fn rendition(&self, image: &ImageRecord) -> MailImage {
        let fallbacks = || image.renditions.iter().filter(|r| r.mime != "image/webp");
        let chosen = fallbacks()
            .filter(|r| r.width >= IMAGE_WIDTH)
            .min_by_key(|r| r.width)
            .or_else(|| fallbacks().max_by_key(|r| r.width));
        let (path, width) = chosen.map_or((image.path.as_str(), image.width), |r| {
            (r.path.as_str(), r.width)
        });
        MailImage {
            url: self.media_url(path),
            width: Some(width),
        }
    }

    /// An image with no recorded renditions (an SVG) by its own path.
    fn unrecorded_image(&self, path: &str) -> MailImage {
        MailImage {
            url: self.media_url(path),
            width: None,
        }
    }

    /// An image of a story's body: an http(s) address as it is, a media path as its
    /// rendition at the mail's width when it is recorded.
    fn body_image(&self, conn: &Connection, src: &str) -> MailImage {
        if src.starts_with("http://") || src.starts_with("https://") {
            return MailImage {
                url: src.to_owned(),
                width: None,
            };
        }
        match media_images::get(conn, src) {
            Ok(Some(image)) => self.rendition(&image),
            // Unrecorded, or unreadable just now: the file the body names still shows.
            Ok(None) | Err(_) => self.unrecorded_image(src),
        }
    }

    fn media_url(&self, path: &str) -> String {
        let base = self.media_base.trim_end_matches('/');
        if base.starts_with("http://") || base.starts_with("https://") {
            format!("{base}/{path}")
        } else {
            format!("{}{base}/{path}", self.site)
        }
    }
}

/// The office addresses for a lead of `department`: those the browser's rules give it
/// (`routed`, from `store::mail_routes::recipients_for`) when any does; else the
/// `--notify-to` rules naming its department, else the ones naming no department; else the
/// sender's own address.
pub fn recipients(
    routed: Option<&[String]>,
    rules: &[NotifyRule],
    department: &str,
    from: &Mailbox,
) -> Vec<Mailbox> {
    let routed: Vec<Mailbox> = routed
        .unwrap_or_default()
        .iter()
        .filter_map(|address| mailbox(address))
        .collect();
    if !routed.is_empty() {
        return routed;
    }
    let named: Vec<Mailbox> = rules
        .iter()
        .filter(|rule| {
            rule.department
                .as_deref()
                .is_some_and(|d| d.eq_ignore_ascii_case(department.trim()))
        })
        .map(|rule| rule.to.clone())
        .collect();
    if !named.is_empty() {
        return named;
    }
    let general: Vec<Mailbox> = rules
        .iter()
        .filter(|rule| rule.department.is_none())
        .map(|rule| rule.to.clone())
        .collect();
    if general.is_empty() {
        vec![from.clone()]
    } else {
        general
    }
}

/// A stored UTC time as the office reads it (`26 Nov 2026, 09:36 IST`), or as stored if it
/// is not one.
/// The label of a lead's phone number.
const MOBILE: &str = "Mobile";

/// A lead's number in the mail's HTML as the inbox's detail shows it: a link to call it and
/// one to WhatsApp it, one tap each from the phone the mail is read on (the number as typed
/// when it is none).
fn phone_links(typed: &str) -> String {
    match (reach::tel_href(typed), reach::whatsapp_href(typed)) {
        (Some(tel), Some(whatsapp)) => format!(
            "<a href=\"{}\">{}</a> &middot; <a href=\"{}\">WhatsApp</a>",
            escape(&tel),
            escape(typed),
            escape(&whatsapp)
        ),
        _ => escape(typed),
    }
}

fn received(at: &str, zone: &OfficeZone) -> String {
    zone.for_people(at).unwrap_or_else(|| at.to_owned())
}

fn enquiry_fields(e: &EnquiryRow, zone: &OfficeZone) -> Vec<(&'static str, String)> {
    vec![
        ("Received", received(&e.created_at, zone)),
        ("Department", e.department_website.clone()),
        ("Service", e.service.clone()),
        ("Name", e.name.clone()),
        ("Email", e.email.clone()),
        (MOBILE, e.mobile.clone()),
        ("Requirement", e.requirment.clone()),
        ("Reference", e.id.clone()),
    ]
}

fn applicant_fields(a: &ApplicantRow, zone: &OfficeZone) -> Vec<(&'static str, String)> {
    vec![
        ("Received", received(&a.created_at, zone)),
        ("Department", a.department_website.clone()),
        (
            "Job opening",
            a.job
                .clone()
                .unwrap_or_else(|| "General application".to_owned()),
        ),
        ("Stage", crate::domain::export::status_label(&a.status)),
        ("Name", a.name.clone()),
        ("Email", a.email.clone()),
        (MOBILE, a.mobile.clone()),
        ("Experience (years)", a.experience.to_string()),
        ("Previous company", a.previous_company.clone()),
        ("Message", a.query.clone()),
        (
            "Resume",
            format!(
                "{} ({}, {}, attached)",
                a.resume_original_name,
                a.resume_type,
                human_size(a.resume_size)
            ),
        ),
        ("Reference", a.id.clone()),
    ]
}

/// A lead's source as the notification's lines (`store::analytics::lead_sources`; the
/// exports have the same parts under the same names).
fn source_fields(source: &SourceRow) -> Vec<(&'static str, String)> {
    let text = |part: &Option<String>| part.clone().unwrap_or_default();
    vec![
        ("Form page", text(&source.page)),
        ("Landing page", text(&source.landing)),
        ("Referring site", text(&source.referrer)),
        ("Campaign", source.campaign_line()),
        ("Stories read", source.stories_line()),
    ]
}

/// A file's size as a person reads it: `812 bytes`, `575 KB`, `1.6 MB`.
pub(crate) fn human_size(bytes: i64) -> String {
    const KB: f64 = 1024.0;
    let bytes = bytes.max(0);
    let size = bytes as f64;
    if size < KB {
        format!("{bytes} bytes")
    } else if size < KB * KB {
        format!("{:.0} KB", size / KB)
    } else {
        format!("{:.1} MB", size / (KB * KB))
    }
}

/// A visitor's address as a recipient, if it is one.
pub(crate) fn mailbox(email: &str) -> Option<Mailbox> {
    one_line(email)
        .parse::<Address>()
        .ok()
        .map(|a| Mailbox::new(None, a))
}

/// `text` on one line: every control character (CR and LF included) becomes a space.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

pub(crate) fn page(inner: &str) -> String {
    format!(
        "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#1b1b1b;max-width:600px\">{inner}</body></html>"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_read_as_a_person_says_them() {
        assert_eq!(super::human_size(180), "180 bytes");
        assert_eq!(super::human_size(575 * 1024), "575 KB");
        assert_eq!(super::human_size(1_624_311), "1.5 MB");
        assert_eq!(super::human_size(-1), "0 bytes");
    }
}
