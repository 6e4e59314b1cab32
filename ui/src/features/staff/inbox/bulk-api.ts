import { staffApi } from '@/lib/staff-client';
import { bulkAction as bulkEndpoint, undoBulk as undoEndpoint } from '@/lib/staff-endpoints';
import type { BulkDone, BulkForm, InboxFilters, ListName } from '@/lib/staff-types';
import { type ExportFormat, exportUrl } from './inbox-api';

export type { BulkDone, BulkForm } from '@/lib/staff-types';

/** The bulk endpoint (`bulkAction` of the staff endpoints): one action on the ticked rows or on every row matching. */
export async function bulkAction(list: ListName, form: BulkForm): Promise<BulkDone> {
  return staffApi.send(bulkEndpoint(list), { json: form });
}

/** Puts the leads a status change of many changed back as they were (its answer's `undo`). */
export async function undoBulk(list: ListName, undo: string): Promise<BulkDone> {
  return staffApi.send(undoEndpoint(list), { json: { undo } });
}

/** The filters as the bulk endpoint takes them: the list's query string, without its page. */
export function filterQuery(filters: InboxFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value && name !== 'page') query.set(name, value);
  return query.toString();
}

/** The export of the selection: the ticked rows (`ids`), or, with `ids` null, every row matching. */
export function selectionExportUrl(
  list: ListName,
  filters: InboxFilters,
  ids: readonly string[] | null,
  format: ExportFormat,
): string {
  const url = exportUrl(list, { ...filters, page: undefined }, format);
  if (!ids) return url;
  return `${url}${url.includes('?') ? '&' : '?'}ids=${ids.map(encodeURIComponent).join(',')}`;
}
