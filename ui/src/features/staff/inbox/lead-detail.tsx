import { useEffect, useRef, useState } from 'preact/hooks';
import { formatTime } from '@/features/staff/shell/staff-format';
import { ApiError } from '@/lib/api-client';
import { inboxApi, type Lead, type LeadDetail, type LeadStatus, type ListName, resumeUrl } from './inbox-api';
import { statusLabels } from './inbox-labels';

/** Every stored field, by its label; what a visitor typed is rendered as text, never as HTML. */
const FIELD_LABELS: [keyof Lead, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['mobile', 'Mobile'],
  ['requirment', 'Message'],
  ['experience', 'Experience (years)'],
  ['previous_company', 'Previous company'],
  ['query', 'Query'],
  ['service', 'Service'],
  ['department_website', 'Department website'],
  ['created_at', 'Received'],
  ['client_addr', 'Sent from (address)'],
  ['resume_original_name', 'Resume file name'],
  ['resume_type', 'Resume type'],
  ['_id', 'Reference'],
];

interface Props {
  list: ListName;
  id: string;
  onClose: () => void;
  onChanged: () => void;
}

export function LeadDetailPanel({ list, id, onClose, onChanged }: Props) {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [failure, setFailure] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<LeadStatus>('new');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setDetail(null);
    setFailure('');
    inboxApi.item(list, id).then(
      (loaded) => {
        setDetail(loaded);
        setStatus(loaded.data.status);
      },
      (error: unknown) =>
        setFailure(error instanceof ApiError ? error.message : 'This item could not be loaded.'),
    );
  }, [list, id]);

  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail?.data._id]);

  const act = async (action: () => Promise<LeadDetail | null>) => {
    setBusy(true);
    setFailure('');
    try {
      const updated = await action();
      if (updated) {
        setDetail(updated);
        setStatus(updated.data.status);
      }
      onChanged();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const erase = () => {
    const who = detail?.data.name || detail?.data.email || 'this item';
    if (!window.confirm(`Erase ${who} for good? The record, its notes and any resume are deleted.`)) return;
    act(async () => {
      await inboxApi.erase(list, id);
      onClose();
      return null;
    });
  };

  if (!detail) {
    return (
      <section class="lead-detail" aria-label="Selected item">
        {failure ? (
          <p class="staff-alert" role="alert">
            {failure}
          </p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </section>
    );
  }

  const lead = detail.data;
  return (
    <section class="lead-detail" aria-labelledby="lead-detail-title">
      <div class="lead-detail__head">
        <h2 id="lead-detail-title" ref={heading} tabIndex={-1}>
          {lead.name || lead.email}
        </h2>
        <button type="button" class="staff-button" onClick={onClose}>
          Close
        </button>
      </div>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      <dl class="lead-detail__fields">
        {FIELD_LABELS.filter(([key]) => lead[key] !== undefined && lead[key] !== '').map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{key === 'created_at' ? formatTime(lead.created_at) : String(lead[key])}</dd>
          </div>
        ))}
      </dl>
      {list === 'applicants' && (
        <p class="lead-detail__links">
          <a class="staff-button" href={resumeUrl(lead._id)} target="_blank" rel="noopener">
            View resume
          </a>
          <a class="staff-button" href={resumeUrl(lead._id, true)} download>
            Download resume
          </a>
        </p>
      )}
      <form
        class="lead-detail__status"
        onSubmit={(event) => {
          event.preventDefault();
          act(() => inboxApi.setStatus(list, id, status));
        }}
      >
        <label class="staff-field">
          <span>Status</span>
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as LeadStatus)}>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
          Save status
        </button>
        <p class="lead-detail__meta">
          {lead.status_by
            ? `Set by ${lead.status_by}, ${formatTime(lead.status_at ?? '')}`
            : 'Not handled yet'}
        </p>
      </form>
      <h3>Notes</h3>
      {detail.notes.length === 0 ? (
        <p class="lead-detail__meta">No notes yet.</p>
      ) : (
        <ol class="lead-detail__notes">
          {detail.notes.map((n) => (
            <li key={`${n.created_at}${n.author}`}>
              <p class="lead-detail__note">{n.text}</p>
              <p class="lead-detail__meta">
                {n.author}, {formatTime(n.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        class="lead-detail__add-note"
        onSubmit={(event) => {
          event.preventDefault();
          act(async () => {
            const updated = await inboxApi.addNote(list, id, note);
            setNote('');
            return updated;
          });
        }}
      >
        <label class="staff-field">
          <span>Add a note</span>
          <textarea rows={3} required value={note} onInput={(e) => setNote(e.currentTarget.value)} />
        </label>
        <button type="submit" class="staff-button" disabled={busy}>
          Add note
        </button>
      </form>
      <button type="button" class="staff-button staff-button--danger" onClick={erase} disabled={busy}>
        Erase (GDPR)
      </button>
    </section>
  );
}
