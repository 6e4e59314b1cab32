import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { focusOnceEnabled } from '@/lib/focus-return';
import { keepFocusInside } from '@/lib/focus-trap';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog. */
  labelledBy?: string;
  label?: string;
  id?: string;
  class?: string;
  children: ComponentChildren;
}

/**
 * A native modal <dialog>: the page behind it is inert, Escape and a click on the
 * backdrop close it, Tab stays inside, and focus returns where it was on close (unless the
 * page has moved it out of the dialog by then: it stays there; to an opener still busy and
 * disabled, once it is enabled).
 * The `open` prop is the single source of truth.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  label,
  id,
  class: className,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      // Where the page put the focus meanwhile (an editor taking it back for what the dialog
      // added, in an effect that may run first) wins over where it was when the dialog opened.
      const moved = document.activeElement as HTMLElement | null;
      const movedOutside = moved !== null && moved !== document.body && !element.contains(moved);
      if (element.open && typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      // A browser's close() may restore the focus itself: set it in either case.
      const target = movedOutside ? moved : returnFocusTo;
      if (target) focusOnceEnabled(target);
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id={id}
      class={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      // Escape: let state close it, so the effect above restores focus. A file input's
      // `cancel` (its picker closed without a file) bubbles up to here too: that one is the
      // picker's, not the dialog's, and leaves the dialog open.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      // Clicks on the ::backdrop land on the <dialog> itself; its content fills the box.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        } else if (dialog.current) {
          keepFocusInside(event, dialog.current);
        }
      }}
    >
      {open && children}
    </dialog>
  );
}
