import { foundationSite, gallerySite, sisterCompanies } from '@/content/site';
import type { FooterLinkGroup, MenuItem } from '@/content/types';

/** Header menu, in display order. */
export const headerMenu: readonly MenuItem[] = [
  { id: 'home', name: 'Home', path: '/', dropdown: [] },
  {
    id: 'about',
    name: 'About Us',
    path: '/about/our_vision',
    dropdown: [
      { id: 'who-we-are', name: 'Who we are', path: '/about/our_vision', dropdown: [] },
      { id: 'founder-message', name: "Founder's Message", path: '/about/founder_message', dropdown: [] },
    ],
  },
  { id: 'why-us', name: 'Why Us', path: '/why-us', dropdown: [] },
  {
    id: 'business',
    name: 'Business',
    // Opens its submenu only; each entry is a sister company's own website,
    // opened in the same window.
    path: '',
    dropdown: sisterCompanies.map((company) => ({
      id: company.id,
      name: company.name,
      path: company.url,
      dropdown: [],
      external: true,
    })),
  },
  { id: 'blogs', name: 'Blogs', path: '/blogs', dropdown: [] },
  { id: 'careers', name: 'Careers', path: '/join_us', dropdown: [] },
  { id: 'contact', name: 'Contact Us', path: '/contact', dropdown: [] },
  { id: 'shilpa-foundation', name: 'Shilpa Foundation', path: '/shilpa_foundation', dropdown: [] },
  { id: 'art-media', name: 'Art & Media', path: '/fidelitus_gallery', dropdown: [] },
];

/** Footer link columns. */
export const footerLinkGroups: readonly FooterLinkGroup[] = [
  {
    id: 'company',
    heading: 'Company',
    links: [
      { label: 'About', path: '/about/our_vision' },
      { label: 'Why Us', path: '/why-us' },
      { label: 'Blog', path: '/blogs' },
      { label: 'Careers', path: '/join_us' },
      { label: 'Contact', path: '/contact' },
    ],
  },
  {
    id: 'services',
    heading: 'Services',
    links: [
      { label: 'Real Estate', path: '/real-estate' },
      { label: 'Projects', path: '/projects' },
      { label: 'Facility Management', path: '/facility-management-services' },
      { label: 'HR Labs', path: '/hr-labs' },
    ],
  },
  {
    id: 'wings',
    heading: 'Our Wings',
    links: [
      { label: gallerySite.name, path: gallerySite.url, external: true },
      { label: foundationSite.name, path: foundationSite.url, external: true },
    ],
  },
];

export const footerAbout =
  'Fidelitus Corp brings commercial real estate, turnkey projects, facility management and HR solutions together under one group, and gives back through Fidelitus Gallery and Shilpa Foundation.';

export const footerLabels = {
  followUs: 'Follow us',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  reachUs: 'Reach us',
  rights: 'All rights reserved.',
  privacy: 'Privacy notice',
} as const;

export const headerLabels = {
  skipLink: 'Skip to content',
  mainNav: 'Main',
  drawer: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
} as const;

/** Words the site repeats in many places. */
export const commonLabels = {
  /** Read by screen readers after a link that opens another website in a new tab. */
  opensInNewTab: '(opens in a new tab)',
} as const;
