import { useState } from 'preact/hooks';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { TeamBody } from '@/lib/staff-types';
import { FactorPolicyForm } from './factor-policy';
import { InviteForm } from './invite-form';
import { TeamAccounts } from './team-accounts';
import { teamApi } from './team-api';
import { TeamApiKeys } from './team-api-keys';
import { TeamInvites } from './team-invites';

/**
 * The team screen: who has an account and with which roles, invites, the invite form, the
 * second factor rule, and the API keys of the group's other sites and tools.
 */
export function Team() {
  const team = useStaffLoad(teamApi.read, [], 'The team could not be loaded.');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');

  const changed = (next: TeamBody, message: string) => {
    team.setData(next);
    setFailure('');
    setStatus(message);
  };
  const failed = (message: string) => {
    setStatus('');
    setFailure(message);
  };

  return (
    <div class="team">
      <SaidLine class="team-status" message={status} />
      <StaffAlert message={team.error || failure} />
      {team.data ? (
        <>
          <TeamAccounts accounts={team.data.accounts} onChanged={changed} onFailed={failed} />
          <TeamInvites invites={team.data.invites} onChanged={changed} onFailed={failed} />
          <InviteForm onInvited={(next, name) => changed(next, `An invite was sent to ${name}.`)} />
          <FactorPolicyForm />
          <TeamApiKeys />
        </>
      ) : (
        !team.error && <p>Loading…</p>
      )}
    </div>
  );
}
