import contactHeroArt from '@/assets/art/contact-hero.svg';
import mapFacadeArt from '@/assets/art/map-facade.svg';
import { siteInfo } from '@/content/site';
import type { Branch, ContactContent } from '@/content/types';
import { demoSiteDetails as demo, mapUrls } from '@/lib/site-details';

// DEMO DATA lives in site-details.json; the office replaces it at /staff/settings.
const branches: readonly Branch[] = demo.branches.map((branch, index) => ({
  id: `branch-${index}`,
  city: branch.city,
  address: branch.address,
}));
const { embedUrl, openUrl } = mapUrls(demo.map_location);

export const contactContent: ContactContent = {
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Contact Us' }],
  banner: {
    headline: 'Contact Us',
    text: 'Talk to the team that can help, in the city where you need it.',
    image: contactHeroArt,
    imageAlt: 'An envelope, a phone handset, chat bubbles and a map pin',
  },
  intro:
    'Whether you want to partner with us, need one of our services or would like to build your career at Fidelitus, we would love to hear from you. Write to us, call us or drop in at the branch nearest you.',
  mainBranch: {
    heading: 'Main Branch',
    headOffice: siteInfo.headOffice,
    usaOffice: siteInfo.usaOffice,
    phone: siteInfo.primaryPhone,
    email: siteInfo.email,
  },
  map: {
    title: 'Map showing the Fidelitus Corp head office in Rajajinagar, Bengaluru',
    embedUrl,
    openUrl,
    openLabel: 'Open in Google Maps',
    facadeImage: mapFacadeArt,
    facadeAlt: 'A stylised street map of a city block with a location pin',
    loadLabel: 'Show interactive map',
  },
  branchesHeading: 'Our Branches',
  branches,
  form: {
    heading: 'Write to Us',
    intro: 'Tell us a little about what you need and we will get back to you within one working day.',
    fields: [
      { name: 'name', label: 'Name', placeholder: 'Your full name' },
      { name: 'mobile', label: 'Contact Number', placeholder: 'Your mobile number' },
      { name: 'email', label: 'Email', placeholder: 'you@company.com' },
      { name: 'requirment', label: 'Query', placeholder: 'How can we help you?' },
    ],
    submitLabel: 'Submit',
    departmentWebsite: 'Corp Team',
  },
};
