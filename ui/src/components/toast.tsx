import { useEffect, useState } from 'preact/hooks';

export type ToastKind = 'success' | 'error' | 'info';

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

/** Toasts at the bottom centre, in black (SPEC.md "Global behaviour"). */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss,
};

export function ToastHost() {
  const [toasts, setToasts] = useState<readonly Toast[]>(current);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return (
    <div class="toast-host" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} class={`toast toast--${t.kind}`} data-kind={t.kind}>
          <span>{t.message}</span>
          <button type="button" class="toast__close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
