import { useEffect, useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoginForm, returnPath } from '@/features/staff/account/login-form';
import { PasswordForm } from '@/features/staff/account/password-form';
import { FactorStep } from '@/features/staff/shell/factor-step';
import { type StaffSession, staffAuth } from '@/features/staff/shell/session-api';
import { StaffFrame } from '@/features/staff/shell/staff-frame';
import { setUpPath } from '@/lib/staff-client';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';

/**
 * `/login`: sign in (a password, or a passkey alone); then choose a password if the one given
 * was one-time; then the second factor (give it here, or go to set one up); then go back.
 */
export function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<StaffSession | null>(null);
  const [notice, setNotice] = useState('');

  const proceed = (signedIn: StaffSession) => {
    if (signedIn.must_change_password || signedIn.second_factor === 'give') setSession(signedIn);
    else if (signedIn.second_factor === 'set_up') navigate(setUpPath(returnPath(search)), { replace: true });
    else navigate(returnPath(search), { replace: true });
  };

  // A browser already signed in lands here after a 403: a one-time password still to change,
  // or a second factor still to give or to set up.
  useEffect(() => {
    staffAuth.current().then(
      (current) => {
        if (current.must_change_password || current.second_factor !== 'done') proceed(current);
      },
      () => setSession(null),
    );
  }, []);

  const restart = (message: string) => {
    setNotice(message);
    setSession(null);
  };

  let shown = <LoginForm key={notice} onSignedIn={proceed} notice={notice} />;
  if (session?.must_change_password) shown = <PasswordForm onChanged={proceed} oneTime />;
  else if (session?.second_factor === 'give') {
    shown = (
      <FactorStep
        session={session}
        onSignedIn={proceed}
        onGone={restart}
        onSignOut={async () => {
          await staffAuth.signOut().catch(() => {});
          restart('');
        }}
      />
    );
  }

  return (
    <StaffFrame title={session?.second_factor === 'give' ? 'Second factor' : 'Staff sign-in'}>
      <div class="staff-login">{shown}</div>
    </StaffFrame>
  );
}
