import { useState } from 'preact/hooks';
import { type StaffSession, staffAuth } from '@/features/staff/shell/session-api';
import { ApiError } from '@/lib/api-client';

/** The change a one-time password requires (and anyone may make): current and new. */
export function PasswordForm({ onChanged }: { onChanged: (session: StaffSession) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onChanged(await staffAuth.changePassword(current, next));
    } catch (error) {
      setErrors(
        error instanceof ApiError && Object.keys(error.errors).length > 0
          ? error.errors
          : { form: 'The password could not be changed. Please try again.' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="staff-card" onSubmit={submit}>
      <h1 class="staff-card__title">Choose a new password</h1>
      <p>Your password was given to you for one sign-in. Choose your own: at least 12 characters.</p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      <label class="staff-field">
        <span>Current password</span>
        <input
          type="password"
          autoComplete="current-password"
          required
          value={current}
          aria-invalid={errors.current_password ? true : undefined}
          aria-describedby={errors.current_password ? 'current-password-error' : undefined}
          onInput={(e) => setCurrent(e.currentTarget.value)}
        />
      </label>
      {errors.current_password && (
        <p class="staff-field__error" id="current-password-error">
          {errors.current_password}
        </p>
      )}
      <label class="staff-field">
        <span>New password</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={next}
          aria-invalid={errors.new_password ? true : undefined}
          aria-describedby={errors.new_password ? 'new-password-error' : undefined}
          onInput={(e) => setNext(e.currentTarget.value)}
        />
      </label>
      {errors.new_password && (
        <p class="staff-field__error" id="new-password-error">
          {errors.new_password}
        </p>
      )}
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save the new password'}
      </button>
    </form>
  );
}
