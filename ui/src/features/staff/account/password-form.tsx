import { useEffect, useState } from 'preact/hooks';
import { PasswordInput } from '@/features/staff/shell/password-input';
import { type StaffSession, staffAuth } from '@/features/staff/shell/session-api';
import { formatTime } from '@/features/staff/shell/staff-format';
import { ApiError } from '@/lib/api-client';
import type { SecondFactors } from '@/lib/staff-types';
import { factorApi } from './factor-api';

interface PasswordFormProps {
  /** `removed`: how many passkeys were removed with the change. */
  onChanged: (session: StaffSession, removed: number) => void;
  /**
   * The password is one-time, just typed at sign-in: only the new one is asked. Otherwise
   * the current password is asked too.
   */
  oneTime: boolean;
  /** A card of its own (the sign-in page) or a section of a page (`/staff/account`). */
  layout?: 'card' | 'section';
}

/** Choosing a new password: at the first sign-in (one-time password), or whenever one likes. */
export function PasswordForm({ onChanged, oneTime, layout = 'card' }: PasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [factors, setFactors] = useState<SecondFactors | null>(null);
  const [removing, setRemoving] = useState<number[]>([]);

  // One's passkeys, to remove any one did not add with the change: a passkey added with a
  // stolen session would still sign in after the password changed. (Not on the first sign-in's
  // change, which has none to offer.)
  useEffect(() => {
    if (oneTime) return;
    factorApi.read().then(setFactors, () => setFactors(null));
  }, [oneTime]);

  const toggle = (id: number, remove: boolean) =>
    setRemoving((ids) => (remove ? [...ids, id] : ids.filter((other) => other !== id)));

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const session = await staffAuth.changePassword(oneTime ? undefined : current, next, removing);
      setCurrent('');
      setNext('');
      setRemoving([]);
      if (!oneTime) factorApi.read().then(setFactors, () => setFactors(null));
      onChanged(session, removing.length);
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

  const Title = layout === 'card' ? 'h1' : 'h2';
  return (
    <form class={layout === 'card' ? 'staff-card' : 'staff-card staff-card--section'} onSubmit={submit}>
      <Title class="staff-card__title" id="password-form-title">
        {layout === 'card' ? 'Choose a new password' : 'Change your password'}
      </Title>
      <p>
        {oneTime
          ? 'Your password was given to you for one sign-in. Choose your own: at least 12 characters.'
          : 'At least 12 characters. Your other sessions are signed out; this one stays signed in.'}
      </p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      {!oneTime && (
        <PasswordInput
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          value={current}
          onInput={setCurrent}
          error={errors.current_password}
        />
      )}
      <PasswordInput
        id="new-password"
        label="New password"
        autoComplete="new-password"
        minLength={12}
        value={next}
        onInput={setNext}
        error={errors.new_password}
      />
      {factors && factors.passkeys.length > 0 && (
        <fieldset class="password-passkeys" aria-describedby="password-passkeys-why">
          <legend>Passkeys on your account</legend>
          <p id="password-passkeys-why">
            A passkey signs in without the password. Tick any you did not add: it is removed with the change.
          </p>
          {errors.remove_passkeys && (
            <p class="staff-field__error" role="alert">
              {errors.remove_passkeys}
            </p>
          )}
          {factors.passkeys.map((passkey) => {
            const recent = passkey.created_at >= factors.signed_in_at;
            return (
              <div class="password-passkeys__item" key={passkey.id}>
                <input
                  type="checkbox"
                  id={`remove-passkey-${passkey.id}`}
                  checked={removing.includes(passkey.id)}
                  onChange={(event) => toggle(passkey.id, event.currentTarget.checked)}
                />
                <label for={`remove-passkey-${passkey.id}`}>
                  Remove “{passkey.name}”, added {formatTime(passkey.created_at)}
                  {recent && <span class="password-passkeys__new"> (added since you signed in)</span>}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save the new password'}
      </button>
    </form>
  );
}
