import { useEffect, useRef, useState } from 'preact/hooks';
import { PasswordSignIn } from '@/features/staff/shell/password-sign-in';
import type { StaffSession } from '@/features/staff/shell/session-api';
import { ForgotForm } from './forgot-form';

/** Where to go after signing in: `next` when it is a path on this site, else the inbox. */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/staff';
}

interface LoginFormProps {
  onSignedIn: (session: StaffSession) => void;
  /** What to say on arrival (a sign-in that expired in its second step). */
  notice?: string;
}

/**
 * The sign-in form (email and password, or a passkey alone), or in its place the form that
 * asks for a reset link.
 */
export function LoginForm({ onSignedIn, notice = '' }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [forgot, setForgot] = useState(false);
  const [back, setBack] = useState(false);
  const forgotButton = useRef<HTMLButtonElement>(null);

  // Back from the reset form: the keyboard is where it left.
  useEffect(() => {
    if (back && !forgot) forgotButton.current?.focus();
  }, [back, forgot]);

  if (forgot) {
    return (
      <ForgotForm
        initialEmail={email}
        onBack={() => {
          setForgot(false);
          setBack(true);
        }}
      />
    );
  }

  return (
    <PasswordSignIn
      heading={<h1 class="staff-card__title">Staff sign-in</h1>}
      email={email}
      onEmail={setEmail}
      onSignedIn={onSignedIn}
      notice={notice}
    >
      <button type="button" class="staff-link-button" ref={forgotButton} onClick={() => setForgot(true)}>
        Forgot your password?
      </button>
    </PasswordSignIn>
  );
}
