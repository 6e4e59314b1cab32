import { useSearchParams } from 'react-router-dom';
import { AuditTable } from '@/features/staff/shell/audit-table';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount } from '@/features/staff/shell/staff-format';
import { StaffPager } from '@/features/staff/shell/staff-pager';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { type AuditFilters, auditApi, auditExportUrl, readAuditFilters } from './audit-api';
import { AuditFiltersForm } from './audit-filters';

/** `/staff/audit`: who did what, newest first, filtered in the page's URL, and its export. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const shown = useStaffLoad(
    (signal) => auditApi.page(filters, signal),
    [params.toString()],
    apiMessageOr('The audit log could not be loaded.'),
  );
  const page = shown.data;

  const go = (next: AuditFilters) => {
    const out = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) out.set(name, value);
    setParams(out);
  };

  const pageNumber = Number(filters.page ?? '1');
  const pages = page ? Math.max(1, Math.ceil(page.pagination.total / page.pagination.limit)) : 1;

  return (
    <div class="audit">
      <AuditFiltersForm
        filters={filters}
        people={page?.people ?? []}
        actions={page?.actions ?? []}
        onApply={go}
      />
      <div class="inbox-summary">
        <p role="status">
          {page ? `Entries: ${formatCount(page.pagination.total)} · page ${pageNumber} of ${pages}` : ''}
        </p>
        <a class="staff-button" href={auditExportUrl(filters)} download>
          Export CSV
        </a>
      </div>
      <StaffAlert message={shown.error} />
      <AuditTable entries={page?.data ?? []} caption="The audit log, newest first" />
      {page && page.data.length === 0 && <p class="inbox-empty">Nothing here matches.</p>}
      <StaffPager page={pageNumber} pages={pages} onPage={(next) => go({ ...filters, page: String(next) })} />
    </div>
  );
}
