import { useEffect, useState } from 'preact/hooks';
import type { TeamBody } from '@/lib/staff-types';
import { FactorPolicyForm } from './factor-policy';
import { failureText } from './failure';
import { InviteForm } from './invite-form';
import { TeamAccounts } from './team-accounts';
import { teamApi } from './team-api';
import { TeamInvites } from './team-invites';

/** The team screen: who has an account and with which roles, invites, and the invite form. */
export function Team() {
  const [team, setTeam] = useState<TeamBody | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');

  useEffect(() => {
    teamApi.read().then(setTeam, (error) => setFailure(failureText(error, 'The team could not be loaded.')));
  }, []);

  const changed = (next: TeamBody, message: string) => {
    setTeam(next);
    setFailure('');
    setStatus(message);
  };
  const failed = (message: string) => {
    setStatus('');
    setFailure(message);
  };

  return (
    <div class="team">
      <p class="team-status" role="status">
        {status}
      </p>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      {team ? (
        <>
          <TeamAccounts accounts={team.accounts} onChanged={changed} onFailed={failed} />
          <TeamInvites invites={team.invites} onChanged={changed} onFailed={failed} />
          <InviteForm onInvited={(next, name) => changed(next, `An invite was sent to ${name}.`)} />
          <FactorPolicyForm />
        </>
      ) : (
        !failure && <p>Loading…</p>
      )}
    </div>
  );
}
