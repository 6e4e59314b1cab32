import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { type StaffSession, staffAuth } from './session-api';
import { usePasskeySignIn } from './use-passkey-sign-in';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return 'We could not sign you in. Please check your connection and try again.';
}

interface PasswordSignInProps {
  /** The form's heading (/login's; the dialog has its own around the form). */
  heading?: ComponentChildren;
  /** The email typed so far, kept by the caller (/login hands it to the reset form). */
  email: string;
  onEmail: (email: string) => void;
  onSignedIn: (session: StaffSession) => void;
  /** What to say on arrival (a sign-in that expired in its second step). */
  notice?: string;
  /** Under the sign-in button (/login's "Forgot your password?"). */
  children?: ComponentChildren;
}

/**
 * Signing in with email and password, or with a passkey alone: the first step of /login and
 * of the dialog that signs a session in again over a staff screen. What comes next (a
 * one-time password to change, the second factor) is the caller's, from the session given
 * to `onSignedIn`.
 */
export function PasswordSignIn({
  heading,
  email,
  onEmail,
  onSignedIn,
  notice = '',
  children,
}: PasswordSignInProps) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState(notice);
  const [busy, setBusy] = useState(false);
  const passkey = usePasskeySignIn(onSignedIn, setFailure);

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
      {heading}
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
          onInput={(e) => onEmail(e.currentTarget.value)}
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
      {children}
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
