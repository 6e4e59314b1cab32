import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Area, StaffSession } from '@/lib/staff-types';

export type { Area } from '@/lib/staff-types';

/** The signed-in session of the staff screen around (set by `StaffScreen`). */
export const StaffSessionContext = createContext<StaffSession | null>(null);

/** Asks the server for the session again (after a second factor was set up) and shows it. */
export const RefreshSessionContext = createContext<() => Promise<StaffSession | null>>(async () => null);

/** The `StaffScreen`'s way to read the session anew. */
export function useRefreshSession(): () => Promise<StaffSession | null> {
  return useContext(RefreshSessionContext);
}

/** The session of the screen this is shown in; only inside a `StaffScreen`. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession is used outside a StaffScreen');
  return session;
}

/** Does the session reach any of `areas`? (The server checks again on every request.) */
export function reaches(session: StaffSession, areas: readonly Area[]): boolean {
  return areas.some((area) => session.areas.includes(area));
}
