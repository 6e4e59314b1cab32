import { formatTime } from '@/features/staff/shell/staff-format';
import { UndoOffer } from '@/features/staff/shell/undo-offer';
import { StatusChoice } from './choice-field';
import type { Lead, LeadStatus, ListName, StatusMove } from './inbox-api';
import { statusLabels, statusWord } from './inbox-labels';

interface LeadStatusFormProps {
  list: ListName;
  lead: Lead;
  /** Every change of its status, oldest first (the audit log's). */
  moves: StatusMove[];
  /** The status chosen in the form, saved only with its button. */
  status: LeadStatus;
  busy: boolean;
  onStatus: (status: LeadStatus) => void;
  onSave: () => void;
  /** The last change made here, which "Undo" takes back (for 10 seconds). */
  undo: object | null;
  onUndo: () => void;
}

/** The item's status (an applicant's stage), who set it and when, and the form that changes it. */
export function LeadStatusForm({
  list,
  lead,
  moves,
  status,
  busy,
  onStatus,
  onSave,
  undo,
  onUndo,
}: LeadStatusFormProps) {
  return (
    <form
      class="lead-detail__status"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <StatusChoice list={list} value={status} onChoose={onStatus} />
      <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
        Save {statusWord(list).toLowerCase()}
      </button>
      <UndoOffer offer={undo} onUndo={onUndo} />
      <p class="lead-detail__meta">
        {lead.status_by ? `Set by ${lead.status_by}, ${formatTime(lead.status_at ?? '')}` : 'Not handled yet'}
      </p>
      {moves.length > 0 && (
        <details class="lead-detail__moves">
          <summary>
            {statusWord(list)} history ({moves.length})
          </summary>
          <ol>
            {moves.map((move) => (
              <li key={`${move.at}-${move.status}`}>
                {move.status ? statusLabels[move.status] : 'Undone: put back as it was'}
                {' · '}
                {move.by}, {formatTime(move.at)}
                {move.bulk ? ' (with others)' : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </form>
  );
}
