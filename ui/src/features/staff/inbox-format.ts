import type { LeadStatus, ListName } from './staff-api';

export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
  spam: 'Spam',
};

export const listLabels: Record<ListName, string> = {
  enquiries: 'Enquiries',
  subscribers: 'Subscribers',
  applicants: 'Applicants',
};

/** A stored UTC time in the office's own time zone, day and minute. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The server counts up to 10,000 (a list's deepest page); beyond, it says so. */
export const COUNT_CAP = 10_000;

export function formatCount(count: number): string {
  return count >= COUNT_CAP ? `${COUNT_CAP.toLocaleString()}+` : count.toLocaleString();
}
