import type { MailLineJson, NotifyToJson } from '@/lib/staff-types';

/** What each kind of mail is, in the office's words. */
const KINDS: Record<string, string> = {
  lead: 'New lead, to the office',
  confirm: 'Subscription confirmation',
  story: 'Story, to a subscriber',
  invite: 'Invite to the team',
  reset: 'Password reset link',
  test: 'Test mail',
  assigned: 'Lead given to someone',
  digest: 'Morning digest',
  reply: 'Reply to a lead',
};

export function kindLabel(kind: string): string {
  return KINDS[kind] ?? kind;
}

/** Whom a mail is for: the server's name or address, or what is known when it has none. */
export function recipientOf(line: Pick<MailLineJson, 'kind' | 'to'>): string {
  if (line.to) return line.to;
  return line.kind === 'confirm' || line.kind === 'story'
    ? 'a subscriber (no name given)'
    : '(no name given)';
}

/** The addresses typed in one box: separated by commas, semicolons or lines. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** What decides while no rule is set here: the server's `--notify-to`, else the From address. */
export function defaultRouting(notifyTo: readonly NotifyToJson[], from: string | null): string {
  if (notifyTo.length === 0) {
    return from
      ? `While no rule is set here, the server’s --notify-to decides: it is not set, so lead mails go to the From address, ${from}.`
      : 'While no rule is set here, the server’s --notify-to decides: neither it nor a From address is set, so no lead mail can go out.';
  }
  const parts = notifyTo.map((rule) =>
    rule.department ? `${rule.to} for ${rule.department}` : `${rule.to} for any department`,
  );
  return `While no rule is set here, the server’s --notify-to decides: ${parts.join('; ')}.`;
}

/**
 * The `--notify-to` addresses no account of the team has (a colleague who left, say), in
 * words; empty when every one is on the team.
 */
export function strangers(notifyTo: readonly NotifyToJson[]): string {
  const addresses = [...new Set(notifyTo.filter((rule) => rule.no_account).map((rule) => rule.to))];
  if (addresses.length === 0) return '';
  return `The server’s --notify-to sends lead mail to ${addresses.join(', ')}, which belong${addresses.length === 1 ? 's' : ''} to no account on the team. Add a rule here for those leads, or change --notify-to on the server.`;
}

/** The element id of a rule's field: `rules[2].recipients` -> `mail-rules-2-recipients`. */
export function ruleFieldId(name: string): string {
  return `mail-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;
}
