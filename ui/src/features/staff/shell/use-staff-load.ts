import { useEffect, useRef, useState } from 'preact/hooks';
import { type Failure, failureOf } from './failure';

export interface StaffLoadOptions {
  /** Each change of the keys starts from nothing (`data` null, "Loading…" again), not from what was shown. */
  fresh?: boolean;
}

/**
 * What a staff screen reads: loaded when it opens and again whenever a key changes (a newer
 * load cancels the older, whose answer is then never shown), and by `reload`. What was shown
 * stays while the next load is out, and when it fails. `error` is the words `failure` gives
 * for the last load's failure ('' while loading, and once loaded). `setData` shows a change's
 * answer without loading again.
 */
export function useStaffLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  keys: readonly unknown[],
  failure: Failure,
  { fresh = false }: StaffLoadOptions = {},
) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const current = useRef<AbortController | null>(null);

  const reload = async (): Promise<void> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    setError('');
    try {
      const loaded = await load(controller.signal);
      if (controller.signal.aborted) return;
      setData(loaded);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(failureOf(failure, caught));
    }
    setLoading(false);
  };

  useEffect(() => {
    if (fresh) setData(null);
    void reload();
    return () => current.current?.abort();
  }, keys);

  return { data, loading, error, reload, setData };
}
