import contactHeroArt from '@/assets/art/contact-hero.svg';
import mapFacadeArt from '@/assets/art/map-facade.svg';
import { siteInfo } from '@/content/site';
import type { Branch, ContactContent } from '@/content/types';

const mapQuery = 'Rajajinagar, Bengaluru, Karnataka';

// DEMO DATA: replace with the offices' real addresses. The branches keep this order.
const branches: readonly Branch[] = [
  {
    id: 'rajajinagar',
    city: 'Rajajinagar',
    address: '3rd Floor, Demo Towers, Dr Rajkumar Road, Rajajinagar, Bengaluru 560010',
  },
  {
    id: 'whitefield',
    city: 'Whitefield',
    address: '5th Floor, Sample Tech Park, ITPL Main Road, Whitefield, Bengaluru 560066',
  },
  {
    id: 'mysuru',
    city: 'Mysuru',
    address: '2nd Floor, 18 Example Arcade, Kalidasa Road, Jayalakshmipuram, Mysuru 570012',
  },
  {
    id: 'hyderabad',
    city: 'Hyderabad',
    address: '7th Floor, Placeholder Towers, Hitech City Road, Madhapur, Hyderabad 500081',
  },
  {
    id: 'chennai',
    city: 'Chennai',
    address: '4th Floor, Demo Square, Anna Salai, Teynampet, Chennai 600018',
  },
  {
    id: 'mumbai',
    city: 'Mumbai',
    address: '11th Floor, Sample House, Bandra Kurla Complex, Bandra East, Mumbai 400051',
  },
  {
    id: 'delhi',
    city: 'Delhi',
    address: '6th Floor, Example Plaza, Barakhamba Road, Connaught Place, New Delhi 110001',
  },
  {
    id: 'ahmedabad',
    city: 'Ahmedabad',
    address: '3rd Floor, Demo Heights, SG Highway, Bodakdev, Ahmedabad 380054',
  },
  {
    id: 'kolkata',
    city: 'Kolkata',
    address: '8th Floor, Sample Centre, Sector V, Salt Lake, Kolkata 700091',
  },
  {
    id: 'pune',
    city: 'Pune',
    address: '2nd Floor, Placeholder Business Bay, Baner Road, Baner, Pune 411045',
  },
  {
    id: 'kochi',
    city: 'Kochi',
    address: '4th Floor, Example Trade Centre, MG Road, Ernakulam, Kochi 682016',
  },
];

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
    // DEMO DATA: points at the Rajajinagar area; replace with the office's exact location.
    embedUrl: `https://www.google.com/maps?q=${encodeURIComponent(mapQuery)}&output=embed`,
    openUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`,
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
