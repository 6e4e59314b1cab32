import { useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import type { Lead } from './inbox-api';
import { readersApi } from './readers-api';

/**
 * On a pending or confirmed subscriber's detail: the office unsubscribes it (no more
 * stories; its queued ones are dropped). Erasing stays beside it for a person who asks to
 * be forgotten.
 */
export function ReaderActions({ lead, onChanged }: { lead: Lead; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  if (!lead.subscription || lead.subscription === 'unsubscribed') return null;
  const unsubscribe = async () => {
    if (!window.confirm(`Unsubscribe ${lead.email}? No more stories will be mailed to this address.`)) return;
    setBusy(true);
    setFailure('');
    try {
      await readersApi.unsubscribe(lead._id);
      onChanged();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="reader-actions">
      <button type="button" class="staff-button" onClick={unsubscribe} disabled={busy}>
        Unsubscribe
      </button>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
