//! What a staff account may reach: areas of the office's side, and the roles that bundle
//! them as an office names them. The server checks an endpoint's area on every request
//! (each row of `http::staff::endpoints` names its own); the UI offers only the screens of
//! the session's areas.

use std::fmt;

use serde::Serialize;

/// A part of the office's side. Each staff endpoint belongs to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Enquiries from the contact and service forms.
    Enquiries,
    /// The blog's readers.
    Subscribers,
    /// Job applicants, with their resumes.
    Applicants,
    /// Stories and the media they show.
    Stories,
    /// The company's details the public pages show.
    Company,
    /// Accounts, invites, sessions and the audit log.
    Team,
    /// The outbox and who gets which lead.
    Mail,
    /// What visitors did: page views, stories read, referring sites, campaigns.
    Analytics,
    /// The backup sets: their state, and making one now.
    Backups,
    /// The texts and pictures of the public pages (the page editor).
    Pages,
    /// Job openings: kept, published and closed.
    Jobs,
}

impl Area {
    pub const ALL: [Area; 11] = [
        Area::Enquiries,
        Area::Subscribers,
        Area::Applicants,
        Area::Stories,
        Area::Company,
        Area::Team,
        Area::Mail,
        Area::Analytics,
        Area::Backups,
        Area::Pages,
        Area::Jobs,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Area::Enquiries => "enquiries",
            Area::Subscribers => "subscribers",
            Area::Applicants => "applicants",
            Area::Stories => "stories",
            Area::Company => "company",
            Area::Team => "team",
            Area::Mail => "mail",
            Area::Analytics => "analytics",
            Area::Backups => "backups",
            Area::Pages => "pages",
            Area::Jobs => "jobs",
        }
    }

    /// As a 403 names what is missing.
    pub fn label(self) -> &'static str {
        match self {
            Area::Enquiries => "enquiries",
            Area::Subscribers => "subscribers",
            Area::Applicants => "applicants and their resumes",
            Area::Stories => "stories and media",
            Area::Company => "company details",
            Area::Team => "the team",
            Area::Mail => "mail",
            Area::Analytics => "visits and what brought them",
            Area::Backups => "backups",
            Area::Pages => "the pages' texts and pictures",
            Area::Jobs => "job openings",
        }
    }
}

/// A bundle of areas, as the office hands them out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Everything. There is always at least one.
    Owner,
    /// Stories and media, the pages' texts and pictures, and what visitors read.
    Editor,
    /// Applicants and their resumes, and the job openings.
    Recruiter,
    /// Enquiries and subscribers, and what brought visitors.
    Sales,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Owner, Role::Editor, Role::Recruiter, Role::Sales];

    pub fn areas(self) -> &'static [Area] {
        match self {
            Role::Owner => &Area::ALL,
            // Which stories are read, and which campaigns bring visitors: the editors' and
            // sales' own questions.
            Role::Editor => &[Area::Stories, Area::Pages, Area::Analytics],
            Role::Recruiter => &[Area::Applicants, Area::Jobs],
            Role::Sales => &[Area::Enquiries, Area::Subscribers, Area::Analytics],
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Editor => "editor",
            Role::Recruiter => "recruiter",
            Role::Sales => "sales",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| role.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The roles an account holds: at least one, each once, in `Role::ALL`'s order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roles(Vec<Role>);

/// Why a list of roles was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolesError {
    Empty,
    Unknown(String),
}

impl RolesError {
    pub fn message(&self) -> String {
        match self {
            RolesError::Empty => "Choose at least one role.".to_owned(),
            RolesError::Unknown(name) => {
                format!("There is no role {name:?}: choose owner, editor, recruiter or sales.")
            }
        }
    }
}

impl Roles {
    /// No role: an account in this state reaches nothing.
    pub fn none() -> Roles {
        Roles(Vec::new())
    }

    pub fn new(roles: impl IntoIterator<Item = Role>) -> Result<Roles, RolesError> {
        let mut roles: Vec<Role> = roles.into_iter().collect();
        roles.sort();
        roles.dedup();
        if roles.is_empty() {
            return Err(RolesError::Empty);
        }
        Ok(Roles(roles))
    }

    /// Names as the API and the database spell them, in any case.
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Roles, RolesError> {
        let roles = names
            .iter()
            .map(|name| {
                Role::parse(name.as_ref())
                    .ok_or_else(|| RolesError::Unknown(name.as_ref().to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Roles::new(roles)
    }

    /// The stored form, `owner,editor`.
    pub fn parse_stored(text: &str) -> Result<Roles, RolesError> {
        let names: Vec<&str> = text.split(',').filter(|n| !n.is_empty()).collect();
        Roles::parse(&names)
    }

    pub fn stored(&self) -> String {
        self.0
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    pub fn as_slice(&self) -> &[Role] {
        &self.0
    }

    pub fn contains(&self, role: Role) -> bool {
        self.0.contains(&role)
    }

    pub fn may(&self, area: Area) -> bool {
        self.0.iter().any(|role| role.areas().contains(&area))
    }

    /// Every area any of the roles reaches, in `Area::ALL`'s order.
    pub fn areas(&self) -> Vec<Area> {
        Area::ALL
            .into_iter()
            .filter(|area| self.may(*area))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_reaches_every_area_and_the_others_only_theirs() {
        let owner = Roles::new([Role::Owner]).expect("roles");
        assert_eq!(owner.areas(), Area::ALL.to_vec());
        let recruiter = Roles::new([Role::Recruiter]).expect("roles");
        assert_eq!(recruiter.areas(), vec![Area::Applicants, Area::Jobs]);
        let both = Roles::parse(&["Sales", "editor", "sales"]).expect("roles");
        assert_eq!(both.as_slice(), &[Role::Editor, Role::Sales]);
        assert_eq!(
            both.areas(),
            vec![
                Area::Enquiries,
                Area::Subscribers,
                Area::Stories,
                Area::Analytics,
                Area::Pages
            ]
        );
        assert!(!both.may(Area::Applicants));
        assert!(!recruiter.may(Area::Analytics));
    }

    #[test]
    fn no_role_or_an_unknown_one_is_refused_with_a_message() {
        assert_eq!(Roles::parse::<&str>(&[]), Err(RolesError::Empty));
        let unknown = Roles::parse(&["owner", "admin"]).expect_err("unknown");
        assert!(
            unknown.message().contains("\"admin\""),
            "{}",
            unknown.message()
        );
    }

    #[test]
    fn the_stored_form_reads_back() {
        let roles = Roles::parse(&["recruiter", "owner"]).expect("roles");
        assert_eq!(roles.stored(), "owner,recruiter");
        assert_eq!(Roles::parse_stored(&roles.stored()), Ok(roles));
    }
}
