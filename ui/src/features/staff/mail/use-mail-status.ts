import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { MailStatus } from '@/lib/staff-types';
import { mailApi } from './mail-api';

/** When to look again after an action, while the sender works (ms). */
const SETTLE_LOOKS = [1000, 2500, 5000, 10000];

/**
 * The outbox as the server last told it; `refresh` asks again, and `settle` takes the status
 * an action answered with and looks again a few times in the next seconds, so what became of
 * a retried or test mail shows without a reload.
 */
export function useMailStatus() {
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const timers = useRef<number[]>([]);

  const refresh = useCallback(async () => {
    try {
      setStatus(await mailApi.status());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    refresh();
    return () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    };
  }, [refresh]);

  const settle = useCallback(
    (next: MailStatus) => {
      setStatus(next);
      for (const timer of timers.current) window.clearTimeout(timer);
      timers.current = SETTLE_LOOKS.map((ms) => window.setTimeout(refresh, ms));
    },
    [refresh],
  );

  return { status, failed, refresh, settle };
}
