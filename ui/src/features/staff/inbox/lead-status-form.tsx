import { formatTime } from '@/features/staff/shell/staff-format';
import { StatusChoice } from './choice-field';
import type { Lead, LeadStatus } from './inbox-api';

interface LeadStatusFormProps {
  lead: Lead;
  /** The status chosen in the form, saved only with its button. */
  status: LeadStatus;
  busy: boolean;
  onStatus: (status: LeadStatus) => void;
  onSave: () => void;
}

/** The item's status, who set it and when, and the form that changes it. */
export function LeadStatusForm({ lead, status, busy, onStatus, onSave }: LeadStatusFormProps) {
  return (
    <form
      class="lead-detail__status"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <StatusChoice value={status} onChoose={onStatus} />
      <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
        Save status
      </button>
      <p class="lead-detail__meta">
        {lead.status_by ? `Set by ${lead.status_by}, ${formatTime(lead.status_at ?? '')}` : 'Not handled yet'}
      </p>
    </form>
  );
}
