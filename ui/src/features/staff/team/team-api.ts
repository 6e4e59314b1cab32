import { api } from '@/lib/api-client';
import { setCsrfToken, staffApi } from '@/lib/staff-client';
import {
  acceptInvite,
  apiKeys,
  checkInvite,
  checkSetup,
  factorPolicy,
  leadMail,
  makeApiKey,
  readTeam,
  removeAccount,
  resendInvite,
  resetFactors,
  revokeApiKey,
  revokeInvite,
  sendInvite,
  setFactorPolicy,
  setRoles,
  setUp,
} from '@/lib/staff-endpoints';
import type { Area, InviteForm, Role, SetupForm, StaffSession } from '@/lib/staff-types';

/** The team screen's calls (the team endpoints, owners): each change answers the team anew. */
export const teamApi = {
  read: () => staffApi.send(readTeam()),
  setRoles: async (id: number, roles: Role[]) => staffApi.send(setRoles(String(id)), { json: { roles } }),
  /** The lead mail an account's address gets, which its removal would leave behind. */
  leadMail: async (id: number) => staffApi.send(leadMail(String(id))),
  /** Removes an account; with `leadMailTo`, the lead mail it got goes to that account instead. */
  remove: async (id: number, leadMailTo?: number) =>
    staffApi.send(removeAccount(String(id)), { query: { lead_mail_to: leadMailTo } }),
  invite: (form: InviteForm) => staffApi.send(sendInvite(), { json: form }),
  resend: async (id: number) => staffApi.send(resendInvite(String(id)), { json: {} }),
  revoke: async (id: number) => staffApi.send(revokeInvite(String(id))),
  /** Takes away an account's authenticator, passkeys and recovery codes (204), then the team anew. */
  resetFactors: async (id: number) => {
    await staffApi.send(resetFactors(String(id)), { json: {} });
    return staffApi.send(readTeam());
  },
  factorPolicy: () => staffApi.send(factorPolicy()),
  setFactorPolicy: (required_roles: Role[]) => staffApi.send(setFactorPolicy(), { json: { required_roles } }),
  /** The API keys of the group's other sites and tools; a new key's answer holds the key, once. */
  apiKeys: () => staffApi.send(apiKeys()),
  makeApiKey: (name: string) => staffApi.send(makeApiKey(), { json: { name } }),
  revokeApiKey: async (id: number) => staffApi.send(revokeApiKey(String(id))),
};

function signedIn(session: StaffSession): StaffSession {
  setCsrfToken(session.csrf_token);
  return session;
}

/**
 * The links of the set-up and invite mails: no session yet, so the public client (a 410 is
 * an answer to show, not a reason to go to /login).
 */
export const linkApi = {
  checkInvite: (token: string) => api.send(checkInvite(), { json: { token } }),
  acceptInvite: async (token: string, password: string) =>
    signedIn(await api.send(acceptInvite(), { json: { token, password } })),
  checkSetup: async (token: string) => {
    await api.send(checkSetup(), { json: { token } });
  },
  setUp: async (form: SetupForm) => signedIn(await api.send(setUp(), { json: form })),
};

/** The first screen a new account's areas open: the inbox, the stories or the company's details. */
export function homeFor(areas: readonly Area[]): string {
  if (areas.some((area) => area === 'enquiries' || area === 'subscribers' || area === 'applicants')) {
    return '/staff';
  }
  if (areas.includes('stories')) return '/staff/stories';
  if (areas.includes('company')) return '/staff/settings';
  return '/staff';
}

/** The token of a link's `?token=`. */
export function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token') ?? '';
}
