import whyExperienceArt from '@/assets/art/why-experience.svg';
import whyOneRoofArt from '@/assets/art/why-one-roof.svg';
import whyPeopleArt from '@/assets/art/why-people.svg';
import whyTechnologyArt from '@/assets/art/why-technology.svg';
import whyUsHeroArt from '@/assets/art/why-us-hero.svg';
import type { WhyUsContent } from '@/content/types';

export const whyUsContent: WhyUsContent = {
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Why Us' }],
  banner: {
    headline: 'Why businesses choose Fidelitus',
    text: 'One group, one point of contact and one standard of service, from the first site visit to the thousandth work order.',
    image: whyUsHeroArt,
    imageAlt: 'A winners podium with a gold star, a rising arrow and a target',
  },
  whoWeAre: {
    id: 'who-we-are',
    heading: 'Who We Are',
    paragraphs: [
      'We are a corporate services group of four specialist companies: Fidelitus Transactions, Fidelitus Projects, Fidelitus FMS and Fidelitus HR Labs. Since 2014 we have helped more than 6,000 clients find, build, run and staff their workplaces.',
      'Each company is led by people who spent their careers in that field: brokers, architects and engineers, facility managers and HR practitioners. What ties them together is a shared client record, a shared set of values and a single relationship manager for every client who uses more than one of our services.',
    ],
  },
  competitiveEdge: {
    heading: 'Our Competitive Edge',
    intro: 'What our clients tell us they cannot easily get elsewhere:',
    points: [
      {
        id: 'one-accountable-partner',
        heading: 'One accountable partner',
        description:
          'The team that helps you choose a building also fits it out and runs it, so nothing is lost in the hand-over between vendors.',
      },
      {
        id: 'market-data',
        heading: 'Market data we collect ourselves',
        description:
          'Our transactions team tracks rents, vacancies and upcoming supply across the cities we work in, and shares that data with you before you negotiate.',
      },
      {
        id: 'fixed-price-delivery',
        heading: 'Fixed price, fixed date',
        description:
          'Projects are estimated line by line before work begins, and the agreed budget and handover date are written into the contract.',
      },
      {
        id: 'measured-service',
        heading: 'Service you can measure',
        description:
          'Every facility contract runs on agreed service levels, with monthly reports on response times, uptime and energy use.',
      },
    ],
  },
  specialization: {
    heading: 'Our Specialization',
    intro: 'We go deep in a few things rather than shallow in many.',
    points: [
      {
        id: 'commercial-real-estate',
        heading: 'Commercial real estate',
        description:
          'Office, retail, industrial and warehousing space, plus land and investment-grade assets for institutional and private investors.',
      },
      {
        id: 'workplace-interiors',
        heading: 'Workplace interiors',
        description:
          'Design-and-build fit-outs for offices, labs, clinics and showrooms, including MEP, HVAC and networking.',
      },
      {
        id: 'integrated-facilities',
        heading: 'Integrated facilities',
        description:
          'Technical and soft services for tech parks, hospitals, factories and residential communities.',
      },
      {
        id: 'people-solutions',
        heading: 'People solutions',
        description:
          'Hiring, training and organisation design for growing companies, with a dedicated lab for startups.',
      },
    ],
  },
  oneRoof: {
    heading: 'Everything Under One Roof',
    intro: 'Use one service or all of them; each works on its own and works better together.',
    services: [
      {
        id: 'real-estate',
        label: 'Real Estate Transactions',
        description: 'Leasing, buying, selling and investment advisory for commercial property.',
        path: '/real-estate',
      },
      {
        id: 'projects',
        label: 'Turnkey Projects & Interior Design',
        description: 'Design, estimation and execution of complete workplace fit-outs.',
        path: '/projects',
      },
      {
        id: 'facility-management',
        label: 'Integrated Facility Management',
        description: 'Maintenance, housekeeping, security and energy management under one contract.',
        path: '/facility-management-services',
      },
      {
        id: 'hr-labs',
        label: 'HR Solutions',
        description:
          'Talent acquisition, learning and development, organisation transformation and startup labs.',
        path: '/hr-labs',
      },
    ],
  },
  whyChooseUs: {
    heading: 'Why Choose Us',
    intro: 'Four reasons our clients give when they recommend us to others.',
    items: [
      {
        id: 'single-window',
        image: whyOneRoofArt,
        heading: 'A single window',
        description:
          'One relationship manager, one contract framework and one invoice format across every service you use.',
      },
      {
        id: 'track-record',
        image: whyExperienceArt,
        heading: 'A proven track record',
        description:
          'Eleven years, 500+ completed projects and 6,000+ clients served across India and the USA.',
      },
      {
        id: 'people-first',
        image: whyPeopleArt,
        heading: 'People who stay',
        description:
          '700+ in-house employees rather than subcontracted crews, so the faces on your site are the ones you met at the start.',
      },
      {
        id: 'technology-led',
        image: whyTechnologyArt,
        heading: 'Technology-led delivery',
        description:
          'Live dashboards for projects and facilities, digital work orders and clear reports you can share with your board.',
      },
    ],
  },
};
