import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type StaffSession, staffAuth } from './session-api';
import { SignInEmail, SignInField } from './sign-in-field';
import { StaffAlert, SubmitButton } from './staff-parts';
import { usePasskeySignIn } from './use-passkey-sign-in';
import { useStaffForm } from './use-staff-form';

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
  // One line for what the password and the passkey say, and what was said on arrival.
  const [failure, setFailure] = useState(notice);
  const passkey = usePasskeySignIn(onSignedIn, setFailure);
  const form = useStaffForm({
    send: () => staffAuth.signIn(email, password),
    done: onSignedIn,
    failure: 'We could not sign you in. Please check your connection and try again.',
    fields: [],
    onError: setFailure,
    failed: () => setPassword(''),
  });

  return (
    <form class="staff-card" onSubmit={form.submit} aria-describedby={failure ? 'login-failure' : undefined}>
      {heading}
      <StaffAlert id="login-failure" message={failure} />
      <SignInEmail value={email} onInput={onEmail} />
      <SignInField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onInput={setPassword}
      />
      <SubmitButton busy={form.busy} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
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
