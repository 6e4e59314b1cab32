import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { SiteBrand } from '@/components/site-brand';
import { Link } from '@/components/site-link';
import { companyDetails } from '@/lib/company-details';
import { loginPath, setUpPath } from '@/lib/staff-client';
import { type StaffSession, staffAuth } from './session-api';
import { SessionDialog } from './session-dialog';
import { StaffFrame } from './staff-frame';
import { type Area, RefreshSessionContext, reaches, StaffSessionContext } from './staff-session';

/** The staff screens, in the order of the bar, and the areas that open each (any one does). */
const SCREENS: { path: string; label: string; areas: Area[] }[] = [
  { path: '/staff', label: 'Inbox', areas: ['enquiries', 'subscribers', 'applicants'] },
  { path: '/staff/jobs', label: 'Jobs', areas: ['jobs'] },
  { path: '/staff/stories', label: 'Stories', areas: ['stories'] },
  { path: '/staff/pages', label: 'Pages', areas: ['pages'] },
  { path: '/staff/settings', label: 'Company details', areas: ['company'] },
  { path: '/staff/team', label: 'Team', areas: ['team'] },
  { path: '/staff/audit', label: 'Audit log', areas: ['team'] },
  { path: '/staff/mail', label: 'Mail', areas: ['mail'] },
  { path: '/staff/templates', label: 'Reply templates', areas: ['enquiries', 'applicants'] },
  { path: '/staff/analytics', label: 'Analytics', areas: ['analytics'] },
  { path: '/staff/backups', label: 'Backups', areas: ['backups'] },
  { path: '/staff/trash', label: 'Trash', areas: ['enquiries', 'subscribers', 'applicants', 'stories'] },
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
  /**
   * This screen sets up a second factor (`/staff/account`): a session that must set one up
   * stays here, with nothing else on offer; on any other screen it is sent here.
   */
  setsUpFactor?: boolean;
  children: ComponentChildren;
}

/**
 * A staff screen for a signed-in member (anyone else goes to /login; a session that ends
 * while the screen is open is signed in again in place, by `SessionDialog`; a sign-in not yet
 * finished to its next step: the new password or the second factor at /login, or setting a
 * second factor up): the frame, the bar with the screen's title, the way to the screens the
 * account's roles reach, who is signed in and signing out. The session is given to what the
 * screen holds (`useStaffSession`).
 */
export function StaffScreen({ title, areas, setsUpFactor = false, children }: StaffScreenProps) {
  const [session, setSession] = useState<StaffSession | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const load = async (): Promise<StaffSession | null> => {
    const next = await staffAuth.require();
    if (next.must_change_password || next.second_factor === 'give') {
      navigate(loginPath(), { replace: true });
      return null;
    }
    if (next.second_factor === 'set_up' && !setsUpFactor) {
      navigate(setUpPath(), { replace: true });
      return null;
    }
    setSession(next);
    return next;
  };

  useEffect(() => {
    load().catch(() => {});
  }, []);

  const signOut = async () => {
    await staffAuth.signOut().catch(() => {});
    window.location.assign(loginPath('/staff'));
  };

  const settingUp = session?.second_factor === 'set_up';
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
          <Link to="/staff" class="staff-bar__brand">
            <SiteBrand name={companyDetails().company_name} />
            <span class="visually-hidden"> staff home</span>
          </Link>
          <h1 class="staff-bar__title">{title}</h1>
          {settingUp ? (
            <p class="staff-bar__who">Signed in as {session.name}</p>
          ) : (
            <>
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
                </Link>{' '}
                ·{' '}
                <a href="/" class="staff-bar__account" target="_blank" rel="noopener">
                  View the site<span class="visually-hidden"> (opens a new tab)</span>
                </a>
              </p>
            </>
          )}
          <button type="button" class="staff-button" onClick={signOut}>
            Sign out
          </button>
        </div>
        <RefreshSessionContext.Provider value={load}>
          <StaffSessionContext.Provider value={session}>
            {areas.length === 0 || reaches(session, areas) ? (
              children
            ) : (
              <p class="staff-notice" role="alert">
                Your role does not include {title.toLowerCase()}. Ask an owner of the team if you need it.
              </p>
            )}
          </StaffSessionContext.Provider>
        </RefreshSessionContext.Provider>
        <SessionDialog email={session.email} refresh={load} />
      </div>
    </StaffFrame>
  );
}
