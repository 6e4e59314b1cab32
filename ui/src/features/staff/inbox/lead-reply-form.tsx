import { useEffect, useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffSession } from '@/features/staff/shell/staff-session';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { ApiError } from '@/lib/api-client';
import type { LeadDetail, ListName } from './inbox-api';
import { whatsAppHref } from './reach-links';
import { fillTemplate, type ReplySent, type ReplyTemplate, repliesApi, templatesFor } from './replies-api';

interface Props {
  list: ListName;
  detail: LeadDetail;
  /** A reply was written: its answer. */
  onSent: (sent: ReplySent) => void;
  /** Someone else noted or replied since the composer opened: read the lead again, keeping the text. */
  onCollided: () => void;
}

/**
 * The composer: a subject ("Re: ..."), the words, a template to start from, sent by mail
 * through the outbox or opened in WhatsApp with the same words. A colleague's note or reply
 * since the lead was read stops it (409): the words stay for another look.
 */
export function LeadReplyForm({ list, detail, onSent, onCollided }: Props) {
  const session = useStaffSession();
  const lead = detail.data;
  const [subject, setSubject] = useState(detail.reply_subject ?? '');
  const [text, setText] = useState('');
  const [template, setTemplate] = useState('');
  const [templates, setTemplates] = useState<ReplyTemplate[]>([]);
  const [collision, setCollision] = useState('');

  useEffect(() => {
    let live = true;
    repliesApi
      .templates()
      .then((body) => live && setTemplates(templatesFor(body.templates, list, lead.department_website)))
      .catch(() => live && setTemplates([]));
    return () => {
      live = false;
    };
  }, [list, lead.department_website]);

  const filling = {
    name: lead.name || lead.email,
    reference: lead._id,
    department: lead.department_website,
    staff: session.name || session.email,
  };

  const choose = (name: string) => {
    setTemplate(name);
    const chosen = templates.find((t) => t.name === name);
    if (!chosen) return;
    if (chosen.subject) setSubject(fillTemplate(chosen.subject, filling));
    setText(fillTemplate(chosen.text, filling));
  };

  const whatsApp = lead.mobile ? whatsAppHref(lead.mobile) : null;

  const form = useStaffForm({
    send: async (channel: 'mail' | 'whatsapp') => {
      setCollision('');
      try {
        return await repliesApi.send(list, lead._id, {
          subject: channel === 'mail' ? subject : '',
          text,
          template: template || undefined,
          seen: detail.read_at,
          channel,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setCollision(error.message);
          onCollided();
        }
        throw error;
      }
    },
    done: (sent, channel) => {
      if (channel === 'whatsapp' && whatsApp) {
        window.open(`${whatsApp}?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
      }
      setText('');
      setTemplate('');
      setSubject(detail.reply_subject ?? '');
      onSent(sent);
      return channel === 'mail'
        ? 'Reply queued: it goes out within seconds.'
        : 'WhatsApp opened with your words.';
    },
    failure: apiMessageOr('The reply could not be sent. Your text is kept; please try again.'),
    fields: ['subject', 'text', 'template', 'channel'],
  });

  return (
    <form
      class="lead-reply"
      aria-labelledby="lead-reply-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.run('mail');
      }}
    >
      <h3 id="lead-reply-title">Reply</h3>
      {templates.length > 0 && (
        <label class="staff-field">
          <span>Start from a template</span>
          <select value={template} onChange={(e) => choose(e.currentTarget.value)}>
            <option value="">No template</option>
            {templates.map((t) => (
              <option key={`${t.department}/${t.name}`} value={t.name}>
                {t.name}
                {t.department ? ` (${t.department})` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <label class="staff-field">
        <span>Subject</span>
        <input
          value={subject}
          maxLength={200}
          aria-invalid={form.errors.subject ? true : undefined}
          onInput={(e) => setSubject(e.currentTarget.value)}
        />
        {form.errors.subject && <span class="staff-field__error">{form.errors.subject}</span>}
      </label>
      <label class="staff-field">
        <span>Your reply</span>
        <textarea
          rows={6}
          value={text}
          aria-invalid={form.errors.text ? true : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        {form.errors.text && <span class="staff-field__error">{form.errors.text}</span>}
      </label>
      <StaffAlert message={collision || form.error} />
      <SaidLine class="lead-reply__said" message={form.said} />
      <div class="lead-reply__actions">
        <button type="submit" class="staff-button staff-button--primary" disabled={form.busy || !lead.email}>
          Send reply
        </button>
        {whatsApp && (
          <button
            type="button"
            class="staff-button"
            disabled={form.busy}
            onClick={() => void form.run('whatsapp')}
          >
            Reply on WhatsApp
          </button>
        )}
      </div>
      <p class="lead-detail__meta">
        Sent from the site's address; {lead.name || 'the visitor'}'s answer comes back to you.
      </p>
    </form>
  );
}
