import { formatTime } from '@/features/staff/shell/staff-format';
import type { LeadReply } from './replies-api';
import { waitedFor } from './replies-api';

const DELIVERY: Record<LeadReply['delivery'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Not sent',
  opened: 'WhatsApp opened',
};

interface Props {
  replies: LeadReply[];
  receivedAt: string;
  firstReplyAt: string | null;
}

/** The replies kept on the lead, oldest first: who, when, the words and how each went. */
export function LeadReplies({ replies, receivedAt, firstReplyAt }: Props) {
  return (
    <>
      <h3>Replies</h3>
      <p class="lead-detail__meta" data-testid="first-reply">
        {firstReplyAt
          ? `First answered ${formatTime(firstReplyAt)}, ${waitedFor(receivedAt, firstReplyAt)} after it came in.`
          : 'Not answered yet.'}
      </p>
      {replies.length > 0 && (
        <ol class="lead-detail__notes lead-replies">
          {replies.map((r) => (
            <li key={r.id}>
              <p class="lead-detail__meta">
                <span class={`reply-delivery reply-delivery--${r.delivery}`}>{DELIVERY[r.delivery]}</span>{' '}
                {r.channel === 'mail' ? `Mail to ${r.to}` : `WhatsApp to ${r.to}`}, by {r.author},{' '}
                {formatTime(r.created_at)}
                {r.template ? ` (from “${r.template}”)` : ''}
              </p>
              {r.subject && <p class="lead-replies__subject">{r.subject}</p>}
              <p class="lead-detail__note">{r.text}</p>
              {r.delivery === 'sent' && r.answer && (
                <p class="lead-detail__meta">
                  The relay said: {r.answer}
                  {r.sent_at ? ` (${formatTime(r.sent_at)})` : ''}
                </p>
              )}
              {r.error && r.delivery !== 'sent' && <p class="lead-detail__meta">Why: {r.error}</p>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
