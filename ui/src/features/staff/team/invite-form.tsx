import { useState } from 'preact/hooks';
import type { Role, TeamBody } from '@/lib/staff-types';
import { fieldErrors } from './failure';
import { RoleChoices } from './role-choices';
import { teamApi } from './team-api';
import { TextField } from './text-field';

/** Invite someone by email, name and roles: the mail carries a link that works once, 7 days. */
export function InviteForm({ onInvited }: { onInvited: (team: TeamBody, name: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (roles.length === 0) {
      setErrors({ roles: 'Choose at least one role.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const team = await teamApi.invite({ email, name, roles });
      onInvited(team, name.trim());
      setEmail('');
      setName('');
      setRoles([]);
    } catch (error) {
      setErrors(fieldErrors(error, 'The invite could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="team-card team-invite" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 class="team-card__title" id="invite-title">
        Invite someone
      </h2>
      <p class="team-hint">
        They get a mail with a link to choose their password. The link works once, for 7 days.
      </p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      <div class="team-invite__fields">
        <TextField
          id="invite-name"
          label="Name"
          autoComplete="off"
          value={name}
          onInput={setName}
          error={errors.name}
        />
        <TextField
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onInput={setEmail}
          error={errors.email}
        />
      </div>
      <RoleChoices id="invite" legend="Roles" chosen={roles} onChange={setRoles} error={errors.roles} />
      <div>
        <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send the invite'}
        </button>
      </div>
    </form>
  );
}
