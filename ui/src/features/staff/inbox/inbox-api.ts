import { apiPath } from '@/lib/api-client';
import { runtimeConfig } from '@/lib/runtime-config';
import { staffApi } from '@/lib/staff-client';

export type ListName = 'enquiries' | 'subscribers' | 'applicants';
export type LeadStatus = 'new' | 'in_progress' | 'done' | 'spam';

/** One lead as the inbox API answers it: the list's columns by name. */
export interface Lead {
  _id: string;
  created_at: string;
  email: string;
  department_website: string;
  status: LeadStatus;
  status_by: string | null;
  status_at: string | null;
  /** The address the form was sent from; empty for leads older than the inbox. */
  client_addr: string;
  name?: string;
  mobile?: string;
  requirment?: string;
  service?: string;
  experience?: number;
  previous_company?: string;
  query?: string;
  resume_original_name?: string;
  resume_type?: string;
  resume_size?: number;
}

export interface Note {
  author: string;
  text: string;
  created_at: string;
}

export interface LeadPage {
  data: Lead[];
  /** `capped`: the count stopped at the server's cap, so there may be more. */
  pagination: { total: number; capped: boolean; limit: number; page: number };
  new: number;
}

export interface LeadDetail {
  data: Lead;
  notes: Note[];
}

/** The list filters, as they stand in the page's URL and the API's query. */
export interface InboxFilters {
  q?: string;
  status?: string;
  department?: string;
  from?: string;
  to?: string;
  page?: string;
}

/** An inbox path: the list, then the item's id and what is done to it, each one segment. */
const inboxPath = (list: ListName, ...rest: string[]) => apiPath('staff', 'inbox', list, ...rest);

export const inboxApi = {
  list: async (list: ListName, filters: InboxFilters, signal?: AbortSignal) =>
    (await staffApi.get<LeadPage>(inboxPath(list), { ...filters }, signal)).body,
  item: async (list: ListName, id: string) => (await staffApi.get<LeadDetail>(inboxPath(list, id))).body,
  setStatus: async (list: ListName, id: string, status: LeadStatus) =>
    (await staffApi.postJson<LeadDetail>(inboxPath(list, id, 'status'), { status })).body,
  addNote: async (list: ListName, id: string, text: string) =>
    (await staffApi.postJson<LeadDetail>(inboxPath(list, id, 'notes'), { text })).body,
  erase: async (list: ListName, id: string) => staffApi.delete<null>(inboxPath(list, id)),
};

/** Links the browser follows itself (the session cookie goes along). */
export function exportUrl(list: ListName, filters: InboxFilters): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  const qs = query.toString();
  return `${runtimeConfig.apiBase}/${inboxPath(list, 'export.csv')}${qs ? `?${qs}` : ''}`;
}

export function resumeUrl(id: string, download = false): string {
  return `${runtimeConfig.apiBase}/${apiPath('staff', 'inbox', 'applicants', id, 'resume')}${download ? '?download=1' : ''}`;
}
