import { staffApi } from '@/lib/staff-client';
import { analytics } from '@/lib/staff-endpoints';

// Shapes generated from the server's Rust types (`@/lib/staff-types`).
export type {
  AnalyticsBody,
  LeadCounts,
  LeadLine,
  VisitDay,
  VisitLine,
  VisitTotals,
} from '@/lib/staff-types';

/** A period of office days, as the page's URL holds it (both empty: the last 30 days). */
export interface Period {
  from?: string;
  to?: string;
}

export const analyticsApi = {
  report: (period: Period, signal?: AbortSignal) =>
    staffApi.send(analytics(), { query: { ...period }, signal }),
};

/**
 * The change from `before` to `now` as people say it: "+12%", "−4%", "no change", or "new"
 * when there was nothing before.
 */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** `value` of `total` as a whole percent ("0%" of nothing). */
export function share(value: number, total: number): string {
  return total > 0 ? `${Math.round((value / total) * 100)}%` : '0%';
}

/** "26 Nov 2026" from YYYY-MM-DD. */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day `days - 1` days before `to` (YYYY-MM-DD), for the quick periods. */
export function daysBefore(to: string, days: number): string {
  const date = new Date(`${to}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - (days - 1));
  return date.toISOString().slice(0, 10);
}

/** Leads per 100 visitors, to one decimal ("2.5"); "–" without visitors to count against. */
export function conversion(leads: number, visitors: number): string {
  if (visitors <= 0) return '–';
  return ((leads / visitors) * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 });
}
