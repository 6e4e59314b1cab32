import { useEffect, useRef, useState } from 'preact/hooks';

/** How long typing rests before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

/** Where the draft's own saving stands, for the line beside the buttons. */
export type AutosavePhase =
  /** Nothing to save yet (or saving is not on for this story). */
  | { kind: 'idle' }
  /** A save is under way. */
  | { kind: 'saving' }
  /** The draft was saved at `at` (ms since the epoch), by hand or by itself. */
  | { kind: 'saved'; at: number }
  /** The last save did not go through: `reason` says why, and the next change tries again. */
  | { kind: 'failed'; reason: string };

interface AutosaveOptions {
  /** Saving by itself is on (a draft that is not in conflict). */
  enabled: boolean;
  /** The form differs from what the server holds. */
  dirty: boolean;
  /** Anything that changes with each edit (the form object): each change restarts the wait. */
  change: unknown;
  /** Saves; resolves to null when saved, or to the reason it was not. */
  save: () => Promise<string | null>;
}

/**
 * Saves a draft by itself once typing has rested `AUTOSAVE_DELAY_MS`: each change restarts
 * the wait, one save runs at a time, and a change made while one runs is saved by the next.
 */
export function useAutosave({ enabled, dirty, change, save }: AutosaveOptions) {
  const [phase, setPhase] = useState<AutosavePhase>({ kind: 'idle' });
  // A change made while a save runs waits for it, then starts a wait of its own.
  const [round, setRound] = useState(0);
  const running = useRef(false);
  const latest = useRef(save);
  latest.current = save;
  const lastChange = useRef(change);
  lastChange.current = change;

  useEffect(() => {
    if (!enabled || !dirty) return;
    const timer = setTimeout(async () => {
      if (running.current) return;
      running.current = true;
      const started = lastChange.current;
      setPhase({ kind: 'saving' });
      try {
        const reason = await latest.current();
        setPhase(reason === null ? { kind: 'saved', at: Date.now() } : { kind: 'failed', reason });
      } finally {
        running.current = false;
        if (lastChange.current !== started) setRound((r) => r + 1);
      }
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, dirty, change, round]);

  /** A save made by hand counts too: the line says when the story was last saved. */
  const savedNow = () => setPhase({ kind: 'saved', at: Date.now() });
  return { phase, savedNow };
}

/** "Saved 3 s ago", "Saved 4 min ago", then the time of day once an hour has passed. */
export function savedAgo(at: number, now: number, clock: (at: number) => string): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return `Saved ${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Saved ${minutes} min ago`;
  return `Saved at ${clock(at)}`;
}
