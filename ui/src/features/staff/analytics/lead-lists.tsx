import { conversion, type LeadCounts, type LeadLine } from './analytics-api';

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

/** One list as a table: the value, its leads, the visitors it brought, and leads per 100 of them. */
function LeadList({
  title,
  column,
  lines,
  none,
}: {
  title: string;
  column: string;
  lines: LeadLine[];
  none: string;
}) {
  return (
    <section class="analytics-list" aria-label={title}>
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p class="analytics-list__none">{none}</p>
      ) : (
        <table class="analytics-table">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" class="analytics-table__number">
                Leads
              </th>
              <th scope="col" class="analytics-table__number">
                Visitors
              </th>
              <th scope="col" class="analytics-table__number">
                <abbr title="Leads per 100 visitors">Per 100</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.value}>
                <th scope="row" class="analytics-table__value">
                  {line.title ?? line.value}
                </th>
                <td class="analytics-table__number">{line.leads.toLocaleString()}</td>
                <td class="analytics-table__number">{line.visitors.toLocaleString()}</td>
                <td class="analytics-table__number">{conversion(line.leads, line.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

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
          <LeadList
            key={list.key}
            title={list.title}
            column={list.column}
            lines={leads[list.key]}
            none={list.none}
          />
        ))}
      </div>
    </section>
  );
}
