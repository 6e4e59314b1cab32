import { runtimeConfig } from '@/lib/runtime-config';
import { staffApi } from '@/lib/staff-client';
import {
  addLeadNote,
  eraseForPrivacy,
  eraseLead,
  exportCsv,
  exportXlsx,
  inboxPage,
  lead,
  restoreFromTrash,
  resume,
  setLeadStatus,
} from '@/lib/staff-endpoints';
import type { InboxFilters, LeadStatus, ListName } from '@/lib/staff-types';

// The inbox API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type {
  ApplicantStage,
  EnquiryStatus,
  InboxFilters,
  Lead,
  LeadDetail,
  LeadPage,
  LeadStatus,
  ListName,
  Note,
  RoleStages,
  StatusMove,
} from '@/lib/staff-types';

export const inboxApi = {
  list: async (list: ListName, filters: InboxFilters, signal?: AbortSignal) =>
    staffApi.send(inboxPage(list), { query: { ...filters }, signal }),
  item: async (list: ListName, id: string) => staffApi.send(lead(list, id)),
  setStatus: async (list: ListName, id: string, status: LeadStatus) =>
    staffApi.send(setLeadStatus(list, id), { json: { status } }),
  addNote: async (list: ListName, id: string, text: string) =>
    staffApi.send(addLeadNote(list, id), { json: { text } }),
  /** Into the trash, whence it can be restored. */
  erase: async (list: ListName, id: string) => staffApi.send(eraseLead(list, id)),
  /** Back from the trash, exactly as it was. */
  restore: async (list: ListName, id: string) => staffApi.send(restoreFromTrash(list, id)),
  /** Every record of the item's address, for good: the person asked to be erased. */
  eraseForPrivacy: async (list: ListName, id: string) => staffApi.send(eraseForPrivacy(list, id)),
};

/** The two files an export downloads: CSV, or an Excel workbook with typed cells. */
export type ExportFormat = 'csv' | 'xlsx';

const exportEndpoints = { csv: exportCsv, xlsx: exportXlsx } as const;

/** Links the browser follows itself (the session cookie goes along). */
export function exportUrl(list: ListName, filters: InboxFilters, format: ExportFormat = 'csv'): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  const qs = query.toString();
  return `${runtimeConfig.apiBase}/${exportEndpoints[format](list).path}${qs ? `?${qs}` : ''}`;
}

export function resumeUrl(id: string, download = false): string {
  return `${runtimeConfig.apiBase}/${resume(id).path}${download ? '?download=1' : ''}`;
}
