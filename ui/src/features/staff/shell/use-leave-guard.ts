import { useEffect } from 'preact/hooks';
import { holdLeave } from '@/lib/leave-guard';

export { leaveWithoutAsking } from '@/lib/leave-guard';

/** What the confirmation asks when no other words are given. */
export const LEAVE_MESSAGE = 'You have changes that are not saved. Leave this page and lose them?';

/**
 * While `dirty`, leaving the page asks first, and a "no" keeps the person on it with
 * everything as it was: a move inside the app (a staff bar link, any `Link` or `navigate`,
 * Back and Forward) asks with `window.confirm(message)`, and a reload, closing the tab or a
 * link out of the app with the browser's own question (`beforeunload`, whose words the
 * browser chooses). A change of the query or hash alone is not leaving. How: `lib/leave-guard`.
 *
 * `dirty` is what the form holds against what was loaded or last saved (false once saved).
 * To move on purpose right after a save, before the render that clears `dirty`, wrap the
 * move in `leaveWithoutAsking(() => navigate(...))`.
 */
export function useLeaveGuard(dirty: boolean, message: string = LEAVE_MESSAGE): void {
  useEffect(() => (dirty ? holdLeave(message) : undefined), [dirty, message]);
}
