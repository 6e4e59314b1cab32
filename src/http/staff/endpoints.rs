//! Every staff endpoint, one row each: its method and path, what it needs of the session,
//! its handler, and the call the generated UI client makes of it (its name, the TypeScript
//! type of the JSON body it takes and of the answer). The warp filters
//! (`dispatch::routes`), the `Allow` header (`plumbing::allow`), the areas each role reaches,
//! the origin check of the open rows, the UI's client (generated) and the role walk
//! (`tests/staff_roles.rs`) all come from this one table.
//!
//! A row reads `METHOD "path" NEED module::handler clientName(RequestType) -> AnswerType;`:
//! - NEED is `Open` (no session; `async fn(Call)`), or what the gate asks of the session
//!   (`session::Need`: `Session`, `Account`, `Password`, `Factor`, `SetUp`, `Area(Name)`,
//!   `List` for the inbox list the path's `{list}` names), with `async fn(Call, Staff)`.
//! - the answer `null` is 204 No Content, `Blob` a file.
//!
//! Rows are tried in order: a literal path before a `{param}` one that would match it.

use crate::http::staff::call::Endpoint;
use crate::http::staff::stories::revisions;
use crate::http::staff::{
    account, analytics, api_keys, assign, backups, bulk, company_details, factors, inbox, jobs,
    mail, media, pages, passkeys, readers, replies, retention, sign_in, stories, team, trash,
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
            $crate::http::staff::session::Need::$need$(($crate::domain::roles::Area::$area))?,
            |call, staff| Box::pin($module::$handler(call, staff)),
            stringify!($name),
            concat!($(stringify!($request))?),
            stringify!($answer),
        )
    };
}

/// The table: each line between the brackets is a row. Besides the rows, it writes
/// `visit_row_types`, which hands the generated client's writer every type a row names
/// (`types`), so that the types come from the rows.
macro_rules! table {
    ($($verb:ident $path:literal $need:ident$(($area:ident))? $module:ident::$handler:ident
       $name:ident($($request:ident)?) -> $answer:ident;)*) => {
        pub static ENDPOINTS: &[Endpoint] =
            &[$(row!($verb $path $need$(($area))? $module::$handler $name($($request)?) -> $answer)),*];

        /// Hands `visit` each type the rows name, with the name the row gives it.
        #[cfg(test)]
        pub(crate) fn visit_row_types(visit: &mut impl RowTypes) {
            $($(row_type!(visit, $request);)? row_type!(visit, $answer);)*
        }
    };
}

/// One type a row names: `null` (no body) and `Blob` (a file) are none of the API's types.
#[cfg(test)]
macro_rules! row_type {
    ($visit:ident, null) => {};
    ($visit:ident, Blob) => {};
    ($visit:ident, $type:ident) => {
        $visit.row_type::<types::$type>(stringify!($type))
    };
}

/// What takes the types the rows name (`visit_row_types`).
#[cfg(test)]
pub(crate) trait RowTypes {
    /// `T`, which the rows call `name`.
    fn row_type<T: ts_rs::TS + 'static>(&mut self, name: &str);
}

/// The types the rows name, by the names the rows (and TypeScript) give them: a row's new
/// type is one more line here. The generated client's types are these and what they hold.
#[cfg(test)]
pub(crate) mod types {
    pub(crate) use crate::domain::bulk::{BulkDone, BulkForm, UndoForm};
    pub(crate) use crate::domain::company_details::CompanyDetailsForm;
    pub(crate) use crate::domain::job::JobForm;
    pub(crate) use crate::domain::retention::RulesForm as RetentionForm;
    pub(crate) use crate::domain::story::StoryForm;
    pub(crate) use crate::http::public_api::subscriptions::MessageBody;
    pub(crate) use crate::http::staff::account::{
        AccountActivity, AuditPageBody as AuditPage, ForgotPassword, PasswordReset, ResetLink,
        SessionList,
    };
    pub(crate) use crate::http::staff::analytics::AnalyticsBody;
    pub(crate) use crate::http::staff::api_keys::{
        ApiKeysBody as ApiKeys, KeyForm as ApiKeyForm, MadeBody as ApiKeyMade,
    };
    pub(crate) use crate::http::staff::assign::{
        AssignForm, AssigneesBody, DigestSetting, FollowUpForm,
    };
    pub(crate) use crate::http::staff::backups::BackupsBody;
    pub(crate) use crate::http::staff::factors::{
        AuthenticatorSetUp, CodeGiven, Confirmation, FactorAdded, FactorPolicy, PasskeyRow,
        SecondFactors,
    };
    pub(crate) use crate::http::staff::inbox::{
        ItemBody as LeadDetail, NoteForm, PrivacyErased, StatusForm,
    };
    pub(crate) use crate::http::staff::jobs::{
        BodyJson as JobBody, ListJson as JobList, SavedJson as JobSaved, StateForm as JobStateForm,
    };
    pub(crate) use crate::http::staff::mail::{
        MailAction, MailStatus, RoutesBody, RoutesForm, TestMailForm,
    };
    pub(crate) use crate::http::staff::media::Uploaded;
    pub(crate) use crate::http::staff::pages::{
        DraftForm as PageDraftForm, PageBody, PageListJson as PageList,
        PreviewForm as PagePreviewForm, PublishForm as PagePublishForm,
        RevisionBody as PageRevisionBody, RevisionsJson as PageRevisions, SavedJson as PageSaved,
    };
    pub(crate) use crate::http::staff::passkeys::{
        NewPasskey, PasskeyAdded, PasskeyChallenge, PasskeyName, PasskeySignIn,
    };
    pub(crate) use crate::http::staff::readers::{
        ReaderAdded, ReaderCounts, ReaderForm, ReaderUnsubscribed, StoryMail,
    };
    pub(crate) use crate::http::staff::replies::{
        ReplyAddress, ReplyForm, ReplySent, TemplatesBody, TemplatesForm,
    };
    pub(crate) use crate::http::staff::retention::RetentionBody;
    pub(crate) use crate::http::staff::sign_in::{PasswordChange, SignIn};
    pub(crate) use crate::http::staff::stories::revisions::RestoreForm as StoryRestoreForm;
    pub(crate) use crate::http::staff::stories::{Deleted, Preview, PreviewForm};
    pub(crate) use crate::http::staff::team::{
        AcceptForm as InviteAcceptance, InviteCheckBody as InviteCheck, InviteForm, LeadMailBody,
        RolesForm, SetupForm, TeamBody, TokenForm as LinkToken,
    };
    pub(crate) use crate::http::staff::trash::{TrashBody, TrashDays, TrashRestored};

    pub(crate) type LeadPage = crate::http::staff::inbox::PageBody<'static>;
    pub(crate) type ResetAnswer = crate::http::staff::account::Message<'static>;
    pub(crate) type Saved = crate::http::staff::stories::Saved<'static>;
    pub(crate) type StaffCompanyDetailsBody =
        crate::http::staff::company_details::StaffCompanyDetailsBody<'static>;
    pub(crate) type StaffSession = crate::http::staff::session::SessionBody<'static>;
    pub(crate) type StoryBody = crate::http::staff::stories::StoryBody<'static>;
    pub(crate) type StoryChoices = crate::http::staff::stories::ChoicesJson<'static>;
    pub(crate) type StoryPage = crate::http::staff::stories::PageJson<'static>;
    pub(crate) type StoryRevisionBody =
        crate::http::staff::stories::revisions::RevisionBody<'static>;
    pub(crate) type StoryRevisions = crate::http::staff::stories::revisions::RevisionsJson<'static>;
}

#[rustfmt::skip]
table! {
    // the inbox: a list's page and exports, a bulk action, one lead and its changes
    GET    "/api/staff/inbox/{list}"                            List              inbox::list_page               inboxPage() -> LeadPage;
    GET    "/api/staff/inbox/{list}/export.csv"                 List              inbox::export_csv              exportCsv() -> Blob;
    GET    "/api/staff/inbox/{list}/export.xlsx"                List              inbox::export_xlsx             exportXlsx() -> Blob;
    POST   "/api/staff/inbox/{list}/bulk"                       List              bulk::run                      bulkAction(BulkForm) -> BulkDone;
    POST   "/api/staff/inbox/{list}/bulk/undo"                  List              bulk::undo                     undoBulk(UndoForm) -> BulkDone;
    GET    "/api/staff/inbox/{list}/{id}"                       List              inbox::item                    lead() -> LeadDetail;
    DELETE "/api/staff/inbox/{list}/{id}"                       List              inbox::erase                   eraseLead() -> null;
    POST   "/api/staff/inbox/{list}/{id}/status"                List              inbox::set_status              setLeadStatus(StatusForm) -> LeadDetail;
    POST   "/api/staff/inbox/{list}/{id}/notes"                 List              inbox::add_note                addLeadNote(NoteForm) -> LeadDetail;
    POST   "/api/staff/inbox/{list}/{id}/erase-for-privacy"     List              inbox::erase_for_privacy       eraseForPrivacy() -> PrivacyErased;
    GET    "/api/staff/inbox/applicants/{id}/resume"            Area(Applicants)  inbox::resume                  resume() -> Blob;
    // assignment and follow-up; one's morning digest
    GET    "/api/staff/assignees/{list}"                        List              assign::assignees              assignees() -> AssigneesBody;
    POST   "/api/staff/inbox/{list}/{id}/assign"                List              assign::assign                 assignLead(AssignForm) -> LeadDetail;
    POST   "/api/staff/inbox/{list}/{id}/follow-up"             List              assign::follow_up              setFollowUp(FollowUpForm) -> LeadDetail;
    // replies from a lead, and the templates they start from
    POST   "/api/staff/inbox/{list}/{id}/replies"               List              replies::send                  sendReply(ReplyForm) -> ReplySent;
    GET    "/api/staff/templates"                               Account           replies::templates             replyTemplates() -> TemplatesBody;
    PUT    "/api/staff/templates"                               Account           replies::save_templates        saveReplyTemplates(TemplatesForm) -> TemplatesBody;
    GET    "/api/staff/account/digest"                          Account           assign::digest                 digest() -> DigestSetting;
    PUT    "/api/staff/account/digest"                          Account           assign::set_digest             setDigest(DigestSetting) -> DigestSetting;
    // the story editor (its literal paths before `{id}`)
    GET    "/api/staff/stories"                                 Area(Stories)     stories::list                  stories() -> StoryPage;
    POST   "/api/staff/stories"                                 Area(Stories)     stories::create                createStory(StoryForm) -> Saved;
    GET    "/api/staff/stories/choices"                         Area(Stories)     stories::choices               storyChoices() -> StoryChoices;
    POST   "/api/staff/stories/preview"                         Area(Stories)     stories::preview               previewStory(PreviewForm) -> Preview;
    GET    "/api/staff/stories/{id}"                            Area(Stories)     stories::open                  story() -> StoryBody;
    PUT    "/api/staff/stories/{id}"                            Area(Stories)     stories::save                  saveStory(StoryForm) -> Saved;
    DELETE "/api/staff/stories/{id}"                            Area(Stories)     stories::delete                deleteStory() -> Deleted;
    // a story's kept revisions, and restoring one
    GET    "/api/staff/stories/{id}/revisions"                  Area(Stories)     revisions::list                storyRevisions() -> StoryRevisions;
    GET    "/api/staff/stories/{id}/revisions/{number}"         Area(Stories)     revisions::show                storyRevision() -> StoryRevisionBody;
    POST   "/api/staff/stories/{id}/revisions/{number}/restore" Area(Stories)     revisions::restore             restoreStoryRevision(StoryRestoreForm) -> Saved;
    // images staff upload (a story's, an author's, a leader's): the body is the file
    POST   "/api/staff/media"                                   Area(Stories)     media::upload                  uploadMedia(Blob) -> Uploaded;
    // the blog's readers, and what each story's mail did
    GET    "/api/staff/readers/counts"                          Area(Subscribers) readers::counts                readerCounts() -> ReaderCounts;
    POST   "/api/staff/readers"                                 Area(Subscribers) readers::add                   addReader(ReaderForm) -> ReaderAdded;
    POST   "/api/staff/readers/{id}/unsubscribe"                Area(Subscribers) readers::unsubscribe           unsubscribeReader() -> ReaderUnsubscribed;
    GET    "/api/staff/stories/{id}/mail"                       Area(Stories)     readers::story_mail            storyMail() -> StoryMail;
    // the company's details
    GET    "/api/staff/settings"                                Area(Company)     company_details::staff_read    readSettings() -> StaffCompanyDetailsBody;
    PUT    "/api/staff/settings"                                Area(Company)     company_details::staff_save    saveSettings(CompanyDetailsForm) -> StaffCompanyDetailsBody;
    // the page editor: every public page's texts and pictures over the UI's defaults
    GET    "/api/staff/pages"                                   Area(Pages)       pages::list                    pages() -> PageList;
    GET    "/api/staff/pages/{key}"                             Area(Pages)       pages::open                    page() -> PageBody;
    PUT    "/api/staff/pages/{key}"                             Area(Pages)       pages::save                    savePage(PageDraftForm) -> PageSaved;
    POST   "/api/staff/pages/{key}/publish"                     Area(Pages)       pages::publish                 publishPage(PagePublishForm) -> PageSaved;
    GET    "/api/staff/pages/{key}/revisions"                   Area(Pages)       pages::revisions               pageRevisions() -> PageRevisions;
    GET    "/api/staff/pages/{key}/revisions/{number}"          Area(Pages)       pages::revision                pageRevision() -> PageRevisionBody;
    POST   "/api/staff/pages/{key}/revisions/{number}/restore"  Area(Pages)       pages::restore                 restorePageRevision(StoryRestoreForm) -> PageSaved;
    DELETE "/api/staff/pages/{key}/fields/{path}"               Area(Pages)       pages::reset_field             resetPageField() -> PageSaved;
    GET    "/api/staff/pages/{key}/preview"                     Area(Pages)       pages::preview_draft           previewPageDraft() -> Blob;
    POST   "/api/staff/pages/{key}/preview"                     Area(Pages)       pages::preview                 previewPage(PagePreviewForm) -> Blob;
    // job openings: kept, published and closed by recruiters
    GET    "/api/staff/jobs"                                    Area(Jobs)        jobs::list                     jobs() -> JobList;
    POST   "/api/staff/jobs"                                    Area(Jobs)        jobs::create                   createJob(JobForm) -> JobSaved;
    GET    "/api/staff/jobs/{id}"                               Area(Jobs)        jobs::open                     job() -> JobBody;
    PUT    "/api/staff/jobs/{id}"                               Area(Jobs)        jobs::save                     saveJob(JobForm) -> JobSaved;
    DELETE "/api/staff/jobs/{id}"                               Area(Jobs)        jobs::delete                   deleteJob() -> null;
    POST   "/api/staff/jobs/{id}/publish"                       Area(Jobs)        jobs::publish                  publishJob(JobStateForm) -> JobSaved;
    POST   "/api/staff/jobs/{id}/close"                         Area(Jobs)        jobs::close                    closeJob(JobStateForm) -> JobSaved;
    // the trash: what the inbox's erases and the stories' deletions put there
    GET    "/api/staff/trash"                                   Account           trash::list                    trash() -> TrashBody;
    PUT    "/api/staff/trash/days"                              Area(Team)        trash::set_days                setTrashDays(TrashDays) -> TrashDays;
    POST   "/api/staff/trash/{kind}/{id}/restore"               Account           trash::restore                 restoreFromTrash() -> TrashRestored;
    DELETE "/api/staff/trash/{kind}/{id}"                       Account           trash::erase                   eraseFromTrash() -> null;
    // how long the inbox keeps a lead once its purpose is served
    GET    "/api/staff/retention"                               Area(Team)        retention::read                retention() -> RetentionBody;
    PUT    "/api/staff/retention"                               Area(Team)        retention::save                setRetention(RetentionForm) -> RetentionBody;
    // what visitors did
    GET    "/api/staff/analytics"                               Area(Analytics)   analytics::report              analytics() -> AnalyticsBody;
    // mail: the outbox and who gets which lead
    GET    "/api/staff/mail"                                    Area(Mail)        mail::read_status              mailStatus() -> MailStatus;
    POST   "/api/staff/mail/retry"                              Area(Mail)        mail::retry_all                retryDeadMail() -> MailAction;
    POST   "/api/staff/mail/test"                               Area(Mail)        mail::send_test                sendTestMail(TestMailForm) -> MailAction;
    GET    "/api/staff/mail/routes"                             Area(Mail)        mail::read_routes              mailRoutes() -> RoutesBody;
    PUT    "/api/staff/mail/routes"                             Area(Mail)        mail::save_routes              saveMailRoutes(RoutesForm) -> RoutesBody;
    GET    "/api/staff/mail/reply-address"                      Area(Mail)        replies::reply_address         replyAddress() -> ReplyAddress;
    PUT    "/api/staff/mail/reply-address"                      Area(Mail)        replies::set_reply_address     setReplyAddress(ReplyAddress) -> ReplyAddress;
    POST   "/api/staff/mail/{id}/retry"                         Area(Mail)        mail::retry_one                retryMail() -> MailAction;
    // the backup sets: their state, and one made now
    GET    "/api/staff/backups"                                 Area(Backups)     backups::read_backups          backups() -> BackupsBody;
    POST   "/api/staff/backups"                                 Area(Backups)     backups::back_up_now           backUpNow() -> BackupsBody;
    // signing in and out, the session, one's password
    POST   "/api/staff/login"                                   Open              sign_in::login                 signIn(SignIn) -> StaffSession;
    GET    "/api/staff/session"                                 Session           sign_in::session               session() -> StaffSession;
    POST   "/api/staff/logout"                                  Session           sign_in::logout                signOut() -> null;
    POST   "/api/staff/password"                                Password          sign_in::change_password       changePassword(PasswordChange) -> StaffSession;
    // a forgotten password: the reset link, without a session
    POST   "/api/staff/password/forgot"                         Open              account::forgot                forgotPassword(ForgotPassword) -> ResetAnswer;
    POST   "/api/staff/password/reset/check"                    Open              account::check_link            checkResetLink(ResetLink) -> ResetAnswer;
    POST   "/api/staff/password/reset"                          Open              account::reset                 resetPassword(PasswordReset) -> StaffSession;
    // sessions: one's own, and everyone's for the team area; the audit log
    GET    "/api/staff/account/sessions"                        Account           account::own_sessions          ownSessions() -> SessionList;
    GET    "/api/staff/account/activity"                        Account           account::activity              accountActivity() -> AccountActivity;
    DELETE "/api/staff/account/sessions/{key}"                  Account           account::end_own_session       endOwnSession() -> null;
    GET    "/api/staff/team/sessions"                           Area(Team)        account::team_sessions         teamSessions() -> SessionList;
    DELETE "/api/staff/team/sessions/{key}"                     Area(Team)        account::end_team_session      endTeamSession() -> null;
    GET    "/api/staff/team/audit"                              Area(Team)        account::audit_page            auditPage() -> AuditPage;
    GET    "/api/staff/team/audit.csv"                          Area(Team)        account::audit_export          auditExport() -> Blob;
    // the second factor at sign-in: a code, or a passkey alone (no session yet)
    POST   "/api/staff/login/code"                              Factor            factors::give_code             giveCode(CodeGiven) -> StaffSession;
    POST   "/api/staff/passkey/options"                         Open              passkeys::sign_in_options      passkeySignInOptions() -> PasskeyChallenge;
    POST   "/api/staff/passkey/sign-in"                         Open              passkeys::sign_in_with         signInWithPasskey(PasskeySignIn) -> StaffSession;
    // one's second factors: authenticator, recovery codes, passkeys, confirming it is you
    GET    "/api/staff/account/factors"                         SetUp             factors::list                  secondFactors() -> SecondFactors;
    POST   "/api/staff/account/authenticator"                   SetUp             factors::begin_authenticator   startAuthenticator() -> AuthenticatorSetUp;
    DELETE "/api/staff/account/authenticator"                   SetUp             factors::remove_authenticator  removeAuthenticator() -> null;
    POST   "/api/staff/account/authenticator/confirm"           SetUp             factors::confirm_authenticator confirmAuthenticator(CodeGiven) -> FactorAdded;
    POST   "/api/staff/account/recovery-codes"                  SetUp             factors::new_recovery_codes    newRecoveryCodes() -> FactorAdded;
    POST   "/api/staff/account/confirm"                         SetUp             factors::confirm_again         confirmItIsYou(Confirmation) -> null;
    POST   "/api/staff/account/passkeys/options"                SetUp             passkeys::register_options     passkeyOptions() -> PasskeyChallenge;
    POST   "/api/staff/account/passkeys"                        SetUp             passkeys::register             addPasskey(NewPasskey) -> PasskeyAdded;
    PATCH  "/api/staff/account/passkeys/{id}"                   SetUp             passkeys::rename               renamePasskey(PasskeyName) -> PasskeyRow;
    DELETE "/api/staff/account/passkeys/{id}"                   SetUp             passkeys::remove               removePasskey() -> null;
    // the team's rule of who needs a second factor, and resetting someone's
    GET    "/api/staff/team/second-factor"                      Area(Team)        factors::policy                factorPolicy() -> FactorPolicy;
    PUT    "/api/staff/team/second-factor"                      Area(Team)        factors::set_policy            setFactorPolicy(FactorPolicy) -> FactorPolicy;
    POST   "/api/staff/team/accounts/{id}/reset-factors"        Area(Team)        factors::reset                 resetFactors() -> null;
    // the team: accounts and their roles, invites
    GET    "/api/staff/team"                                    Area(Team)        team::read_team                readTeam() -> TeamBody;
    PUT    "/api/staff/team/accounts/{id}/roles"                Area(Team)        team::change_roles             setRoles(RolesForm) -> TeamBody;
    GET    "/api/staff/team/accounts/{id}/lead-mail"            Area(Team)        team::read_lead_mail           leadMail() -> LeadMailBody;
    DELETE "/api/staff/team/accounts/{id}"                      Area(Team)        team::remove_account           removeAccount() -> TeamBody;
    POST   "/api/staff/team/invites"                            Area(Team)        team::create_invite            sendInvite(InviteForm) -> TeamBody;
    POST   "/api/staff/team/invites/{id}/resend"                Area(Team)        team::resend_invite            resendInvite() -> TeamBody;
    DELETE "/api/staff/team/invites/{id}"                       Area(Team)        team::revoke_invite            revokeInvite() -> TeamBody;
    // API keys for the group's other sites and tools: their form posts skip the proof of work
    GET    "/api/staff/team/api-keys"                           Area(Team)        api_keys::list                 apiKeys() -> ApiKeys;
    POST   "/api/staff/team/api-keys"                           Area(Team)        api_keys::create               makeApiKey(ApiKeyForm) -> ApiKeyMade;
    DELETE "/api/staff/team/api-keys/{id}"                      Area(Team)        api_keys::revoke               revokeApiKey() -> ApiKeys;
    // the invite and set-up links: no session yet
    POST   "/api/staff/invite/check"                            Open              team::check_invite             checkInvite(LinkToken) -> InviteCheck;
    POST   "/api/staff/invite/accept"                           Open              team::accept_invite            acceptInvite(InviteAcceptance) -> StaffSession;
    POST   "/api/staff/setup/check"                             Open              team::check_setup              checkSetup(LinkToken) -> MessageBody;
    POST   "/api/staff/setup"                                   Open              team::set_up                   setUp(SetupForm) -> StaffSession;
}
