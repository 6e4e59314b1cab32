import { act, fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ImageDialog } from './image-dialog';

describe('image dialog', () => {
  it('keeps a file picked the moment it opens, before its effects run', () => {
    const props = { file: null, onClose: vi.fn(), onImage: vi.fn() };
    const { rerender } = render(<ImageDialog open={false} {...props} />);
    const photo = new File(['<svg/>'], 'office.svg', { type: 'image/svg+xml' });
    // The open and the pick in one turn: the effects of the open run after both.
    act(() => {
      rerender(<ImageDialog open {...props} />);
      fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [photo] } });
    });
    expect(screen.getByText('Chosen: office.svg')).toBeTruthy();
  });

  it('opened with a dropped file, shows it chosen and asks for the alt text first', () => {
    const photo = new File(['<svg/>'], 'dropped.svg', { type: 'image/svg+xml' });
    render(<ImageDialog open file={photo} onClose={vi.fn()} onImage={vi.fn()} />);
    expect(screen.getByText('Chosen: dropped.svg')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Alt text'));
  });
});
