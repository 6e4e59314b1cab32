import type { AuditEntry } from '@/lib/staff-types';
import { formatTime } from './staff-format';
import { TableHead } from './staff-parts';

/** Entries of the audit log, as the log shows them: the log's screen and one's own account activity. */
export function AuditTable({ entries, caption }: { entries: readonly AuditEntry[]; caption: string }) {
  return (
    <table class="inbox-table audit-table">
      <caption class="visually-hidden">{caption}</caption>
      <TableHead columns={['When', 'Person', 'Action', 'What', 'Address']} />
      <tbody>
        {entries.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td data-label="When">{formatTime(entry.at)}</td>
            <td data-label="Person">{entry.actor_name}</td>
            <td data-label="Action">{entry.action}</td>
            <td data-label="What">{[entry.subject, entry.detail].filter(Boolean).join(' · ') || '—'}</td>
            <td data-label="Address">{entry.client_addr || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
