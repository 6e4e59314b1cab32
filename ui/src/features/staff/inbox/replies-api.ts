import { staffApi } from '@/lib/staff-client';
import { replyTemplates, saveReplyTemplates, sendReply } from '@/lib/staff-endpoints';
import type { ReplyForm, ReplyTemplate, TemplateForm } from '@/lib/staff-types';
import type { ListName } from './inbox-api';

// The replies' shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type { LeadReply, ReplySent, ReplyTemplate, TemplatesBody } from '@/lib/staff-types';

export type TemplateList = 'enquiries' | 'applicants';

export const repliesApi = {
  send: async (list: ListName, id: string, form: ReplyForm) =>
    staffApi.send(sendReply(list, id), { json: form }),
  templates: async () => staffApi.send(replyTemplates()),
  saveTemplates: async (list: TemplateList, templates: TemplateForm[]) =>
    staffApi.send(saveReplyTemplates(), { json: { list, templates } }),
};

/** What a template's placeholders are filled with. */
export interface Filling {
  name: string;
  reference: string;
  department: string;
  staff: string;
}

/** `text` with `{name}`, `{reference}`, `{department}` and `{staff}` filled (others left as typed). */
export function fillTemplate(text: string, filling: Filling): string {
  return text.replace(/\{(name|reference|department|staff)\}/g, (_, key: keyof Filling) => filling[key]);
}

/** The templates a lead of `list` in `department` may start from: the department's, then the list's own. */
export function templatesFor(
  templates: ReplyTemplate[],
  list: ListName,
  department: string,
): ReplyTemplate[] {
  const wanted = department.trim().toLowerCase();
  return templates.filter(
    (t) => t.list === list && (t.department === '' || t.department.toLowerCase() === wanted),
  );
}

/** How long a lead waited for its first reply, for people: "45 min", "3 h 5 min", "2 days 4 h". */
export function waitedFor(from: string, to: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
