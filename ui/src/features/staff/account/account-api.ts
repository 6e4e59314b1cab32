import { api, apiPath } from '@/lib/api-client';
import { setCsrfToken, staffApi } from '@/lib/staff-client';
import type {
  ForgotPassword,
  PasswordReset,
  ResetAnswer,
  ResetLink,
  SessionList,
  StaffSession,
} from '@/lib/staff-types';

// Shapes generated from the server's Rust types (`@/lib/staff-types`).
export type { SessionLine } from '@/lib/staff-types';

/**
 * A forgotten password (no session: the public client, whose 401 and 403 are answers) and
 * the sessions of one's account, or everyone's for the team area.
 */
export const accountApi = {
  /** Asks for a reset link; the answer is the same whether or not the address has an account. */
  forgot: async (email: string) =>
    (await api.postJson<ResetAnswer>('staff/password/forgot', { email } satisfies ForgotPassword)).body,
  /** Does the link still work? Rejects with 410 when it was used or has expired. */
  checkLink: async (token: string) =>
    (await api.postJson<ResetAnswer>('staff/password/reset/check', { token } satisfies ResetLink)).body,
  /** Sets the new password and signs this browser in. */
  reset: async (token: string, new_password: string) => {
    const session = (
      await api.postJson<StaffSession>('staff/password/reset', {
        token,
        new_password,
      } satisfies PasswordReset)
    ).body;
    setCsrfToken(session.csrf_token);
    return session;
  },
  sessions: async (everyone: boolean) =>
    (await staffApi.get<SessionList>(everyone ? 'staff/team/sessions' : 'staff/account/sessions')).body.data,
  endSession: (key: string, everyone: boolean) =>
    staffApi.delete<null>(apiPath('staff', everyone ? 'team' : 'account', 'sessions', key)),
};
