import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { loginPath } from '@/lib/staff-client';
import { type StaffSession, staffAuth } from './session-api';
import { StaffFrame } from './staff-frame';

/** The staff screens, in the order of the bar. */
const SCREENS = [
  { path: '/staff', label: 'Inbox' },
  { path: '/staff/stories', label: 'Stories' },
  { path: '/staff/settings', label: 'Company details' },
];

function current(pathname: string, path: string): boolean {
  return path === '/staff' ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * A staff screen for a signed-in member (anyone else goes to /login): the frame, the bar with
 * the screen's title, the way to the other screens, who is signed in and signing out.
 */
export function StaffScreen({ title, children }: { title: string; children: ComponentChildren }) {
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
            {SCREENS.map((screen) => (
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
          <p class="staff-bar__who">Signed in as {session.name}</p>
          <button type="button" class="staff-button" onClick={signOut}>
            Sign out
          </button>
        </div>
        {children}
      </div>
    </StaffFrame>
  );
}
