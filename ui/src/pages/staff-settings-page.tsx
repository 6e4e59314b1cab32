import { useEffect, useState } from 'preact/hooks';
import { SettingsForm } from '@/features/staff/settings-form';
import { type StaffSession, staffAuth } from '@/features/staff/staff-api';
import { StaffFrame } from '@/features/staff/staff-frame';
import { StaffNav } from '@/features/staff/staff-nav';
import { loginPath } from '@/lib/staff-client';
import '@/features/staff/staff.css';
import '@/features/staff/settings.css';

/** `/staff/settings`: the company's details the public pages show, for a signed-in staff member. */
export function StaffSettingsPage() {
  const [session, setSession] = useState<StaffSession | null>(null);

  useEffect(() => {
    staffAuth.require().then(setSession, () => {});
  }, []);

  const signOut = async () => {
    await staffAuth.signOut().catch(() => {});
    window.location.assign(loginPath('/staff/settings'));
  };

  return (
    <StaffFrame title="Company details">
      {session ? (
        <div class="staff-page">
          <div class="staff-bar">
            <h1 class="staff-bar__title">Company details</h1>
            <p class="staff-bar__who">Signed in as {session.name}</p>
            <button type="button" class="staff-button" onClick={signOut}>
              Sign out
            </button>
          </div>
          <StaffNav current="/staff/settings" />
          <SettingsForm />
        </div>
      ) : (
        <p role="status">Loading…</p>
      )}
    </StaffFrame>
  );
}
