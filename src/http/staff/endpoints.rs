//! Every staff endpoint, one row each: its method and path, what it needs of the session,
//! its handler, and the call the generated UI client makes of it (its name, the TypeScript
//! type of the JSON body it takes and of the answer). The warp filters
//! (`dispatch::routes`), the `Allow` header (`plumbing::allow`), the areas each role reaches,
//! the origin check of the open rows, the UI's client (generated) and the role walk
//! (`tests/staff_roles.rs`) all come from this one table.
//!
//! A row reads `METHOD "path" NEED module::handler clientName(RequestType) -> AnswerType;`:
//! - NEED is `Open` (no session; `async fn(Call)`), or what the gate asks of the session
//!   (`call::Need`: `Session`, `Account`, `Password`, `Factor`, `SetUp`, `Area(Name)`,
//!   `List` for the inbox list the path's `{list}` names), with `async fn(Call, Staff)`.
//! - the answer `null` is 204 No Content, `Blob` a file.
//!
//! Rows are tried in order: a literal path before a `{param}` one that would match it.

use crate::http::staff::call::Endpoint;
use crate::http::staff::stories::revisions;
use crate::http::staff::{
    analytics, assign, backups, bulk, inbox, mail, media, readers, settings, stories,
};

/// One row (see the module's comment for how it reads).
macro_rules! row {
    (@verb GET) => { $crate::http::staff::call::Verb::Get };
    (@verb POST) => { $crate::http::staff::call::Verb::Post };
    (@verb PUT) => { $crate::http::staff::call::Verb::Put };
    (@verb PATCH) => { $crate::http::staff::call::Verb::Patch };
    (@verb DELETE) => { $crate::http::staff::call::Verb::Delete };
    ($verb:ident $path:literal Open $module:ident::$handler:ident
     $name:ident($($request:ident)?) -> $answer:ident) => {
        $crate::http::staff::call::open(
            row!(@verb $verb),
            $path,
            |call| Box::pin($module::$handler(call)),
            stringify!($name),
            concat!($(stringify!($request))?),
            stringify!($answer),
        )
    };
    ($verb:ident $path:literal $need:ident$(($area:ident))? $module:ident::$handler:ident
     $name:ident($($request:ident)?) -> $answer:ident) => {
        $crate::http::staff::call::staff(
            row!(@verb $verb),
            $path,
            $crate::http::staff::call::Need::$need$(($crate::domain::roles::Area::$area))?,
            |call, staff| Box::pin($module::$handler(call, staff)),
            stringify!($name),
            concat!($(stringify!($request))?),
            stringify!($answer),
        )
    };
}

/// The table: each line between the brackets is a row.
macro_rules! table {
    ($($verb:ident $path:literal $need:ident$(($area:ident))? $module:ident::$handler:ident
       $name:ident($($request:ident)?) -> $answer:ident;)*) => {
        &[$(row!($verb $path $need$(($area))? $module::$handler $name($($request)?) -> $answer)),*]
    };
}

#[rustfmt::skip]
pub static ENDPOINTS: &[Endpoint] = table! {
    // the inbox: a list's page and exports, a bulk action, one lead and its changes
    GET    "/api/staff/inbox/{list}"                            List              inbox::list_page      inboxPage() -> LeadPage;
    GET    "/api/staff/inbox/{list}/export.csv"                 List              inbox::export_csv     exportCsv() -> Blob;
    GET    "/api/staff/inbox/{list}/export.xlsx"                List              inbox::export_xlsx    exportXlsx() -> Blob;
    POST   "/api/staff/inbox/{list}/bulk"                       List              bulk::run             bulkAction(BulkForm) -> BulkDone;
    GET    "/api/staff/inbox/{list}/{id}"                       List              inbox::item           lead() -> LeadDetail;
    DELETE "/api/staff/inbox/{list}/{id}"                       List              inbox::erase          eraseLead() -> null;
    POST   "/api/staff/inbox/{list}/{id}/status"                List              inbox::set_status     setLeadStatus(StatusForm) -> LeadDetail;
    POST   "/api/staff/inbox/{list}/{id}/notes"                 List              inbox::add_note       addLeadNote(NoteForm) -> LeadDetail;
    GET    "/api/staff/inbox/applicants/{id}/resume"            Area(Applicants)  inbox::resume         resume() -> Blob;
    // assignment and follow-up; one's morning digest
    GET    "/api/staff/assignees/{list}"                        List              assign::assignees     assignees() -> AssigneesBody;
    POST   "/api/staff/inbox/{list}/{id}/assign"                List              assign::assign        assignLead(AssignForm) -> LeadDetail;
    POST   "/api/staff/inbox/{list}/{id}/follow-up"             List              assign::follow_up     setFollowUp(FollowUpForm) -> LeadDetail;
    GET    "/api/staff/account/digest"                          Account           assign::digest        digest() -> DigestSetting;
    PUT    "/api/staff/account/digest"                          Account           assign::set_digest    setDigest(DigestSetting) -> DigestSetting;
    // the story editor (its literal paths before `{id}`)
    GET    "/api/staff/stories"                                 Area(Stories)     stories::list         stories() -> StoryPage;
    POST   "/api/staff/stories"                                 Area(Stories)     stories::create       createStory(StoryForm) -> Saved;
    GET    "/api/staff/stories/choices"                         Area(Stories)     stories::choices      storyChoices() -> StoryChoices;
    POST   "/api/staff/stories/preview"                         Area(Stories)     stories::preview      previewStory(PreviewForm) -> Preview;
    GET    "/api/staff/stories/{id}"                            Area(Stories)     stories::open         story() -> StoryBody;
    PUT    "/api/staff/stories/{id}"                            Area(Stories)     stories::save         saveStory(StoryForm) -> Saved;
    DELETE "/api/staff/stories/{id}"                            Area(Stories)     stories::delete       deleteStory() -> Deleted;
    // a story's kept revisions, and restoring one
    GET    "/api/staff/stories/{id}/revisions"                  Area(Stories)     revisions::list       storyRevisions() -> StoryRevisions;
    GET    "/api/staff/stories/{id}/revisions/{number}"         Area(Stories)     revisions::show       storyRevision() -> StoryRevisionBody;
    POST   "/api/staff/stories/{id}/revisions/{number}/restore" Area(Stories)     revisions::restore    restoreStoryRevision(StoryRestoreForm) -> Saved;
    // images staff upload (a story's, an author's, a leader's): the body is the file
    POST   "/api/staff/media"                                   Area(Stories)     media::upload         uploadMedia(Blob) -> Uploaded;
    // the blog's readers, and what each story's mail did
    GET    "/api/staff/readers/counts"                          Area(Subscribers) readers::counts       readerCounts() -> ReaderCounts;
    POST   "/api/staff/readers"                                 Area(Subscribers) readers::add          addReader(ReaderForm) -> ReaderAdded;
    POST   "/api/staff/readers/{id}/unsubscribe"                Area(Subscribers) readers::unsubscribe  unsubscribeReader() -> ReaderUnsubscribed;
    GET    "/api/staff/stories/{id}/mail"                       Area(Stories)     readers::story_mail   storyMail() -> StoryMail;
    // the company's details
    GET    "/api/staff/settings"                                Area(Company)     settings::staff_read  readSettings() -> SettingsBody;
    PUT    "/api/staff/settings"                                Area(Company)     settings::staff_save  saveSettings(SiteDetailsForm) -> SettingsBody;
    // what visitors did
    GET    "/api/staff/analytics"                               Area(Analytics)   analytics::report     analytics() -> AnalyticsBody;
    // mail: the outbox and who gets which lead
    GET    "/api/staff/mail"                                    Area(Mail)        mail::read_status     mailStatus() -> MailStatus;
    POST   "/api/staff/mail/retry"                              Area(Mail)        mail::retry_all       retryDeadMail() -> MailAction;
    POST   "/api/staff/mail/test"                               Area(Mail)        mail::send_test       sendTestMail(TestMailForm) -> MailAction;
    GET    "/api/staff/mail/routes"                             Area(Mail)        mail::read_routes     mailRoutes() -> RoutesBody;
    PUT    "/api/staff/mail/routes"                             Area(Mail)        mail::save_routes     saveMailRoutes(RoutesForm) -> RoutesBody;
    POST   "/api/staff/mail/{id}/retry"                         Area(Mail)        mail::retry_one       retryMail() -> MailAction;
    // the backup sets: their state, and one made now
    GET    "/api/staff/backups"                                 Area(Backups)     backups::read_backups backups() -> BackupsBody;
    POST   "/api/staff/backups"                                 Area(Backups)     backups::back_up_now  backUpNow() -> BackupsBody;
};
