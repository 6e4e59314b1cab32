import { useEffect, useRef, useState } from 'preact/hooks';
import { passkeyFailure } from '@/features/staff/shell/sign-in-api';
import { formatTime } from '@/features/staff/shell/staff-format';
import { passkeysAvailable } from '@/features/staff/shell/webauthn';
import { ApiError } from '@/lib/api-client';
import type { FactorAdded, PasskeyRow } from '@/lib/staff-types';
import { factorApi } from './factor-api';

interface PasskeyBlockProps {
  passkeys: PasskeyRow[];
  /** The session must set up a factor: only adding is offered. */
  settingUp: boolean;
  onAdded: (added: FactorAdded, name: string) => void;
  onChanged: (message: string) => void;
  onFailed: (message: string) => void;
}

/** The account's passkeys: each with when it was added and last used; rename, remove, add one. */
export function PasskeyBlock({ passkeys, settingUp, onAdded, onChanged, onFailed }: PasskeyBlockProps) {
  const [available, setAvailable] = useState(true);
  const [name, setName] = useState('This device');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);

  // Only in the browser: the first render must match the server's, which has no `window`.
  useEffect(() => setAvailable(passkeysAvailable()), []);

  const add = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Give the passkey a name, such as the device it is on.');
      return;
    }
    setBusy(true);
    setError('');
    onFailed('');
    try {
      const added = await factorApi.addPasskey(name.trim());
      onAdded(added, name.trim());
      setName('This device');
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.name) setError(caught.errors.name);
      else onFailed(passkeyFailure(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: PasskeyRow) => {
    if (!window.confirm(`Remove the passkey "${passkey.name}"? It will no longer sign you in.`)) return;
    onFailed('');
    try {
      await factorApi.removePasskey(passkey.id);
      onChanged(`The passkey "${passkey.name}" was removed.`);
    } catch (caught) {
      onFailed(
        caught instanceof ApiError && caught.fromServer
          ? caught.message
          : 'The passkey could not be removed. Please try again.',
      );
    }
  };

  return (
    <section class="factor-block" aria-labelledby="passkeys-title">
      <h3 class="factor-block__title" id="passkeys-title">
        Passkeys
      </h3>
      <p>
        A passkey signs you in with this device’s screen lock or a security key, without typing a code. With a
        passkey you can also sign in without your password.
      </p>
      {passkeys.length > 0 && (
        <table class="inbox-table passkey-table">
          <caption class="visually-hidden">Your passkeys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) =>
              renaming === passkey.id ? (
                <tr key={passkey.id}>
                  <td colSpan={4}>
                    <RenameForm
                      passkey={passkey}
                      onDone={(message) => {
                        setRenaming(null);
                        if (message) onChanged(message);
                      }}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={passkey.id}>
                  <td data-label="Name">{passkey.name}</td>
                  <td data-label="Added">{formatTime(passkey.created_at)}</td>
                  <td data-label="Last used">
                    {passkey.last_used_at ? formatTime(passkey.last_used_at) : 'Not yet'}
                  </td>
                  <td data-label="Actions" class="factor-row-actions">
                    <button type="button" class="staff-button" onClick={() => setRenaming(passkey.id)}>
                      Rename<span class="visually-hidden"> the passkey {passkey.name}</span>
                    </button>
                    <button
                      type="button"
                      class="staff-button staff-button--danger"
                      onClick={() => remove(passkey)}
                    >
                      Remove<span class="visually-hidden"> the passkey {passkey.name}</span>
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {available ? (
        <form class="passkey-add" onSubmit={add} noValidate>
          <div class="staff-field">
            <label for="passkey-name">Name of the new passkey</label>
            <input
              id="passkey-name"
              type="text"
              maxLength={60}
              required
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'passkey-name-error' : undefined}
              onInput={(e) => setName(e.currentTarget.value)}
            />
            {error && (
              <p class="staff-field__error" id="passkey-name-error">
                {error}
              </p>
            )}
          </div>
          <button
            type="submit"
            class={`staff-button${settingUp ? ' staff-button--primary' : ''}`}
            disabled={busy}
          >
            {busy ? 'Waiting for your passkey…' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p class="staff-notice-line">This browser cannot make passkeys. Use an authenticator app instead.</p>
      )}
    </section>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyRow; onDone: (message: string) => void }) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `passkey-${passkey.id}-name`;

  useEffect(() => input.current?.focus(), []);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const saved = await factorApi.renamePasskey(passkey.id, name.trim());
      onDone(`The passkey is now called "${saved.name}".`);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.errors.name
          ? caught.errors.name
          : caught instanceof ApiError && caught.fromServer
            ? caught.message
            : 'The name could not be saved. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="passkey-rename" onSubmit={save} noValidate>
      <div class="staff-field">
        <label for={id}>New name for the passkey {passkey.name}</label>
        <input
          id={id}
          ref={input}
          type="text"
          maxLength={60}
          required
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        {error && (
          <p class="staff-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <div class="factor-actions">
        <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save the name'}
        </button>
        <button type="button" class="staff-button" onClick={() => onDone('')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
