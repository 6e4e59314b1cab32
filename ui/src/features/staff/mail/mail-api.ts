import { staffApi } from '@/lib/staff-client';
import {
  mailRoutes,
  mailStatus,
  replyAddress,
  retryDeadMail,
  retryMail,
  saveMailRoutes,
  sendTestMail,
  setReplyAddress,
} from '@/lib/staff-endpoints';
import type { MailRule } from '@/lib/staff-types';

/** The outbox and who gets which lead. */
export const mailApi = {
  status: () => staffApi.send(mailStatus()),
  /** Queues a dead or failing mail again, due now. */
  retry: (id: number) => staffApi.send(retryMail(String(id))),
  /** Queues every dead mail again. */
  retryDead: () => staffApi.send(retryDeadMail()),
  /** Queues a test mail to `to` (the signed-in person's address when empty). */
  sendTest: (to: string) => staffApi.send(sendTestMail(), { json: { to } }),
  routes: () => staffApi.send(mailRoutes()),
  saveRoutes: (rules: MailRule[]) => staffApi.send(saveMailRoutes(), { json: { rules } }),
  /** The Reply-To of replies from the inbox; null: whoever wrote each. */
  replyAddress: () => staffApi.send(replyAddress()),
  setReplyAddress: (address: string | null) => staffApi.send(setReplyAddress(), { json: { address } }),
};
