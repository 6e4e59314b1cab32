import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatTime } from '@/features/staff/shell/staff-format';
import { SaidLine, StaffSection, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffSession } from '@/features/staff/shell/staff-session';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import type { MailLineJson, MailStatus } from '@/lib/staff-types';
import { mailApi } from './mail-api';

interface TestProps {
  status: MailStatus;
  settle: (next: MailStatus) => void;
}

/** What became of a test mail, in words. */
function outcome(line: MailLineJson, sending: boolean): string {
  switch (line.state) {
    case 'sent':
      return 'Sent: the relay took it. Check the inbox (and the spam folder).';
    case 'dead':
      return `Refused by the relay: ${line.last_error}`;
    case 'dropped':
      return `Not sent: ${line.last_error}`;
    default:
      if (line.attempts > 0) return `Not sent yet, tried again later. The relay answered: ${line.last_error}`;
      return sending ? 'Waiting to be sent…' : 'Waiting: nothing is sent until the server has a relay.';
  }
}

/** "Send a test mail": to one's own address unless another is typed, and what became of it. */
export function MailTestForm({ status, settle }: TestProps) {
  const session = useStaffSession();
  const [to, setTo] = useState(session.email);
  const test = useStaffForm({
    send: () => mailApi.sendTest(to.trim()),
    done: (answer) => {
      settle(answer.status);
      return answer.message;
    },
    failure: apiMessageOr('The test mail could not be queued. Please try again.'),
    fields: ['to'],
    failed: (_, errors) => {
      if (errors.to) document.getElementById('mail-test-to')?.focus();
    },
  });
  const error = test.errors.to;

  return (
    <StaffSection id="mail-test-title" name="mail-section" title="Send a test mail">
      <p class="mail-section__intro">
        A short mail through the same relay as every other: if it arrives, mail from the site reaches that
        address.
      </p>
      <form class="mail-test" onSubmit={test.submit} noValidate>
        <div class="staff-control mail-field">
          <label class="staff-field" for="mail-test-to">
            <span>Send it to</span>
          </label>
          <input
            id="mail-test-to"
            type="email"
            autoComplete="email"
            value={to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'mail-test-to-error' : undefined}
            onInput={(e) => setTo(e.currentTarget.value)}
          />
          {error && (
            <p class="staff-control__error" id="mail-test-to-error">
              {error}
            </p>
          )}
        </div>
        <SubmitButton busy={test.busy} busyLabel="Queuing…">
          Send test mail
        </SubmitButton>
      </form>
      <SaidLine class="mail-said" message={test.said || test.error} />
      {status.tests.length > 0 && (
        <div class="mail-list">
          <h3 class="mail-list__title" id="mail-tests-title">
            Latest test mails
          </h3>
          <ul class="mail-lines" aria-labelledby="mail-tests-title">
            {status.tests.map((line) => (
              <li class={`mail-line mail-line--${line.state}`} key={line.id}>
                <p class="mail-line__what">
                  <strong>{line.to}</strong> <span class="mail-line__id">{formatTime(line.created_at)}</span>
                </p>
                <p class="mail-line__outcome">{outcome(line, status.sending)}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </StaffSection>
  );
}
