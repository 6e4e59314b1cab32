import { act, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, savedAgo, useAutosave } from './use-autosave';

const clock = (at: number) => new Date(at).toISOString().slice(11, 16);

describe('the saved line', () => {
  it('counts seconds, then minutes, then gives the time', () => {
    const at = Date.UTC(2026, 10, 26, 9, 0, 0);
    expect(savedAgo(at, at + 3_400, clock)).toBe('Saved 3 s ago');
    expect(savedAgo(at, at + 59_000, clock)).toBe('Saved 59 s ago');
    expect(savedAgo(at, at + 4 * 60_000 + 10_000, clock)).toBe('Saved 4 min ago');
    expect(savedAgo(at, at + 61 * 60_000, clock)).toBe('Saved at 09:00');
    // A clock a little behind the save's own stamp never says a negative time.
    expect(savedAgo(at, at - 500, clock)).toBe('Saved 0 s ago');
  });
});

describe('saving by itself', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const flush = async () => {
    await act(async () => {
      await Promise.resolve();
    });
  };

  it('saves once typing has rested, each change restarting the wait', async () => {
    const save = vi.fn(async () => null);
    const { result, rerender } = renderHook(
      (props: { change: number }) => useAutosave({ enabled: true, dirty: true, change: props.change, save }),
      { initialProps: { change: 1 } },
    );
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 100);
    });
    rerender({ change: 2 });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 100);
    });
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.phase.kind).toBe('saved');
  });

  it('does nothing while off or with nothing to save', async () => {
    const save = vi.fn(async () => null);
    const { rerender } = renderHook(
      (props: { enabled: boolean; dirty: boolean }) => useAutosave({ ...props, change: 1, save }),
      { initialProps: { enabled: false, dirty: true } },
    );
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3);
    });
    rerender({ enabled: true, dirty: false });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3);
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('says why a save failed and does not try again until the next change', async () => {
    const save = vi.fn(async () => 'Check the title.');
    const { result, rerender } = renderHook(
      (props: { change: number }) => useAutosave({ enabled: true, dirty: true, change: props.change, save }),
      { initialProps: { change: 1 } },
    );
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    await flush();
    expect(result.current.phase).toEqual({ kind: 'failed', reason: 'Check the title.' });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3);
    });
    expect(save).toHaveBeenCalledTimes(1);
    rerender({ change: 2 });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    await flush();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves a change made during a save once that save is done, never two at once', async () => {
    let finish: (reason: string | null) => void = () => {};
    let running = 0;
    let most = 0;
    const save = vi.fn(() => {
      running += 1;
      most = Math.max(most, running);
      return new Promise<string | null>((done) => {
        finish = (reason) => {
          running -= 1;
          done(reason);
        };
      });
    });
    const { rerender } = renderHook(
      (props: { change: number }) => useAutosave({ enabled: true, dirty: true, change: props.change, save }),
      { initialProps: { change: 1 } },
    );
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(save).toHaveBeenCalledTimes(1);
    // Typing goes on while the first save is under way, and rests long enough to fire.
    rerender({ change: 2 });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish(null));
    await flush();
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(save).toHaveBeenCalledTimes(2);
    await act(async () => finish(null));
    expect(most).toBe(1);
  });
});
