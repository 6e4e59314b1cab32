import facilityHeroArt from '@/assets/art/facility-management-hero.svg';
import hrLabsHeroArt from '@/assets/art/hr-labs-hero.svg';
import hrLearningArt from '@/assets/art/hr-learning-development.svg';
import hrTransformationArt from '@/assets/art/hr-organisation-transformation.svg';
import hrStartupArt from '@/assets/art/hr-startup-labs.svg';
import hrTalentArt from '@/assets/art/hr-talent-acquisition.svg';
import projectsHeroArt from '@/assets/art/projects-hero.svg';
import realEstateHeroArt from '@/assets/art/real-estate-hero.svg';
import { fmsSite, hrLabsSite, projectsSite, transactionsSite } from '@/content/site';
import type { BusinessPage } from '@/content/types';

export const facilityManagementPage: BusinessPage = {
  id: 'facility-management',
  path: '/facility-management-services',
  title: 'Facility Management Services',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Facility Management Services' }],
  banner: {
    headline: 'Buildings that simply work',
    text: 'Fidelitus FMS keeps offices, tech parks, hospitals, factories and residential communities clean, safe, comfortable and efficient, under one contract and one set of service levels.',
    image: facilityHeroArt,
    imageAlt: 'A serviced building with gears, a wrench, a safety shield and a leaf',
  },
  sections: [
    {
      id: 'integrated-approach',
      heading: 'One contract instead of ten',
      paragraphs: [
        'Most buildings are run by a patchwork of vendors: one for housekeeping, another for the lifts, a third for security. When something fails, each points at the others. We replace the patchwork with a single integrated team, led by a site manager who answers for everything from the chiller plant to the reception desk.',
      ],
    },
    {
      id: 'how-we-work',
      heading: 'How we take over a site',
      paragraphs: [
        'Every engagement starts with a technical audit and a transition plan, so service never drops on the day we arrive.',
      ],
      points: [
        {
          id: 'audit',
          heading: 'Audit',
          description:
            'We survey every asset, check its condition and review the maintenance history and statutory compliance.',
        },
        {
          id: 'plan',
          heading: 'Plan',
          description:
            'We agree staffing, planned maintenance schedules and service levels with you, line by line.',
        },
        {
          id: 'transition',
          heading: 'Transition',
          description: 'Our team shadows the outgoing vendors for two to four weeks before taking charge.',
        },
        {
          id: 'improve',
          heading: 'Improve',
          description: 'Monthly reviews track response times, uptime and energy use against agreed targets.',
        },
      ],
    },
    {
      id: 'technology',
      heading: 'Technology on every site',
      paragraphs: [
        'Work orders are raised, assigned and closed on a mobile app, with photographs before and after. Occupants can report an issue by scanning a code on the wall, and you can see every open ticket on a live dashboard.',
      ],
    },
    {
      id: 'safety-sustainability',
      heading: 'Safety and sustainability',
      paragraphs: [
        "Our teams are trained and certified for the equipment they handle, and every site follows documented safety procedures. Energy audits, water monitoring and waste segregation programmes regularly cut utility costs while reducing each building's footprint.",
      ],
    },
  ],
  servicesHeading: 'Services we provide',
  services: [
    {
      id: 'technical-maintenance',
      label: 'Technical maintenance',
      description: 'Electrical, plumbing, HVAC, DG sets, lifts, fire systems and BMS, planned and on-call.',
    },
    {
      id: 'housekeeping',
      label: 'Housekeeping',
      description: 'Daily cleaning, deep cleaning, pest control, pantry and washroom care.',
    },
    {
      id: 'security',
      label: 'Security services',
      description: 'Trained guards, access control, CCTV monitoring and emergency response.',
    },
    {
      id: 'front-office',
      label: 'Front office and helpdesk',
      description: 'Reception, visitor management, mailroom and meeting-room support.',
    },
    {
      id: 'energy-management',
      label: 'Energy management',
      description: 'Audits, metering and retrofits that lower power and water bills.',
    },
    {
      id: 'landscaping',
      label: 'Landscaping',
      description: 'Gardens, terraces and green walls designed and maintained year-round.',
    },
  ],
  externalSite: { label: 'Visit Fidelitus FMS', url: fmsSite.url },
};

export const projectsPage: BusinessPage = {
  id: 'projects',
  path: '/projects',
  title: 'Projects',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Projects' }],
  banner: {
    headline: 'Workplaces designed, built and handed over',
    text: 'Fidelitus Projects delivers turnkey interiors for offices, labs, clinics and showrooms: one team, one contract, one budget and one handover date.',
    image: projectsHeroArt,
    imageAlt: 'A furnished interior with a sofa, lamp and artwork beside a blueprint and set square',
  },
  sections: [
    {
      id: 'design-and-build',
      heading: 'Design and build, under one contract',
      paragraphs: [
        'We start with how your people actually work: how many sit, meet, call and collaborate, and how that will change as you grow. Our designers turn that brief into a test-fit and a design, and our project team builds exactly what was drawn.',
        'Because design and delivery sit in the same company, there is no gap between what was promised on paper and what appears on site.',
      ],
    },
    {
      id: 'estimation',
      heading: 'Estimates you can hold us to',
      paragraphs: [
        'Every project is estimated line by line before work begins. Once you approve the bill of quantities, the price and the handover date go into the contract, and any change is priced and approved in writing before it is built.',
      ],
    },
    {
      id: 'delivery',
      heading: 'How a project runs',
      paragraphs: [
        'A typical 20,000 sq ft office takes eleven to fourteen weeks from approved design to handover.',
      ],
      points: [
        {
          id: 'brief',
          heading: 'Brief and test-fit',
          description: 'Space planning, headcount and adjacency studies, and a first layout within a week.',
        },
        {
          id: 'design',
          heading: 'Design',
          description: 'Concept, materials, lighting and 3D views, refined with your team.',
        },
        {
          id: 'build',
          heading: 'Build',
          description:
            'Civil work, joinery, MEP, HVAC and networking by our own site teams and vetted partners.',
        },
        {
          id: 'handover',
          heading: 'Handover',
          description: 'Snag-free handover with as-built drawings, warranties and a facility manual.',
        },
      ],
    },
    {
      id: 'after-handover',
      heading: 'After handover',
      paragraphs: [
        'Our defects-liability team stays on call after you move in, and Fidelitus FMS can take over the day-to-day running of the space so it stays as good as the day it opened.',
      ],
    },
  ],
  servicesHeading: 'Our project services',
  // The ids match the site's /services/... paths (not routed pages).
  services: [
    {
      id: 'commercial-interior-design-and-architecture',
      label: 'Commercial interior design and architecture',
      description: 'Workplace strategy, space planning, interior design and architectural services.',
    },
    {
      id: 'mep-hvac-and-networking',
      label: 'MEP, HVAC and networking',
      description:
        'Electrical, plumbing, fire safety, air conditioning, structured cabling and IT infrastructure.',
    },
    {
      id: 'project-evaluation-and-estimation',
      label: 'Project evaluation and estimation',
      description: 'Feasibility studies, site due diligence, budgets and detailed bills of quantities.',
    },
    {
      id: 'turnkey-project-execution-and-general-contracting',
      label: 'Turnkey project execution and general contracting',
      description: 'Complete fit-out delivery with one point of responsibility, from demolition to handover.',
    },
  ],
  externalSite: { label: 'Visit Fidelitus Projects', url: projectsSite.url },
};

export const hrLabsPage: BusinessPage = {
  id: 'hr-labs',
  path: '/hr-labs',
  title: 'HR Labs',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'HR Labs' }],
  banner: {
    headline: 'The right people, ready to grow',
    text: 'Fidelitus HR Labs helps organisations hire well, train well and change well, from a founder making a first hire to an enterprise reshaping whole departments.',
    image: hrLabsHeroArt,
    imageAlt: 'A network of people linked together with a light bulb and a graduation cap',
  },
  sections: [
    {
      id: 'why-a-lab',
      heading: 'Why we call it a lab',
      paragraphs: [
        'People problems rarely have a standard answer. We treat every engagement as an experiment with a clear hypothesis: what we believe will improve, how we will measure it and when we will know. Then we test, learn and adjust with you.',
      ],
    },
    {
      id: 'industries',
      heading: 'Industries we know well',
      paragraphs: [
        'Real estate, construction, facility services, technology, manufacturing and healthcare. Working inside the Fidelitus group means we understand site roles and corporate roles alike, from a chiller technician to a chief financial officer.',
      ],
    },
    {
      id: 'approach',
      heading: 'Our approach',
      paragraphs: ['Every engagement follows the same four steps.'],
      points: [
        {
          id: 'diagnose',
          heading: 'Diagnose',
          description: 'Interviews, data and surveys to understand the real problem behind the brief.',
        },
        {
          id: 'design',
          heading: 'Design',
          description: 'A plan with measurable outcomes, owners and a timeline.',
        },
        {
          id: 'deliver',
          heading: 'Deliver',
          description: 'Hiring drives, workshops or change programmes run by our own consultants.',
        },
        {
          id: 'measure',
          heading: 'Measure',
          description: 'Follow-up reviews at 90 and 180 days to check that the change has held.',
        },
      ],
    },
  ],
  servicesHeading: 'What we offer',
  services: [
    {
      id: 'permanent-hiring',
      label: 'Permanent hiring',
      description: 'Mid-level, senior and leadership search with structured assessments.',
    },
    {
      id: 'volume-hiring',
      label: 'Volume hiring',
      description: 'Campus and bulk hiring for new sites, shifts and expansions.',
    },
    {
      id: 'training-programmes',
      label: 'Training programmes',
      description: 'Leadership, sales, service and technical skills, in person or online.',
    },
    {
      id: 'hr-advisory',
      label: 'HR advisory',
      description: 'Policies, compensation benchmarking, performance systems and HR audits.',
    },
  ],
  offerings: [
    {
      id: 'talent-acquisition',
      image: hrTalentArt,
      heading: 'Talent Acquisition',
      description:
        'We find, assess and help you close candidates for roles from entry level to leadership, with shortlists in days and a replacement guarantee on senior hires.',
    },
    {
      id: 'learning-and-development',
      image: hrLearningArt,
      heading: 'Learning and Development',
      description:
        'Practical programmes for first-time managers, sales and service teams and technical staff, built around your own cases and measured on the job.',
    },
    {
      id: 'organisation-transformation',
      image: hrTransformationArt,
      heading: 'Organisation Transformation',
      description:
        'Structure, roles, culture and change management for mergers, restructurings and fast-growing teams, planned with leadership and carried through to the front line.',
    },
    {
      id: 'startup-labs',
      image: hrStartupArt,
      heading: 'Startup Labs',
      description:
        'A founder-friendly package of first hires, simple HR policies, payroll set-up and culture workshops, priced for early-stage companies.',
    },
  ],
  externalSite: { label: 'Visit Fidelitus HR Labs', url: hrLabsSite.url },
};

export const realEstatePage: BusinessPage = {
  id: 'real-estate',
  path: '/real-estate',
  title: 'Real Estate',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Real Estate' }],
  banner: {
    headline: 'The right space, on the right terms',
    text: 'Fidelitus Transactions advises occupiers, landlords and investors on commercial property: offices, retail, warehousing, industrial sites and land.',
    image: realEstateHeroArt,
    imageAlt: 'Office towers with a golden key and location pins',
  },
  sections: [
    {
      id: 'occupiers',
      heading: 'For occupiers',
      paragraphs: [
        'We start with your business plan, not a list of vacant buildings. Headcount, commute patterns, budget and growth decide the shortlist; our market data tells you what a fair rent and fair terms look like before you negotiate. We then manage the negotiation, the due diligence and the paperwork through to the day you move in.',
      ],
    },
    {
      id: 'landlords',
      heading: 'For landlords and developers',
      paragraphs: [
        'We position, market and lease commercial assets to tenants who will stay. From pricing studies and marketing to tenant screening and lease documentation, we help owners fill space faster without giving away long-term value.',
      ],
    },
    {
      id: 'investors',
      heading: 'For investors',
      paragraphs: [
        'We source pre-leased offices, warehouses and retail assets, model their income and risk, and handle acquisition and exit. Our research team tracks rents, vacancy and new supply across the cities we serve.',
      ],
    },
    {
      id: 'process',
      heading: 'How a transaction runs',
      paragraphs: ['A typical office search takes six to ten weeks from brief to signed agreement.'],
      points: [
        {
          id: 'requirement',
          heading: 'Requirement',
          description: 'We agree the brief: size, location, budget, timing and must-haves.',
        },
        {
          id: 'shortlist',
          heading: 'Shortlist and site visits',
          description: 'A researched shortlist with a comparison of rent, terms and running costs.',
        },
        {
          id: 'negotiation',
          heading: 'Negotiation',
          description: 'We negotiate rent, rent-free periods, fit-out contributions and exit terms.',
        },
        {
          id: 'closure',
          heading: 'Due diligence and closure',
          description: 'Title checks, approvals and lease documentation through to registration.',
        },
      ],
    },
  ],
  servicesHeading: 'Our transaction services',
  services: [
    {
      id: 'office-leasing',
      label: 'Office leasing',
      description: 'Tenant and landlord representation for offices and tech parks.',
    },
    {
      id: 'retail-leasing',
      label: 'Retail leasing',
      description: 'High-street and mall space for brands and landlords.',
    },
    {
      id: 'industrial-warehousing',
      label: 'Industrial and warehousing',
      description: 'Warehouses, logistics parks and manufacturing sites.',
    },
    {
      id: 'land-transactions',
      label: 'Land transactions',
      description: 'Land for development, joint ventures and outright sale.',
    },
    {
      id: 'investment-advisory',
      label: 'Investment advisory',
      description: 'Pre-leased and income-producing assets for investors.',
    },
    {
      id: 'lease-administration',
      label: 'Lease administration',
      description: 'Renewals, rent reviews and portfolio tracking for multi-site occupiers.',
    },
  ],
  externalSite: { label: 'Visit Fidelitus Transactions', url: transactionsSite.url },
};

/** Headings the four business pages share. */
export const businessLabels = {
  /** HR Labs only: the four offerings. */
  offeringsHeading: 'What HR Labs offers',
  ctaHeading: 'Talk to the specialists',
  ctaText:
    "Case studies, the team behind the work and a direct line to the people who will handle your brief are on the company's own website.",
} as const;
