import { useEffect, useState } from 'preact/hooks';
import { Link } from '@/components/site-link';
import { PasswordInput } from '@/features/staff/shell/password-input';
import type { StaffSession } from '@/features/staff/shell/session-api';
import { ApiError } from '@/lib/api-client';
import { accountApi } from './account-api';

type Phase = 'checking' | 'ready' | 'gone';

const GONE = 'This link has expired or was already used. Ask for a new one on the sign-in page.';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return 'We could not reach the site. Please check your connection and try again.';
}

/**
 * The reset link's page: checks the link, then asks for the new password; saving it signs
 * this browser in (and every other session of the account out).
 */
export function ResetForm({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn: (session: StaffSession) => void;
}) {
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'gone');
  const [gone, setGone] = useState(GONE);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    accountApi.checkLink(token).then(
      () => setPhase('ready'),
      (error: unknown) => {
        setGone(error instanceof ApiError && error.status === 410 ? error.message : failureText(error));
        setPhase('gone');
      },
    );
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onSignedIn(await accountApi.reset(token, password));
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        setGone(error.message);
        setPhase('gone');
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
      } else {
        setErrors({ form: failureText(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  if (phase === 'checking') {
    return (
      <div class="staff-card">
        <h1 class="staff-card__title">Choose a new password</h1>
        <p role="status">Checking the link…</p>
      </div>
    );
  }
  if (phase === 'gone') {
    return (
      <div class="staff-card">
        <h1 class="staff-card__title">This link no longer works</h1>
        <p role="alert">{gone}</p>
        <Link to="/login" class="staff-button staff-button--primary">
          Go to the sign-in page
        </Link>
      </div>
    );
  }
  return (
    <form class="staff-card" onSubmit={submit}>
      <h1 class="staff-card__title" id="reset-title">
        Choose a new password
      </h1>
      <p>At least 12 characters. Saving it signs you out everywhere else and signs you in here.</p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      <PasswordInput
        id="new-password"
        label="New password"
        autoComplete="new-password"
        minLength={12}
        value={password}
        onInput={setPassword}
        error={errors.new_password}
      />
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save and sign in'}
      </button>
    </form>
  );
}
