import { Link } from '@/components/site-link';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatTime } from '@/features/staff/shell/staff-format';
import { StaffAlert, TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { JOB_STATE_TEXT, jobApi } from './job-api';

/** `/staff/jobs`: every opening, drafts first, then the published ones, then the closed. */
export function JobList() {
  const shown = useStaffLoad((signal) => jobApi.list(signal), [], apiMessageOr(''));
  const list = shown.data;
  return (
    <div class="stories">
      <div class="stories__tools">
        <p class="inbox-summary" aria-live="polite">
          {list ? `${list.data.length} ${list.data.length === 1 ? 'opening' : 'openings'}` : 'Loading…'}
        </p>
        <Link to="/staff/jobs/new" class="staff-button staff-button--primary">
          New opening
        </Link>
      </div>
      <StaffAlert message={shown.error} />
      <table class="inbox-table stories__table">
        <caption class="visually-hidden">Job openings</caption>
        <TableHead
          columns={['Title', 'State', 'Department', 'Location', 'Closes', 'Applications', 'Last saved']}
        />
        <tbody>
          {list?.data.map((line) => (
            <tr key={line.id}>
              <td data-label="Title">
                <Link to={`/staff/jobs/${line.id}`} class="stories__open">
                  {line.title}
                </Link>
              </td>
              <td data-label="State">
                <span class={`status-badge editor-state--${line.state}`}>{JOB_STATE_TEXT[line.state]}</span>
              </td>
              <td data-label="Department">{line.department}</td>
              <td data-label="Location">{line.location}</td>
              <td data-label="Closes">{line.closes_for_people ?? 'When filled'}</td>
              <td data-label="Applications">
                <Link to={`/staff?list=applicants&job=${encodeURIComponent(line.slug)}`}>
                  {line.applications} {line.applications === 1 ? 'application' : 'applications'}
                  <span class="visually-hidden"> for {line.title}</span>
                </Link>
              </td>
              <td data-label="Last saved">
                {formatTime(line.updated_at)}
                {line.updated_by ? ` by ${line.updated_by}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list && (
        <p>
          <Link to="/staff?list=applicants&job=general">
            {list.general_applications} general{' '}
            {list.general_applications === 1 ? 'application' : 'applications'}
          </Link>{' '}
          (for no particular role)
        </p>
      )}
      {list && list.data.length === 0 && (
        <p class="inbox-empty">No openings yet: start one with “New opening”.</p>
      )}
    </div>
  );
}
