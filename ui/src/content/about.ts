import aboutHeroArt from '@/assets/art/about-hero.svg';
import type { AboutContent } from '@/content/types';

export const aboutContent: AboutContent = {
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'About Us' }],
  banner: {
    headline: 'Who we are',
    text: 'A Bengaluru-born group of four specialist companies that find, build, run and staff the places where business happens.',
    image: aboutHeroArt,
    imageAlt: 'A team meeting around a table in front of a city window and a growth chart',
  },
  story: {
    heading: 'About Us',
    paragraphs: [
      'Fidelitus Corp is an integrated corporate services group headquartered in Rajajinagar, Bengaluru. We help organisations with the four things every growing business eventually needs: the right premises, a workplace built for the way they work, buildings that run without fuss, and people who can take the business further.',
      'We began in 2014 as a commercial real estate advisory. Our first clients were start-ups looking for their first proper office and landlords who wanted tenants who would stay. Because we were willing to walk a client away from a bad deal, word spread, and within three years we were advising manufacturers, hospitals and multinational occupiers across South India.',
      'Those clients kept asking us to do more. A tenant who had just signed a lease wanted someone to design and build the floor; a landlord wanted someone to run the building; a fast-growing company wanted help hiring the team to fill it. Fidelitus Projects, Fidelitus FMS and Fidelitus HR Labs grew out of those requests, each led by specialists from its own industry.',
      'Fidelitus Transactions handles leasing, sale and purchase of offices, retail, warehousing and land, and advises investors on income-producing assets. Fidelitus Projects delivers turnkey interiors, from design and estimation to MEP, HVAC and networking, with one contract and one budget. Fidelitus FMS provides integrated facility management: technical maintenance, housekeeping, security, front office and energy management. Fidelitus HR Labs covers talent acquisition, learning and development, organisation transformation and a startup lab that helps young companies build their first teams.',
      'Today more than 700 in-house employees serve clients from eleven branches across India and an office in the USA. We have completed over 500 projects and served more than 6,000 clients, and most of our new work still comes from clients we have served before or the people they recommend us to.',
      'We also believe a business should leave its city a little better than it found it. Fidelitus Gallery gives 25% of its sales to Shilpa Foundation, which has worked since 2014 on education, the environment and healthcare in the communities where our people live and work.',
    ],
    collapsedCount: 2,
    readMoreLabel: 'Read More',
    readLessLabel: 'Read Less',
  },
  overviewHeading: 'Our Numbers',
  leadersHeading: 'Our Leaders',
  // DEMO DATA: the experience claimed is the demo leaders'; the count follows the list.
  leadersIntro:
    '{count} leaders, each responsible for one part of the group, who between them have spent more than a century in real estate, construction, facilities, people and technology.',
  leaderIntro:
    'One leader, responsible for the whole group, who has spent a career in real estate, construction, facilities, people and technology.',
  leaderLinkedIn: '{name} on LinkedIn',
  leaderWhatsApp: 'Chat with {name} on WhatsApp',
};

// DEMO DATA: the leaders live in company-details.json; the office replaces them (with
// portraits) at /staff/settings. Without a portrait the page draws the leader's initials.
