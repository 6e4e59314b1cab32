import { useEffect, useRef, useState } from 'preact/hooks';
import { passkeyFailure } from '@/features/staff/shell/sign-in-api';
import { formatTime } from '@/features/staff/shell/staff-format';
import { SubmitButton, TableHead, TextField } from '@/features/staff/shell/staff-parts';
import { fieldMessage, useStaffForm } from '@/features/staff/shell/use-staff-form';
import { passkeysAvailable } from '@/features/staff/shell/webauthn';
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
  const [renaming, setRenaming] = useState<number | null>(null);
  const add = useStaffForm({
    check: () =>
      fieldMessage(name.trim() === '', 'name', 'Give the passkey a name, such as the device it is on.'),
    send: () => factorApi.addPasskey(name.trim()),
    done: (added) => {
      onAdded(added, name.trim());
      setName('This device');
    },
    failure: passkeyFailure,
    fields: ['name'],
    onError: onFailed,
  });
  const remove = useStaffForm({
    send: (passkey: PasskeyRow) => factorApi.removePasskey(passkey.id),
    done: (_, passkey) => onChanged(`The passkey "${passkey.name}" was removed.`),
    failure: 'The passkey could not be removed. Please try again.',
    onError: onFailed,
  });

  // Only in the browser: the first render must match the server's, which has no `window`.
  useEffect(() => setAvailable(passkeysAvailable()), []);

  return (
    <section class="staff-panel factor-block" aria-labelledby="passkeys-title">
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
          <TableHead columns={['Name', 'Added', 'Last used']} actions="Actions" />
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
                      onClick={() =>
                        window.confirm(
                          `Remove the passkey "${passkey.name}"? It will no longer sign you in.`,
                        ) && remove.run(passkey)
                      }
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
        <form class="passkey-add" onSubmit={add.submit} noValidate>
          <TextField
            id="passkey-name"
            label="Name of the new passkey"
            maxLength={60}
            {...add.field('name', name, setName)}
          />
          <SubmitButton busy={add.busy} busyLabel="Waiting for your passkey…" primary={settingUp}>
            Add a passkey
          </SubmitButton>
        </form>
      ) : (
        <p class="staff-notice-line">This browser cannot make passkeys. Use an authenticator app instead.</p>
      )}
    </section>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyRow; onDone: (message: string) => void }) {
  const [name, setName] = useState(passkey.name);
  const input = useRef<HTMLInputElement>(null);
  const rename = useStaffForm({
    send: () => factorApi.renamePasskey(passkey.id, name.trim()),
    done: (saved) => onDone(`The passkey is now called "${saved.name}".`),
    failure: 'The name could not be saved. Please try again.',
    failureAt: 'name',
  });

  useEffect(() => input.current?.focus(), []);

  return (
    <form class="passkey-rename" onSubmit={rename.submit} noValidate>
      <TextField
        id={`passkey-${passkey.id}-name`}
        label={`New name for the passkey ${passkey.name}`}
        maxLength={60}
        inputRef={input}
        {...rename.field('name', name, setName)}
      />
      <div class="factor-actions">
        <SubmitButton busy={rename.busy} busyLabel="Saving…">
          Save the name
        </SubmitButton>
        <button type="button" class="staff-button" onClick={() => onDone('')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
