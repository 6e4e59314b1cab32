import { companyDetails } from '@/lib/company-details';

/**
 * Every time a person reads on the staff screens is the office's (the company details' time
 * zone, as mails, exports and the audit log give it), with the zone's name: two colleagues in
 * different places read the same "09:36 IST" for the same lead.
 */
export function officeZone(): string {
  const zone = companyDetails().time_zone;
  return zone && isKnownZone(zone) ? zone : 'UTC';
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formats.set(key, made);
  }
  return made;
}

/**
 * The zone's short name at `date`: an abbreviation where one is in common use ("IST", "GMT",
 * "EST"), else the offset ("GMT+4"). Locales name different zones, so the first that has a
 * word wins.
 */
export function zoneName(date: Date, zone: string = officeZone()): string {
  let fallback = '';
  for (const locale of ['en-IN', 'en-US', 'en-GB']) {
    const part = format(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((each) => each.type === 'timeZoneName')?.value;
    if (!part) continue;
    if (!/^(GMT|UTC)[+-]/.test(part)) return part;
    fallback ||= part;
  }
  return fallback || zone;
}

/** A stored UTC time in the office's time zone, day and minute: "26 Nov 2026, 09:36 IST". */
export function formatTime(iso: string, zone: string = officeZone()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = format('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${local} ${zoneName(date, zone)}`;
}

/** The office's wall clock of a UTC time, as a `datetime-local` input holds it: `2026-11-26T09:36`. */
export function officeInput(iso: string | null, zone: string = officeZone()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = wallClock(date, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}-${two(parts.month)}-${two(parts.day)}T${two(parts.hour)}:${two(parts.minute)}`;
}

/**
 * The UTC instant of an office wall-clock time from a `datetime-local` input. The zone's offset
 * is found at a first guess and checked again at the answer, which settles it on both sides of
 * a daylight-saving change. Null for an empty or broken value.
 */
export function fromOfficeInput(value: string, zone: string = officeZone()): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  let instant = asUtc - offsetAt(new Date(asUtc), zone);
  instant = asUtc - offsetAt(new Date(instant), zone);
  return new Date(instant);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(date: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of format('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, zone: string): number {
  const wall = wallClock(date, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(date.getTime() / 60_000) * 60_000;
}

/** A count the server stopped at its cap (10,000, or 1,000 for a search) ends in "+". */
export function formatCount(count: number, capped = false): string {
  return `${count.toLocaleString()}${capped ? '+' : ''}`;
}
