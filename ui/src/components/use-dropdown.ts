import { useCallback, useState } from 'preact/hooks';

/**
 * Open/closed state of a desktop dropdown: it opens when the pointer enters or
 * keyboard focus arrives, and closes when the pointer leaves, focus moves out,
 * an entry is chosen or Escape is pressed (focus then goes back to the trigger).
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootProps = {
    onMouseEnter: () => setOpen(true),
    onMouseLeave: close,
    onFocusIn: () => setOpen(true),
    onFocusOut: (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (!next || !(event.currentTarget as Element).contains(next)) setOpen(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const root = event.currentTarget as Element;
      setOpen(false);
      root.querySelector<HTMLElement>('[aria-expanded]')?.focus();
    },
  };
  return { open, setOpen, close, rootProps };
}
