import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { loginPath } from '@/lib/staff-client';
import { accountApi, type SessionLine } from './account-api';
import { AccountSection } from './account-section';
import { SessionsTable } from './sessions-table';

interface AccountSessionsProps {
  /** Everyone's sessions (the team area), or one's own. */
  everyone: boolean;
  /** Changes when sessions ended elsewhere on the page (a new password, the other list). */
  version: number;
  /** A session was ended here: the page's other list reloads. */
  onEnded: () => void;
}

/** One's own sessions, or everyone's, and ending one; ending this browser's signs out. */
export function AccountSessions({ everyone, version, onEnded }: AccountSessionsProps) {
  const sessions = useStaffLoad(
    () => accountApi.sessions(everyone),
    [everyone, version],
    apiMessageOr('The sessions could not be loaded.'),
  );
  const [ending, setEnding] = useState('');
  const end = useStaffForm({
    send: (session: SessionLine) => {
      setEnding(session.key);
      return accountApi.endSession(session.key, everyone);
    },
    done: (_, session) => {
      if (session.current) {
        window.location.assign(loginPath('/staff/account'));
        return;
      }
      onEnded();
      return everyone
        ? `${session.name}'s session in ${session.browser} has ended.`
        : `The session in ${session.browser} has ended.`;
    },
    failure: apiMessageOr('The session could not be ended. Please try again.'),
    // The list as it is now: the session may have ended by itself.
    failed: () => void sessions.reload(),
  });
  const id = everyone ? 'everyone-sessions' : 'my-sessions';

  return (
    <AccountSection
      id={id}
      title={everyone ? "Everyone's sessions" : 'Where you are signed in'}
      lead={
        everyone
          ? 'Every signed-in browser of the team. Ending one signs that person out there at once.'
          : 'Each browser signed in to your account. End any you do not recognise or no longer use.'
      }
    >
      <SaidLine class="account-section__said" message={end.said} />
      <StaffAlert message={sessions.error || end.error} />
      {sessions.data === null ? (
        <p>Loading…</p>
      ) : (
        <SessionsTable
          caption={
            everyone
              ? "Everyone's sessions, most recently used first"
              : 'Your sessions, most recently used first'
          }
          sessions={sessions.data}
          showName={everyone}
          busyKey={end.busy ? ending : ''}
          onEnd={end.run}
        />
      )}
    </AccountSection>
  );
}
