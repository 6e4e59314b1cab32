import type { FirstReplyWeek } from '@/lib/staff-types';

/** A wait in minutes, for people: "45 min", "3.5 h", "2.1 days". */
export function waitText(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} days`;
}

/**
 * How fast enquiries and applicants were first answered, per office week and department:
 * the median and the 90th percentile wait, and how many waited over a working day.
 */
export function FirstRepliesTable({ weeks }: { weeks: FirstReplyWeek[] }) {
  const over = weeks.reduce((sum, week) => sum + week.over_a_working_day, 0);
  const leads = weeks.reduce((sum, week) => sum + week.leads, 0);
  return (
    <section class="analytics-list" aria-labelledby="analytics-first-replies-title">
      <h2 id="analytics-first-replies-title">Time to first reply</h2>
      {weeks.length === 0 ? (
        <p>No enquiry or application came in over the period.</p>
      ) : (
        <>
          <p>
            {over.toLocaleString()} of {leads.toLocaleString()} leads waited more than a working day (Monday
            to Friday) for their first reply.
          </p>
          <table class="analytics-table">
            <caption class="visually-hidden">First replies per week and department</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Department</th>
                <th scope="col">Leads</th>
                <th scope="col">Answered</th>
                <th scope="col">Median wait</th>
                <th scope="col">90% within</th>
                <th scope="col">Over a working day</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={`${week.week}/${week.department}`}>
                  <th scope="row">{week.week}</th>
                  <td>{week.department || '—'}</td>
                  <td>{week.leads.toLocaleString()}</td>
                  <td>{week.answered.toLocaleString()}</td>
                  <td>{waitText(week.median_minutes)}</td>
                  <td>{waitText(week.p90_minutes)}</td>
                  <td>{week.over_a_working_day.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
