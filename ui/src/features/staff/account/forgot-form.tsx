import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { accountApi } from './account-api';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return 'We could not send the link. Please check your connection and try again.';
}

/**
 * "Forgot your password?": an address, and the server's answer (the same whether or not the
 * address has an account). `onBack` returns to the sign-in form.
 */
export function ForgotForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);

  // Opened from the sign-in form: the keyboard starts at the new form's title.
  useEffect(() => title.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    setSent('');
    try {
      setSent((await accountApi.forgot(email)).message);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="staff-card" onSubmit={submit} aria-labelledby="forgot-title">
      <h1 class="staff-card__title" id="forgot-title" tabIndex={-1} ref={title}>
        Forgot your password?
      </h1>
      <p>Write the address you sign in with. We will mail you a link to choose a new password.</p>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      <p class="staff-notice-line" role="status">
        {sent}
      </p>
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
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send me a link'}
      </button>
      <button type="button" class="staff-link-button" onClick={onBack}>
        Back to sign-in
      </button>
    </form>
  );
}
