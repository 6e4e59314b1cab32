import { useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatTime } from '@/features/staff/shell/staff-format';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { toast } from '@/lib/toast';
import { type StoryRevision, type StoryRevisionLine, storyApi } from './story-api';
import { stateLabels } from './story-state';
import './story-history.css';

interface StoryHistoryProps {
  id: string;
  /** The revision the editor holds: the list is read again when it moves. */
  revision: number;
  /** The form has changes a restore would replace. */
  dirty: boolean;
  /** After a restore: open the story again as the server now holds it. */
  onRestored: () => void;
}

type Shown = StoryRevision & { html: string };

function who(line: { saved_by: StoryRevisionLine['saved_by'] }): string {
  return line.saved_by.name ?? line.saved_by.email;
}

/**
 * The story's saves, newest first: who saved it and when, each one to read as it was and to
 * restore (as a new save, so the restore is in the history too).
 */
export function StoryHistory({ id, revision, dirty, onRestored }: StoryHistoryProps) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  // Read while the history is open, and again when a save moves the revision on.
  const history = useStaffLoad(
    () => (open ? storyApi.revisions(id) : Promise.resolve(null)),
    [open, id, revision],
    apiMessageOr(''),
  );
  const lines = history.data?.data ?? null;
  const total = history.data?.total ?? 0;

  const show = useStaffForm({
    send: async (number: number) => {
      const data = await storyApi.revision(id, number);
      const html = data.form.body.trim()
        ? (await storyApi.preview(data.form.body, data.form.format)).html
        : '';
      return { ...data, html };
    },
    done: setShown,
    failure: apiMessageOr(''),
  });

  const restore = useStaffForm({
    send: (line: Shown) => storyApi.restore(id, line.number, revision),
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
      : `Restore the version saved ${formatTime(line.saved_at)}? It becomes a new save; the text now stays in the history.`;
    if (window.confirm(question)) void restore.run(line);
  };

  return (
    <details
      class="story-history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>History</summary>
      <StaffAlert message={history.error || show.error || restore.error} />
      {lines === null ? (
        open && <p role="status">Loading…</p>
      ) : (
        <>
          <p class="story-history__count">
            {total === 1 ? 'One save.' : `${total.toLocaleString()} saves, the newest first.`}
            {total > lines.length ? ` The newest ${lines.length} are listed.` : ''}
          </p>
          <ol class="story-history__list">
            {lines.map((line) => (
              <li key={line.number} class="story-history__line">
                <span>
                  <strong>{formatTime(line.saved_at)}</strong> by {who(line)}
                  <span class="story-history__facts">
                    {' · '}
                    {stateLabels[line.state]} · {line.words.toLocaleString()} words
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
        labelledBy="story-version-title"
        class="story-version"
      >
        {shown && (
          <div class="story-version__box">
            <h2 id="story-version-title">Saved {formatTime(shown.saved_at)}</h2>
            <p class="story-version__who">
              By {who(shown)}
              {shown.autosave ? ', saved by itself' : ''}.
            </p>
            <h3 class="story-version__title">{shown.form.title || 'Untitled story'}</h3>
            {shown.form.motive && <p class="story-version__motive">{shown.form.motive}</p>}
            {/* The server's own sanitized rendering of the saved body. */}
            <div
              class="story-version__body blog-detail__content"
              dangerouslySetInnerHTML={{ __html: shown.html }}
            />
            <div class="story-version__actions">
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
