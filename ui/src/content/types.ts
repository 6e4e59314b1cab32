import type { ParagraphsValue } from '@/lib/page-fields';
/**
 * Shapes of the site's static copy and data. The site's named entities (service item,
 * HR offering, why-choose item, value, menu item, leader, overview stat) keep their fixed
 * field names, `linked_in` and `img` included; everything else is our own.
 * Image fields hold URLs produced by Vite asset imports.
 */

/* ------------------------------------------------------------------ icons */

/** The icons the site's drawings and content name: a core value, an overview stat, a careers
 * perk (`icon-paths.ts`, 24x24 viewBox). */
export type DrawnIconId =
  // core values
  | 'accountability'
  | 'transparency'
  | 'adaptability'
  | 'teamwork-collaboration'
  | 'lifetime-learning'
  | 'people-customer-oriented'
  // overview stats
  | 'clients-served'
  | 'in-house-employee'
  | 'years-in-industry'
  | 'overall-projects'
  // careers perks
  | 'fast-growing'
  | 'great-team'
  | 'take-ownership'
  | 'keep-learning'
  | 'latest-tech'
  | 'cross-domain-exposure';

/** The icons of the site's frame and controls: social links, menus, buttons
 * (`interface-icon-paths.ts`, what an island may draw). */
export type InterfaceIconId =
  // social
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'youtube'
  | 'whatsapp'
  // interface
  | 'menu'
  | 'close'
  | 'chevron-down'
  | 'play'
  | 'arrow-left'
  | 'phone'
  | 'mail'
  | 'map-pin'
  | 'upload'
  | 'x';

/** Every icon drawn (24x24 viewBox). */
export type IconId = DrawnIconId | InterfaceIconId;

/**
 * One icon. `stroke` icons are drawn with fill="none", stroke="currentColor",
 * stroke-width 2 and round caps and joins; `fill` icons with fill="currentColor"
 * and no stroke. `d` may hold several subpaths.
 */
export interface IconGlyph {
  style: 'stroke' | 'fill';
  d: string;
  fillRule?: 'evenodd' | 'nonzero';
}

/* ------------------------------------------------------------------ shared bits */

export interface PhoneNumber {
  /** As shown to people, e.g. "+91 80 0000 1234". */
  display: string;
  /** A tel: URL. */
  href: string;
}

export interface EmailAddress {
  display: string;
  /** A mailto: URL. */
  href: string;
}

export interface PostalAddress {
  /** Heading for the block, e.g. "Head Office". */
  label: string;
  lines: readonly string[];
}

export interface ExternalLink {
  label: string;
  url: string;
}

export interface BreadcrumbItem {
  label: string;
  /** Absent on the current (last) crumb. */
  path?: string;
}

export interface Banner {
  headline: string;
  text: string;
  image: string;
  /** Short description of the artwork for alt text. */
  imageAlt: string;
}

export interface TextBlock {
  id: string;
  heading: string;
  paragraphs: ParagraphsValue;
}

/** A heading with a short explanation, used for lists of points. */
export interface Point {
  id: string;
  heading: string;
  description: string;
}

export interface VideoSource {
  src: string;
  poster: string;
  /** Accessible name of the video. */
  title: string;
}

export interface Signatory {
  name: string;
  designation: string;
}

/** A message signed by the founder: the first leader of the company's details signs it. */
export interface SignedMessage {
  heading: string;
  paragraphs: ParagraphsValue;
}

/* ------------------------------------------------------------------ site */

export type SocialId = 'facebook' | 'instagram' | 'linkedin' | 'youtube' | 'whatsapp';

export interface SocialLink {
  id: SocialId;
  label: string;
  href: string;
  icon: IconId;
}

/** A sister company with its own website (header Business submenu, home Services grid). */
export interface SisterCompany {
  id: string;
  name: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
}

export interface OutsideSite {
  id: string;
  name: string;
  description: string;
  url: string;
}

export interface SiteInfo {
  brandName: string;
  tagline: string;
  primaryPhone: PhoneNumber;
  usaPhone: PhoneNumber;
  /** Mobile number used for WhatsApp chats. */
  whatsAppPhone: PhoneNumber;
  email: EmailAddress;
  headOffice: PostalAddress;
  usaOffice: PostalAddress;
}

/* ------------------------------------------------------------------ navigation */

/** A menu item: name, path, id, its dropdown list and an optional external flag. */
export interface MenuItem {
  id: string;
  name: string;
  /** Route or absolute URL. Empty for a parent that only opens its dropdown. */
  path: string;
  dropdown: readonly MenuItem[];
  /** True for another website (opened in the same window from the header). */
  external?: boolean;
}

export interface FooterLink {
  label: string;
  path: string;
  external?: boolean;
}

export interface FooterLinkGroup {
  id: string;
  heading: string;
  links: readonly FooterLink[];
}

/* ------------------------------------------------------------------ home */

/** A service item (id, label, image, path): path is the sister company's external URL. */
export interface ServiceItem {
  id: string;
  label: string;
  image: string;
  imageAlt: string;
  path: string;
  description: string;
}

export type CoreValueName =
  | 'Accountability'
  | 'Transparency'
  | 'Adaptability'
  | 'Teamwork & Collaboration'
  | 'Lifetime Learning'
  | 'People & Customer Oriented';

/** A core value: id, icon and value, one of the six names above. */
export interface CoreValue {
  id: string;
  icon: IconId;
  value: CoreValueName;
  description: string;
}

/** An overview stat (img, heading, count); `img` is an icon id drawn from icon-paths.ts. */
export interface OverviewStat {
  id: string;
  img: IconId;
  heading: string;
  count: number;
  suffix: string;
}

export interface Wing {
  id: 'gallery' | 'foundation';
  name: string;
  tagline: string;
  paragraphs: ParagraphsValue;
  /** The wing's headline figure, e.g. "500 + people helped every month". */
  highlight: string;
  image: string;
  imageAlt: string;
  /** "View More" and "Read More" both go to /shilpa_foundation. */
  viewMorePath: string;
  readMorePath: string;
}

export interface Client {
  id: string;
  name: string;
  sector: string;
}

export interface ActionLink {
  label: string;
  href: string;
}

export interface HelpBanner {
  heading: string;
  text: string;
  /** Each button calls or mails the company, at the phone and email of its details. */
  actions: readonly { label: string; channel: 'phone' | 'email' }[];
}

/** Still image that opens the video modal. */
export interface VideoThumbnail {
  image: string;
  alt: string;
  playLabel: string;
}

export interface HomeContent {
  hero: {
    headline: string;
    subline: string;
    /** Shown instead of the hero video when it cannot or should not play (e.g. reduced motion). */
    fallbackImage: string;
    fallbackImageAlt: string;
  };
  about: TextBlock;
  vision: TextBlock;
  mission: TextBlock;
  servicesHeading: string;
  servicesIntro: string;
  coreValuesHeading: string;
  overviewHeading: string;
  wingsHeading: string;
  clientsHeading: string;
  clientsIntro: string;
  featuredStoriesHeading: string;
  featuredStoriesIntro: string;
  viewMoreLabel: string;
  readMoreLabel: string;
}

/** Button and status texts of the home page. */
export interface HomeLabels {
  /** Small line above the hero headline. */
  heroEyebrow: string;
  exploreServices: string;
  talkToUs: string;
  pauseVideo: string;
  playVideo: string;
  closeVideo: string;
  visitWebsite: string;
  storiesLoading: string;
  storiesUnavailable: string;
  allStories: string;
  mdMessageEyebrow: string;
  /** Read aloud after a wing's View More and Read More, before the wing's name. */
  aboutWing: string;
}

/* ------------------------------------------------------------------ about */

/** A leader (img, name, designation, linked_in, whats_app). Without `img` the page draws
 * the person's initials. */
export interface Leader {
  id: string;
  img?: string;
  name: string;
  designation: string;
  linked_in?: string;
  whats_app?: string;
}

export interface AboutContent {
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  story: {
    heading: string;
    paragraphs: ParagraphsValue;
    /** Paragraphs shown before "Read More" is pressed. */
    collapsedCount: number;
    readMoreLabel: string;
    readLessLabel: string;
  };
  overviewHeading: string;
  leadersHeading: string;
  /** The line under the leaders' heading: {count} is their number in words ("Eight"). */
  leadersIntro: string;
  /** The same line when there is one leader. */
  leaderIntro: string;
  /** Read aloud on a leader's links: {name} is the leader's. */
  leaderLinkedIn: string;
  leaderWhatsApp: string;
}

/* ------------------------------------------------------------------ why us */

/** A why-choose item: id, image, heading, description. */
export interface WhyChooseItem {
  id: string;
  image: string;
  heading: string;
  description: string;
}

export interface OneRoofService {
  id: string;
  label: string;
  description: string;
  /** Internal route of the business page. */
  path: string;
}

export interface WhyUsContent {
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  whoWeAre: TextBlock;
  competitiveEdge: { heading: string; intro: string; points: readonly Point[] };
  specialization: { heading: string; intro: string; points: readonly Point[] };
  oneRoof: { heading: string; intro: string; services: readonly OneRoofService[] };
  whyChooseUs: { heading: string; intro: string; items: readonly WhyChooseItem[] };
}

/* ------------------------------------------------------------------ founder */

export interface FounderMessageContent {
  pageTitle: string;
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  message: SignedMessage;
  pullQuote: string;
}

/* ------------------------------------------------------------------ business pages */

/** An HR offering: id, image, heading, description. */
export interface HrOffering {
  id: string;
  image: string;
  heading: string;
  description: string;
}

export interface ServiceListItem {
  id: string;
  label: string;
  description: string;
}

export interface BusinessSection {
  id: string;
  heading: string;
  paragraphs: ParagraphsValue;
  points?: readonly Point[];
}

export interface BusinessPage {
  id: 'facility-management' | 'projects' | 'hr-labs' | 'real-estate';
  path: string;
  /** Breadcrumb name and document title. */
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  sections: readonly BusinessSection[];
  servicesHeading: string;
  services: readonly ServiceListItem[];
  /** HR Labs only. */
  offerings?: readonly HrOffering[];
  externalSite: ExternalLink;
}

/* ------------------------------------------------------------------ gallery and foundation */

export interface GalleryPage {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  established: number;
  /** Share of sales given to the foundation, in percent. */
  foundationSharePercent: number;
  sections: readonly BusinessSection[];
  visit: { heading: string; steps: readonly Point[] };
  externalSite: ExternalLink;
}

export interface FoundationPage {
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  since: number;
  intro: TextBlock;
  programmes: readonly (Point & { initiatives: readonly string[] })[];
  impact: readonly { id: string; figure: string; label: string }[];
  getInvolved: { heading: string; ways: readonly Point[] };
  externalSite: ExternalLink;
}

/* ------------------------------------------------------------------ contact */

export interface Branch {
  id: string;
  city: string;
  address: string;
}

export interface FormField<Name extends string = string> {
  name: Name;
  label: string;
  placeholder: string;
}

export interface ContactContent {
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  intro: string;
  mainBranch: {
    heading: string;
    headOffice: PostalAddress;
    usaOffice: PostalAddress;
    phone: PhoneNumber;
    email: EmailAddress;
  };
  map: {
    title: string;
    /** Google Maps embed URL for an iframe. */
    embedUrl: string;
    /** Plain link that opens Google Maps in a new tab. */
    openUrl: string;
    openLabel: string;
    /** Shown until the visitor chooses to load the embedded map. */
    facadeImage: string;
    facadeAlt: string;
    loadLabel: string;
  };
  branchesHeading: string;
  branches: readonly Branch[];
  form: {
    heading: string;
    intro: string;
    fields: readonly FormField<'name' | 'mobile' | 'email' | 'requirment'>[];
    submitLabel: string;
    /** department_website sent with contact enquiries ("Corp Team"). */
    departmentWebsite: string;
  };
}

/* ------------------------------------------------------------------ careers */

export interface Perk {
  id: string;
  icon: IconId;
  heading:
    | 'Fast Growing'
    | 'Great Team'
    | 'Take Ownership'
    | 'Keep Learning'
    | 'Latest Tech'
    | 'Cross-Domain Exposure';
  description: string;
}

export type ApplicantFieldName =
  | 'name'
  | 'mobile'
  | 'email'
  | 'experience'
  | 'previous_company'
  | 'file'
  | 'query';

export interface CareersContent {
  pageTitle: string;
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  form: {
    heading: string;
    fields: readonly FormField<ApplicantFieldName>[];
    uploadHint: string;
    uploadTypesHint: string;
    /** Value for the file input's accept attribute (image files only). */
    uploadAccept: string;
    removeFileLabel: string;
    submitLabel: string;
    /** department_website sent with applications (no value was fixed for them; this is ours). */
    departmentWebsite: string;
    /** Shown when a chosen file is not one of the supported image types. */
    unsupportedFileMessage: string;
    /** A line under the form's heading. */
    intro: string;
  };
  /** The open roles above the form, and each posting's page (`/join_us/SLUG`). */
  openRoles: {
    listTitle: string;
    listIntro: string;
    departmentLabel: string;
    locationLabel: string;
    anyDepartment: string;
    anyLocation: string;
    filterButton: string;
    noneOpen: string;
    noneMatch: string;
    showAll: string;
    closesLabel: string;
    openUntilFilled: string;
    backToRoles: string;
    facts: {
      department: string;
      location: string;
      employmentType: string;
      workplace: string;
      salary: string;
      openings: string;
      posted: string;
      closes: string;
      reference: string;
    };
    applyTitle: string;
    closedTitle: string;
    closedText: string;
    closedLink: string;
    missingTitle: string;
    missingText: string;
    loading: string;
    loadFailed: string;
  };
  perksHeading: string;
  perks: readonly Perk[];
}

/* ------------------------------------------------------------------ blog */

export interface BlogContent {
  breadcrumb: readonly BreadcrumbItem[];
  banner: Banner;
  /** The heading of the grid, beside the search box. */
  listHeading: string;
  backToBlogsLabel: string;
  similar: { heading: string; caption: string };
  subscribe: {
    headline: string;
    subtext: string;
    placeholder: string;
    buttonLabel: string;
    /** Accessible label of the email input (the placeholder alone is not a label). */
    inputLabel: string;
    /** How a failure toast names the email box ("Please check {fields}."). */
    fieldName: string;
    /** department_website and service sent with a subscription. */
    departmentWebsite: string;
    service: string;
    confirmHint: string;
  };
  /** After "blog not found", go here after this delay (home, 2 seconds). */
  notFoundRedirect: { path: string; delayMs: number };
  /** Our own additions: searching the list, its empty and failure states. */
  search: {
    label: string;
    placeholder: string;
    clearLabel: string;
    /** "{query}" is replaced with what the visitor searched for. */
    noMatches: string;
    noMatchesHint: string;
    /** "{count}" and "{query}". */
    matchesSummary: string;
  };
  noBlogsYet: string;
  listLoading: string;
  listFailed: string;
  detailFailed: string;
  retryLabel: string;
  paginationLabel: string;
  previousPageLabel: string;
  nextPageLabel: string;
  detailLoading: string;
  /** The detail page's heading while the post loads. */
  detailTitleFallback: string;
  writtenByPrefix: string;
}

/* ------------------------------------------------------------------ messages */

export interface NotFoundContent {
  /** The heading, which any error of a page shows too. */
  heading: string;
  /** Under it: {path} is the path asked for. */
  message: string;
  /** The link to the home page. */
  homeLink: string;
}

export interface Messages {
  contactFieldRequired: string;
  joinUsFieldRequired: string;
  contactSubmitted: string;
  applicationSubmitted: string;
  blogSubscribed: string;
  blogNotFound: string;
  heroVideoFailed: string;
  /** A form the server refused (422): {fields} names the form's fields it refused. */
  checkFields: string;
  /** Joins the last two field names in checkFields: "Email and Mobile". */
  fieldsAnd: string;
  /** A refused form whose errors name no field the visitor can see. */
  checkForm: string;
  /** Any 5xx: our fault, and what to do about it. */
  serverFailed: string;
  /** No answer at all (offline, connection refused). */
  networkFailed: string;
  /** Any other failure without words of the server's own. */
  sendFailed: string;
}
