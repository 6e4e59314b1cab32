import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';
import type { MailAction, MailRule, MailStatus, RoutesBody } from '@/lib/staff-types';

/** The outbox and who gets which lead (`/api/staff/mail/...`). */
export const mailApi = {
  status: async () => (await staffApi.get<MailStatus>('staff/mail')).body,
  /** Queues a dead or failing mail again, due now. */
  retry: async (id: number) =>
    (await staffApi.postJson<MailAction>(apiPath('staff', 'mail', String(id), 'retry'), {})).body,
  /** Queues every dead mail again. */
  retryDead: async () => (await staffApi.postJson<MailAction>('staff/mail/retry', {})).body,
  /** Queues a test mail to `to` (the signed-in person's address when empty). */
  sendTest: async (to: string) => (await staffApi.postJson<MailAction>('staff/mail/test', { to })).body,
  routes: async () => (await staffApi.get<RoutesBody>('staff/mail/routes')).body,
  saveRoutes: async (rules: MailRule[]) =>
    (await staffApi.putJson<RoutesBody>('staff/mail/routes', { rules })).body,
};
