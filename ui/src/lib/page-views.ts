import { runtimeConfig } from './runtime-config';

/** The tab's visit: set on its first page view, gone when the tab closes. */
const VISIT_KEY = 'corpsite.visit';

/**
 * Tells the server a page was viewed (`POST /api/visits`): on the first load and on each
 * move within the site. No cookie and no identifier: the server counts a visitor by a hash
 * it cannot undo, salted anew each day. The visit's first page also sends where the visitor
 * came from (`document.referrer`) and its query string (`utm_*`, `ref`); later pages only
 * their path. A browser that asks not to be tracked (Global Privacy Control) sends nothing.
 */
export function sendPageView(path: string): void {
  if (typeof navigator === 'undefined') return;
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl) return;
  let entry = false;
  try {
    entry = sessionStorage.getItem(VISIT_KEY) === null;
    if (entry) sessionStorage.setItem(VISIT_KEY, '1');
  } catch {
    // Storage refused (a private mode): each page counts as it comes.
  }
  const view = entry
    ? { p: path, r: document.referrer || undefined, q: location.search || undefined, e: true }
    : { p: path };
  const body = JSON.stringify(view);
  const url = `${runtimeConfig.apiBase}/visits`;
  // A beacon outlives the page that sends it and never holds up a navigation.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
}
