import { runtimeConfig } from '@/lib/runtime-config';
import { staffApi } from '@/lib/staff-client';
import { auditExport, auditPage } from '@/lib/staff-endpoints';

import type { AuditFilters } from '@/lib/staff-types';

// Shapes generated from the server's Rust types (`@/lib/staff-types`).
export type { AuditEntry, AuditFilters, AuditPage, AuditPerson } from '@/lib/staff-types';

/** The filters the form sets, as they stand in the page's URL. */
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

export const auditApi = {
  page: (filters: AuditFilters, signal?: AbortSignal) =>
    staffApi.send(auditPage(), { query: { ...filters }, signal }),
};

/** The filters and page the page's URL holds. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of [...AUDIT_FILTER_KEYS, 'page'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The export of every entry the filters match: a link the browser follows (the cookie goes along). */
export function auditExportUrl(filters: AuditFilters): string {
  const query = new URLSearchParams(
    Object.entries({ ...filters, page: undefined }).filter(([, v]) => v) as [string, string][],
  );
  const qs = query.toString();
  return `${runtimeConfig.apiBase}/${auditExport().path}${qs ? `?${qs}` : ''}`;
}
