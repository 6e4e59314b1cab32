import { useEffect, useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import { formatTime } from '@/features/staff/shell/staff-format';
import { ApiError } from '@/lib/api-client';
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
  const [lines, setLines] = useState<StoryRevisionLine[] | null>(null);
  const [total, setTotal] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    storyApi.revisions(id).then(
      (list) => {
        if (!live) return;
        setLines(list.data);
        setTotal(list.total);
        setProblem('');
      },
      (err) => live && err instanceof ApiError && setProblem(err.message),
    );
    return () => {
      live = false;
    };
  }, [open, id, revision]);

  const show = async (number: number) => {
    setProblem('');
    try {
      const data = await storyApi.revision(id, number);
      const html = data.form.body.trim()
        ? (await storyApi.preview(data.form.body, data.form.format)).html
        : '';
      setShown({ ...data, html });
    } catch (err) {
      if (err instanceof ApiError) setProblem(err.message);
    }
  };

  const restore = async (line: Shown) => {
    const question = dirty
      ? `Restore the version saved ${formatTime(line.saved_at)}? Your changes that are not saved yet are replaced; everything saved stays in the history.`
      : `Restore the version saved ${formatTime(line.saved_at)}? It becomes a new save; the text now stays in the history.`;
    if (!window.confirm(question)) return;
    setBusy(true);
    try {
      await storyApi.restore(id, line.number, revision);
      toast.success(`The version saved ${formatTime(line.saved_at)} is restored.`);
      setShown(null);
      onRestored();
    } catch (err) {
      if (err instanceof ApiError) setProblem(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details
      class="story-history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>History</summary>
      {problem && (
        <p class="staff-alert" role="alert">
          {problem}
        </p>
      )}
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
                  onClick={() => show(line.number)}
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
                  disabled={busy}
                  onClick={() => restore(shown)}
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
