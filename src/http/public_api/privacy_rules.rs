//! What the privacy notice (`/privacy`) states of the owners' settings: each inbox list's
//! retention rule (`store::retention`) and the trash's days (`store::trash::days`), read and
//! shaped once for `GET /api/corp_website/retention` (`public_api::privacy`) and the rendered
//! notice, which embeds the same answer (the route table's `retention` data); it names no
//! `AppState`. Both tables move the content version (V33), so the rendered page, the answer
//! and the edge follow a change at once.

use std::sync::Arc;

use serde::Serialize;

use crate::domain::retention::counted_from;
use crate::store::{Db, StoreError};

/// One list's rule as the notice states it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PrivacyRule)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PrivacyRule"))]
pub struct RuleJson {
    /// `enquiries` (the contact and service forms), `subscribers` (the blog's readers) or
    /// `applicants` (job applications).
    pub list: String,
    /// Erased this many months after the purpose is served; none: kept until its person asks
    /// for it to be erased (or the office erases it by hand).
    pub months: Option<u32>,
    /// What the months count from: `after the enquiry is done`.
    pub counted_from: String,
}

/// `GET /api/corp_website/retention`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PrivacyBody"))]
pub struct PrivacyBody {
    /// Every list's rule: enquiries, subscribers, applicants.
    pub rules: Vec<RuleJson>,
    /// How many days an erased item stays in the office's trash before it is gone.
    pub trash_days: u32,
}

/// The rules and the trash's days as they are set now.
pub async fn read(db: &Arc<Db>) -> Result<PrivacyBody, StoreError> {
    db.read(|conn| {
        let rules = crate::store::retention::rules(conn)?;
        let trash_days = crate::store::trash::days(conn)?;
        Ok(PrivacyBody {
            rules: rules
                .into_iter()
                .map(|rule| RuleJson {
                    list: rule.list.name().to_owned(),
                    months: rule.months,
                    counted_from: counted_from(rule.list).to_owned(),
                })
                .collect(),
            trash_days,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use crate::domain::inbox::InboxList;

    #[test]
    fn every_list_is_named_as_the_inbox_names_it() {
        let names: Vec<&str> = InboxList::ALL.iter().map(|list| list.name()).collect();
        assert_eq!(names, ["enquiries", "subscribers", "applicants"]);
    }
}
