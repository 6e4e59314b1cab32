//! The mails of assignment: the one that tells a staff member a lead was given to them, and
//! the morning digest of their leads. Each is built from the data as it is when sent: a lead
//! given to someone else since, erased, or a digest turned off has nothing to send. Times are
//! the office's (`OfficeZone::for_people`), links absolute (`Composer::lead_link`).

use lettre::message::{Mailbox, MultiPart};
use lettre::Address;
use rusqlite::Connection;

use crate::domain::assign::{day_for_people, office_day};
use crate::domain::html_text::escape;
use crate::domain::inbox::InboxList;
use crate::domain::office_time::OfficeZone;
use crate::mail::compose::{one_line, page, ComposeError, Composed, Composer, SITE_NAME};
use crate::store::assign::{self, DigestLead};
use crate::store::outbox::QueuedMail;

/// The office's time zone, from the company details (the demo office's if they cannot be read).
fn zone(conn: &Connection) -> OfficeZone {
    crate::store::company_details::read(conn)
        .map(|stored| stored.details.office_zone())
        .unwrap_or_else(|_| OfficeZone::default_zone())
}

/// One lead of a list, as a mail names it: "enquiry", "subscriber", "applicant".
fn item(list: InboxList) -> &'static str {
    list.item()
}

/// A count of a list's leads in words: "1 enquiry", "3 applicants".
fn counted(list: InboxList, count: i64) -> String {
    let one = item(list);
    if count == 1 {
        format!("1 {one}")
    } else {
        match list {
            InboxList::Enquiries => format!("{count} enquiries"),
            _ => format!("{count} {one}s"),
        }
    }
}

fn to_account(
    conn: &Connection,
    staff_id: Option<i64>,
) -> Result<Option<(i64, Mailbox, String)>, ComposeError> {
    let Some(staff_id) = staff_id else {
        return Ok(None);
    };
    let Some(account) = crate::store::accounts::account_by_id(conn, staff_id)? else {
        return Ok(None);
    };
    let Ok(address) = one_line(&account.email).parse::<Address>() else {
        return Ok(None);
    };
    Ok(Some((
        staff_id,
        Mailbox::new(None, address),
        one_line(&account.name),
    )))
}

impl Composer {
    /// The inbox's page of one lead: `{site}/staff?list=…&id=…`, as the lead mail links it.
    pub(crate) fn lead_link(&self, list: InboxList, id: &str) -> String {
        format!("{}/staff?list={}&id={id}", self.site, list.name())
    }

    /// "NAME gave you this enquiry", with the lead's name, department, when it came, its
    /// follow-up day and the link to it. Nothing when the lead was erased or given to
    /// someone else since.
    pub(crate) fn assigned(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        let Some(lead) = assign::lead_summary(conn, &mail.lead_id)? else {
            return Ok(Composed::Nothing("the lead was erased".into()));
        };
        let (staff_id, by_name) = assign::assigned_mail(conn, mail.id)?;
        if lead.assigned_to.is_none() || lead.assigned_to != staff_id {
            return Ok(Composed::Nothing(
                "the lead was given to someone else since".into(),
            ));
        }
        let Some((_, to, _)) = to_account(conn, staff_id)? else {
            return Ok(Composed::Nothing("the account was removed".into()));
        };
        let zone = zone(conn);
        let what = item(lead.list);
        let name = one_line(&lead.name);
        let by = one_line(&by_name);
        let by = if by.is_empty() {
            "Someone".to_owned()
        } else {
            by
        };
        let link = self.lead_link(lead.list, &mail.lead_id);
        let mut fields = vec![
            ("Name", name.clone()),
            ("Department", one_line(&lead.department)),
            (
                "Received",
                zone.for_people(&lead.created_at)
                    .unwrap_or_else(|| lead.created_at.clone()),
            ),
        ];
        if let Some(day) = &lead.follow_up {
            fields.push(("Follow up", day_for_people(day)));
        }
        let fields: Vec<(&str, String)> = fields
            .into_iter()
            .filter(|(_, value)| !value.is_empty())
            .collect();
        let said = format!("{by} gave you this {what} in the {SITE_NAME} inbox.");
        let text = format!(
            "{said}\n\n{}\n\nOpen it in the inbox: {link}\n",
            fields
                .iter()
                .map(|(label, value)| format!("{label}: {value}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let rows: String = fields
            .iter()
            .map(|(label, value)| {
                format!(
                    "<tr><th align=\"left\" valign=\"top\">{label}</th><td>{}</td></tr>",
                    escape(value)
                )
            })
            .collect();
        let html = page(&format!(
            "<p>{}</p><table cellpadding=\"6\">{rows}</table><p><a href=\"{}\">Open it in the inbox</a></p>",
            escape(&said),
            escape(&link)
        ));
        let subject = match (lead.list, name.is_empty()) {
            (_, true) => format!("{by} gave you a lead"),
            (InboxList::Enquiries, false) => format!("{by} gave you an enquiry from {name}"),
            (list, false) => format!("{by} gave you the {} {name}", item(list)),
        };
        let message = self
            .builder(mail)
            .to(to)
            .subject(one_line(&subject))
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        Ok(Composed::Mail(Box::new(message)))
    }

    /// The morning digest (`store::assign::digest_for`): the account's leads that are new or
    /// due, and how many new ones nobody has, each with its link. Nothing when the account
    /// was removed, turned the digest off, or has nothing to hear.
    pub(crate) fn digest(
        &self,
        conn: &Connection,
        mail: &QueuedMail,
    ) -> Result<Composed, ComposeError> {
        let staff_id = mail.lead_id.parse::<i64>().ok();
        let Some((staff_id, to, name)) = to_account(conn, staff_id)? else {
            return Ok(Composed::Nothing("the account was removed".into()));
        };
        if !assign::digest_on(conn, staff_id)? {
            return Ok(Composed::Nothing("the digest was turned off".into()));
        }
        let Some(account) = crate::store::accounts::account_by_id(conn, staff_id)? else {
            return Ok(Composed::Nothing("the account was removed".into()));
        };
        let zone = zone(conn);
        let today = office_day(jiff::Timestamp::now(), &zone);
        let digest = assign::digest_for(conn, &account, &today)?;
        if digest.is_empty() {
            return Ok(Composed::Nothing("nothing to say today".into()));
        }
        let line = |lead: &DigestLead| -> (String, String) {
            let why = match &lead.follow_up {
                Some(day) if day.as_str() < today.as_str() => {
                    format!("follow-up overdue since {}", day_for_people(day))
                }
                Some(day) if day.as_str() == today.as_str() => "follow-up due today".to_owned(),
                _ => "new".to_owned(),
            };
            let received = zone
                .for_people(&lead.created_at)
                .unwrap_or_else(|| lead.created_at.clone());
            (
                format!(
                    "{} {} ({why}), received {received}",
                    capitalised(item(lead.list)),
                    one_line(&lead.name)
                ),
                self.lead_link(lead.list, &lead.id),
            )
        };
        let mine: Vec<(String, String)> = digest.mine.iter().map(line).collect();
        let unassigned: Vec<(String, String)> = digest
            .unassigned_new
            .iter()
            .map(|(list, count)| {
                (
                    format!("{} new and given to nobody", counted(*list, *count)),
                    format!(
                        "{}/staff?list={}&assigned=none&status=new",
                        self.site,
                        list.name()
                    ),
                )
            })
            .collect();
        let day = day_for_people(&today);
        let greeting = if name.is_empty() {
            "Good morning,".to_owned()
        } else {
            format!("Good morning {name},")
        };
        let account_page = format!("{}/staff/account", self.site);
        let footer = format!(
            "You get this because you turned on the morning digest on your account page: {account_page}"
        );
        let mut text = format!("{greeting}\n\nYour leads for {day}.\n");
        let mut html = format!(
            "<p>{}</p><p>Your leads for {}.</p>",
            escape(&greeting),
            escape(&day)
        );
        let mut section = |heading: String, items: &[(String, String)]| {
            if items.is_empty() {
                return;
            }
            text.push_str(&format!("\n{heading}:\n"));
            html.push_str(&format!("<h2 style=\"font-size:16px\">{heading}</h2><ul>"));
            for (what, link) in items {
                text.push_str(&format!("- {what}\n  {link}\n"));
                html.push_str(&format!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape(link),
                    escape(what)
                ));
            }
            html.push_str("</ul>");
        };
        section(format!("Given to you ({})", mine.len()), &mine);
        section("Given to nobody yet".to_owned(), &unassigned);
        text.push_str(&format!("\n--\n{footer}\n"));
        html.push_str(&format!(
            "<p style=\"color:#555;font-size:12px\">{}</p>",
            escape(&footer)
        ));
        let message = self
            .builder(mail)
            .to(to)
            .subject(format!("Your leads for {day}"))
            .multipart(MultiPart::alternative_plain_html(text, page(&html)))?;
        Ok(Composed::Mail(Box::new(message)))
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_words() {
        assert_eq!(counted(InboxList::Enquiries, 1), "1 enquiry");
        assert_eq!(counted(InboxList::Enquiries, 3), "3 enquiries");
        assert_eq!(counted(InboxList::Applicants, 2), "2 applicants");
        assert_eq!(capitalised("applicant"), "Applicant");
    }
}
