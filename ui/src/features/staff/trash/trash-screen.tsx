import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { SaidLine, StaffAlert, StaffSection, TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { RetentionRules } from './retention-rules';
import { type TrashItem, trashApi } from './trash-api';

/** What each kind of item is called in the list. */
export const KIND_LABELS: Record<TrashItem['kind'], string> = {
  enquiries: 'Enquiry',
  subscribers: 'Subscriber',
  applicants: 'Applicant',
  stories: 'Story',
};

/**
 * `/staff/trash`: what the inbox's erases and the stories' deletions put in the trash (of the
 * lists and the stories the account's roles reach), newest first; each restored exactly, or
 * erased for good at once. The owners set how many days the trash keeps them.
 */
export function TrashScreen() {
  const trash = useStaffLoad(
    trashApi.list,
    [],
    () => 'The trash could not be loaded. Please reload the page.',
  );
  const body = trash.data;
  const [days, setDays] = useState('');

  const act = useStaffForm({
    send: async (what: 'restore' | 'erase', item: TrashItem) => {
      if (what === 'restore') await trashApi.restore(item.kind, item.id);
      else await trashApi.erase(item.kind, item.id);
    },
    done: (_answer, what, item) => {
      void trash.reload();
      return what === 'restore'
        ? `“${item.title}” is back where it was.`
        : `“${item.title}” is erased for good.`;
    },
    failure: apiMessageOr('That did not work. Please try again.'),
  });
  const keep = useStaffForm({
    send: (value: number) => trashApi.setDays(value),
    done: (answer) => {
      void trash.reload();
      setDays('');
      return `The trash keeps what it holds ${answer.days} days.`;
    },
    failure: apiMessageOr('The days could not be saved.'),
    fields: ['days'],
  });

  if (!body) return trash.error ? <StaffAlert message={trash.error} /> : <p role="status">Loading…</p>;

  const erase = (item: TrashItem) => {
    if (!window.confirm(`Erase “${item.title}” for good? It cannot be restored after this.`)) return;
    void act.run('erase', item);
  };

  return (
    <div class="trash">
      <StaffSection id="trash-title" name="trash-section" title={`In the trash (${formatCount(body.total)})`}>
        <p class="trash-section__intro">
          Erased leads and deleted stories are kept here {body.days} days, with their notes, replies, history
          and files, then erased for good. A person erased for privacy is never here.
        </p>
        <SaidLine class="trash-said" message={act.said} />
        <StaffAlert message={act.error} />
        {body.items.length === 0 ? (
          <p class="trash-section__intro">The trash is empty.</p>
        ) : (
          <div class="trash-table-wrap">
            <table class="inbox-table trash-table">
              <TableHead
                columns={['What', 'Name or title', 'Deleted by', 'Deleted', 'Erased for good']}
                actions="Actions"
              />
              <tbody>
                {body.items.map((item) => (
                  <tr key={`${item.kind}/${item.id}`}>
                    <td data-label="What">{KIND_LABELS[item.kind]}</td>
                    <td data-label="Name or title">{item.title}</td>
                    <td data-label="Deleted by">{item.deleted_by}</td>
                    <td data-label="Deleted">{formatTime(item.deleted_at)}</td>
                    <td data-label="Erased for good">{formatTime(item.erased_at)}</td>
                    <td data-label="Actions" class="trash-table__actions">
                      <button
                        type="button"
                        class="staff-button"
                        disabled={act.busy}
                        onClick={() => void act.run('restore', item)}
                      >
                        Restore<span class="visually-hidden"> {item.title}</span>
                      </button>
                      <button
                        type="button"
                        class="staff-button staff-button--danger"
                        disabled={act.busy}
                        onClick={() => erase(item)}
                      >
                        Erase now…<span class="visually-hidden"> {item.title}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {body.total > body.items.length && (
          <p class="trash-section__intro">The newest {body.items.length} are shown.</p>
        )}
      </StaffSection>
      {body.may_set_days && (
        <StaffSection id="trash-days-title" name="trash-section" title="How long the trash keeps">
          <form
            class="trash-days"
            onSubmit={(event) => {
              event.preventDefault();
              void keep.run(Number(days));
            }}
          >
            <div class="staff-field">
              <label for="trash-days">Days (1 to 365)</label>
              <input
                id="trash-days"
                type="number"
                min={1}
                max={365}
                required
                value={days || String(body.days)}
                aria-invalid={keep.errors.days ? true : undefined}
                aria-describedby={keep.errors.days ? 'trash-days-error' : undefined}
                onInput={(event) => setDays(event.currentTarget.value)}
              />
              {keep.errors.days && (
                <p class="staff-field__error" id="trash-days-error">
                  {keep.errors.days}
                </p>
              )}
            </div>
            <button type="submit" class="staff-button staff-button--primary" disabled={keep.busy}>
              Save
            </button>
            <SaidLine class="trash-said" message={keep.said || keep.error} />
          </form>
        </StaffSection>
      )}
      {body.may_set_days && <RetentionRules />}
    </div>
  );
}
