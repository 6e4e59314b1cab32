import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { countsLine, readersApi } from './readers-api';

interface ReaderPanelProps {
  /** Changes when the list reloads, so the counts follow. */
  version: number;
  /** A reader was added: the list reloads. */
  onAdded: () => void;
}

/**
 * Above the subscribers list: how many readers there are in each state, and the form that
 * adds an address by hand (it is mailed its confirmation link, and counts as a reader only
 * once the person opens it).
 */
export function ReaderPanel({ version, onAdded }: ReaderPanelProps) {
  const counts = useStaffLoad(readersApi.counts, [version], '');
  const [email, setEmail] = useState('');
  const add = useStaffForm({
    send: () => readersApi.add(email),
    done: (added) => {
      setEmail('');
      onAdded();
      return added.message;
    },
    failure: apiMessageOr('That did not work. Please try again.'),
    failureAt: 'email',
  });
  const error = add.errors.email;

  return (
    <div class="reader-panel">
      <p class="reader-panel__counts" data-testid="reader-counts">
        {counts.data ? countsLine(counts.data) : ''}
      </p>
      <form
        class="reader-panel__add"
        aria-label="Add a reader"
        // The server's field message says what is wrong, in the page's own words.
        noValidate
        onSubmit={add.submit}
      >
        <label class="staff-field" for="reader-email">
          <span>Add a reader (email)</span>
          <input
            id="reader-email"
            type="email"
            autocomplete="off"
            value={email}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'reader-email-error' : 'reader-email-help'}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </label>
        <SubmitButton busy={add.busy} primary={false}>
          Add a reader
        </SubmitButton>
        <p id="reader-email-help" class="reader-panel__help">
          We mail them a confirmation link: they get stories once they open it.
        </p>
        {error && (
          <p id="reader-email-error" class="staff-field__error" role="alert">
            {error}
          </p>
        )}
        {add.said && (
          <p class="reader-panel__done" role="status">
            {add.said}
          </p>
        )}
      </form>
    </div>
  );
}
