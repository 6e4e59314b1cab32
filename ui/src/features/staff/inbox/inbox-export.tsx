import { exportUrl, type InboxFilters, type ListName } from './inbox-api';

/** The list as shown (its filters, every page) as a download: an Excel workbook, whose dates
 * are real dates in the office's time zone, or CSV for other programs. */
export function ExportLinks({ list, filters }: { list: ListName; filters: InboxFilters }) {
  return (
    <div class="inbox-export">
      <a class="staff-button" href={exportUrl(list, filters, 'xlsx')} download>
        Export Excel
      </a>
      <a class="staff-button" href={exportUrl(list, filters, 'csv')} download>
        Export CSV
      </a>
    </div>
  );
}
