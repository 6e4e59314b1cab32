import { act, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message in the live region and removes it after a few seconds', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => {
      toast.success('Form Submitted Successfully');
    });
    expect(screen.getByRole('status').textContent).toContain('Form Submitted Successfully');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('status').textContent).not.toContain('Form Submitted Successfully');
  });

  it('can be dismissed by hand', () => {
    render(<ToastHost />);
    act(() => {
      toast.error('Something failed');
    });
    act(() => {
      screen.getByRole('button', { name: 'Dismiss' }).click();
    });
    expect(screen.getByRole('status').textContent).not.toContain('Something failed');
  });
});
