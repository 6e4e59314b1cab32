import { useEffect, useRef, useState } from 'preact/hooks';

type Remote<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Loads `load` whenever a key changes (a newer load cancels the older one) and reports the
 * result; `onError` runs once per failure (the pages show a toast there). `initial` is
 * called once: data the page came with (lib/page-data.ts), shown at once and not loaded again
 * for the first keys, so a server-rendered page hydrates without a refetch or a flash.
 */
export function useRemote<T>(
  load: (signal: AbortSignal) => Promise<T>,
  keys: readonly unknown[],
  onError: (error: unknown) => void,
  initial?: () => T | undefined,
): Remote<T> {
  const [state, setState] = useState<Remote<T>>(() => {
    const data = initial?.();
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  const preloaded = useRef(state.status === 'ready');
  useEffect(() => {
    if (preloaded.current) {
      preloaded.current = false;
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ status: 'error', error });
        onError(error);
      },
    );
    return () => controller.abort();
  }, keys);
  return state;
}
