import homeHeroArt from '@/assets/art/home-hero.svg';
import videoPosterArt from '@/assets/art/video-poster.svg';
import wingFoundationArt from '@/assets/art/wing-foundation.svg';
import wingGalleryArt from '@/assets/art/wing-gallery.svg';
import heroVideoSrc from '@/assets/video/hero.mp4';
import heroPoster from '@/assets/video/hero-poster.webp';
import mdMessageVideoSrc from '@/assets/video/md-message.mp4';
import mdMessagePoster from '@/assets/video/md-message-poster.webp';
import type {
  CoreValue,
  HelpBanner,
  HomeContent,
  HomeLabels,
  ServiceItem,
  SignedMessage,
  SisterCompany,
  VideoSource,
  VideoThumbnail,
  Wing,
} from '@/content/types';

/** Text claims the home page must carry verbatim. */
const homeClaims = {
  peopleHelped: '500 + people helped every month',
  clients: '6,000 + clients',
} as const;

export const homeContent: HomeContent = {
  hero: {
    headline: 'Spaces, projects and people that work.',
    subline:
      'Fidelitus Corp finds your next office, builds it, runs it and helps you hire the team inside it: four specialist companies, one accountable group.',
    fallbackImage: homeHeroArt,
    fallbackImageAlt: 'A bright city skyline of office towers under a golden sun',
  },
  about: {
    id: 'about',
    heading: 'About Fidelitus Corp',
    paragraphs: [
      'Fidelitus Corp began in Bengaluru in 2014 as a small commercial real estate advisory with a simple promise: tell clients the truth about a property, even when it costs us the deal. That promise built the trust that let us grow into a group of four specialist companies.',
      'Today Fidelitus Transactions leases and sells commercial space, Fidelitus Projects designs and builds workplaces, Fidelitus FMS runs buildings day to day and Fidelitus HR Labs finds and develops the people who use them. With more than 700 in-house employees across eleven Indian cities and an office in the USA, we serve start-ups, family businesses and multinationals alike.',
    ],
  },
  vision: {
    id: 'vision',
    heading: 'Vision',
    paragraphs: [
      'To be the one partner a business calls for every space it works in and every person who works in it.',
    ],
  },
  mission: {
    id: 'mission',
    heading: 'Mission',
    paragraphs: [
      'To give honest advice, deliver on time and on budget, keep every site running to agreed service levels, and return a share of what we earn to the communities around us.',
    ],
  },
  servicesHeading: 'Our Services',
  servicesIntro: 'Each of our businesses is a specialist in its own right. Choose one to visit its website.',
  coreValuesHeading: 'Our Core Values',
  overviewHeading: 'Fidelitus at a Glance',
  wingsHeading: 'Our Wings',
  clientsHeading: 'Clients We Served',
  clientsIntro:
    'From five-person start-ups to listed manufacturers, these are some of the organisations that trust us with their spaces and their people.',
  featuredStoriesHeading: 'Featured Stories',
  featuredStoriesIntro: 'Success stories from our teams and clients.',
  viewMoreLabel: 'View More',
  readMoreLabel: 'Read More',
};

/**
 * Autoplaying, muted, looping hero video (made from our own artwork). Its poster is the home
 * page's largest paint: flat art, so WebP at quality 50 keeps it as it was at 15.6 KB (22.5 KB
 * before). It stays 1280x720, the video's own size: a smaller poster (a
 * 768 px one for phones was tried) counts as a smaller paint than the video's first frame,
 * which then becomes the page's largest paint, seconds later.
 */
export const heroVideo: VideoSource = {
  src: heroVideoSrc,
  poster: heroPoster,
  title: 'Fidelitus Corp: real estate, projects, facility management and HR labs',
};

/** Video beside the Managing Director's message, played in the video modal. */
export const mdMessageVideo: VideoSource = {
  src: mdMessageVideoSrc,
  poster: mdMessagePoster,
  title: 'A message from our Managing Director',
};

/** Thumbnail beside the Managing Director's message; pressing it opens the video modal. */
export const mdMessageVideoThumbnail: VideoThumbnail = {
  image: videoPosterArt,
  alt: 'A screen showing a city skyline with a play symbol',
  playLabel: 'Play video',
};

/**
 * Services grid: four cards linking to the sister companies' websites (new tab), made of the
 * companies as the page shows them.
 */
export function homeServices(companies: readonly SisterCompany[]): readonly ServiceItem[] {
  return companies.map((company) => ({
    id: company.id,
    label: company.name,
    image: company.image,
    path: company.url,
    description: company.description,
  }));
}

export const coreValues: readonly CoreValue[] = [
  {
    id: 'accountability',
    icon: 'accountability',
    value: 'Accountability',
    description: 'We own every commitment we make, and we tell you first when something slips.',
  },
  {
    id: 'transparency',
    icon: 'transparency',
    value: 'Transparency',
    description: 'Clear fees, open books on projects and no surprises in the fine print.',
  },
  {
    id: 'adaptability',
    icon: 'adaptability',
    value: 'Adaptability',
    description: 'Markets, sites and teams change; we change our plans with them, quickly.',
  },
  {
    id: 'teamwork-collaboration',
    icon: 'teamwork-collaboration',
    value: 'Teamwork & Collaboration',
    description: 'Four companies work as one team, so you deal with one group, not four vendors.',
  },
  {
    id: 'lifetime-learning',
    icon: 'lifetime-learning',
    value: 'Lifetime Learning',
    description: 'Every project teaches us something, and we put that lesson into the next one.',
  },
  {
    id: 'people-customer-oriented',
    icon: 'people-customer-oriented',
    value: 'People & Customer Oriented',
    description: 'Our people and our clients come first, in that order and for the same reason.',
  },
];

export const managingDirectorMessage: SignedMessage = {
  heading: "Managing Director's Message",
  paragraphs: [
    'When we started in 2014, our whole company fitted around one table in Rajajinagar. We had no brand to speak of, only a belief that a business looking for space deserved an adviser who would say "this building is wrong for you" as readily as "sign here".',
    'Eleven years on, that belief still decides how we work. It is why we added projects, facility management and HR: our clients kept asking us to stay after the lease was signed, to build the office, to run it and to help them hire. Each new company grew from a question a client asked us.',
    'We measure ourselves by the clients who come back. More than six thousand organisations have trusted us so far, and many of them now use two or three of our services. That repeat trust is the best evidence we have that the promise holds.',
    'None of it would be possible without our 700-strong team, and none of it would mean much if we kept it all to ourselves. Through Fidelitus Gallery and Shilpa Foundation we return a part of our success to artists, schools, clinics and green spaces. Thank you for visiting us; we look forward to working with you.',
  ],
};

export const wings: readonly Wing[] = [
  {
    id: 'gallery',
    name: 'Fidelitus Gallery',
    tagline: 'Art & Media, since 2014',
    paragraphs: [
      'Fidelitus Gallery showcases contemporary Indian painting, sculpture, photography and digital art, and curates art for offices and homes.',
      'Twenty-five per cent of every sale goes to Shilpa Foundation, so every artwork bought also funds a classroom, a clinic visit or a sapling.',
    ],
    highlight: '25% of sales to Shilpa Foundation',
    image: wingGalleryArt,
    imageAlt: 'A framed painting and an easel',
    viewMorePath: '/shilpa_foundation',
    readMorePath: '/shilpa_foundation',
  },
  {
    id: 'foundation',
    name: 'Shilpa Foundation',
    tagline: 'Education, environment and healthcare, since 2014',
    paragraphs: [
      'Shilpa Foundation is the charitable arm of the group. It runs scholarships and learning centres, plants and tends urban green belts, and organises free health camps with partner hospitals.',
      'Our employees volunteer alongside the foundation team every month.',
    ],
    highlight: homeClaims.peopleHelped,
    image: wingFoundationArt,
    imageAlt: 'A heart with books, a tree and a medical cross',
    viewMorePath: '/shilpa_foundation',
    readMorePath: '/shilpa_foundation',
  },
];

// DEMO DATA: the clients served live in company-details.json; the office replaces them at
// /staff/settings with real clients who agreed to be listed.

export const helpBanner: HelpBanner = {
  // A non-breaking hyphen keeps "fit‑out" on one line.
  heading: 'Looking for space, a fit\u2011out or the right people?',
  text: `Join ${homeClaims.clients} who found their answer with one call. Tell us what you need and the right Fidelitus team will call you back within one working day.`,
  actions: [
    { label: 'Contact us', channel: 'phone' },
    { label: 'E-Mail us', channel: 'email' },
  ],
};

export const homeLabels: HomeLabels = {
  heroEyebrow: 'Fidelitus Corp',
  exploreServices: 'Explore our services',
  talkToUs: 'Talk to us',
  pauseVideo: 'Pause background video',
  playVideo: 'Play background video',
  closeVideo: 'Close video',
  visitWebsite: 'Visit website',
  storiesLoading: 'Loading stories…',
  storiesUnavailable: 'Our latest success stories will appear here soon.',
  allStories: 'See all stories',
  mdMessageEyebrow: 'In his own words',
  aboutWing: 'about',
};
