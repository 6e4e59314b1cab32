import foundationHeroArt from '@/assets/art/foundation-hero.svg';
import { foundationSite } from '@/content/site';
import type { FoundationPage } from '@/content/types';

export const foundationPage: FoundationPage = {
  title: 'Shilpa Foundation',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Shilpa Foundation' }],
  banner: {
    headline: 'Shilpa Foundation',
    text: 'Since 2014, the charitable foundation of the Fidelitus group has worked for better education, a greener environment and accessible healthcare.',
    image: foundationHeroArt,
    imageAlt: 'A heart above a school, a clinic and trees for education, healthcare and environment',
  },
  since: 2014,
  intro: {
    id: 'about-the-foundation',
    heading: 'About the foundation',
    paragraphs: [
      "Shilpa Foundation was set up in 2014, the same year as the group, on the belief that a business owes something to the city that lets it grow. It is funded by a share of the group's profits, by 25% of every sale at Fidelitus Gallery and by donations from clients, partners and employees.",
      'We work close to home, in the neighbourhoods around our offices, and we work with partners who know those neighbourhoods: government schools, community health workers, resident associations and local NGOs. Every programme has a named coordinator and a published report.',
    ],
  },
  programmes: [
    {
      id: 'education',
      heading: 'Education',
      description: 'Helping children stay in school and learn well, from primary classes to their first job.',
      initiatives: [
        'Scholarships for students from low-income families, from Class 8 to graduation',
        'After-school learning centres for reading, mathematics and spoken English',
        'Computer labs and libraries for government schools',
        'Career guidance and internships with Fidelitus companies for college students',
      ],
    },
    {
      id: 'environment',
      heading: 'Environment',
      description: 'Greener, cleaner neighbourhoods that residents help look after.',
      initiatives: [
        'Tree-planting drives with three years of after-care for every sapling',
        'Lake and park clean-ups with resident associations',
        'Waste segregation and composting programmes for schools and apartment blocks',
        'Rainwater harvesting for partner schools',
      ],
    },
    {
      id: 'healthcare',
      heading: 'Healthcare',
      description: 'Bringing check-ups, care and awareness to people who would otherwise go without.',
      initiatives: [
        'Free monthly health camps with partner hospitals',
        'Eye screening and free spectacles for schoolchildren',
        'Blood donation drives across our offices',
        'Support for treatment costs for families in need',
      ],
    },
  ],
  impact: [
    { id: 'people-helped', figure: '500 +', label: 'people helped every month' },
    { id: 'since', figure: '2014', label: 'the year our work began' },
    { id: 'gallery-share', figure: '25%', label: 'of Fidelitus Gallery sales fund our work' },
  ],
  getInvolved: {
    heading: 'How you can help',
    ways: [
      {
        id: 'donate',
        heading: 'Donate',
        description:
          'Give once or every month to the programme you care about most. Every donation is receipted, and donors receive our annual report.',
      },
      {
        id: 'volunteer',
        heading: 'Volunteer',
        description:
          'Teach a weekend class, help at a health camp or join a planting drive. Most activities need only a few hours a month.',
      },
      {
        id: 'partner',
        heading: 'Partner with us',
        description:
          'Companies can direct their CSR budgets to our programmes, sponsor a school or run a volunteering day for their teams.',
      },
      {
        id: 'buy-art',
        heading: 'Buy art',
        description:
          'A quarter of the price of every work sold at Fidelitus Gallery comes to the foundation.',
      },
    ],
  },
  externalSite: { label: 'Visit Shilpa Foundation', url: foundationSite.url },
};

export const foundationLabels = {
  programmesHeading: 'What we work on',
  programmesIntro: `Three programmes, run since ${foundationPage.since} with partners who know each neighbourhood.`,
  impactHeading: 'Our work in numbers',
  ctaHeading: 'Follow our work',
  ctaText: 'Programme reports, upcoming drives and ways to donate are on the foundation website.',
} as const;
