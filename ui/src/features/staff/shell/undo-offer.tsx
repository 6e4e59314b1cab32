import { useEffect, useState } from 'preact/hooks';

/** How long "Undo" is offered after a change. */
export const UNDO_OFFERED_MS = 10_000;

/**
 * "Undo" beside what a change said, for 10 seconds (the server keeps what it needs a little
 * longer, for a slow network): pressed, it runs `undo` once. A new change (a new `offer`)
 * starts its own 10 seconds.
 */
export function UndoOffer({ offer, onUndo }: { offer: object | null; onUndo: () => void }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!offer) return;
    setOpen(true);
    const timer = window.setTimeout(() => setOpen(false), UNDO_OFFERED_MS);
    return () => window.clearTimeout(timer);
  }, [offer]);
  if (!offer || !open) return null;
  return (
    <button
      type="button"
      class="staff-button undo-offer"
      onClick={() => {
        setOpen(false);
        onUndo();
      }}
    >
      Undo
    </button>
  );
}
