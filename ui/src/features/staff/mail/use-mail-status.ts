import { useEffect, useRef } from 'preact/hooks';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
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
  const outbox = useStaffLoad(
    mailApi.status,
    [],
    () => 'The outbox could not be loaded. Please reload the page.',
  );
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const settle = (next: MailStatus) => {
    outbox.setData(next);
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = SETTLE_LOOKS.map((ms) => window.setTimeout(outbox.reload, ms));
  };

  return { status: outbox.data, failure: outbox.error, refresh: outbox.reload, settle };
}
