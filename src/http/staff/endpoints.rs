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
use crate::http::staff::{analytics, backups, mail, readers, settings};

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
    // the blog's readers, and what each story's mail did
    GET    "/api/staff/readers/counts"             Area(Subscribers) readers::counts      readerCounts() -> ReaderCounts;
    POST   "/api/staff/readers"                    Area(Subscribers) readers::add         addReader(ReaderForm) -> ReaderAdded;
    POST   "/api/staff/readers/{id}/unsubscribe"   Area(Subscribers) readers::unsubscribe unsubscribeReader() -> ReaderUnsubscribed;
    GET    "/api/staff/stories/{id}/mail"          Area(Stories)     readers::story_mail  storyMail() -> StoryMail;
    // the company's details
    GET    "/api/staff/settings"                   Area(Company)     settings::staff_read readSettings() -> SettingsBody;
    PUT    "/api/staff/settings"                   Area(Company)     settings::staff_save saveSettings(SiteDetailsForm) -> SettingsBody;
    // what visitors did
    GET    "/api/staff/analytics"                  Area(Analytics)   analytics::report    analytics() -> AnalyticsBody;
    // mail: the outbox and who gets which lead
    GET    "/api/staff/mail"                       Area(Mail)        mail::read_status    mailStatus() -> MailStatus;
    POST   "/api/staff/mail/retry"                 Area(Mail)        mail::retry_all      retryDeadMail() -> MailAction;
    POST   "/api/staff/mail/test"                  Area(Mail)        mail::send_test      sendTestMail(TestMailForm) -> MailAction;
    GET    "/api/staff/mail/routes"                Area(Mail)        mail::read_routes    mailRoutes() -> RoutesBody;
    PUT    "/api/staff/mail/routes"                Area(Mail)        mail::save_routes    saveMailRoutes(RoutesForm) -> RoutesBody;
    POST   "/api/staff/mail/{id}/retry"            Area(Mail)        mail::retry_one      retryMail() -> MailAction;
    // the backup sets: their state, and one made now
    GET    "/api/staff/backups"                    Area(Backups)     backups::read_backups backups() -> BackupsBody;
    POST   "/api/staff/backups"                    Area(Backups)     backups::back_up_now backUpNow() -> BackupsBody;
};
