import serviceFmsArt from '@/assets/art/service-fms.svg';
import serviceHrLabsArt from '@/assets/art/service-hr-labs.svg';
import serviceProjectsArt from '@/assets/art/service-projects.svg';
import serviceTransactionsArt from '@/assets/art/service-transactions.svg';
import type { OutsideSite, PhoneNumber, SisterCompany, SiteInfo, SocialLink } from '@/content/types';
import { demoSiteDetails as demo, mailHref, telHref, whatsAppHref } from '@/lib/site-details';

// DEMO DATA lives in site-details.json (the office replaces it at /staff/settings); these
// shapes are what the pages that are not yet fed by the saved details read.
const primaryPhone: PhoneNumber = { display: demo.phone, href: telHref(demo.phone) };
const usaPhone: PhoneNumber = { display: demo.usa_phone, href: telHref(demo.usa_phone) };
const whatsAppPhone: PhoneNumber = { display: demo.whatsapp_number, href: telHref(demo.whatsapp_number) };

export const siteInfo: SiteInfo = {
  brandName: demo.company_name,
  tagline: 'Real estate, projects, facilities and people: one group, one point of contact.',
  primaryPhone,
  usaPhone,
  whatsAppPhone,
  email: { display: demo.email, href: mailHref(demo.email) },
  headOffice: { label: 'Head Office', lines: demo.head_office },
  usaOffice: { label: 'USA Office', lines: demo.usa_office },
  copyrightYear: 2025,
  copyrightHolder: demo.company_name,
};

export const socialLinks: readonly SocialLink[] = [
  { id: 'facebook', label: 'Facebook', href: demo.social.facebook, icon: 'facebook' },
  { id: 'instagram', label: 'Instagram', href: demo.social.instagram, icon: 'instagram' },
  { id: 'linkedin', label: 'LinkedIn', href: demo.social.linkedin, icon: 'linkedin' },
  { id: 'youtube', label: 'YouTube', href: demo.social.youtube, icon: 'youtube' },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    href: whatsAppHref(demo.whatsapp_number, demo.whatsapp_greeting),
    icon: 'whatsapp',
  },
];

/** Fidelitus Transactions: commercial real estate. */
export const transactionsSite: SisterCompany = {
  id: 'transactions',
  name: 'Fidelitus Transactions',
  description:
    'Commercial real estate advisory: office, retail, warehousing and land deals for occupiers, landlords and investors.',
  url: demo.sister_sites.transactions,
  image: serviceTransactionsArt,
  imageAlt: 'Office towers with a golden key',
};

/** Fidelitus Projects: turnkey projects and interior design. */
export const projectsSite: SisterCompany = {
  id: 'projects',
  name: 'Fidelitus Projects',
  description:
    'Turnkey workplace projects and interior design, from the first test-fit to the day the keys are handed over.',
  url: demo.sister_sites.projects,
  image: serviceProjectsArt,
  imageAlt: 'A furnished interior with a set square',
};

/** Fidelitus FMS: integrated facility management. */
export const fmsSite: SisterCompany = {
  id: 'fms',
  name: 'Fidelitus FMS',
  description:
    'Integrated facility management: technical upkeep, housekeeping, security and energy care under one contract.',
  url: demo.sister_sites.fms,
  image: serviceFmsArt,
  imageAlt: 'A building with gears, a wrench and a shield',
};

/** Fidelitus HR Labs: HR solutions. */
export const hrLabsSite: SisterCompany = {
  id: 'hr-labs',
  name: 'Fidelitus HR Labs',
  description: 'Talent acquisition, learning and development, organisation transformation and startup labs.',
  url: demo.sister_sites.hr_labs,
  image: serviceHrLabsArt,
  imageAlt: 'A network of people with a light bulb',
};

/** The four sister companies in display order (header Business submenu, home Services grid). */
export const sisterCompanies: readonly SisterCompany[] = [
  transactionsSite,
  projectsSite,
  fmsSite,
  hrLabsSite,
];

export const gallerySite: OutsideSite = {
  id: 'gallery',
  name: 'Fidelitus Gallery',
  description: 'Art & Media: contemporary Indian art, exhibitions and artist residencies since 2014.',
  url: demo.gallery_url,
};

export const foundationSite: OutsideSite = {
  id: 'foundation',
  name: 'Shilpa Foundation',
  description: 'Education, environment and healthcare programmes since 2014.',
  url: demo.foundation_url,
};
