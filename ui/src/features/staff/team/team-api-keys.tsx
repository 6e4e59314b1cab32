import { useState } from 'preact/hooks';
import { formatTime } from '@/features/staff/shell/staff-format';
import { SaidLine, StaffAlert, SubmitButton, TableHead, TextField } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { ApiKey } from '@/lib/staff-types';
import { teamApi } from './team-api';

/**
 * API keys for the group's other sites and tools: their form posts carry one as
 * `Authorization: Bearer KEY` and skip the proof of work. A new key is shown once, here;
 * each key's uses are counted, and a key is revoked when a site no longer needs it.
 */
export function TeamApiKeys() {
  const keys = useStaffLoad(teamApi.apiKeys, [], 'The API keys could not be loaded.');
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const create = useStaffForm({
    send: () => teamApi.makeApiKey(name),
    done: (answer) => {
      keys.setData({ keys: answer.keys });
      setMade({ name: name.trim(), key: answer.key });
      setName('');
    },
    failure: 'The key could not be made. Please try again.',
  });
  const revoke = useStaffForm({
    send: (key: ApiKey) => teamApi.revokeApiKey(key.id),
    done: (answer, key) => {
      keys.setData(answer);
      if (made?.name === key.name) setMade(null);
      return `The key “${key.name}” was revoked: posts carrying it are refused now.`;
    },
    failure: 'The key could not be revoked. Please try again.',
  });
  const list = keys.data?.keys;

  return (
    <section class="team-section" aria-labelledby="api-keys-title">
      <h2 class="team-section__title" id="api-keys-title">
        API keys
      </h2>
      <p class="team-hint">
        For the group’s other sites and tools that post enquiries and applications from their own servers: a
        post sending a key as <code>Authorization: Bearer KEY</code> needs no proof of work. Keep a key on a
        server, never in a web page.
      </p>
      <StaffAlert message={keys.error || revoke.error} />
      <SaidLine class="team-said" message={revoke.said} />
      {made && (
        <div class="staff-panel team-card" role="status">
          <p>The key for “{made.name}”, shown this once: copy it now.</p>
          <p>
            <code class="team-api-key">{made.key}</code>
          </p>
        </div>
      )}
      {list &&
        (list.length === 0 ? (
          <p class="inbox-empty">No API key yet.</p>
        ) : (
          <table class="inbox-table team-table">
            <TableHead
              columns={['Name', 'Made by', 'Made', 'Last used', 'Uses', 'State']}
              actions="Actions"
            />
            <tbody>
              {list.map((key) => (
                <tr key={key.id}>
                  <td data-label="Name">{key.name}</td>
                  <td data-label="Made by">{key.created_by}</td>
                  <td data-label="Made">{formatTime(key.created_at)}</td>
                  <td data-label="Last used">{key.last_used_at ? formatTime(key.last_used_at) : 'Never'}</td>
                  <td data-label="Uses">{key.uses.toLocaleString()}</td>
                  <td data-label="State">
                    {key.revoked_at ? `Revoked ${formatTime(key.revoked_at)}` : 'Works'}
                  </td>
                  <td data-label="Actions" class="team-actions">
                    {!key.revoked_at && (
                      <button
                        type="button"
                        class="staff-button staff-button--danger"
                        onClick={() =>
                          window.confirm(
                            `Revoke the key “${key.name}”? Posts carrying it are refused from now on.`,
                          ) && revoke.run(key)
                        }
                      >
                        Revoke<span class="visually-hidden"> the key {key.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <form
        class="staff-panel team-card"
        onSubmit={create.submit}
        noValidate
        aria-labelledby="api-key-make-title"
      >
        <h3 class="team-card__title" id="api-key-make-title">
          Make a key
        </h3>
        <StaffAlert message={create.error} />
        <TextField
          id="api-key-name"
          label="What it is for"
          autoComplete="off"
          {...create.field('name', name, setName)}
        />
        <div>
          <SubmitButton busy={create.busy} busyLabel="Making…">
            Make the key
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
