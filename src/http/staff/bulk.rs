//! `POST /api/staff/inbox/{list}/bulk`: one action on many leads of a list, behind
//! `staff::gate` like every inbox change (the list's area, the site's origin, CSRF).
//!
//! The body is `{"action": "status", "status": "spam", "ids": [...]}` or
//! `{"action": "erase", "filter": "q=...&status=...", "expected": n}`: the ids ticked (at
//! most `MAX_BULK_IDS`), or every row the list's filter matches. The list may have changed
//! since the staff member looked, so the action is on the rows that still qualify *now* (the
//! ids still in this list, the rows the filter matches when it runs), and the answer says how
//! many: `{"done": n}`. A bad field is a 422 naming it, and nothing changes. The whole
//! action is one transaction, with an audit row for every lead it changed
//! (`store::bulk`); an erase then deletes the applicants' resume files as the single
//! erase does (`inbox::remove_resume`).

use warp::reply::Response;
use warp::Reply;

use crate::domain::bulk::{BulkAction, BulkDone, BulkForm, Target};
use crate::domain::inbox::InboxList;
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::inbox::remove_resume;
use crate::http::staff::session::Staff;
use crate::store::bulk;
use crate::store::StoreError;

pub(super) async fn run(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = InboxList::parse(call.param("list")).ok_or_else(|| {
        ApiError::NotFound(
            "There is no such list: choose enquiries, subscribers or applicants.".into(),
        )
    })?;
    let form: BulkForm = call.json().await?;
    let mut request = form.parse().map_err(invalid)?;
    // A filter means what the list means by it: `assigned=me` is the asker, `due=today` and
    // the days are the office's.
    if let Target::Filter(query) = request.target {
        request.target = Target::Filter(super::inbox::resolve(&call.state, &staff, query).await?);
    }
    let done = match request.action {
        BulkAction::Status(status) => {
            call.state
                .db
                .write(move |conn| -> Result<u64, StoreError> {
                    let audit = staff.audit("set status", "", status.as_str());
                    Ok(bulk::set_status(
                        conn,
                        list,
                        &request.target,
                        status,
                        &audit,
                    )?)
                })
                .await?
        }
        BulkAction::Erase => {
            let (done, files) = call
                .state
                .db
                .write(move |conn| -> Result<(u64, Vec<String>), StoreError> {
                    Ok(bulk::erase(
                        conn,
                        list,
                        &request.target,
                        &staff.audit("erased", "", ""),
                    )?)
                })
                .await?;
            for file in files {
                remove_resume(&call.state, &file).await?;
            }
            done
        }
    };
    Ok(warp::reply::json(&BulkDone { done }).into_response())
}
