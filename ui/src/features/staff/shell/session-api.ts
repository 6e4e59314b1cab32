import { api } from '@/lib/api-client';
import { setCsrfToken, signingInApi, staffApi } from '@/lib/staff-client';
import { changePassword, session, signIn, signOut } from '@/lib/staff-endpoints';
import type { StaffSession } from '@/lib/staff-types';

// What the server says of the signed-in staff member (the `session` endpoint), generated from
// the server's Rust type.
export type { StaffSession } from '@/lib/staff-types';

/** Keeps the session's CSRF token for the changes that follow, and answers the session. */
export function remember(given: StaffSession): StaffSession {
  setCsrfToken(given.csrf_token);
  return given;
}

/** Sign-in and the session itself use the public client: their 401 is an answer, not a sign-in prompt. */
export const staffAuth = {
  signIn: async (email: string, password: string) =>
    remember(await api.send(signIn(), { json: { email, password } })),
  current: async () => remember(await api.send(session())),
  /**
   * For every staff screen: no session sends the browser to /login (or, once the screen has
   * shown one, asks to sign in again).
   */
  require: async () => remember(await staffApi.send(session())),
  /** `current_password` is left out when the password is one-time (just typed at sign-in). */
  /** `remove_passkeys`: passkeys of the account to remove with the change. */
  changePassword: async (
    current_password: string | undefined,
    new_password: string,
    remove_passkeys: number[] = [],
  ) =>
    remember(
      await staffApi.send(changePassword(), { json: { current_password, new_password, remove_passkeys } }),
    ),
  /** A session that has ended already is no reason to ask for a sign-in: the caller leaves. */
  signOut: () => signingInApi.send(signOut(), { json: {} }),
};
