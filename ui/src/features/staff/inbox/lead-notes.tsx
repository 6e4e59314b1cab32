import { formatTime } from '@/features/staff/shell/staff-format';
import type { Note } from './inbox-api';

interface LeadNotesProps {
  notes: Note[];
  /** The note being written. */
  note: string;
  busy: boolean;
  onNote: (note: string) => void;
  onAdd: () => void;
}

/** The office's notes on the item, and the form that adds one. */
export function LeadNotes({ notes, note, busy, onNote, onAdd }: LeadNotesProps) {
  return (
    <>
      <h3>Notes</h3>
      {notes.length === 0 ? (
        <p class="lead-detail__meta">No notes yet.</p>
      ) : (
        <ol class="lead-detail__notes">
          {notes.map((n) => (
            <li key={`${n.created_at}${n.author}`}>
              <p class="lead-detail__note">{n.text}</p>
              <p class="lead-detail__meta">
                {n.author}, {formatTime(n.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        class="lead-detail__add-note"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <label class="staff-field">
          <span>Add a note</span>
          <textarea rows={3} required value={note} onInput={(e) => onNote(e.currentTarget.value)} />
        </label>
        <button type="submit" class="staff-button" disabled={busy}>
          Add note
        </button>
      </form>
    </>
  );
}
