import { apiMessageOr } from '@/features/staff/shell/failure';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { Lead } from './inbox-api';
import { readersApi } from './readers-api';

/**
 * On a pending or confirmed subscriber's detail: the office unsubscribes it (no more
 * stories; its queued ones are dropped). Erasing stays beside it for a person who asks to
 * be forgotten.
 */
export function ReaderActions({ lead, onChanged }: { lead: Lead; onChanged: () => void }) {
  const unsubscribe = useStaffForm({
    send: () => readersApi.unsubscribe(lead._id),
    done: onChanged,
    failure: apiMessageOr('That did not work. Please try again.'),
  });
  if (!lead.subscription || lead.subscription === 'unsubscribed') return null;
  return (
    <div class="reader-actions">
      <button
        type="button"
        class="staff-button"
        onClick={() =>
          window.confirm(`Unsubscribe ${lead.email}? No more stories will be mailed to this address.`) &&
          unsubscribe.run()
        }
        disabled={unsubscribe.busy}
      >
        Unsubscribe
      </button>
      <StaffAlert message={unsubscribe.error} />
    </div>
  );
}
