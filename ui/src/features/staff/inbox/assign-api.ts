import { companyDetails } from '@/lib/company-details';
import { staffApi } from '@/lib/staff-client';
import { assignees, assignLead, setFollowUp } from '@/lib/staff-endpoints';
import type { Lead, LeadStatus, ListName } from '@/lib/staff-types';

export type { AssigneeJson, AssigneesBody } from '@/lib/staff-types';

/** Who has a lead and when to come back to it. */
export const assignApi = {
  /** The accounts a lead of `list` may be given to (those whose roles see it), and which one is "me". */
  assignees: async (list: ListName) => staffApi.send(assignees(list)),
  /** Gives the lead to account `to`, or to nobody (`null`). */
  assign: async (list: ListName, id: string, to: number | null) =>
    staffApi.send(assignLead(list, id), { json: { to } }),
  /** Sets the follow-up day (`YYYY-MM-DD`), or clears it (`null`). */
  followUp: async (list: ListName, id: string, day: string | null) =>
    staffApi.send(setFollowUp(list, id), { json: { follow_up: day } }),
};

/** Today in the office's time zone, `YYYY-MM-DD` (as the server's "Due today" reads it). */
export function officeToday(now: Date = new Date(), zone: string = companyDetails().time_zone): string {
  const day = (timeZone?: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  try {
    return day(zone || undefined);
  } catch {
    // A zone this browser does not know: its own.
    return day();
  }
}

/** Not decided yet: New, or taken up (In progress; an application Shortlisted, at Interview or Offer). */
const OPEN: ReadonlySet<LeadStatus> = new Set<LeadStatus>([
  'new',
  'in_progress',
  'shortlisted',
  'interview',
  'offer',
]);

/** An open lead whose follow-up day is today or past. */
export function isDue(lead: Pick<Lead, 'follow_up' | 'status'>, today: string): boolean {
  const open = OPEN.has(lead.status);
  return open && !!lead.follow_up && lead.follow_up <= today;
}

/** A follow-up day as people read it: `Thu 26 Nov`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
