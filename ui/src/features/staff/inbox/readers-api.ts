import { staffApi } from '@/lib/staff-client';
import { addReader, readerCounts, unsubscribeReader } from '@/lib/staff-endpoints';
import type { ReaderCounts, SubscriptionState } from '@/lib/staff-types';

// The readers API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type { ReaderAdded, ReaderCounts, SubscriptionState } from '@/lib/staff-types';

/** The blog's readers beside the subscribers list. */
export const readersApi = {
  counts: (signal?: AbortSignal) => staffApi.send(readerCounts(), { signal }),
  /** Adds an address; it stays pending until the person opens the link mailed to it. */
  add: (email: string) => staffApi.send(addReader(), { json: { email } }),
  unsubscribe: (id: string) => staffApi.send(unsubscribeReader(id)),
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
