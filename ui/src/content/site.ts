import serviceFmsArt from '@/assets/art/service-fms.svg';
import serviceHrLabsArt from '@/assets/art/service-hr-labs.svg';
import serviceProjectsArt from '@/assets/art/service-projects.svg';
import serviceTransactionsArt from '@/assets/art/service-transactions.svg';
import type { OutsideSite, PhoneNumber, SisterCompany, SiteInfo, SocialLink } from '@/content/types';

// DEMO DATA: replace with the office's real numbers. (+1 555-01xx is reserved for fiction.)
const primaryPhone: PhoneNumber = { display: '+91 80 0000 1234', href: 'tel:+918000001234' };
const usaPhone: PhoneNumber = { display: '+1 (212) 555-0147', href: 'tel:+12125550147' };
const whatsAppPhone: PhoneNumber = { display: '+91 90000 01234', href: 'tel:+919000001234' };

const whatsAppGreeting = 'Hello Fidelitus Corp, I would like to know more about your services.';

export const siteInfo: SiteInfo = {
  brandName: 'Fidelitus Corp',
  tagline: 'Real estate, projects, facilities and people: one group, one point of contact.',
  primaryPhone,
  usaPhone,
  whatsAppPhone,
  // DEMO DATA: replace with the office's real email address.
  email: { display: 'hello@corp.example.com', href: 'mailto:hello@corp.example.com' },
  // DEMO DATA: replace with the office's real head office address.
  headOffice: {
    label: 'Head Office',
    lines: [
      'Fidelitus Corp, 3rd Floor, Demo Towers',
      'No. 12, Dr Rajkumar Road, Rajajinagar',
      'Bengaluru, Karnataka 560010, India',
    ],
  },
  // DEMO DATA: replace with the office's real USA address.
  usaOffice: {
    label: 'USA Office',
    lines: ['Fidelitus Corp Inc., Suite 400', '100 Example Avenue', 'Edison, NJ 08817, USA'],
  },
};

// DEMO DATA: replace with the group's real social page URLs.
export const socialLinks: readonly SocialLink[] = [
  { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/fidelituscorp', icon: 'facebook' },
  {
    id: 'instagram',
    label: 'Instagram',
    href: 'https://www.instagram.com/fidelituscorp/',
    icon: 'instagram',
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/company/fidelituscorp/',
    icon: 'linkedin',
  },
  { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@fidelituscorp', icon: 'youtube' },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    href: `https://wa.me/${whatsAppPhone.href.replace(/\D/g, '')}?text=${encodeURIComponent(whatsAppGreeting)}`,
    icon: 'whatsapp',
  },
];

/** Fidelitus Transactions: commercial real estate. */
export const transactionsSite: SisterCompany = {
  id: 'transactions',
  name: 'Fidelitus Transactions',
  description:
    'Commercial real estate advisory: office, retail, warehousing and land deals for occupiers, landlords and investors.',
  // DEMO DATA: replace with the company's real website.
  url: 'https://transactions.example.com',
  image: serviceTransactionsArt,
  imageAlt: 'Office towers with a golden key',
};

/** Fidelitus Projects: turnkey projects and interior design. */
export const projectsSite: SisterCompany = {
  id: 'projects',
  name: 'Fidelitus Projects',
  description:
    'Turnkey workplace projects and interior design, from the first test-fit to the day the keys are handed over.',
  // DEMO DATA: replace with the company's real website.
  url: 'https://projects.example.com',
  image: serviceProjectsArt,
  imageAlt: 'A furnished interior with a set square',
};

/** Fidelitus FMS: integrated facility management. */
export const fmsSite: SisterCompany = {
  id: 'fms',
  name: 'Fidelitus FMS',
  description:
    'Integrated facility management: technical upkeep, housekeeping, security and energy care under one contract.',
  // DEMO DATA: replace with the company's real website.
  url: 'https://fms.example.com',
  image: serviceFmsArt,
  imageAlt: 'A building with gears, a wrench and a shield',
};

/** Fidelitus HR Labs: HR solutions. */
export const hrLabsSite: SisterCompany = {
  id: 'hr-labs',
  name: 'Fidelitus HR Labs',
  description: 'Talent acquisition, learning and development, organisation transformation and startup labs.',
  // DEMO DATA: replace with the company's real website.
  url: 'https://hrlabs.example.com',
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
  // DEMO DATA: replace with the gallery's real website.
  url: 'https://gallery.example.com',
};

export const foundationSite: OutsideSite = {
  id: 'foundation',
  name: 'Shilpa Foundation',
  description: 'Education, environment and healthcare programmes since 2014.',
  // DEMO DATA: replace with the foundation's real website.
  url: 'https://foundation.example.com',
};
