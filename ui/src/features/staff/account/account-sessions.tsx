import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { loginPath } from '@/lib/staff-client';
import { accountApi, type SessionLine } from './account-api';
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
  const [sessions, setSessions] = useState<SessionLine[] | null>(null);
  const [failure, setFailure] = useState('');
  const [said, setSaid] = useState('');
  const [busyKey, setBusyKey] = useState('');
  const [reload, setReload] = useState(0);
  const id = everyone ? 'everyone-sessions' : 'my-sessions';

  useEffect(() => {
    accountApi.sessions(everyone).then(setSessions, (error: unknown) => {
      setFailure(error instanceof ApiError ? error.message : 'The sessions could not be loaded.');
    });
  }, [everyone, version, reload]);

  const end = async (session: SessionLine) => {
    setBusyKey(session.key);
    setFailure('');
    try {
      await accountApi.endSession(session.key, everyone);
      if (session.current) {
        window.location.assign(loginPath('/staff/account'));
        return;
      }
      setSaid(
        everyone
          ? `${session.name}'s session in ${session.browser} has ended.`
          : `The session in ${session.browser} has ended.`,
      );
      onEnded();
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.message : 'The session could not be ended. Please try again.',
      );
      setReload((n) => n + 1);
    } finally {
      setBusyKey('');
    }
  };

  return (
    <section class="account-section" aria-labelledby={`${id}-title`}>
      <h2 class="account-section__title" id={`${id}-title`}>
        {everyone ? "Everyone's sessions" : 'Where you are signed in'}
      </h2>
      <p class="account-section__lead">
        {everyone
          ? 'Every signed-in browser of the team. Ending one signs that person out there at once.'
          : 'Each browser signed in to your account. End any you do not recognise or no longer use.'}
      </p>
      <p class="account-section__said" role="status">
        {said}
      </p>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      {sessions === null ? (
        <p>Loading…</p>
      ) : (
        <SessionsTable
          caption={
            everyone
              ? "Everyone's sessions, most recently used first"
              : 'Your sessions, most recently used first'
          }
          sessions={sessions}
          showName={everyone}
          busyKey={busyKey}
          onEnd={end}
        />
      )}
    </section>
  );
}
