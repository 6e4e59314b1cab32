import { useEffect, useRef, useState } from 'preact/hooks';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { FactorAdded } from '@/lib/staff-types';
import { AuthenticatorBlock } from './authenticator-block';
import { ConfirmDialog } from './confirm-dialog';
import { factorApi } from './factor-api';
import { PasskeyBlock } from './passkey-block';
import { RecoveryCodes } from './recovery-codes';

interface SecondFactorProps {
  email: string;
  /** The session must set up a factor before anything else (`second_factor: 'set_up'`). */
  settingUp: boolean;
  /** A factor was set up (and its recovery codes saved) while `settingUp`. */
  onSetUp: () => void;
}

/**
 * "Second factor" on `/staff/account`: passkeys, an authenticator app and recovery codes. A
 * session that must set one up sees only this, says why, and goes on once one is added.
 */
export function SecondFactor({ email, settingUp, onSetUp }: SecondFactorProps) {
  const loaded = useStaffLoad(factorApi.read, [], 'Your second factor could not be loaded.');
  const factors = loaded.data;
  const [codes, setCodes] = useState<string[] | null>(null);
  const [said, setSaid] = useState('');
  // One line for what the blocks below say when a change fails.
  const [failure, setFailure] = useState('');
  const title = useRef<HTMLHeadingElement>(null);

  // Sent here to set up a factor: the keyboard and screen readers start at why.
  useEffect(() => {
    if (settingUp) title.current?.focus();
  }, [settingUp]);

  const changed = (message: string) => {
    setFailure('');
    setSaid(message);
    void loaded.reload();
  };

  const added = (answer: FactorAdded, what: string) => {
    changed(what);
    if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
    else if (settingUp) onSetUp();
  };

  const newCodes = useStaffForm({
    send: factorApi.newRecoveryCodes,
    done: (answer) => added(answer, 'New recovery codes were made; the old ones no longer work.'),
    failure: 'New recovery codes could not be made. Please try again.',
    onError: setFailure,
  });

  const hasFactor = factors !== null && (factors.authenticator || factors.passkeys.length > 0);
  return (
    <section class="account-section second-factor" aria-labelledby="second-factor-title">
      <h2 class="account-section__title" id="second-factor-title" tabIndex={-1} ref={title}>
        Second factor
      </h2>
      {settingUp ? (
        <p class="factor-why">
          Your role needs a second factor. Set up a passkey or an authenticator app to go on.
        </p>
      ) : (
        <p class="account-section__lead">
          {factors?.required
            ? 'Your role needs a second factor: after your password, you give a code from an app or use a passkey.'
            : 'After your password, a code from an app or a passkey: someone who learns your password still cannot sign in.'}
        </p>
      )}
      <SaidLine class="account-section__said" message={said} />
      <ConfirmDialog withCode={factors?.authenticator ?? false} />
      <StaffAlert message={loaded.error || failure} />
      {codes ? (
        <RecoveryCodes
          codes={codes}
          email={email}
          onSaved={() => {
            setCodes(null);
            setSaid('');
            if (settingUp) onSetUp();
          }}
        />
      ) : factors === null ? (
        !loaded.error && <p>Loading…</p>
      ) : (
        <>
          <PasskeyBlock
            passkeys={factors.passkeys}
            settingUp={settingUp}
            onAdded={(answer, name) => added(answer, `The passkey "${name}" was added.`)}
            onChanged={changed}
            onFailed={setFailure}
          />
          <AuthenticatorBlock
            present={factors.authenticator}
            settingUp={settingUp}
            onAdded={(answer) => added(answer, 'The authenticator app was set up.')}
            onRemoved={() => changed('The authenticator app was removed.')}
            onFailed={setFailure}
          />
          {hasFactor && (
            <section class="staff-panel factor-block" aria-labelledby="recovery-title">
              <h3 class="factor-block__title" id="recovery-title">
                Recovery codes
              </h3>
              <p>
                {factors.recovery_codes_left === 1
                  ? '1 recovery code left.'
                  : `${factors.recovery_codes_left} recovery codes left.`}{' '}
                Each works once, if you lose your app or passkey.
              </p>
              <div class="factor-actions">
                <button
                  type="button"
                  class="staff-button"
                  disabled={newCodes.busy}
                  onClick={() =>
                    window.confirm('Make new recovery codes? The ones you have now will stop working.') &&
                    newCodes.run()
                  }
                >
                  Make new recovery codes
                </button>
              </div>
            </section>
          )}
        </>
      )}
    </section>
  );
}
