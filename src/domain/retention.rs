//! Retention rules: how long each list of the inbox keeps a lead once its purpose is served
//! (India's DPDP Rules ask that personal data be erased then), as the owners set them. A list
//! without a rule keeps its leads until they are erased by hand.

use serde::Deserialize;

use crate::domain::fields::FieldErrors;
use crate::domain::inbox::InboxList;

/// The longest rule, in months (ten years).
pub const MAX_MONTHS: u32 = 120;

/// One list's rule: months after its purpose was served, or none (kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub list: InboxList,
    pub months: Option<u32>,
}

/// The statuses that end a lead's purpose in `list`: its time under the rule runs from when
/// one was set (`status_at`). A reader's purpose ends when it unsubscribes, or when it never
/// confirmed (`store::retention` reads the subscription for those).
pub fn closing_statuses(list: InboxList) -> &'static [&'static str] {
    match list {
        InboxList::Enquiries => &["done", "spam"],
        // Decided: the hiring pipeline's last stages (`domain::inbox::Status`).
        InboxList::Applicants => &["hired", "rejected", "spam"],
        InboxList::Subscribers => &["spam"],
    }
}

/// What a rule counts from, in the words of the staff screen and the privacy notice.
pub fn counted_from(list: InboxList) -> &'static str {
    match list {
        InboxList::Enquiries => "after the enquiry is done",
        InboxList::Applicants => "after the application is decided",
        InboxList::Subscribers => "after the reader unsubscribes (or never confirms)",
    }
}

/// `PUT /api/staff/retention`: each list's months, `null` to keep its leads.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RetentionForm"))]
pub struct RulesForm {
    #[cfg_attr(
        test,
        ts(type = "Record<'enquiries' | 'subscribers' | 'applicants', number | null>")
    )]
    pub months: serde_json::Map<String, serde_json::Value>,
}

impl RulesForm {
    /// Every list's rule, or the fields (`months.LIST`) that are not a whole number of months
    /// from 1 to `MAX_MONTHS` (or null); a list not named keeps no rule.
    pub fn parse(&self) -> Result<Vec<Rule>, FieldErrors> {
        let mut errors = FieldErrors::default();
        for name in self.months.keys() {
            if InboxList::parse(name).is_none() {
                errors.note(
                    &format!("months.{name}"),
                    "Choose one of the lists: enquiries, subscribers, applicants.",
                );
            }
        }
        let rules = InboxList::ALL
            .into_iter()
            .map(|list| {
                let months = match self.months.get(list.name()) {
                    None | Some(serde_json::Value::Null) => None,
                    Some(value) => {
                        let months = value
                            .as_u64()
                            .and_then(|m| u32::try_from(m).ok())
                            .filter(|m| (1..=MAX_MONTHS).contains(m));
                        if months.is_none() {
                            errors.note(
                                &format!("months.{}", list.name()),
                                format!(
                                    "Choose a whole number of months from 1 to {MAX_MONTHS}, or leave it empty to keep them."
                                ),
                            );
                        }
                        months
                    }
                };
                Rule { list, months }
            })
            .collect();
        errors.or_value(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(json: serde_json::Value) -> RulesForm {
        serde_json::from_value(serde_json::json!({ "months": json })).expect("form")
    }

    #[test]
    fn months_are_whole_from_1_to_120_or_null_and_unknown_lists_are_named() {
        let rules = form(serde_json::json!({"applicants": 6, "enquiries": null}))
            .parse()
            .expect("rules");
        assert_eq!(
            rules,
            [
                Rule {
                    list: InboxList::Enquiries,
                    months: None
                },
                Rule {
                    list: InboxList::Subscribers,
                    months: None
                },
                Rule {
                    list: InboxList::Applicants,
                    months: Some(6)
                },
            ]
        );
        for bad in [
            serde_json::json!(0),
            serde_json::json!(121),
            serde_json::json!(2.5),
            serde_json::json!("6"),
        ] {
            let errors = form(serde_json::json!({ "enquiries": bad }))
                .parse()
                .expect_err("refused");
            assert!(errors.into_map().contains_key("months.enquiries"));
        }
        let errors = form(serde_json::json!({ "visitors": 3 }))
            .parse()
            .expect_err("refused");
        assert!(errors.into_map().contains_key("months.visitors"));
    }
}
