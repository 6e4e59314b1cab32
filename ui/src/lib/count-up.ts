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
 * Counts from 0 to `target` once `running` turns true. Under prefers-reduced-motion
 * the target shows at once, without waiting to be seen.
 */
export function useCountUp(target: number, running: boolean, durationMs = COUNT_UP_MS): number {
  const [reduced] = useState(prefersReducedMotion);
  const [value, setValue] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) {
      setValue(target);
      return;
    }
    if (!running) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const next = countAt(target, now - start, durationMs);
      setValue(next);
      if (next !== target) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, running, durationMs, reduced]);
  return value;
}
