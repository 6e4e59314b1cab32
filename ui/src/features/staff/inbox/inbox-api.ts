import { apiPath } from '@/lib/api-client';
import { runtimeConfig } from '@/lib/runtime-config';
import { staffApi } from '@/lib/staff-client';

import type {
  InboxFilters,
  LeadDetail,
  LeadPage,
  LeadStatus,
  ListName,
  NoteForm,
  StatusForm,
} from '@/lib/staff-types';

// The inbox API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type { InboxFilters, Lead, LeadDetail, LeadPage, LeadStatus, ListName, Note } from '@/lib/staff-types';

/** An inbox path: the list, then the item's id and what is done to it, each one segment. */
const inboxPath = (list: ListName, ...rest: string[]) => apiPath('staff', 'inbox', list, ...rest);

export const inboxApi = {
  list: async (list: ListName, filters: InboxFilters, signal?: AbortSignal) =>
    (await staffApi.get<LeadPage>(inboxPath(list), { ...filters }, signal)).body,
  item: async (list: ListName, id: string) => (await staffApi.get<LeadDetail>(inboxPath(list, id))).body,
  setStatus: async (list: ListName, id: string, status: LeadStatus) =>
    (await staffApi.postJson<LeadDetail>(inboxPath(list, id, 'status'), { status } satisfies StatusForm))
      .body,
  addNote: async (list: ListName, id: string, text: string) =>
    (await staffApi.postJson<LeadDetail>(inboxPath(list, id, 'notes'), { text } satisfies NoteForm)).body,
  erase: async (list: ListName, id: string) => staffApi.delete<null>(inboxPath(list, id)),
};

/** The two files an export downloads: CSV, or an Excel workbook with typed cells. */
export type ExportFormat = 'csv' | 'xlsx';

/** Links the browser follows itself (the session cookie goes along). */
export function exportUrl(list: ListName, filters: InboxFilters, format: ExportFormat = 'csv'): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  const qs = query.toString();
  return `${runtimeConfig.apiBase}/${inboxPath(list, `export.${format}`)}${qs ? `?${qs}` : ''}`;
}

export function resumeUrl(id: string, download = false): string {
  return `${runtimeConfig.apiBase}/${apiPath('staff', 'inbox', 'applicants', id, 'resume')}${download ? '?download=1' : ''}`;
}
