import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import type { StoryRevisionAuthor } from '@/lib/staff-types';
import { toast } from '@/lib/toast';
import { apiMessageOr } from './failure';
import { formatTime } from './staff-format';
import { StaffAlert } from './staff-parts';
import { useStaffForm } from './use-staff-form';
import { useStaffLoad } from './use-staff-load';
import './revision-history.css';

/** One save of the history's list. */
export interface RevisionLine {
  number: number;
  saved_at: string;
  saved_by: StoryRevisionAuthor;
  autosave: boolean;
}

interface RevisionHistoryProps<Line extends RevisionLine, Shown extends RevisionLine> {
  /** The revision the editor holds: the list is read again when it moves. */
  revision: number;
  /** The form has changes a restore would replace. */
  dirty: boolean;
  /** The saves, newest first (the newest few of `total`). */
  list: () => Promise<{ data: Line[]; total: number }>;
  /** What a line says after who and when (its state, its words...). */
  facts: (line: Line) => string;
  /** One save, read whole to be shown. */
  open: (number: number) => Promise<Shown>;
  /** What the dialog shows of a save below who saved it. */
  render: (shown: Shown) => ComponentChildren;
  /** Saves that revision again as a new save, if the editor still holds `revision`. */
  restore: (number: number, revision: number) => Promise<unknown>;
  /** After a restore: open the editor again as the server now holds it. */
  onRestored: () => void;
  /** What the text is called in the questions ("the text", "the page's words"). */
  what?: string;
}

function who(line: RevisionLine): string {
  return line.saved_by.name ?? line.saved_by.email;
}

/**
 * An editor's saves (a story's, a page's), newest first: who saved and when, each one to
 * read as it was and to restore (as a new save, so the restore is in the history too).
 */
export function RevisionHistory<Line extends RevisionLine, Shown extends RevisionLine>({
  revision,
  dirty,
  list,
  facts,
  open: openOne,
  render,
  restore: restoreOne,
  onRestored,
  what = 'the text',
}: RevisionHistoryProps<Line, Shown>) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  // Read while the history is open, and again when a save moves the revision on.
  const history = useStaffLoad(
    () => (open ? list() : Promise.resolve(null)),
    [open, revision],
    apiMessageOr(''),
  );
  const lines = history.data?.data ?? null;
  const total = history.data?.total ?? 0;

  const show = useStaffForm({
    send: openOne,
    done: setShown,
    failure: apiMessageOr(''),
  });

  const restore = useStaffForm({
    send: (line: Shown) => restoreOne(line.number, revision),
    done: (_, line) => {
      toast.success(`The version saved ${formatTime(line.saved_at)} is restored.`);
      setShown(null);
      onRestored();
    },
    failure: apiMessageOr(''),
  });

  const askToRestore = (line: Shown) => {
    const question = dirty
      ? `Restore the version saved ${formatTime(line.saved_at)}? Your changes that are not saved yet are replaced; everything saved stays in the history.`
      : `Restore the version saved ${formatTime(line.saved_at)}? It becomes a new save; ${what} now stays in the history.`;
    if (window.confirm(question)) void restore.run(line);
  };

  return (
    <details
      class="revision-history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>History</summary>
      <StaffAlert message={history.error || show.error || restore.error} />
      {lines === null ? (
        open && <p role="status">Loading…</p>
      ) : (
        <>
          <p class="revision-history__count">
            {total === 1 ? 'One save.' : `${total.toLocaleString()} saves, the newest first.`}
            {total > lines.length ? ` The newest ${lines.length} are listed.` : ''}
          </p>
          <ol class="revision-history__list">
            {lines.map((line) => (
              <li key={line.number} class="revision-history__line">
                <span>
                  <strong>{formatTime(line.saved_at)}</strong> by {who(line)}
                  <span class="revision-history__facts">
                    {' · '}
                    {facts(line)}
                    {line.autosave ? ' · saved by itself' : ''}
                    {line.number === revision ? ' · the version now' : ''}
                  </span>
                </span>
                <button
                  type="button"
                  class="staff-button"
                  aria-label={`Show the version saved ${formatTime(line.saved_at)}`}
                  onClick={() => show.run(line.number)}
                >
                  Show
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      <ModalDialog
        open={shown !== null}
        onClose={() => setShown(null)}
        labelledBy="revision-version-title"
        class="revision-version"
      >
        {shown && (
          <div class="revision-version__box">
            <h2 id="revision-version-title">Saved {formatTime(shown.saved_at)}</h2>
            <p class="revision-version__who">
              By {who(shown)}
              {shown.autosave ? ', saved by itself' : ''}.
            </p>
            {render(shown)}
            <div class="revision-version__actions">
              {shown.number !== revision && (
                <button
                  type="button"
                  class="staff-button staff-button--primary"
                  disabled={restore.busy}
                  onClick={() => askToRestore(shown)}
                >
                  Restore this version
                </button>
              )}
              <button type="button" class="staff-button" onClick={() => setShown(null)}>
                Close
              </button>
            </div>
          </div>
        )}
      </ModalDialog>
    </details>
  );
}
