import { Link } from '@/components/site-link';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatTime } from '@/features/staff/shell/staff-format';
import { StaffAlert, TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { stateLabels } from './page-values';
import { pagesApi } from './pages-api';

/** `/staff/pages`: every page the office words, with where it stands and who changed it last. */
export function PageList() {
  const shown = useStaffLoad((signal) => pagesApi.list(signal), [], apiMessageOr(''));
  return (
    <div class="page-list">
      <p class="page-list__intro">
        The words and pictures of the site, page by page. What the office never changed stays as compiled.
      </p>
      <StaffAlert message={shown.error} />
      {!shown.data && !shown.error && <p role="status">Loading…</p>}
      {shown.data && (
        <table class="inbox-table page-list__table">
          <caption class="visually-hidden">The pages of the site</caption>
          <TableHead columns={['Page', 'State', 'Last changed']} />
          <tbody>
            {shown.data.map((line) => (
              <tr key={line.key}>
                <td data-label="Page">
                  <Link to={`/staff/pages/${line.key}`} class="page-list__open">
                    {line.title}
                  </Link>
                  {line.route && <span class="page-list__route">{line.route}</span>}
                </td>
                <td data-label="State">
                  <span class={`status-badge editor-state--${line.state}`}>{stateLabels[line.state]}</span>
                </td>
                <td data-label="Last changed">
                  {line.updated_at ? formatTime(line.updated_at) : 'Never'}
                  {line.updated_by ? ` by ${line.updated_by}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
