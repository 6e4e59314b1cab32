//! A bulk action of the staff inbox: what to do (set a status, erase) and to which rows
//! (the ids the staff member ticked, or every row a list's filter matches), checked as a
//! whole before anything is changed, every bad field named.

use super::fields::FieldErrors;
#[cfg(test)]
use super::inbox::MAX_BULK_IDS;
use super::inbox::{check_ids, parse_status, InboxList, InboxQuery, Status};

/// What is done to every row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BulkAction {
    Status(Status),
    /// Each row as the single erase does it: notes, search entry and resume file with it.
    Erase,
}

/// Which rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// These ids, those still in the list (deduplicated, in the order given).
    Ids(Vec<String>),
    /// Every row the list's filter matches when the action runs (its `page` is ignored).
    Filter(InboxQuery),
}

/// A checked bulk request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bulk {
    pub action: BulkAction,
    pub target: Target,
}

/// `POST /api/staff/inbox/{list}/bulk`, as sent: an action and either `ids` or `filter`
/// (the list's query string, as the inbox's page URL holds it). `expected` is how many rows
/// the staff member saw; the answer's `done` may be fewer (or more) when the list changed.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BulkForm {
    #[cfg_attr(test, ts(type = "'status' | 'erase'"))]
    pub action: String,
    #[serde(default)]
    #[cfg_attr(test, ts(optional, type = "LeadStatus"))]
    pub status: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub ids: Option<Vec<String>>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub filter: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional, type = "number"))]
    pub expected: Option<u64>,
}

/// What a bulk action answers: how many rows it acted on, and for a status change the
/// token that undoes it (`POST .../bulk/undo`, for two minutes).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BulkDone {
    #[cfg_attr(test, ts(type = "number"))]
    pub done: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub undo: Option<String>,
}

/// The undo of a status change of many: the token its answer gave.
#[derive(Debug, Clone, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UndoForm {
    pub undo: String,
}

impl BulkForm {
    /// The request as a `Bulk` on `list`, or every bad field: `action`, `status` (one of the
    /// list's statuses), `ids`, `filter`.
    pub fn parse(&self, list: InboxList) -> Result<Bulk, FieldErrors> {
        let mut errors = FieldErrors::default();
        let action = match self.action.as_str() {
            "status" => match self.status.as_deref().map(|text| parse_status(list, text)) {
                Some(Ok(status)) => Some(BulkAction::Status(status)),
                Some(Err(bad)) => {
                    for (field, problem) in bad.into_map() {
                        errors.note(&field, problem);
                    }
                    None
                }
                None => {
                    errors.note("status", "Choose the status to set.");
                    None
                }
            },
            "erase" => Some(BulkAction::Erase),
            _ => {
                errors.note("action", "Choose one of: status, erase.");
                None
            }
        };
        let target = match (&self.ids, &self.filter) {
            (Some(_), Some(_)) => {
                errors.note("ids", "Send either ids or a filter, not both.");
                None
            }
            (None, None) => {
                errors.note("ids", "Choose the items: send their ids, or a filter.");
                None
            }
            (Some(ids), None) => match check_ids(ids) {
                Ok(ids) => Some(Target::Ids(ids)),
                Err(problem) => {
                    errors.note("ids", problem);
                    None
                }
            },
            (None, Some(filter)) => match InboxQuery::parse_in(list, filter) {
                Ok(query) => Some(Target::Filter(query)),
                Err(bad) => {
                    let names: Vec<String> = bad.into_map().into_keys().collect();
                    errors.note(
                        "filter",
                        format!("The filter is not a list's: check {}.", names.join(", ")),
                    );
                    None
                }
            },
        };
        match (action, target) {
            (Some(action), Some(target)) if errors.is_empty() => Ok(Bulk { action, target }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(json: &str) -> BulkForm {
        serde_json::from_str(json).expect("a form")
    }

    fn bad(json: &str) -> Vec<String> {
        match form(json).parse(InboxList::Enquiries) {
            Ok(bulk) => panic!("{json} was taken: {bulk:?}"),
            Err(errors) => errors.into_map().into_keys().collect(),
        }
    }

    #[test]
    fn a_status_by_ids_and_an_erase_by_filter_are_taken() {
        let bulk = form(r#"{"action":"status","status":"spam","ids":["ab12","ab12","cd34"]}"#)
            .parse(InboxList::Enquiries)
            .expect("valid");
        assert_eq!(bulk.action, BulkAction::Status(Status::Spam));
        assert_eq!(bulk.target, Target::Ids(vec!["ab12".into(), "cd34".into()]));
        let bulk = form(r#"{"action":"erase","filter":"q=asha&status=new&page=3","expected":4}"#)
            .parse(InboxList::Enquiries)
            .expect("valid");
        assert_eq!(bulk.action, BulkAction::Erase);
        let Target::Filter(query) = bulk.target else {
            panic!("a filter")
        };
        assert_eq!(query.status, Some(Status::New));
        assert!(query.search.is_some());
    }

    #[test]
    fn every_bad_field_is_named() {
        assert_eq!(bad(r#"{"action":"archive","ids":["a"]}"#), ["action"]);
        assert_eq!(
            bad(r#"{"action":"status","status":"closed","ids":["a"]}"#),
            ["status"]
        );
        assert_eq!(bad(r#"{"action":"status","ids":["a"]}"#), ["status"]);
        assert_eq!(bad(r#"{"action":"erase","ids":[]}"#), ["ids"]);
        assert_eq!(bad(r#"{"action":"erase"}"#), ["ids"]);
        assert_eq!(
            bad(r#"{"action":"erase","ids":["a"],"filter":""}"#),
            ["ids"]
        );
        assert_eq!(bad(r#"{"action":"erase","ids":["a b"]}"#), ["ids"]);
        assert_eq!(
            bad(r#"{"action":"erase","filter":"status=closed"}"#),
            ["filter"]
        );
        assert_eq!(
            bad(r#"{"action":"nothing","status":"x","filter":"from=today"}"#),
            ["action", "filter"]
        );
        let many: Vec<String> = (0..=MAX_BULK_IDS).map(|i| format!("id{i}")).collect();
        let json = serde_json::json!({"action": "erase", "ids": many}).to_string();
        assert_eq!(bad(&json), ["ids"]);
        let most: Vec<String> = (0..MAX_BULK_IDS).map(|i| format!("id{i}")).collect();
        let json = serde_json::json!({"action": "erase", "ids": most}).to_string();
        assert!(form(&json).parse(InboxList::Enquiries).is_ok());
    }
}
