import { formatTime } from '@/features/staff/shell/staff-format';
import { TableHead } from '@/features/staff/shell/staff-parts';
import type { SessionLine } from './account-api';

interface SessionsTableProps {
  caption: string;
  sessions: SessionLine[];
  /** Everyone's sessions: each row says whose. */
  showName: boolean;
  busyKey: string;
  onEnd: (session: SessionLine) => void;
}

/** Live sessions, most recently used first, each with its button to end it. */
export function SessionsTable({ caption, sessions, showName, busyKey, onEnd }: SessionsTableProps) {
  return (
    <table class="inbox-table sessions-table">
      <caption class="visually-hidden">{caption}</caption>
      <TableHead
        columns={[...(showName ? ['Person'] : []), 'Browser', 'Address', 'Signed in', 'Last seen']}
        actions="Action"
      />
      <tbody>
        {sessions.map((session) => {
          const what = `${showName ? `${session.name}'s session` : 'the session'} in ${session.browser}, last seen ${formatTime(session.last_seen_at)}`;
          return (
            <tr key={session.key}>
              {showName && <td data-label="Person">{session.name}</td>}
              <td data-label="Browser">
                {session.browser}
                {session.current && <span class="status-badge sessions-table__current">This browser</span>}
              </td>
              <td data-label="Address">{session.client_addr}</td>
              <td data-label="Signed in">{formatTime(session.created_at)}</td>
              <td data-label="Last seen">{formatTime(session.last_seen_at)}</td>
              <td data-label="Action">
                <button
                  type="button"
                  class="staff-button"
                  disabled={busyKey === session.key}
                  // The name starts with the words shown (WCAG 2.5.3): what voice control hears.
                  aria-label={session.current ? undefined : `End ${what}`}
                  onClick={() => onEnd(session)}
                >
                  {session.current ? 'Sign out here' : 'End'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
