import { api, apiPath } from '@/lib/api-client';
import { setCsrfToken, staffApi } from '@/lib/staff-client';
import type {
  Area,
  FactorPolicy,
  InviteAcceptance,
  InviteCheck,
  InviteForm,
  LeadMailBody,
  LinkToken,
  Role,
  RolesForm,
  SetupForm,
  StaffSession,
  TeamBody,
} from '@/lib/staff-types';

/** The team screen's calls (`/api/staff/team/...`, owners): each change answers the team anew. */
export const teamApi = {
  read: async () => (await staffApi.get<TeamBody>('staff/team')).body,
  setRoles: async (id: number, roles: Role[]) =>
    (
      await staffApi.putJson<TeamBody>(apiPath('staff', 'team', 'accounts', String(id), 'roles'), {
        roles,
      } satisfies RolesForm)
    ).body,
  /** The lead mail an account's address gets, which its removal would leave behind. */
  leadMail: async (id: number) =>
    (await staffApi.get<LeadMailBody>(apiPath('staff', 'team', 'accounts', String(id), 'lead-mail'))).body,
  /** Removes an account; with `leadMailTo`, the lead mail it got goes to that account instead. */
  remove: async (id: number, leadMailTo?: number) =>
    (
      await staffApi.delete<TeamBody>(
        `${apiPath('staff', 'team', 'accounts', String(id))}${leadMailTo === undefined ? '' : `?lead_mail_to=${leadMailTo}`}`,
      )
    ).body,
  invite: async (form: InviteForm) => (await staffApi.postJson<TeamBody>('staff/team/invites', form)).body,
  resend: async (id: number) =>
    (await staffApi.postJson<TeamBody>(apiPath('staff', 'team', 'invites', String(id), 'resend'), {})).body,
  revoke: async (id: number) =>
    (await staffApi.delete<TeamBody>(apiPath('staff', 'team', 'invites', String(id)))).body,
  /** Takes away an account's authenticator, passkeys and recovery codes (204), then the team anew. */
  resetFactors: async (id: number) => {
    await staffApi.postJson<null>(apiPath('staff', 'team', 'accounts', String(id), 'reset-factors'), {});
    return (await staffApi.get<TeamBody>('staff/team')).body;
  },
  factorPolicy: async () => (await staffApi.get<FactorPolicy>('staff/team/second-factor')).body,
  setFactorPolicy: async (required_roles: Role[]) =>
    (
      await staffApi.putJson<FactorPolicy>('staff/team/second-factor', {
        required_roles,
      } satisfies FactorPolicy)
    ).body,
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
  checkInvite: async (token: string) =>
    (await api.postJson<InviteCheck>('staff/invite/check', { token } satisfies LinkToken)).body,
  acceptInvite: async (token: string, password: string) =>
    signedIn(
      (
        await api.postJson<StaffSession>('staff/invite/accept', {
          token,
          password,
        } satisfies InviteAcceptance)
      ).body,
    ),
  checkSetup: async (token: string) => {
    await api.postJson<unknown>('staff/setup/check', { token } satisfies LinkToken);
  },
  setUp: async (form: SetupForm) => signedIn((await api.postJson<StaffSession>('staff/setup', form)).body),
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
