/**
 * The blog's date in long localized form ("January 21, 2025" in en-US). The calendar date is
 * read from the ISO text itself, so a post never shows the day before in a western time zone.
 */
export function formatBlogDate(iso: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const date = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The first letter of a name, for the author circle when there is no photo. */
export function initialOf(name: string): string {
  const first = name.trim().codePointAt(0);
  return first === undefined ? '?' : String.fromCodePoint(first).toUpperCase();
}

/** The blog's accent colour when it is a #rrggbb value, else the brand colour. */
export function blogColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : '#0f3b57';
}
