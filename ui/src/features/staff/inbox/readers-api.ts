import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';

import type {
  ReaderAdded,
  ReaderCounts,
  ReaderForm,
  ReaderUnsubscribed,
  SubscriptionState,
} from '@/lib/staff-types';

// The readers API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type { ReaderAdded, ReaderCounts, SubscriptionState } from '@/lib/staff-types';

/** `/api/staff/readers/...`: the blog's readers beside the subscribers list. */
export const readersApi = {
  counts: async (signal?: AbortSignal) =>
    (await staffApi.get<ReaderCounts>('staff/readers/counts', undefined, signal)).body,
  /** Adds an address; it stays pending until the person opens the link mailed to it. */
  add: async (email: string) =>
    (await staffApi.postJson<ReaderAdded>('staff/readers', { email } satisfies ReaderForm)).body,
  unsubscribe: async (id: string) =>
    (await staffApi.postJson<ReaderUnsubscribed>(apiPath('staff', 'readers', id, 'unsubscribe'), {})).body,
};

/** A subscription's state as the office reads it. */
export const subscriptionLabels: Record<SubscriptionState, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** "12 confirmed readers · 3 pending · 1 unsubscribed". */
export function countsLine(counts: ReaderCounts): string {
  const readers = counts.confirmed === 1 ? 'reader' : 'readers';
  return `${counts.confirmed.toLocaleString('en-IN')} confirmed ${readers} · ${counts.pending.toLocaleString('en-IN')} pending · ${counts.unsubscribed.toLocaleString('en-IN')} unsubscribed`;
}
