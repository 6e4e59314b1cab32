import { act, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_MS, countAt, useCountUp } from './count-up';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function Counter({ target, running }: { target: number; running: boolean }) {
  return <output>{useCountUp(target, running)}</output>;
}

describe('countAt', () => {
  it('starts at zero, ends exactly on the target and never overshoots', () => {
    expect(countAt(6000, 0)).toBe(0);
    expect(countAt(6000, COUNT_UP_MS)).toBe(6000);
    expect(countAt(6000, COUNT_UP_MS * 2)).toBe(6000);
    let previous = 0;
    for (let t = 0; t <= COUNT_UP_MS; t += 50) {
      const value = countAt(6000, t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(6000);
      previous = value;
    }
  });

  it('eases out: more than half way after a third of the time', () => {
    expect(countAt(700, COUNT_UP_MS / 3)).toBeGreaterThan(350);
  });
});

describe('useCountUp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the target as the server rendered it until it runs, then counts up from zero to it', async () => {
    mockReducedMotion(false);
    const { rerender } = render(<Counter target={6000} running={false} />);
    expect(screen.getByRole('status').textContent).toBe('6000');
    const seen: number[] = [];
    rerender(<Counter target={6000} running />);
    await vi.waitFor(
      () => {
        seen.push(Number(screen.getByRole('status').textContent));
        expect(seen.at(-1)).toBe(6000);
      },
      { timeout: 3000, interval: 20 },
    );
    expect(Math.min(...seen)).toBeLessThan(6000);
  });

  it('shows the target at once under prefers-reduced-motion, even before it is seen', () => {
    mockReducedMotion(true);
    render(<Counter target={500} running={false} />);
    act(() => {});
    expect(screen.getByRole('status').textContent).toBe('500');
  });
});
