import { useEffect, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

export const COUNT_UP_MS = 1600;

/** Ease-out cubic: fast at first, settling gently on the target. */
export function countAt(target: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return target;
  const t = elapsedMs / durationMs;
  return Math.round(target * (1 - (1 - t) ** 3));
}

/**
 * Counts from 0 to `target` once `running` turns true. Until then it shows the target, as
 * the server rendered it (a visitor without JavaScript reads the real figure). Under
 * prefers-reduced-motion the target simply stays.
 */
export function useCountUp(target: number, running: boolean, durationMs = COUNT_UP_MS): number {
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (prefersReducedMotion()) {
      setValue(target);
      return;
    }
    if (!running) return;
    let frame = 0;
    const start = performance.now();
    setValue(0);
    const tick = (now: number) => {
      const next = countAt(target, now - start, durationMs);
      setValue(next);
      if (next !== target) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, running, durationMs]);
  return value;
}
