import type { OverviewStat, Signatory, TextBlock } from '@/content/types';

// DEMO DATA: replace with the real founder's name.
export const founder: Signatory = {
  name: 'Arvind Menon',
  designation: 'Founder & Managing Director',
};

/** Vision statement, shown on Home and About. */
export const companyVision: TextBlock = {
  id: 'vision',
  heading: 'Our Vision',
  paragraphs: [
    'To be the most trusted partner for every space a business works in and every person who works in it: one group that finds the property, builds the workplace, keeps it running and helps fill it with the right people.',
    'We want a client who comes to us for one service to stay with us for all four because each one made the next easier.',
  ],
};

/** Mission statement, shown on Home and About. */
export const companyMission: TextBlock = {
  id: 'mission',
  heading: 'Our Mission',
  paragraphs: [
    'To give businesses of every size honest advice, on-time delivery and service they can measure: clear terms on every transaction, fixed budgets and timelines on every project, agreed service levels on every site we manage and shortlists that hold up on the job.',
    'To grow our people as fast as we grow our business, and to return a share of what we earn to education, the environment and healthcare through Shilpa Foundation.',
  ],
};

/** Overview counters (6000+ clients, 700+ employees, 11+ years, 500+ projects), shown on Home
 * and About. The office edits the headings and figures (`counters` of the company details);
 * these say which icon each row gets. */
export const overviewStats: readonly OverviewStat[] = [
  { id: 'clients-served', img: 'clients-served', heading: 'Clients Served', count: 6000, suffix: '+' },
  {
    id: 'in-house-employee',
    img: 'in-house-employee',
    heading: 'In-House Employee',
    count: 700,
    suffix: '+',
  },
  { id: 'years-in-industry', img: 'years-in-industry', heading: 'Years In Industry', count: 11, suffix: '+' },
  { id: 'overall-projects', img: 'overall-projects', heading: 'Overall Projects', count: 500, suffix: '+' },
];
