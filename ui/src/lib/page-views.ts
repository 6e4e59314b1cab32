import type { LeadSourcePayload } from './api-types';
import { blogPath } from './blog-path';
import { runtimeConfig } from './runtime-config';

/**
 * The tab's visit: set on its first page view, gone when the tab closes. It holds where the
 * visit began and the stories read, for the forms to send with a lead; never a cookie, never
 * sent on its own.
 */
const VISIT_KEY = 'corpsite.visit';
/** The most stories remembered: the last ones read (the server keeps as many). */
const MAX_STORIES = 20;
const STORY_PREFIX = blogPath('');

interface Visit {
  landing: string;
  referrer?: string;
  query?: string;
  stories: string[];
}

/** Whether the browser asks not to be tracked (Global Privacy Control). */
function privacyAsked(): boolean {
  return Boolean((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl);
}

/** The tab's visit; null before its first page; undefined when storage is refused (a private mode). */
function readVisit(): Visit | null | undefined {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(VISIT_KEY);
  } catch {
    return undefined;
  }
  if (stored === null) return null;
  try {
    const visit = JSON.parse(stored) as Partial<Visit>;
    if (typeof visit.landing !== 'string' || !Array.isArray(visit.stories)) return null;
    return { ...visit, landing: visit.landing, stories: visit.stories.filter((s) => typeof s === 'string') };
  } catch {
    return null;
  }
}

function writeVisit(visit: Visit): void {
  try {
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (a private mode, a full quota): the visit is not remembered.
  }
}

/** The story a path shows (its `_id`), if it is a story's page. */
function storyOf(path: string): string | null {
  if (!path.startsWith(STORY_PREFIX)) return null;
  const rest = path.slice(STORY_PREFIX.length).replace(/\/$/, '');
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/**
 * Tells the server a page was viewed (`POST /api/visits`): on the first load and on each
 * move within the site. No cookie and no identifier: the server counts a visitor by a hash
 * it cannot undo, salted anew each day. The visit's first page also sends where the visitor
 * came from (`document.referrer`) and its query string (`utm_*`, `ref`); later pages only
 * their path. A browser that asks not to be tracked (Global Privacy Control) sends nothing
 * and keeps no visit.
 */
export function sendPageView(path: string): void {
  if (typeof navigator === 'undefined' || privacyAsked()) return;
  let visit = readVisit();
  // Without storage no page is known to be the first: each counts as it comes.
  const entry = visit === null;
  if (visit === undefined) {
    beacon({ p: path });
    return;
  }
  if (visit === null) {
    visit = {
      landing: path,
      referrer: document.referrer || undefined,
      query: location.search || undefined,
      stories: [],
    };
  }
  const story = storyOf(path);
  if (story !== null) {
    visit.stories = [...visit.stories.filter((read) => read !== story), story].slice(-MAX_STORIES);
  }
  writeVisit(visit);
  beacon(entry ? { p: path, r: visit.referrer, q: visit.query, e: true } : { p: path });
}

function beacon(view: { p: string; r?: string; q?: string; e?: boolean }): void {
  const body = JSON.stringify(view);
  const url = `${runtimeConfig.apiBase}/visits`;
  // A beacon outlives the page that sends it and never holds up a navigation.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
}

/**
 * Where this lead comes from, for a form to send as `source`: the page it is sent from, and
 * the visit's landing page, referrer, query and stories read. Only the page when the browser
 * asks not to be tracked or no visit is remembered.
 */
export function leadSource(): LeadSourcePayload {
  const page = typeof location === 'undefined' ? undefined : location.pathname;
  if (typeof navigator === 'undefined' || privacyAsked()) return { page };
  const visit = readVisit();
  if (!visit) return { page };
  return {
    page,
    landing: visit.landing,
    referrer: visit.referrer,
    query: visit.query,
    stories: visit.stories,
  };
}
