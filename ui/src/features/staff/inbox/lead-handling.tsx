import { formatDay, isDue } from './assign-api';
import type { Lead } from './inbox-api';

/** A row's glance at who has the lead and when to come back to it ("due" once the day has come). */
export function LeadHandling({ lead, today }: { lead: Lead; today: string }) {
  if (!lead.assigned_name && !lead.follow_up) return null;
  const due = isDue(lead, today);
  return (
    <span class="lead-handling">
      {lead.assigned_name && <span class="lead-handling__who">{lead.assigned_name}</span>}
      {lead.follow_up && (
        <span class={due ? 'follow-up-badge follow-up-badge--due' : 'follow-up-badge'}>
          {due ? 'Due ' : 'Follow up '}
          <time dateTime={lead.follow_up}>{formatDay(lead.follow_up)}</time>
        </span>
      )}
    </span>
  );
}
