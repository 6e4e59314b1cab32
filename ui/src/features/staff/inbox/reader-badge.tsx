import { formatTime } from '@/features/staff/shell/staff-format';
import type { Lead } from './inbox-api';
import { subscriptionLabels } from './readers-api';

/**
 * A subscriber's double opt-in state as a badge: pending until the mailed link is opened,
 * confirmed (gets stories), or unsubscribed. Its title says since when.
 */
export function ReaderBadge({ lead }: { lead: Lead }) {
  const state = lead.subscription;
  if (!state) return null;
  const since =
    state === 'confirmed' && lead.confirmed_at
      ? `Confirmed ${formatTime(lead.confirmed_at)}`
      : state === 'unsubscribed' && lead.unsubscribed_at
        ? `Unsubscribed ${formatTime(lead.unsubscribed_at)}`
        : 'Waiting for the confirmation link to be opened';
  return (
    <span class={`reader-badge reader-badge--${state}`} title={since}>
      {subscriptionLabels[state]}
    </span>
  );
}
