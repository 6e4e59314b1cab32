import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { CodeField } from './code-field';
import type { StaffSession } from './session-api';
import { factorSignInApi } from './sign-in-api';
import { StaffAlert } from './staff-parts';
import { usePasskeySignIn } from './use-passkey-sign-in';
import { fieldMessage, useStaffForm } from './use-staff-form';

interface FactorStepProps {
  /** The session signed in with the password, waiting for its factor (`second_factor: 'give'`). */
  session: StaffSession;
  onSignedIn: (session: StaffSession) => void;
  /** The session has gone (expired, or signed out here): back to the sign-in form. */
  onGone: (message: string) => void;
  onSignOut: () => void;
  /** The step's title is a page's `h1` on /login, an `h3` under the sign-in dialog's title. */
  titleLevel?: 'h1' | 'h3';
}

/**
 * Sign-in's second step, in place of the form: a code from the authenticator app or a
 * recovery code, or a passkey when the account has one.
 */
export function FactorStep({ session, onSignedIn, onGone, onSignOut, titleLevel = 'h1' }: FactorStepProps) {
  const Title = titleLevel;
  const [code, setCode] = useState('');
  // One line for what the code and the passkey say.
  const [failure, setFailure] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const passkey = usePasskeySignIn(onSignedIn, setFailure);
  const form = useStaffForm({
    check: () => fieldMessage(code.trim() === '', 'code', 'Type the code first.'),
    send: () => factorSignInApi.giveCode(code.trim()),
    done: onSignedIn,
    failure: 'We could not check the code. Please check your connection and try again.',
    fields: ['code'],
    onError: setFailure,
    failed: (caught) => {
      setCode('');
      if (caught instanceof ApiError && caught.status === 401) {
        setFailure('');
        onGone('Your sign-in has expired. Please sign in again.');
      }
    },
  });
  const withCode = session.second_factor_ways.includes('code');
  const withPasskey = session.second_factor_ways.includes('passkey') && passkey.available;

  // A new step: the keyboard and screen readers start at its title.
  useEffect(() => title.current?.focus(), []);

  const passkeyButton = (
    <button
      type="button"
      class={`staff-button${withCode ? '' : ' staff-button--primary'}`}
      disabled={passkey.busy}
      onClick={() => {
        setFailure('');
        form.clear();
        passkey.start();
      }}
    >
      {passkey.busy ? 'Waiting for your passkey…' : 'Use a passkey'}
    </button>
  );
  return (
    <form
      class="staff-card"
      onSubmit={(event) => {
        setFailure('');
        form.submit(event);
      }}
      aria-labelledby="factor-title"
      aria-describedby={failure ? 'factor-failure' : undefined}
      noValidate
    >
      <Title class="staff-card__title" id="factor-title" tabIndex={-1} ref={title}>
        Second factor
      </Title>
      <p>
        {withCode
          ? 'Type the code your authenticator app shows now, or one of your recovery codes.'
          : 'Use your passkey, or type one of your recovery codes.'}
      </p>
      <StaffAlert id="factor-failure" message={failure} />
      {withPasskey && !withCode && passkeyButton}
      <CodeField
        id="factor-code"
        label={withCode ? 'Code from your authenticator app or a recovery code' : 'Recovery code'}
        {...form.field('code', code, setCode)}
      />
      <button
        class={`staff-button${withPasskey && !withCode ? '' : ' staff-button--primary'}`}
        type="submit"
        disabled={form.busy}
      >
        {form.busy ? 'Checking…' : 'Verify'}
      </button>
      {withPasskey && withCode && passkeyButton}
      <p class="factor-step__who">Signing in as {session.email}.</p>
      <button type="button" class="staff-link-button" onClick={onSignOut}>
        Sign in as someone else
      </button>
    </form>
  );
}
