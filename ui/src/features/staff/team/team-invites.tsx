import { formatTime } from '@/features/staff/shell/staff-format';
import { TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { TeamBody, TeamInvite } from '@/lib/staff-types';
import { roleList } from './role-labels';
import { teamApi } from './team-api';

interface InvitesProps {
  invites: TeamInvite[];
  onChanged: (team: TeamBody, message: string) => void;
  onFailed: (message: string) => void;
}

/** Invites not accepted yet: resend (a new link, the old one stops) or revoke. */
export function TeamInvites({ invites, onChanged, onFailed }: InvitesProps) {
  const resend = useStaffForm({
    send: (invite: TeamInvite) => teamApi.resend(invite.id),
    done: (team, invite) =>
      onChanged(team, `A new invite was sent to ${invite.name}; the earlier link no longer works.`),
    failure: 'The invite could not be sent again. Please try again.',
    onError: onFailed,
  });
  const revoke = useStaffForm({
    send: (invite: TeamInvite) => teamApi.revoke(invite.id),
    done: (team, invite) => onChanged(team, `The invite of ${invite.name} was revoked.`),
    failure: 'The invite could not be revoked. Please try again.',
    onError: onFailed,
  });

  return (
    <section class="team-section" aria-labelledby="invites-title">
      <h2 class="team-section__title" id="invites-title">
        Invites not accepted yet
      </h2>
      {invites.length === 0 ? (
        <p class="inbox-empty">No invite is waiting.</p>
      ) : (
        <table class="inbox-table team-table">
          <TableHead
            columns={['Name', 'Email', 'Roles', 'Invited by', 'Sent', 'Expires']}
            actions="Actions"
          />
          <tbody>
            {invites.map((invite) => (
              <tr key={invite.id}>
                <td data-label="Name">{invite.name}</td>
                <td data-label="Email">{invite.email}</td>
                <td data-label="Roles">{roleList(invite.roles)}</td>
                <td data-label="Invited by">{invite.invited_by}</td>
                <td data-label="Sent">{formatTime(invite.sent_at)}</td>
                <td data-label="Expires">
                  {invite.expired ? (
                    <span class="status-badge team-expired">Expired {formatTime(invite.expires_at)}</span>
                  ) : (
                    formatTime(invite.expires_at)
                  )}
                </td>
                <td data-label="Actions" class="team-actions">
                  <button type="button" class="staff-button" onClick={() => resend.run(invite)}>
                    Resend<span class="visually-hidden"> the invite of {invite.name}</span>
                  </button>
                  <button
                    type="button"
                    class="staff-button staff-button--danger"
                    onClick={() =>
                      window.confirm(`Revoke the invite of ${invite.name}? Its link stops working.`) &&
                      revoke.run(invite)
                    }
                  >
                    Revoke<span class="visually-hidden"> the invite of {invite.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
