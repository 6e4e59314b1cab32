import { useEffect, useRef, useState } from 'preact/hooks';
import { CodeField } from '@/features/staff/shell/code-field';
import { SubmitButton } from '@/features/staff/shell/staff-parts';
import { fieldMessage, useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { AuthenticatorSetUp, FactorAdded } from '@/lib/staff-types';
import { factorApi } from './factor-api';

/** The SVG document as an image's address: drawn by the browser as a picture, never as markup. */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four, however the server grouped it: easier to read and to type. */
export function groupedSecret(secret: string): string {
  return (
    secret
      .replace(/[\s=]/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

interface AuthenticatorBlockProps {
  /** An authenticator is confirmed on the account. */
  present: boolean;
  /** The session must set up a factor: removing is not offered. */
  settingUp: boolean;
  onAdded: (added: FactorAdded) => void;
  onRemoved: () => void;
  onFailed: (message: string) => void;
}

/** The authenticator app: set one up (QR code or key, then a code to confirm), or remove it. */
export function AuthenticatorBlock({
  present,
  settingUp,
  onAdded,
  onRemoved,
  onFailed,
}: AuthenticatorBlockProps) {
  const [setUp, setSetUp] = useState<AuthenticatorSetUp | null>(null);
  const [code, setCode] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const start = useStaffForm({
    send: factorApi.startAuthenticator,
    done: setSetUp,
    failure: 'The authenticator could not be set up. Please try again.',
    onError: onFailed,
  });
  const confirm = useStaffForm({
    check: () => fieldMessage(code.trim() === '', 'code', 'Type the code your app shows.'),
    send: () => factorApi.confirmAuthenticator(code.trim()),
    done: (added) => {
      setSetUp(null);
      setCode('');
      onAdded(added);
    },
    failure: 'The code could not be checked. Please try again.',
    fields: ['code'],
    onError: onFailed,
    failed: () => setCode(''),
  });
  const remove = useStaffForm({
    send: factorApi.removeAuthenticator,
    done: onRemoved,
    failure: 'The authenticator could not be removed. Please try again.',
    onError: onFailed,
  });
  const busy = start.busy || confirm.busy || remove.busy;

  useEffect(() => {
    if (setUp) title.current?.focus();
  }, [setUp]);

  return (
    <section class="staff-panel factor-block" aria-labelledby="authenticator-title">
      <h3 class="factor-block__title" id="authenticator-title">
        Authenticator app
      </h3>
      {present ? (
        <>
          <p>
            <span class="status-badge factor-on">On</span> An authenticator app gives your codes.
          </p>
          {!settingUp && (
            <div class="factor-actions">
              <button
                type="button"
                class="staff-button staff-button--danger"
                disabled={busy}
                onClick={() =>
                  window.confirm('Remove the authenticator app? Its codes will no longer sign you in.') &&
                  remove.run()
                }
              >
                Remove the authenticator app
              </button>
            </div>
          )}
        </>
      ) : setUp ? (
        <form
          class="authenticator-setup"
          onSubmit={confirm.submit}
          aria-labelledby="authenticator-setup-title"
          noValidate
        >
          <h4 class="authenticator-setup__title" id="authenticator-setup-title" tabIndex={-1} ref={title}>
            Set up your authenticator app
          </h4>
          <p>1. Scan this QR code with your authenticator app.</p>
          <img
            class="authenticator-setup__qr"
            src={svgImageSource(setUp.qr_svg)}
            alt="QR code for your authenticator app. If you cannot scan it, type the key below instead."
            width={200}
            height={200}
          />
          <p>Or, if you cannot scan it, type this key in the app:</p>
          <p class="authenticator-setup__secret">
            <code id="authenticator-secret">{groupedSecret(setUp.secret)}</code>
          </p>
          <CodeField
            id="authenticator-code"
            label="2. The 6-digit code your app now shows"
            {...confirm.field('code', code, setCode)}
          />
          <div class="factor-actions">
            <SubmitButton busy={busy} busyLabel="Checking…">
              Confirm
            </SubmitButton>
            <button
              type="button"
              class="staff-button"
              onClick={() => {
                setSetUp(null);
                setCode('');
                confirm.clear();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            An app on your phone, such as Google Authenticator or Microsoft Authenticator, shows a new code
            every 30 seconds.
          </p>
          <div class="factor-actions">
            <button type="button" class="staff-button" disabled={busy} onClick={() => start.run()}>
              Set up an authenticator app
            </button>
          </div>
        </>
      )}
    </section>
  );
}
