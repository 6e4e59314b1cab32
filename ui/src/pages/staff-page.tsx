import { useEffect, useState } from 'preact/hooks';
import { Inbox } from '@/features/staff/inbox';
import { type StaffSession, staffAuth } from '@/features/staff/staff-api';
import { StaffFrame } from '@/features/staff/staff-frame';
import { StaffNav } from '@/features/staff/staff-nav';
import { loginPath } from '@/lib/staff-client';
import '@/features/staff/staff.css';
import '@/features/staff/settings.css';

/** `/staff`: the office's inbox, for a signed-in staff member (anyone else goes to /login). */
export function StaffPage() {
  const [session, setSession] = useState<StaffSession | null>(null);

  useEffect(() => {
    staffAuth.require().then(setSession, () => {});
  }, []);

  const signOut = async () => {
    await staffAuth.signOut().catch(() => {});
    window.location.assign(loginPath('/staff'));
  };

  if (!session) {
    return (
      <StaffFrame title="Inbox">
        <p role="status">Loading…</p>
      </StaffFrame>
    );
  }
  return (
    <StaffFrame title="Inbox">
      <div class="staff-page">
        <div class="staff-bar">
          <h1 class="staff-bar__title">Inbox</h1>
          <p class="staff-bar__who">Signed in as {session.name}</p>
          <button type="button" class="staff-button" onClick={signOut}>
            Sign out
          </button>
        </div>
        <StaffNav current="/staff" />
        <Inbox />
      </div>
    </StaffFrame>
  );
}
