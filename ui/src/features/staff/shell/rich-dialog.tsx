import type { ComponentChildren } from 'preact';
import { ModalDialog } from '@/components/modal-dialog';

interface RichDialogProps {
  open: boolean;
  /** The id of its title; the dialog is named by it. */
  id: string;
  title: string;
  submit: string;
  busy?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ComponentChildren;
}

/** The rich editor's dialogs: a modal form with its title, its fields, then submit and Cancel. */
export function RichDialog({ open, id, title, submit, busy, onClose, onSubmit, children }: RichDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={id} class="rich-dialog">
      <form
        class="rich-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={id}>{title}</h2>
        {children}
        <div class="rich-dialog__actions">
          <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
            {submit}
          </button>
          <button type="button" class="staff-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
