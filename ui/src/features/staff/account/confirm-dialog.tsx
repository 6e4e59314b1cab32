import { useEffect, useRef, useState } from 'preact/hooks';
import { ModalDialog } from '@/components/modal-dialog';
import { CodeField } from '@/features/staff/shell/code-field';
import { PasswordInput } from '@/features/staff/shell/password-input';
import { StaffAlert, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
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
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    askToConfirmWith(
      () =>
        new Promise<boolean>((resolve) => {
          setPassword('');
          setCode('');
          confirm.clear();
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
  const confirm = useStaffForm({
    send: () => confirmApi.confirm(byCode ? { code } : { password }),
    done: () => close(true),
    failure: 'This could not be checked. Please try again.',
  });

  return (
    <ModalDialog
      open={asked !== null}
      onClose={() => close(false)}
      labelledBy="confirm-dialog-title"
      class="confirm-dialog"
    >
      <form class="confirm-dialog__body" onSubmit={confirm.submit} ref={form} noValidate>
        <h2 class="confirm-dialog__title" id="confirm-dialog-title">
          Confirm it is you
        </h2>
        <p class="confirm-dialog__why">
          {byCode
            ? 'Second factors guard your account: type a code from your authenticator app to change them.'
            : 'Second factors guard your account: type your password to change them.'}{' '}
          You are not asked again for 5 minutes.
        </p>
        <StaffAlert message={confirm.error} />
        {byCode ? (
          <CodeField id="confirm-code" label="Code" {...confirm.field('code', code, setCode)} />
        ) : (
          <PasswordInput
            id="confirm-password"
            label="Password"
            autoComplete="current-password"
            {...confirm.field('password', password, setPassword)}
          />
        )}
        <div class="confirm-dialog__actions">
          <SubmitButton busy={confirm.busy} busyLabel="Checking…">
            Confirm
          </SubmitButton>
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
