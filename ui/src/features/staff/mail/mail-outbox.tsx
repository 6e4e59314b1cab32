import { useRef } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { StaffSection } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { MailLineJson, MailStatus } from '@/lib/staff-types';
import { mailApi } from './mail-api';
import { kindLabel, recipientOf } from './mail-text';

interface OutboxProps {
  status: MailStatus;
  refresh: () => Promise<void>;
  settle: (next: MailStatus) => void;
}

const COUNTS: { key: keyof MailStatus['counts']; label: string; hint: string }[] = [
  { key: 'queued', label: 'Waiting', hint: 'to be sent, or to be tried again' },
  { key: 'sent', label: 'Sent', hint: 'taken by the relay' },
  { key: 'dead', label: 'Dead', hint: 'given up on: retry them below' },
  { key: 'dropped', label: 'Dropped', hint: 'nothing left to send (erased, unsubscribed)' },
];

/** The outbox: where mail goes, its counts, and the mails that failed, each to retry. */
export function MailOutbox({ status, refresh, settle }: OutboxProps) {
  const said = useRef<HTMLParagraphElement>(null);
  const retry = useStaffForm({
    send: (action: () => Promise<{ message: string; status: MailStatus }>) => action(),
    done: (answer) => {
      settle(answer.status);
      return answer.message;
    },
    failure: apiMessageOr('That did not work. Please try again.'),
    failed: () => refresh(),
  });
  const busy = retry.busy;
  const act = async (action: () => Promise<{ message: string; status: MailStatus }>) => {
    await retry.run(action);
    // The mail retried may have left the list: say what happened where the focus was.
    said.current?.focus();
  };

  return (
    <StaffSection id="mail-outbox-title" name="mail-section" title="Outbox">
      {status.sending ? (
        <p class="mail-relay">
          Mail goes out through <strong>{status.relay}</strong> from <strong>{status.from}</strong>.
        </p>
      ) : (
        <p class="mail-relay mail-relay--off" role="note">
          <strong>Nothing is being sent.</strong>{' '}
          {status.relay
            ? 'The server has no From address (--mail-from).'
            : 'The server was started without a relay (--smtp-url).'}{' '}
          Mail waits in the outbox and goes out once the server is restarted with it.
        </p>
      )}
      <dl class="mail-counts">
        {COUNTS.map(({ key, label, hint }) => (
          <div class={status.counts[key] > 0 ? `mail-count mail-count--${key}` : 'mail-count'} key={key}>
            <dt>{label}</dt>
            <dd>
              <span class="mail-count__number">{formatCount(status.counts[key])}</span>
              <span class="mail-count__hint">{hint}</span>
            </dd>
          </div>
        ))}
      </dl>
      {status.by_kind.length > 0 && (
        <p class="mail-kinds">
          By kind:{' '}
          {status.by_kind.map((kind) => `${kindLabel(kind.kind)} ${formatCount(kind.count)}`).join(' · ')}
        </p>
      )}
      <div class="mail-actions">
        <button
          type="button"
          class="staff-button"
          disabled={busy}
          onClick={async () => {
            await refresh();
            retry.setSaid(`Refreshed at ${formatTime(new Date().toISOString())}.`);
          }}
        >
          Refresh
        </button>
        <button
          type="button"
          class="staff-button staff-button--primary"
          disabled={busy || status.counts.dead === 0}
          onClick={() => act(mailApi.retryDead)}
        >
          Retry every dead mail
        </button>
      </div>
      <p class="mail-said" role="status" ref={said} tabIndex={-1}>
        {retry.said || retry.error}
      </p>
      <MailList
        id="mail-failing"
        title="Failing: tried again later"
        empty="No mail is failing."
        lines={status.failing}
        busy={busy}
        retry={(id) => act(() => mailApi.retry(id))}
      />
      <MailList
        id="mail-dead"
        title="Dead: given up on"
        empty="No mail is dead."
        lines={status.dead}
        busy={busy}
        retry={(id) => act(() => mailApi.retry(id))}
      />
    </StaffSection>
  );
}

interface ListProps {
  id: string;
  title: string;
  empty: string;
  lines: MailLineJson[];
  busy: boolean;
  retry: (id: number) => void;
}

function MailList({ id, title, empty, lines, busy, retry }: ListProps) {
  return (
    <div class="mail-list">
      <h3 class="mail-list__title" id={`${id}-title`}>
        {title} ({lines.length})
      </h3>
      {lines.length === 0 ? (
        <p class="mail-list__empty">{empty}</p>
      ) : (
        <ul class="mail-lines" aria-labelledby={`${id}-title`}>
          {lines.map((line) => (
            <li class="mail-line" key={line.id}>
              <p class="mail-line__what">
                <strong>{kindLabel(line.kind)}</strong> for {recipientOf(line)}{' '}
                <span class="mail-line__id">#{line.id}</span>
              </p>
              <dl class="mail-line__facts">
                <div>
                  <dt>Queued</dt>
                  <dd>{formatTime(line.created_at)}</dd>
                </div>
                <div>
                  <dt>Attempts</dt>
                  <dd>{line.attempts}</dd>
                </div>
                {line.state === 'queued' && (
                  <div>
                    <dt>Next attempt</dt>
                    <dd>{formatTime(line.next_attempt_at)}</dd>
                  </div>
                )}
              </dl>
              <p class="mail-line__error">
                <span>The relay answered:</span> <code>{line.last_error || '(nothing)'}</code>
              </p>
              <button
                type="button"
                class="staff-button"
                disabled={busy}
                aria-label={`Retry now: ${kindLabel(line.kind)} for ${recipientOf(line)}, #${line.id}`}
                onClick={() => retry(line.id)}
              >
                Retry now
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
