import { useEffect, useRef, useState } from 'preact/hooks';
import { CodeField } from '@/features/staff/shell/code-field';
import { ApiError } from '@/lib/api-client';
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (setUp) title.current?.focus();
  }, [setUp]);

  const start = async () => {
    setBusy(true);
    onFailed('');
    try {
      setSetUp(await factorApi.startAuthenticator());
    } catch (caught) {
      onFailed(failure(caught, 'The authenticator could not be set up. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: Event) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Type the code your app shows.');
      return;
    }
    setBusy(true);
    setError('');
    onFailed('');
    try {
      const added = await factorApi.confirmAuthenticator(code.trim());
      setSetUp(null);
      setCode('');
      onAdded(added);
    } catch (caught) {
      setCode('');
      if (caught instanceof ApiError && caught.errors.code) setError(caught.errors.code);
      else onFailed(failure(caught, 'The code could not be checked. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm('Remove the authenticator app? Its codes will no longer sign you in.')) return;
    setBusy(true);
    onFailed('');
    try {
      await factorApi.removeAuthenticator();
      onRemoved();
    } catch (caught) {
      onFailed(failure(caught, 'The authenticator could not be removed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="factor-block" aria-labelledby="authenticator-title">
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
                onClick={remove}
              >
                Remove the authenticator app
              </button>
            </div>
          )}
        </>
      ) : setUp ? (
        <form
          class="authenticator-setup"
          onSubmit={confirm}
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
            value={code}
            onInput={setCode}
            error={error}
          />
          <div class="factor-actions">
            <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm'}
            </button>
            <button
              type="button"
              class="staff-button"
              onClick={() => {
                setSetUp(null);
                setCode('');
                setError('');
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
            <button type="button" class="staff-button" disabled={busy} onClick={start}>
              Set up an authenticator app
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function failure(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.fromServer ? caught.message : fallback;
}
