//! Every page the office edits, and the parts every page shows, declared once: each field's
//! path in the UI's content (`ui/src/content/*.ts`, whose values are the defaults), its
//! label and its limits (`schema`). The UI's `lib/page-defaults.ts` hands the server each
//! page's content exports by the same keys, and a test renders them through the real bundle
//! to check that every path here resolves to a value of its field's kind.
//!
//! `pageMeta` is a page's head (search title, description, link preview picture), which the
//! page makes of its own content unless the office says otherwise.
//!
//! A list whose items carry an icon, a link or a place on the page the UI decides (core
//! values, perks, programmes, the why-us services) keeps its length: the office words its
//! items. Other lists may grow or shrink within their bounds.

use super::schema::{Field, Kind, PageSchema};

/// A heading or a name.
const HEADING: u32 = 120;
/// A button's words, a label, a short line.
const LABEL: u32 = 60;
/// A sentence or two: a banner's text, a card's description, a message.
const TEXT: u32 = 400;
/// A block of paragraphs, as HTML.
const PARAGRAPHS: u32 = 6_000;
/// The search title and description.
const SEARCH_TITLE: u32 = 70;
const SEARCH_DESCRIPTION: u32 = 300;
/// A figure ("500 +", "25%").
const FIGURE: u32 = 20;

const fn text(path: &'static str, label: &'static str, max: u32) -> Field {
    Field {
        path,
        label,
        kind: Kind::Text { max },
    }
}

const fn paragraphs(path: &'static str, label: &'static str) -> Field {
    Field {
        path,
        label,
        kind: Kind::Paragraphs { max: PARAGRAPHS },
    }
}

/// A picture with its alt text at `alt`.
const fn image(path: &'static str, alt: &'static str, label: &'static str) -> Field {
    Field {
        path,
        label,
        kind: Kind::Image { alt: Some(alt) },
    }
}

/// A picture the page shows as decoration (no alt text in the content).
const fn decoration(path: &'static str, label: &'static str) -> Field {
    Field {
        path,
        label,
        kind: Kind::Image { alt: None },
    }
}

/// A video the page plays (MP4 or WebM).
const fn video(path: &'static str, label: &'static str) -> Field {
    Field {
        path,
        label,
        kind: Kind::Video,
    }
}

/// A link whose address is the content's `href` property.
const fn link(path: &'static str, label: &'static str, href: &'static str) -> Field {
    Field {
        path,
        label,
        kind: Kind::Link { href },
    }
}

const fn list(
    path: &'static str,
    label: &'static str,
    (min, max): (u32, u32),
    item: &'static [Field],
) -> Field {
    Field {
        path,
        label,
        kind: Kind::List { min, max, item },
    }
}

/// The search title, description and link preview picture of a page.
macro_rules! search {
    () => {
        [
            text("pageMeta.title", "Search title", SEARCH_TITLE),
            text(
                "pageMeta.description",
                "Search description",
                SEARCH_DESCRIPTION,
            ),
            image(
                "pageMeta.image",
                "pageMeta.imageAlt",
                "Link preview picture",
            ),
        ]
    };
}

/// A page banner's headline, text and picture, under the export `$at`.
macro_rules! banner {
    ($at:literal) => {
        [
            text(
                concat!($at, ".banner.headline"),
                "Banner: headline",
                HEADING,
            ),
            text(concat!($at, ".banner.text"), "Banner: text", TEXT),
            image(
                concat!($at, ".banner.image"),
                concat!($at, ".banner.imageAlt"),
                "Banner: picture",
            ),
        ]
    };
}

/// The breadcrumb of a page one step below Home.
macro_rules! breadcrumb {
    ($at:literal) => {
        [
            text(
                concat!($at, ".breadcrumb.0.label"),
                "Breadcrumb: Home",
                LABEL,
            ),
            text(
                concat!($at, ".breadcrumb.1.label"),
                "Breadcrumb: this page",
                LABEL,
            ),
        ]
    };
}

/// A heading with a description (a point, a step, a way to help).
const POINT: &[Field] = &[
    text("heading", "Heading", HEADING),
    text("description", "Description", TEXT),
];

/// A service of a business page.
const SERVICE: &[Field] = &[
    text("label", "Name", HEADING),
    text("description", "Description", TEXT),
];

/// A figure with what it counts.
const FACT: &[Field] = &[
    text("figure", "Figure", FIGURE),
    text("label", "What it counts", HEADING),
];

/// A card with a picture (decoration), a heading and a description.
const PICTURE_CARD: &[Field] = &[
    decoration("image", "Picture"),
    text("heading", "Heading", HEADING),
    text("description", "Description", TEXT),
];

const HOME: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    text(
        "homeLabels.heroEyebrow",
        "Hero: the line above the headline",
        LABEL,
    ),
    text("homeContent.hero.headline", "Hero: headline", HEADING),
    text("homeContent.hero.subline", "Hero: text", TEXT),
    video(
        "heroVideo.src",
        "Hero: the video, muted and looping (MP4 or WebM, at most 40 MB)",
    ),
    decoration(
        "heroVideo.poster",
        "Hero: the video's poster, shown until it plays (best 1280 x 720)",
    ),
    text("homeLabels.exploreServices", "Hero: first button", LABEL),
    text("homeLabels.talkToUs", "Hero: second button", LABEL),
    text(
        "homeLabels.pauseVideo",
        "Hero: pause button (read aloud)",
        LABEL,
    ),
    text(
        "homeLabels.playVideo",
        "Hero: play button (read aloud)",
        LABEL,
    ),
    text("homeContent.about.heading", "About: heading", HEADING),
    paragraphs("homeContent.about.paragraphs", "About: text"),
    text("homeContent.vision.heading", "Vision: heading", HEADING),
    paragraphs("homeContent.vision.paragraphs", "Vision: text"),
    text("homeContent.mission.heading", "Mission: heading", HEADING),
    paragraphs("homeContent.mission.paragraphs", "Mission: text"),
    text("homeContent.servicesHeading", "Services: heading", HEADING),
    text("homeContent.servicesIntro", "Services: introduction", TEXT),
    text(
        "transactionsSite.name",
        "Services: Fidelitus Transactions' name (also in the header's menu)",
        HEADING,
    ),
    text(
        "transactionsSite.description",
        "Services: Fidelitus Transactions' description",
        TEXT,
    ),
    image(
        "transactionsSite.image",
        "transactionsSite.imageAlt",
        "Services: Fidelitus Transactions' picture",
    ),
    text(
        "projectsSite.name",
        "Services: Fidelitus Projects' name (also in the header's menu)",
        HEADING,
    ),
    text(
        "projectsSite.description",
        "Services: Fidelitus Projects' description",
        TEXT,
    ),
    image(
        "projectsSite.image",
        "projectsSite.imageAlt",
        "Services: Fidelitus Projects' picture",
    ),
    text(
        "fmsSite.name",
        "Services: Fidelitus FMS' name (also in the header's menu)",
        HEADING,
    ),
    text(
        "fmsSite.description",
        "Services: Fidelitus FMS' description",
        TEXT,
    ),
    image(
        "fmsSite.image",
        "fmsSite.imageAlt",
        "Services: Fidelitus FMS' picture",
    ),
    text(
        "hrLabsSite.name",
        "Services: Fidelitus HR Labs' name (also in the header's menu)",
        HEADING,
    ),
    text(
        "hrLabsSite.description",
        "Services: Fidelitus HR Labs' description",
        TEXT,
    ),
    image(
        "hrLabsSite.image",
        "hrLabsSite.imageAlt",
        "Services: Fidelitus HR Labs' picture",
    ),
    text(
        "homeLabels.visitWebsite",
        "Services: each card's link",
        LABEL,
    ),
    text(
        "homeContent.coreValuesHeading",
        "Core values: heading",
        HEADING,
    ),
    list(
        "coreValues",
        "Core values",
        (6, 6),
        &[
            text("value", "Value", HEADING),
            text("description", "Description", TEXT),
        ],
    ),
    text("homeContent.overviewHeading", "Numbers: heading", HEADING),
    text(
        "homeLabels.aboutWing",
        "Our wings: before a wing's name after its buttons (read aloud)",
        LABEL,
    ),
    text(
        "homeLabels.mdMessageEyebrow",
        "Managing Director's message: the line above the heading",
        LABEL,
    ),
    text(
        "managingDirectorMessage.heading",
        "Managing Director's message: heading",
        HEADING,
    ),
    paragraphs(
        "managingDirectorMessage.paragraphs",
        "Managing Director's message: text",
    ),
    image(
        "mdMessageVideoThumbnail.image",
        "mdMessageVideoThumbnail.alt",
        "Managing Director's message: the video's picture",
    ),
    text(
        "mdMessageVideoThumbnail.playLabel",
        "Managing Director's message: play button",
        LABEL,
    ),
    text(
        "mdMessageVideo.title",
        "Managing Director's message: the video's title",
        HEADING,
    ),
    text(
        "homeLabels.closeVideo",
        "Managing Director's message: the video's close button",
        LABEL,
    ),
    text("homeContent.wingsHeading", "Our wings: heading", HEADING),
    list(
        "wings",
        "Our wings",
        (2, 2),
        &[
            text("name", "Name", HEADING),
            text("tagline", "Tagline", HEADING),
            paragraphs("paragraphs", "Text"),
            text("highlight", "Highlight", HEADING),
            image("image", "imageAlt", "Picture"),
        ],
    ),
    text("homeContent.clientsHeading", "Clients: heading", HEADING),
    text("homeContent.clientsIntro", "Clients: introduction", TEXT),
    text(
        "homeContent.featuredStoriesHeading",
        "Featured stories: heading",
        HEADING,
    ),
    text(
        "homeContent.featuredStoriesIntro",
        "Featured stories: introduction",
        TEXT,
    ),
    text(
        "homeContent.viewMoreLabel",
        "Featured stories: view more",
        LABEL,
    ),
    text(
        "homeContent.readMoreLabel",
        "Featured stories: read more",
        LABEL,
    ),
    text(
        "homeLabels.storiesLoading",
        "Featured stories: while loading",
        LABEL,
    ),
    text(
        "homeLabels.storiesUnavailable",
        "Featured stories: when none can be shown",
        TEXT,
    ),
    text(
        "homeLabels.allStories",
        "Featured stories: all stories",
        LABEL,
    ),
    text("helpBanner.heading", "Help banner: heading", HEADING),
    text("helpBanner.text", "Help banner: text", TEXT),
    text(
        "helpBanner.actions.0.label",
        "Help banner: first button (calls)",
        LABEL,
    ),
    text(
        "helpBanner.actions.1.label",
        "Help banner: second button (mails)",
        LABEL,
    ),
];

const ABOUT: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    breadcrumb!("aboutContent")[0],
    breadcrumb!("aboutContent")[1],
    banner!("aboutContent")[0],
    banner!("aboutContent")[1],
    banner!("aboutContent")[2],
    text("aboutContent.story.heading", "Our story: heading", HEADING),
    paragraphs("aboutContent.story.paragraphs", "Our story: text"),
    text(
        "aboutContent.story.readMoreLabel",
        "Our story: read more",
        LABEL,
    ),
    text(
        "aboutContent.story.readLessLabel",
        "Our story: read less",
        LABEL,
    ),
    text("aboutContent.overviewHeading", "Numbers: heading", HEADING),
    text("companyVision.heading", "Vision: heading", HEADING),
    paragraphs("companyVision.paragraphs", "Vision: text"),
    text("companyMission.heading", "Mission: heading", HEADING),
    paragraphs("companyMission.paragraphs", "Mission: text"),
    text("aboutContent.leadersHeading", "Leaders: heading", HEADING),
    text(
        "aboutContent.leadersIntro",
        "Leaders: introduction (keeps {count}, their number in words)",
        TEXT,
    ),
    text(
        "aboutContent.leaderIntro",
        "Leaders: introduction when there is one",
        TEXT,
    ),
    text(
        "aboutContent.leaderLinkedIn",
        "A leader's LinkedIn link (read aloud; keeps {name})",
        LABEL,
    ),
    text(
        "aboutContent.leaderWhatsApp",
        "A leader's WhatsApp link (read aloud; keeps {name})",
        LABEL,
    ),
];

const FOUNDER_MESSAGE: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    text("founderMessageContent.pageTitle", "Page title", HEADING),
    text(
        "founderMessageContent.breadcrumb.0.label",
        "Breadcrumb: Home",
        LABEL,
    ),
    text(
        "founderMessageContent.breadcrumb.1.label",
        "Breadcrumb: About Us",
        LABEL,
    ),
    text(
        "founderMessageContent.breadcrumb.2.label",
        "Breadcrumb: this page",
        LABEL,
    ),
    banner!("founderMessageContent")[1],
    banner!("founderMessageContent")[2],
    text("founderMessageContent.pullQuote", "Quote", TEXT),
    text(
        "founderMessageContent.message.heading",
        "Message: heading",
        HEADING,
    ),
    paragraphs("founderMessageContent.message.paragraphs", "Message: text"),
];

const WHY_US: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    breadcrumb!("whyUsContent")[0],
    breadcrumb!("whyUsContent")[1],
    banner!("whyUsContent")[0],
    banner!("whyUsContent")[1],
    banner!("whyUsContent")[2],
    text(
        "whyUsContent.whoWeAre.heading",
        "Who we are: heading",
        HEADING,
    ),
    paragraphs("whyUsContent.whoWeAre.paragraphs", "Who we are: text"),
    text(
        "whyUsContent.competitiveEdge.heading",
        "Competitive edge: heading",
        HEADING,
    ),
    text(
        "whyUsContent.competitiveEdge.intro",
        "Competitive edge: introduction",
        TEXT,
    ),
    list(
        "whyUsContent.competitiveEdge.points",
        "Competitive edge: points",
        (1, 8),
        POINT,
    ),
    text(
        "whyUsContent.specialization.heading",
        "Specialization: heading",
        HEADING,
    ),
    text(
        "whyUsContent.specialization.intro",
        "Specialization: introduction",
        TEXT,
    ),
    list(
        "whyUsContent.specialization.points",
        "Specialization: points",
        (1, 8),
        POINT,
    ),
    text(
        "whyUsContent.oneRoof.heading",
        "Under one roof: heading",
        HEADING,
    ),
    text(
        "whyUsContent.oneRoof.intro",
        "Under one roof: introduction",
        TEXT,
    ),
    list(
        "whyUsContent.oneRoof.services",
        "Under one roof: services",
        (4, 4),
        SERVICE,
    ),
    text(
        "whyUsContent.whyChooseUs.heading",
        "Why choose us: heading",
        HEADING,
    ),
    text(
        "whyUsContent.whyChooseUs.intro",
        "Why choose us: introduction",
        TEXT,
    ),
    list(
        "whyUsContent.whyChooseUs.items",
        "Why choose us: reasons",
        (1, 8),
        PICTURE_CARD,
    ),
];

/// The fields every business page has, under the export `$at`, then `$sections` (its own).
macro_rules! business_page {
    ($at:literal, [$($section:expr),* $(,)?] $(, $extra:expr)*) => {
        &[
            search!()[0],
            search!()[1],
            search!()[2],
            text(concat!($at, ".title"), "Page title", HEADING),
            breadcrumb!($at)[0],
            breadcrumb!($at)[1],
            banner!($at)[0],
            banner!($at)[1],
            banner!($at)[2],
            $($section,)*
            text(concat!($at, ".servicesHeading"), "Services: heading", HEADING),
            list(concat!($at, ".services"), "Services", (1, 12), SERVICE),
            link(concat!($at, ".externalSite"), "The company's website: button", "url"),
            text("businessLabels.ctaHeading", "The company's website: heading", HEADING),
            text("businessLabels.ctaText", "The company's website: text", TEXT),
            $($extra,)*
        ]
    };
}

/// Section `$n`'s heading and text.
macro_rules! section {
    ($at:literal, $n:literal) => {
        [
            text(
                concat!($at, ".sections.", $n, ".heading"),
                concat!("Section ", $n, ": heading"),
                HEADING,
            ),
            paragraphs(
                concat!($at, ".sections.", $n, ".paragraphs"),
                concat!("Section ", $n, ": text"),
            ),
            list(
                concat!($at, ".sections.", $n, ".points"),
                concat!("Section ", $n, ": steps"),
                (1, 8),
                POINT,
            ),
        ]
    };
}

const REAL_ESTATE: &[Field] = business_page!(
    "realEstatePage",
    [
        section!("realEstatePage", "0")[0],
        section!("realEstatePage", "0")[1],
        section!("realEstatePage", "1")[0],
        section!("realEstatePage", "1")[1],
        section!("realEstatePage", "2")[0],
        section!("realEstatePage", "2")[1],
        section!("realEstatePage", "3")[0],
        section!("realEstatePage", "3")[1],
        section!("realEstatePage", "3")[2],
    ]
);

const PROJECTS: &[Field] = business_page!(
    "projectsPage",
    [
        section!("projectsPage", "0")[0],
        section!("projectsPage", "0")[1],
        section!("projectsPage", "1")[0],
        section!("projectsPage", "1")[1],
        section!("projectsPage", "2")[0],
        section!("projectsPage", "2")[1],
        section!("projectsPage", "2")[2],
        section!("projectsPage", "3")[0],
        section!("projectsPage", "3")[1],
    ]
);

const FACILITY_MANAGEMENT: &[Field] = business_page!(
    "facilityManagementPage",
    [
        section!("facilityManagementPage", "0")[0],
        section!("facilityManagementPage", "0")[1],
        section!("facilityManagementPage", "1")[0],
        section!("facilityManagementPage", "1")[1],
        section!("facilityManagementPage", "1")[2],
        section!("facilityManagementPage", "2")[0],
        section!("facilityManagementPage", "2")[1],
        section!("facilityManagementPage", "3")[0],
        section!("facilityManagementPage", "3")[1],
    ]
);

const HR_LABS: &[Field] = business_page!(
    "hrLabsPage",
    [
        section!("hrLabsPage", "0")[0],
        section!("hrLabsPage", "0")[1],
        section!("hrLabsPage", "1")[0],
        section!("hrLabsPage", "1")[1],
        section!("hrLabsPage", "2")[0],
        section!("hrLabsPage", "2")[1],
        section!("hrLabsPage", "2")[2],
    ],
    text(
        "businessLabels.offeringsHeading",
        "Offerings: heading",
        HEADING
    ),
    list("hrLabsPage.offerings", "Offerings", (1, 8), PICTURE_CARD)
);

const GALLERY: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    text("galleryPage.title", "Page title", HEADING),
    breadcrumb!("galleryPage")[0],
    breadcrumb!("galleryPage")[1],
    banner!("galleryPage")[0],
    banner!("galleryPage")[1],
    banner!("galleryPage")[2],
    list("galleryFacts", "Figures under the banner", (3, 3), FACT),
    section!("galleryPage", "0")[0],
    section!("galleryPage", "0")[1],
    section!("galleryPage", "1")[0],
    section!("galleryPage", "1")[1],
    list(
        "galleryPage.sections.1.points",
        "Section 1: media",
        (1, 12),
        POINT,
    ),
    section!("galleryPage", "2")[0],
    section!("galleryPage", "2")[1],
    section!("galleryPage", "3")[0],
    section!("galleryPage", "3")[1],
    text(
        "galleryPage.visit.heading",
        "Visit or buy: heading",
        HEADING,
    ),
    list(
        "galleryPage.visit.steps",
        "Visit or buy: ways",
        (1, 8),
        POINT,
    ),
    link(
        "galleryPage.externalSite",
        "The gallery's website: button",
        "url",
    ),
    text(
        "galleryLabels.ctaHeading",
        "The gallery's website: heading",
        HEADING,
    ),
    text("galleryLabels.ctaText", "The gallery's website: text", TEXT),
];

const FOUNDATION: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    text("foundationPage.title", "Page title", HEADING),
    breadcrumb!("foundationPage")[0],
    breadcrumb!("foundationPage")[1],
    banner!("foundationPage")[1],
    banner!("foundationPage")[2],
    text(
        "foundationPage.intro.heading",
        "About the foundation: heading",
        HEADING,
    ),
    paragraphs(
        "foundationPage.intro.paragraphs",
        "About the foundation: text",
    ),
    text(
        "foundationLabels.programmesHeading",
        "Programmes: heading",
        HEADING,
    ),
    text(
        "foundationLabels.programmesIntro",
        "Programmes: introduction",
        TEXT,
    ),
    list(
        "foundationPage.programmes",
        "Programmes",
        (3, 3),
        &[
            text("heading", "Heading", HEADING),
            text("description", "Description", TEXT),
            text("initiatives.0", "First initiative", TEXT),
            text("initiatives.1", "Second initiative", TEXT),
            text("initiatives.2", "Third initiative", TEXT),
            text("initiatives.3", "Fourth initiative", TEXT),
        ],
    ),
    text(
        "foundationLabels.impactHeading",
        "Numbers: heading",
        HEADING,
    ),
    list("foundationPage.impact", "Numbers", (1, 6), FACT),
    text(
        "foundationPage.getInvolved.heading",
        "How you can help: heading",
        HEADING,
    ),
    list(
        "foundationPage.getInvolved.ways",
        "How you can help: ways",
        (1, 8),
        POINT,
    ),
    link(
        "foundationPage.externalSite",
        "The foundation's website: button",
        "url",
    ),
    text(
        "foundationLabels.ctaHeading",
        "The foundation's website: heading",
        HEADING,
    ),
    text(
        "foundationLabels.ctaText",
        "The foundation's website: text",
        TEXT,
    ),
];

/// A form field's label and placeholder, the `$n`th of the form under `$at`.
macro_rules! form_field {
    ($at:literal, $n:literal, $name:literal) => {
        [
            text(
                concat!($at, ".form.fields.", $n, ".label"),
                concat!("Form: ", $name, " (label)"),
                LABEL,
            ),
            text(
                concat!($at, ".form.fields.", $n, ".placeholder"),
                concat!("Form: ", $name, " (placeholder)"),
                LABEL,
            ),
        ]
    };
}

const JOIN_US: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    text("careersContent.pageTitle", "Page title", HEADING),
    breadcrumb!("careersContent")[0],
    breadcrumb!("careersContent")[1],
    banner!("careersContent")[0],
    banner!("careersContent")[1],
    banner!("careersContent")[2],
    text("careersContent.form.heading", "Form: heading", HEADING),
    text("careersContent.form.intro", "Form: introduction", TEXT),
    form_field!("careersContent", "0", "name")[0],
    form_field!("careersContent", "0", "name")[1],
    form_field!("careersContent", "1", "mobile")[0],
    form_field!("careersContent", "1", "mobile")[1],
    form_field!("careersContent", "2", "email")[0],
    form_field!("careersContent", "2", "email")[1],
    form_field!("careersContent", "3", "experience")[0],
    form_field!("careersContent", "3", "experience")[1],
    form_field!("careersContent", "4", "previous company")[0],
    form_field!("careersContent", "4", "previous company")[1],
    form_field!("careersContent", "5", "resume")[0],
    form_field!("careersContent", "6", "query")[0],
    form_field!("careersContent", "6", "query")[1],
    text(
        "careersContent.form.uploadHint",
        "Form: the resume's upload hint",
        LABEL,
    ),
    text(
        "careersContent.form.uploadTypesHint",
        "Form: the resume's file types",
        LABEL,
    ),
    text(
        "careersContent.form.removeFileLabel",
        "Form: remove the file",
        LABEL,
    ),
    text(
        "careersContent.form.submitLabel",
        "Form: send button",
        LABEL,
    ),
    text(
        "careersContent.form.unsupportedFileMessage",
        "Form: a file of another type",
        TEXT,
    ),
    text("careersContent.perksHeading", "Perks: heading", HEADING),
    list("careersContent.perks", "Perks", (6, 6), POINT),
    text(
        "careersContent.openRoles.listTitle",
        "Open roles: heading",
        HEADING,
    ),
    text(
        "careersContent.openRoles.listIntro",
        "Open roles: introduction",
        TEXT,
    ),
    text(
        "careersContent.openRoles.departmentLabel",
        "Open roles: the department filter",
        LABEL,
    ),
    text(
        "careersContent.openRoles.locationLabel",
        "Open roles: the location filter",
        LABEL,
    ),
    text(
        "careersContent.openRoles.anyDepartment",
        "Open roles: any department",
        LABEL,
    ),
    text(
        "careersContent.openRoles.anyLocation",
        "Open roles: any location",
        LABEL,
    ),
    text(
        "careersContent.openRoles.filterButton",
        "Open roles: filter button",
        LABEL,
    ),
    text(
        "careersContent.openRoles.noneOpen",
        "Open roles: none open",
        TEXT,
    ),
    text(
        "careersContent.openRoles.noneMatch",
        "Open roles: none matches the filters",
        TEXT,
    ),
    text(
        "careersContent.openRoles.showAll",
        "Open roles: show them all",
        LABEL,
    ),
    text(
        "careersContent.openRoles.closesLabel",
        "Open roles: before the closing time",
        LABEL,
    ),
    text(
        "careersContent.openRoles.openUntilFilled",
        "Open roles: open until filled",
        LABEL,
    ),
    text(
        "careersContent.openRoles.backToRoles",
        "A role's page: back to the open roles",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.department",
        "A role's page: department",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.location",
        "A role's page: location",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.employmentType",
        "A role's page: employment type",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.workplace",
        "A role's page: workplace",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.salary",
        "A role's page: salary",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.openings",
        "A role's page: openings",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.posted",
        "A role's page: posted",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.closes",
        "A role's page: closing time",
        LABEL,
    ),
    text(
        "careersContent.openRoles.facts.reference",
        "A role's page: reference",
        LABEL,
    ),
    text(
        "careersContent.openRoles.applyTitle",
        "A role's page: the form's heading",
        HEADING,
    ),
    text(
        "careersContent.openRoles.closedTitle",
        "A closed role: heading",
        HEADING,
    ),
    text(
        "careersContent.openRoles.closedText",
        "A closed role: text",
        TEXT,
    ),
    text(
        "careersContent.openRoles.closedLink",
        "A closed role: the way to the open roles",
        LABEL,
    ),
    text(
        "careersContent.openRoles.missingTitle",
        "No such role: heading",
        HEADING,
    ),
    text(
        "careersContent.openRoles.missingText",
        "No such role: text",
        TEXT,
    ),
    text(
        "careersContent.openRoles.loading",
        "A role's page: loading",
        LABEL,
    ),
    text(
        "careersContent.openRoles.loadFailed",
        "A role's page: could not load",
        TEXT,
    ),
];

const CONTACT: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    breadcrumb!("contactContent")[0],
    breadcrumb!("contactContent")[1],
    banner!("contactContent")[0],
    banner!("contactContent")[1],
    banner!("contactContent")[2],
    text("contactContent.intro", "Introduction", TEXT),
    text(
        "contactContent.mainBranch.heading",
        "Main branch: heading",
        HEADING,
    ),
    text(
        "contactContent.mainBranch.headOffice.label",
        "Main branch: the head office's label",
        LABEL,
    ),
    text(
        "contactContent.mainBranch.usaOffice.label",
        "Main branch: the USA office's label",
        LABEL,
    ),
    text("contactContent.map.title", "Map: its title", HEADING),
    image(
        "contactContent.map.facadeImage",
        "contactContent.map.facadeAlt",
        "Map: picture shown before the map loads",
    ),
    text("contactContent.map.loadLabel", "Map: show button", LABEL),
    text("contactContent.map.openLabel", "Map: open link", LABEL),
    text(
        "contactContent.branchesHeading",
        "Branches: heading",
        HEADING,
    ),
    text("contactContent.form.heading", "Form: heading", HEADING),
    text("contactContent.form.intro", "Form: introduction", TEXT),
    form_field!("contactContent", "0", "name")[0],
    form_field!("contactContent", "0", "name")[1],
    form_field!("contactContent", "1", "contact number")[0],
    form_field!("contactContent", "1", "contact number")[1],
    form_field!("contactContent", "2", "email")[0],
    form_field!("contactContent", "2", "email")[1],
    form_field!("contactContent", "3", "query")[0],
    form_field!("contactContent", "3", "query")[1],
    text(
        "contactContent.form.submitLabel",
        "Form: send button",
        LABEL,
    ),
];

const BLOG_LIST: &[Field] = &[
    search!()[0],
    search!()[1],
    search!()[2],
    breadcrumb!("blogContent")[0],
    breadcrumb!("blogContent")[1],
    banner!("blogContent")[0],
    banner!("blogContent")[1],
    banner!("blogContent")[2],
    text("blogContent.listHeading", "List: heading", HEADING),
    text(
        "blogContent.writtenByPrefix",
        "A card: before the author's name",
        LABEL,
    ),
    text("blogContent.search.label", "Search: label", LABEL),
    text(
        "blogContent.search.placeholder",
        "Search: placeholder",
        LABEL,
    ),
    text(
        "blogContent.search.clearLabel",
        "Search: clear button",
        LABEL,
    ),
    text(
        "blogContent.search.noMatches",
        "Search: no match (keeps {query})",
        TEXT,
    ),
    text(
        "blogContent.search.noMatchesHint",
        "Search: no match, the hint",
        TEXT,
    ),
    text(
        "blogContent.search.matchesSummary",
        "Search: matches (keeps {count} and {query})",
        TEXT,
    ),
    text(
        "blogContent.noBlogsYet",
        "List: before any story is published",
        TEXT,
    ),
    text("blogContent.listLoading", "List: while loading", LABEL),
    text(
        "blogContent.listFailed",
        "List: when it cannot be loaded",
        TEXT,
    ),
    text("blogContent.retryLabel", "Try again button", LABEL),
    text(
        "blogContent.paginationLabel",
        "Pages: their name (read aloud)",
        LABEL,
    ),
    text("blogContent.previousPageLabel", "Pages: previous", LABEL),
    text("blogContent.nextPageLabel", "Pages: next", LABEL),
];

const STORY: &[Field] = &[
    text(
        "blogContent.backToBlogsLabel",
        "Back to the blogs link",
        LABEL,
    ),
    text(
        "blogContent.similar.heading",
        "Similar stories: heading",
        HEADING,
    ),
    text(
        "blogContent.similar.caption",
        "Similar stories: caption",
        TEXT,
    ),
    text("blogContent.detailLoading", "While loading", LABEL),
    text(
        "blogContent.detailFailed",
        "When the story cannot be loaded",
        TEXT,
    ),
    text(
        "blogContent.detailTitleFallback",
        "Title while the story loads",
        LABEL,
    ),
];

const NOT_FOUND: &[Field] = &[
    text("notFoundContent.heading", "Heading", HEADING),
    text(
        "notFoundContent.message",
        "Under the heading (keeps {path})",
        TEXT,
    ),
    text("notFoundContent.homeLink", "The home page link", LABEL),
];

/// A header menu entry's name, the `$n`th.
macro_rules! menu {
    ($n:literal, $name:literal) => {
        text(
            concat!("headerMenu.", $n, ".name"),
            concat!("Menu: ", $name),
            LABEL,
        )
    };
}

const HEADER: &[Field] = &[
    menu!("0", "Home"),
    menu!("1", "About Us"),
    text(
        "headerMenu.1.dropdown.0.name",
        "Menu: About Us, Who we are",
        LABEL,
    ),
    text(
        "headerMenu.1.dropdown.1.name",
        "Menu: About Us, Founder's Message",
        LABEL,
    ),
    menu!("2", "Why Us"),
    menu!("3", "Business"),
    text(
        "headerMenu.3.dropdown.0.name",
        "Menu: Business, the first company",
        LABEL,
    ),
    text(
        "headerMenu.3.dropdown.1.name",
        "Menu: Business, the second company",
        LABEL,
    ),
    text(
        "headerMenu.3.dropdown.2.name",
        "Menu: Business, the third company",
        LABEL,
    ),
    text(
        "headerMenu.3.dropdown.3.name",
        "Menu: Business, the fourth company",
        LABEL,
    ),
    menu!("4", "Blogs"),
    menu!("5", "Careers"),
    menu!("6", "Contact Us"),
    menu!("7", "Shilpa Foundation"),
    menu!("8", "Art & Media"),
    text("headerLabels.skipLink", "Skip to the content link", LABEL),
    text(
        "headerLabels.mainNav",
        "The menu's name (read aloud)",
        LABEL,
    ),
    text(
        "headerLabels.drawer",
        "The phone menu's name (read aloud)",
        LABEL,
    ),
    text("headerLabels.openMenu", "Open the menu (read aloud)", LABEL),
    text(
        "headerLabels.closeMenu",
        "Close the menu (read aloud)",
        LABEL,
    ),
    text(
        "commonLabels.opensInNewTab",
        "After a link to another site (read aloud)",
        LABEL,
    ),
];

/// The privacy notice: its frames' `{placeholders}` are filled from the company's details and
/// the owners' retention rules and trash days (`GET /api/corp_website/retention`).
const PRIVACY: &[Field] = &[
    text("pageMeta.title", "Search title", SEARCH_TITLE),
    text(
        "pageMeta.description",
        "Search description",
        SEARCH_DESCRIPTION,
    ),
    breadcrumb!("privacyContent")[0],
    breadcrumb!("privacyContent")[1],
    text("privacyContent.pageTitle", "Page title", HEADING),
    text("privacyContent.intro", "Introduction", TEXT),
    text(
        "privacyContent.controller.heading",
        "Who keeps it: heading",
        HEADING,
    ),
    text(
        "privacyContent.controller.text",
        "Who keeps it: text ({company} is the company's name, {address} its registered office)",
        TEXT,
    ),
    text(
        "privacyContent.collected.heading",
        "What is collected: heading",
        HEADING,
    ),
    list(
        "privacyContent.collected.points",
        "What is collected: each form and what it asks",
        (1, 8),
        POINT,
    ),
    text(
        "privacyContent.audience.heading",
        "Who sees it: heading",
        HEADING,
    ),
    text(
        "privacyContent.audience.intro",
        "Who sees it: introduction",
        TEXT,
    ),
    list(
        "privacyContent.audience.points",
        "Who sees it: each role and what it sees",
        (1, 8),
        POINT,
    ),
    text(
        "privacyContent.retention.heading",
        "How long: heading",
        HEADING,
    ),
    text(
        "privacyContent.retention.intro",
        "How long: introduction",
        TEXT,
    ),
    text(
        "privacyContent.retention.enquiriesErased",
        "How long: enquiries with a rule ({months}: the rule's months)",
        TEXT,
    ),
    text(
        "privacyContent.retention.applicantsErased",
        "How long: job applications with a rule ({months}: the rule's months)",
        TEXT,
    ),
    text(
        "privacyContent.retention.subscribersErased",
        "How long: blog subscriptions with a rule ({months}: the rule's months)",
        TEXT,
    ),
    text(
        "privacyContent.retention.enquiriesKept",
        "How long: enquiries without a rule",
        TEXT,
    ),
    text(
        "privacyContent.retention.applicantsKept",
        "How long: job applications without a rule",
        TEXT,
    ),
    text(
        "privacyContent.retention.subscribersKept",
        "How long: blog subscriptions without a rule",
        TEXT,
    ),
    text(
        "privacyContent.retention.months",
        "How long: months ({n}: how many)",
        LABEL,
    ),
    text(
        "privacyContent.retention.oneMonth",
        "How long: one month",
        LABEL,
    ),
    text(
        "privacyContent.retention.trash",
        "How long: the trash ({days}: the trash's days)",
        TEXT,
    ),
    text(
        "privacyContent.retention.days",
        "How long: days ({n}: how many)",
        LABEL,
    ),
    text(
        "privacyContent.retention.oneDay",
        "How long: one day",
        LABEL,
    ),
    text(
        "privacyContent.rights.heading",
        "Seeing or erasing: heading",
        HEADING,
    ),
    text(
        "privacyContent.rights.text",
        "Seeing or erasing: text ({email} is the company's email, as a link)",
        TEXT,
    ),
    text(
        "privacyContent.rights.final",
        "Seeing or erasing: an erasure is final",
        TEXT,
    ),
];

/// A footer link, the `$link`th of column `$column`.
macro_rules! footer_link {
    ($column:literal, $link:literal, $name:literal) => {
        link(
            concat!("footerLinkGroups.", $column, ".links.", $link),
            concat!("Links: ", $name),
            "path",
        )
    };
}

const FOOTER: &[Field] = &[
    text("footerAbout", "About the group", TEXT),
    text(
        "footerLinkGroups.0.heading",
        "Links: first column's heading",
        HEADING,
    ),
    footer_link!("0", "0", "About"),
    footer_link!("0", "1", "Why Us"),
    footer_link!("0", "2", "Blog"),
    footer_link!("0", "3", "Careers"),
    footer_link!("0", "4", "Contact"),
    text(
        "footerLinkGroups.1.heading",
        "Links: second column's heading",
        HEADING,
    ),
    footer_link!("1", "0", "Real Estate"),
    footer_link!("1", "1", "Projects"),
    footer_link!("1", "2", "Facility Management"),
    footer_link!("1", "3", "HR Labs"),
    text(
        "footerLinkGroups.2.heading",
        "Links: third column's heading",
        HEADING,
    ),
    footer_link!("2", "0", "Fidelitus Gallery"),
    footer_link!("2", "1", "Shilpa Foundation"),
    text("footerLabels.followUs", "Follow us: heading", LABEL),
    text("footerLabels.reachUs", "Reach us: heading", LABEL),
    text("footerLabels.rights", "After the copyright", LABEL),
    text(
        "footerLabels.privacy",
        "The privacy notice's link (after the copyright)",
        LABEL,
    ),
    text("footerLabels.facebook", "Facebook link (read aloud)", LABEL),
    text(
        "footerLabels.instagram",
        "Instagram link (read aloud)",
        LABEL,
    ),
    text("footerLabels.linkedin", "LinkedIn link (read aloud)", LABEL),
    text("footerLabels.youtube", "YouTube link (read aloud)", LABEL),
    text("footerLabels.whatsapp", "WhatsApp link (read aloud)", LABEL),
];

const SUBSCRIBE: &[Field] = &[
    text("blogContent.subscribe.headline", "Headline", HEADING),
    text("blogContent.subscribe.subtext", "Text", TEXT),
    text(
        "blogContent.subscribe.inputLabel",
        "The address: label",
        LABEL,
    ),
    text(
        "blogContent.subscribe.placeholder",
        "The address: placeholder",
        LABEL,
    ),
    text(
        "blogContent.subscribe.fieldName",
        "The address as an error names it",
        LABEL,
    ),
    text("blogContent.subscribe.buttonLabel", "Send button", LABEL),
    text(
        "blogContent.subscribe.confirmHint",
        "After subscribing: the hint to confirm",
        TEXT,
    ),
];

/// A toast or a form's message.
macro_rules! message {
    ($name:literal, $label:literal) => {
        text(concat!("messages.", $name), $label, TEXT)
    };
}

const TOASTS: &[Field] = &[
    message!("contactSubmitted", "Contact form: sent"),
    message!("contactFieldRequired", "Contact form: a field left empty"),
    message!("applicationSubmitted", "Application: sent"),
    message!("joinUsFieldRequired", "Application: a field left empty"),
    message!("blogSubscribed", "Subscribe box: subscribed"),
    message!("blogNotFound", "Blogs: no story found"),
    message!("heroVideoFailed", "Home: the video cannot play"),
    message!("checkFields", "A form: fields to check (keeps {fields})"),
    message!("fieldsAnd", "A form: the word between the last two fields"),
    message!("checkForm", "A form: what was typed is refused"),
    message!("serverFailed", "A form: the server failed"),
    message!("networkFailed", "A form: the server cannot be reached"),
    message!("sendFailed", "A form: sending failed"),
];

/// Every page and part the office edits, in the editor's order.
pub static PAGES: &[PageSchema] = &[
    PageSchema {
        key: "home",
        title: "Home",
        route: Some("/"),
        fields: HOME,
    },
    PageSchema {
        key: "about",
        title: "About Us (Who we are)",
        route: Some("/about/our_vision"),
        fields: ABOUT,
    },
    PageSchema {
        key: "founder-message",
        title: "Founder's Message",
        route: Some("/about/founder_message"),
        fields: FOUNDER_MESSAGE,
    },
    PageSchema {
        key: "why-us",
        title: "Why Us",
        route: Some("/why-us"),
        fields: WHY_US,
    },
    PageSchema {
        key: "real-estate",
        title: "Real Estate",
        route: Some("/real-estate"),
        fields: REAL_ESTATE,
    },
    PageSchema {
        key: "projects",
        title: "Projects",
        route: Some("/projects"),
        fields: PROJECTS,
    },
    PageSchema {
        key: "facility-management",
        title: "Facility Management Services",
        route: Some("/facility-management-services"),
        fields: FACILITY_MANAGEMENT,
    },
    PageSchema {
        key: "hr-labs",
        title: "HR Labs",
        route: Some("/hr-labs"),
        fields: HR_LABS,
    },
    PageSchema {
        key: "gallery",
        title: "Art & Media (Fidelitus Gallery)",
        route: Some("/fidelitus_gallery"),
        fields: GALLERY,
    },
    PageSchema {
        key: "foundation",
        title: "Shilpa Foundation",
        route: Some("/shilpa_foundation"),
        fields: FOUNDATION,
    },
    PageSchema {
        key: "join-us",
        title: "Join Us",
        route: Some("/join_us"),
        fields: JOIN_US,
    },
    PageSchema {
        key: "contact",
        title: "Contact Us",
        route: Some("/contact"),
        fields: CONTACT,
    },
    PageSchema {
        key: "privacy",
        title: "Privacy notice",
        route: Some("/privacy"),
        fields: PRIVACY,
    },
    PageSchema {
        key: "blog-list",
        title: "Blogs (the list)",
        route: Some("/blogs"),
        fields: BLOG_LIST,
    },
    PageSchema {
        key: "story",
        title: "A story's page (its fixed texts)",
        route: Some("/blogs/detail/:id"),
        fields: STORY,
    },
    PageSchema {
        key: "not-found",
        title: "Page not found",
        route: None,
        fields: NOT_FOUND,
    },
    PageSchema {
        key: "header",
        title: "Header (every page)",
        route: None,
        fields: HEADER,
    },
    PageSchema {
        key: "footer",
        title: "Footer (every page)",
        route: None,
        fields: FOOTER,
    },
    PageSchema {
        key: "subscribe",
        title: "The subscribe box (blogs)",
        route: None,
        fields: SUBSCRIBE,
    },
    PageSchema {
        key: "toasts",
        title: "Messages a visitor reads",
        route: None,
        fields: TOASTS,
    },
];

/// The page `key`, if the catalog has it.
pub fn page(key: &str) -> Option<&'static PageSchema> {
    PAGES.iter().find(|page| page.key == key)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// Every path once in a page, and each list's item paths once in it, with a label.
    #[test]
    fn every_page_has_a_key_of_its_own_and_each_field_a_path_of_its_own_and_a_label() {
        let mut keys = HashSet::new();
        for page in PAGES {
            assert!(keys.insert(page.key), "{} twice", page.key);
            assert!(super::page(page.key).is_some());
            check_fields(page.key, page.fields);
        }
        assert!(super::page("nowhere").is_none());
    }

    fn check_fields(at: &str, fields: &[Field]) {
        let mut paths = HashSet::new();
        for field in fields {
            assert!(paths.insert(field.path), "{at}: {} twice", field.path);
            assert!(!field.label.is_empty(), "{at}: {} has no label", field.path);
            if let Kind::List { min, max, item } = &field.kind {
                assert!(min <= max && *max > 0, "{at}: {} bounds", field.path);
                check_fields(&format!("{at} {}", field.path), item);
            }
        }
    }

    /// The routes named are pages of the route table.
    #[test]
    fn every_route_is_one_of_the_route_table() {
        let table = include_str!("../../../ui/src/app/route-table.json");
        for page in PAGES {
            if let Some(route) = page.route {
                assert!(
                    table.contains(&format!("\"path\": \"{route}\"")),
                    "{route} is not in the route table"
                );
            }
        }
    }
}
