import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { countsLine, type ReaderCounts, readersApi } from './readers-api';

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
  const [counts, setCounts] = useState<ReaderCounts | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    readersApi.counts(abort.signal).then(setCounts, () => {});
    return () => abort.abort();
  }, [version]);

  const add = async () => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const added = await readersApi.add(email);
      setDone(added.message);
      setEmail('');
      onAdded();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.errors.email ?? failure.message);
      else setError('That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="reader-panel">
      <p class="reader-panel__counts" data-testid="reader-counts">
        {counts ? countsLine(counts) : ''}
      </p>
      <form
        class="reader-panel__add"
        aria-label="Add a reader"
        // The server's field message says what is wrong, in the page's own words.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
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
        <button type="submit" class="staff-button" disabled={busy}>
          Add a reader
        </button>
        <p id="reader-email-help" class="reader-panel__help">
          We mail them a confirmation link: they get stories once they open it.
        </p>
        {error && (
          <p id="reader-email-error" class="staff-field__error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p class="reader-panel__done" role="status">
            {done}
          </p>
        )}
      </form>
    </div>
  );
}
