import type { Pagination } from '@/lib/api-types';

/** How a card looks: big with the title over the image, text only, or the standard card. */
export type BlogCardVariant = 'feature' | 'text' | 'standard';

type BlogGroupId = 'lead' | 'highlight' | 'uniform';

interface BlogGroup<T> {
  id: BlogGroupId;
  items: { blog: T; variant: BlogCardVariant }[];
}

const GROUP_SIZE = 4;

/**
 * The blog list: blogs 1 to 4 open with a double-width card (title and author over the
 * image), blogs 5 to 8 open with a wide text card (no image), and from the 9th on every card
 * is the same. Empty groups are left out.
 */
export function groupBlogs<T>(blogs: readonly T[]): BlogGroup<T>[] {
  const groups: BlogGroup<T>[] = [];
  const lead = blogs.slice(0, GROUP_SIZE);
  const highlight = blogs.slice(GROUP_SIZE, GROUP_SIZE * 2);
  const uniform = blogs.slice(GROUP_SIZE * 2);
  if (lead.length > 0) {
    groups.push({
      id: 'lead',
      items: lead.map((blog, i) => ({ blog, variant: i === 0 ? 'feature' : 'standard' })),
    });
  }
  if (highlight.length > 0) {
    groups.push({
      id: 'highlight',
      items: highlight.map((blog, i) => ({ blog, variant: i === 0 ? 'text' : 'standard' })),
    });
  }
  if (uniform.length > 0) {
    groups.push({ id: 'uniform', items: uniform.map((blog) => ({ blog, variant: 'standard' })) });
  }
  return groups;
}

/** Pagination shows only when the total exceeds the page size. */
export function showsPagination(pagination: Pagination | undefined): boolean {
  return pagination !== undefined && pagination.limit > 0 && pagination.total > pagination.limit;
}

/** How many pages the list has: the server's count, or worked out from total and limit. */
export function pageCount(pagination: Pagination): number {
  if (pagination.pages > 0) return pagination.pages;
  return pagination.limit > 0 ? Math.ceil(pagination.total / pagination.limit) : 1;
}

/** Page numbers to offer, with 'gap' where a run is left out: 1 … 4 5 6 … 10. */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const items: (number | 'gap')[] = [1];
  const from = Math.max(2, current - 1);
  const to = Math.min(pages - 1, current + 1);
  if (from > 2) items.push('gap');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

/** The page number in the URL (?page=2): anything but a whole number from 1 up means page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number.parseInt(value, 10);
  return Math.max(page, 1);
}

/**
 * Up to `count` random blogs other than the one being read (Fisher-Yates on their places),
 * shown in the order the list has them.
 */
export function pickOthers<T extends { _id: string }>(
  blogs: readonly T[],
  currentId: string,
  count: number,
  random: () => number = Math.random,
): T[] {
  const others = blogs.filter((blog) => blog._id !== currentId);
  const places = others.map((_, i) => i);
  for (let i = places.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = places[i] as number;
    places[i] = places[j] as number;
    places[j] = swap;
  }
  return places
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((place) => others[place] as T);
}

/**
 * A random sequence fixed by `seed` (mulberry32 over an FNV-1a hash of it): the server's
 * render and the browser's hydration pick the same "random" similar posts for one post.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
