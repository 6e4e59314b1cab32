import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { staffApi } from '@/lib/staff-client';
import { storyMail } from '@/lib/staff-endpoints';
import type { StoryMail } from '@/lib/staff-types';

/** What a story's mail did. */
export const storyMailApi = {
  get: (id: string, signal?: AbortSignal) => staffApi.send(storyMail(id), { signal }),
};

/** "2 sent · 1 queued (1 failed, retried) · 0 dead · 1 unsubscribed through it". */
export function mailLine(mail: StoryMail): string {
  const parts = [`${mail.sent} sent`];
  parts.push(
    mail.failed > 0 ? `${mail.queued} queued (${mail.failed} failed, retried)` : `${mail.queued} queued`,
  );
  parts.push(`${mail.dead} dead`);
  parts.push(`${mail.unsubscribed} unsubscribed through it`);
  return parts.join(' · ');
}

/** Whom publishing reaches: said before a story is published. */
export function readersLine(readers: number): string {
  return `This story will reach ${readers.toLocaleString('en-IN')} confirmed ${readers === 1 ? 'reader' : 'readers'}.`;
}

/** A published story's mail to the confirmed readers, as counts. */
export function StoryMailStats({ id }: { id: string }) {
  const mail = useStaffLoad((signal) => storyMailApi.get(id, signal), [id], '').data;
  if (!mail) return null;
  return (
    <p class="story-editor__mail" data-testid="story-mail">
      <strong>Story mail:</strong> {mailLine(mail)}
    </p>
  );
}
