import { api } from '@/lib/api-client';
import { setCsrfToken, staffApi } from '@/lib/staff-client';
import {
  checkResetLink,
  endOwnSession,
  endTeamSession,
  forgotPassword,
  ownSessions,
  resetPassword,
  teamSessions,
} from '@/lib/staff-endpoints';

// Shapes generated from the server's Rust types (`@/lib/staff-types`).
export type { SessionLine } from '@/lib/staff-types';

/**
 * A forgotten password (no session: the public client, whose 401 and 403 are answers) and
 * the sessions of one's account, or everyone's for the team area.
 */
export const accountApi = {
  /** Asks for a reset link; the answer is the same whether or not the address has an account. */
  forgot: (email: string) => api.send(forgotPassword(), { json: { email } }),
  /** Does the link still work? Rejects with 410 when it was used or has expired. */
  checkLink: (token: string) => api.send(checkResetLink(), { json: { token } }),
  /** Sets the new password and signs this browser in. */
  reset: async (token: string, new_password: string) => {
    const session = await api.send(resetPassword(), { json: { token, new_password } });
    setCsrfToken(session.csrf_token);
    return session;
  },
  sessions: async (everyone: boolean) =>
    (await staffApi.send(everyone ? teamSessions() : ownSessions())).data,
  endSession: (key: string, everyone: boolean) =>
    staffApi.send(everyone ? endTeamSession(key) : endOwnSession(key)),
};
