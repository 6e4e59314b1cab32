import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { loginPath } from '@/lib/staff-client';
import { type StaffSession, staffAuth } from './session-api';
import { StaffFrame } from './staff-frame';
import { type Area, reaches, StaffSessionContext } from './staff-session';

/** The staff screens, in the order of the bar, and the areas that open each (any one does). */
const SCREENS: { path: string; label: string; areas: Area[] }[] = [
  { path: '/staff', label: 'Inbox', areas: ['enquiries', 'subscribers', 'applicants'] },
  { path: '/staff/stories', label: 'Stories', areas: ['stories'] },
  { path: '/staff/settings', label: 'Company details', areas: ['company'] },
  { path: '/staff/team', label: 'Team', areas: ['team'] },
  { path: '/staff/audit', label: 'Audit log', areas: ['team'] },
  { path: '/staff/mail', label: 'Mail', areas: ['mail'] },
];

function current(pathname: string, path: string): boolean {
  return path === '/staff' ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

interface StaffScreenProps {
  title: string;
  /**
   * The areas this screen serves: an account reaching none of them is told so instead. None
   * (`[]`) is every account's screen (its own account).
   */
  areas: Area[];
  children: ComponentChildren;
}

/**
 * A staff screen for a signed-in member (anyone else goes to /login): the frame, the bar with
 * the screen's title, the way to the screens the account's roles reach, who is signed in and
 * signing out. The session is given to what the screen holds (`useStaffSession`).
 */
export function StaffScreen({ title, areas, children }: StaffScreenProps) {
  const [session, setSession] = useState<StaffSession | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    staffAuth.require().then(setSession, () => {});
  }, []);

  const signOut = async () => {
    await staffAuth.signOut().catch(() => {});
    window.location.assign(loginPath('/staff'));
  };

  if (!session) {
    return (
      <StaffFrame title={title}>
        <p role="status">Loading…</p>
      </StaffFrame>
    );
  }
  return (
    <StaffFrame title={title}>
      <div class="staff-page">
        <div class="staff-bar">
          <h1 class="staff-bar__title">{title}</h1>
          <nav class="staff-nav" aria-label="Staff">
            {SCREENS.filter((screen) => reaches(session, screen.areas)).map((screen) => (
              <Link
                key={screen.path}
                to={screen.path}
                class="staff-nav__link"
                aria-current={current(pathname, screen.path) ? 'page' : undefined}
              >
                {screen.label}
              </Link>
            ))}
          </nav>
          <p class="staff-bar__who">
            Signed in as {session.name} ·{' '}
            <Link
              to="/staff/account"
              class="staff-bar__account"
              aria-current={current(pathname, '/staff/account') ? 'page' : undefined}
            >
              My account
            </Link>
          </p>
          <button type="button" class="staff-button" onClick={signOut}>
            Sign out
          </button>
        </div>
        <StaffSessionContext.Provider value={session}>
          {areas.length === 0 || reaches(session, areas) ? (
            children
          ) : (
            <p class="staff-notice" role="alert">
              Your role does not include {title.toLowerCase()}. Ask an owner of the team if you need it.
            </p>
          )}
        </StaffSessionContext.Provider>
      </div>
    </StaffFrame>
  );
}
