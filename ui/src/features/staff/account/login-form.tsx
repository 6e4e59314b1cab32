import { useEffect, useRef, useState } from 'preact/hooks';
import { type StaffSession, staffAuth } from '@/features/staff/shell/session-api';
import { ApiError } from '@/lib/api-client';
import { ForgotForm } from './forgot-form';
import { usePasskeySignIn } from './use-passkey-sign-in';

/** Where to go after signing in: `next` when it is a path on this site, else the inbox. */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/staff';
}

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return 'We could not sign you in. Please check your connection and try again.';
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
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState(notice);
  const passkey = usePasskeySignIn(onSignedIn, setFailure);
  const [busy, setBusy] = useState(false);
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

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      onSignedIn(await staffAuth.signIn(email, password));
    } catch (error) {
      setFailure(failureText(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="staff-card" onSubmit={submit} aria-describedby={failure ? 'login-failure' : undefined}>
      <h1 class="staff-card__title">Staff sign-in</h1>
      {failure && (
        <p class="staff-alert" id="login-failure" role="alert">
          {failure}
        </p>
      )}
      <label class="staff-field">
        <span>Email</span>
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </label>
      <label class="staff-field">
        <span>Password</span>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <button type="button" class="staff-link-button" ref={forgotButton} onClick={() => setForgot(true)}>
        Forgot your password?
      </button>
      {passkey.available && (
        <div class="login-passkey">
          <p class="login-passkey__or">Or, if you have added a passkey to your account:</p>
          <button
            type="button"
            class="staff-button"
            disabled={passkey.busy}
            onClick={() => {
              setFailure('');
              passkey.start();
            }}
          >
            {passkey.busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </button>
        </div>
      )}
    </form>
  );
}
