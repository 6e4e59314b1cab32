import type { InboxFilters, ListName } from './inbox-api';

/** The lists, in the order of their tabs. */
export const LISTS: ListName[] = ['enquiries', 'subscribers', 'applicants'];
/** The filters the form sets, as they stand in the page's URL. */
export const FILTER_KEYS = [
  'q',
  'status',
  'department',
  'from',
  'to',
  'subscription',
  'sort',
  'job',
] as const;

/** The list the page's URL names (`?list=`) among `lists` (those the session reaches), or the first of them. */
export function readList(params: URLSearchParams, lists: readonly ListName[] = LISTS): ListName {
  const list = params.get('list');
  return lists.find((name) => name === list) ?? lists[0] ?? 'enquiries';
}

/** The filters and page the page's URL holds. */
export function readFilters(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  for (const key of [...FILTER_KEYS, 'page', 'assigned', 'due', 'answered'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}
