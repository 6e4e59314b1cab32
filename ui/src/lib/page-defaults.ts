/**
 * The defaults of the office's page editor: for each page of the server's catalog
 * (src/domain/pages/catalog.rs, by its key), the content exports its fields address. A
 * field's path is `<export name>.<property path>` of one of these, so the server reads each
 * field's default here (`globalThis.corpsitePageDefaults(key)`, set by server-entry.tsx) and
 * a Rust test checks that every path resolves, with a value of its field's kind.
 *
 * `pageMeta` is the one export of no content module: what a page's head says by default
 * (its search title, description and link preview image), made of the page's own content as
 * the page's `usePageMeta` call makes it.
 */
import { aboutContent } from '@/content/about';
import { blogContent } from '@/content/blog';
import {
  businessLabels,
  facilityManagementPage,
  hrLabsPage,
  projectsPage,
  realEstatePage,
} from '@/content/business-pages';
import { careersContent } from '@/content/careers';
import { companyMission, companyVision } from '@/content/company';
import { contactContent } from '@/content/contact';
import { foundationLabels, foundationPage } from '@/content/foundation';
import { founderMessageContent } from '@/content/founder-message';
import { galleryFacts, galleryLabels, galleryPage } from '@/content/gallery';
import {
  coreValues,
  helpBanner,
  heroVideo,
  homeContent,
  homeLabels,
  managingDirectorMessage,
  mdMessageVideo,
  mdMessageVideoThumbnail,
  wings,
} from '@/content/home';
import { messages } from '@/content/messages';
import {
  commonLabels,
  footerAbout,
  footerLabels,
  footerLinkGroups,
  headerLabels,
  headerMenu,
} from '@/content/navigation';
import { notFoundContent } from '@/content/not-found';
import { privacyContent } from '@/content/privacy';
import { fmsSite, hrLabsSite, projectsSite, siteInfo, transactionsSite } from '@/content/site';
import type { Banner, BusinessPage } from '@/content/types';
import { whyUsContent } from '@/content/why-us';

/** A page's head as the editor shows it: its title, description and link preview image. */
interface PageMetaDefaults {
  title: string;
  description: string;
  image: string;
  imageAlt: string;
}

function metaOf(title: string, description: string, banner: Banner): PageMetaDefaults {
  return { title, description, image: banner.image, imageAlt: banner.imageAlt };
}

function businessPage(page: BusinessPage, exportName: string): Record<string, unknown> {
  return {
    [exportName]: page,
    businessLabels,
    pageMeta: metaOf(page.title, page.banner.text, page.banner),
  };
}

/** Each catalog page's content exports, by the page's key. */
const PAGES: Record<string, () => Record<string, unknown>> = {
  home: () => ({
    homeContent,
    heroVideo,
    mdMessageVideo,
    mdMessageVideoThumbnail,
    coreValues,
    managingDirectorMessage,
    wings,
    helpBanner,
    homeLabels,
    transactionsSite,
    projectsSite,
    fmsSite,
    hrLabsSite,
    pageMeta: {
      title: siteInfo.brandName,
      description: siteInfo.tagline,
      image: homeContent.hero.fallbackImage,
      imageAlt: homeContent.hero.fallbackImageAlt,
    },
  }),
  about: () => ({
    aboutContent,
    companyVision,
    companyMission,
    pageMeta: metaOf(aboutContent.banner.headline, aboutContent.banner.text, aboutContent.banner),
  }),
  'founder-message': () => ({
    founderMessageContent,
    pageMeta: metaOf(
      founderMessageContent.pageTitle,
      founderMessageContent.banner.text,
      founderMessageContent.banner,
    ),
  }),
  'why-us': () => ({
    whyUsContent,
    pageMeta: metaOf('Why Us', whyUsContent.banner.text, whyUsContent.banner),
  }),
  'real-estate': () => businessPage(realEstatePage, 'realEstatePage'),
  projects: () => businessPage(projectsPage, 'projectsPage'),
  'facility-management': () => businessPage(facilityManagementPage, 'facilityManagementPage'),
  'hr-labs': () => businessPage(hrLabsPage, 'hrLabsPage'),
  gallery: () => ({
    galleryPage,
    galleryFacts,
    galleryLabels,
    pageMeta: metaOf(galleryPage.title, galleryPage.banner.text, galleryPage.banner),
  }),
  foundation: () => ({
    foundationPage,
    foundationLabels,
    pageMeta: metaOf(foundationPage.title, foundationPage.banner.text, foundationPage.banner),
  }),
  'join-us': () => ({
    careersContent,
    pageMeta: metaOf(careersContent.pageTitle, careersContent.banner.text, careersContent.banner),
  }),
  contact: () => ({
    contactContent,
    pageMeta: metaOf(contactContent.banner.headline, contactContent.intro, contactContent.banner),
  }),
  privacy: () => ({
    privacyContent,
    pageMeta: { title: privacyContent.pageTitle, description: privacyContent.intro },
  }),
  'blog-list': () => ({
    blogContent,
    pageMeta: metaOf(blogContent.banner.headline, blogContent.banner.text, blogContent.banner),
  }),
  story: () => ({ blogContent }),
  'not-found': () => ({ notFoundContent }),
  header: () => ({ headerMenu, headerLabels, commonLabels }),
  footer: () => ({ footerAbout, footerLabels, footerLinkGroups }),
  subscribe: () => ({ blogContent }),
  toasts: () => ({ messages }),
};

/** The page `key`'s content exports as JSON; `null` for a key the catalog does not have. */
export function pageDefaultsJson(key: string): string {
  const page = Object.hasOwn(PAGES, key) ? PAGES[key] : undefined;
  return JSON.stringify(page ? page() : null);
}
