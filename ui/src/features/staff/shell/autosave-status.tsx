import { useEffect, useState } from 'preact/hooks';
import { formatTime } from './staff-format';
import { type AutosavePhase, savedAgo } from './use-autosave';

interface AutosaveStatusProps {
  phase: AutosavePhase;
  /** The form differs from what the server holds. */
  dirty: boolean;
  /** The story saves itself (a draft); else changes wait for a button. */
  autosaving: boolean;
}

/**
 * One line on the draft's own saving: "Saving…", "Saved 3 s ago" (counting on), "Not saved:
 * …", or, on a story that waits for a button, "Unsaved changes". Screen readers hear each
 * new state once, not every tick of the count.
 */
export function AutosaveStatus({ phase, dirty, autosaving }: AutosaveStatusProps) {
  const [now, setNow] = useState(() => Date.now());
  const counting = phase.kind === 'saved';
  useEffect(() => {
    if (!counting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting, phase]);

  const announced =
    phase.kind === 'saving'
      ? 'Saving…'
      : phase.kind === 'failed'
        ? `Not saved: ${phase.reason}`
        : phase.kind === 'saved'
          ? 'Saved.'
          : '';
  let shown = announced;
  if (phase.kind === 'saved') {
    shown = savedAgo(phase.at, now, (at) => formatTime(new Date(at).toISOString()));
  }
  // A story that waits for a button says so while it differs from the site's.
  if (dirty && !autosaving) shown = 'Unsaved changes';
  return (
    <span class={`autosave-status autosave-status--${phase.kind}`}>
      <span aria-hidden="true">{shown}</span>
      <span class="visually-hidden" role="status">
        {announced}
      </span>
    </span>
  );
}
