import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount } from '@/features/staff/shell/staff-format';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { UndoOffer } from '@/features/staff/shell/undo-offer';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { bulkAction, filterQuery, selectionExportUrl, undoBulk } from './bulk-api';
import { StatusChoice } from './choice-field';
import type { InboxFilters, LeadStatus, ListName } from './inbox-api';
import { statusesOf, statusLabels, statusWord } from './inbox-labels';
import type { Selection } from './use-selection';

const NOUNS: Record<ListName, [string, string]> = {
  enquiries: ['enquiry', 'enquiries'],
  subscribers: ['subscriber', 'subscribers'],
  applicants: ['applicant', 'applicants'],
};

/** "1 enquiry", "28 enquiries". */
export function countOf(list: ListName, n: number): string {
  const [one, many] = NOUNS[list];
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** What the office reads once a bulk action is done: how many, and how many were no longer there. */
export function doneMessage(
  list: ListName,
  done: number,
  expected: number,
  what: LeadStatus | 'erase',
): string {
  const verb =
    what === 'erase'
      ? 'moved to the trash'
      : what === 'spam'
        ? 'marked as spam'
        : `set to ${statusLabels[what]}`;
  const gone = expected - done;
  const note =
    gone > 0 ? ` (${gone.toLocaleString()} ${gone === 1 ? 'was' : 'were'} no longer in the list)` : '';
  return `${countOf(list, done)} ${verb}${note}.`;
}

interface BulkBarProps {
  list: ListName;
  filters: InboxFilters;
  selection: Selection;
  /** Rows on the page shown. */
  pageSize: number;
  /** Rows the filter matches (as counted, `capped` when the count stopped). */
  total: number;
  capped: boolean;
  /** After an action: the list is loaded again. */
  onDone: () => void;
}

/** What can be done to the rows ticked in the list: set a status, mark as spam, erase,
 * export; and the choice of every row matching the filter once the whole page is ticked.
 * Its status line stays in the page so that what an action did is announced. */
export function BulkBar({ list, filters, selection, pageSize, total, capped, onDone }: BulkBarProps) {
  const [picked, setStatus] = useState<LeadStatus>('in_progress');
  // The status chosen, if it is one of this list's, else the first past New: Shortlisted,
  // In progress.
  const status: LeadStatus =
    picked in statusesOf(list) ? picked : list === 'applicants' ? 'shortlisted' : 'in_progress';
  // The last status change's or erase's undo (an object of its own, so each change offers
  // it afresh).
  const [undo, setUndo] = useState<{ token: string } | null>(null);
  const { state, count } = selection;
  const all = state.allMatching;
  const chosen = all ? total : count;
  const ids = [...state.ids];
  const bulk = useStaffForm({
    send: (what: LeadStatus | 'erase') => {
      const target = all ? { filter: filterQuery(filters), expected: total } : { ids, expected: ids.length };
      const form =
        what === 'erase'
          ? { action: 'erase' as const, ...target }
          : { action: 'status' as const, status: what, ...target };
      return bulkAction(list, form);
    },
    done: (answer, what) => {
      selection.clear();
      setUndo(answer.undo ? { token: answer.undo } : null);
      onDone();
      return doneMessage(list, answer.done, chosen, what);
    },
    failure: apiMessageOr('The action could not be done.'),
  });
  const undoing = useStaffForm({
    send: (token: string) => undoBulk(list, token),
    done: (answer) => {
      setUndo(null);
      onDone();
      return `${countOf(list, answer.done)} put back as they were.`;
    },
    failure: apiMessageOr('The change could not be undone.'),
  });
  const run = (what: LeadStatus | 'erase') => {
    if (
      what === 'erase' &&
      !window.confirm(
        `Erase ${countOf(list, chosen)}? They go to the trash, whence they can be restored until erased for good.`,
      )
    )
      return;
    void bulk.run(what);
  };
  const busy = bulk.busy || undoing.busy;

  return (
    <div class="bulk">
      <div class="bulk__said-row">
        <SaidLine class="bulk__said" message={undoing.said || bulk.said} />
        <UndoOffer offer={undo} onUndo={() => undo && void undoing.run(undo.token)} />
      </div>
      <StaffAlert message={undoing.error || bulk.error} />
      {count > 0 && (
        <section class="bulk-bar" aria-label="Selected items">
          <div class="bulk-bar__count">
            {all ? (
              <p>
                All {formatCount(total, capped)} {NOUNS[list][1]} matching this filter are selected.
              </p>
            ) : selection.page === 'all' && total > pageSize ? (
              <p>
                All {pageSize} on this page are selected.{' '}
                <button type="button" class="bulk-bar__link" onClick={selection.selectAllMatching}>
                  Select all {formatCount(total, capped)} matching this filter
                </button>
              </p>
            ) : (
              <p>{count.toLocaleString()} selected</p>
            )}
            <button type="button" class="bulk-bar__link" onClick={selection.clear}>
              Clear selection
            </button>
          </div>
          <div class="bulk-bar__actions">
            <form
              class="bulk-bar__status"
              onSubmit={(event) => {
                event.preventDefault();
                run(status);
              }}
            >
              <StatusChoice list={list} value={status} onChoose={setStatus} />
              <button type="submit" class="staff-button" disabled={busy}>
                Set {statusWord(list).toLowerCase()}
              </button>
            </form>
            <button type="button" class="staff-button" disabled={busy} onClick={() => run('spam')}>
              Mark as spam
            </button>
            <button
              type="button"
              class="staff-button staff-button--danger"
              disabled={busy}
              onClick={() => run('erase')}
            >
              Erase…
            </button>
            <a
              class="staff-button"
              href={selectionExportUrl(list, filters, all ? null : ids, 'xlsx')}
              download
            >
              Export selected (Excel)
            </a>
            <a
              class="staff-button"
              href={selectionExportUrl(list, filters, all ? null : ids, 'csv')}
              download
            >
              Export selected (CSV)
            </a>
          </div>
        </section>
      )}
    </div>
  );
}
