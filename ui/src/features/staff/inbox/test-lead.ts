import type { Lead } from './inbox-api';

/** A lead as the inbox's list answers it, for unit tests: new, unassigned, `over` on top. */
export const testLead = (over: Partial<Lead> = {}): Lead => ({
  _id: 'l1',
  created_at: '2026-11-01T10:00:00.000Z',
  email: 'r@example.com',
  department_website: '',
  status: 'new',
  status_by: null,
  status_at: null,
  client_addr: '',
  assigned_to: null,
  assigned_name: null,
  follow_up: null,
  proof: null,
  proof_ms: null,
  first_reply_at: null,
  ...over,
});
