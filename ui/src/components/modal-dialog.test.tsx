import { fireEvent, render, screen } from '@testing-library/preact';
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
});
