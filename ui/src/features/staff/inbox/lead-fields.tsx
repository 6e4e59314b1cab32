import type { ComponentChildren } from 'preact';
import { formatTime } from '@/features/staff/shell/staff-format';
import { type Lead, resumeUrl } from './inbox-api';
import { mailtoHref, telHref, whatsAppHref } from './reach-links';
import { ReaderBadge } from './reader-badge';

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
  ['job', 'Job opening'],
  ['subscription', 'Subscription'],
  ['confirmed_at', 'Confirmed'],
  ['unsubscribed_at', 'Unsubscribed'],
  ['created_at', 'Received'],
  ['client_addr', 'Sent from (address)'],
  ['proof', 'Proof of work'],
  ['resume_original_name', 'Resume file name'],
  ['resume_type', 'Resume type'],
  ['_id', 'Reference'],
];

/** Whether a field has a value to show (a subscriber's dates are null until they happen). */
const shown = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The fields the item has, each with its label. */
export function LeadFields({ lead }: { lead: Lead }) {
  return (
    <dl class="lead-detail__fields">
      {FIELD_LABELS.filter(([key]) => shown(lead[key])).map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{value(lead, key)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A field's value as text; an email and a phone as links that reach the lead in one tap. */
function value(lead: Lead, key: keyof Lead): ComponentChildren {
  if (key === 'created_at') return formatTime(lead.created_at);
  if (key === 'subscription') return <ReaderBadge lead={lead} />;
  if ((key === 'confirmed_at' || key === 'unsubscribed_at') && lead[key]) return formatTime(lead[key]);
  if (key === 'proof') return proofText(lead);
  const text = String(lead[key]);
  if (key === 'email') {
    const mailto = mailtoHref(text);
    return mailto ? (
      <a class="lead-detail__reach" href={mailto}>
        {text}
      </a>
    ) : (
      text
    );
  }
  if (key === 'mobile') {
    const tel = telHref(text);
    const whatsApp = whatsAppHref(text);
    if (!tel || !whatsApp) return text;
    return (
      <>
        <a class="lead-detail__reach" href={tel}>
          {text}
        </a>{' '}
        <a class="lead-detail__reach" href={whatsApp} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </a>
      </>
    );
  }
  return text;
}

/**
 * How the lead stood with the forms' proof of work: "passed, solved in 0.4 s" (the visitor's
 * browser's solving time); a lead from before the proof existed has none, so no line.
 */
export function proofText({ proof, proof_ms }: Pick<Lead, 'proof' | 'proof_ms'>): string {
  if (proof === 'off') return 'not asked (the server ran with --form-proof off)';
  return proof_ms === null ? 'passed' : `passed, solved in ${(proof_ms / 1000).toFixed(1)} s`;
}

/** Each stored resume type, as staff name it. */
const RESUME_KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
};

/**
 * An applicant's resume, each link named for what it does: an image is viewed in a new tab
 * (a page of the server's own) or downloaded; a PDF only ever downloads (the server never
 * opens one in the site's origin), so it has that one link, which says so.
 */
export function ResumeLinks({ id, type }: { id: string; type: string | undefined }) {
  const kind = RESUME_KINDS[type ?? ''] ?? 'file';
  return (
    <p class="lead-detail__links">
      {type?.startsWith('image/') && (
        <a class="staff-button" href={resumeUrl(id)} target="_blank" rel="noopener">
          View resume
        </a>
      )}
      <a class="staff-button" href={resumeUrl(id, true)} download>
        Download resume ({kind})
      </a>
    </p>
  );
}
