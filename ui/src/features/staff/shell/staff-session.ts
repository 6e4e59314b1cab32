import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Area, StaffSession } from '@/lib/staff-types';

export type { Area } from '@/lib/staff-types';

/** The signed-in session of the staff screen around (set by `StaffScreen`). */
export const StaffSessionContext = createContext<StaffSession | null>(null);

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
