/** A stored UTC time in the office's own time zone, day and minute. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A count the server stopped at its cap (10,000, or 1,000 for a search) ends in "+". */
export function formatCount(count: number, capped = false): string {
  return `${count.toLocaleString()}${capped ? '+' : ''}`;
}
