import { formatTime } from '@/features/staff/shell/staff-format';
import { officeToday } from './assign-api';
import type { Lead, ListName } from './inbox-api';
import { listLabels, statusLabels, statusWord } from './inbox-labels';
import { LeadHandling } from './lead-handling';
import { ReaderBadge } from './reader-badge';
import { PageCheckbox, RowCheckbox } from './row-checkbox';
import type { Selection } from './use-selection';

/** What a row shows at a glance besides name, email and status. */
function glance(list: ListName, lead: Lead): string {
  if (list === 'enquiries') return lead.requirment ?? '';
  if (list === 'applicants') {
    const role = lead.job ?? 'General application';
    return `${role} · ${lead.experience ?? 0} yrs · ${lead.previous_company || '—'}`;
  }
  return lead.service ?? '';
}

/**
 * Each list's headings after Received, which a phone's card also shows as its lines' labels.
 * A subscriber's department website names the list they are on, its service how they came
 * to be on it (the subscribe form, or added by staff).
 */
const HEADINGS: Record<ListName, { who: string; reach: string; glance: string }> = {
  enquiries: { who: 'Name', reach: 'Contact', glance: 'Details' },
  applicants: { who: 'Name', reach: 'Contact', glance: 'Role and experience' },
  subscribers: { who: 'Email', reach: 'List', glance: 'Kind' },
};

interface LeadTableProps {
  list: ListName;
  leads: Lead[];
  /** The id of the item open beside the table. */
  selected: string | null;
  onOpen: (id: string) => void;
  /** The rows ticked for a bulk action (`use-selection`); without it, no checkboxes. */
  selection?: Selection;
}

/** One page of a list, newest first; each row's name opens the item. */
export function LeadTable({ list, leads, selected, onOpen, selection }: LeadTableProps) {
  const today = officeToday();
  const headings = HEADINGS[list];
  return (
    <table class="inbox-table">
      <caption class="visually-hidden">{listLabels[list]}, newest first</caption>
      <thead class={selection ? 'inbox-table__head--picking' : undefined}>
        <tr>
          {selection && <PageCheckbox selection={selection} />}
          <th scope="col">Received</th>
          <th scope="col">{headings.who}</th>
          <th scope="col">{headings.reach}</th>
          <th scope="col">{headings.glance}</th>
          <th scope="col">{statusWord(list)}</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead._id} class={lead._id === selected ? 'inbox-row inbox-row--selected' : 'inbox-row'}>
            {selection && (
              <RowCheckbox
                selection={selection}
                id={lead._id}
                name={(list === 'subscribers' ? lead.email : lead.name) ?? ''}
              />
            )}
            <td data-label="Received">{formatTime(lead.created_at)}</td>
            <td data-label={headings.who}>
              <button
                type="button"
                class="inbox-row__open"
                data-lead={lead._id}
                onClick={() => onOpen(lead._id)}
              >
                {list === 'subscribers' ? lead.email : lead.name}
              </button>
            </td>
            <td data-label={headings.reach}>
              {list === 'subscribers' ? lead.department_website : `${lead.email} · ${lead.mobile ?? ''}`}
            </td>
            <td data-label={headings.glance} class="inbox-row__glance">
              <span>{glance(list, lead)}</span>
            </td>
            <td data-label={statusWord(list)}>
              <span class={`status-badge status-badge--${lead.status}`}>{statusLabels[lead.status]}</span>
              <ReaderBadge lead={lead} />
              <LeadHandling lead={lead} today={today} />
              {list !== 'subscribers' && !lead.first_reply_at && lead.status !== 'spam' && (
                <span class="reply-delivery">Not answered</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
