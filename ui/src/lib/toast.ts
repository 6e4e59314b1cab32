type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toasts: readonly Toast[]) => void;

const DISPLAY_MS = 4000;
let nextId = 1;
let current: readonly Toast[] = [];
const listeners = new Set<Listener>();

function publish(toasts: readonly Toast[]) {
  current = toasts;
  for (const listener of listeners) listener(current);
}

function dismiss(id: number) {
  publish(current.filter((t) => t.id !== id));
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  publish([...current, { id, kind, message }]);
  setTimeout(() => dismiss(id), DISPLAY_MS);
  return id;
}

/**
 * The toasts on screen, shown by ToastHost (components/toast-host.tsx). Any module may raise
 * one; the store lives here so that lib/ needs nothing from components/.
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  dismiss,
};

/** Calls `listener` with the toasts now and after every change; returns the unsubscribe. */
export function watchToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
