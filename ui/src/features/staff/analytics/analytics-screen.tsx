import { useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { apiMessageOr, fieldErrorsOf } from '@/features/staff/shell/failure';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import type { FieldErrors } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import {
  analyticsApi,
  change,
  conversion,
  daysBefore,
  longDay,
  type Period,
  share,
  type VisitDay,
  type VisitLine,
} from './analytics-api';
import { DaysTable, type FigureColumn, FiguresTable } from './figures-table';
import { FirstRepliesTable } from './first-replies-table';
import { LeadLists } from './lead-lists';
import { ProofTable } from './proof-table';
import { VisitsChart } from './visits-chart';

const QUICK = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 365, label: 'Last 12 months' },
];

/** The top lists, in the order the screen shows them; `share`: each line's part of the views. */
const LISTS: {
  key: 'pages' | 'stories' | 'entries' | 'referrers' | 'sources' | 'campaigns' | 'devices';
  title: string;
  column: string;
  none: string;
  share?: boolean;
}[] = [
  { key: 'pages', title: 'Top pages', column: 'Page', none: 'No page views yet.', share: true },
  { key: 'stories', title: 'Top stories', column: 'Story', none: 'No story was read in this period.' },
  { key: 'entries', title: 'Entry pages', column: 'Page', none: 'No visit began in this period.' },
  { key: 'referrers', title: 'Referring sites', column: 'Site', none: 'No visit came from another site.' },
  { key: 'sources', title: 'Sources', column: 'utm_source', none: 'No visit carried a source.' },
  { key: 'campaigns', title: 'Campaigns', column: 'utm_campaign', none: 'No visit carried a campaign.' },
  { key: 'devices', title: 'Screens', column: 'Screen', none: 'No page views yet.', share: true },
];

/** One end of the period: a date field, its message beside it when the server named it. */
function DayField(props: {
  name: 'from' | 'to';
  label: string;
  value: string;
  error?: string;
  onInput: (value: string) => void;
}) {
  const errorId = `analytics-${props.name}-error`;
  return (
    <label class="staff-field">
      <span>{props.label}</span>
      <input
        type="date"
        value={props.value}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      {props.error && (
        <span id={errorId} class="staff-field__error">
          {props.error}
        </span>
      )}
    </label>
  );
}

const VIEWS: FigureColumn<VisitLine> = { header: 'Views', figure: (line) => line.views.toLocaleString() };
/** Each day's visitors and page views, for the table under the chart. */
const DAY_FIGURES: FigureColumn<VisitDay>[] = [
  { header: 'Visitors', figure: (day) => day.visitors.toLocaleString() },
  { header: 'Page views', figure: (day) => day.views.toLocaleString() },
];

const VISITORS: FigureColumn<VisitLine> = {
  header: 'Visitors',
  figure: (line) => line.visitors.toLocaleString(),
};

/** One top list: the value, its views, its visitors, and its share of `total` views when given. */
function TopList({
  total,
  ...list
}: {
  title: string;
  column: string;
  lines: VisitLine[];
  none: string;
  total?: number;
}) {
  const figures = [VIEWS, VISITORS];
  if (total !== undefined) figures.push({ header: 'Share', figure: (line) => share(line.views, total) });
  return <FiguresTable {...list} figures={figures} />;
}

/**
 * `/staff/analytics`: what visitors did over a period (in the page's URL), against the
 * period before it: totals, visitors and views a day, the top lists, what brought leads, and
 * the spam the forms' proof of work refused.
 */
export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const period: Period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  // The period as the server read it goes back into the fields; a refused one is marked there.
  const shown = useStaffLoad(
    async (signal) => {
      try {
        const answer = await analyticsApi.report(period, signal);
        setErrors({});
        setFrom(answer.from);
        setTo(answer.to);
        return answer;
      } catch (error) {
        if (!signal.aborted) setErrors(fieldErrorsOf(error));
        throw error;
      }
    },
    [params.toString()],
    apiMessageOr('The figures could not be loaded.'),
  );
  const report = shown.data;

  const go = (next: Period) => {
    const out = new URLSearchParams();
    if (next.from) out.set('from', next.from);
    if (next.to) out.set('to', next.to);
    setParams(out);
  };

  const totals = report?.totals;
  const previous = report?.previous;
  const leads = report?.leads;
  const cards = totals &&
    previous &&
    leads && [
      { label: 'Visitors', now: totals.visitors, before: previous.visitors },
      { label: 'Page views', now: totals.views, before: previous.views },
      { label: 'Visits', now: totals.visits, before: previous.visits },
      { label: 'Leads', now: leads.total, before: leads.previous },
    ];

  return (
    <div class="analytics">
      <form
        class="analytics-period"
        aria-label="Period"
        onSubmit={(event) => {
          event.preventDefault();
          go({ from, to });
        }}
      >
        <DayField name="from" label="From" value={from} error={errors.from} onInput={setFrom} />
        <DayField name="to" label="To" value={to} error={errors.to} onInput={setTo} />
        <button type="submit" class="staff-button staff-button--primary">
          Show
        </button>
        <div class="analytics-period__quick">
          {QUICK.map((quick) => (
            <button
              key={quick.days}
              type="button"
              class="staff-button"
              onClick={() => {
                const last = report?.to ?? to;
                if (last) go({ from: daysBefore(last, quick.days), to: last });
              }}
            >
              {quick.label}
            </button>
          ))}
        </div>
      </form>
      <StaffAlert message={shown.error} />
      {report && cards && (
        <>
          <p class="analytics-range" role="status">
            {longDay(report.from)} to {longDay(report.to)}, against {longDay(report.previous_from)} to{' '}
            {longDay(report.previous_to)}.
          </p>
          <ul class="analytics-cards">
            {cards.map((card) => (
              <li key={card.label} class="analytics-card">
                <span class="analytics-card__label">{card.label}</span>
                <strong class="analytics-card__value">{card.now.toLocaleString()}</strong>
                <span class="analytics-card__change">
                  {change(card.now, card.before)} on the period before ({card.before.toLocaleString()})
                </span>
              </li>
            ))}
            {leads && (
              <li class="analytics-card">
                <span class="analytics-card__label">Leads per 100 visitors</span>
                <strong class="analytics-card__value">{conversion(leads.total, totals.visitors)}</strong>
                <span class="analytics-card__change">
                  {conversion(leads.previous, previous.visitors)} in the period before
                </span>
              </li>
            )}
          </ul>
          <section class="analytics-days" aria-label="Visitors and page views a day">
            <h2>Visitors and page views a day</h2>
            <VisitsChart days={report.days} />
            <details>
              <summary>The numbers, day by day</summary>
              <DaysTable days={report.days} figures={DAY_FIGURES} dayText={longDay} />
            </details>
          </section>
          <div class="analytics-lists">
            {LISTS.map((list) => (
              <TopList
                key={list.key}
                title={list.title}
                column={list.column}
                lines={report[list.key]}
                none={list.none}
                total={list.share ? totals.views : undefined}
              />
            ))}
          </div>
          {leads && <LeadLists leads={leads} />}
          <FirstRepliesTable weeks={report.first_replies} />
          <ProofTable proof={report.proof} />
        </>
      )}
    </div>
  );
}
