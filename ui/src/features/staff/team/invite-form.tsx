import { useState } from 'preact/hooks';
import { EmailField, StaffAlert, SubmitButton, TextField } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { Role, TeamBody } from '@/lib/staff-types';
import { RoleChoices, rolesChosen } from './role-choices';
import { teamApi } from './team-api';

/** Invite someone by email, name and roles: the mail carries a link that works once, 7 days. */
export function InviteForm({ onInvited }: { onInvited: (team: TeamBody, name: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const form = useStaffForm({
    check: () => rolesChosen(roles),
    send: () => teamApi.invite({ email, name, roles }),
    done: (team) => {
      onInvited(team, name.trim());
      setEmail('');
      setName('');
      setRoles([]);
    },
    failure: 'The invite could not be sent. Please try again.',
  });

  return (
    <form
      class="staff-panel team-card team-invite"
      onSubmit={form.submit}
      noValidate
      aria-labelledby="invite-title"
    >
      <h2 class="team-card__title" id="invite-title">
        Invite someone
      </h2>
      <p class="team-hint">
        They get a mail with a link to choose their password. The link works once, for 7 days.
      </p>
      <StaffAlert message={form.error} />
      <div class="team-invite__fields">
        <TextField id="invite-name" label="Name" autoComplete="off" {...form.field('name', name, setName)} />
        <EmailField id="invite-email" autoComplete="off" {...form.field('email', email, setEmail)} />
      </div>
      <RoleChoices id="invite" legend="Roles" chosen={roles} onChange={setRoles} error={form.errors.roles} />
      <div>
        <SubmitButton busy={form.busy} busyLabel="Sending…">
          Send the invite
        </SubmitButton>
      </div>
    </form>
  );
}
