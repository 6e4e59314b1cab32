import { useEffect, useState } from 'preact/hooks';
import { type Toast, toast, watchToasts } from '@/lib/toast';

/** Every toast of the site shows at the bottom centre, in black. */
export function ToastHost() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => watchToasts(setToasts), []);
  return (
    <div class="toast-host" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} class={`toast toast--${t.kind}`} data-kind={t.kind}>
          <span>{t.message}</span>
          <button type="button" class="toast__close" aria-label="Dismiss" onClick={() => toast.dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
