import { useCallback, useRef, useState } from 'preact/hooks';

/**
 * Open/closed state of a desktop dropdown: it opens when the pointer enters or
 * keyboard focus arrives, and closes when the pointer leaves, focus moves out,
 * an entry is chosen or Escape is pressed (focus then goes back to the trigger).
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  // Escape hands focus back to the trigger; that focus must not reopen the menu.
  const returningFocus = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  const rootProps = {
    onMouseEnter: () => setOpen(true),
    onMouseLeave: close,
    onFocusIn: () => {
      if (!returningFocus.current) setOpen(true);
    },
    onFocusOut: (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (!next || !(event.currentTarget as Element).contains(next)) setOpen(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const trigger = (event.currentTarget as Element).querySelector<HTMLElement>('[aria-expanded]');
      setOpen(false);
      if (trigger && document.activeElement !== trigger) {
        returningFocus.current = true;
        trigger.focus(); // focusin fires synchronously, inside this call
        returningFocus.current = false;
      }
    },
  };
  return { open, setOpen, close, rootProps };
}
