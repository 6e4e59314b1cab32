import { useEffect, useRef, useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import { CodeField } from '@/features/staff/shell/code-field';
import { PasswordInput } from '@/features/staff/shell/password-input';
import { ApiError } from '@/lib/api-client';
import { askToConfirmWith, confirmApi } from './confirm-it';

interface ConfirmDialogProps {
  /** The account has an authenticator app: a code from it is offered instead of the password. */
  withCode: boolean;
}

/**
 * "Confirm it is you": asked before adding or removing a second factor, or making new recovery
 * codes, when the session has not given its password or a factor in the last 5 minutes (a
 * browser left signed in, or a session cookie taken, is not enough to change them).
 */
export function ConfirmDialog({ withCode }: ConfirmDialogProps) {
  const [asked, setAsked] = useState<((done: boolean) => void) | null>(null);
  const [byCode, setByCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    askToConfirmWith(
      () =>
        new Promise<boolean>((resolve) => {
          setPassword('');
          setCode('');
          setErrors({});
          setByCode(false);
          setAsked(() => resolve);
        }),
    );
    return () => askToConfirmWith(null);
  }, []);

  // The first field takes the focus once the dialog is open (and when the way changes).
  useEffect(() => {
    if (asked) form.current?.querySelector('input')?.focus();
  }, [asked, byCode]);

  const close = (done: boolean) => {
    asked?.(done);
    setAsked(null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await confirmApi.confirm(byCode ? { code } : { password });
      close(true);
    } catch (error) {
      setErrors(
        error instanceof ApiError && Object.keys(error.errors).length > 0
          ? error.errors
          : {
              form:
                error instanceof ApiError && error.fromServer
                  ? error.message
                  : 'This could not be checked. Please try again.',
            },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open={asked !== null}
      onClose={() => close(false)}
      labelledBy="confirm-dialog-title"
      class="confirm-dialog"
    >
      <form class="confirm-dialog__body" onSubmit={submit} ref={form} noValidate>
        <h2 class="confirm-dialog__title" id="confirm-dialog-title">
          Confirm it is you
        </h2>
        <p class="confirm-dialog__why">
          {byCode
            ? 'Second factors guard your account: type a code from your authenticator app to change them.'
            : 'Second factors guard your account: type your password to change them.'}{' '}
          You are not asked again for 5 minutes.
        </p>
        {errors.form && (
          <p class="staff-alert" role="alert">
            {errors.form}
          </p>
        )}
        {byCode ? (
          <CodeField id="confirm-code" label="Code" value={code} onInput={setCode} error={errors.code} />
        ) : (
          <PasswordInput
            id="confirm-password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onInput={setPassword}
            error={errors.password}
          />
        )}
        <div class="confirm-dialog__actions">
          <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
            {busy ? 'Checking…' : 'Confirm'}
          </button>
          {withCode && (
            <button type="button" class="staff-button" onClick={() => setByCode(!byCode)}>
              {byCode ? 'Use your password instead' : 'Use a code instead'}
            </button>
          )}
          <button type="button" class="staff-button" onClick={() => close(false)}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
