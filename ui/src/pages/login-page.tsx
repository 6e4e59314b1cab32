import { useEffect, useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoginForm, returnPath } from '@/features/staff/account/login-form';
import { PasswordForm } from '@/features/staff/account/password-form';
import { type StaffSession, staffAuth } from '@/features/staff/shell/session-api';
import { StaffFrame } from '@/features/staff/shell/staff-frame';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';

/** `/login`: sign in, then choose a password if the one given was one-time, then go back. */
export function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<StaffSession | null>(null);

  // A browser already signed in with a one-time password lands here after a 403.
  useEffect(() => {
    staffAuth.current().then(setSession, () => setSession(null));
  }, []);

  const proceed = (signedIn: StaffSession) => {
    if (signedIn.must_change_password) setSession(signedIn);
    else navigate(returnPath(search), { replace: true });
  };

  return (
    <StaffFrame title="Staff sign-in">
      <div class="staff-login">
        {session?.must_change_password ? (
          <PasswordForm onChanged={proceed} oneTime />
        ) : (
          <LoginForm onSignedIn={proceed} />
        )}
      </div>
    </StaffFrame>
  );
}
