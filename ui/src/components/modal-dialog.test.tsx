import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

function setup() {
  const onClose = vi.fn();
  render(
    <ModalDialog open onClose={onClose} label="Add an image">
      <input type="file" aria-label="Image file" />
    </ModalDialog>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Add an image' }) };
}

describe('modal dialog', () => {
  it('closes on its own cancel (Escape)', () => {
    const { onClose, dialog } = setup();
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    // The browser does not close it behind the state's back.
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('stays open when a file picker inside it is cancelled (its cancel bubbles)', () => {
    const { onClose } = setup();
    // As the browser fires it when the picker closes without a file.
    fireEvent(screen.getByLabelText('Image file'), new Event('cancel', { bubbles: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add an image' })).toBeTruthy();
  });

  it('returns the focus where it was on close, unless the page moved it out meanwhile', () => {
    const Page = ({ open }: { open: boolean }) => (
      <div>
        <button type="button">Opener</button>
        <textarea aria-label="Body" />
        <ModalDialog open={open} onClose={() => {}} label="Add an image">
          <input type="file" aria-label="Image file" />
        </ModalDialog>
      </div>
    );
    const opener = () => screen.getByRole('button', { name: 'Opener' });
    const body = () => screen.getByLabelText('Body');
    const { rerender } = render(<Page open={false} />);
    opener().focus();
    rerender(<Page open />);
    screen.getByLabelText('Image file').focus();
    rerender(<Page open={false} />);
    expect(document.activeElement).toBe(opener());

    rerender(<Page open />);
    // An editor takes the focus back before the dialog's own clean-up runs.
    body().focus();
    rerender(<Page open={false} />);
    expect(document.activeElement).toBe(body());
  });

  it('returns the focus to an opener that is busy (disabled) once it is enabled again', async () => {
    const Page = ({ open, busy }: { open: boolean; busy: boolean }) => (
      <div>
        <button type="button" disabled={busy}>
          Make new codes
        </button>
        <ModalDialog open={open} onClose={() => {}} label="Confirm it is you">
          <input aria-label="Password" />
        </ModalDialog>
      </div>
    );
    const opener = () => screen.getByRole('button', { name: 'Make new codes' });
    const { rerender } = render(<Page open={false} busy={false} />);
    opener().focus();
    rerender(<Page open busy />);
    screen.getByLabelText('Password').focus();
    rerender(<Page open={false} busy />);
    expect(document.activeElement).not.toBe(opener());
    rerender(<Page open={false} busy={false} />);
    await waitFor(() => expect(document.activeElement).toBe(opener()));
  });
});
