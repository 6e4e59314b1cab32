import { conversion, type LeadCounts, type LeadLine } from './analytics-api';
import { type FigureColumn, FiguresTable } from './figures-table';

/** The lists of what brought leads, in the order the screen shows them. */
const LISTS: {
  key: keyof Omit<LeadCounts, 'total' | 'previous'>;
  title: string;
  column: string;
  none: string;
}[] = [
  { key: 'sources', title: 'Leads by source', column: 'utm_source', none: 'No lead came with a source.' },
  {
    key: 'campaigns',
    title: 'Leads by campaign',
    column: 'utm_campaign',
    none: 'No lead came with a campaign.',
  },
  {
    key: 'referrers',
    title: 'Leads by referring site',
    column: 'Site',
    none: 'No lead came from another site.',
  },
  { key: 'landings', title: 'Leads by landing page', column: 'Page', none: 'No lead in this period.' },
  {
    key: 'stories',
    title: 'Stories read before a lead',
    column: 'Story',
    none: 'No lead read a story first.',
  },
];

/** Each line's leads, the visitors it brought, and leads per 100 of them. */
const FIGURES: FigureColumn<LeadLine>[] = [
  { header: 'Leads', figure: (line) => line.leads.toLocaleString() },
  { header: 'Visitors', figure: (line) => line.visitors.toLocaleString() },
  {
    header: <abbr title="Leads per 100 visitors">Per 100</abbr>,
    figure: (line) => conversion(line.leads, line.visitors),
  },
];

/**
 * What turned visitors into leads over the period: enquiries, subscriptions and applications
 * by the source, campaign, site and landing page of their visit and the stories read in it.
 */
export function LeadLists({ leads }: { leads: LeadCounts }) {
  return (
    <section class="analytics-leads" aria-labelledby="analytics-leads-title">
      <h2 id="analytics-leads-title" class="analytics-leads__title">
        What brings leads
      </h2>
      <div class="analytics-lists">
        {LISTS.map((list) => (
          <FiguresTable
            key={list.key}
            title={list.title}
            column={list.column}
            lines={leads[list.key]}
            none={list.none}
            figures={FIGURES}
          />
        ))}
      </div>
    </section>
  );
}
