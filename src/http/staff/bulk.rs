//! `POST /api/staff/inbox/{list}/bulk`: one action on many leads of a list, behind
//! `staff::gate` like every inbox change (the list's area, the site's origin, CSRF).
//!
//! The body is `{"action": "status", "status": "spam", "ids": [...]}` or
//! `{"action": "erase", "filter": "q=...&status=...", "expected": n}`: the ids ticked (at
//! most `MAX_BULK_IDS`), or every row the list's filter matches. The list may have changed
//! since the staff member looked, so the action is on the rows that still qualify *now* (the
//! ids still in this list, the rows the filter matches when it runs), and the answer says how
//! many: `{"done": n}`, and the token that undoes it (`undo`): a status change's, or the
//! trash's name for what an erase put there. A bad field is a 422 naming it, and nothing changes. The whole
//! action is one transaction, with an audit row for every lead it changed, through the
//! operation the single change goes through too (`office::leads::set_status`, `erase`,
//! which deletes the applicants' resume files after the commit).

use warp::reply::Response;
use warp::Reply;

use crate::domain::bulk::{BulkAction, BulkDone, BulkForm, Target, UndoForm};
use crate::http::plumbing::error::ApiError;
use crate::http::plumbing::reply::invalid;
use crate::http::staff::call::Call;
use crate::http::staff::inbox::{erase_leads, resolve, set_status_of, which};
use crate::http::staff::session::Staff;
use crate::office::leads::{self, Picked};
use crate::store::StoreError;

pub(super) async fn run(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let form: BulkForm = call.json().await?;
    let mut request = form.parse(list).map_err(invalid)?;
    // A filter means what the list means by it: `assigned=me` is the asker, `due=today` and
    // the days are the office's.
    if let Target::Filter(query) = request.target {
        request.target = Target::Filter(resolve(&call.state, &staff, query).await?);
    }
    let picked = Picked::Many(request.target);
    let (done, undo) = match request.action {
        BulkAction::Status(status) => {
            set_status_of(&call.state, staff, list, picked, status).await?
        }
        BulkAction::Erase => erase_leads(&call.state, staff, list, picked).await?,
    };
    Ok(warp::reply::json(&BulkDone { done, undo }).into_response())
}

/// `POST /api/staff/inbox/{list}/bulk/undo` `{"undo": token}`: puts the leads a status
/// change (of many, or of one by `POST {list}/{id}/status`) changed back as they were
/// (status, who and when), unless one changed again since; or the leads an erase put in the
/// trash back where they were, while the trash keeps them. Answers how many, `{"done": n}`.
/// A token that is unknown, of another list, used already or past its time is a 409 saying
/// so, and nothing changes.
pub(super) async fn undo(mut call: Call, staff: Staff) -> Result<Response, ApiError> {
    let list = which(&call)?;
    let form: UndoForm = call.json().await?;
    let actor = staff.actor();
    let undone = call
        .state
        .db
        .write(move |conn| -> Result<Option<u64>, StoreError> {
            match leads::undo_status(conn, &actor, list, &form.undo)? {
                Some(done) => Ok(Some(done)),
                // An erase's token names what it put in the trash.
                None => crate::office::trash::restore_batch(conn, &actor, list, &form.undo),
            }
        })
        .await?;
    match undone {
        Some(done) => Ok(warp::reply::json(&BulkDone { done, undo: None }).into_response()),
        None => Err(ApiError::Conflict(
            "It is too late to undo this: set the status again.".into(),
        )),
    }
}
